// AVX-512 (F/BW) FrodoKEM kernels: 32 uint16 lanes per zmm. Built with the AVX-512 flags
// (cmake/TesseraSimd.cmake); only called when the CPU and OS support AVX-512.
//
// mul_add_as: 4 rows of A x 4 columns of S per pass, 16 accumulators of 16 int32 sums
//   (vpmaddwd then vpaddd: the sums are only needed mod 2^16, so the signed 16x16 products
//   and int32 wraparound are harmless), reduced once per row.
// mul_add_sa: for two rows of S' at a time, the 16 broadcast entries S'[i][r0..r0+8) stay in
//   registers while 32-column strips of the 8 rows of A stream through (vpmullw, vpaddw).
// extract_x8: 8x8 transposes of 64-bit lanes.
#include "common/bytes.hpp"
#include "frodokem/kernels.hpp"
#include "frodokem/sample_impl.hpp"

// GCC 12's AVX-512 intrinsics pass _mm512_undefined_*() as the unused merge source, which
// its own -Wuninitialized / -Wmaybe-uninitialized then reject.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

namespace tessera::frodokem::avx512 {
namespace {

inline __mmask32 tail_mask(std::size_t left) noexcept {
  return left >= 32 ? ~__mmask32{0} : static_cast<__mmask32>((1u << left) - 1u);
}

// out[0..4) += the 4 uint16 in the low 64 bits of v.
[[gnu::always_inline]] inline void add_sums4(std::uint16_t* out, __m128i v) noexcept {
  const __m128i o = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(out));
  _mm_storel_epi64(reinterpret_cast<__m128i*>(out), _mm_add_epi16(o, v));
}

}  // namespace

void mul_add_as(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,
                const std::uint16_t* st, std::size_t n) noexcept {
  for (std::size_t r0 = 0; r0 < nrows; r0 += 4) {
    const std::uint16_t* row[4] = {a + r0 * a_stride, a + (r0 + 1) * a_stride, a + (r0 + 2) * a_stride,
                                   a + (r0 + 3) * a_stride};
    for (std::size_t k0 = 0; k0 < 8; k0 += 4) {
      const std::uint16_t* col[4] = {st + k0 * n, st + (k0 + 1) * n, st + (k0 + 2) * n, st + (k0 + 3) * n};
      __m512i acc[4][4];
      for (auto& x : acc)
        for (auto& y : x) y = _mm512_setzero_si512();
      // Whole vectors, then the masked tail (n = 976): one loop with masked loads made g++
      // keep an accumulator (partial sums of A S) in a stack slot.
      auto step = [&](std::size_t j, __mmask32 m) __attribute__((always_inline)) {
        __m512i av[4], bv[4];
        for (int x = 0; x < 4; ++x) av[x] = _mm512_maskz_loadu_epi16(m, row[x] + j);
        for (int y = 0; y < 4; ++y) bv[y] = _mm512_maskz_loadu_epi16(m, col[y] + j);
        for (int x = 0; x < 4; ++x)
          for (int y = 0; y < 4; ++y) acc[x][y] = _mm512_add_epi32(acc[x][y], _mm512_madd_epi16(av[x], bv[y]));
      };
      std::size_t j = 0;
      for (; j + 32 <= n; j += 32) step(j, ~__mmask32{0});
      if (j < n) step(j, tail_mask(n - j));
      // Reduce the 16 accumulators to 16 sums: pairwise interleave-and-add trees.
      // s[x][y] = sum of acc[x][y]; computed as one vector of 16 int32 below.
      __m512i t[8];
      for (int x = 0; x < 4; ++x)
        for (int y = 0; y < 4; y += 2)
          t[x * 2 + y / 2] = _mm512_add_epi32(_mm512_unpacklo_epi32(acc[x][y], acc[x][y + 1]),
                                              _mm512_unpackhi_epi32(acc[x][y], acc[x][y + 1]));
      // t[x*2 + h] lanes (per 128-bit block): [y0, y1, y0, y1] partial sums with y = 2h, 2h+1.
      __m512i u[4];
      for (int x = 0; x < 4; ++x)
        u[x] = _mm512_add_epi32(_mm512_unpacklo_epi64(t[2 * x], t[2 * x + 1]),
                                _mm512_unpackhi_epi64(t[2 * x], t[2 * x + 1]));
      // u[x] per 128-bit block: [y0, y1, y2, y3] partial sums (4 blocks to add).
      const __m512i v01 = _mm512_add_epi32(_mm512_shuffle_i64x2(u[0], u[1], 0x88), _mm512_shuffle_i64x2(u[0], u[1], 0xDD));
      const __m512i v23 = _mm512_add_epi32(_mm512_shuffle_i64x2(u[2], u[3], 0x88), _mm512_shuffle_i64x2(u[2], u[3], 0xDD));
      // v01 blocks: [x0 (b0+b1), x0 (b2+b3), x1 (b0+b1), x1 (b2+b3)].
      const __m512i w = _mm512_add_epi32(_mm512_shuffle_i64x2(v01, v23, 0x88), _mm512_shuffle_i64x2(v01, v23, 0xDD));
      // w blocks: [x0, x1, x2, x3], each [y0, y1, y2, y3]. Their low 16 bits (vpmovdw: 4
      // uint16 per row of out) go from registers into out: a stack buffer of the sums would
      // outlive the call (tests/unit/zeroize_frodokem_test.cpp).
      const __m256i p = _mm512_cvtepi32_epi16(w);
      const __m128i p01 = _mm256_castsi256_si128(p), p23 = _mm256_extracti128_si256(p, 1);
      add_sums4(out + r0 * 8 + k0, p01);
      add_sums4(out + (r0 + 1) * 8 + k0, _mm_unpackhi_epi64(p01, p01));
      add_sums4(out + (r0 + 2) * 8 + k0, p23);
      add_sums4(out + (r0 + 3) * 8 + k0, _mm_unpackhi_epi64(p23, p23));
    }
  }
}

