// ML-KEM (FIPS 203): the module-lattice key-encapsulation mechanism, all three parameter sets.
//
//   using tessera::mlkem::MlKem768;
//   auto kp = MlKem768::generate_key();                       // Result<KeyPair>
//   if (!kp) return kp.error();
//   auto enc = MlKem768::encapsulate(kp->public_key);         // ciphertext + shared secret
//   auto ss = MlKem768::decapsulate(kp->private_key, enc->ciphertext);
//
// Keys are parsed objects (the shape of Go's crypto/mlkem and BoringSSL): bytes are parsed
// and checked once, and the objects keep what every later call needs.
//   EncapsulationKey (= PublicKey)   from_bytes() runs the s7.2 modulus check and keeps
//       t_hat, H(ek) and (with TESSERA_CACHE_MATRIX, the default) A_hat^T, so
//       encapsulation hashes and samples nothing but its own randomness.
//   DecapsulationKey (= PrivateKey)  from_seed() takes the 64-byte seed d || z (FIPS 203,
//       s3.3 and Algorithm 16: the recommended storage form) and expands it once;
//       from_bytes() takes the expanded 1632/2400/3168-byte dk and runs the s7.3 hash check
//       (and the s7.2 check of the ek inside it). Decapsulation then costs the same
//       whichever form the key came from. bytes() gives the expanded dk, seed() the seed.
//   decapsulate(dk bytes, ct) runs from_bytes()' checks and one decapsulation without
//       building the key object: for an expanded dk used once.
// Every function that takes bytes checks their length (Error::invalid_length) and the key
// checks of FIPS 203 s7 (Error::invalid_key); on error nothing is produced. A ciphertext of
// the right length is never an error: decapsulation then returns the implicit-rejection key.
//
// Sizes (sizeof on x86-64, ML-KEM-512 / 768 / 1024): EncapsulationKey 3.8 / 7.2 / 11.6 KiB
// with A_hat^T cached, 1.8 / 2.7 / 3.6 KiB without (TESSERA_CACHE_MATRIX=OFF), 0.8 / 1.2 /
// 1.6 KiB in small-stack mode (TESSERA_SMALL_STACK: no t_hat, no A_hat^T); a
// DecapsulationKey is 0.9 / 1.3 / 1.6 KiB more (dk_pke, z, the seed); a KeyPair holds both.
// Keys are built inside the Result that returns them. Every operation's temporaries are on
// the stack; no heap.
#pragma once

#include <tessera/concepts.hpp>
#include <tessera/export.hpp>
#include <tessera/options.hpp>
#include <tessera/result.hpp>
#include <tessera/secret.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

// Default visibility for everything declared here: the Kem<Params> instantiations take
// their visibility from the parameter constants, which must be exported with them.
#pragma GCC visibility push(default)

namespace tessera::mlkem {

// One parameter set (FIPS 203, Table 2); sizes follow from it (Table 3).
struct Params {
  const char* name;
  int k;
  int eta1;
  int eta2;
  int du;
  int dv;

  constexpr std::size_t ek_bytes() const noexcept { return 384 * static_cast<std::size_t>(k) + 32; }
  constexpr std::size_t dk_pke_bytes() const noexcept { return 384 * static_cast<std::size_t>(k); }
  constexpr std::size_t dk_bytes() const noexcept { return 768 * static_cast<std::size_t>(k) + 96; }
  constexpr std::size_t ct_bytes() const noexcept {
    return 32 * (static_cast<std::size_t>(du) * static_cast<std::size_t>(k) + static_cast<std::size_t>(dv));
  }
};

inline constexpr Params kMlKem512{"ML-KEM-512", 2, 3, 2, 10, 4};
inline constexpr Params kMlKem768{"ML-KEM-768", 3, 2, 2, 10, 4};
inline constexpr Params kMlKem1024{"ML-KEM-1024", 4, 2, 2, 11, 5};

// FIPS 203, Table 3 (sizes in bytes).
static_assert(kMlKem512.ek_bytes() == 800 && kMlKem512.dk_bytes() == 1632 && kMlKem512.ct_bytes() == 768);
static_assert(kMlKem768.ek_bytes() == 1184 && kMlKem768.dk_bytes() == 2400 && kMlKem768.ct_bytes() == 1088);
static_assert(kMlKem1024.ek_bytes() == 1568 && kMlKem1024.dk_bytes() == 3168 && kMlKem1024.ct_bytes() == 1568);

inline constexpr std::size_t kSeedBytes = 64;          // d || z
inline constexpr std::size_t kSharedSecretBytes = 32;  // K
inline constexpr std::size_t kMessageBytes = 32;       // m (encapsulation randomness)

using Seed = SecretArray<kSeedBytes>;
using SharedSecret = SecretArray<kSharedSecretBytes>;

namespace detail {
// k polynomials of 256 coefficients in the NTT domain, contiguous (the layout the
// basemul_acc kernel expects), and a k x k matrix of them (row i: the k entries multiplied
// with a vector to give entry i of the product). Coefficients as src/mlkem/kernels.hpp says.
template <int K>
struct alignas(32) NttVec {
  std::int16_t c[K][256];
};
template <int K>
struct Matrix {
  NttVec<K> row[K];
};
}  // namespace detail

// ML-KEM for one parameter set. All functions are noexcept, use no heap, and run in time
// independent of secret data.
template <const Params& P>
struct TESSERA_API Kem {
  static constexpr const Params& params = P;
  static constexpr const char* name = P.name;
  static constexpr std::size_t public_key_bytes = P.ek_bytes();
  static constexpr std::size_t private_key_bytes = P.dk_bytes();  // the expanded dk
  static constexpr std::size_t ciphertext_bytes = P.ct_bytes();
  static constexpr std::size_t shared_secret_bytes = kSharedSecretBytes;
  static constexpr std::size_t seed_bytes = kSeedBytes;
  // FIPS 203 names of the same sizes.
  static constexpr std::size_t ek_bytes = public_key_bytes;
  static constexpr std::size_t dk_bytes = private_key_bytes;
  static constexpr std::size_t ct_bytes = ciphertext_bytes;

