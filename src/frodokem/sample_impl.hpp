// Shared source of the kernels that every backend compiles from the same C++ (the compiler
// vectorizes them for the file's target flags): Frodo.Sample and the portable products.
// Included by kernels/{portable,avx2,avx512}.cpp. Internal linkage: each of those files has
// its own copy, built for its own instruction set (with external linkage, a build that does
// not inline them, such as Debug, would link one copy, e.g. the AVX-512 one, for all three).
#pragma once

#include "common/ct.hpp"

#include <cstddef>
#include <cstdint>

namespace tessera::frodokem::impl {
namespace {

// Step 2 of Frodo.Sample on entries that hold t (the count of step 1, below 2^15) with the
// sign bit r & 1 in bit 15: e = (-1)^sign * t, four entries per 64-bit word. The word (t is
// made of comparisons with secret data) and the sign masks go through ct::value_barrier, so
// the compiler cannot turn the negation into a branch or a select on the sign; 16-bit lanes
// are added without a carry between them. Per entry, in scalar code, the barriers cost the
// vectorization of the whole loop (5-20x); here about 1 TSC tick per entry (FrodoKEM-640
// encapsulation: ~1%).
inline void apply_signs(std::uint16_t* s, std::size_t count) noexcept {
  constexpr std::uint64_t kOne = 0x0001000100010001ull, kLow = 0x7FFF7FFF7FFF7FFFull;
  std::size_t i = 0;
  for (; i + 4 <= count; i += 4) {
    std::uint64_t w;
    __builtin_memcpy(&w, s + i, 8);  // any byte order: the lanes stay 16-bit fields
    w = ct::value_barrier(w);
    const std::uint64_t sign = (w >> 15) & kOne;
    const std::uint64_t neg = ct::value_barrier(sign * 0xFFFFu);  // 0xFFFF in the negative lanes
    const std::uint64_t x = (w & kLow) ^ neg;                       // t, or 0xFFFF - t
    w = ((x & kLow) + sign) ^ (x & ~kLow);                           // + sign, lane by lane
    __builtin_memcpy(s + i, &w, 8);
  }
  for (; i < count; ++i) {
    const std::uint16_t v = ct::value_barrier(s[i]);
    const std::uint16_t sign = static_cast<std::uint16_t>(v >> 15);
    const std::uint16_t neg = ct::value_barrier(static_cast<std::uint16_t>(0u - sign));
    s[i] = static_cast<std::uint16_t>((neg ^ (v & 0x7FFF)) + sign);
  }
}

// Frodo.Sample (spec Section 7.5, Algorithm 5) on count entries with a CDF table of L+1
// entries (only the first L are compared: the last is 2^15 - 1, never below a 15-bit value).
// Step 1: t = sum_{z<L} [cdf[z] < r >> 1] (as (cdf[z] - (r >> 1)) >> 15 on 16 bits: both are
// below 2^15, so the difference is negative exactly when cdf[z] < r >> 1), vectorized by the
// compiler; step 2 (apply_signs): e = (-1)^(r & 1) * t. Constant time: the whole table for
// every entry.
template <int L>
inline void sample_fixed(std::uint16_t* s, std::size_t count, const std::uint16_t* cdf) noexcept {
  std::uint16_t table[L];
  for (int z = 0; z < L; ++z) table[z] = cdf[z];
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint16_t r = s[i];
    const std::uint16_t prnd = static_cast<std::uint16_t>(r >> 1);
    std::uint16_t t = 0;
    for (int z = 0; z < L; ++z) t = static_cast<std::uint16_t>(t + (static_cast<std::uint16_t>(table[z] - prnd) >> 15));
    s[i] = static_cast<std::uint16_t>(t | r << 15);
  }
  apply_signs(s, count);
}

inline void sample(std::uint16_t* s, std::size_t count, const std::uint16_t* cdf, int cdf_len) noexcept {
  // The table length is a public parameter: 13 (640), 11 (976), 7 (1344).
  switch (cdf_len) {
    case 13: sample_fixed<12>(s, count, cdf); break;
    case 11: sample_fixed<10>(s, count, cdf); break;
    case 7: sample_fixed<6>(s, count, cdf); break;
    default:
      for (std::size_t i = 0; i < count; ++i) {
        const std::uint16_t r = s[i];
        const std::uint16_t prnd = static_cast<std::uint16_t>(r >> 1);
        std::uint16_t t = 0;
        for (int z = 0; z + 1 < cdf_len; ++z)
          t = static_cast<std::uint16_t>(t + (static_cast<std::uint16_t>(cdf[z] - prnd) >> 15));
        s[i] = static_cast<std::uint16_t>(t | r << 15);
      }
      apply_signs(s, count);
  }
}

// out[r*8 + k] += sum_j a[r*a_stride + j] * st[k*n + j] (mod 2^16).
inline void mul_add_as(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,
                       const std::uint16_t* st, std::size_t n) noexcept {
  for (std::size_t r = 0; r < nrows; ++r) {
    const std::uint16_t* row = a + r * a_stride;
    for (int k = 0; k < 8; ++k) {
      const std::uint16_t* col = st + static_cast<std::size_t>(k) * n;
      std::uint32_t sum = 0;
      for (std::size_t j = 0; j < n; ++j) sum += static_cast<std::uint32_t>(row[j]) * col[j];
      out[r * 8 + static_cast<std::size_t>(k)] = static_cast<std::uint16_t>(out[r * 8 + static_cast<std::size_t>(k)] + sum);
    }
  }
}

// out[i*n + j] += sum_r s[i*s_stride + r] * a[r*a_stride + j] (mod 2^16).
inline void mul_add_sa(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,
                       const std::uint16_t* s, std::size_t s_stride, std::size_t n) noexcept {
  for (int i = 0; i < 8; ++i) {
    std::uint16_t* o = out + static_cast<std::size_t>(i) * n;
    for (std::size_t r = 0; r < nrows; ++r) {
      const std::uint32_t sv = s[static_cast<std::size_t>(i) * s_stride + r];
      const std::uint16_t* row = a + r * a_stride;
      for (std::size_t j = 0; j < n; ++j) o[j] = static_cast<std::uint16_t>(o[j] + sv * row[j]);
    }
  }
}

// dot_lanes / dot_finish with the layout acc[r*8 + k] (one uint32 sum per output). The
// compiler vectorizes this and keeps the 64 sums live, spilling them to stack slots: the
// portable kernel wipes its frame after the call (kernels/portable.cpp). (One row and 4
// columns at a time keeps the sums in registers but runs scalar, 2.5x slower.)
inline void dot_lanes(std::uint32_t* acc, const std::uint64_t (*lanes_of)[8], std::size_t lanes,
                      const std::uint16_t* st, std::size_t n, std::size_t col0) noexcept {
  for (std::size_t l = 0; l < lanes; ++l) {
    const std::size_t c = col0 + 4 * l;
    for (std::size_t r = 0; r < 8; ++r) {
      const std::uint64_t v = lanes_of[l][r];
      for (std::size_t k = 0; k < 8; ++k) {
        const std::uint16_t* col = st + k * n + c;
        std::uint32_t sum = 0;
        for (unsigned t = 0; t < 4; ++t) sum += static_cast<std::uint32_t>(static_cast<std::uint16_t>(v >> (16 * t))) * col[t];
        acc[r * 8 + k] += sum;
      }
    }
  }
}

inline void dot_finish(std::uint16_t* out, const std::uint32_t* acc) noexcept {
  for (std::size_t i = 0; i < 64; ++i) out[i] = static_cast<std::uint16_t>(out[i] + acc[i]);
}

// dot_finish for the SIMD layout acc[16 k + 2 r + {0, 1}] (two partial sums per row r and
// column k of S), which the AVX2, AVX-512 and NEON dot_lanes share.
inline void dot_finish_pairs(std::uint16_t* out, const std::uint32_t* acc) noexcept {
  for (std::size_t r = 0; r < 8; ++r)
    for (std::size_t k = 0; k < 8; ++k)
      out[r * 8 + k] = static_cast<std::uint16_t>(out[r * 8 + k] + acc[16 * k + 2 * r] + acc[16 * k + 2 * r + 1]);
}

}  // namespace
}  // namespace tessera::frodokem::impl
