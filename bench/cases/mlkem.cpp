// ML-KEM (FIPS 203) key generation, encapsulation and decapsulation, all three parameter
// sets, through the public API (include/tessera/mlkem.hpp), with the rows of
// cases/kem_cases.hpp. What each timed call includes:
//   key gen               generate_key(): d, z from the OS entropy source, Algorithm 16; a
//                         DecapsulationKey (expanded once, A_hat^T kept) and its ek
//   encap                 from the ek bytes: EncapsulationKey::from_bytes (the s7.2 check,
//                         H(ek), A_hat^T) and encapsulate (m from the OS, Algorithm 17):
//                         what the peers compute, bytes in
//   encap (key object)    encapsulate() with a parsed EncapsulationKey
//   decap (expanded dk)   from the 1632/2400/3168-byte expanded dk: decapsulate(dk bytes, ct)
//                         (the s7.2 and s7.3 checks, then Algorithm 18, A_hat^T, H(ek) and
//                         J in the same Keccak lanes, no key object); the form liboqs and
//                         wolfSSL decapsulate with, so compare peers here
//   decap (seed)          from the 64-byte seed bytes: from_seed (Algorithm 16) and decapsulate
//   decap (key object)    decapsulate() with a parsed DecapsulationKey (any form)
// Keys and ciphertexts are made once per case (outside the timed region).
#include "cases/kem_cases.hpp"
#include "cases/part_acceleration.hpp"

#include "hash/keccak/keccak.hpp"
#include "mlkem/kernels.hpp"
#include "tessera_config.hpp"
#if TESSERA_HAVE_NEON
#include "hash/keccak/neon.hpp"
#endif

#include <tessera/mlkem.hpp>

#include <string>
#include <vector>

namespace tessera::bench {

const char* keccak_batched_label([[maybe_unused]] Backend b, int ways) {
#if TESSERA_HAVE_NEON
  if (keccak::kernels_for(b).f1600_x4 == &keccak::f1600_x4_neon_sha3) {
    return ways == 8 ? "Keccak x8 (SHA3)" : "Keccak x4 (SHA3)";
  }
#endif
  return ways == 8 ? "Keccak x8" : "Keccak x4";
}

std::string mlkem_acceleration(Backend b) {
  return describe_acceleration(
      b, {{"NTT/arithmetic", &mlkem::kernels_for(b) != &mlkem::kernels_for(Backend::portable)},
          {keccak_batched_label(b, 4), keccak::kernels_for(b).f1600_x4 != keccak::kernels_for(Backend::portable).f1600_x4},
          {"Keccak", keccak::kernels_for(b).f1600 != keccak::kernels_for(Backend::portable).f1600}});
}

namespace {

template <class K>
void add_cases(std::vector<Case>& cases, int strength, const char* label) {
  // The FIPS 203 dk is the expanded form: that row is "decap (expanded dk)".
  add_kem_cases<K>(cases, strength, label, "decap (expanded dk)", mlkem_acceleration);
}

std::vector<Case> make_cases() {
  std::vector<Case> cases;
  add_cases<mlkem::MlKem512>(cases, 128, "ML-KEM 512");
  add_cases<mlkem::MlKem768>(cases, 192, "ML-KEM 768");
  add_cases<mlkem::MlKem1024>(cases, 256, "ML-KEM 1024");
  return cases;
}

const Registration kCases{make_cases()};

}  // namespace
}  // namespace tessera::bench
