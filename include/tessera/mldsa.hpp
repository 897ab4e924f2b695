// ML-DSA (FIPS 204): module-lattice digital signatures, parameter sets ML-DSA-44/65/87.
//
//   tessera::Result<void> example(std::span<const std::uint8_t> message) {
//     using tessera::MlDsa65;
//     auto kp = MlDsa65::generate_key();  // Result<KeyPair>
//     if (!kp) return kp.error();
//     const tessera::Context ctx("my-protocol v1");
//     auto sig = MlDsa65::sign(kp->private_key, message, ctx);  // hedged by default
//     if (!sig) return sig.error();
//     if (!MlDsa65::verify(kp->public_key, message, *sig, ctx)) return tessera::Error::invalid_state;
//
//     // Keys that arrive as bytes are parsed and checked once, then used any number of times.
//     const auto pk_bytes = kp->public_key.bytes();
//     const auto sk_bytes = kp->private_key.bytes();  // SecretArray: wiped on scope exit
//     auto pk = MlDsa65::PublicKey::from_bytes(pk_bytes);          // Error::invalid_length
//     auto sk = MlDsa65::PrivateKey::from_bytes(sk_bytes.span());  // ... or Error::invalid_key
//     if (!pk || !sk) return tessera::Error::invalid_key;
//     auto sig2 = MlDsa65::sign(*sk, message, ctx);
//     if (!sig2 || !MlDsa65::verify(*pk, message, *sig2, ctx)) return tessera::Error::invalid_state;
//     return {};
//   }
// (compiled, with -Werror, by tests/unit/mldsa_sign_test.cpp: MlDsaSignShape.HeaderExample)
//
// Key objects (the SignatureScheme shape of <tessera/concepts.hpp>, as Go's
// crypto/internal/fips140/mldsa and BoringSSL do it): a PublicKey holds pkEncode(rho, t1),
// tr = H(pk, 64), NTT(t1 * 2^d) (FIPS 204, Algorithm 8 step 9) and, with
// TESSERA_CACHE_MATRIX (<tessera/options.hpp>, the default), A_hat = ExpandA(rho). A
// PrivateKey holds its PublicKey (A_hat is not stored twice), the NTT forms of s1, s2, t0,
// K and, if it was made from one, the seed xi. Signing from a key object runs no skDecode,
// no NTT of s1, s2, t0 and (cached) no ExpandA; verifying runs no pkDecode, no H(pk) and
// (cached) no ExpandA. Private keys wipe their secrets on destruction and when moved from;
// copies are explicit (clone()). Key objects are valid under every backend (the SIMD
// kernels are bit-for-bit equal to the portable ones, NTT domain included).
//
// Private key forms: the 32-byte seed xi (from_seed, seed()) and the FIPS 204 skEncode
// encoding (from_bytes, bytes()). from_bytes checks the whole key: s1, s2 coefficients in
// [-eta, eta], and t0 and tr equal to what (rho, s1, s2) give (Algorithm 6 steps 5-9); so
// it costs about one key generation, and its public key is exact.
// Interfaces: pure ML-DSA (Algorithms 2/3), HashML-DSA (Algorithms 4/5, every pre-hash of
// FIPS 204 Section 5.4), external mu (MuBuilder + sign_mu/verify_mu), and the internal
// deterministic functions (Algorithms 7/8) for tests.
//
// Errors: wrong input lengths give Error::invalid_length, a context longer than 255 bytes
// Error::invalid_argument, an inconsistent private key Error::invalid_key; Result::what()
// names the argument ("ML-DSA public key", "ML-DSA mu (64 bytes)", "ML-DSA context (more
// than 255 bytes)") or the check that failed ("ML-DSA private key (t0 does not match s1,
// s2)"), and an entropy-source failure is passed on as the source reported it. verify*
// returns false for anything that is not a valid signature (wrong lengths and contexts
// included).
//
// Object sizes (sizeof, x86-64, measured), ML-DSA-44 / -65 / -87, with TESSERA_CACHE_MATRIX=1
// (the default) and =0:
//   PublicKey    21856 /  38880 /  68192 bytes     5472 /  8160 / 10848 bytes
//   PrivateKey   34240 /  56384 /  91840 bytes    17856 / 25664 / 34496 bytes
//   KeyPair      56096 /  95264 / 160032 bytes    23328 / 33824 / 45344 bytes
// The matrix A_hat is k * l KiB of a cached public key. A KeyPair holds the public key twice
// (its own and the private key's); where memory is tight, keep only the PrivateKey
// (from_seed) and use sk.public_key(). Keys and signatures are built inside the Result that
// returns them (never copied or moved through a temporary), so a returned key is where the
// caller's Result is: on its stack unless the caller places the Result elsewhere.
// Peak stack use of one call, not counting the returned Result (g++ 12 -O3 x86-64, the
// larger of the portable and AVX2 backends, measured by painting the stack), ML-DSA-44 /
// -65 / -87; key generation and import end by wiping the 16 KiB (+ the matrix, uncached)
// below their caller, which sets their peak:
//                                  cached                uncached
//   generate_key, from_seed     17 /  17 /  17 KiB    33 /  47 /  73 KiB  (uncached: the k * l KiB matrix)
//   PrivateKey::from_bytes      17 /  17 /  17 KiB    33 /  47 /  73 KiB
//   PublicKey::from_bytes        9 /   9 /   9 KiB     3 /   3 /   3 KiB
//   sign (key object)           38 /  46 /  58 KiB    61 /  83 / 122 KiB
//   verify (key object)         17 /  20 /  24 KiB    38 /  55 /  85 KiB
// No heap.
#pragma once

