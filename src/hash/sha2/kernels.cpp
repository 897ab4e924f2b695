// The SHA-2 kernel table of each backend. Built once per process (function-local
// static): the x86 backends take SHA-NI for SHA-256 when the CPU has it. SHA-NI is not
// an AVX2 feature, but a forced "portable" backend must run the portable code only, so
// it belongs to the x86 SIMD backends' tables. SHA-512 takes the AVX2 / AVX-512VL
// schedule kernels (their backends imply BMI2, which the rounds use).
#include "hash/sha2/kernels.hpp"

#include "cpu/backend.hpp"
#include "cpu/features.hpp"
#include "tessera_config.hpp"

namespace tessera::sha2 {
namespace {

struct Tables {
  Kernels portable;
  Kernels avx2;
  Kernels avx512;
};

Tables build() noexcept {
  Tables t{};
  t.portable = Kernels{compress256_portable, compress512_portable};
  t.avx2 = t.portable;
#if TESSERA_HAVE_AVX2
  if (shani_available()) t.avx2.compress256 = compress256_shani;
  t.avx2.compress512 = compress512_avx2;
#endif
  t.avx512 = t.avx2;
#if TESSERA_HAVE_AVX512
  t.avx512.compress512 = compress512_avx512;
#endif
  return t;
}

const Tables& tables() noexcept {
  static const Tables t = build();
  return t;
}

}  // namespace

bool shani_available() noexcept {
#if TESSERA_HAVE_AVX2
  const cpu::Features& f = cpu::features();
  return f.sha && f.ssse3 && f.sse41;
#else
  return false;
#endif
}

const Kernels& kernels_for(Backend b) noexcept {
  const Tables& t = tables();
  switch (b) {
    case Backend::avx2: return t.avx2;
    case Backend::avx512: return t.avx512;
    default: return t.portable;
  }
}

const Kernels& kernels() noexcept { return kernels_for(cpu::active()); }

}  // namespace tessera::sha2
