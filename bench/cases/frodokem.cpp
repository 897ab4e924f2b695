// FrodoKEM and eFrodoKEM key generation, encapsulation and decapsulation, all twelve
// variants, through the public API (include/tessera/frodokem.hpp). What each timed call
// includes:
//   key gen   keygen(): s || seed_SE || z from the OS entropy source, FrodoKEM.KeyGen
//   encap     encaps(pk bytes): mu (|| salt) from the OS entropy source, FrodoKEM.Encaps
//   decap     decaps(sk bytes, ct): FrodoKEM.Decaps (re-encryption included)
// Keys and ciphertexts are made once per case (outside the timed region) and passed as bytes.
#include "registry.hpp"

#include "frodokem/kernels.hpp"
#include "hash/keccak/keccak.hpp"
#include "symmetric/aes.hpp"

#include <tessera/frodokem.hpp>

#include <cstdio>
#include <cstdlib>
#include <memory>
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
          {"Keccak x8", keccak::kernels_for(b).f1600_x8 != keccak::kernels_for(Backend::portable).f1600_x8},
          {"Keccak", keccak::kernels_for(b).f1600 != keccak::kernels_for(Backend::portable).f1600}});
}

[[noreturn]] void setup_failed(const char* what) {
  std::fprintf(stderr, "tessera-bench: FrodoKEM setup failed: %s\n", what);
  std::abort();
}

// Key pair and a ciphertext, made under the backend being measured.
template <class K>
struct Material {
  std::vector<std::uint8_t> pk, sk, ct;
  Material() {
    auto kp = K::keygen();
    if (!kp) setup_failed("keygen");
    pk.assign(kp->pk.begin(), kp->pk.end());
    sk.assign(kp->sk.span().begin(), kp->sk.span().end());
    auto enc = K::encaps(pk);
    if (!enc) setup_failed("encaps");
    ct.assign(enc->ct.begin(), enc->ct.end());
  }
};

template <class K>
void add_cases(std::vector<Case>& cases, int strength) {
  const char* name = K::params.name;
  auto add = [&](const char* operation, std::function<Op()> prepare) {
    Case c = ops_case(name, operation, strength, std::move(prepare), name);
    c.acceleration = [](Backend b) { return frodokem_acceleration(b, K::params.gen); };
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
      auto enc = K::encaps(m->pk);
      do_not_optimize(&enc);
    });
  });
  add("decap", [] {
    auto m = std::make_shared<Material<K>>();
    return Op([m] {
      auto ss = K::decaps(m->sk, m->ct);
      do_not_optimize(&ss);
    });
  });
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
