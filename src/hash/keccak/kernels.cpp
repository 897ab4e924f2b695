// The Keccak kernel table of each backend, and the choice of the active one.
//
// Choices measured on AMD Zen 4 (TSC cycles per call, /work/scratch benchmark, 2.6 GHz TSC,
// ~3.65 GHz core): portable 848, scalar BMI 720, AVX-512 one-lane-per-xmm 550, AVX-512
// five-zmm-rows 1047 (Zen 4's 5-cycle permutes plus bypass delays sit on its critical
// path); 4-way AVX2 1065 (266/state), 4-way AVX-512VL 650 (163/state), 8-way AVX-512
// 1160 (145/state).
#include "hash/keccak/keccak.hpp"

#include "cpu/backend.hpp"
#include "tessera_config.hpp"

namespace tessera::keccak {
namespace {

constexpr Kernels kPortable{f1600_portable, f1600_x4_portable, f1600_x8_portable, false};

#if TESSERA_HAVE_AVX2
// AVX2 has no single-state vector kernel faster than scalar code; the scalar round built
// with BMI1/2 (andn, rorx) is ~15% faster than the baseline portable build. x8 is two
// 4-way passes, so callers should batch by 4.
constexpr Kernels kAvx2{f1600_scalar_bmi, f1600_x4_avx2, f1600_x8_avx2, false};
#endif
#if TESSERA_HAVE_AVX512
// The 8-way zmm kernel costs ~11% less per state than the 4-way one, so it is native.
constexpr Kernels kAvx512{f1600_avx512, f1600_x4_avx512, f1600_x8_avx512, true};
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