  using Ciphertext = std::array<std::uint8_t, ciphertext_bytes>;
  using SharedSecret = mlkem::SharedSecret;
  using Seed = mlkem::Seed;

  class DecapsulationKey;
  struct KeyPair;
  // A parsed encapsulation key (public; copyable).
  class TESSERA_API EncapsulationKey {
   public:
    // FIPS 203, s7.2: Error::invalid_length unless ek_bytes; Error::invalid_key if a
    // coefficient of t_hat is >= q (ByteEncode_12(ByteDecode_12(ek)) != ek).
    [[nodiscard]] static Result<EncapsulationKey> from_bytes(std::span<const std::uint8_t> ek) noexcept;
    std::span<const std::uint8_t, ek_bytes> bytes() const noexcept { return ek_; }
    // H(ek) (FIPS 203, eq. 4.4), computed once.
    std::span<const std::uint8_t, 32> hash() const noexcept { return h_; }

   private:
    EncapsulationKey() noexcept {}  // filled in by the library (value-initialization would zero it first)
    friend struct Kem;
    friend class DecapsulationKey;
    friend struct KeyPair;
    friend class Result<EncapsulationKey>;  // built in place
    // ByteDecode_12 with the s7.2 check, then ek, H(ek) and (cached) A_hat^T into key, which
    // lives inside the Result that returns it. False, with key unfinished, if ek fails s7.2.
    static bool parse_into(EncapsulationKey& key, const std::uint8_t* ek) noexcept;
    static Result<EncapsulationKey> build(const std::uint8_t* ek) noexcept;  // from_bytes past its length check
    std::array<std::uint8_t, ek_bytes> ek_;
    std::array<std::uint8_t, 32> h_;
#if !TESSERA_SMALL_STACK  // small-stack mode decodes t_hat from ek_ where it is used
    detail::NttVec<P.k> t_hat_;    // ByteDecode_12 of ek[0 : 384k], in [0, q)
#if TESSERA_CACHE_MATRIX
    detail::Matrix<P.k> a_hat_t_;  // A_hat^T: row i holds column i of A_hat
#endif
#endif
  };

  // A decapsulation key: the expanded dk with its encapsulation key parsed, and the seed
  // when it was made from one. Move-only (clone() copies); secrets are wiped on destruction.
  class TESSERA_API DecapsulationKey {
   public:
    // FIPS 203, Algorithm 16 (ML-KEM.KeyGen_internal) from the 64-byte seed d || z, once.
    [[nodiscard]] static Result<DecapsulationKey> from_seed(std::span<const std::uint8_t> seed) noexcept;
    // The expanded dk = dk_pke || ek || H(ek) || z: Error::invalid_length unless dk_bytes;
    // Error::invalid_key if the s7.3 hash check fails or the ek inside fails s7.2.
    [[nodiscard]] static Result<DecapsulationKey> from_bytes(std::span<const std::uint8_t> dk) noexcept;

    bool has_seed() const noexcept { return has_seed_; }
    // The seed d || z; Error::unsupported when the key was imported in expanded form.
    [[nodiscard]] Result<Seed> seed() const noexcept;
    // The expanded dk (FIPS 203, Algorithm 16, step 3).
    SecretArray<dk_bytes> bytes() const noexcept;
    const EncapsulationKey& public_key() const noexcept { return ek_; }
    DecapsulationKey clone() const noexcept;

