// The hybrid KEMs (include/tessera/hybrid.hpp, xwing.hpp) with the rows of cases/kem_cases.hpp.
// The private key of a hybrid is its halves' seeds, so "decap (seeds)" expands both halves
// (ML-KEM Algorithm 16 and the curve's public key) before decapsulating: the cost of a
// server that stores the key as OpenSSL 3.5 does. "decap (key object)" is the TLS client's
// cost once its key share is made. The acceleration column names each half's accelerated
// code paths (cases/part_acceleration.hpp).
#include "cases/kem_cases.hpp"
#include "cases/part_acceleration.hpp"
#include "cases/weierstrass_acceleration.hpp"

#include <tessera/hybrid.hpp>

#include <string>
#include <vector>

namespace tessera::bench {
namespace {

// ML-KEM with X25519 (X25519MLKEM768, X-Wing: X-Wing's SHA3-256 combiner runs on the same
// Keccak the ML-KEM part names).
std::string x25519_hybrid_acceleration(Backend b) {
  return combine_acceleration(b, {{"ML-KEM", mlkem_acceleration(b)}, {"X25519", x25519_acceleration(b)}});
}
template <class C>
std::string weierstrass_hybrid_acceleration(Backend b) {
  return combine_acceleration(b, {{C::name, weierstrass_acceleration<C>(b)}, {"ML-KEM", mlkem_acceleration(b)}});
}

std::vector<Case> make_cases() {
  std::vector<Case> cases;
  add_kem_cases<X25519MlKem768>(cases, 192, "X25519MLKEM768", "decap (seeds)", x25519_hybrid_acceleration);
  add_kem_cases<SecP256r1MlKem768>(cases, 192, "SecP256r1MLKEM768", "decap (seeds)",
                                   weierstrass_hybrid_acceleration<ec::P256>);
  add_kem_cases<SecP384r1MlKem1024>(cases, 256, "SecP384r1MLKEM1024", "decap (seeds)",
                                    weierstrass_hybrid_acceleration<ec::P384>);
  add_kem_cases<XWing>(cases, 192, "X-Wing", "decap (seed)", x25519_hybrid_acceleration);
  return cases;
}

const Registration kCases{make_cases()};

}  // namespace
}  // namespace tessera::bench
