// FrodoKEM and eFrodoKEM key generation, encapsulation and decapsulation, all twelve
// variants, through the public API (include/tessera/frodokem.hpp), with the rows of
// cases/kem_cases.hpp. What each timed call includes:
//   key gen              generate_key(): s || seed_SE || z from the OS entropy source,
//                        FrodoKEM.KeyGen; a PrivateKey and its PublicKey
//   encap                from the pk bytes: PublicKey::from_bytes (pkh = SHAKE(pk)) and
//                        encapsulate (mu (|| salt) from the OS, FrodoKEM.Encaps): what the
//                        peers compute, bytes in
//   encap (key object)   encapsulate() with a parsed PublicKey (pkh cached)
//   decap                from the sk bytes: PrivateKey::from_bytes (SHAKE(pk) == pkh and the
//                        S^T range check) and decapsulate (FrodoKEM.Decaps, re-encryption
//                        included); liboqs decapsulates from the same bytes (without the
//                        check), so compare peers here
//   decap (key object)   decapsulate() with a parsed PrivateKey
// Keys and ciphertexts are made once per case (outside the timed region).
#include "cases/kem_cases.hpp"
#include "cases/part_acceleration.hpp"

#include "frodokem/kernels.hpp"
#include "hash/keccak/keccak.hpp"
#include "symmetric/aes.hpp"

#include <tessera/frodokem.hpp>

#include <string>
#include <vector>

namespace tessera::bench {
namespace {

std::string frodokem_acceleration(Backend b, frodokem::MatrixGen gen) {
  const bool matrix = &frodokem::kernels_for(b) != &frodokem::kernels_for(Backend::portable);
  if (gen == frodokem::MatrixGen::aes128)
    return describe_acceleration(
        b, {{"matrix products", matrix},
            {"AES", &aes::kernels_for(b) != &aes::kernels_for(Backend::portable)},
            {"Keccak", keccak::kernels_for(b).f1600 != keccak::kernels_for(Backend::portable).f1600}});
  return describe_acceleration(
      b, {{"matrix products", matrix},
          {keccak_batched_label(b, 8), keccak::kernels_for(b).f1600_x8 != keccak::kernels_for(Backend::portable).f1600_x8},
          {"Keccak", keccak::kernels_for(b).f1600 != keccak::kernels_for(Backend::portable).f1600}});
}

template <class K>
void add_cases(std::vector<Case>& cases, int strength) {
  // FrodoKEM's one private-key encoding is its sk: that row is "decap".
  add_kem_cases<K>(cases, strength, K::name, "decap",
                   [](Backend b) { return frodokem_acceleration(b, K::params.gen); });
}

std::vector<Case> make_cases() {
  using namespace frodokem;
  std::vector<Case> cases;
  add_cases<FrodoKem640Aes>(cases, 128);
  add_cases<FrodoKem640Shake>(cases, 128);
  add_cases<FrodoKem976Aes>(cases, 192);
  add_cases<FrodoKem976Shake>(cases, 192);
  add_cases<FrodoKem1344Aes>(cases, 256);
  add_cases<FrodoKem1344Shake>(cases, 256);
  add_cases<EFrodoKem640Aes>(cases, 128);
  add_cases<EFrodoKem640Shake>(cases, 128);
  add_cases<EFrodoKem976Aes>(cases, 192);
  add_cases<EFrodoKem976Shake>(cases, 192);
  add_cases<EFrodoKem1344Aes>(cases, 256);
  add_cases<EFrodoKem1344Shake>(cases, 256);
  return cases;
}

const Registration kCases{make_cases()};

}  // namespace
}  // namespace tessera::bench