void mul_add_sa(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,
                const std::uint16_t* s, std::size_t s_stride, std::size_t n) noexcept {
  for (std::size_t r0 = 0; r0 < nrows; r0 += 8) {
    for (std::size_t i0 = 0; i0 < 8; i0 += 2) {
      __m512i b0[8], b1[8];
      for (std::size_t r = 0; r < 8; ++r) {
        b0[r] = _mm512_set1_epi16(static_cast<short>(s[i0 * s_stride + r0 + r]));
        b1[r] = _mm512_set1_epi16(static_cast<short>(s[(i0 + 1) * s_stride + r0 + r]));
      }
      std::uint16_t* o0 = out + i0 * n;
      std::uint16_t* o1 = o0 + n;
      const std::uint16_t* ar = a + r0 * a_stride;
      std::size_t j = 0;
      for (; j + 32 <= n; j += 32) {
        __m512i x0 = _mm512_loadu_si512(o0 + j), x1 = _mm512_loadu_si512(o1 + j);
        for (std::size_t r = 0; r < 8; ++r) {
          const __m512i av = _mm512_loadu_si512(ar + r * a_stride + j);
          x0 = _mm512_add_epi16(x0, _mm512_mullo_epi16(av, b0[r]));
          x1 = _mm512_add_epi16(x1, _mm512_mullo_epi16(av, b1[r]));
        }
        _mm512_storeu_si512(o0 + j, x0);
        _mm512_storeu_si512(o1 + j, x1);
      }
      if (j < n) {
        const __mmask32 m = tail_mask(n - j);
        __m512i x0 = _mm512_maskz_loadu_epi16(m, o0 + j), x1 = _mm512_maskz_loadu_epi16(m, o1 + j);
        for (std::size_t r = 0; r < 8; ++r) {
          const __m512i av = _mm512_maskz_loadu_epi16(m, ar + r * a_stride + j);
          x0 = _mm512_add_epi16(x0, _mm512_mullo_epi16(av, b0[r]));
          x1 = _mm512_add_epi16(x1, _mm512_mullo_epi16(av, b1[r]));
        }
        _mm512_mask_storeu_epi16(o0 + j, m, x0);
        _mm512_mask_storeu_epi16(o1 + j, m, x1);
      }
    }
  }
}

void sample(std::uint16_t* s, std::size_t count, const std::uint16_t* cdf, int cdf_len) noexcept {
  impl::sample(s, count, cdf, cdf_len);
}

