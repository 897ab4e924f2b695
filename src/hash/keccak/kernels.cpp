// The choice of the Keccak kernel table (src/cpu/dispatch.hpp); each backend's table is built
// in its kernel file (portable.cpp, avx2.cpp, avx512.cpp).
//
// Choices measured on AMD Zen 4 (TSC cycles per call, best of 201 runs of 1000 calls in a
// scratch benchmark, 2.6 GHz TSC, ~3.65 GHz core; GCC 12): portable 698 (lane
// complementing; the plain round was 848), scalar BMI 661 (was 720), AVX-512
// one-lane-per-xmm 550, AVX-512 five-zmm-rows 1047 (Zen 4's 5-cycle permutes plus bypass
// delays sit on its critical path); 4-way AVX2 917 (229/state; intrinsics: 1040), 8-way
// AVX2 (both halves interleaved) 1773 (222/state; intrinsics: 1890), 4-way AVX-512VL 545
// (136/state; intrinsics: 647), 8-way AVX-512 1005 (126/state; intrinsics: 1144) -- the
// lane-parallel kernels are register-allocated asm (avx2.cpp, gen_avx2_asm.py; avx512.cpp,
// gen_avx512_asm.py).
//
// Batched-sponge lane transfers (absorb_lanes/extract_lanes), TSC cycles per call: 8 states
// x 17 lanes out 107 -> 39 (AVX-512 8x8 transpose), 8 x 21 lanes 132 -> 39, 8 x 8 lanes in
// 66 -> 21, 4 x 21 lanes out 68 -> 23 (AVX2 4x4 transpose; also used by the AVX-512 table).
//
// 32-bit targets (UINTPTR_MAX == 0xFFFFFFFF: Cortex-M, -m32): the portable table's
// single-state kernels and its x4/x8 loops are the bit-interleaved ones (interleaved32.cpp,
// keccak.hpp kUseInterleaved32), because they execute fewer instructions than the 64-bit
// ones in both forms. The form follows the build's goal, as for the 64-bit kernel: the loop
// form when optimizing for size (__OPTIMIZE_SIZE__, the Cortex-M presets), the unrolled one
// otherwise. Measured with tessera-fw-bench on Cortex-M7 (arm-none-eabi-gcc 12.2,
// qemu-system-arm -M mps2-an500 -icount shift=0: instruction counts under emulation, not
// cycles), 64-bit -> interleaved, 2026-12-06:
//   -Os: SHA3-256 433.98 -> 345.77 instructions/byte; ML-KEM-768 keygen/encaps/decaps
//        2,692,264/3,058,032/3,698,136 -> 2,268,520/2,636,680/3,176,480; ML-KEM-768 image
//        .text 9256 -> 9488 bytes (rounds 400 bytes against compact.cpp's 520; the lane
//        conversions and the block loops that keep the state interleaved add the rest).
//   -O2: SHA3-256 122.78 -> 100.42; ML-KEM-768 1,008,288/1,383,888/1,687,104 ->
//        930,176/1,312,576/1,590,952; .text 24504 -> 14036 (one out-of-line round instead
//        of the 64-bit rounds inlined into f1600 and both block loops).
// The unrolled form at -Os (-DTESSERA_KECCAK_INTERLEAVED32_UNROLLED=1): SHA3-256 102.58,
// ML-KEM-768 930,016/1,267,048/1,526,696, .text 10564 (within the 12 KiB budget; not the
// default, since the presets take the smaller form wherever there is one).
// x86 -m32 (portable32, GCC 12 -O3, AMD EPYC host): more instructions (20,042 per call
// against f1600_portable's 16,884, valgrind callgrind) but less time: 1,124 ns per call
// against 1,427 (docs/embedded.md).
#include "hash/keccak/keccak.hpp"

#include "common/bytes.hpp"
#include "cpu/dispatch.hpp"
#include "tessera_config.hpp"

namespace tessera::keccak {
#if TESSERA_HAVE_NEON
namespace neon {
Kernels table() noexcept;  // neon.cpp: 2-way NEON x4/x8, scalar asm single state (aarch64.cpp)
}  // namespace neon
#endif
namespace {

// Sponge loops around a single-state kernel that has no fused version: the state goes
// through memory between blocks (the one-lane-per-xmm kernel loads and stores its 25
// lanes per call, ~2% of its time).
template <void (*F)(std::uint64_t (&)[25]) noexcept>
void absorb_blocks_with(std::uint64_t (&state)[25], const std::uint8_t* in, std::size_t nblocks,
                        std::size_t rate_lanes) noexcept {
  for (; nblocks > 0; --nblocks, in += 8 * rate_lanes) {
    for (std::size_t i = 0; i < rate_lanes; ++i) state[i] ^= bytes::load_le64(in + 8 * i);
    F(state);
  }
}
template <void (*F)(std::uint64_t (&)[25]) noexcept>
void squeeze_blocks_with(std::uint64_t (&state)[25], std::uint8_t* out, std::size_t nblocks,
                         std::size_t rate_lanes) noexcept {
  for (; nblocks > 0; --nblocks, out += 8 * rate_lanes) {
    F(state);
    for (std::size_t i = 0; i < rate_lanes; ++i) bytes::store_le64(out + 8 * i, state[i]);
  }
}

Kernels make_kernels(Backend b) noexcept {
  switch (b) {
#if TESSERA_HAVE_AVX2
    case Backend::avx2: return avx2::table();
#endif
#if TESSERA_HAVE_AVX512
    case Backend::avx512: return avx512::table();
#endif
#if TESSERA_HAVE_NEON
    case Backend::neon: return neon::table();
#endif
    default: return portable::table();
  }
}

}  // namespace

#if TESSERA_HAVE_AVX512
void absorb_blocks_avx512(std::uint64_t (&state)[25], const std::uint8_t* in, std::size_t nblocks,
                          std::size_t rate_lanes) noexcept {
  absorb_blocks_with<f1600_avx512>(state, in, nblocks, rate_lanes);
}
void squeeze_blocks_avx512(std::uint64_t (&state)[25], std::uint8_t* out, std::size_t nblocks,
                           std::size_t rate_lanes) noexcept {
  squeeze_blocks_with<f1600_avx512>(state, out, nblocks, rate_lanes);
}
#endif

const Kernels& kernels_for(Backend b) noexcept { return cpu::table_for<Kernels, make_kernels>(b); }

const Kernels& kernels() noexcept { return kernels_for(cpu::active()); }

}  // namespace tessera::keccak