#include <tessera/concepts.hpp>
#include <tessera/context.hpp>
#include <tessera/export.hpp>
#include <tessera/options.hpp>
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
inline constexpr std::size_t kMaxContextBytes = Context::max_bytes;
static_assert(kMaxContextBytes == 255);  // FIPS 204, Algorithm 2 step 1

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

// A polynomial of R_q (or T_q, in the NTT domain): 256 int32 coefficients. The kernels
// (src/mldsa/kernels.hpp) document the representatives each one takes and gives; here it
// is the storage of the key objects' precomputed polynomials.
struct alignas(32) Poly {
  std::int32_t coeffs[kN];
};

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
[[nodiscard]] TESSERA_API Result<void> prehash(PreHash ph, std::span<const std::uint8_t> message,
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
  // Error::invalid_length unless tr has 64 bytes, Error::invalid_argument if the context
  // is longer than 255 bytes.
  [[nodiscard]] static Result<MuBuilder> from_tr(std::span<const std::uint8_t> tr, Context context = {}) noexcept;
  [[nodiscard]] static Result<MuBuilder> from_tr_raw(std::span<const std::uint8_t> tr) noexcept;
  void update(std::span<const std::uint8_t> piece) noexcept;
  // Returns mu; the builder is then spent (calling update/final again is a logic error
  // that yields garbage, not undefined behaviour).
  [[nodiscard]] Mu final() noexcept;

 private:
  MuBuilder() noexcept = default;
  Shake256 h_;
};

// tr = H(pk, 64) for a public key of any parameter set (Algorithm 6 step 8).
[[nodiscard]] TESSERA_API Tr compute_tr(std::span<const std::uint8_t> public_key) noexcept;

namespace detail {
// The FIPS 204 algorithms on the key objects' members (src/mldsa/scheme.hpp).
template <class Set>
struct Scheme;
}  // namespace detail

}  // namespace mldsa

template <class Set>
class TESSERA_API MlDsa {
  static constexpr int K = Set::params.k, L = Set::params.l;

 public:
  static constexpr const char* name = Set::name;
  static constexpr mldsa::Params params = Set::params;
  static constexpr std::size_t public_key_bytes = params.public_key_bytes();
  static constexpr std::size_t private_key_bytes = params.private_key_bytes();  // skEncode
  static constexpr std::size_t signature_bytes = params.signature_bytes();
  static constexpr std::size_t seed_bytes = mldsa::kSeedBytes;

  using Signature = std::array<std::uint8_t, signature_bytes>;
  using Seed = SecretArray<seed_bytes>;

  struct KeyPair;
  // A parsed public key; copyable (public data).
  class TESSERA_API PublicKey {
   public:
    // pkDecode (Algorithm 23) and the precomputation. Error::invalid_length unless the
    // input has public_key_bytes bytes (every such string is a public key).
    [[nodiscard]] static Result<PublicKey> from_bytes(std::span<const std::uint8_t> pk) noexcept;

    // pkEncode(rho, t1) (Algorithm 22).
    std::span<const std::uint8_t, public_key_bytes> bytes() const noexcept { return pk_; }
    // tr = H(pk, 64) (Algorithm 6 step 9, Algorithm 8 step 6).
    const mldsa::Tr& tr() const noexcept { return tr_; }

