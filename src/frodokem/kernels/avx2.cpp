// AVX2 FrodoKEM kernels: 16 uint16 lanes per ymm. Built with the AVX2 flags
// (cmake/TesseraSimd.cmake); only called when the CPU supports AVX2. Same structure as the
// AVX-512 kernels (see avx512.cpp); n is a multiple of 16, so there are no partial vectors.
#include "common/bytes.hpp"
#include "frodokem/kernels.hpp"
#include "frodokem/sample_impl.hpp"

#include <immintrin.h>

namespace tessera::frodokem::avx2 {

void mul_add_as(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,
                const std::uint16_t* st, std::size_t n) noexcept {
  for (std::size_t r0 = 0; r0 < nrows; r0 += 4) {
    const std::uint16_t* row[4] = {a + r0 * a_stride, a + (r0 + 1) * a_stride, a + (r0 + 2) * a_stride,
                                   a + (r0 + 3) * a_stride};
    for (std::size_t k0 = 0; k0 < 8; k0 += 4) {
      const std::uint16_t* col[4] = {st + k0 * n, st + (k0 + 1) * n, st + (k0 + 2) * n, st + (k0 + 3) * n};
      __m256i acc[4][4];
      for (auto& x : acc)
        for (auto& y : x) y = _mm256_setzero_si256();
      for (std::size_t j = 0; j < n; j += 16) {
        __m256i av[4], bv[4];
        for (int x = 0; x < 4; ++x) av[x] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row[x] + j));
        for (int y = 0; y < 4; ++y) bv[y] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(col[y] + j));
        for (int x = 0; x < 4; ++x)
          for (int y = 0; y < 4; ++y) acc[x][y] = _mm256_add_epi32(acc[x][y], _mm256_madd_epi16(av[x], bv[y]));
      }
      // Interleave-and-add trees (as in avx512.cpp) down to [x0: y0..y3 | x1: y0..y3], ...
      __m256i t[8];
      for (int x = 0; x < 4; ++x)
        for (int y = 0; y < 4; y += 2)
          t[x * 2 + y / 2] = _mm256_add_epi32(_mm256_unpacklo_epi32(acc[x][y], acc[x][y + 1]),
                                              _mm256_unpackhi_epi32(acc[x][y], acc[x][y + 1]));
      __m256i u[4];
      for (int x = 0; x < 4; ++x)
        u[x] = _mm256_add_epi32(_mm256_unpacklo_epi64(t[2 * x], t[2 * x + 1]),
                                _mm256_unpackhi_epi64(t[2 * x], t[2 * x + 1]));
      const __m256i w01 = _mm256_add_epi32(_mm256_permute2x128_si256(u[0], u[1], 0x20),
                                           _mm256_permute2x128_si256(u[0], u[1], 0x31));
      const __m256i w23 = _mm256_add_epi32(_mm256_permute2x128_si256(u[2], u[3], 0x20),
                                           _mm256_permute2x128_si256(u[2], u[3], 0x31));
      alignas(32) std::uint32_t sums[16];
      _mm256_store_si256(reinterpret_cast<__m256i*>(sums), w01);
      _mm256_store_si256(reinterpret_cast<__m256i*>(sums + 8), w23);
      for (int x = 0; x < 4; ++x)
        for (int y = 0; y < 4; ++y) {
          std::uint16_t& o = out[(r0 + static_cast<std::size_t>(x)) * 8 + k0 + static_cast<std::size_t>(y)];
          o = static_cast<std::uint16_t>(o + sums[4 * x + y]);
        }
    }
  }
}

void mul_add_sa(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,
                const std::uint16_t* s, std::size_t s_stride, std::size_t n) noexcept {
  for (std::size_t r0 = 0; r0 < nrows; r0 += 8) {
    for (std::size_t i0 = 0; i0 < 8; i0 += 2) {
      __m256i b0[8], b1[8];
      for (std::size_t r = 0; r < 8; ++r) {
        b0[r] = _mm256_set1_epi16(static_cast<short>(s[i0 * s_stride + r0 + r]));
        b1[r] = _mm256_set1_epi16(static_cast<short>(s[(i0 + 1) * s_stride + r0 + r]));
      }
      std::uint16_t* o0 = out + i0 * n;
      std::uint16_t* o1 = o0 + n;
      const std::uint16_t* ar = a + r0 * a_stride;
      for (std::size_t j = 0; j < n; j += 16) {
        __m256i x0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(o0 + j));
        __m256i x1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(o1 + j));
        for (std::size_t r = 0; r < 8; ++r) {
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

void dot_lanes(std::uint32_t* acc, const keccak::State8& s, std::size_t lanes, const std::uint16_t* st,
               std::size_t n, std::size_t col0) noexcept {
  impl::dot_lanes(acc, s.lanes, lanes, st, n, col0);
}

void dot_finish(std::uint16_t* out, const std::uint32_t* acc) noexcept { impl::dot_finish(out, acc); }

}  // namespace tessera::frodokem::avx2
