// Keccak-f[1600] on four interleaved states with AVX2 (FIPS 202, Section 3.3, Algorithm 7):
// lane i of the four states is one __m256i. Compiled with the AVX2 flags
// (cmake/TesseraSimd.cmake); called only when the CPU has AVX2. No branch or memory index
// depends on the state: constant time.
#include "hash/keccak/keccak.hpp"

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

// Four states whose lane i is at base + i * stride (stride 4: State4; stride 8: one half
// of a State8).
[[gnu::always_inline]] inline void f1600_x4_strided(std::uint64_t* base, int stride) noexcept {
  V a[25], e[25];
  for (int i = 0; i < 25; ++i) a[i] = _mm256_load_si256(reinterpret_cast<const V*>(base + i * stride));
  for (int r = 0; r < kRounds; r += 2) {
    round4(a, e);
    e[0] = xor2(e[0], _mm256_set1_epi64x(static_cast<long long>(kRoundConstants[r])));  // iota
    round4(e, a);
    a[0] = xor2(a[0], _mm256_set1_epi64x(static_cast<long long>(kRoundConstants[r + 1])));
  }
  for (int i = 0; i < 25; ++i) _mm256_store_si256(reinterpret_cast<V*>(base + i * stride), a[i]);
}

}  // namespace

void f1600_x4_avx2(State4& s) noexcept { f1600_x4_strided(&s.lanes[0][0], 4); }

// Two 4-way passes over the halves of the interleaved State8 (no copying).
void f1600_x8_avx2(State8& s) noexcept {
  f1600_x4_strided(&s.lanes[0][0], 8);
  f1600_x4_strided(&s.lanes[0][4], 8);
}

}  // namespace tessera::keccak

namespace tessera::keccak {

// Single state on general-purpose registers, compiled here for BMI1/BMI2: chi's ~b & c is
// one andn and rotations are non-destructive rorx, ~20% fewer instructions than the
// baseline x86-64 build of portable.cpp. Same round as f1600_avx512_lanes, one round per
// iteration with the lanes in named variables.
void f1600_scalar_bmi(std::uint64_t (&state)[25]) noexcept {
  using U = std::uint64_t;
#define TESSERA_LD(i) U a##i = state[i];
  TESSERA_LD(0) TESSERA_LD(1) TESSERA_LD(2) TESSERA_LD(3) TESSERA_LD(4) TESSERA_LD(5) TESSERA_LD(6)
  TESSERA_LD(7) TESSERA_LD(8) TESSERA_LD(9) TESSERA_LD(10) TESSERA_LD(11) TESSERA_LD(12) TESSERA_LD(13)
  TESSERA_LD(14) TESSERA_LD(15) TESSERA_LD(16) TESSERA_LD(17) TESSERA_LD(18) TESSERA_LD(19) TESSERA_LD(20)
  TESSERA_LD(21) TESSERA_LD(22) TESSERA_LD(23) TESSERA_LD(24)
#undef TESSERA_LD
  for (int r = 0; r < kRounds; ++r) {
    // Theta (Algorithm 1).
    const U c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20, c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21, c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22;
    const U c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23, c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24;
    const U d0 = c4 ^ std::rotl(c1, 1), d1 = c0 ^ std::rotl(c2, 1), d2 = c1 ^ std::rotl(c3, 1);
    const U d3 = c2 ^ std::rotl(c4, 1), d4 = c3 ^ std::rotl(c0, 1);
    // Rho (Algorithm 2) and pi (Algorithm 3): b_n lands at position n.
#define TESSERA_B(n, i, d, rr) const U b##n = std::rotl(a##i ^ d, rr);
    const U b0 = a0 ^ d0;
    TESSERA_B(1, 6, d1, 44) TESSERA_B(2, 12, d2, 43) TESSERA_B(3, 18, d3, 21) TESSERA_B(4, 24, d4, 14)
    TESSERA_B(5, 3, d3, 28) TESSERA_B(6, 9, d4, 20) TESSERA_B(7, 10, d0, 3) TESSERA_B(8, 16, d1, 45)
    TESSERA_B(9, 22, d2, 61) TESSERA_B(10, 1, d1, 1) TESSERA_B(11, 7, d2, 6) TESSERA_B(12, 13, d3, 25)
    TESSERA_B(13, 19, d4, 8) TESSERA_B(14, 20, d0, 18) TESSERA_B(15, 4, d4, 27) TESSERA_B(16, 5, d0, 36)
    TESSERA_B(17, 11, d1, 10) TESSERA_B(18, 17, d2, 15) TESSERA_B(19, 23, d3, 56) TESSERA_B(20, 2, d2, 62)
    TESSERA_B(21, 8, d3, 55) TESSERA_B(22, 14, d4, 39) TESSERA_B(23, 15, d0, 41) TESSERA_B(24, 21, d1, 2)
#undef TESSERA_B
    // Chi (Algorithm 4) plane by plane, then iota (Algorithm 6).
#define TESSERA_PLANE(o0, o1, o2, o3, o4) \
    a##o0 = b##o0 ^ (~b##o1 & b##o2);       \
    a##o1 = b##o1 ^ (~b##o2 & b##o3);       \
    a##o2 = b##o2 ^ (~b##o3 & b##o4);       \
    a##o3 = b##o3 ^ (~b##o4 & b##o0);       \
    a##o4 = b##o4 ^ (~b##o0 & b##o1);
    TESSERA_PLANE(0, 1, 2, 3, 4) TESSERA_PLANE(5, 6, 7, 8, 9) TESSERA_PLANE(10, 11, 12, 13, 14)
    TESSERA_PLANE(15, 16, 17, 18, 19) TESSERA_PLANE(20, 21, 22, 23, 24)
#undef TESSERA_PLANE
    a0 ^= kRoundConstants[r];
  }
#define TESSERA_ST(i) state[i] = a##i;
  TESSERA_ST(0) TESSERA_ST(1) TESSERA_ST(2) TESSERA_ST(3) TESSERA_ST(4) TESSERA_ST(5) TESSERA_ST(6)
  TESSERA_ST(7) TESSERA_ST(8) TESSERA_ST(9) TESSERA_ST(10) TESSERA_ST(11) TESSERA_ST(12) TESSERA_ST(13)
  TESSERA_ST(14) TESSERA_ST(15) TESSERA_ST(16) TESSERA_ST(17) TESSERA_ST(18) TESSERA_ST(19) TESSERA_ST(20)
  TESSERA_ST(21) TESSERA_ST(22) TESSERA_ST(23) TESSERA_ST(24)
#undef TESSERA_ST
}

}  // namespace tessera::keccak
