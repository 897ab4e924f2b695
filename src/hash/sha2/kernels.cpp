// The choice of the SHA-2 kernel table (src/cpu/dispatch.hpp); each backend's table is built
// in its kernel file (portable.cpp, sha512_avx2.cpp, sha512_avx512.cpp; neon's here). The x86 backends take
// SHA-NI for SHA-256 when the CPU has it (shani_available), and the AVX2 / AVX-512VL
// schedule kernels for SHA-512.
#include "hash/sha2/kernels.hpp"

#include "cpu/dispatch.hpp"
#include "cpu/features.hpp"
#include "tessera_config.hpp"

namespace tessera::sha2 {
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

#if TESSERA_HAVE_NEON
// The neon backend: the SHA-256 instructions where the CPU has them; SHA-512 portable (the
// SHA512 instructions, Armv8.2, are a later kernel).
Kernels neon::table() noexcept {
  Kernels k = portable::table();
  if (cpu::features().arm_sha2) k.compress256 = compress256_neon;
  return k;
}
#endif

bool shani_available() noexcept {
#if TESSERA_HAVE_AVX2
  const cpu::Features& f = cpu::features();
  return f.sha && f.ssse3 && f.sse41;
#else
  return false;
#endif
}

const Kernels& kernels_for(Backend b) noexcept { return cpu::table_for<Kernels, make_kernels>(b); }

const Kernels& kernels() noexcept { return kernels_for(cpu::active()); }

}  // namespace tessera::sha2
