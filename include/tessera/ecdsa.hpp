// ECDSA (FIPS 186-5, Section 6) over P-256 and P-384 with any of Tessera's hashes, hedged
// signing by default, deterministic signing (RFC 6979 / FIPS 186-5 DetECDSA), and the two
// signature formats: raw r || s (IEEE P1363, the Signature type) and DER (RFC 5480).
//
//   using tessera::EcdsaP256Sha256;
//   auto kp = EcdsaP256Sha256::generate_key();                      // Result<KeyPair>
//   auto sig = EcdsaP256Sha256::sign(kp->private_key, msg);         // hedged, r || s
//   bool ok = EcdsaP256Sha256::verify(kp->public_key, msg, *sig);
//   auto der = EcdsaP256Sha256::sign_der(kp->private_key, msg);     // DER SEQUENCE {r, s}
//   bool ok2 = EcdsaP256Sha256::verify_der(kp->public_key, msg, der->bytes());
//
// Keys are the P-curve key objects of <tessera/ec.hpp> (tessera::ec::PublicKey<C>, ...),
// shared with ECDH. Hash parameters: Sha224, Sha256, Sha384, Sha512, Sha512_224,
// Sha512_256 (<tessera/sha2.hpp>), Sha3_224 ... Sha3_512 (<tessera/sha3.hpp>), and
// ec::Shake128_256 / ec::Shake256_512: SHAKE128 with 256 output bits and SHAKE256 with 512
// (FIPS 186-5, 6.4: the output lengths ACVP uses for ECDSA).
//
// Nonces:
//   sign               hedged (RFC 6979, Section 3.6): the HMAC_DRBG of RFC 6979 s3.2
//                      with fresh random bytes (scalar_bytes of them, <tessera/random.hpp>)
//                      as the additional data k'. A broken RNG that repeats its output
//                      degrades to deterministic signing, never to one k for two messages.
//                      Error::randomness_failure if the source fails.
//   sign_deterministic RFC 6979 s3.2 = FIPS 186-5 DetECDSA (6.3.2); SHA-2 and SHA-3 only
//                      (the HMAC_DRBG needs HMAC-H; none is defined for SHAKE:
//                      Error::unsupported, has_deterministic is false). The
//                      hedged nonce with a SHAKE hash runs the DRBG with HMAC-SHA3-256
//                      (SHAKE128) or HMAC-SHA3-512 (SHAKE256) instead.
//   sign_internal      a caller-chosen k (ACVP SigGen vectors, tests): never for production.
// Each retries with the DRBG's next candidate when r or s comes out zero (FIPS 186-5 6.4.1
// step 11; probability about 2^-256).
//
// Message hashing (FIPS 186-5 6.4.1 steps 1-5): H(M), then e = bits2int(leftmost
// min(order_bits, hash_bits) bits) mod n. *_digest variants take H(M) from the caller.
//
// verify* return false for anything that is not a valid signature: wrong lengths, r or s
// not in [1, n-1], and (DER) every non-canonical encoding (ec::der_decode_signature).
// Verification is variable time (public data only).
#pragma once

#include <tessera/concepts.hpp>
#include <tessera/ec.hpp>
#include <tessera/export.hpp>
#include <tessera/result.hpp>
#include <tessera/sha2.hpp>
#include <tessera/sha3.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#pragma GCC visibility push(default)

namespace tessera::ec {

// A fixed-length XOF output used as a hash (FIPS 186-5, 6.4: SHAKE128 with 256 bits,
// SHAKE256 with 512 bits).
template <class Xof, std::size_t OutBytes>
class XofHash {
 public:
  static constexpr std::size_t digest_bytes = OutBytes;
  void update(std::span<const std::uint8_t> in) noexcept {
    (void)xof_.absorb(in);  // never squeezing here: final() resets
  }
  void final(std::span<std::uint8_t, OutBytes> out) noexcept {
    xof_.squeeze(out);
    xof_.reset();
  }

