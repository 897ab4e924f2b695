// ML-DSA (FIPS 204): module-lattice digital signatures, parameter sets ML-DSA-44/65/87.
//
//   auto kp = tessera::MlDsa65::generate_key();            // Result<KeyPair>
//   auto sig = tessera::MlDsa65::sign(kp->private_key, msg, ctx);   // hedged by default
//   bool ok = tessera::MlDsa65::verify(kp->public_key, msg, *sig, ctx);
//
// Private keys: the 32-byte seed xi is the default form (PrivateKey::from_seed, seed());
// the expanded FIPS 204 encoding (skEncode) can be imported and exported as well.
// Interfaces: pure ML-DSA (Algorithms 2/3), HashML-DSA (Algorithms 4/5, every pre-hash of
// FIPS 204 Section 5.4), external mu (MuBuilder + sign_mu/verify_mu), and the internal
// deterministic functions (Algorithms 7/8) for tests.
//
// Errors: wrong input lengths give Error::invalid_length, a context longer than 255 bytes
// Error::invalid_argument. verify* returns false for anything that is not a valid signature
// (wrong lengths included).
//
// Stack use (portable build, g++ 12 -O3 x86-64, from -fstack-usage of the deepest frame,
// plus < 8 KiB for the sampler and wrapper frames): key generation 61 / 98 KiB
// (ML-DSA-65 / -87), signing 63 / 90 / 134 KiB (ML-DSA-44 / -65 / -87), verification
// 30 / 47 / 79 KiB. The expanded matrix A_hat (k * l KiB) dominates. No heap.
#pragma once

#include <tessera/export.hpp>
#include <tessera/result.hpp>
#include <tessera/secret.hpp>
#include <tessera/sha3.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera {
namespace mldsa {

inline constexpr std::int32_t kQ = 8380417;  // FIPS 204, Section 4: q = 2^23 - 2^13 + 1
inline constexpr int kN = 256;
inline constexpr int kD = 13;                // dropped bits of t
inline constexpr std::size_t kSeedBytes = 32;  // xi
inline constexpr std::size_t kRndBytes = 32;
inline constexpr std::size_t kTrBytes = 64;
inline constexpr std::size_t kMuBytes = 64;
inline constexpr std::size_t kMaxContextBytes = 255;

// One parameter set (FIPS 204, Table 1). gamma1 = 2^gamma1_bits.
struct Params {
  int k, l, eta, tau, lambda, gamma1_bits;
  std::int32_t gamma2;
  int omega;