    // Same encoding (public data: not constant time).
    friend bool operator==(const PublicKey& a, const PublicKey& b) noexcept { return a.pk_ == b.pk_; }

   private:
    friend class MlDsa;
    friend struct mldsa::detail::Scheme<Set>;
    friend class Result<PublicKey>;  // built in place (no copy of the matrix)
    friend struct KeyPair;
    PublicKey() noexcept {}  // members filled in by the library (no zeroing of the matrix)

    mldsa::Poly t1_hat_[K];  // NTT(t1 * 2^d) (Algorithm 8 step 9)
#if TESSERA_CACHE_MATRIX
    mldsa::Poly a_hat_[K * L];  // ExpandA(rho) (Algorithm 8 step 5)
#endif
    std::array<std::uint8_t, public_key_bytes> pk_;
    mldsa::Tr tr_;
  };

  // A parsed, checked private key. Move-only; clone() copies. Every secret is wiped on
  // destruction and when the key is moved from.
  class TESSERA_API PrivateKey {
   public:
    // KeyGen_internal (Algorithm 6) from xi; Error::invalid_length unless 32 bytes.
    [[nodiscard]] static Result<PrivateKey> from_seed(std::span<const std::uint8_t> xi) noexcept;
    // skDecode (Algorithm 25) of the FIPS 204 encoding, checked: Error::invalid_length on a
    // wrong size; Error::invalid_key if a coefficient of s1 or s2 is outside [-eta, eta], or
    // if t0 or tr differ from those that rho, s1 and s2 give (Algorithm 6 steps 5-9).
    [[nodiscard]] static Result<PrivateKey> from_bytes(std::span<const std::uint8_t> sk) noexcept;

    const PublicKey& public_key() const noexcept { return pk_; }
    bool has_seed() const noexcept { return has_seed_; }
    // xi; Error::unsupported when the key was imported with from_bytes.
    [[nodiscard]] Result<Seed> seed() const noexcept;
    // skEncode(rho, K, tr, s1, s2, t0) (Algorithm 24), recomputed from the NTT forms.
    [[nodiscard]] SecretArray<private_key_bytes> bytes() const noexcept;
    [[nodiscard]] PrivateKey clone() const noexcept { return PrivateKey(*this, 0); }

    PrivateKey(const PrivateKey&) = delete;
    PrivateKey& operator=(const PrivateKey&) = delete;
    PrivateKey(PrivateKey&& o) noexcept : pk_(o.pk_), sec_(o.sec_), has_seed_(o.has_seed_) { o.wipe(); }
    PrivateKey& operator=(PrivateKey&& o) noexcept {
      if (this != &o) {
        pk_ = o.pk_;
        sec_ = o.sec_;
        has_seed_ = o.has_seed_;
        o.wipe();
      }
      return *this;
    }
    ~PrivateKey() { wipe(); }

   private:
    friend class MlDsa;
    friend struct mldsa::detail::Scheme<Set>;
    friend class Result<PrivateKey>;  // built in place: secrets never pass through temporaries
    friend struct KeyPair;
    PrivateKey() noexcept {}  // members filled in by the library
    PrivateKey(const PrivateKey& o, int) noexcept : pk_(o.pk_), sec_(o.sec_), has_seed_(o.has_seed_) {}
    void wipe() noexcept {
      secure_zero(&sec_, sizeof sec_);
      has_seed_ = false;
    }

    // The secrets, in one block for wiping. rho and tr are the public key's.
    struct Secrets {
      // NTT(s1) || NTT(s2), one array: ExpandS and skDecode write s1 || s2 here and the
      // NTTs run in place (no copy of s1, s2 on the stack).
      mldsa::Poly s_hat[L + K];
      mldsa::Poly t0_hat[K];  // NTT(t0)
      std::array<std::uint8_t, 32> k_seed;  // K (Algorithm 6 step 1), the signing seed
      std::array<std::uint8_t, seed_bytes> xi;  // zero unless has_seed_
      mldsa::Poly* s1_hat() noexcept { return s_hat; }
      mldsa::Poly* s2_hat() noexcept { return s_hat + L; }
      const mldsa::Poly* s1_hat() const noexcept { return s_hat; }
      const mldsa::Poly* s2_hat() const noexcept { return s_hat + L; }
    };
    PublicKey pk_;
    Secrets sec_;
    bool has_seed_ = false;
  };

