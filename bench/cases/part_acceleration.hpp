// The "acceleration" descriptions of the algorithms a hybrid KEM is made of, shared by their
// own cases (cases/mlkem.cpp, cases/x25519.cpp; the P-256/P-384 one is
// cases/weierstrass_acceleration.hpp) and the hybrid cases (cases/hybrid.cpp), so a hybrid row
// names the accelerated code paths of its halves (combine_acceleration, registry.hpp).
#pragma once

#include <tessera/backend.hpp>

#include <string>

namespace tessera::bench {

// "avx2 (NTT/arithmetic, Keccak x4, Keccak)", or "portable" (cases/mlkem.cpp).
std::string mlkem_acceleration(Backend b);
// "avx2 (radix 2^64 (MULX/ADX))", or "portable (radix 2^51 (64-bit))" (cases/x25519.cpp).
std::string x25519_acceleration(Backend b);

}  // namespace tessera::bench
