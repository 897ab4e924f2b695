// The choice of the FrodoKEM kernel table (src/cpu/dispatch.hpp). Each backend's table is
// built at the end of its kernel file (kernels/portable.cpp, kernels/avx2.cpp,
// kernels/avx512.cpp, kernels/neon.cpp).
#include "frodokem/kernels.hpp"

#include "cpu/dispatch.hpp"
#include "tessera_config.hpp"

namespace tessera::frodokem {
namespace {

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

const Kernels& kernels_for(Backend b) noexcept { return cpu::table_for<Kernels, make_kernels>(b); }

const Kernels& kernels() noexcept { return kernels_for(cpu::active()); }

}  // namespace tessera::frodokem
