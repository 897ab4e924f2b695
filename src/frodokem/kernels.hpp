// FrodoKEM kernels: the matrix products with A (spec Section 7.6, Frodo.Gen rows fed to the
// products of Sections 8.1-8.3), the CDF error sampler (Section 7.5, Frodo.Sample) and the
// 8-way SHAKE128 row extraction. A backend replaces entries of this table; the KEM
// (src/frodokem/frodokem.cpp) generates A row batch by batch and only calls through it.
//
// Arithmetic is modulo 2^16 on uint16 entries (q divides 2^16, results are reduced mod q
// only where the spec packs or compares). Any uint16 input is valid for every kernel; the
// secret matrices S, S', E... hold small signed values in two's complement.
#pragma once

#include <tessera/backend.hpp>

#include "hash/keccak/keccak.hpp"

#include <cstddef>
#include <cstdint>

namespace tessera::frodokem {

inline constexpr int kNbar = 8;

struct Kernels {
  // B += A * S for a batch of rows of A (key generation, Section 8.1 step B = AS + E):
  //   out[r*8 + k] += sum_{j<n} a[r*a_stride + j] * st[k*n + j]   (mod 2^16)
  // for r < nrows, k < 8. st is S^T (8 rows of n). n is a multiple of 16, nrows of 4.
  void (*mul_add_as)(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,
                     const std::uint16_t* st, std::size_t n) noexcept;
  // B' += S' * A for a batch of rows of A (encapsulation, Section 8.2 step B' = S'A + E'):
  //   out[i*n + j] += sum_{r<nrows} s[i*s_stride + r] * a[r*a_stride + j]   (mod 2^16)
  // for i < 8, j < n. s points at column r0 of S' (s_stride = n). n is a multiple of 16,
  // nrows of 8.
  void (*mul_add_sa)(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,
                     const std::uint16_t* s, std::size_t s_stride, std::size_t n) noexcept;
  // Frodo.SampleMatrix (Section 7.5, Algorithm Frodo.Sample on each entry), in place:
  // each uint16 r becomes the signed sample of (r >> 1, r & 1) with the CDF table
  // cdf[0..cdf_len). Constant time: every entry is compared with the whole table.
  void (*sample)(std::uint16_t* s, std::size_t count, const std::uint16_t* cdf, int cdf_len) noexcept;
  // Squeezes the first `lanes` 64-bit lanes of each of the 8 interleaved states:
  // out[j][8l .. 8l+8) = lane l of state j, little endian (one SHAKE128 squeeze step of
  // 8 instances: lanes = 21 for a whole 168-byte block).
  void (*extract_x8)(const keccak::State8& s, std::uint8_t* const out[8], std::size_t lanes) noexcept;
  // B += A * S straight from the Keccak state of 8 SHAKE128 row instances (key generation
  // with SHAKE128 rows; no copy of the rows): lane l of state r holds A[r][c .. c+4) with
  // c = col0 + 4l. Accumulates those products with S^T into acc (kernel-private layout of
  // kDotAccWords words, 64-byte aligned: zero it before the first block of a batch), for l < lanes.
  void (*dot_lanes)(std::uint32_t* acc, const keccak::State8& s, std::size_t lanes, const std::uint16_t* st,
                    std::size_t n, std::size_t col0) noexcept;
  // out[r*8 + k] += the sums accumulated in acc for row r, column k (mod 2^16).
  void (*dot_finish)(std::uint16_t* out, const std::uint32_t* acc) noexcept;
  const char* name;

  friend bool operator==(const Kernels&, const Kernels&) = default;
};

inline constexpr std::size_t kDotAccWords = 128;

// The kernels of the active backend, and of a given one (tests, benchmarks; the portable
// table for a backend this build or CPU lacks).
const Kernels& kernels() noexcept;
const Kernels& kernels_for(Backend b) noexcept;

// Each backend namespace also has table(): that backend's table, built at the end of
// kernels/<backend>.cpp from the table of the backend below it (picked by kernels.cpp).
namespace portable {
Kernels table() noexcept;
void mul_add_as(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,
                const std::uint16_t* st, std::size_t n) noexcept;
void mul_add_sa(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,
                const std::uint16_t* s, std::size_t s_stride, std::size_t n) noexcept;
void sample(std::uint16_t* s, std::size_t count, const std::uint16_t* cdf, int cdf_len) noexcept;
void extract_x8(const keccak::State8& s, std::uint8_t* const out[8], std::size_t lanes) noexcept;
void dot_lanes(std::uint32_t* acc, const keccak::State8& s, std::size_t lanes, const std::uint16_t* st,
               std::size_t n, std::size_t col0) noexcept;
void dot_finish(std::uint16_t* out, const std::uint32_t* acc) noexcept;
}  // namespace portable

#define TESSERA_FRODOKEM_DECLARE_KERNELS(ns)                                                              \
  namespace ns {                                                                                          \
  void mul_add_as(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,    \
                  const std::uint16_t* st, std::size_t n) noexcept;                                       \
  void mul_add_sa(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,    \
                  const std::uint16_t* s, std::size_t s_stride, std::size_t n) noexcept;                  \
  void sample(std::uint16_t* s, std::size_t count, const std::uint16_t* cdf, int cdf_len) noexcept;      \
  void extract_x8(const keccak::State8& s, std::uint8_t* const out[8], std::size_t lanes) noexcept;       \
  void dot_lanes(std::uint32_t* acc, const keccak::State8& s, std::size_t lanes, const std::uint16_t* st,  \
                 std::size_t n, std::size_t col0) noexcept;                                               \
  Kernels table() noexcept;                                                                               \
  }
TESSERA_FRODOKEM_DECLARE_KERNELS(avx2)
TESSERA_FRODOKEM_DECLARE_KERNELS(avx512)

// NEON (only in builds that compile it): the two matrix products and the row extraction
// (kernels/neon.cpp), Frodo.Sample (kernels/neon_sample.cpp), dot_lanes and dot_finish
// (kernels/neon_dot.cpp, the AVX2 accumulator layout).
namespace neon {
void dot_lanes(std::uint32_t* acc, const keccak::State8& s, std::size_t lanes, const std::uint16_t* st,
               std::size_t n, std::size_t col0) noexcept;
void dot_finish(std::uint16_t* out, const std::uint32_t* acc) noexcept;
void sample(std::uint16_t* s, std::size_t count, const std::uint16_t* cdf, int cdf_len) noexcept;
void extract_x8(const keccak::State8& s, std::uint8_t* const out[8], std::size_t lanes) noexcept;
void mul_add_as(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,
                const std::uint16_t* st, std::size_t n) noexcept;
void mul_add_sa(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,
                const std::uint16_t* s, std::size_t s_stride, std::size_t n) noexcept;
Kernels table() noexcept;
}  // namespace neon
#undef TESSERA_FRODOKEM_DECLARE_KERNELS
// The AVX2, AVX-512 and NEON dot_lanes share one accumulator layout (acc[16 k + 2 r + {0, 1}]),
// hence one dot_finish (sample_impl.hpp's dot_finish_pairs); the AVX-512 table takes the AVX2 one.
namespace avx2 {
void dot_finish(std::uint16_t* out, const std::uint32_t* acc) noexcept;
}  // namespace avx2

}  // namespace tessera::frodokem
