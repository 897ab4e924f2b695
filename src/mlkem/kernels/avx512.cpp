// ML-KEM AVX-512 kernels: the shared 256-bit code of x86_simd.inc compiled with AVX-512VL/BW
// (EVEX forms, 32 vector registers: the NTT keeps all 16 vectors of a polynomial in
// registers). On Zen 4, 512-bit operations are split into two 256-bit halves, so wider
// vectors would save instructions but not execution cycles; the gain of this backend is in
// the 8-way Keccak kernel (see mlkem.cpp's batched sampling).
#include "mlkem/field.hpp"
#include "mlkem/kernels.hpp"

#include <immintrin.h>

#include <cstring>

namespace tessera::mlkem::avx512 {
#include "mlkem/kernels/x86_simd.inc"
}  // namespace tessera::mlkem::avx512
