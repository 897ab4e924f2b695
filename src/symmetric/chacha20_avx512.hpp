// ChaCha20 with AVX-512, sixteen blocks at once (RFC 8439, Section 2.3, evaluated
// lane-wise: state word i of block j is lane j of zmm i; VPROLD does the rotations, which
// on Zen 4 beats VPSHUFB for the rotations by 16 and 8), plus a one-block kernel with the
// state in four xmm rows that runs interleaved with a batch (for the Poly1305 key block).
// Include only from files compiled with the AVX-512 flags.
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

inline std::uint32_t rotl32(std::uint32_t x, int n) noexcept { return (x << n) | (x >> (32 - n)); }

inline void quarter_round(std::uint32_t& a, std::uint32_t& b, std::uint32_t& c, std::uint32_t& d) noexcept {
  a += b; d ^= a; d = rotl32(d, 16);
  c += d; b ^= c; b = rotl32(b, 12);
  a += b; d ^= a; d = rotl32(d, 8);
  c += d; b ^= c; b = rotl32(b, 7);
}

// Per-message values shared by every batch. Only word 12 (the block counter) differs
// between blocks, so the first column round's quarter rounds on columns 1-3 and its first
// addition on column 0 are the same for all blocks: computed once here (in scalar code),
// they save 37 of the 960 vector operations of the 20 rounds.
struct Precomputed {
  std::uint32_t state[16];  // the initial state (block counter of the first batch)
  std::uint32_t round1[16];  // words after the first column round (columns 1-3), and a0 + b0
};

inline void precompute(const std::uint32_t state[16], Precomputed& p) noexcept {
  for (int i = 0; i < 16; ++i) p.state[i] = p.round1[i] = state[i];
  for (int col = 1; col < 4; ++col) quarter_round(p.round1[col], p.round1[4 + col], p.round1[8 + col], p.round1[12 + col]);
  p.round1[0] += p.round1[4];
}

inline __m512i bcast(const std::uint32_t& w) noexcept { return _mm512_set1_epi32(static_cast<int>(w)); }

inline __m512i lane_index() noexcept {
  return _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
}

// The first column round of blocks counter + 0..15: only column 0 is computed per batch.
inline void first_column_round(const Precomputed& p, std::uint32_t counter, __m512i x[16]) noexcept {
  for (int i = 0; i < 16; ++i) x[i] = bcast(p.round1[i]);
  x[12] = _mm512_add_epi32(bcast(counter), lane_index());
  // Quarter round on column 0 without its first addition (x[0] already holds a + b).
  x[12] = _mm512_rol_epi32(_mm512_xor_si512(x[12], x[0]), 16);
  x[8] = _mm512_add_epi32(x[8], x[12]); x[4] = _mm512_rol_epi32(_mm512_xor_si512(x[4], x[8]), 12);
  x[0] = _mm512_add_epi32(x[0], x[4]); x[12] = _mm512_rol_epi32(_mm512_xor_si512(x[12], x[0]), 8);
  x[8] = _mm512_add_epi32(x[8], x[12]); x[4] = _mm512_rol_epi32(_mm512_xor_si512(x[4], x[8]), 7);
}

inline void column_round(__m512i x[16]) noexcept {
  quarter_round(x[0], x[4], x[8], x[12]);
  quarter_round(x[1], x[5], x[9], x[13]);
  quarter_round(x[2], x[6], x[10], x[14]);
  quarter_round(x[3], x[7], x[11], x[15]);
}

inline void diagonal_round(__m512i x[16]) noexcept {
  quarter_round(x[0], x[5], x[10], x[15]);
  quarter_round(x[1], x[6], x[11], x[12]);
  quarter_round(x[2], x[7], x[8], x[13]);
  quarter_round(x[3], x[4], x[9], x[14]);
}

// One block with its state in rows (a = words 0-3, b = 4-7, c = 8-11, d = 12-15): a
// column round works on whole rows, and rotating rows b, c, d by 1, 2, 3 words turns the
// diagonals into columns. A short dependency chain of 128-bit operations: interleaved with
// a sixteen-block batch it mostly uses issue slots the batch leaves free.
struct Rows {
  __m128i a, b, c, d;
};

inline void quarter_round(Rows& s) noexcept {
  s.a = _mm_add_epi32(s.a, s.b); s.d = _mm_rol_epi32(_mm_xor_si128(s.d, s.a), 16);
  s.c = _mm_add_epi32(s.c, s.d); s.b = _mm_rol_epi32(_mm_xor_si128(s.b, s.c), 12);
  s.a = _mm_add_epi32(s.a, s.b); s.d = _mm_rol_epi32(_mm_xor_si128(s.d, s.a), 8);
  s.c = _mm_add_epi32(s.c, s.d); s.b = _mm_rol_epi32(_mm_xor_si128(s.b, s.c), 7);
}

inline void double_round(Rows& s) noexcept {
  quarter_round(s);
  s.b = _mm_shuffle_epi32(s.b, 0x39);  // words 5, 6, 7, 4
  s.c = _mm_shuffle_epi32(s.c, 0x4E);  // 10, 11, 8, 9
  s.d = _mm_shuffle_epi32(s.d, 0x93);  // 15, 12, 13, 14
  quarter_round(s);
  s.b = _mm_shuffle_epi32(s.b, 0x93);
  s.c = _mm_shuffle_epi32(s.c, 0x4E);
  s.d = _mm_shuffle_epi32(s.d, 0x39);
}

inline Rows load_rows(const std::uint32_t state[16]) noexcept {
  return {_mm_loadu_si128(reinterpret_cast<const __m128i*>(state)),
          _mm_loadu_si128(reinterpret_cast<const __m128i*>(state + 4)),
          _mm_loadu_si128(reinterpret_cast<const __m128i*>(state + 8)),
          _mm_loadu_si128(reinterpret_cast<const __m128i*>(state + 12))};
}

// Adds the initial state and writes the 64 key stream bytes.
inline void store_rows(const std::uint32_t state[16], const Rows& s, std::uint8_t out[64]) noexcept {
  const Rows init = load_rows(state);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_add_epi32(s.a, init.a));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 16), _mm_add_epi32(s.b, init.b));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 32), _mm_add_epi32(s.c, init.c));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 48), _mm_add_epi32(s.d, init.d));
}

// Adds the initial state of blocks counter + 0..15 (broadcast from memory), transposes to
// block order and XORs into in -> out (1024 bytes).
inline void finish(const Precomputed& p, std::uint32_t counter, __m512i x[16], const std::uint8_t* in,
                   std::uint8_t* out) noexcept {
  for (int i = 0; i < 16; ++i) {
    x[i] = _mm512_add_epi32(x[i], i == 12 ? _mm512_add_epi32(bcast(counter), lane_index()) : bcast(p.state[i]));
  }
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