  constexpr std::int32_t gamma1() const { return std::int32_t{1} << gamma1_bits; }
  constexpr int beta() const { return tau * eta; }
  constexpr int eta_bits() const { return eta == 2 ? 3 : 4; }                  // bitlen(2*eta)
  constexpr int w1_bits() const { return gamma2 == (kQ - 1) / 88 ? 6 : 4; }    // bitlen((q-1)/(2*gamma2)-1)
  constexpr std::size_t c_tilde_bytes() const { return static_cast<std::size_t>(lambda) / 4; }
  constexpr std::size_t public_key_bytes() const { return 32 + 320 * static_cast<std::size_t>(k); }
  constexpr std::size_t private_key_bytes() const {
    return 128 + 32 * static_cast<std::size_t>(eta_bits()) * static_cast<std::size_t>(k + l) +
           416 * static_cast<std::size_t>(k);
  }
  constexpr std::size_t signature_bytes() const {
    return c_tilde_bytes() + 32 * static_cast<std::size_t>(l) * (1 + static_cast<std::size_t>(gamma1_bits)) +
           static_cast<std::size_t>(omega + k);
  }
};

inline constexpr Params kMlDsa44{4, 4, 2, 39, 128, 17, (kQ - 1) / 88, 80};
inline constexpr Params kMlDsa65{6, 5, 4, 49, 192, 19, (kQ - 1) / 32, 55};
inline constexpr Params kMlDsa87{8, 7, 2, 60, 256, 19, (kQ - 1) / 32, 75};

// FIPS 204, Table 1 (beta) and Table 2 (sizes in bytes).
static_assert(kMlDsa44.beta() == 78 && kMlDsa65.beta() == 196 && kMlDsa87.beta() == 120);
static_assert(kMlDsa44.public_key_bytes() == 1312 && kMlDsa44.private_key_bytes() == 2560 &&
              kMlDsa44.signature_bytes() == 2420);
static_assert(kMlDsa65.public_key_bytes() == 1952 && kMlDsa65.private_key_bytes() == 4032 &&
              kMlDsa65.signature_bytes() == 3309);
static_assert(kMlDsa87.public_key_bytes() == 2592 && kMlDsa87.private_key_bytes() == 4896 &&
              kMlDsa87.signature_bytes() == 4627);
static_assert(kMlDsa44.gamma2 == 95232 && kMlDsa65.gamma2 == 261888);

// Parameter-set tags for the MlDsa template.
struct TESSERA_API Set44 { static constexpr Params params = kMlDsa44; static constexpr const char* name = "ML-DSA-44"; };
struct TESSERA_API Set65 { static constexpr Params params = kMlDsa65; static constexpr const char* name = "ML-DSA-65"; };
struct TESSERA_API Set87 { static constexpr Params params = kMlDsa87; static constexpr const char* name = "ML-DSA-87"; };

// HashML-DSA pre-hash functions (FIPS 204, Section 5.4).
enum class PreHash : std::uint8_t {
  sha2_224, sha2_256, sha2_384, sha2_512, sha2_512_224, sha2_512_256,
  sha3_224, sha3_256, sha3_384, sha3_512, shake128, shake256,
};
inline constexpr PreHash kAllPreHashes[] = {
    PreHash::sha2_224, PreHash::sha2_256, PreHash::sha2_384, PreHash::sha2_512,
    PreHash::sha2_512_224, PreHash::sha2_512_256, PreHash::sha3_224, PreHash::sha3_256,
    PreHash::sha3_384, PreHash::sha3_512, PreHash::shake128, PreHash::shake256};

// Digest length of PH (SHAKE128: 256 bits, SHAKE256: 512 bits, as FIPS 204 s5.4 fixes).
TESSERA_API std::size_t prehash_digest_bytes(PreHash ph) noexcept;
// The DER encoding of the hash function's OID (11 bytes, FIPS 204 s5.4).
TESSERA_API std::span<const std::uint8_t, 11> prehash_oid(PreHash ph) noexcept;
// Computes PH(message) with any of the twelve pre-hashes. Error::invalid_length if digest
// has the wrong size.
TESSERA_API Result<void> prehash(PreHash ph, std::span<const std::uint8_t> message,
                                 std::span<std::uint8_t> digest) noexcept;

// Signing randomness (FIPS 204, Algorithm 2 step 5): hedged uses 32 fresh random bytes,
// deterministic uses 32 zero bytes.
enum class Signing : std::uint8_t { hedged, deterministic };

using Mu = std::array<std::uint8_t, kMuBytes>;
using Tr = std::array<std::uint8_t, kTrBytes>;

// External mu: mu = H(tr || M', 64) built incrementally (FIPS 204, Algorithm 7 step 6 and
// the Section 5 message formatting). from_tr with a context formats M' for pure ML-DSA
// (0 || |ctx| || ctx || M); from_tr_raw leaves M' to the caller (internal interface).
class TESSERA_API MuBuilder {
 public:
  static Result<MuBuilder> from_tr(std::span<const std::uint8_t> tr,
                                   std::span<const std::uint8_t> context = {}) noexcept;
  static Result<MuBuilder> from_tr_raw(std::span<const std::uint8_t> tr) noexcept;
  void update(std::span<const std::uint8_t> piece) noexcept;
  // Returns mu; the builder is then spent (calling update/final again is a logic error
  // that yields garbage, not undefined behaviour).
  Mu final() noexcept;

 private:
  MuBuilder() noexcept = default;
  Shake256 h_;
};

// tr = H(pk, 64) for a public key of any parameter set (Algorithm 6 step 8).
TESSERA_API Tr compute_tr(std::span<const std::uint8_t> public_key) noexcept;

}  // namespace mldsa

template <class Set>
class TESSERA_API MlDsa {
 public:
  static constexpr mldsa::Params params = Set::params;
  static constexpr std::size_t public_key_bytes = params.public_key_bytes();
  static constexpr std::size_t private_key_bytes = params.private_key_bytes();  // expanded form
  static constexpr std::size_t signature_bytes = params.signature_bytes();
  static constexpr std::size_t seed_bytes = mldsa::kSeedBytes;

  using PublicKey = std::array<std::uint8_t, public_key_bytes>;
  using Signature = std::array<std::uint8_t, signature_bytes>;
  using Seed = SecretArray<seed_bytes>;
  using ExpandedKey = SecretArray<private_key_bytes>;

  class TESSERA_API PrivateKey {
   public:
    // KeyGen_internal (Algorithm 6) from xi; Error::invalid_length unless 32 bytes.
    static Result<PrivateKey> from_seed(std::span<const std::uint8_t> xi) noexcept;
    // Imports skEncode bytes. Error::invalid_length on a wrong size, Error::invalid_key if
    // a coefficient of s1 or s2 is outside [-eta, eta].
    static Result<PrivateKey> from_expanded(std::span<const std::uint8_t> sk) noexcept;

