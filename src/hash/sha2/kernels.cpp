// The choice of the SHA-2 kernel table (src/cpu/dispatch.hpp); each backend's table is built
// in its kernel file (portable.cpp, sha512_avx2.cpp, sha512_avx512.cpp; neon's here). The x86 backends take
// SHA-NI for SHA-256 when the CPU has it (shani_available), and the AVX2 / AVX-512VL
// schedule kernels for SHA-512; neon takes the Arm SHA-256 / SHA-512 instructions.
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
// The neon backend: the SHA-256 instructions (FEAT_SHA256, HWCAP_SHA2) and the SHA-512 ones
// (FEAT_SHA512, HWCAP_SHA512; Armv8.2, absent from e.g. the Cortex-A53/A72) where the CPU has
// them, each independently; portable otherwise. TESSERA_CPU_DISABLE=sha2 / sha512 masks them.
Kernels neon::table() noexcept {
  Kernels k = portable::table();
  if (cpu::features().arm_sha2) k.compress256 = compress256_neon;
  if (cpu::features().arm_sha512) k.compress512 = compress512_neon;
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
