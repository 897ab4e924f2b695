// The Keccak kernel table of each backend, and the choice of the active one.
#include "hash/keccak/keccak.hpp"

#include "cpu/backend.hpp"
#include "tessera_config.hpp"

namespace tessera::keccak {
namespace {

constexpr Kernels kPortable{f1600_portable, f1600_x4_portable, f1600_x8_portable, false};

#if TESSERA_HAVE_AVX2
// AVX2 has no faster single-state permutation than the scalar code.
constexpr Kernels kAvx2{f1600_portable, f1600_x4_avx2, f1600_x8_portable, false};
#endif
#if TESSERA_HAVE_AVX512
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
