// RSA (RFC 8017, FIPS 186-5): key objects, the primitives, PKCS#1 v1.5 and PSS signatures
// and OAEP encryption, for moduli of 1024 to 4096 bits (two primes).
//
//   auto sk = tessera::rsa::PrivateKey::from_der(pkcs1_der);          // Result<PrivateKey>
//   auto sig = tessera::rsa::sign_pss(*sk, tessera::HashId::sha256, msg, 32);
//   bool ok = tessera::rsa::verify_pss(sk->public_key(), tessera::HashId::sha256, msg,
//                                      sig->bytes(), 32);
//
// Keys are parsed and checked once (from_components / from_der), then hold what every
// operation needs (the Montgomery constants of n, p and q). The hash is chosen at run time
// (tessera::HashId), as ACVP, OpenSSL and TLS choose it.
//
// Private operations (RSADP = RSASP1, RFC 8017 5.1.2 and 5.2.1) use the Chinese remainder
// theorem (RFC 8017 5.1.2 step 2.b) with base blinding: c' = c r^e for a random r,
// m = (c')^d r^-1 mod n. The key keeps its blinding pair (r^e, r^-1) and squares it for
// each operation, drawing a new r every 32 operations (as OpenSSL's BN_BLINDING does);
// an operation that finds the pair in use by another thread draws its own, so a const
// key may be used from many threads at once. Before a result leaves, it is checked with
// the public exponent (m^e = c), so that a fault in the CRT half exponentiations
// (Boneh-DeMillo-Lipton) never releases a value that would factor n: Error::invalid_state,
// nothing output.
// The private operations are constant time in every secret (key and message); OAEP
// decryption fails in one place and in one way whatever is wrong with the padding
// (Manger's attack). Verification and encryption use public data only.
//
// Moduli: 1024 to 4096 bits for keys that are imported (1024 for legacy verification),
// e odd with 3 <= e < n. Key generation (FIPS 186-5 A.1.3) makes 2048-, 3072- and
// 4096-bit keys.
//
// Stack: a private operation uses 18-25 KiB whatever the key size (its limb arrays have the
// 4096-bit capacity; the 16-entry window table of the half exponentiations is 8 KiB of
// it) and wipes 32 KiB below itself afterwards; keys are about 2 KiB (public; 2.6 KiB on
// x86-64) and 8 KiB (private, with the blinding pair) objects with no heap.
#pragma once

#include <tessera/export.hpp>
#include <tessera/hash_id.hpp>
#include <tessera/result.hpp>
#include <tessera/secret.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#pragma GCC visibility push(default)

namespace tessera::rsa {

inline constexpr std::size_t min_modulus_bits = 1024;
inline constexpr std::size_t max_modulus_bits = 4096;
inline constexpr std::size_t max_modulus_bytes = max_modulus_bits / 8;

// Room for the key state (src/rsa/rsa_state.hpp checks that it fits). On x86-64 the public
// state also keeps R^2 mod n in the radix 2^52 of the AVX-512 IFMA kernel.
#if defined(__x86_64__)
inline constexpr std::size_t kPublicStateBytes = 5 * max_modulus_bytes + 64;
#else
inline constexpr std::size_t kPublicStateBytes = 4 * max_modulus_bytes + 64;
#endif
inline constexpr std::size_t kPrivateStateBytes = 10 * max_modulus_bytes + 128;
inline constexpr std::size_t kBlindingStateBytes = 2 * max_modulus_bytes + 16;

// A byte string of at most max_modulus_bytes: a signature or a ciphertext (public).
struct Block {
  std::array<std::uint8_t, max_modulus_bytes> data{};
  std::size_t size = 0;
  std::span<const std::uint8_t> bytes() const noexcept { return {data.data(), size}; }
};
// The same for a secret (a decrypted message): wiped on destruction.
struct SecretBlock {
  SecretArray<max_modulus_bytes> data;
  std::size_t size = 0;
  std::span<const std::uint8_t> bytes() const noexcept { return {data.data(), size}; }
};

class PrivateKey;

class TESSERA_API PublicKey {
 public:
  // The modulus n and public exponent e, big-endian (leading zero bytes allowed).
  // Error::invalid_key ("RSA modulus" / "RSA public exponent") unless n is odd and of
  // min_modulus_bits..max_modulus_bits bits, and e odd with 3 <= e < n.
  [[nodiscard]] static Result<PublicKey> from_components(std::span<const std::uint8_t> n,
                                                         std::span<const std::uint8_t> e) noexcept;
  // RSAPublicKey (RFC 8017 A.1.1) in strict DER. Error::invalid_encoding ("RSA public key
  // DER") for anything else, then the checks of from_components.
  [[nodiscard]] static Result<PublicKey> from_der(std::span<const std::uint8_t> der) noexcept;
  // Writes RSAPublicKey DER into out; returns its length (Error::invalid_length if out is
  // too small: der_max_bytes() always suffices).
  [[nodiscard]] Result<std::size_t> to_der(std::span<std::uint8_t> out) const noexcept;
  static constexpr std::size_t der_max_bytes() noexcept { return 2 * max_modulus_bytes + 32; }

