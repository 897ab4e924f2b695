// HKDF (RFC 5869) over any SHA-2 or SHA-3 hash, with HMAC from <tessera/hmac.hpp>.
//
//   std::array<std::uint8_t, 32> prk;
//   tessera::hkdf_extract<tessera::Sha256>(salt, ikm, prk);
//   auto r = tessera::hkdf_expand<tessera::Sha256>(prk, info, okm);   // okm: L bytes
//
//   auto r = tessera::hkdf<tessera::Sha256>(salt, ikm, info, okm);    // both steps
#pragma once

#include <tessera/export.hpp>
#include <tessera/hmac.hpp>
#include <tessera/result.hpp>
#include <tessera/secret.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera {

namespace detail {
inline constexpr const char* kHkdfOutputLength = "HKDF output length (L > 255 * HashLen)";
}  // namespace detail

// RFC 5869, Section 2.2 (HKDF-Extract): PRK = HMAC-Hash(salt, IKM). An empty salt
// means HashLen zero bytes, which HMAC's zero padding makes the same key.
template <class H>
void hkdf_extract(std::span<const std::uint8_t> salt, std::span<const std::uint8_t> ikm,
                  std::span<std::uint8_t, H::digest_bytes> prk) noexcept {
  hmac<H>(salt, ikm, prk);
}

// RFC 5869, Section 2.3 (HKDF-Expand): OKM = first L octets of T(1) || T(2) || ...,
// T(i) = HMAC-Hash(PRK, T(i-1) || info || i). L = okm.size().
// Error::invalid_length if L > 255 * HashLen (what(): "HKDF output length (L > 255 *
// HashLen)") or PRK is shorter than HashLen (the RFC's "at least HashLen octets"; what():
// "HKDF PRK"); okm is then zeroed.
template <class H>
[[nodiscard]] Result<void> hkdf_expand(std::span<const std::uint8_t> prk, std::span<const std::uint8_t> info,
                                       std::span<std::uint8_t> okm) noexcept {
  constexpr std::size_t hash_len = H::digest_bytes;
  if (okm.size() > 255 * hash_len || prk.size() < hash_len) {
    secure_zero(okm.data(), okm.size());
    return fail(Error::invalid_length, okm.size() > 255 * hash_len ? detail::kHkdfOutputLength : "HKDF PRK");
  }
  const Hmac<H> keyed(prk);
  std::uint8_t t[hash_len];
  std::size_t done = 0;
  for (std::uint8_t i = 1; done < okm.size(); ++i) {  // N = ceil(L / HashLen) <= 255
    Hmac<H> mac = keyed;
    if (i > 1) mac.update(t);  // T(0) is empty
    mac.update(info);
    mac.update(std::span<const std::uint8_t>(&i, 1));
    mac.final(t);
    const std::size_t take = okm.size() - done < hash_len ? okm.size() - done : hash_len;
    for (std::size_t j = 0; j < take; ++j) okm[done + j] = t[j];
    done += take;
  }
  secure_zero(t, sizeof t);
  return {};
}

// Extract then expand (RFC 5869, Section 2). The intermediate PRK is wiped.
template <class H>
[[nodiscard]] Result<void> hkdf(std::span<const std::uint8_t> salt, std::span<const std::uint8_t> ikm,
                                std::span<const std::uint8_t> info, std::span<std::uint8_t> okm) noexcept {
  if (okm.size() > 255 * H::digest_bytes) {
    secure_zero(okm.data(), okm.size());
    return fail(Error::invalid_length, detail::kHkdfOutputLength);
  }
  SecretArray<H::digest_bytes> prk;
  hkdf_extract<H>(salt, ikm, prk.span());
  return hkdf_expand<H>(prk.span(), info, okm);
}

// Exported one-shot HKDF for the common hashes (same contract as hkdf<H>).
TESSERA_API Result<void> hkdf_sha256(std::span<const std::uint8_t> salt, std::span<const std::uint8_t> ikm,
                                     std::span<const std::uint8_t> info, std::span<std::uint8_t> okm) noexcept;
TESSERA_API Result<void> hkdf_sha384(std::span<const std::uint8_t> salt, std::span<const std::uint8_t> ikm,
                                     std::span<const std::uint8_t> info, std::span<std::uint8_t> okm) noexcept;
TESSERA_API Result<void> hkdf_sha512(std::span<const std::uint8_t> salt, std::span<const std::uint8_t> ikm,
                                     std::span<const std::uint8_t> info, std::span<std::uint8_t> okm) noexcept;

}  // namespace tessera
