// The Keccak kernel table of each backend, and the choice of the active one.
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
#include "hash/keccak/keccak.hpp"

#include "common/bytes.hpp"
#include "cpu/backend.hpp"
#include "tessera_config.hpp"

namespace tessera::keccak {
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

// The scalar kernels keep the state in registers (and complemented) across blocks.
constexpr Kernels kPortable{f1600_portable,           f1600_x4_portable,         f1600_x8_portable, false,
                            absorb_blocks_portable,   squeeze_blocks_portable,   absorb_lanes_x4_portable,
                            absorb_lanes_x8_portable, extract_lanes_x4_portable, extract_lanes_x8_portable};

#if TESSERA_HAVE_AVX2
// AVX2 has no single-state vector kernel faster than scalar code; the scalar round built
// with BMI1/2 (andn, rorx) is ~5% faster than the baseline portable build. x8 interleaves
// two 4-way states, 3% cheaper per state than x4, but not native: callers that batch by 8
// would waste lanes where 4 suffice (ML-KEM-768's 9 matrix entries: 4 + 4 + 1).
constexpr Kernels kAvx2{f1600_scalar_bmi,         f1600_x4_avx2,             f1600_x8_avx2,         false,
                        absorb_blocks_scalar_bmi, squeeze_blocks_scalar_bmi, absorb_lanes_x4_avx2,  absorb_lanes_x8_avx2,
                        extract_lanes_x4_avx2,    extract_lanes_x8_avx2};
#endif
#if TESSERA_HAVE_AVX512
// The 8-way zmm kernel costs ~8% less per state than the 4-way one, so it is native.
constexpr Kernels kAvx512{f1600_avx512,                     f1600_x4_avx512,
                          f1600_x8_avx512,                  true,
                          absorb_blocks_with<f1600_avx512>, squeeze_blocks_with<f1600_avx512>,
                          absorb_lanes_x4_avx2,             absorb_lanes_x8_avx512,
                          extract_lanes_x4_avx2,            extract_lanes_x8_avx512};
#endif

}  // namespace

const Kernels& kernels_for(Backend b) noexcept {
  switch (b) {
#if TESSERA_HAVE_AVX2
    case Backend::avx2: return kAvx2;
#endif
#if TESSERA_HAVE_AVX512
    case Backend::avx512: return kAvx512;
#endif
    default: return kPortable;
  }
}

const Kernels& kernels() noexcept { return kernels_for(cpu::active()); }

}  // namespace tessera::keccak
