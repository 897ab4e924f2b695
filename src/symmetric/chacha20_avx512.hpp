// ChaCha20 with AVX-512, sixteen blocks at once (RFC 8439, Section 2.3, evaluated
// lane-wise: state word i of block j is lane j of zmm i; VPROLD does the rotations), in
// phases so that the ChaCha20-Poly1305 kernel can interleave Poly1305 work between double
// rounds. Include only from files compiled with the AVX-512 flags.
#pragma once

#include <immintrin.h>

#include <cstdint>

namespace tessera::chacha::avx512 {

inline void quarter_round(__m512i& a, __m512i& b, __m512i& c, __m512i& d) noexcept {
  a = _mm512_add_epi32(a, b); d = _mm512_rol_epi32(_mm512_xor_si512(d, a), 16);
  c = _mm512_add_epi32(c, d); b = _mm512_rol_epi32(_mm512_xor_si512(b, c), 12);
  a = _mm512_add_epi32(a, b); d = _mm512_rol_epi32(_mm512_xor_si512(d, a), 8);
  c = _mm512_add_epi32(c, d); b = _mm512_rol_epi32(_mm512_xor_si512(b, c), 7);
}

// The initial states of blocks state[12] + 0..15.
inline void setup(const std::uint32_t state[16], __m512i init[16]) noexcept {
  for (int i = 0; i < 16; ++i) init[i] = _mm512_set1_epi32(static_cast<int>(state[i]));
  init[12] = _mm512_add_epi32(init[12], _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
}

// One column round and one diagonal round.
inline void double_round(__m512i x[16]) noexcept {
  quarter_round(x[0], x[4], x[8], x[12]);
  quarter_round(x[1], x[5], x[9], x[13]);
  quarter_round(x[2], x[6], x[10], x[14]);
  quarter_round(x[3], x[7], x[11], x[15]);
  quarter_round(x[0], x[5], x[10], x[15]);
  quarter_round(x[1], x[6], x[11], x[12]);
  quarter_round(x[2], x[7], x[8], x[13]);
  quarter_round(x[3], x[4], x[9], x[14]);
}

// Adds the initial state (recomputed from state, so it need not stay in registers during
// the rounds), transposes to block order and XORs into in -> out (1024 bytes).
inline void finish(const std::uint32_t state[16], __m512i x[16], const std::uint8_t* in,
                   std::uint8_t* out) noexcept {
  __m512i init[16];
  setup(state, init);
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

}  // namespace tessera::chacha::avx512
