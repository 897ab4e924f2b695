// FFDHE (RFC 7919 groups, include/tessera/dh.hpp) in wolfCrypt's line format ("DH 2048
// key gen" / "agree"). What each timed call includes (the OpenSSL peer's rows are the same,
// on the same groups):
//   key gen  generate_key: a private exponent of N = 225 / 275 / 325 bits and y = g^x
//   agree    agree with a parsed private key and the peer's public value as bytes: its
//            full validation (SP 800-56A 5.6.2.3.1: the range and y^q = 1, which Tessera
//            computes as a Jacobi symbol) and Z = y^x. OpenSSL's derive validates the
//            peer key the same way on every call (DH_check_pub_key: its y^q is a
//            full-length exponentiation).
#include "registry.hpp"

#include <tessera/dh.hpp>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

namespace tessera::bench {
namespace {

[[noreturn]] void setup_failed(const char* what) {
  std::fprintf(stderr, "tessera-bench: FFDHE setup failed: %s\n", what);
  std::abort();
}

template <class D>
void add_group(std::vector<Case>& cases, const char* algorithm, int bits) {
  cases.push_back(ops_case(algorithm, "key gen", bits, [] {
    return Op([] {
      auto kp = D::generate_key();
      if (!kp) setup_failed("generate_key");
      do_not_optimize(&kp);
    });
  }, "DH"));
  cases.push_back(ops_case(algorithm, "agree", bits, [] {
    struct Keys {
      typename D::KeyPair a, b;
    };
    auto a = D::generate_key();
    auto b = D::generate_key();
    if (!a || !b) setup_failed("generate_key");
    auto keys = std::make_shared<Keys>(Keys{std::move(*a), std::move(*b)});
    return Op([keys] {
      auto z = D::agree(keys->a.private_key, keys->b.public_key.bytes());
      if (!z) setup_failed("agree");
      do_not_optimize(&z);
    });
  }, "DH"));
}

std::vector<Case> make_cases() {
  std::vector<Case> cases;
  add_group<Ffdhe2048>(cases, "FFDHE-2048", 2048);
  add_group<Ffdhe3072>(cases, "FFDHE-3072", 3072);
  add_group<Ffdhe4096>(cases, "FFDHE-4096", 4096);
  return cases;
}

const Registration kCases{make_cases()};

}  // namespace
}  // namespace tessera::bench
