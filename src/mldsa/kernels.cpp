// The ML-DSA kernel table of each backend. Only portable kernels exist so far: every
// backend maps to them until SIMD entries are written (copy kPortableKernels, override).
#include "mldsa/kernels.hpp"

#include "cpu/backend.hpp"

namespace tessera::mldsa {

const Kernels& kernels_for(Backend b) noexcept {
  switch (b) {
    default: return kPortableKernels;
  }
}

const Kernels& kernels() noexcept { return kernels_for(cpu::active()); }

}  // namespace tessera::mldsa
