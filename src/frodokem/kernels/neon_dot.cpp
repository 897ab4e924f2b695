// FrodoKEM with Advanced SIMD: B = A S + E straight out of the SHAKE128 states (spec Section
// 8.1 step 6, the matrix rows of Frodo.Gen with SHAKE128): dot_lanes multiplies the row
// entries that 8 Keccak states hold, lane by lane, with the matching entries of S^T, and
// dot_finish adds the sums to E. The accumulator layout is the AVX2 one (kernels.hpp):
// acc[16 k + 2 r + {0, 1}], two uint32 partial sums for row r and column k.
//
// Arithmetic is modulo 2^16 (q divides 2^16, and the entries of B are 16-bit): within one
// call the products are accumulated in 16-bit lanes with MLA (vector, by vector), whose
// wrap-around drops only what the final reduction would drop; at the end of the call
// UADDLP widens and adds neighbouring lanes into acc. One 128-bit vector holds lane l of
// states 2p and 2p + 1: 4 entries of row 2p, 4 of row 2p + 1. Per lane: 4 loads, and for
// each column k of S one 8-byte load duplicated into both halves and 4 MLA.
#include "common/secret.hpp"
#include "frodokem/kernels.hpp"
#include "frodokem/sample_impl.hpp"

#include <arm_neon.h>

#include <cstring>

namespace tessera::frodokem::neon {
namespace {

// Columns in two halves of 4: 16 accumulators (4 columns x 4 row pairs), the 4 row-pair
// vectors of the lane and the column broadcast stay in registers (21 of 32).
[[gnu::noinline]] void dot_lanes_frame(std::uint32_t* acc, const keccak::State8& s, std::size_t lanes,
                                       const std::uint16_t* st, std::size_t n, std::size_t col0) noexcept {
  for (std::size_t k0 = 0; k0 < 8; k0 += 4) {
    uint16x8_t a[4][4];
    for (auto& ak : a)
      for (auto& x : ak) x = vdupq_n_u16(0);
    const std::uint16_t* col = st + k0 * n + col0;
    for (std::size_t l = 0; l < lanes; ++l, col += 4) {
      uint16x8_t v[4];
      for (int p = 0; p < 4; ++p) v[p] = vreinterpretq_u16_u64(vld1q_u64(s.lanes[l] + 2 * p));
      for (std::size_t k = 0; k < 4; ++k) {
        std::uint64_t w;
        std::memcpy(&w, col + k * n, 8);  // S^T[k0 + k][c .. c + 3]
        const uint16x8_t b = vreinterpretq_u16_u64(vdupq_n_u64(w));
        for (int p = 0; p < 4; ++p) a[k][p] = vmlaq_u16(a[k][p], v[p], b);
      }
    }
    // [row 2p: e0 + e1, e2 + e3 | row 2p + 1: e0 + e1, e2 + e3] = acc[16 k + 4 p .. + 3].
    for (std::size_t k = 0; k < 4; ++k) {
      for (int p = 0; p < 4; ++p) {
        std::uint32_t* d = acc + 16 * (k0 + k) + 4 * static_cast<std::size_t>(p);
        vst1q_u32(d, vaddq_u32(vld1q_u32(d), vpaddlq_u16(a[k][p])));
      }
    }
  }
}
// GCC vectorizes the strided sums of dot_finish_pairs through stack temporaries (a 144-byte
// frame with the column sums, aarch64-linux-gnu-g++ 12 -O3; FrodoKemKernels/ZeroizeStack
// found them): not inlined, so that dot_finish can wipe them.
[[gnu::noinline]] void dot_finish_frame(std::uint16_t* out, const std::uint32_t* acc) noexcept {
  impl::dot_finish_pairs(out, acc);
}
// The frames of dot_lanes_frame (no stack use with GCC 12; spills by another compiler would
// be partial sums of A S, which with B public would reveal S) and dot_finish_frame, with room
// to spare.
constexpr std::size_t kDotFrameBytes = 1024;

}  // namespace

void dot_lanes(std::uint32_t* acc, const keccak::State8& s, std::size_t lanes, const std::uint16_t* st,
               std::size_t n, std::size_t col0) noexcept {
  dot_lanes_frame(acc, s, lanes, st, n, col0);
  secure_zero_stack(kDotFrameBytes);
}

void dot_finish(std::uint16_t* out, const std::uint32_t* acc) noexcept {
  dot_finish_frame(out, acc);
  secure_zero_stack(kDotFrameBytes);
}

}  // namespace tessera::frodokem::neon
