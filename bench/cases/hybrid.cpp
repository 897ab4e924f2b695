// The hybrid KEMs (include/tessera/hybrid.hpp, xwing.hpp) with the rows of cases/kem_cases.hpp.
// The private key of a hybrid is its halves' seeds, so "decap (seeds)" expands both halves
// (ML-KEM Algorithm 16 and the curve's public key) before decapsulating: the cost of a
// server that stores the key as OpenSSL 3.5 does. "decap (key object)" is the TLS client's
// cost once its key share is made.
#include "cases/kem_cases.hpp"

#include <tessera/hybrid.hpp>

#include <string>
#include <vector>

namespace tessera::bench {
namespace {

std::vector<Case> make_cases() {
  std::vector<Case> cases;
  add_kem_cases<X25519MlKem768>(cases, 192, "X25519MLKEM768", "decap (seeds)", {});
  add_kem_cases<SecP256r1MlKem768>(cases, 192, "SecP256r1MLKEM768", "decap (seeds)", {});
  add_kem_cases<SecP384r1MlKem1024>(cases, 256, "SecP384r1MLKEM1024", "decap (seeds)", {});
  add_kem_cases<XWing>(cases, 192, "X-Wing", "decap (seed)", {});
  return cases;
}

const Registration kCases{make_cases()};

}  // namespace
}  // namespace tessera::bench
