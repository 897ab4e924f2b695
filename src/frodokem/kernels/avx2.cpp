// AVX2 FrodoKEM kernels: 16 uint16 lanes per ymm. Built with the AVX2 flags
// (cmake/TesseraSimd.cmake); only called when the CPU supports AVX2. The AVX-512 kernels'
// scheme (see avx512.cpp) cut to what fits 16 ymm registers: a kernel whose values spill
// leaves secret-derived sums on the stack (tests/unit/zeroize_frodokem_test.cpp). n is a
// multiple of 16, so there are no partial vectors.
#include "common/bytes.hpp"
#include "frodokem/kernels.hpp"
#include "frodokem/sample_impl.hpp"

#include <immintrin.h>

namespace tessera::frodokem::avx2 {

namespace {

// out[0..4) += the low 16 bits of the four int32 sums in v[0..4) (one 64-bit store).
[[gnu::always_inline]] inline void add_sums4(std::uint16_t* out, __m128i v) noexcept {
  const __m128i lo16 = _mm_shuffle_epi8(v, _mm_setr_epi8(0, 1, 4, 5, 8, 9, 12, 13, -1, -1, -1, -1, -1, -1, -1, -1));
  const __m128i o = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(out));
  _mm_storel_epi64(reinterpret_cast<__m128i*>(out), _mm_add_epi16(o, lo16));
}

}  // namespace

// 2 rows of A x 4 columns of S per pass: 8 accumulators and 3 operands stay in the 16 ymm
// registers. (A 4 x 4 block needs 24: g++ then kept all 16 accumulators, partial sums of
// A S, in stack slots, and a store of the sums to a stack buffer left 16 of them behind;
// tests/unit/zeroize_frodokem_test.cpp.) The sums go from registers straight into out.
void mul_add_as(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,
                const std::uint16_t* st, std::size_t n) noexcept {
  for (std::size_t r0 = 0; r0 < nrows; r0 += 2) {
    const std::uint16_t* row0 = a + r0 * a_stride;
    const std::uint16_t* row1 = row0 + a_stride;
    for (std::size_t k0 = 0; k0 < 8; k0 += 4) {
      const std::uint16_t* col = st + k0 * n;
      __m256i acc[2][4];
      for (auto& x : acc)
        for (auto& y : x) y = _mm256_setzero_si256();
      for (std::size_t j = 0; j < n; j += 16) {
        const __m256i a0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row0 + j));
        const __m256i a1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row1 + j));
        for (std::size_t y = 0; y < 4; ++y) {
          const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(col + y * n + j));
          acc[0][y] = _mm256_add_epi32(acc[0][y], _mm256_madd_epi16(a0, b));
          acc[1][y] = _mm256_add_epi32(acc[1][y], _mm256_madd_epi16(a1, b));
        }
      }
      // Interleave-and-add trees (as in avx512.cpp) down to [x0: y0..y3 | x1: y0..y3].
      __m256i t[4];
      for (int x = 0; x < 2; ++x)
        for (int y = 0; y < 4; y += 2)
          t[x * 2 + y / 2] = _mm256_add_epi32(_mm256_unpacklo_epi32(acc[x][y], acc[x][y + 1]),
                                              _mm256_unpackhi_epi32(acc[x][y], acc[x][y + 1]));
      const __m256i u0 = _mm256_add_epi32(_mm256_unpacklo_epi64(t[0], t[1]), _mm256_unpackhi_epi64(t[0], t[1]));
      const __m256i u1 = _mm256_add_epi32(_mm256_unpacklo_epi64(t[2], t[3]), _mm256_unpackhi_epi64(t[2], t[3]));
      const __m256i w = _mm256_add_epi32(_mm256_permute2x128_si256(u0, u1, 0x20), _mm256_permute2x128_si256(u0, u1, 0x31));
      add_sums4(out + r0 * 8 + k0, _mm256_castsi256_si128(w));
      add_sums4(out + (r0 + 1) * 8 + k0, _mm256_extracti128_si256(w, 1));
    }
  }
}