 private:
  Xof xof_;
};
using Shake128_256 = XofHash<Shake128, 32>;
using Shake256_512 = XofHash<Shake256, 64>;

namespace detail {
// The ACVP names of the hashes ("SHA2-256", "SHA3-384", "SHAKE-128").
template <class H> struct HashName;
template <> struct HashName<Sha224> { static constexpr const char* value = "SHA2-224"; };
template <> struct HashName<Sha256> { static constexpr const char* value = "SHA2-256"; };
template <> struct HashName<Sha384> { static constexpr const char* value = "SHA2-384"; };
template <> struct HashName<Sha512> { static constexpr const char* value = "SHA2-512"; };
template <> struct HashName<Sha512_224> { static constexpr const char* value = "SHA2-512/224"; };
template <> struct HashName<Sha512_256> { static constexpr const char* value = "SHA2-512/256"; };
template <> struct HashName<Sha3_224> { static constexpr const char* value = "SHA3-224"; };
template <> struct HashName<Sha3_256> { static constexpr const char* value = "SHA3-256"; };
template <> struct HashName<Sha3_384> { static constexpr const char* value = "SHA3-384"; };
template <> struct HashName<Sha3_512> { static constexpr const char* value = "SHA3-512"; };
template <> struct HashName<Shake128_256> { static constexpr const char* value = "SHAKE-128"; };
template <> struct HashName<Shake256_512> { static constexpr const char* value = "SHAKE-256"; };

template <class H> inline constexpr bool is_xof_hash = false;
template <class X, std::size_t N> inline constexpr bool is_xof_hash<XofHash<X, N>> = true;

// "ECDSA-P-256-SHA2-256": built at compile time.
template <class C, class H>
struct EcdsaName {
  static constexpr std::array<char, 48> make() noexcept {
    std::array<char, 48> out{};
    std::size_t o = 0;
    for (const char* p : {"ECDSA-", C::name, "-", HashName<H>::value})
      for (; *p != 0 && o + 1 < out.size(); ++p) out[o++] = *p;
    return out;
  }
  static constexpr std::array<char, 48> value = make();
};

template <class C, class H> struct EcdsaImpl;  // src/ec/ecdsa_impl.hpp
}  // namespace detail

// ECDSA over curve C with hash H.
template <class C, class H>
class TESSERA_API Ecdsa {
 public:
  using Curve = C;
  using Hash = H;
  static constexpr const char* name = detail::EcdsaName<C, H>::value.data();
  static constexpr std::size_t public_key_bytes = ec::PublicKey<C>::bytes_size;
  static constexpr std::size_t private_key_bytes = C::scalar_bytes;
  static constexpr std::size_t scalar_bytes = C::scalar_bytes;
  static constexpr std::size_t signature_bytes = 2 * C::scalar_bytes;  // r || s
  // The longest DER signature: SEQUENCE { INTEGER r, INTEGER s }, each with a possible
  // leading zero (72 bytes for P-256, 104 for P-384).
  static constexpr std::size_t der_signature_max_bytes = 2 + 2 * (2 + C::scalar_bytes + 1);
  static_assert(der_signature_max_bytes < 130, "short-form SEQUENCE length");
  static constexpr std::size_t digest_bytes = H::digest_bytes;
  static constexpr bool has_deterministic = !detail::is_xof_hash<H>;

  using PublicKey = ec::PublicKey<C>;
  using PrivateKey = ec::PrivateKey<C>;
  using KeyPair = ec::KeyPair<C>;
  using Signature = std::array<std::uint8_t, signature_bytes>;
  using Digest = std::array<std::uint8_t, digest_bytes>;
  // A DER signature: bytes() is the encoding (size() of the der_signature_max_bytes).
  struct DerSignature {
    std::array<std::uint8_t, der_signature_max_bytes> data{};
    std::size_t size = 0;
    std::span<const std::uint8_t> bytes() const noexcept { return {data.data(), size}; }
  };

  [[nodiscard]] static Result<KeyPair> generate_key() noexcept { return ec::generate_key<C>(); }

