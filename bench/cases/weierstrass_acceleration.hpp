// The "acceleration" column of the P-256 / P-384 cases (ECDH and ECDSA): the field
// implementation the kernel table of the backend runs (src/ec/weierstrass_kernels.hpp), e.g.
// "avx2 (radix 2^64 (MULX/ADX))", or "portable (Montgomery, 64-bit limbs)".
#pragma once

#include "bignum/uint.hpp"
#include "ec/weierstrass_kernels.hpp"

#include <string>

namespace tessera::bench {

template <class C>
std::string weierstrass_acceleration(Backend b) {
  const auto& k = ec::weierstrass_kernels_for<C>(b);
  if (&k != &ec::weierstrass_kernels_for<C>(Backend::portable)) {
    return std::string(backend_name(b)) + " (" + k.name + ")";
  }
  return "portable (Montgomery, " + std::to_string(bignum::LimbTraits<bignum::Limb>::bits) + "-bit limbs)";
}

}  // namespace tessera::bench