  std::size_t modulus_bits() const noexcept;
  std::size_t modulus_bytes() const noexcept { return (modulus_bits() + 7) / 8; }
  // n as modulus_bytes() big-endian bytes; e without leading zeros.
  Block modulus() const noexcept;
  Block public_exponent() const noexcept;

  PublicKey(const PublicKey&) noexcept = default;
  PublicKey& operator=(const PublicKey&) noexcept = default;

 private:
  PublicKey() noexcept = default;
  friend class PrivateKey;
  friend class Result<PublicKey>;
  friend struct Access;
  alignas(16) std::uint8_t state_[kPublicStateBytes]{};
};

// A two-prime private key (n, e, d, p, q, dp, dq, qinv). Move-only; wiped on destruction.
class TESSERA_API PrivateKey {
 public:
  // Every component big-endian (RFC 8017 3.2). Checked: the public part as
  // PublicKey::from_components; p and q odd, greater than 1, distinct, with p q = n;
  // d < n; dp = d mod (p - 1), dq = d mod (q - 1); e dp = 1 mod (p - 1), e dq = 1
  // mod (q - 1); qinv q = 1 mod p, qinv < p. Error::invalid_key ("RSA private key: ...")
  // naming the check that failed (the checks on secrets are constant time; only their
  // pass or fail is revealed).
  [[nodiscard]] static Result<PrivateKey> from_components(
      std::span<const std::uint8_t> n, std::span<const std::uint8_t> e, std::span<const std::uint8_t> d,
      std::span<const std::uint8_t> p, std::span<const std::uint8_t> q, std::span<const std::uint8_t> dp,
      std::span<const std::uint8_t> dq, std::span<const std::uint8_t> qinv) noexcept;
  // The same from n, e, d, p and q, computing dp = d mod (p - 1), dq = d mod (q - 1) and
  // qinv = q^(p-2) mod p (constant time).
  [[nodiscard]] static Result<PrivateKey> from_components(std::span<const std::uint8_t> n, std::span<const std::uint8_t> e,
                                                          std::span<const std::uint8_t> d, std::span<const std::uint8_t> p,
                                                          std::span<const std::uint8_t> q) noexcept;
  // FIPS 186-5 A.1.3: random probable primes p, q of bits / 2 bits (p, q >= sqrt(2)
  // 2^(bits/2 - 1), |p - q| > 2^(bits/2 - 100), gcd(p - 1, e) = gcd(q - 1, e) = 1, trial
  // division by the odd primes below 1000, then Miller-Rabin with the rounds of Table B.1),
  // and d = e^-1 mod LCM(p - 1, q - 1) > 2^(bits/2) (A.1.1). bits is 2048, 3072 or 4096
  // and e a prime with 2^16 < e < 2^64 (Error::invalid_argument); Error::randomness_failure
  // if the random source fails. Constant time in the key except for what rejected
  // candidates reveal and the count of factors 2 in p - 1 and q - 1 (rsa_prime.hpp).
  // About 0.1 to 2 s; the time is heavy-tailed (tessera-bench reports p50 and p99).
  [[nodiscard]] static Result<PrivateKey> generate(std::size_t bits, std::uint64_t e = 65537) noexcept;
  // RSAPrivateKey (RFC 8017 A.1.2), version 0 (two-prime) in strict DER; version 1
  // (multi-prime) is Error::unsupported.
  [[nodiscard]] static Result<PrivateKey> from_der(std::span<const std::uint8_t> der) noexcept;
  // Writes RSAPrivateKey DER; returns its length. The caller wipes out.
  [[nodiscard]] Result<std::size_t> to_der(std::span<std::uint8_t> out) const noexcept;
  static constexpr std::size_t der_max_bytes() noexcept { return 5 * max_modulus_bytes + 64; }