  // FIPS 186-5 6.4.1 with the hedged nonce (see the header comment).
  [[nodiscard]] static Result<Signature> sign(const PrivateKey& sk, std::span<const std::uint8_t> message) noexcept;
  // FIPS 186-5 DetECDSA (6.3.2, RFC 6979 s3.2). Error::unsupported for the SHAKE hashes
  // (!has_deterministic: DetECDSA needs HMAC-H).
  [[nodiscard]] static Result<Signature> sign_deterministic(const PrivateKey& sk,
                                                            std::span<const std::uint8_t> message) noexcept;
  // The same two from the message digest H(M) (exactly digest_bytes; Error::invalid_length).
  [[nodiscard]] static Result<Signature> sign_digest(const PrivateKey& sk, std::span<const std::uint8_t> digest) noexcept;
  [[nodiscard]] static Result<Signature> sign_digest_deterministic(const PrivateKey& sk,
                                                                   std::span<const std::uint8_t> digest) noexcept;
  // FIPS 186-5 6.4.1 with the per-message secret k given (exactly scalar_bytes, in [1, n-1]:
  // Error::invalid_length / Error::invalid_argument; Error::invalid_state if r or s is 0).
  // For tests (ACVP SigGen) only: a k used twice reveals the private key.
  [[nodiscard]] static Result<Signature> sign_internal(const PrivateKey& sk, std::span<const std::uint8_t> message,
                                                       std::span<const std::uint8_t> k) noexcept;

  // FIPS 186-5 6.4.2. The signature is r || s (exactly signature_bytes).
  [[nodiscard]] static bool verify(const PublicKey& pk, std::span<const std::uint8_t> message,
                                   std::span<const std::uint8_t> signature) noexcept;
  [[nodiscard]] static bool verify_digest(const PublicKey& pk, std::span<const std::uint8_t> digest,
                                          std::span<const std::uint8_t> signature) noexcept;

  // DER (RFC 5480 s2.2.3 Ecdsa-Sig-Value): hedged signing, strict verification.
  [[nodiscard]] static Result<DerSignature> sign_der(const PrivateKey& sk, std::span<const std::uint8_t> message) noexcept;
  [[nodiscard]] static bool verify_der(const PublicKey& pk, std::span<const std::uint8_t> message,
                                       std::span<const std::uint8_t> der) noexcept;
  // Conversions. to_der: Error::invalid_length unless signature_bytes. from_der: the strict
  // decoder's Error::invalid_encoding (naming the defect) for any non-canonical DER.
  [[nodiscard]] static Result<DerSignature> to_der(std::span<const std::uint8_t> signature) noexcept;
  [[nodiscard]] static Result<Signature> from_der(std::span<const std::uint8_t> der) noexcept;

  // H(M) (FIPS 186-5 6.4.1 step 1).
  static void hash(std::span<const std::uint8_t> message, std::span<std::uint8_t, digest_bytes> digest) noexcept;
};

#define TESSERA_ECDSA_EXTERN(C)                   \
  extern template class Ecdsa<C, Sha224>;         \
  extern template class Ecdsa<C, Sha256>;         \
  extern template class Ecdsa<C, Sha384>;         \
  extern template class Ecdsa<C, Sha512>;         \
  extern template class Ecdsa<C, Sha512_224>;     \
  extern template class Ecdsa<C, Sha512_256>;     \
  extern template class Ecdsa<C, Sha3_224>;       \
  extern template class Ecdsa<C, Sha3_256>;       \
  extern template class Ecdsa<C, Sha3_384>;       \
  extern template class Ecdsa<C, Sha3_512>;       \
  extern template class Ecdsa<C, Shake128_256>;   \
  extern template class Ecdsa<C, Shake256_512>;
TESSERA_ECDSA_EXTERN(P256)
TESSERA_ECDSA_EXTERN(P384)
#undef TESSERA_ECDSA_EXTERN

static_assert(SignatureScheme<Ecdsa<P256, Sha256>> && SignatureScheme<Ecdsa<P384, Sha384>>);
static_assert(Ecdsa<P256, Sha256>::signature_bytes == 64 && Ecdsa<P384, Sha384>::signature_bytes == 96);
static_assert(Ecdsa<P256, Sha256>::der_signature_max_bytes == 72 && Ecdsa<P384, Sha384>::der_signature_max_bytes == 104);

}  // namespace tessera::ec

namespace tessera {
using EcdsaP256Sha256 = ec::Ecdsa<ec::P256, Sha256>;
using EcdsaP384Sha384 = ec::Ecdsa<ec::P384, Sha384>;
using EcdsaP256Sha3_256 = ec::Ecdsa<ec::P256, Sha3_256>;
using EcdsaP384Sha3_384 = ec::Ecdsa<ec::P384, Sha3_384>;
}  // namespace tessera

#pragma GCC visibility pop
