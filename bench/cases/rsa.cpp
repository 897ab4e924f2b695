// RSA through the public API (include/tessera/rsa.hpp), in wolfCrypt's line format
// ("RSA 2048 private" / "public" / "key gen") for 2048-, 3072- and 4096-bit keys. What each
// timed call includes, on a 32-byte message (the OpenSSL peer's rows are the same):
//   private  sign_pkcs1_v15 with SHA-256 and a parsed private key: the hash, EMSA-PKCS1-v1_5,
//            the blinded CRT exponentiation, the check with the public exponent
//   public   verify_pkcs1_v15 of that signature with a parsed public key
//   key gen  PrivateKey::generate (FIPS 186-5 A.1.3, e = 65537): heavy-tailed, read p50 and
//            p99 rather than the mean
// Keys for the private and public rows are made once per case, untimed.
#include "registry.hpp"

#include <tessera/rsa.hpp>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

namespace tessera::bench {
namespace {

constexpr std::size_t kMessageBytes = 32;

[[noreturn]] void setup_failed(const char* what) {
  std::fprintf(stderr, "tessera-bench: RSA setup failed: %s\n", what);
  std::abort();
}

struct Material {
  rsa::PrivateKey sk;
  std::array<std::uint8_t, kMessageBytes> msg{};
  rsa::Block sig{};
};

std::shared_ptr<Material> make_material(std::size_t bits) {
  auto sk = rsa::PrivateKey::generate(bits);
  if (!sk) setup_failed("generate");
  auto m = std::make_shared<Material>(Material{std::move(*sk), {}, {}});
  for (std::size_t i = 0; i < kMessageBytes; ++i) m->msg[i] = static_cast<std::uint8_t>(i * 7 + 1);
  auto sig = rsa::sign_pkcs1_v15(m->sk, HashId::sha256, m->msg);
  if (!sig) setup_failed("sign_pkcs1_v15");
  m->sig = *sig;
  return m;
}

void add_size(std::vector<Case>& cases, const char* algorithm, int bits) {
  const auto b = static_cast<std::size_t>(bits);
  Case priv = ops_case(algorithm, "private", bits, [b] {
    auto m = make_material(b);
    return Op([m] {
      auto sig = rsa::sign_pkcs1_v15(m->sk, HashId::sha256, m->msg);
      if (!sig) setup_failed("sign_pkcs1_v15");
      do_not_optimize(&sig);
    });
  }, "RSA");
  priv.message_bytes = kMessageBytes;
  cases.push_back(std::move(priv));
  Case pub = ops_case(algorithm, "public", bits, [b] {
    auto m = make_material(b);
    return Op([m] {
      bool ok = rsa::verify_pkcs1_v15(m->sk.public_key(), HashId::sha256, m->msg, m->sig.bytes());
      if (!ok) setup_failed("verify_pkcs1_v15");
      do_not_optimize(&ok);
    });
  }, "RSA");
  pub.message_bytes = kMessageBytes;
  cases.push_back(std::move(pub));
  cases.push_back(ops_case(algorithm, "key gen", bits, [b] {
    return Op([b] {
      auto sk = rsa::PrivateKey::generate(b);
      if (!sk) setup_failed("generate");
      do_not_optimize(&sk);
    });
  }, "RSA"));
}

std::vector<Case> make_cases() {
  std::vector<Case> cases;
  add_size(cases, "RSA-2048", 2048);
  add_size(cases, "RSA-3072", 3072);
  add_size(cases, "RSA-4096", 4096);
  return cases;
}

const Registration kCases{make_cases()};

}  // namespace
}  // namespace tessera::bench