  const PublicKey& public_key() const noexcept { return pub_; }

  PrivateKey(PrivateKey&& o) noexcept;
  PrivateKey& operator=(PrivateKey&& o) noexcept;
  PrivateKey(const PrivateKey&) = delete;
  PrivateKey& operator=(const PrivateKey&) = delete;
  ~PrivateKey();

 private:
  PrivateKey() noexcept = default;
  friend class Result<PrivateKey>;
  friend struct Access;
  PublicKey pub_;
  alignas(16) std::uint8_t state_[kPrivateStateBytes]{};
  // The blinding pair the private operations reuse (src/rsa/rsa_blinding.hpp): mutable,
  // since they run on const keys; one operation at a time holds it (an atomic flag).
  alignas(16) mutable std::uint8_t blinding_[kBlindingStateBytes]{};
};

// The primitives take and return exactly modulus_bytes() bytes (Error::invalid_length).
// RSAVP1 and RSASP1 (RFC 8017 5.2.1, 5.2.2) accept any representative in [0, n - 1];
// RSAEP and RSADP take SP 800-56B Rev. 2's narrower range 1 < x < n - 1 (7.1.1, 7.1.2:
// 0, 1 and n - 1 are their own powers). Out of range: Error::invalid_argument
// ("RSA representative out of range").
// RSAEP / RSAVP1: x^e mod n.
[[nodiscard]] TESSERA_API Result<Block> rsaep(const PublicKey& pk, std::span<const std::uint8_t> m) noexcept;
[[nodiscard]] TESSERA_API Result<Block> rsavp1(const PublicKey& pk, std::span<const std::uint8_t> s) noexcept;
// RSADP / RSASP1: x^d mod n (CRT, blinded, checked; see above).
[[nodiscard]] TESSERA_API Result<SecretBlock> rsadp(const PrivateKey& sk, std::span<const std::uint8_t> c) noexcept;
[[nodiscard]] TESSERA_API Result<Block> rsasp1(const PrivateKey& sk, std::span<const std::uint8_t> m) noexcept;

// ---- Signatures (RFC 8017 Section 8) --------------------------------------------------
// The message is hashed with `hash` (any HashId but SHA-1, which Tessera never signs with:
// Error::unsupported); the *_digest forms take Hash(M) (exactly digest_bytes(hash):
// Error::invalid_length). Signatures are modulus_bytes() long. verify* return false for
// anything that is not a valid signature (wrong length, s >= n, bad encoding).

// RSASSA-PKCS1-v1_5 (8.2): SHA-2 and SHA-3 (no DigestInfo is defined for SHAKE:
// Error::unsupported).
[[nodiscard]] TESSERA_API Result<Block> sign_pkcs1_v15(const PrivateKey& sk, HashId hash,
                                                       std::span<const std::uint8_t> message) noexcept;
[[nodiscard]] TESSERA_API Result<Block> sign_pkcs1_v15_digest(const PrivateKey& sk, HashId hash,
                                                              std::span<const std::uint8_t> digest) noexcept;
[[nodiscard]] TESSERA_API bool verify_pkcs1_v15(const PublicKey& pk, HashId hash, std::span<const std::uint8_t> message,
                                                std::span<const std::uint8_t> signature) noexcept;
[[nodiscard]] TESSERA_API bool verify_pkcs1_v15_digest(const PublicKey& pk, HashId hash,
                                                       std::span<const std::uint8_t> digest,
                                                       std::span<const std::uint8_t> signature) noexcept;

// RSASSA-PSS (8.1). The mask generation function: MGF1 over the PSS hash (RFC 8017 B.2.1,
// what TLS and X.509 use), or SHAKE128 / SHAKE256 itself (FIPS 186-5 5.4, RFC 8702).
enum class MaskFunction : std::uint8_t { mgf1, shake128, shake256 };
struct PssParams {
  HashId hash = HashId::sha256;
  std::size_t salt_bytes = 32;  // any length that fits (Error::invalid_length), 0 included
  MaskFunction mask = MaskFunction::mgf1;
};
// The salt is drawn from random_bytes (Error::randomness_failure if that fails).
[[nodiscard]] TESSERA_API Result<Block> sign_pss(const PrivateKey& sk, const PssParams& params,
                                                 std::span<const std::uint8_t> message) noexcept;
[[nodiscard]] TESSERA_API Result<Block> sign_pss_digest(const PrivateKey& sk, const PssParams& params,
                                                        std::span<const std::uint8_t> digest) noexcept;
// A caller-chosen salt (params.salt_bytes is ignored; tests and ACVP): deterministic.
[[nodiscard]] TESSERA_API Result<Block> sign_pss_internal(const PrivateKey& sk, const PssParams& params,
                                                          std::span<const std::uint8_t> message,
                                                          std::span<const std::uint8_t> salt) noexcept;
// Verification with the expected salt length params.salt_bytes.
[[nodiscard]] TESSERA_API bool verify_pss(const PublicKey& pk, const PssParams& params,
                                          std::span<const std::uint8_t> message,
                                          std::span<const std::uint8_t> signature) noexcept;
[[nodiscard]] TESSERA_API bool verify_pss_digest(const PublicKey& pk, const PssParams& params,
                                                 std::span<const std::uint8_t> digest,
                                                 std::span<const std::uint8_t> signature) noexcept;

// ---- Encryption: RSAES-OAEP (RFC 8017 Section 7.1) ---------------------------------------
// lHash's hash and MGF1's hash are chosen separately (SHA-1, SHA-2 or SHA-3; SHAKE is not
// defined for OAEP: Error::unsupported). The label may have any length.
struct OaepParams {
  HashId hash = HashId::sha256;
  HashId mgf1_hash = HashId::sha256;
  std::span<const std::uint8_t> label = {};
};
// At most modulus_bytes() - 2 hLen - 2 message bytes (Error::invalid_length); the seed is
// drawn from random_bytes (Error::randomness_failure).
[[nodiscard]] TESSERA_API Result<Block> encrypt_oaep(const PublicKey& pk, const OaepParams& params,
                                                     std::span<const std::uint8_t> message) noexcept;
// A caller-chosen seed (exactly hLen bytes; tests and ACVP): deterministic.
[[nodiscard]] TESSERA_API Result<Block> encrypt_oaep_internal(const PublicKey& pk, const OaepParams& params,
                                                              std::span<const std::uint8_t> message,
                                                              std::span<const std::uint8_t> seed) noexcept;
// Constant time in the key and in everything decrypted: a wrong length or a ciphertext out
// of range (public) and every padding failure (secret) all give Error::invalid_encoding
// ("RSA-OAEP ciphertext") and no message.
[[nodiscard]] TESSERA_API Result<SecretBlock> decrypt_oaep(const PrivateKey& sk, const OaepParams& params,
                                                           std::span<const std::uint8_t> ciphertext) noexcept;

}  // namespace tessera::rsa

#pragma GCC visibility pop
