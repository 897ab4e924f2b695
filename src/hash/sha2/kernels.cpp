// The SHA-2 kernel table of each backend. Built once per process (function-local
// static): the x86 backends take SHA-NI for SHA-256 when the CPU has it. SHA-NI is not
// an AVX2 feature, but a forced "portable" backend must run the portable code only, so
// it belongs to the x86 SIMD backends' tables.
#include "hash/sha2/kernels.hpp"

#include "cpu/backend.hpp"
#include "cpu/features.hpp"
#include "tessera_config.hpp"

namespace tessera::sha2 {
namespace {

struct Tables {
  Kernels portable;
  Kernels x86;
};

Tables build() noexcept {
  Tables t{};
  t.portable = Kernels{compress256_portable, compress512_portable};
  t.x86 = t.portable;
#if TESSERA_HAVE_AVX2
  if (shani_available()) t.x86.compress256 = compress256_shani;
#endif
  // SHA-512 keeps the scalar kernel on x86: see the note in src/hash/sha2.cmake.
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
    case Backend::avx2:
    case Backend::avx512: return t.x86;
    default: return t.portable;
  }
}

const Kernels& kernels() noexcept { return kernels_for(cpu::active()); }

}  // namespace tessera::sha2
