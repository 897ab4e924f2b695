// ML-KEM AVX2 kernels (the shared 256-bit code in x86_simd.inc, built with -mavx2 -mbmi2).
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
  k.ntt = ntt;
  k.invntt = invntt;
  k.mulcache = mulcache;
  k.basemul_acc = basemul_acc;
  k.reduce = reduce;
  k.tomont = tomont;
  k.cbd2 = cbd2;
  k.cbd3 = cbd3;
  k.rej_uniform = rej_uniform;
  k.compress_d1 = compress_d1;
  k.compress_d4 = compress_d4;
  k.compress_d5 = compress_d5;
  k.compress_d10 = compress_d10;
  k.compress_d11 = compress_d11;
  k.decompress_d1 = decompress_d1;
  k.decompress_d4 = decompress_d4;
  k.decompress_d5 = decompress_d5;
  k.decompress_d10 = decompress_d10;
  k.decompress_d11 = decompress_d11;
  k.byte_encode12 = byte_encode12;
  k.byte_decode12 = byte_decode12;
  return k;
}

}  // namespace tessera::mlkem::avx2
