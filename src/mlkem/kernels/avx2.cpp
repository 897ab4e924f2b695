// ML-KEM AVX2 kernels (the shared 256-bit code in x86_simd.inc, built with -mavx2 -mbmi2).
#include "common/secret.hpp"
#include "mlkem/field.hpp"
#include "mlkem/kernels.hpp"

#include <immintrin.h>

#include <cstring>

namespace tessera::mlkem::avx2 {
#include "mlkem/kernels/x86_simd.inc"
}  // namespace tessera::mlkem::avx2

namespace tessera::mlkem::avx2 {

// Every kernel of the portable table replaced.
Kernels table() noexcept {
  Kernels k = portable::table();
#include "mlkem/kernel_table.inc"
  return k;
}

}  // namespace tessera::mlkem::avx2
