// HMAC (FIPS 198-1) over any SHA-2 or SHA-3 hash of <tessera/sha2.hpp>, <tessera/sha3.hpp>.
//
//   tessera::Hmac<tessera::Sha256> mac(key);
//   mac.update(part1); mac.update(part2);
//   std::array<std::uint8_t, 32> tag;
//   mac.final(tag);                       // then ready for a new message, same key
//
//   tessera::hmac_sha256(key, msg, tag);  // one-shot
//
// A truncated MAC (FIPS 198-1, Section 5) is the leftmost bytes of the full output.
#pragma once

#include <tessera/export.hpp>
#include <tessera/secret.hpp>
#include <tessera/sha2.hpp>
#include <tessera/sha3.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera {

namespace detail {
// HMAC's B: the hash's input block size (SHA-2 block, SHA-3 rate; FIPS 198-1 Table 1 and
// FIPS 202 Section 7).
template <class H>
constexpr std::size_t hmac_block_bytes() noexcept {
  if constexpr (requires { H::block_bytes; }) {
    return H::block_bytes;
  } else {
    return H::rate_bytes;
  }
}
}  // namespace detail

template <class H>
class Hmac {
 public:
  static constexpr std::size_t mac_bytes = H::digest_bytes;    // L
  static constexpr std::size_t block_bytes = detail::hmac_block_bytes<H>();  // B

  // FIPS 198-1, Section 4, steps 1-3, 5 and the first half of 4 and 7: K0 from the key,
  // then the inner and outer hashes keyed with K0 ^ ipad and K0 ^ opad. K0 and the pads
  // are wiped; only the two keyed hash states are kept (and wiped on destruction).
  explicit Hmac(std::span<const std::uint8_t> key) noexcept {
    std::uint8_t k0[block_bytes] = {};
    if (key.size() > block_bytes) {
      // Step 2: K0 = H(K) || zeros.
      H kh;
      kh.update(key);
      kh.final(std::span<std::uint8_t, mac_bytes>(k0, mac_bytes));
    } else {
      // Steps 1 and 3: K0 = K || zeros.
      for (std::size_t i = 0; i < key.size(); ++i) k0[i] = key[i];
    }
    std::uint8_t pad[block_bytes];
    for (std::size_t i = 0; i < block_bytes; ++i) pad[i] = static_cast<std::uint8_t>(k0[i] ^ 0x36);
    inner_init_.update(pad);  // Steps 4-5: K0 ^ ipad begins the inner hash.
    for (std::size_t i = 0; i < block_bytes; ++i) pad[i] = static_cast<std::uint8_t>(k0[i] ^ 0x5c);
    outer_init_.update(pad);  // Step 7: K0 ^ opad begins the outer hash.
    secure_zero(pad, sizeof pad);
    secure_zero(k0, sizeof k0);
    inner_ = inner_init_;
  }
  Hmac(const Hmac&) noexcept = default;
  Hmac& operator=(const Hmac&) noexcept = default;

  // Step 6: the message text joins the inner hash.
  void update(std::span<const std::uint8_t> text) noexcept { inner_.update(text); }

  // Steps 6-9: H((K0 ^ opad) || H((K0 ^ ipad) || text)). Resets to the keyed state.
  void final(std::span<std::uint8_t, mac_bytes> out) noexcept {
    std::uint8_t inner_digest[mac_bytes];
    inner_.final(std::span<std::uint8_t, mac_bytes>(inner_digest));
    H outer = outer_init_;
    outer.update(inner_digest);
    outer.final(out);
    secure_zero(inner_digest, sizeof inner_digest);
    inner_ = inner_init_;
  }

  // Forgets the text given so far (the key stays).
  void reset() noexcept { inner_ = inner_init_; }

 private:
  H inner_init_, outer_init_, inner_;
};

// One-shot HMAC: out = HMAC(key, text) over H.
template <class H>
void hmac(std::span<const std::uint8_t> key, std::span<const std::uint8_t> text,
          std::span<std::uint8_t, H::digest_bytes> out) noexcept {
  Hmac<H> mac(key);
  mac.update(text);
  mac.final(out);
}

// Exported one-shot functions for the common hashes.
TESSERA_API void hmac_sha224(std::span<const std::uint8_t> key, std::span<const std::uint8_t> text,
                             std::span<std::uint8_t, 28> out) noexcept;
TESSERA_API void hmac_sha256(std::span<const std::uint8_t> key, std::span<const std::uint8_t> text,
                             std::span<std::uint8_t, 32> out) noexcept;
TESSERA_API void hmac_sha384(std::span<const std::uint8_t> key, std::span<const std::uint8_t> text,
                             std::span<std::uint8_t, 48> out) noexcept;
TESSERA_API void hmac_sha512(std::span<const std::uint8_t> key, std::span<const std::uint8_t> text,
                             std::span<std::uint8_t, 64> out) noexcept;
TESSERA_API void hmac_sha3_256(std::span<const std::uint8_t> key, std::span<const std::uint8_t> text,
                               std::span<std::uint8_t, 32> out) noexcept;
TESSERA_API void hmac_sha3_512(std::span<const std::uint8_t> key, std::span<const std::uint8_t> text,
                               std::span<std::uint8_t, 64> out) noexcept;

}  // namespace tessera