// For two rows of S' at a time and 4 rows of A at a time: the 8 broadcast entries of S'
// stay in registers with the two accumulators and the row of A (11 ymm; 8 rows of A at a
// time need 19, and g++ spilled 4 of the broadcasts, entries of S', to the stack).
void mul_add_sa(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,
                const std::uint16_t* s, std::size_t s_stride, std::size_t n) noexcept {
  for (std::size_t r0 = 0; r0 < nrows; r0 += 4) {
    for (std::size_t i0 = 0; i0 < 8; i0 += 2) {
      __m256i b0[4], b1[4];
      for (std::size_t r = 0; r < 4; ++r) {
        b0[r] = _mm256_set1_epi16(static_cast<short>(s[i0 * s_stride + r0 + r]));
        b1[r] = _mm256_set1_epi16(static_cast<short>(s[(i0 + 1) * s_stride + r0 + r]));
      }
      std::uint16_t* o0 = out + i0 * n;
      std::uint16_t* o1 = o0 + n;
      const std::uint16_t* ar = a + r0 * a_stride;
      for (std::size_t j = 0; j < n; j += 16) {
        __m256i x0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(o0 + j));
        __m256i x1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(o1 + j));
        for (std::size_t r = 0; r < 4; ++r) {
          const __m256i av = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ar + r * a_stride + j));
          x0 = _mm256_add_epi16(x0, _mm256_mullo_epi16(av, b0[r]));
          x1 = _mm256_add_epi16(x1, _mm256_mullo_epi16(av, b1[r]));
        }
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(o0 + j), x0);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(o1 + j), x1);
      }
    }
  }
}

void sample(std::uint16_t* s, std::size_t count, const std::uint16_t* cdf, int cdf_len) noexcept {
  impl::sample(s, count, cdf, cdf_len);
}

void extract_x8(const keccak::State8& s, std::uint8_t* const out[8], std::size_t lanes) noexcept {
  for (std::size_t l = 0; l < lanes; ++l)
    for (int j = 0; j < 8; ++j) bytes::store_le64(out[j] + 8 * l, s.lanes[l][j]);
}

// acc layout as avx512.cpp's: 16 words per column k of S; qword r of them holds two
// partial int32 sums for row r (vpmaddwd of the 4 entries of lane l of state r with the 4
// matching entries of S^T[k]). Columns in two halves of 4, so that the 8 accumulators (two
// ymm per column: rows 0-3, 4-7) stay in registers with the lane and the broadcast; the
// shared C++ of sample_impl.hpp kept its 64 sums in stack slots.
void dot_lanes(std::uint32_t* acc, const keccak::State8& s, std::size_t lanes, const std::uint16_t* st,
               std::size_t n, std::size_t col0) noexcept {
  for (std::size_t k0 = 0; k0 < 8; k0 += 4) {
    __m256i a[4][2];
    for (std::size_t k = 0; k < 4; ++k)
      for (std::size_t h = 0; h < 2; ++h)
        a[k][h] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(acc + 16 * (k0 + k) + 8 * h));
    const std::uint16_t* col = st + k0 * n + col0;
    for (std::size_t l = 0; l < lanes; ++l, col += 4) {
      const __m256i v0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s.lanes[l]));
      const __m256i v1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s.lanes[l] + 4));
      for (std::size_t k = 0; k < 4; ++k) {
        std::uint64_t w;
        __builtin_memcpy(&w, col + k * n, 8);
        const __m256i b = _mm256_set1_epi64x(static_cast<long long>(w));
        a[k][0] = _mm256_add_epi32(a[k][0], _mm256_madd_epi16(v0, b));
        a[k][1] = _mm256_add_epi32(a[k][1], _mm256_madd_epi16(v1, b));
      }
    }
    for (std::size_t k = 0; k < 4; ++k)
      for (std::size_t h = 0; h < 2; ++h)
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(acc + 16 * (k0 + k) + 8 * h), a[k][h]);
  }
}

void dot_finish(std::uint16_t* out, const std::uint32_t* acc) noexcept { impl::dot_finish_pairs(out, acc); }

}  // namespace tessera::frodokem::avx2

namespace tessera::frodokem::avx2 {

// Every kernel of the portable table replaced.
Kernels table() noexcept {
  Kernels k = portable::table();
  k.mul_add_as = mul_add_as;
  k.mul_add_sa = mul_add_sa;
  k.sample = sample;
  k.extract_x8 = extract_x8;
  k.dot_lanes = dot_lanes;
  k.dot_finish = dot_finish;
  k.name = "avx2";
  return k;
}

}  // namespace tessera::frodokem::avx2
