// Finite-field Diffie-Hellman over the RFC 7919 groups ffdhe2048, ffdhe3072 and ffdhe4096
// (the safe-prime groups of SP 800-56A Rev. 3, Appendix D): key objects and the FFC DH
// primitive (SP 800-56A Rev. 3, 5.7.1.1).
//
//   auto kp = tessera::Ffdhe2048::generate_key();                 // Result<KeyPair>
//   auto peer = tessera::Ffdhe2048::PublicKey::from_bytes(y);     // 256 bytes, validated
//   auto z = tessera::Ffdhe2048::agree(kp->private_key, *peer);   // Result<SecretArray<256>>
//
// Each group has p a safe prime (q = (p - 1) / 2 prime), g = 2 (which generates the
// subgroup of order q) and the published p of RFC 7919, Appendix A.
//
//   PublicKey::from_bytes   y as exactly p_bytes big-endian bytes, left-padded with zeros
//                           (TLS 1.3, RFC 8446 4.2.8.1), then the full public-key
//                           validation of SP 800-56A Rev. 3, 5.6.2.3.1: 2 <= y <= p - 2 and
//                           y^q = 1 mod p. Errors: invalid_length (not p_bytes), invalid_key
//                           ("... public key (y < 2)", "(y > p - 2)", "(y^q != 1: not in the
//                           subgroup of order q)").
//   pk.bytes()              y, p_bytes big-endian
//   PrivateKey::from_bytes  x as exactly private_key_bytes big-endian bytes, in
//                           [1, 2^N - 1] (N = exponent_bits below); y = g^x is computed once.
//                           Errors: invalid_length, invalid_key ("(zero)", "(not below 2^N)").
//   sk.bytes()              x (SecretArray)
//   agree(sk, pk)           Z = y^x mod p as p_bytes big-endian bytes, leading zeros kept
//                           (SP 800-56A Rev. 3 5.7.1.1 and C.1; TLS 1.3, RFC 8446 7.4.1).
//                           Z = 1 is an error (5.7.1.1 step 2; impossible for a validated y
//                           and x in [1, q - 1], checked in constant time anyway).
//
// The private exponent length N. SP 800-56A Rev. 3, 5.6.1.1.4 draws x in [1, M - 1] with
// M = min(2^N, q) for any N in [2s, len(q)], s the security strength the group supports
// (Appendix D: 112, 128 and 152 bits), so 2s = 224, 256 and 304 bits is the shortest it
// allows. RFC 7919, Appendix A (which estimates the strengths at 103, 125 and 150 bits)
// asks a peer that uses a short exponent for "a secret key of at least" 225, 275 and 325
// bits. Tessera takes N = 225, 275 and 325: the shortest length both documents accept. This is also what OpenSSL 3 uses for these named groups (the key
// lengths of its named-group table in crypto/ffc/ffc_dh.c, "taken from RFC7919"; its
// ffdhe2048 keys have 225-bit private keys), so Tessera and OpenSSL peers do the same work.
// An exponentiation with x is mont_exp over exactly N bits (a public bound): its time does
// not depend on x, nor on x's bit length.
//
// Every operation is noexcept, uses no heap and runs in time independent of the private
// key. Stack: about 12 KiB for ffdhe4096 (the 16-entry exponentiation table of
// bignum::mont_exp, 8 KiB, and a Montgomery modulus, 1.6 KiB), less for the smaller groups.
#pragma once

#include <tessera/concepts.hpp>
#include <tessera/export.hpp>
#include <tessera/result.hpp>
#include <tessera/secret.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#pragma GCC visibility push(default)

namespace tessera::dh {

// Group tags: RFC 7919, Appendix A; strengths from SP 800-56A Rev. 3, Appendix D.
struct Ffdhe2048Group {
  static constexpr const char* name = "ffdhe2048";  // the TLS NamedGroup (RFC 7919, 0x0100)
  static constexpr std::size_t p_bits = 2048;
  static constexpr std::size_t security_bits = 112;
  static constexpr std::size_t exponent_bits = 225;  // N (see above)
};
struct Ffdhe3072Group {
  static constexpr const char* name = "ffdhe3072";  // 0x0101
  static constexpr std::size_t p_bits = 3072;
  static constexpr std::size_t security_bits = 128;
  static constexpr std::size_t exponent_bits = 275;
};
struct Ffdhe4096Group {
  static constexpr const char* name = "ffdhe4096";  // 0x0102
  static constexpr std::size_t p_bits = 4096;
  static constexpr std::size_t security_bits = 152;
  static constexpr std::size_t exponent_bits = 325;
};

template <class G>
inline constexpr std::size_t p_bytes = G::p_bits / 8;
template <class G>
inline constexpr std::size_t exponent_bytes = (G::exponent_bits + 7) / 8;

template <class G> class PrivateKey;
template <class G> struct KeyPair;
namespace detail {
template <class G> struct KeyAccess;  // the library's internal constructor (src/dh/)
}

// A validated public key y (2 <= y <= p - 2, y^q = 1), kept as its p_bytes big-endian
// encoding; copyable.
template <class G>
class TESSERA_API PublicKey {
 public:
  static constexpr std::size_t bytes_size = p_bytes<G>;

