// FrodoKEM: the learning-with-errors key-encapsulation mechanism, all six parameter sets
// (640/976/1344, each with AES-128 or SHAKE128 generation of the matrix A), in both
// variants of the current specification (FrodoKEM, ISO/IEC standardization proposal,
// 2023, Sections 8.1-8.3):
//   FrodoKEM   the salted KEM: encapsulation draws a public salt of 2*len_sec bits that
//              travels at the end of the ciphertext and enters G2 and F; for keys used
//              many times (IND-CCA with multi-target protection).
//   eFrodoKEM  the ephemeral variant: no salt, len_SE = len_sec; for keys used a few times.
//
// Keys are objects (the shape of every KEM here, tessera::KemScheme in concepts.hpp): a
// PublicKey caches pkh = SHAKE(pk) so that encapsulation does not hash the 9.6-21.5 KB key
// again, a PrivateKey is checked once when parsed and wipes s and S^T when it goes away.
//
//   using K = tessera::frodokem::FrodoKem640Aes;
//   auto kp = K::generate_key();
//   if (!kp) return kp.error();
//   auto enc = K::encapsulate(kp->public_key);                       // ciphertext + shared secret
//   if (!enc) return enc.error();
//   auto ss = K::decapsulate(kp->private_key, enc->ciphertext);      // == enc->shared_secret
//   if (!ss) return ss.error();
//   // Bytes from a peer or from storage are parsed once:
//   auto pk = K::PublicKey::from_bytes(kp->public_key.bytes());      // Result<K::PublicKey>
//   auto sk = K::PrivateKey::from_bytes(kp->private_key.bytes().span());
//
// Every function that takes bytes checks their length (Error::invalid_length); on error no
// output is produced. PrivateKey::from_bytes also checks that the encoding is consistent
// (Error::invalid_key). A ciphertext of the right length is never an error: decapsulation
// then returns the implicit-rejection key F(c || s). Result::what() names the argument:
// "FrodoKEM public key", "FrodoKEM private key", "FrodoKEM private key (pkh does not match
// pk)", "FrodoKEM private key (an entry of S^T outside the error distribution)", "FrodoKEM
// ciphertext", "FrodoKEM s (len_sec bits)", "FrodoKEM seed_SE (len_SE bits)", "FrodoKEM z
// (len_A bits)", "FrodoKEM mu (len_sec bits)", "FrodoKEM salt (len_salt bits)"; and for
// Error::randomness_failure "FrodoKEM s || seed_SE || z", "FrodoKEM mu || salt".
//
// Stack use (there is no heap; the key objects and ciphertexts are as large as their
// encodings, and the Results are built in place, in the caller's object). Default paths,
// measured on x86-64 with g++ 12 -O3 (avx512; the other backends alike) by running each
// call on a stack filled with a pattern:
//                        640 AES/SHAKE     976 AES/SHAKE     1344 AES/SHAKE
//   keygen_internal      37 / 25 KiB       52 / 35 KiB       70 / 47 KiB
//   encaps_internal      36 KiB            52 KiB            70 KiB
//   decapsulate          58 KiB            85 KiB            115 KiB
// In small-stack builds (TESSERA_SMALL_STACK, the Cortex-M presets) A is generated one row
// at a time and written into the outputs (docs/embedded.md): on a Cortex-M7 at -Os key
// generation takes 3.3 KiB and encapsulation 6.1 KiB for every parameter set, and
// decapsulation 2 n nbar bytes more than that for B'' (15.9 KiB for 640, 27 KiB for 1344).
#pragma once

#include <tessera/concepts.hpp>
#include <tessera/export.hpp>
#include <tessera/result.hpp>
#include <tessera/secret.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

// Default visibility for everything declared here: the Kem<Params> instantiations take
// their visibility from the parameter constants, which must be exported with them.
#pragma GCC visibility push(default)

namespace tessera::frodokem {

// How the matrix A is generated from seed_A (spec Section 7.6: Frodo.Gen).
enum class MatrixGen : std::uint8_t { aes128, shake128 };
// FrodoKEM (salted, Section 8) or eFrodoKEM (ephemeral, no salt).
enum class Variant : std::uint8_t { frodokem, efrodokem };

// One parameter set (spec Table A.1/A.2); sizes follow from it (Table A.3).
struct Params {
  const char* name;
  int n;            // the LWE dimension
  int logq;         // D: q = 2^D
  int b;            // B: bits encoded per matrix entry
  int len_sec;      // len_sec / 8: bytes of s, pkh, k, mu and the shared secret
  Variant variant;
  MatrixGen gen;

  static constexpr int nbar = 8;           // n-bar = m-bar
  static constexpr int seed_a_bytes = 16;  // len_A / 8

