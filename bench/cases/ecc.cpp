// P-256 / P-384 key generation and ECDH through the public API (include/tessera/ec.hpp), in
// wolfCrypt's line format ("ECC   [      SECP256R1]   256  key gen",
// "ECDHE [      SECP256R1]   256    agree"). What each timed call includes:
//   key gen   EcdhP256::generate_key(): scalar_bytes from the system RNG (FIPS 186-5 A.2.2),
//             Q = d G by the fixed-base table, affine conversion and SEC1 encoding
//   agree     from the peer's SEC1 uncompressed bytes: PublicKey::from_bytes (the full
//             SP 800-56A 5.6.2.3.3 validation) and agree() with a parsed private key, what
//             the OpenSSL peer's EVP_PKEY_derive row computes
// The ECDSA lines are in bench/cases/ecdsa.cpp. Keys are made once per case, untimed.
#include "registry.hpp"
#include "cases/weierstrass_acceleration.hpp"

#include <tessera/ec.hpp>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace tessera::bench {
namespace {

[[noreturn]] void setup_failed(const char* what) {
  std::fprintf(stderr, "tessera-bench: ECDH setup failed: %s\n", what);
  std::abort();
}

template <class C>
void add_curve(std::vector<Case>& cases, const char* algorithm, int bits, const char* keygen_label,
               const char* agree_label) {
  using E = ec::Ecdh<C>;
  Case keygen = ops_case(algorithm, "key gen", bits, [] {
    return Op([] {
      auto kp = E::generate_key();
      do_not_optimize(&kp);
    });
  }, keygen_label);
  keygen.acceleration = weierstrass_acceleration<C>;
  cases.push_back(std::move(keygen));

  Case agree = ops_case(algorithm, "agree", bits, [] {
    struct Material {
      typename E::KeyPair self;
      std::array<std::uint8_t, E::public_key_bytes> peer;
    };
    auto a = E::generate_key();
    auto b = E::generate_key();
    if (!a || !b) setup_failed("generate_key");
    auto m = std::make_shared<Material>(Material{std::move(*a), {}});
    for (std::size_t i = 0; i < E::public_key_bytes; ++i) m->peer[i] = b->public_key.bytes()[i];
    return Op([m] {
      auto ss = E::agree(m->self.private_key, std::span<const std::uint8_t>(m->peer));
      if (!ss) setup_failed("agree");
      do_not_optimize(&ss);
    });
  }, agree_label);
  agree.acceleration = weierstrass_acceleration<C>;
  cases.push_back(std::move(agree));
}

std::vector<Case> make_cases() {
  std::vector<Case> cases;
  add_curve<ec::P256>(cases, "ECDH P-256", 256, "ECC   [      SECP256R1]", "ECDHE [      SECP256R1]");
  add_curve<ec::P384>(cases, "ECDH P-384", 384, "ECC   [      SECP384R1]", "ECDHE [      SECP384R1]");
  return cases;
}

const Registration kCases{make_cases()};

}  // namespace
}  // namespace tessera::bench
