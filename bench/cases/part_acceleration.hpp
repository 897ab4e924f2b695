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
// The name of the batched Keccak part, ways = 4 or 8: "Keccak x4", or "Keccak x4 (SHA3)" where
// the neon table took the FEAT_SHA3 kernels (src/hash/keccak/neon_sha3.cpp) (cases/mlkem.cpp).
const char* keccak_batched_label(Backend b, int ways);
// "avx2 (radix 2^64 (MULX/ADX))", or "portable (radix 2^51 (64-bit))" (cases/x25519.cpp).
std::string x25519_acceleration(Backend b);

}  // namespace tessera::bench