   private:
    DecapsulationKey() noexcept {}  // filled in by the library, as above
    friend struct Kem;
    friend struct KeyPair;
    friend class Result<DecapsulationKey>;  // built in place: secrets never pass through temporaries
    // Algorithm 16 from d || z into this key (A_hat^T, t_hat, H(ek) and the seed kept).
    void expand(const std::uint8_t* seed) noexcept;
    // The key built inside its Result (one return: NRVO) once the seed's length is checked.
    static Result<DecapsulationKey> build_from_seed(const std::uint8_t* seed) noexcept;
    static Result<DecapsulationKey> build_from_bytes(const std::uint8_t* dk) noexcept;
    EncapsulationKey ek_;
    SecretArray<P.dk_pke_bytes()> dk_pke_;  // ByteEncode_12(s_hat)
    SecretArray<32> z_;                      // the implicit-rejection secret
    Seed seed_;
    bool has_seed_ = false;
  };

  using PublicKey = EncapsulationKey;
  using PrivateKey = DecapsulationKey;

  struct KeyPair {
    PublicKey public_key;
    PrivateKey private_key;  // from the seed: seed() gives d || z

   private:
    friend class Result<KeyPair>;  // built in place by generate_key / keygen_internal
    // User-provided, so that Result's in-place construction (value-initialization) does not
    // zero the whole pair (with its cached matrices) before key generation overwrites it.
    KeyPair() noexcept {}
  };
  struct Encapsulation {
    Ciphertext ciphertext;
    SharedSecret shared_secret;
  };

  // FIPS 203, Algorithm 19 (ML-KEM.KeyGen): d and z from the OS entropy source.
  // (The key pair is built inside its Result by a private helper, see mlkem.cpp.)
  // Error::randomness_failure if the source fails.
  [[nodiscard]] static Result<KeyPair> generate_key() noexcept;
  // FIPS 203, Algorithm 16 (ML-KEM.KeyGen_internal), deterministic; d and z are 32 bytes each.
  [[nodiscard]] static Result<KeyPair> keygen_internal(std::span<const std::uint8_t> d,
                                                       std::span<const std::uint8_t> z) noexcept;

  // FIPS 203, Algorithm 20 (ML-KEM.Encaps): m from the OS entropy source. The s7.2 check
  // ran when ek was parsed.
  [[nodiscard]] static Result<Encapsulation> encapsulate(const EncapsulationKey& ek) noexcept;
  // FIPS 203, Algorithm 17 (ML-KEM.Encaps_internal), deterministic; m is 32 bytes.
  [[nodiscard]] static Result<Encapsulation> encaps_internal(const EncapsulationKey& ek,
                                                             std::span<const std::uint8_t> m) noexcept;

  // FIPS 203, Algorithm 21 (ML-KEM.Decaps). Error::invalid_length unless ct_bytes.
  [[nodiscard]] static Result<SharedSecret> decapsulate(const DecapsulationKey& dk,
                                                        std::span<const std::uint8_t> ct) noexcept;
  // The same from the expanded dk_bytes-byte dk, for a key that decapsulates once: the checks
  // and errors of DecapsulationKey::from_bytes (invalid_length, invalid_key), then the same
  // shared secret as decapsulate() with the parsed key, without building the key object. Its
  // A_hat^T, the s7.3 hash check's H(ek) and J(z || c) then share the Keccak lanes (with AVX2
  // or AVX-512, 9-18% less time than from_bytes and decapsulate). A key used more than once
  // is faster parsed once.
  [[nodiscard]] static Result<SharedSecret> decapsulate(std::span<const std::uint8_t> dk,
                                                        std::span<const std::uint8_t> ct) noexcept;

 private:
  // The results built in place once the lengths are checked (one return each: NRVO; a
  // function with a second return of another object gets none, and its Result goes through
  // a stack temporary).
  static Result<KeyPair> build_key_pair(std::span<const std::uint8_t> d, std::span<const std::uint8_t> z) noexcept;
  static Result<Encapsulation> build_encapsulation(const EncapsulationKey& ek, const std::uint8_t* m) noexcept;
  static Result<SharedSecret> build_shared_secret(const DecapsulationKey& dk, const std::uint8_t* ct) noexcept;
  static Result<SharedSecret> build_shared_secret(const std::uint8_t* dk, const std::uint8_t* ct) noexcept;
};

using MlKem512 = Kem<kMlKem512>;
using MlKem768 = Kem<kMlKem768>;
using MlKem1024 = Kem<kMlKem1024>;

extern template struct Kem<kMlKem512>;
extern template struct Kem<kMlKem768>;
extern template struct Kem<kMlKem1024>;

static_assert(KemScheme<MlKem512> && KemScheme<MlKem768> && KemScheme<MlKem1024>);

}  // namespace tessera::mlkem
#pragma GCC visibility pop