  constexpr std::size_t n_bytes() const noexcept { return static_cast<std::size_t>(n); }
  constexpr std::size_t sec_bytes() const noexcept { return static_cast<std::size_t>(len_sec); }
  // len_SE / 8: 2*len_sec for FrodoKEM, len_sec for eFrodoKEM.
  constexpr std::size_t seed_se_bytes() const noexcept {
    return variant == Variant::frodokem ? 2 * sec_bytes() : sec_bytes();
  }
  // len_salt / 8: 2*len_sec for FrodoKEM, 0 for eFrodoKEM.
  constexpr std::size_t salt_bytes() const noexcept { return variant == Variant::frodokem ? 2 * sec_bytes() : 0; }
  constexpr std::size_t mu_bytes() const noexcept { return static_cast<std::size_t>(b) * nbar * nbar / 8; }
  constexpr std::size_t c1_bytes() const noexcept { return static_cast<std::size_t>(logq) * n_bytes() * nbar / 8; }
  constexpr std::size_t c2_bytes() const noexcept { return static_cast<std::size_t>(logq) * nbar * nbar / 8; }
  constexpr std::size_t pk_bytes() const noexcept { return seed_a_bytes + c1_bytes(); }
  // s || pk || S^T (16-bit entries) || pkh.
  constexpr std::size_t sk_bytes() const noexcept {
    return sec_bytes() + pk_bytes() + 2 * n_bytes() * nbar + sec_bytes();
  }
  constexpr std::size_t ct_bytes() const noexcept { return c1_bytes() + c2_bytes() + salt_bytes(); }
  constexpr std::size_t ss_bytes() const noexcept { return sec_bytes(); }
};

inline constexpr Params kFrodoKem640Aes{"FrodoKEM-640-AES", 640, 15, 2, 16, Variant::frodokem, MatrixGen::aes128};
inline constexpr Params kFrodoKem640Shake{"FrodoKEM-640-SHAKE", 640, 15, 2, 16, Variant::frodokem, MatrixGen::shake128};
inline constexpr Params kFrodoKem976Aes{"FrodoKEM-976-AES", 976, 16, 3, 24, Variant::frodokem, MatrixGen::aes128};
inline constexpr Params kFrodoKem976Shake{"FrodoKEM-976-SHAKE", 976, 16, 3, 24, Variant::frodokem, MatrixGen::shake128};
inline constexpr Params kFrodoKem1344Aes{"FrodoKEM-1344-AES", 1344, 16, 4, 32, Variant::frodokem, MatrixGen::aes128};
inline constexpr Params kFrodoKem1344Shake{"FrodoKEM-1344-SHAKE", 1344, 16, 4, 32, Variant::frodokem, MatrixGen::shake128};
inline constexpr Params kEFrodoKem640Aes{"eFrodoKEM-640-AES", 640, 15, 2, 16, Variant::efrodokem, MatrixGen::aes128};
inline constexpr Params kEFrodoKem640Shake{"eFrodoKEM-640-SHAKE", 640, 15, 2, 16, Variant::efrodokem, MatrixGen::shake128};
inline constexpr Params kEFrodoKem976Aes{"eFrodoKEM-976-AES", 976, 16, 3, 24, Variant::efrodokem, MatrixGen::aes128};
inline constexpr Params kEFrodoKem976Shake{"eFrodoKEM-976-SHAKE", 976, 16, 3, 24, Variant::efrodokem, MatrixGen::shake128};
inline constexpr Params kEFrodoKem1344Aes{"eFrodoKEM-1344-AES", 1344, 16, 4, 32, Variant::efrodokem, MatrixGen::aes128};
inline constexpr Params kEFrodoKem1344Shake{"eFrodoKEM-1344-SHAKE", 1344, 16, 4, 32, Variant::efrodokem, MatrixGen::shake128};

// Spec Table A.3 (sizes in bytes; the KAT files are named after the secret-key size).
static_assert(kFrodoKem640Aes.pk_bytes() == 9616 && kFrodoKem640Aes.sk_bytes() == 19888 &&
              kFrodoKem640Aes.ct_bytes() == 9752 && kFrodoKem640Aes.ss_bytes() == 16);
static_assert(kFrodoKem976Aes.pk_bytes() == 15632 && kFrodoKem976Aes.sk_bytes() == 31296 &&
              kFrodoKem976Aes.ct_bytes() == 15792 && kFrodoKem976Aes.ss_bytes() == 24);
static_assert(kFrodoKem1344Aes.pk_bytes() == 21520 && kFrodoKem1344Aes.sk_bytes() == 43088 &&
              kFrodoKem1344Aes.ct_bytes() == 21696 && kFrodoKem1344Aes.ss_bytes() == 32);
static_assert(kEFrodoKem640Aes.pk_bytes() == 9616 && kEFrodoKem640Aes.sk_bytes() == 19888 &&
              kEFrodoKem640Aes.ct_bytes() == 9720);
static_assert(kEFrodoKem976Aes.pk_bytes() == 15632 && kEFrodoKem976Aes.sk_bytes() == 31296 &&
              kEFrodoKem976Aes.ct_bytes() == 15744);
static_assert(kEFrodoKem1344Aes.pk_bytes() == 21520 && kEFrodoKem1344Aes.sk_bytes() == 43088 &&
              kEFrodoKem1344Aes.ct_bytes() == 21632);
static_assert(kFrodoKem640Aes.mu_bytes() == 16 && kFrodoKem976Aes.mu_bytes() == 24 &&
              kFrodoKem1344Aes.mu_bytes() == 32);

// FrodoKEM or eFrodoKEM for one parameter set, in the shape of tessera::KemScheme
// (concepts.hpp). All functions are noexcept, use no heap, and run in time independent of
// secret data.
template <const Params& P>
class TESSERA_API Kem {
 public:
  static constexpr const Params& params = P;
  static constexpr const char* name = P.name;
  static constexpr std::size_t public_key_bytes = P.pk_bytes();      // seed_A || b
  static constexpr std::size_t private_key_bytes = P.sk_bytes();     // s || seed_A || b || S^T || pkh
  static constexpr std::size_t ciphertext_bytes = P.ct_bytes();      // c1 || c2 (|| salt)
  static constexpr std::size_t shared_secret_bytes = P.ss_bytes();
  static constexpr std::size_t s_bytes = P.sec_bytes();            // keygen_internal: s
  static constexpr std::size_t seed_se_bytes = P.seed_se_bytes();  // keygen_internal: seed_SE
  static constexpr std::size_t z_bytes = Params::seed_a_bytes;     // keygen_internal: z
  static constexpr std::size_t mu_bytes = P.mu_bytes();            // encaps_internal: mu
  static constexpr std::size_t salt_bytes = P.salt_bytes();        // encaps_internal: salt
  static constexpr std::size_t pkh_bytes = P.sec_bytes();          // len_sec / 8
  static constexpr std::size_t st_bytes = 2 * P.n_bytes() * Params::nbar;  // S^T, 16 bits an entry
  // |e| <= max_error for every sample of the error distribution (the CDF table has
  // max_error + 1 entries, spec Table A.1): 12 for 640, 10 for 976, 6 for 1344.
  static constexpr int max_error = P.n == 640 ? 12 : P.n == 976 ? 10 : 6;

