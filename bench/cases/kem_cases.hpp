// The timed rows every KEM has, written once against tessera::KemScheme (bench/cases/
// mlkem.cpp and frodokem.cpp register them; the hybrids will too):
//   key gen              generate_key()
//   encap                from the public-key bytes: PublicKey::from_bytes and encapsulate,
//                        what the peers compute (bytes in)
//   encap (key object)   encapsulate() with a parsed PublicKey
//   <decap_from_bytes>   from the private key's standard encoding (bytes in; the row peers
//                        fill): the scheme's one-shot decapsulate(bytes, ct) where it has one
//                        (ML-KEM: no key object built), else PrivateKey::from_bytes and
//                        decapsulate
//   decap (seed)         schemes with seed-form keys: from_seed and decapsulate
//   decap (key object)   decapsulate() with a parsed PrivateKey
// Keys and ciphertexts are made once per case, under the backend being measured and outside
// the timed region.
#pragma once

#include "registry.hpp"

#include <tessera/concepts.hpp>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tessera::bench {

[[noreturn]] inline void kem_setup_failed(const char* scheme, const char* what) {
  std::fprintf(stderr, "tessera-bench: %s setup failed: %s\n", scheme, what);
  std::abort();
}

template <KemScheme K>
struct KemMaterial {
  typename K::KeyPair kp;
  std::vector<std::uint8_t> pk, sk, seed;  // encodings; seed: empty unless the scheme has one
  typename K::Ciphertext ct{};

  static typename K::KeyPair make_key_pair() {
    auto r = K::generate_key();
    if (!r) kem_setup_failed(K::name, "generate_key");
    return std::move(*r);
  }
  KemMaterial() : kp(make_key_pair()) {
    pk.assign(kp.public_key.bytes().begin(), kp.public_key.bytes().end());
    const auto encoded = kp.private_key.bytes();
    sk.assign(encoded.span().begin(), encoded.span().end());
    if constexpr (requires { kp.private_key.seed(); }) {
      auto s = kp.private_key.seed();
      if (!s) kem_setup_failed(K::name, "seed");
      seed.assign(s->span().begin(), s->span().end());
    }
    auto enc = K::encapsulate(kp.public_key);
    if (!enc) kem_setup_failed(K::name, "encapsulate");
    ct = enc->ciphertext;
  }
};

template <KemScheme K>
void add_kem_cases(std::vector<Case>& cases, int strength, const std::string& label, const char* decap_from_bytes,
                   std::function<std::string(Backend)> acceleration) {
  using M = KemMaterial<K>;
  auto add = [&](const char* operation, std::function<Op()> prepare) {
    Case c = ops_case(K::name, operation, strength, std::move(prepare), label);
    c.acceleration = acceleration;
    c.public_key_bytes = K::public_key_bytes;  // the client's key share
    c.ciphertext_bytes = K::ciphertext_bytes;  // the server's reply
    cases.push_back(std::move(c));
  };
  add("key gen", [] {
    return Op([] {
      auto kp = K::generate_key();
      do_not_optimize(&kp);
    });
  });
  add("encap", [] {
    auto m = std::make_shared<M>();
    return Op([m] {
      auto pk = K::PublicKey::from_bytes(m->pk);
      if (!pk) kem_setup_failed(K::name, "PublicKey::from_bytes");
      auto enc = K::encapsulate(*pk);
      do_not_optimize(&enc);
    });
  });
  add("encap (key object)", [] {
    auto m = std::make_shared<M>();
    return Op([m] {
      auto enc = K::encapsulate(m->kp.public_key);
      do_not_optimize(&enc);
    });
  });
  add(decap_from_bytes, [] {
    auto m = std::make_shared<M>();
    if constexpr (requires(std::span<const std::uint8_t> b) { K::decapsulate(b, m->ct); }) {
      return Op([m] {
        auto ss = K::decapsulate(std::span<const std::uint8_t>(m->sk), m->ct);
        if (!ss) kem_setup_failed(K::name, "decapsulate(bytes)");
        do_not_optimize(&ss);
      });
    } else {
      return Op([m] {
        auto sk = K::PrivateKey::from_bytes(m->sk);
        if (!sk) kem_setup_failed(K::name, "PrivateKey::from_bytes");
        auto ss = K::decapsulate(*sk, m->ct);
        do_not_optimize(&ss);
      });
    }
  });
  if constexpr (requires(std::span<const std::uint8_t> b) { K::PrivateKey::from_seed(b); }) {
    add("decap (seed)", [] {
      auto m = std::make_shared<M>();
      return Op([m] {
        auto sk = K::PrivateKey::from_seed(m->seed);
        if (!sk) kem_setup_failed(K::name, "PrivateKey::from_seed");
        auto ss = K::decapsulate(*sk, m->ct);
        do_not_optimize(&ss);
      });
    });
  }
  add("decap (key object)", [] {
    auto m = std::make_shared<M>();
    return Op([m] {
      auto ss = K::decapsulate(m->kp.private_key, m->ct);
      do_not_optimize(&ss);
    });
  });
}

}  // namespace tessera::bench
