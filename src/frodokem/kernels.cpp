// The FrodoKEM kernel table of each backend, and the choice of the active one.
#include "frodokem/kernels.hpp"

#include "cpu/backend.hpp"
#include "tessera_config.hpp"

namespace tessera::frodokem {
namespace {

constexpr Kernels kPortable{portable::mul_add_as, portable::mul_add_sa, portable::sample, portable::extract_x8, portable::dot_lanes, portable::dot_finish,
                            "portable"};
#if TESSERA_HAVE_AVX2
constexpr Kernels kAvx2{avx2::mul_add_as, avx2::mul_add_sa, avx2::sample, avx2::extract_x8, avx2::dot_lanes, avx2::dot_finish, "avx2"};
#endif
#if TESSERA_HAVE_AVX512
constexpr Kernels kAvx512{avx512::mul_add_as, avx512::mul_add_sa, avx512::sample, avx512::extract_x8, avx512::dot_lanes, avx512::dot_finish, "avx512"};
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

}  // namespace tessera::frodokem