  [[nodiscard]] static Result<PublicKey> from_bytes(std::span<const std::uint8_t> y) noexcept;
  std::span<const std::uint8_t, bytes_size> bytes() const noexcept { return y_; }
  bool operator==(const PublicKey& o) const noexcept { return y_ == o.y_; }

 private:
  PublicKey() noexcept = default;
  friend class PrivateKey<G>;
  friend struct KeyPair<G>;
  friend class Result<PublicKey>;
  friend struct detail::KeyAccess<G>;
  std::array<std::uint8_t, bytes_size> y_{};
};

// A private exponent x in [1, 2^N - 1] with its public key y = g^x mod p. Move-only
// (clone() copies); x is wiped on destruction.
template <class G>
class TESSERA_API PrivateKey {
 public:
  static constexpr std::size_t bytes_size = exponent_bytes<G>;

  // Exactly exponent_bytes big-endian, x in [1, 2^N - 1] (SP 800-56A Rev. 3, 5.6.1.1.4,
  // with M = 2^N since 2^N < q). Deterministic: for tests, ACVP and imported keys.
  [[nodiscard]] static Result<PrivateKey> from_bytes(std::span<const std::uint8_t> x) noexcept;
  SecretArray<bytes_size> bytes() const noexcept { return x_.clone(); }
  const PublicKey<G>& public_key() const noexcept { return y_; }
  PrivateKey clone() const noexcept;

  PrivateKey(PrivateKey&&) noexcept = default;
  PrivateKey& operator=(PrivateKey&&) noexcept = default;

 private:
  PrivateKey() noexcept = default;
  friend struct KeyPair<G>;
  friend class Result<PrivateKey>;
  friend struct detail::KeyAccess<G>;
  SecretArray<bytes_size> x_;
  PublicKey<G> y_;
};

template <class G>
struct KeyPair {
  PublicKey<G> public_key;
  PrivateKey<G> private_key;
};

// FFDHE over group G.
template <class G>
struct TESSERA_API Ffdhe {
  using Group = G;
  static constexpr const char* name = G::name;
  static constexpr std::size_t public_key_bytes = p_bytes<G>;
  static constexpr std::size_t private_key_bytes = exponent_bytes<G>;
  static constexpr std::size_t shared_secret_bytes = p_bytes<G>;
  using PublicKey = dh::PublicKey<G>;
  using PrivateKey = dh::PrivateKey<G>;
  using KeyPair = dh::KeyPair<G>;
  using SharedSecret = SecretArray<shared_secret_bytes>;

  // SP 800-56A Rev. 3, 5.6.1.1.4 (testing candidates): N random bits c from the system
  // RNG (<tessera/random.hpp>) until c <= 2^N - 2, then x = c + 1. Error::randomness_failure
  // if the source fails.
  [[nodiscard]] static Result<KeyPair> generate_key() noexcept;
  // The same, deterministic: `candidate` is the N-bit string c of step 3 as exactly
  // private_key_bytes big-endian bytes (the bits above N zero, else Error::invalid_key).
  // Error::invalid_key when c > 2^N - 2 (the caller draws again); otherwise x = c + 1.
  [[nodiscard]] static Result<KeyPair> keygen_internal(std::span<const std::uint8_t> candidate) noexcept;
  // SP 800-56A Rev. 3, 5.7.1.1: Z = y^x mod p, p_bytes big-endian. The peer key was
  // validated when parsed. Error::invalid_key ("... shared secret (Z = 1)") if Z = 1.
  [[nodiscard]] static Result<SharedSecret> agree(const PrivateKey& sk, const PublicKey& peer) noexcept;
  // The same from the peer's bytes, validated first (PublicKey::from_bytes).
  [[nodiscard]] static Result<SharedSecret> agree(const PrivateKey& sk, std::span<const std::uint8_t> peer) noexcept;
};

extern template class PublicKey<Ffdhe2048Group>;
extern template class PublicKey<Ffdhe3072Group>;
extern template class PublicKey<Ffdhe4096Group>;
extern template class PrivateKey<Ffdhe2048Group>;
extern template class PrivateKey<Ffdhe3072Group>;
extern template class PrivateKey<Ffdhe4096Group>;
extern template struct Ffdhe<Ffdhe2048Group>;
extern template struct Ffdhe<Ffdhe3072Group>;
extern template struct Ffdhe<Ffdhe4096Group>;

static_assert(tessera::detail::KeyObjects<Ffdhe<Ffdhe2048Group>> && tessera::detail::KeyObjects<Ffdhe<Ffdhe3072Group>> &&
              tessera::detail::KeyObjects<Ffdhe<Ffdhe4096Group>>);

}  // namespace tessera::dh

namespace tessera {
using Ffdhe2048 = dh::Ffdhe<dh::Ffdhe2048Group>;
using Ffdhe3072 = dh::Ffdhe<dh::Ffdhe3072Group>;
using Ffdhe4096 = dh::Ffdhe<dh::Ffdhe4096Group>;
}  // namespace tessera

#pragma GCC visibility pop
