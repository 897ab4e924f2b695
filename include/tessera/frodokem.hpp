// FrodoKEM: the learning-with-errors key-encapsulation mechanism, all six parameter sets
// (640/976/1344, each with AES-128 or SHAKE128 generation of the matrix A), in both
// variants of the current specification (FrodoKEM, ISO/IEC standardization proposal,
// 2023, Sections 8.1-8.3):
//   FrodoKEM   the salted KEM: encapsulation draws a public salt of 2*len_sec bits that
//              travels at the end of the ciphertext and enters G2 and F; for keys used
//              many times (IND-CCA with multi-target protection).
//   eFrodoKEM  the ephemeral variant: no salt, len_SE = len_sec; for keys used a few times.
//
//   using tessera::frodokem::FrodoKem640Aes;
//   auto kp = FrodoKem640Aes::keygen();
//   auto enc = FrodoKem640Aes::encaps(kp->pk);        // ciphertext + shared secret
//   auto ss = FrodoKem640Aes::decaps(kp->sk.span(), enc->ct);
//
// Every function that takes bytes checks their length (Error::invalid_length); on error no
// output is produced. A ciphertext of the right length is never an error: decapsulation then
// returns the implicit-rejection key F(c || s).
//
// Stack use (large temporaries are on the stack, there is no heap), measured on x86-64 with
// g++ 12 -O2 by filling the stack with a pattern before each operation: about 61 KiB for
// FrodoKEM-640-AES, 79 KiB for 976-SHAKE, 108-111 KiB for 1344-SHAKE and 129 KiB for
// 1344-AES (keygen, encaps and decaps alike).
#pragma once

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

template <const Params& P>
struct KeyPair {
  std::array<std::uint8_t, P.pk_bytes()> pk;  // seed_A || b
  SecretArray<P.sk_bytes()> sk;               // s || seed_A || b || S^T || pkh
};

template <const Params& P>
struct Encapsulation {
  std::array<std::uint8_t, P.ct_bytes()> ct;  // c1 || c2 (|| salt)
  SecretArray<P.ss_bytes()> shared_secret;
};

// FrodoKEM or eFrodoKEM for one parameter set. All functions are noexcept, use no heap,
// and run in time independent of secret data.
template <const Params& P>
struct TESSERA_API Kem {
  static constexpr const Params& params = P;
  static constexpr std::size_t pk_bytes = P.pk_bytes();
  static constexpr std::size_t sk_bytes = P.sk_bytes();
  static constexpr std::size_t ct_bytes = P.ct_bytes();
  static constexpr std::size_t shared_secret_bytes = P.ss_bytes();
  static constexpr std::size_t s_bytes = P.sec_bytes();        // keygen_internal: s
  static constexpr std::size_t seed_se_bytes = P.seed_se_bytes();  // keygen_internal: seed_SE
  static constexpr std::size_t z_bytes = Params::seed_a_bytes;     // keygen_internal: z
  static constexpr std::size_t mu_bytes = P.mu_bytes();            // encaps_internal: mu
  static constexpr std::size_t salt_bytes = P.salt_bytes();        // encaps_internal: salt

  using PublicKey = std::array<std::uint8_t, P.pk_bytes()>;
  using SecretKey = SecretArray<P.sk_bytes()>;
  using Ciphertext = std::array<std::uint8_t, P.ct_bytes()>;
  using SharedSecret = SecretArray<P.ss_bytes()>;

  // FrodoKEM.KeyGen (Section 8.1): s || seed_SE || z from the OS entropy source.
  // Error::randomness_failure if the source fails.
  [[nodiscard]] static Result<KeyPair<P>> keygen() noexcept;
  // FrodoKEM.KeyGen with the given randomness (s: len_sec, seed_SE: len_SE, z: len_A bits);
  // deterministic, for tests and known-answer generation.
  [[nodiscard]] static Result<KeyPair<P>> keygen_internal(std::span<const std::uint8_t> s,
                                                         std::span<const std::uint8_t> seed_se,
                                                         std::span<const std::uint8_t> z) noexcept;

  // FrodoKEM.Encaps (Section 8.2): mu (and the salt) from the OS entropy source.
  [[nodiscard]] static Result<Encapsulation<P>> encaps(std::span<const std::uint8_t> pk) noexcept;
  // FrodoKEM.Encaps with the given mu (len_sec bits) and salt (len_salt bits; empty for
  // eFrodoKEM); deterministic.
  [[nodiscard]] static Result<Encapsulation<P>> encaps_internal(std::span<const std::uint8_t> pk,
                                                               std::span<const std::uint8_t> mu,
                                                               std::span<const std::uint8_t> salt) noexcept;

  // FrodoKEM.Decaps (Section 8.3). A modified ciphertext yields the implicit-rejection key.
  [[nodiscard]] static Result<SharedSecret> decaps(std::span<const std::uint8_t> sk,
                                                   std::span<const std::uint8_t> ct) noexcept;
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

extern template struct Kem<kFrodoKem640Aes>;
extern template struct Kem<kFrodoKem640Shake>;
extern template struct Kem<kFrodoKem976Aes>;
extern template struct Kem<kFrodoKem976Shake>;
extern template struct Kem<kFrodoKem1344Aes>;
extern template struct Kem<kFrodoKem1344Shake>;
extern template struct Kem<kEFrodoKem640Aes>;
extern template struct Kem<kEFrodoKem640Shake>;
extern template struct Kem<kEFrodoKem976Aes>;
extern template struct Kem<kEFrodoKem976Shake>;
extern template struct Kem<kEFrodoKem1344Aes>;
extern template struct Kem<kEFrodoKem1344Shake>;

}  // namespace tessera::frodokem
#pragma GCC visibility pop
