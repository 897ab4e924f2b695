// aarch64 Keccak kernels, two states per 128-bit vector: f1600_x4/x8 of the neon table
// (neon.cpp's neon::table()). Defined only in aarch64 SIMD builds (TESSERA_HAVE_NEON).
#pragma once

#include "hash/keccak/keccak.hpp"

namespace tessera::keccak {

// Base Advanced SIMD (neon.cpp): USHR+SLI rotations, EOR, BIC. Runs on every aarch64 CPU.
void f1600_x4_neon(State4& s) noexcept;
void f1600_x8_neon(State8& s) noexcept;
// With the FEAT_SHA3 instructions EOR3/RAX1/XAR/BCAX (neon_sha3.cpp, built with +sha3).
// Call only where cpu::features().arm_sha3, as neon::table() does.
void f1600_x4_neon_sha3(State4& s) noexcept;
void f1600_x8_neon_sha3(State8& s) noexcept;

}  // namespace tessera::keccak