  using Ciphertext = std::array<std::uint8_t, ciphertext_bytes>;
  using SharedSecret = SecretArray<shared_secret_bytes>;

  class PrivateKey;
  struct KeyPair;
  // A public key and pkh = SHAKE(pk, len_sec) (spec Section 8.1 step 10), hashed once here
  // rather than in every encapsulation. Every byte string of the right length is a public key.
  class TESSERA_API PublicKey {
   public:
    // Error::invalid_length unless b.size() == public_key_bytes.
    [[nodiscard]] static Result<PublicKey> from_bytes(std::span<const std::uint8_t> b) noexcept;
    std::span<const std::uint8_t, public_key_bytes> bytes() const noexcept { return pk_; }
    std::span<const std::uint8_t, pkh_bytes> pkh() const noexcept { return pkh_; }
    bool operator==(const PublicKey&) const noexcept = default;

   private:
    PublicKey() noexcept = default;
    std::array<std::uint8_t, public_key_bytes> pk_{};
    std::array<std::uint8_t, pkh_bytes> pkh_{};
    friend class Kem;
    friend class PrivateKey;
    friend struct KeyPair;
    friend class Result<PublicKey>;  // built in place
  };

  // A private key: s and S^T (wiped on destruction and when moved from) and the public key
  // (with its pkh). Explicit copies only (clone()).
  class TESSERA_API PrivateKey {
   public:
    // Parses s || seed_A || b || S^T || pkh. Error::invalid_length on a wrong size;
    // Error::invalid_key unless pkh == SHAKE(seed_A || b, len_sec) and every entry of S^T
    // is in the support of the error distribution (|e| <= max_error).
    [[nodiscard]] static Result<PrivateKey> from_bytes(std::span<const std::uint8_t> b) noexcept;
    // The encoding s || seed_A || b || S^T || pkh (spec Section 8.1 step 9).
    [[nodiscard]] SecretArray<private_key_bytes> bytes() const noexcept;
    const PublicKey& public_key() const noexcept { return pk_; }
    [[nodiscard]] PrivateKey clone() const noexcept;

