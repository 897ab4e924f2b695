// ECDSA sign / verify through the public API (include/tessera/ecdsa.hpp), in wolfCrypt's
// line format ("ECDSA [      SECP256R1]   256     sign" / "verify", SECP384R1 384). What
// each timed call includes, on a 32-byte message (the OpenSSL peer's rows are the same):
//   sign     sign_der() with a parsed private key: H(M) (SHA-256 for P-256, SHA-384 for
//            P-384), the hedged RFC 6979 nonce (random k' from the system DRBG + HMAC_DRBG),
//            k G, k^-1 mod n, s, and the DER encoding: what EVP_DigestSign returns
//   verify   verify_der() with a parsed public key: the strict DER decode, H(M), the range
//            checks and u1 G + u2 Q (variable time): what EVP_DigestVerify computes
// The deterministic variant (RFC 6979 s3.2) costs the same minus the random bytes: "sign
// (deterministic)". Keys are made once per case, untimed.
#include "registry.hpp"
#include "cases/weierstrass_acceleration.hpp"

#include <tessera/ecdsa.hpp>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace tessera::bench {
namespace {

constexpr std::size_t kMessageBytes = 32;

[[noreturn]] void setup_failed(const char* what) {
  std::fprintf(stderr, "tessera-bench: ECDSA setup failed: %s\n", what);
  std::abort();
}

template <class E>
struct Material {
  typename E::KeyPair kp;
  std::array<std::uint8_t, kMessageBytes> msg{};
  typename E::DerSignature der{};
};

template <class E>
std::shared_ptr<Material<E>> make_material() {
  auto kp = E::generate_key();
  if (!kp) setup_failed("generate_key");
  auto m = std::make_shared<Material<E>>(Material<E>{std::move(*kp), {}, {}});
  for (std::size_t i = 0; i < kMessageBytes; ++i) m->msg[i] = static_cast<std::uint8_t>(i * 7 + 1);
  auto der = E::sign_der(m->kp.private_key, m->msg);
  if (!der) setup_failed("sign_der");
  m->der = *der;
  return m;
}

template <class E>
void add_scheme(std::vector<Case>& cases, const char* algorithm, int bits, const char* label) {
  Case sign = ops_case(algorithm, "sign", bits, [] {
    auto m = make_material<E>();
    return Op([m] {
      auto der = E::sign_der(m->kp.private_key, m->msg);
      if (!der) setup_failed("sign_der");
      do_not_optimize(&der);
    });
  }, label);
  sign.acceleration = weierstrass_acceleration<typename E::Curve>;
  sign.message_bytes = kMessageBytes;
  cases.push_back(std::move(sign));

  Case det = ops_case(algorithm, "sign (deterministic)", bits, [] {
    auto m = make_material<E>();
    return Op([m] {
      auto sig = E::sign_deterministic(m->kp.private_key, m->msg);
      if (!sig) setup_failed("sign_deterministic");
      do_not_optimize(&sig);
    });
  }, label);
  det.acceleration = weierstrass_acceleration<typename E::Curve>;
  det.message_bytes = kMessageBytes;
  cases.push_back(std::move(det));

  Case verify = ops_case(algorithm, "verify", bits, [] {
    auto m = make_material<E>();
    return Op([m] {
      bool ok = E::verify_der(m->kp.public_key, m->msg, m->der.bytes());
      if (!ok) setup_failed("verify_der");
      do_not_optimize(&ok);
    });
  }, label);
  verify.acceleration = weierstrass_acceleration<typename E::Curve>;
  verify.message_bytes = kMessageBytes;
  cases.push_back(std::move(verify));
}

std::vector<Case> make_cases() {
  std::vector<Case> cases;
  add_scheme<EcdsaP256Sha256>(cases, "ECDSA P-256", 256, "ECDSA [      SECP256R1]");
  add_scheme<EcdsaP384Sha384>(cases, "ECDSA P-384", 384, "ECDSA [      SECP384R1]");
  return cases;
}

const Registration kCases{make_cases()};

}  // namespace
}  // namespace tessera::bench
