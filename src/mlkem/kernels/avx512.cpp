// ML-KEM AVX-512 kernels: the shared 256-bit code of x86_simd.inc compiled with AVX-512VL/BW
// (EVEX forms, 32 vector registers: the NTT keeps all 16 vectors of a polynomial in
// registers). On Zen 4, 512-bit operations are split into two 256-bit halves, so wider
// vectors would save instructions but not execution cycles; the gain of this backend is in
// the 8-way Keccak kernel (see mlkem.cpp's batched sampling).
#include "common/secret.hpp"
#include "mlkem/field.hpp"
#include "mlkem/kernels.hpp"

#include "cpu/features.hpp"

#include <immintrin.h>

#include <cstring>

namespace tessera::mlkem::avx512 {
#include "mlkem/kernels/x86_simd.inc"
}  // namespace tessera::mlkem::avx512

namespace tessera::mlkem::avx512 {

// SampleNTT's rejection loop (Algorithm 7, steps 4-15) with AVX-512 VBMI/VBMI2, used when the
// CPU has them (kernels.cpp): 32 candidates (48 bytes) per step, gathered to 16-bit windows by
// one byte permutation and left-packed by one vpcompressw (to a register: the memory form is
// slow on Zen 4); byte-masked loads handle the end of buf and masked stores the end of r.
// Same results and write bounds as rej_uniform. Public data: branches on it are fine.
[[gnu::target("avx512vbmi,avx512vbmi2")]] unsigned rej_uniform_vbmi2(std::int16_t* r, unsigned ctr, unsigned len,
                                                                    const std::uint8_t* buf, unsigned buflen) noexcept {
  static constexpr auto kIdx = [] {
    struct T {
      alignas(64) std::uint8_t b[64];
    } t{};
    for (int c = 0; c < 32; ++c) {
      const int base = 3 * (c / 2) + (c & 1);
      t.b[2 * c] = static_cast<std::uint8_t>(base);
      t.b[2 * c + 1] = static_cast<std::uint8_t>(base + 1);
    }
    return t;
  }();
  const __m512i idx = _mm512_load_si512(kIdx.b);
  const __m512i mask12 = _mm512_set1_epi16(0xFFF), bound = _mm512_set1_epi16(kQ);
  unsigned pos = 0;
  while (ctr < len && pos + 3 <= buflen) {
    // Up to 48 bytes, loaded with a byte mask (no read past buflen), give up to 32 candidates.
    const unsigned nbytes = buflen - pos >= 48 ? 48 : (buflen - pos) / 3 * 3;
    const unsigned ncand = nbytes / 3 * 2;
    const __mmask64 lm = (__mmask64{1} << nbytes) - 1;
    // (The zero-masking form with a full mask: GCC 12 warns on the plain one's undefined source.)
    const __m512i v = _mm512_maskz_permutexvar_epi8(~__mmask64{0}, idx, _mm512_maskz_loadu_epi8(lm, buf + pos));
    const __m512i d = _mm512_mask_blend_epi16(0xAAAAAAAAu, _mm512_and_si512(v, mask12), _mm512_srli_epi16(v, 4));
    const __mmask32 valid = ncand == 32 ? ~__mmask32{0} : (__mmask32{1} << ncand) - 1;
    const __mmask32 m = _mm512_mask_cmplt_epu16_mask(valid, d, bound);
    const auto n = static_cast<unsigned>(__builtin_popcount(m));
    const __m512i packed = _mm512_maskz_compress_epi16(m, d);
    if (ctr + 32 <= len) {  // room for a whole vector (the entries past the count are scratch)
      _mm512_storeu_si512(r + ctr, packed);
      ctr += n;
    } else {  // the outputs that still fit, in order, and nothing at or past len
      const unsigned take = n < len - ctr ? n : len - ctr;
      _mm512_mask_storeu_epi16(r + ctr, take == 32 ? ~__mmask32{0} : (__mmask32{1} << take) - 1, packed);
      ctr += take;
    }
    pos += nbytes;
  }
  return ctr;
}

}  // namespace tessera::mlkem::avx512

namespace tessera::mlkem::avx512 {

// Every kernel of the AVX2 table replaced; SampleNTT with VBMI/VBMI2 when the CPU has them
// (Zen 4 and Ice Lake onwards: byte permutes, vpcompressw).
Kernels table() noexcept {
  Kernels k = avx2::table();
#include "mlkem/kernel_table.inc"
  if (cpu::features().avx512vbmi && cpu::features().avx512vbmi2) k.rej_uniform = rej_uniform_vbmi2;
  return k;
}

}  // namespace tessera::mlkem::avx512
