// Keccak-f[1600], scalar aarch64 (FIPS 202, Section 3.3, Algorithm 7; step mappings
// 3.2.1-3.2.5): the single-state f1600, absorb_blocks and squeeze_blocks of the neon table
// (neon.cpp). Plain A64 integer instructions (EOR, BIC, ROR, LDR/STR), so the file needs no
// -march flag; it is built with the NEON files only because those are the aarch64 ones
// (src/hash/sources.cmake).
//
// The kernel is generated asm (aarch64_asm.inc, by gen_aarch64_asm.py, whose header
// explains it): the 25 lanes A[x + 5y] stay in x0-x17, x19-x25 through all 24 rounds, x26-x30
// are theta's C/D and chi's and-nots, and rho's rotations are never executed -- each is
// folded into the rotated second operand of a later EOR or BIC (EOR Xd, Xn, Xm, ROR #s;
// BIC Xd, Xn, Xm, ROR #s), pi is register renaming. 102 instructions per round against
// ~150 for GCC 12's code of the portable C++ round (scalar_round.hpp), which rotates with
// separate RORs and spills lanes (~120 loads/stores per two rounds).
//
// Stack: the entry points save x19-x30 (the caller's values) and keep the state pointer,
// the input/output pointer and the counts (public) in their frame; no lane, C or D value is
// ever written to the stack, so there is nothing to wipe (tests/unit/zeroize*). No branch or
// address depends on the state or the data (the only branches count blocks and rate lanes):
// constant time.
//
// Dynamic instruction counts (qemu-aarch64 -singlestep -d exec,nochain, QEMU_CPU=cortex-a53,
// GCC 12, 2026-12-07; docs/aarch64.md "Dynamic instruction counts"; not cycles), neon table
// against the portable kernels it replaces: f1600 2,524 per call (3,620); absorb_blocks of 4
// blocks x 17 lanes 10,331 (14,687); squeeze_blocks of 4 x 21 lanes 10,255 (14,548). Per
// operation on the neon backend: ML-KEM-768 keygen/encaps/decaps 165,084/53,103/98,188 ->
// 159,393/52,007/90,543; ML-DSA-65 keygen/sign/verify 702,364/555,432/112,811 ->
// 684,961/553,232/102,984.
//
// The core uses x29 (the frame pointer) as a temporary: a frame-pointer unwinder sampling
// inside it sees a broken chain for those ~2,500 instructions. Lanes are left in the
// caller-saved registers x0-x17 on return (no kernel of the library clears registers).
#include "hash/keccak/keccak.hpp"

#include <cstddef>
#include <cstdint>

#if !defined(__aarch64__) || !defined(__AARCH64EL__)
#error "aarch64.cpp is the little-endian aarch64 Keccak kernel (lanes are loaded with LDR)"
#endif

extern "C" {
// The entry points of aarch64_asm.inc (AAPCS64): Kernels::f1600, absorb_blocks,
// squeeze_blocks (keccak.hpp); absorb and squeeze return at once for nblocks == 0 and need
// 1 <= rate_lanes <= 25 otherwise.
[[gnu::visibility("hidden")]] void tessera_keccak_f1600_aarch64(std::uint64_t* state) noexcept;
[[gnu::visibility("hidden")]] void tessera_keccak_absorb_blocks_aarch64(std::uint64_t* state, const std::uint8_t* in,
                                                                        std::size_t nblocks,
                                                                        std::size_t rate_lanes) noexcept;
[[gnu::visibility("hidden")]] void tessera_keccak_squeeze_blocks_aarch64(std::uint64_t* state, std::uint8_t* out,
                                                                         std::size_t nblocks,
                                                                         std::size_t rate_lanes) noexcept;
}

#include "hash/keccak/aarch64_asm.inc"

namespace tessera::keccak {

void f1600_aarch64(std::uint64_t (&state)[25]) noexcept { tessera_keccak_f1600_aarch64(state); }

void absorb_blocks_aarch64(std::uint64_t (&state)[25], const std::uint8_t* in, std::size_t nblocks,
                           std::size_t rate_lanes) noexcept {
  tessera_keccak_absorb_blocks_aarch64(state, in, nblocks, rate_lanes);
}

void squeeze_blocks_aarch64(std::uint64_t (&state)[25], std::uint8_t* out, std::size_t nblocks,
                            std::size_t rate_lanes) noexcept {
  tessera_keccak_squeeze_blocks_aarch64(state, out, nblocks, rate_lanes);
}

}  // namespace tessera::keccak
