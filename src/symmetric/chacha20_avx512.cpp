// ChaCha20 with AVX-512: sixteen blocks at once, state word i of block j in lane j of
// zmm i (RFC 8439, Section 2.3, evaluated lane-wise; VPROLD does the rotations), then a
// 16x16 transpose back to block order. Compiled with the AVX-512 flags; called only under
// the avx512 backend.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include "symmetric/chacha20.hpp"

#include "common/secret.hpp"

#include <immintrin.h>

namespace tessera::chacha {
namespace {

inline void quarter_round(__m512i& a, __m512i& b, __m512i& c, __m512i& d) noexcept {
  a = _mm512_add_epi32(a, b); d = _mm512_rol_epi32(_mm512_xor_si512(d, a), 16);
  c = _mm512_add_epi32(c, d); b = _mm512_rol_epi32(_mm512_xor_si512(b, c), 12);
  a = _mm512_add_epi32(a, b); d = _mm512_rol_epi32(_mm512_xor_si512(d, a), 8);
  c = _mm512_add_epi32(c, d); b = _mm512_rol_epi32(_mm512_xor_si512(b, c), 7);
}

// Sixteen blocks (counter state[12] + 0..15) XORed into in -> out (1024 bytes).
void sixteen_blocks(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out) noexcept {
  __m512i init[16], x[16];
  for (int i = 0; i < 16; ++i) init[i] = _mm512_set1_epi32(static_cast<int>(state[i]));
  init[12] = _mm512_add_epi32(init[12], _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
  for (int i = 0; i < 16; ++i) x[i] = init[i];
  for (int r = 0; r < 10; ++r) {
    quarter_round(x[0], x[4], x[8], x[12]);
    quarter_round(x[1], x[5], x[9], x[13]);
    quarter_round(x[2], x[6], x[10], x[14]);
    quarter_round(x[3], x[7], x[11], x[15]);
    quarter_round(x[0], x[5], x[10], x[15]);
    quarter_round(x[1], x[6], x[11], x[12]);
    quarter_round(x[2], x[7], x[8], x[13]);
    quarter_round(x[3], x[4], x[9], x[14]);
  }
  for (int i = 0; i < 16; ++i) x[i] = _mm512_add_epi32(x[i], init[i]);
  // Within each 128-bit lane L, 4x4 transposes: c[g][k] lane L = words 4g..4g+3 of block 4L+k.
  __m512i c[4][4];
  for (int g = 0; g < 4; ++g) {
    const __m512i lo01 = _mm512_unpacklo_epi32(x[4 * g], x[4 * g + 1]);
    const __m512i hi01 = _mm512_unpackhi_epi32(x[4 * g], x[4 * g + 1]);
    const __m512i lo23 = _mm512_unpacklo_epi32(x[4 * g + 2], x[4 * g + 3]);
    const __m512i hi23 = _mm512_unpackhi_epi32(x[4 * g + 2], x[4 * g + 3]);
    c[g][0] = _mm512_unpacklo_epi64(lo01, lo23);
    c[g][1] = _mm512_unpackhi_epi64(lo01, lo23);
    c[g][2] = _mm512_unpacklo_epi64(hi01, hi23);
    c[g][3] = _mm512_unpackhi_epi64(hi01, hi23);
  }
  // 4x4 transpose of 128-bit lanes: block 4L+k = lane L of c[0..3][k].
  for (int k = 0; k < 4; ++k) {
    const __m512i t0 = _mm512_shuffle_i32x4(c[0][k], c[1][k], 0x44);
    const __m512i t1 = _mm512_shuffle_i32x4(c[0][k], c[1][k], 0xEE);
    const __m512i t2 = _mm512_shuffle_i32x4(c[2][k], c[3][k], 0x44);
    const __m512i t3 = _mm512_shuffle_i32x4(c[2][k], c[3][k], 0xEE);
    const __m512i blocks[4] = {_mm512_shuffle_i32x4(t0, t2, 0x88), _mm512_shuffle_i32x4(t0, t2, 0xDD),
                               _mm512_shuffle_i32x4(t1, t3, 0x88), _mm512_shuffle_i32x4(t1, t3, 0xDD)};
    for (int lane = 0; lane < 4; ++lane) {
      const int blk = 4 * lane + k;
      _mm512_storeu_si512(out + 64 * blk,
                          _mm512_xor_si512(blocks[lane], _mm512_loadu_si512(in + 64 * blk)));
    }
  }
}

}  // namespace

void xor_blocks_avx512(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out,
                       std::size_t nblocks) noexcept {
  std::uint32_t s[16];
  for (int i = 0; i < 16; ++i) s[i] = state[i];
  for (; nblocks >= 16; nblocks -= 16, in += 1024, out += 1024, s[12] += 16) sixteen_blocks(s, in, out);
  if (nblocks > 0) {
    alignas(64) std::uint8_t buf[1024] = {};
    for (std::size_t i = 0; i < 64 * nblocks; ++i) buf[i] = in[i];
    sixteen_blocks(s, buf, buf);
    for (std::size_t i = 0; i < 64 * nblocks; ++i) out[i] = buf[i];
    secure_zero(buf, sizeof buf);
  }
  secure_zero(s, sizeof s);
}

}  // namespace tessera::chacha
