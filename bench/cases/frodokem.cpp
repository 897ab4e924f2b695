// FrodoKEM and eFrodoKEM key generation, encapsulation and decapsulation, all twelve
// variants, through the public API (include/tessera/frodokem.hpp). What each timed call
// includes:
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

// Key pair, its encodings and a ciphertext, made under the backend being measured.
template <class K>
struct Material {
  typename K::KeyPair kp;
  std::vector<std::uint8_t> pk, sk;  // encodings
  typename K::Ciphertext ct{};

  static typename K::KeyPair make_key_pair() {
    auto r = K::generate_key();
    if (!r) setup_failed("generate_key");
    return std::move(*r);
  }
  Material() : kp(make_key_pair()) {
    pk.assign(kp.public_key.bytes().begin(), kp.public_key.bytes().end());
    const auto encoded = kp.private_key.bytes();
    sk.assign(encoded.span().begin(), encoded.span().end());
    auto enc = K::encapsulate(kp.public_key);
    if (!enc) setup_failed("encapsulate");
    ct = enc->ciphertext;
  }
};

template <class K>
void add_cases(std::vector<Case>& cases, int strength) {
  const char* name = K::name;
  auto add = [&](const char* operation, std::function<Op()> prepare) {
    Case c = ops_case(name, operation, strength, std::move(prepare), name);
    c.acceleration = [](Backend b) { return frodokem_acceleration(b, K::params.gen); };
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
      auto pk = K::PublicKey::from_bytes(m->pk);
      if (!pk) setup_failed("PublicKey::from_bytes");
      auto enc = K::encapsulate(*pk);
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
  add("decap", [] {
    auto m = std::make_shared<Material<K>>();
    return Op([m] {
      auto sk = K::PrivateKey::from_bytes(m->sk);
      if (!sk) setup_failed("PrivateKey::from_bytes");
      auto ss = K::decapsulate(*sk, m->ct);
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