  struct KeyPair {
    PublicKey public_key;
    PrivateKey private_key;

   private:
    friend class Result<KeyPair>;  // built in place by generate_key / keygen_internal
    // User-provided, so that Result's in-place construction (value-initialization) does not
    // zero the whole pair before key generation overwrites it.
    KeyPair() noexcept {}
  };

  // FIPS 204, Algorithm 1 (ML-DSA.KeyGen): xi from tessera::random_bytes.
  [[nodiscard]] static Result<KeyPair> generate_key() noexcept;
  // FIPS 204, Algorithm 6 (ML-DSA.KeyGen_internal).
  [[nodiscard]] static Result<KeyPair> keygen_internal(std::span<const std::uint8_t> xi) noexcept;

  // FIPS 204, Algorithms 2 and 3 (pure ML-DSA).
  [[nodiscard]] static Result<Signature> sign(const PrivateKey& sk, std::span<const std::uint8_t> message,
                                              Context context = {},
                                              mldsa::Signing mode = mldsa::Signing::hedged) noexcept;
  [[nodiscard]] static bool verify(const PublicKey& pk, std::span<const std::uint8_t> message,
                                   std::span<const std::uint8_t> signature, Context context = {}) noexcept;

  // FIPS 204, Algorithms 4 and 5 (HashML-DSA): the message is hashed here...
  [[nodiscard]] static Result<Signature> sign_prehash(const PrivateKey& sk, mldsa::PreHash ph,
                                                      std::span<const std::uint8_t> message, Context context = {},
                                                      mldsa::Signing mode = mldsa::Signing::hedged) noexcept;
  [[nodiscard]] static bool verify_prehash(const PublicKey& pk, mldsa::PreHash ph,
                                           std::span<const std::uint8_t> message,
                                           std::span<const std::uint8_t> signature, Context context = {}) noexcept;
  // ...or already hashed by the caller (digest = PH(M); any PreHash, SHA-2 included).
  [[nodiscard]] static Result<Signature> sign_digest(const PrivateKey& sk, mldsa::PreHash ph,
                                                     std::span<const std::uint8_t> digest, Context context = {},
                                                     mldsa::Signing mode = mldsa::Signing::hedged) noexcept;
  [[nodiscard]] static bool verify_digest(const PublicKey& pk, mldsa::PreHash ph,
                                          std::span<const std::uint8_t> digest,
                                          std::span<const std::uint8_t> signature, Context context = {}) noexcept;

  // External mu: a MuBuilder for pure ML-DSA under this public key and context, and
  // signing/verification from the 64-byte mu.
  [[nodiscard]] static Result<mldsa::MuBuilder> mu_builder(const PublicKey& pk, Context context = {}) noexcept;
  [[nodiscard]] static Result<Signature> sign_mu(const PrivateKey& sk, std::span<const std::uint8_t> mu,
                                                 mldsa::Signing mode = mldsa::Signing::hedged) noexcept;
  [[nodiscard]] static bool verify_mu(const PublicKey& pk, std::span<const std::uint8_t> mu,
                                      std::span<const std::uint8_t> signature) noexcept;

  // FIPS 204, Algorithm 7 (ML-DSA.Sign_internal) on M' with explicit rnd (32 bytes), and
  // from a given mu; Algorithm 8 (ML-DSA.Verify_internal). For tests and protocols that
  // format M' themselves.
  [[nodiscard]] static Result<Signature> sign_internal(const PrivateKey& sk,
                                                       std::span<const std::uint8_t> message_prime,
                                                       std::span<const std::uint8_t> rnd) noexcept;
  [[nodiscard]] static Result<Signature> sign_internal_mu(const PrivateKey& sk, std::span<const std::uint8_t> mu,
                                                          std::span<const std::uint8_t> rnd) noexcept;
  [[nodiscard]] static bool verify_internal(const PublicKey& pk, std::span<const std::uint8_t> message_prime,
                                            std::span<const std::uint8_t> signature) noexcept;
};

using MlDsa44 = MlDsa<mldsa::Set44>;
using MlDsa65 = MlDsa<mldsa::Set65>;
using MlDsa87 = MlDsa<mldsa::Set87>;

extern template class MlDsa<mldsa::Set44>;
extern template class MlDsa<mldsa::Set65>;
extern template class MlDsa<mldsa::Set87>;

static_assert(SignatureScheme<MlDsa44> && SignatureScheme<MlDsa65> && SignatureScheme<MlDsa87>);

}  // namespace tessera