    bool has_seed() const noexcept { return has_seed_; }
    // Error::unsupported when the key was imported in expanded form.
    Result<Seed> seed() const noexcept;
    ExpandedKey expanded() const noexcept { return sk_.clone(); }
    std::span<const std::uint8_t, private_key_bytes> expanded_bytes() const noexcept { return sk_.span(); }

   private:
    PrivateKey() noexcept = default;
    friend class MlDsa;
    Seed seed_;
    ExpandedKey sk_;
    bool has_seed_ = false;
  };

  struct KeyPair {
    PublicKey public_key;
    PrivateKey private_key;
  };

  // FIPS 204, Algorithm 1 (ML-DSA.KeyGen): xi from tessera::random_bytes.
  static Result<KeyPair> generate_key() noexcept;
  // FIPS 204, Algorithm 6 (ML-DSA.KeyGen_internal).
  static Result<KeyPair> keygen_internal(std::span<const std::uint8_t> xi) noexcept;

  // FIPS 204, Algorithms 2 and 3 (pure ML-DSA).
  static Result<Signature> sign(const PrivateKey& sk, std::span<const std::uint8_t> message,
                                std::span<const std::uint8_t> context = {},
                                mldsa::Signing mode = mldsa::Signing::hedged) noexcept;
  static bool verify(std::span<const std::uint8_t> pk, std::span<const std::uint8_t> message,
                     std::span<const std::uint8_t> signature,
                     std::span<const std::uint8_t> context = {}) noexcept;

  // FIPS 204, Algorithms 4 and 5 (HashML-DSA): the message is hashed here...
  static Result<Signature> sign_prehash(const PrivateKey& sk, mldsa::PreHash ph,
                                        std::span<const std::uint8_t> message,
                                        std::span<const std::uint8_t> context = {},
                                        mldsa::Signing mode = mldsa::Signing::hedged) noexcept;
  static bool verify_prehash(std::span<const std::uint8_t> pk, mldsa::PreHash ph,
                             std::span<const std::uint8_t> message,
                             std::span<const std::uint8_t> signature,
                             std::span<const std::uint8_t> context = {}) noexcept;
  // ...or already hashed by the caller (digest = PH(M); any PreHash, SHA-2 included).
  static Result<Signature> sign_digest(const PrivateKey& sk, mldsa::PreHash ph,
                                       std::span<const std::uint8_t> digest,
                                       std::span<const std::uint8_t> context = {},
                                       mldsa::Signing mode = mldsa::Signing::hedged) noexcept;
  static bool verify_digest(std::span<const std::uint8_t> pk, mldsa::PreHash ph,
                            std::span<const std::uint8_t> digest,
                            std::span<const std::uint8_t> signature,
                            std::span<const std::uint8_t> context = {}) noexcept;

  // External mu: a MuBuilder for pure ML-DSA under this public key and context, and
  // signing/verification from the 64-byte mu.
  static Result<mldsa::MuBuilder> mu_builder(std::span<const std::uint8_t> pk,
                                             std::span<const std::uint8_t> context = {}) noexcept;
  static Result<Signature> sign_mu(const PrivateKey& sk, std::span<const std::uint8_t> mu,
                                   mldsa::Signing mode = mldsa::Signing::hedged) noexcept;
  static bool verify_mu(std::span<const std::uint8_t> pk, std::span<const std::uint8_t> mu,
                        std::span<const std::uint8_t> signature) noexcept;

  // FIPS 204, Algorithm 7 (ML-DSA.Sign_internal) on M' with explicit rnd (32 bytes), and
  // from a given mu; Algorithm 8 (ML-DSA.Verify_internal). For tests and protocols that
  // format M' themselves.
  static Result<Signature> sign_internal(const PrivateKey& sk, std::span<const std::uint8_t> message_prime,
                                         std::span<const std::uint8_t> rnd) noexcept;
  static Result<Signature> sign_internal_mu(const PrivateKey& sk, std::span<const std::uint8_t> mu,
                                            std::span<const std::uint8_t> rnd) noexcept;
  static bool verify_internal(std::span<const std::uint8_t> pk, std::span<const std::uint8_t> message_prime,
                              std::span<const std::uint8_t> signature) noexcept;
};

using MlDsa44 = MlDsa<mldsa::Set44>;
using MlDsa65 = MlDsa<mldsa::Set65>;
using MlDsa87 = MlDsa<mldsa::Set87>;

extern template class MlDsa<mldsa::Set44>;
extern template class MlDsa<mldsa::Set65>;
extern template class MlDsa<mldsa::Set87>;

}  // namespace tessera
