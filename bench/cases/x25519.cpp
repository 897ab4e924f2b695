// X25519 (RFC 7748) key generation and agreement through the public API
// (include/tessera/x25519.hpp), in wolfCrypt's line format ("X25519  256  key gen", as
// wolfCrypt prints "CURVE  25519  key gen"). What each timed call includes:
//   key gen   generate_key(): 32 bytes from the system RNG, the public key X25519(k, 9)
//   agree     from the peer's 32 public-key bytes: PublicKey::from_bytes and agree() with a
//             parsed private key (the ladder, the inversion and the all-zero check), what
//             the OpenSSL peer's EVP_PKEY_derive row computes
// Keys are made once per case, outside the timed region.
#include "registry.hpp"
#include "cases/part_acceleration.hpp"

#include "ec/x25519_kernels.hpp"

#include <tessera/x25519.hpp>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace tessera::bench {

// "portable (radix 2^51 (64-bit))" or "avx2 (radix 2^64 (MULX/ADX))".
std::string x25519_acceleration(Backend b) {
  const auto& k = ec::x25519_detail::kernels_for(b);
  const bool accelerated = &k != &ec::x25519_detail::kernels_for(Backend::portable);
  return std::string(accelerated ? backend_name(b) : "portable") + " (" + k.name + ")";
}

namespace {

constexpr int kBits = 256;  // the key size column (wolfCrypt's ECC lines give the curve size)

[[noreturn]] void setup_failed(const char* what) {
  std::fprintf(stderr, "tessera-bench: X25519 setup failed: %s\n", what);
  std::abort();
}

std::vector<Case> make_cases() {
  std::vector<Case> cases;
  Case keygen = ops_case("X25519", "key gen", kBits, [] {
    return Op([] {
      auto kp = X25519::generate_key();
      do_not_optimize(&kp);
    });
  }, "X25519");
  keygen.acceleration = x25519_acceleration;
  cases.push_back(std::move(keygen));

  Case agree = ops_case("X25519", "agree", kBits, [] {
    struct Material {
      X25519::KeyPair self;
      std::array<std::uint8_t, 32> peer;
    };
    auto a = X25519::generate_key();
    auto b = X25519::generate_key();
    if (!a || !b) setup_failed("generate_key");
    auto m = std::make_shared<Material>(Material{std::move(*a), {}});
    for (std::size_t i = 0; i < 32; ++i) m->peer[i] = b->public_key.bytes()[i];
    return Op([m] {
      auto pk = X25519::PublicKey::from_bytes(m->peer);
      if (!pk) setup_failed("PublicKey::from_bytes");
      auto ss = X25519::agree(m->self.private_key, *pk);
      do_not_optimize(&ss);
    });
  }, "X25519");
  agree.acceleration = x25519_acceleration;
  cases.push_back(std::move(agree));
  return cases;
}

const Registration kCases{make_cases()};

}  // namespace
}  // namespace tessera::bench
