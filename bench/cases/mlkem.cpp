// ML-KEM (FIPS 203) key generation, encapsulation and decapsulation, all three parameter
// sets, through the public API (include/tessera/mlkem.hpp). What each timed call includes:
//   key gen               generate_key(): d, z from the OS entropy source, Algorithm 16; a
//                         DecapsulationKey (expanded once, A_hat^T kept) and its ek
//   encap                 from the ek bytes: EncapsulationKey::from_bytes (the s7.2 check,
//                         H(ek), A_hat^T) and encapsulate (m from the OS, Algorithm 17):
//                         what the peers compute, bytes in
//   encap (key object)    encapsulate() with a parsed EncapsulationKey
//   decap (expanded dk)   from the 1632/2400/3168-byte expanded dk: DecapsulationKey::
//                         from_bytes (s7.3 and s7.2 checks, H(ek), A_hat^T) and decapsulate;
//                         the form liboqs and wolfSSL decapsulate with, so compare peers here
//   decap (seed)          from the 64-byte seed bytes: from_seed (Algorithm 16) and decapsulate
//   decap (key object)    decapsulate() with a parsed DecapsulationKey (any form)
// Keys and ciphertexts are made once per case (outside the timed region).
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

// Key pair, its encodings and a ciphertext, made under the backend being measured.
template <class K>
struct Material {
  typename K::KeyPair kp;
  std::vector<std::uint8_t> ek, seed, dk;  // encodings: ek, d || z, expanded dk
  typename K::Ciphertext ct{};

  static typename K::KeyPair make_key_pair() {
    auto r = K::generate_key();
    if (!r) setup_failed("generate_key");
    return std::move(*r);
  }
  Material() : kp(make_key_pair()) {
    ek.assign(kp.public_key.bytes().begin(), kp.public_key.bytes().end());
    auto s = kp.private_key.seed();
    if (!s) setup_failed("seed");
    seed.assign(s->span().begin(), s->span().end());
    const auto expanded = kp.private_key.bytes();
    dk.assign(expanded.span().begin(), expanded.span().end());
    auto enc = K::encapsulate(kp.public_key);
    if (!enc) setup_failed("encapsulate");
    ct = enc->ciphertext;
  }
};

template <class K>
void add_cases(std::vector<Case>& cases, int strength, const char* label) {
  const char* name = K::name;
  auto add = [&](const char* operation, std::function<Op()> prepare) {
    Case c = ops_case(name, operation, strength, std::move(prepare), label);
    c.acceleration = mlkem_acceleration;
    cases.push_back(std::move(c));
  };
  add("key gen", [] {
    return Op([] {
      auto kp = K::generate_key();
      do_not_optimize(&kp);
    });
  });
  add("encap", [] {
    auto m = std::make_shared<Material<K>>();
    return Op([m] {
      auto ek = K::EncapsulationKey::from_bytes(m->ek);
      if (!ek) setup_failed("from_bytes");
      auto enc = K::encapsulate(*ek);
      do_not_optimize(&enc);
    });
  });
  add("encap (key object)", [] {
    auto m = std::make_shared<Material<K>>();
    return Op([m] {
      auto enc = K::encapsulate(m->kp.public_key);
      do_not_optimize(&enc);
    });
  });
  add("decap (expanded dk)", [] {
    auto m = std::make_shared<Material<K>>();
    return Op([m] {
      auto dk = K::DecapsulationKey::from_bytes(m->dk);
      if (!dk) setup_failed("from_bytes");
      auto ss = K::decapsulate(*dk, m->ct);
      do_not_optimize(&ss);
    });
  });
  add("decap (seed)", [] {
    auto m = std::make_shared<Material<K>>();
    return Op([m] {
      auto dk = K::DecapsulationKey::from_seed(m->seed);
      if (!dk) setup_failed("from_seed");
      auto ss = K::decapsulate(*dk, m->ct);
      do_not_optimize(&ss);
    });
  });
  add("decap (key object)", [] {
    auto m = std::make_shared<Material<K>>();
    return Op([m] {
      auto ss = K::decapsulate(m->kp.private_key, m->ct);
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