void extract_x8(const keccak::State8& s, std::uint8_t* const out[8], std::size_t lanes) noexcept {
  std::size_t l0 = 0;
  for (; l0 + 8 <= lanes; l0 += 8) {
    __m512i t[8];
    for (int i = 0; i < 8; i += 2) {
      const __m512i v0 = _mm512_load_si512(s.lanes[l0 + static_cast<std::size_t>(i)]);
      const __m512i v1 = _mm512_load_si512(s.lanes[l0 + static_cast<std::size_t>(i) + 1]);
      t[i] = _mm512_unpacklo_epi64(v0, v1);      // block b: lanes (i, i+1) of state 2b
      t[i + 1] = _mm512_unpackhi_epi64(v0, v1);  // block b: lanes (i, i+1) of state 2b+1
    }
    for (int e = 0; e < 2; ++e) {
      // Blocks b = 0, 1 (states e, 2+e), then b = 2, 3 (states 4+e, 6+e).
      const __m512i p = _mm512_shuffle_i64x2(t[e], t[2 + e], 0x44);
      const __m512i q = _mm512_shuffle_i64x2(t[4 + e], t[6 + e], 0x44);
      const __m512i p2 = _mm512_shuffle_i64x2(t[e], t[2 + e], 0xEE);
      const __m512i q2 = _mm512_shuffle_i64x2(t[4 + e], t[6 + e], 0xEE);
      _mm512_storeu_si512(out[e] + 8 * l0, _mm512_shuffle_i64x2(p, q, 0x88));
      _mm512_storeu_si512(out[2 + e] + 8 * l0, _mm512_shuffle_i64x2(p, q, 0xDD));
      _mm512_storeu_si512(out[4 + e] + 8 * l0, _mm512_shuffle_i64x2(p2, q2, 0x88));
      _mm512_storeu_si512(out[6 + e] + 8 * l0, _mm512_shuffle_i64x2(p2, q2, 0xDD));
    }
  }
  for (std::size_t l = l0; l < lanes; ++l)
    for (int j = 0; j < 8; ++j) bytes::store_le64(out[j] + 8 * l, s.lanes[l][j]);
}

// acc layout: 8 zmm, one per column k of S; in each, qword r holds two partial int32 sums
// for row r (vpmaddwd of the 4 entries of lane l with the 4 matching entries of S^T[k]).
// (With the 8 accumulators in one loop, g++ passed them through stack slots on the way in
// and out; as two halves of 4 columns they stay in registers.)
void dot_lanes(std::uint32_t* acc, const keccak::State8& s, std::size_t lanes, const std::uint16_t* st,
               std::size_t n, std::size_t col0) noexcept {
  for (std::size_t k0 = 0; k0 < 8; k0 += 4) {
    __m512i a0 = _mm512_load_si512(acc + 16 * k0), a1 = _mm512_load_si512(acc + 16 * (k0 + 1));
    __m512i a2 = _mm512_load_si512(acc + 16 * (k0 + 2)), a3 = _mm512_load_si512(acc + 16 * (k0 + 3));
    const std::uint16_t* col = st + k0 * n + col0;
    for (std::size_t l = 0; l < lanes; ++l, col += 4) {
      const __m512i v = _mm512_load_si512(s.lanes[l]);
      auto bcast = [](const std::uint16_t* p) __attribute__((always_inline)) {
        std::uint64_t w;
        __builtin_memcpy(&w, p, 8);
        return _mm512_set1_epi64(static_cast<long long>(w));
      };
      a0 = _mm512_add_epi32(a0, _mm512_madd_epi16(v, bcast(col)));
      a1 = _mm512_add_epi32(a1, _mm512_madd_epi16(v, bcast(col + n)));
      a2 = _mm512_add_epi32(a2, _mm512_madd_epi16(v, bcast(col + 2 * n)));
      a3 = _mm512_add_epi32(a3, _mm512_madd_epi16(v, bcast(col + 3 * n)));
    }
    _mm512_store_si512(acc + 16 * k0, a0);
    _mm512_store_si512(acc + 16 * (k0 + 1), a1);
    _mm512_store_si512(acc + 16 * (k0 + 2), a2);
    _mm512_store_si512(acc + 16 * (k0 + 3), a3);
  }
}


}  // namespace tessera::frodokem::avx512

namespace tessera::frodokem::avx512 {

// Every kernel of the AVX2 table replaced but dot_finish (the same accumulator layout).
Kernels table() noexcept {
  Kernels k = avx2::table();
  k.mul_add_as = mul_add_as;
  k.mul_add_sa = mul_add_sa;
  k.sample = sample;
  k.extract_x8 = extract_x8;
  k.dot_lanes = dot_lanes;
  k.name = "avx512";
  return k;
}

}  // namespace tessera::frodokem::avx512
