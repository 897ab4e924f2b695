// Portable FrodoKEM kernels: plain C++ (the compiler's baseline vectorization only). The
// oracle for the SIMD kernels (tests/equivalence/frodokem_kernels_test.cpp).
#include "common/bytes.hpp"
#include "common/secret.hpp"
#include "frodokem/kernels.hpp"
#include "frodokem/sample_impl.hpp"

namespace tessera::frodokem::portable {

void mul_add_as(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,
                const std::uint16_t* st, std::size_t n) noexcept {
  impl::mul_add_as(out, a, a_stride, nrows, st, n);
}

void mul_add_sa(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,
                const std::uint16_t* s, std::size_t s_stride, std::size_t n) noexcept {
  impl::mul_add_sa(out, a, a_stride, nrows, s, s_stride, n);
}

namespace {
// Not inlined, so that sample can wipe its frame: on 32-bit x86 (g++ 12 -m32 -O3) the
// comparisons against the CDF and apply_signs' 64-bit SWAR words (register pairs there)
// outnumber the 7 general registers, and the compiler spills sample words (the secret
// error values) to 0x18..0x7c of a 0xa4-byte frame (tests/unit/zeroize_frodokem_test.cpp,
// "kernel sample", differential, on the portable32 preset). x86-64 keeps them in registers.
[[gnu::noinline]] void sample_frame(std::uint16_t* s, std::size_t count, const std::uint16_t* cdf, int cdf_len) noexcept {
  impl::sample(s, count, cdf, cdf_len);
}
// Its frame (i386: 0xa4 bytes, 4 saved registers and the return address), with room to spare.
constexpr std::size_t kSampleFrameBytes = 512;
}  // namespace

void sample(std::uint16_t* s, std::size_t count, const std::uint16_t* cdf, int cdf_len) noexcept {
  sample_frame(s, count, cdf, cdf_len);
  secure_zero_stack(kSampleFrameBytes);  // spilled error samples
}

void extract_x8(const keccak::State8& s, std::uint8_t* const out[8], std::size_t lanes) noexcept {
  for (std::size_t l = 0; l < lanes; ++l)
    for (int j = 0; j < 8; ++j) bytes::store_le64(out[j] + 8 * l, s.lanes[l][j]);
}

namespace {
// Not inlined, so that dot_lanes can wipe its frame: the vectorized loop keeps its 64 sums
// (partial products of A and S) in stack slots (see sample_impl.hpp).
[[gnu::noinline]] void dot_lanes_frame(std::uint32_t* acc, const keccak::State8& s, std::size_t lanes,
                                       const std::uint16_t* st, std::size_t n, std::size_t col0) noexcept {
  impl::dot_lanes(acc, s.lanes, lanes, st, n, col0);
}
// Its frame, red zone included (x86-64 g++ 12 -O3: 920 bytes), with room to spare.
constexpr std::size_t kDotLanesFrameBytes = 2048;
}  // namespace

void dot_lanes(std::uint32_t* acc, const keccak::State8& s, std::size_t lanes, const std::uint16_t* st,
               std::size_t n, std::size_t col0) noexcept {
  dot_lanes_frame(acc, s, lanes, st, n, col0);
  secure_zero_stack(kDotLanesFrameBytes);  // partial sums of A S
}

void dot_finish(std::uint16_t* out, const std::uint32_t* acc) noexcept { impl::dot_finish(out, acc); }

}  // namespace tessera::frodokem::portable

namespace tessera::frodokem::portable {

Kernels table() noexcept {
  Kernels k{};
  k.mul_add_as = mul_add_as;
  k.mul_add_sa = mul_add_sa;
  k.sample = sample;
  k.extract_x8 = extract_x8;
  k.dot_lanes = dot_lanes;
  k.dot_finish = dot_finish;
  k.name = "portable";
  return k;
}

}  // namespace tessera::frodokem::portable
