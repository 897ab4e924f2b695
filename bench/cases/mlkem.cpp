// ML-KEM (FIPS 203) key generation, encapsulation and decapsulation, all three parameter
// sets, through the public API (include/tessera/mlkem.hpp). What each timed call includes:
//   key gen               keygen(): d, z from the OS entropy source, Algorithm 16; outputs the
//                         seed-form private key d||z and ek
//   encap                 encaps(ek bytes): the s7.2 ek check, m from the OS entropy source,
//                         Algorithm 17
//   decap                 decaps(d||z bytes, ct): re-expands the 64-byte seed-form private key
//                         (Algorithm 16) and decapsulates (Algorithm 18)
//   decap (expanded dk)   decaps_expanded(dk bytes, ct): the s7.3 dk hash check and
//                         Algorithm 18 on the 1632/2400/3168-byte expanded key; the form
//                         liboqs and wolfSSL decapsulate with, so compare peers on this row
// Keys and ciphertexts are made once per case (outside the timed region) and passed as bytes.
#include "registry.hpp"

#include "hash/keccak/keccak.hpp"
#include "mlkem/kernels.hpp"

#include <tessera/mlkem.hpp>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

namespace tessera::bench {
namespace {

std::string mlkem_acceleration(Backend b) {
  return describe_acceleration(
      b, {{"NTT/arithmetic", &mlkem::kernels_for(b) != &mlkem::kernels_for(Backend::portable)},
          {"Keccak x4", keccak::kernels_for(b).f1600_x4 != keccak::kernels_for(Backend::portable).f1600_x4},
          {"Keccak", keccak::kernels_for(b).f1600 != keccak::kernels_for(Backend::portable).f1600}});
}

[[noreturn]] void setup_failed(const char* what) {
  std::fprintf(stderr, "tessera-bench: ML-KEM setup failed: %s\n", what);
  std::abort();
}

// Key pair, expanded key and a ciphertext, made under the backend being measured.
template <class K>
struct Material {
  typename K::EncapsulationKey ek{};
  std::vector<std::uint8_t> seed;  // d || z
  std::vector<std::uint8_t> dk;    // expanded
  typename K::Ciphertext ct{};

  Material() {
    auto kp = K::keygen();
    if (!kp) setup_failed("keygen");
    ek = kp->ek;
    seed.assign(kp->seed.span().begin(), kp->seed.span().end());
    auto expanded = K::expand_seed(seed);
    if (!expanded) setup_failed("expand_seed");
    dk.assign(expanded->span().begin(), expanded->span().end());
    auto enc = K::encaps(ek);
    if (!enc) setup_failed("encaps");
    ct = enc->ct;
  }
};

template <class K>
void add_cases(std::vector<Case>& cases, int strength, const char* label) {
  const char* name = K::params.name;
  auto add = [&](const char* operation, std::function<Op()> prepare) {
    Case c = ops_case(name, operation, strength, std::move(prepare), label);
    c.acceleration = mlkem_acceleration;
    cases.push_back(std::move(c));
  };
  add("key gen", [] {
    return Op([] {
      auto kp = K::keygen();
      do_not_optimize(&kp);
    });
  });
  add("encap", [] {
    auto m = std::make_shared<Material<K>>();
    return Op([m] {
      auto enc = K::encaps(m->ek);
      do_not_optimize(&enc);
    });
  });
  add("decap", [] {
    auto m = std::make_shared<Material<K>>();
    return Op([m] {
      auto ss = K::decaps(m->seed, m->ct);
      do_not_optimize(&ss);
    });
  });
  add("decap (expanded dk)", [] {
    auto m = std::make_shared<Material<K>>();
    return Op([m] {
      auto ss = K::decaps_expanded(m->dk, m->ct);
      do_not_optimize(&ss);
    });
  });
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
