// The ML-DSA kernel table of each backend: a copy of the portable table with the entries a
// backend implements replaced (kernels/avx2.cpp, kernels/avx512.cpp), built once per
// process on first use.
#include "mldsa/kernels.hpp"

#include "cpu/backend.hpp"
#include "tessera_config.hpp"

namespace tessera::mldsa {

const Kernels& kernels_for(Backend b) noexcept {
  switch (b) {
#if TESSERA_HAVE_AVX2
    case Backend::avx2: {
      static const Kernels k = [] {
        Kernels t = kPortableKernels;
        fill_kernels_avx2(t);
        return t;
      }();
      return k;
    }
#endif
#if TESSERA_HAVE_AVX512
    case Backend::avx512: {
      static const Kernels k = [] {
        Kernels t = kPortableKernels;
        fill_kernels_avx512(t);
        return t;
      }();
      return k;
    }
#endif
    default: return kPortableKernels;
  }
}

const Kernels& kernels() noexcept { return kernels_for(cpu::active()); }

}  // namespace tessera::mldsa
