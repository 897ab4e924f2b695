// Keccak-f[1600] on four interleaved states with AVX2 (FIPS 202, Section 3.3, Algorithm 7):
// lane i of the four states is one __m256i. Compiled with the AVX2 flags
// (cmake/TesseraSimd.cmake); called only when the CPU has AVX2. No branch or memory index
// depends on the state: constant time.
#include "hash/keccak/keccak.hpp"
#include "common/bytes.hpp"
#include "hash/keccak/scalar_round.hpp"

#include <immintrin.h>

#include <bit>

namespace tessera::keccak {
namespace {

using V = __m256i;

inline V xor2(V a, V b) noexcept { return _mm256_xor_si256(a, b); }
inline V xor5(V a, V b, V c, V d, V e) noexcept { return xor2(xor2(xor2(a, b), xor2(c, d)), e); }
// a ^ (~b & c): vpandn computes ~b & c.
inline V chi(V a, V b, V c) noexcept { return xor2(a, _mm256_andnot_si256(b, c)); }

// Rotation left by R. Byte-multiple rotations (8, 56) are one vpshufb instead of two shifts
// and an or.
template <int R>
inline V rol(V a) noexcept {
  if constexpr (R == 0) {
    return a;
  } else if constexpr (R == 8) {
    const V m = _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14, 7, 0, 1, 2, 3, 4, 5, 6, 15, 8,
                                 9, 10, 11, 12, 13, 14);
    return _mm256_shuffle_epi8(a, m);
  } else if constexpr (R == 56) {
    const V m = _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8, 1, 2, 3, 4, 5, 6, 7, 0, 9, 10,
                                 11, 12, 13, 14, 15, 8);
    return _mm256_shuffle_epi8(a, m);
  } else {
    return _mm256_or_si256(_mm256_slli_epi64(a, R), _mm256_srli_epi64(a, 64 - R));
  }
}

// One round into e (iota by the caller); the structure of portable.cpp's round.
[[gnu::always_inline]] inline void round4(const V (&a)[25], V (&e)[25]) noexcept {
  // Theta (Algorithm 1).
  const V c0 = xor5(a[0], a[5], a[10], a[15], a[20]);
  const V c1 = xor5(a[1], a[6], a[11], a[16], a[21]);
  const V c2 = xor5(a[2], a[7], a[12], a[17], a[22]);
  const V c3 = xor5(a[3], a[8], a[13], a[18], a[23]);
  const V c4 = xor5(a[4], a[9], a[14], a[19], a[24]);
  const V d0 = xor2(c4, rol<1>(c1));
  const V d1 = xor2(c0, rol<1>(c2));
  const V d2 = xor2(c1, rol<1>(c3));
  const V d3 = xor2(c2, rol<1>(c4));
  const V d4 = xor2(c3, rol<1>(c0));
  // Rho (Algorithm 2, Table 2 offsets), pi (Algorithm 3) and chi (Algorithm 4), plane by
  // plane: b_k lands at (k, y).
#define TESSERA_PLANE(o, i0, d_0, r0, i1, d_1, r1, i2, d_2, r2, i3, d_3, r3, i4, d_4, r4) \
  {                                                                                      \
    const V b0 = rol<r0>(xor2(a[i0], d_0));                                             \
    const V b1 = rol<r1>(xor2(a[i1], d_1));                                             \
    const V b2 = rol<r2>(xor2(a[i2], d_2));                                             \
    const V b3 = rol<r3>(xor2(a[i3], d_3));                                             \
    const V b4 = rol<r4>(xor2(a[i4], d_4));                                             \
    e[o + 0] = chi(b0, b1, b2);                                                          \
    e[o + 1] = chi(b1, b2, b3);                                                          \
    e[o + 2] = chi(b2, b3, b4);                                                          \
    e[o + 3] = chi(b3, b4, b0);                                                          \
    e[o + 4] = chi(b4, b0, b1);                                                          \
  }
  TESSERA_PLANE(0, 0, d0, 0, 6, d1, 44, 12, d2, 43, 18, d3, 21, 24, d4, 14)
  TESSERA_PLANE(5, 3, d3, 28, 9, d4, 20, 10, d0, 3, 16, d1, 45, 22, d2, 61)
  TESSERA_PLANE(10, 1, d1, 1, 7, d2, 6, 13, d3, 25, 19, d4, 8, 20, d0, 18)
  TESSERA_PLANE(15, 4, d4, 27, 5, d0, 36, 11, d1, 10, 17, d2, 15, 23, d3, 56)
  TESSERA_PLANE(20, 2, d2, 62, 8, d3, 55, 14, d4, 39, 15, d0, 41, 21, d1, 2)
#undef TESSERA_PLANE
}

