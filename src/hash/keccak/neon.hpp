// aarch64 Keccak kernels of the neon table (neon.cpp's neon::table()): two states per
// 128-bit vector for f1600_x4/x8, scalar asm for the single state.
// Defined only in aarch64 SIMD builds (TESSERA_HAVE_NEON).
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
// Scalar single-state kernels (aarch64.cpp, generated asm: all 25 lanes in general-purpose
// registers, rho folded into rotated operands): f1600, absorb_blocks, squeeze_blocks of the
// neon table, with and without FEAT_SHA3.
void f1600_aarch64(std::uint64_t (&state)[25]) noexcept;
void absorb_blocks_aarch64(std::uint64_t (&state)[25], const std::uint8_t* in, std::size_t nblocks,
                           std::size_t rate_lanes) noexcept;
void squeeze_blocks_aarch64(std::uint64_t (&state)[25], std::uint8_t* out, std::size_t nblocks,
                            std::size_t rate_lanes) noexcept;

}  // namespace tessera::keccak
