// ML-KEM (FIPS 203): the module-lattice key-encapsulation mechanism, all three parameter sets.
//
//   using tessera::mlkem::MlKem768;
//   auto kp = MlKem768::keygen();                      // seed-form private key d||z + ek
//   auto enc = MlKem768::encaps(kp->ek);               // ciphertext + 32-byte shared secret
//   auto ss = MlKem768::decaps(kp->seed.span(), enc->ct);
//
// Private keys: the 64-byte seed d||z (FIPS 203, s3.3 and Algorithm 16) is the default form;
// expand_seed() turns it into the expanded decapsulation key of Algorithm 16 (1632/2400/3168
// bytes), which decaps_expanded() accepts and which can be stored and imported as such.
// Every function that takes bytes checks their length (Error::invalid_length) and the key
// checks of FIPS 203 s7 (Error::invalid_key); on error no output is produced. A ciphertext of
// the right length is never an error: decapsulation then returns the implicit-rejection key.
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

template <const Params& P>
struct KeyPair {
  Seed seed;                                        // the private key, d || z
  std::array<std::uint8_t, P.ek_bytes()> ek;        // the encapsulation key
};

template <const Params& P>
struct Encapsulation {
  std::array<std::uint8_t, P.ct_bytes()> ct;
  SharedSecret shared_secret;
};

// ML-KEM for one parameter set. All functions are noexcept, use no heap, and run in time
// independent of secret data.
template <const Params& P>
struct TESSERA_API Kem {
  static constexpr const Params& params = P;
  static constexpr std::size_t ek_bytes = P.ek_bytes();
  static constexpr std::size_t dk_bytes = P.dk_bytes();
  static constexpr std::size_t ct_bytes = P.ct_bytes();
  static constexpr std::size_t seed_bytes = kSeedBytes;
  static constexpr std::size_t shared_secret_bytes = kSharedSecretBytes;

  using EncapsulationKey = std::array<std::uint8_t, P.ek_bytes()>;
  using DecapsulationKey = SecretArray<P.dk_bytes()>;  // expanded form
  using Ciphertext = std::array<std::uint8_t, P.ct_bytes()>;

  // FIPS 203, Algorithm 19 (ML-KEM.KeyGen): d and z from the OS entropy source.
  // Error::randomness_failure if the source fails.
  [[nodiscard]] static Result<KeyPair<P>> keygen() noexcept;
  // FIPS 203, Algorithm 16 (ML-KEM.KeyGen_internal), deterministic; d and z are 32 bytes each.
  [[nodiscard]] static Result<KeyPair<P>> keygen_internal(std::span<const std::uint8_t> d,
                                                         std::span<const std::uint8_t> z) noexcept;
  // The expanded decapsulation key dk of Algorithm 16 from the 64-byte seed d || z.
  [[nodiscard]] static Result<DecapsulationKey> expand_seed(std::span<const std::uint8_t> seed) noexcept;
  // The encapsulation key of a seed-form private key.
  [[nodiscard]] static Result<EncapsulationKey> encapsulation_key(std::span<const std::uint8_t> seed) noexcept;

  // FIPS 203, Algorithm 20 (ML-KEM.Encaps): m from the OS entropy source. Checks ek (s7.2).
  [[nodiscard]] static Result<Encapsulation<P>> encaps(std::span<const std::uint8_t> ek) noexcept;
  // FIPS 203, Algorithm 17 (ML-KEM.Encaps_internal), deterministic; m is 32 bytes.
  [[nodiscard]] static Result<Encapsulation<P>> encaps_internal(std::span<const std::uint8_t> ek,
                                                               std::span<const std::uint8_t> m) noexcept;

  // FIPS 203, Algorithm 21 (ML-KEM.Decaps) with the seed-form private key d || z.
  [[nodiscard]] static Result<SharedSecret> decaps(std::span<const std::uint8_t> seed,
                                                   std::span<const std::uint8_t> ct) noexcept;
  // FIPS 203, Algorithm 21 with the expanded decapsulation key; checks dk (s7.3).
  [[nodiscard]] static Result<SharedSecret> decaps_expanded(std::span<const std::uint8_t> dk,
                                                            std::span<const std::uint8_t> ct) noexcept;

  // FIPS 203, s7.2: length and modulus check of an encapsulation key.
  [[nodiscard]] static Result<void> check_encapsulation_key(std::span<const std::uint8_t> ek) noexcept;
  // FIPS 203, s7.3: length and hash check (H(ek) stored in dk) of an expanded decapsulation key.
  [[nodiscard]] static Result<void> check_decapsulation_key(std::span<const std::uint8_t> dk) noexcept;
  // Both forms given: dk must be expand_seed(seed) (compared in constant time).
  [[nodiscard]] static Result<void> check_key_consistency(std::span<const std::uint8_t> seed,
                                                          std::span<const std::uint8_t> dk) noexcept;
};

using MlKem512 = Kem<kMlKem512>;
using MlKem768 = Kem<kMlKem768>;
using MlKem1024 = Kem<kMlKem1024>;

extern template struct Kem<kMlKem512>;
extern template struct Kem<kMlKem768>;
extern template struct Kem<kMlKem1024>;

}  // namespace tessera::mlkem
#pragma GCC visibility pop