static_assert(sizeof(State4::lanes[0]) == 32 && alignof(State4) >= 32);
static_assert(sizeof(State8::lanes[0]) == 64 && alignof(State8) >= 64);  // halves 32-byte aligned

}  // namespace

namespace {

// Four states whose lane i is at base + i * 4 (State4).
void f1600_x4_state4(std::uint64_t* base) noexcept {
  V a[25], e[25];
  for (int i = 0; i < 25; ++i) a[i] = _mm256_load_si256(reinterpret_cast<const V*>(base + i * 4));
  for (int r = 0; r < kRounds; r += 2) {
    round4(a, e);
    e[0] = xor2(e[0], _mm256_set1_epi64x(static_cast<long long>(kRoundConstants[r])));  // iota
    round4(e, a);
    a[0] = xor2(a[0], _mm256_set1_epi64x(static_cast<long long>(kRoundConstants[r + 1])));
  }
  for (int i = 0; i < 25; ++i) _mm256_store_si256(reinterpret_cast<V*>(base + i * 4), a[i]);
}

}  // namespace

void f1600_x4_avx2(State4& s) noexcept { f1600_x4_state4(&s.lanes[0][0]); }

// Both halves of the State8 (states 0-3 and 4-7) in one loop: the two independent rounds
// give the out-of-order core more to overlap than two 4-way passes, at the cost of more
// spills. Zen 4, TSC cycles per call: 1890 (236 per state) against 2 x 1040 (260).
void f1600_x8_avx2(State8& s) noexcept {
  V a[25], e[25], a2[25], e2[25];
  for (int i = 0; i < 25; ++i) {
    a[i] = _mm256_load_si256(reinterpret_cast<const V*>(&s.lanes[i][0]));
    a2[i] = _mm256_load_si256(reinterpret_cast<const V*>(&s.lanes[i][4]));
  }
  for (int r = 0; r < kRounds; r += 2) {
    const V rc0 = _mm256_set1_epi64x(static_cast<long long>(kRoundConstants[r]));
    const V rc1 = _mm256_set1_epi64x(static_cast<long long>(kRoundConstants[r + 1]));
    round4(a, e);
    round4(a2, e2);
    e[0] = xor2(e[0], rc0);  // iota
    e2[0] = xor2(e2[0], rc0);
    round4(e, a);
    round4(e2, a2);
    a[0] = xor2(a[0], rc1);
    a2[0] = xor2(a2[0], rc1);
  }
  for (int i = 0; i < 25; ++i) {
    _mm256_store_si256(reinterpret_cast<V*>(&s.lanes[i][0]), a[i]);
    _mm256_store_si256(reinterpret_cast<V*>(&s.lanes[i][4]), a2[i]);
  }
}