    PrivateKey(const PrivateKey&) = delete;
    PrivateKey& operator=(const PrivateKey&) = delete;
    PrivateKey(PrivateKey&&) noexcept = default;  // SecretArray moves wipe the source
    PrivateKey& operator=(PrivateKey&&) noexcept = default;
    ~PrivateKey() = default;  // the SecretArray members wipe themselves

   private:
    PrivateKey() noexcept = default;
    SecretArray<s_bytes> s_;    // s, the implicit-rejection value
    SecretArray<st_bytes> st_;  // S^T as in the encoding (16-bit little-endian entries)
    PublicKey pk_;
    friend class Kem;
    friend struct KeyPair;
    friend class Result<PrivateKey>;  // built in place: secrets never pass through temporaries
  };

  struct KeyPair {
    PublicKey public_key;
    PrivateKey private_key;
  };

  struct Encapsulation {
    Ciphertext ciphertext;  // c1 || c2 (|| salt)
    SharedSecret shared_secret;
  };

  // FrodoKEM.KeyGen (Section 8.1): s || seed_SE || z from the OS entropy source.
  // Error::randomness_failure if the source fails.
  [[nodiscard]] static Result<KeyPair> generate_key() noexcept;
  // FrodoKEM.KeyGen with the given randomness (s: len_sec, seed_SE: len_SE, z: len_A bits);
  // deterministic, for tests and known-answer generation. Error::invalid_length on a wrong size.
  [[nodiscard]] static Result<KeyPair> keygen_internal(std::span<const std::uint8_t> s,
                                                       std::span<const std::uint8_t> seed_se,
                                                       std::span<const std::uint8_t> z) noexcept;

  // FrodoKEM.Encaps (Section 8.2): mu (and the salt) from the OS entropy source.
  [[nodiscard]] static Result<Encapsulation> encapsulate(const PublicKey& pk) noexcept;
  // FrodoKEM.Encaps with the given mu (len_sec bits) and salt (len_salt bits; empty for
  // eFrodoKEM); deterministic. Error::invalid_length on a wrong size.
  [[nodiscard]] static Result<Encapsulation> encaps_internal(const PublicKey& pk, std::span<const std::uint8_t> mu,
                                                             std::span<const std::uint8_t> salt) noexcept;

  // FrodoKEM.Decaps (Section 8.3). Error::invalid_length unless ct.size() ==
  // ciphertext_bytes; a modified ciphertext yields the implicit-rejection key, not an error.
  [[nodiscard]] static Result<SharedSecret> decapsulate(const PrivateKey& sk, std::span<const std::uint8_t> ct) noexcept;
};

using FrodoKem640Aes = Kem<kFrodoKem640Aes>;
using FrodoKem640Shake = Kem<kFrodoKem640Shake>;
using FrodoKem976Aes = Kem<kFrodoKem976Aes>;
using FrodoKem976Shake = Kem<kFrodoKem976Shake>;
using FrodoKem1344Aes = Kem<kFrodoKem1344Aes>;
using FrodoKem1344Shake = Kem<kFrodoKem1344Shake>;
using EFrodoKem640Aes = Kem<kEFrodoKem640Aes>;
using EFrodoKem640Shake = Kem<kEFrodoKem640Shake>;
using EFrodoKem976Aes = Kem<kEFrodoKem976Aes>;
using EFrodoKem976Shake = Kem<kEFrodoKem976Shake>;
using EFrodoKem1344Aes = Kem<kEFrodoKem1344Aes>;
using EFrodoKem1344Shake = Kem<kEFrodoKem1344Shake>;

extern template class Kem<kFrodoKem640Aes>;
extern template class Kem<kFrodoKem640Shake>;
extern template class Kem<kFrodoKem976Aes>;
extern template class Kem<kFrodoKem976Shake>;
extern template class Kem<kFrodoKem1344Aes>;
extern template class Kem<kFrodoKem1344Shake>;
extern template class Kem<kEFrodoKem640Aes>;
extern template class Kem<kEFrodoKem640Shake>;
extern template class Kem<kEFrodoKem976Aes>;
extern template class Kem<kEFrodoKem976Shake>;
extern template class Kem<kEFrodoKem1344Aes>;
extern template class Kem<kEFrodoKem1344Shake>;

static_assert(KemScheme<FrodoKem640Aes> && KemScheme<FrodoKem640Shake> && KemScheme<FrodoKem976Aes> &&
              KemScheme<FrodoKem976Shake> && KemScheme<FrodoKem1344Aes> && KemScheme<FrodoKem1344Shake>);
static_assert(KemScheme<EFrodoKem640Aes> && KemScheme<EFrodoKem640Shake> && KemScheme<EFrodoKem976Aes> &&
              KemScheme<EFrodoKem976Shake> && KemScheme<EFrodoKem1344Aes> && KemScheme<EFrodoKem1344Shake>);

}  // namespace tessera::frodokem
#pragma GCC visibility pop