// ---------------------------------------------------------------------------------------
// Lane transfers for the batched sponges: 4 lanes of 4 states are a 4x4 matrix of 64-bit
// words, transposed with two vpunpck{l,h}qdq and two vperm2i128 per pair of rows. Rows are
// lanes of the interleaved state (stride qwords apart), columns the states' byte strings.
namespace {

// r[k] = lane k of the four states; on return r[j] = lanes 0-3 of state j (and back).
[[gnu::always_inline]] inline void transpose4(V (&r)[4]) noexcept {
  const V s0 = _mm256_unpacklo_epi64(r[0], r[1]), s1 = _mm256_unpackhi_epi64(r[0], r[1]);
  const V s2 = _mm256_unpacklo_epi64(r[2], r[3]), s3 = _mm256_unpackhi_epi64(r[2], r[3]);
  r[0] = _mm256_permute2x128_si256(s0, s2, 0x20);
  r[1] = _mm256_permute2x128_si256(s1, s3, 0x20);
  r[2] = _mm256_permute2x128_si256(s0, s2, 0x31);
  r[3] = _mm256_permute2x128_si256(s1, s3, 0x31);
}

// Four states whose lane i is at lanes + i * stride (32-byte aligned).
void absorb4(std::uint64_t* lanes, std::size_t stride, const std::uint8_t* const in[4], std::size_t nlanes) noexcept {
  std::size_t i = 0;
  for (; i + 4 <= nlanes; i += 4) {
    V r[4];
    for (int j = 0; j < 4; ++j) r[j] = _mm256_loadu_si256(reinterpret_cast<const V*>(in[j] + 8 * i));
    transpose4(r);
    for (std::size_t k = 0; k < 4; ++k) {
      V* p = reinterpret_cast<V*>(lanes + (i + k) * stride);
      _mm256_store_si256(p, xor2(_mm256_load_si256(p), r[k]));
    }
  }
  for (; i < nlanes; ++i)
    for (int j = 0; j < 4; ++j) lanes[i * stride + static_cast<std::size_t>(j)] ^= bytes::load_le64(in[j] + 8 * i);
}
void extract4(const std::uint64_t* lanes, std::size_t stride, std::uint8_t* const out[4], std::size_t nlanes) noexcept {
  std::size_t i = 0;
  for (; i + 4 <= nlanes; i += 4) {
    V r[4];
    for (std::size_t k = 0; k < 4; ++k) r[k] = _mm256_load_si256(reinterpret_cast<const V*>(lanes + (i + k) * stride));
    transpose4(r);
    for (int j = 0; j < 4; ++j) _mm256_storeu_si256(reinterpret_cast<V*>(out[j] + 8 * i), r[j]);
  }
  for (; i < nlanes; ++i)
    for (int j = 0; j < 4; ++j) bytes::store_le64(out[j] + 8 * i, lanes[i * stride + static_cast<std::size_t>(j)]);
}

}  // namespace

void absorb_lanes_x4_avx2(State4& s, const std::uint8_t* const in[4], std::size_t first, std::size_t nlanes) noexcept {
  absorb4(s.lanes[first], 4, in, nlanes);
}
void absorb_lanes_x8_avx2(State8& s, const std::uint8_t* const in[8], std::size_t first, std::size_t nlanes) noexcept {
  absorb4(&s.lanes[first][0], 8, in, nlanes);
  absorb4(&s.lanes[first][4], 8, in + 4, nlanes);
}
void extract_lanes_x4_avx2(const State4& s, std::uint8_t* const out[4], std::size_t first,
                           std::size_t nlanes) noexcept {
  extract4(s.lanes[first], 4, out, nlanes);
}
void extract_lanes_x8_avx2(const State8& s, std::uint8_t* const out[8], std::size_t first,
                           std::size_t nlanes) noexcept {
  extract4(&s.lanes[first][0], 8, out, nlanes);
  extract4(&s.lanes[first][4], 8, out + 4, nlanes);
}

}  // namespace tessera::keccak

namespace tessera::keccak {

// Single state on general-purpose registers: the portable round (scalar_round.hpp)
// compiled here for BMI1/BMI2, where chi's ~b & c is one andn (so no lane complementing)
// and rotations are non-destructive rorx. Zen 4, TSC cycles per call: 661 (the earlier
// one-round-per-iteration version: 720; the baseline x86-64 portable build: 698). As in
// portable.cpp, GCC's post-allocation scheduling pass makes it slower (700).
#if defined(__GNUC__) && !defined(__clang__)
[[gnu::optimize("no-schedule-insns2")]]
#endif
void f1600_scalar_bmi(std::uint64_t (&state)[25]) noexcept {
  std::uint64_t a[25];
  for (int i = 0; i < 25; ++i) a[i] = state[i];
  scalar_rounds<false>(a);
  for (int i = 0; i < 25; ++i) state[i] = a[i];
}

#if defined(__GNUC__) && !defined(__clang__)
[[gnu::optimize("no-schedule-insns2")]]
#endif
void absorb_blocks_scalar_bmi(std::uint64_t (&state)[25], const std::uint8_t* in, std::size_t nblocks,
                              std::size_t rate_lanes) noexcept {
  scalar_absorb_blocks<false>(state, in, nblocks, rate_lanes);
}

#if defined(__GNUC__) && !defined(__clang__)
[[gnu::optimize("no-schedule-insns2")]]
#endif
void squeeze_blocks_scalar_bmi(std::uint64_t (&state)[25], std::uint8_t* out, std::size_t nblocks,
                               std::size_t rate_lanes) noexcept {
  scalar_squeeze_blocks<false>(state, out, nblocks, rate_lanes);
}

}  // namespace tessera::keccak
