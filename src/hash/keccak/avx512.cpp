// Keccak-f[1600] with AVX-512 (FIPS 202, Section 3.3, Algorithm 7): four states on ymm
// (AVX-512VL), eight states on zmm, and two single-state kernels: one lane per xmm register
// (f1600_avx512, the fastest on Zen 4) and five zmm rows (f1600_avx512_rows, kept for
// comparison on other cores). Compiled with the AVX-512 flags (cmake/TesseraSimd.cmake);
// called only when the CPU has AVX-512 F/BW/VL/DQ.
// No branch or memory index depends on the state: every kernel is constant time.
#include "hash/keccak/keccak.hpp"

// GCC 12's AVX-512 intrinsics (vprolq, vpermq, vpermt2q, ...) pass _mm512_undefined_*()
// as the unused merge source, which its own -W(maybe-)uninitialized then rejects in this file.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#include "hash/keccak/avx512_asm.inc"

namespace tessera::keccak {
namespace {

// vpternlogq truth tables: bit (4a + 2b + c) of the immediate is f(a, b, c).
constexpr int kXor3 = 0x96;     // a ^ b ^ c
constexpr int kChi = 0xD2;      // a ^ (~b & c)

// ---------------------------------------------------------------------------------------
// Lane-parallel kernels: N states interleaved (StateN<N>), lane i of every state in one
// vector V. Written like portable.cpp's round (theta, rho, pi, chi, iota with constant
// indices), with vpternlogq for the five-way column parity and for chi, vprolq for rho.

// Ops<4> works on ymm (AVX-512VL), Ops<8> on zmm.
template <int N>
struct Ops;

template <>
struct Ops<4> {
  using V = __m256i;
  static V load(const std::uint64_t* p) noexcept { return _mm256_load_si256(reinterpret_cast<const V*>(p)); }
  static void store(std::uint64_t* p, V v) noexcept { _mm256_store_si256(reinterpret_cast<V*>(p), v); }
  static V xor3(V a, V b, V c) noexcept { return _mm256_ternarylogic_epi64(a, b, c, kXor3); }
  static V chi(V a, V b, V c) noexcept { return _mm256_ternarylogic_epi64(a, b, c, kChi); }
  static V xor2(V a, V b) noexcept { return _mm256_xor_si256(a, b); }
  template <int R>
  static V rol(V a) noexcept {
    if constexpr (R == 0) return a;
    else return _mm256_rol_epi64(a, R);
  }
  static V bcast(std::uint64_t x) noexcept { return _mm256_set1_epi64x(static_cast<long long>(x)); }
};

template <>
struct Ops<8> {
  using V = __m512i;
  static V load(const std::uint64_t* p) noexcept { return _mm512_load_si512(p); }
  static void store(std::uint64_t* p, V v) noexcept { _mm512_store_si512(p, v); }
  static V xor3(V a, V b, V c) noexcept { return _mm512_ternarylogic_epi64(a, b, c, kXor3); }
  static V chi(V a, V b, V c) noexcept { return _mm512_ternarylogic_epi64(a, b, c, kChi); }
  static V xor2(V a, V b) noexcept { return _mm512_xor_si512(a, b); }
  template <int R>
  static V rol(V a) noexcept {
    if constexpr (R == 0) return a;
    else return _mm512_rol_epi64(a, R);
  }
  static V bcast(std::uint64_t x) noexcept { return _mm512_set1_epi64(static_cast<long long>(x)); }
};

// One round into e (iota by the caller). Same lane naming as portable.cpp: b[x][y] is
// the rho+pi image that lands at position (x, y), e = chi(b).
template <int N, class V = typename Ops<N>::V>
[[gnu::always_inline]] inline void round_n(const V (&a)[25], V (&e)[25]) noexcept {
  using O = Ops<N>;
  // Theta (Algorithm 1): column parities, two vpternlogq each.
  const V c0 = O::xor3(O::xor3(a[0], a[5], a[10]), a[15], a[20]);
  const V c1 = O::xor3(O::xor3(a[1], a[6], a[11]), a[16], a[21]);
  const V c2 = O::xor3(O::xor3(a[2], a[7], a[12]), a[17], a[22]);
  const V c3 = O::xor3(O::xor3(a[3], a[8], a[13]), a[18], a[23]);
  const V c4 = O::xor3(O::xor3(a[4], a[9], a[14]), a[19], a[24]);
  const V d0 = O::xor2(c4, O::template rol<1>(c1));
  const V d1 = O::xor2(c0, O::template rol<1>(c2));
  const V d2 = O::xor2(c1, O::template rol<1>(c3));
  const V d3 = O::xor2(c2, O::template rol<1>(c4));
  const V d4 = O::xor2(c3, O::template rol<1>(c0));
  // Rho (Algorithm 2, offsets of Table 2) and pi (Algorithm 3), then chi (Algorithm 4)
  // plane by plane.
#define TESSERA_PLANE(o, i0, d_0, r0, i1, d_1, r1, i2, d_2, r2, i3, d_3, r3, i4, d_4, r4) \
  {                                                                                      \
    const V b0 = O::template rol<r0>(O::xor2(a[i0], d_0));                              \
    const V b1 = O::template rol<r1>(O::xor2(a[i1], d_1));                              \
    const V b2 = O::template rol<r2>(O::xor2(a[i2], d_2));                              \
    const V b3 = O::template rol<r3>(O::xor2(a[i3], d_3));                              \
    const V b4 = O::template rol<r4>(O::xor2(a[i4], d_4));                              \
    e[o + 0] = O::chi(b0, b1, b2);                                                       \
    e[o + 1] = O::chi(b1, b2, b3);                                                       \
    e[o + 2] = O::chi(b2, b3, b4);                                                       \
    e[o + 3] = O::chi(b3, b4, b0);                                                       \
    e[o + 4] = O::chi(b4, b0, b1);                                                       \
  }
  TESSERA_PLANE(0, 0, d0, 0, 6, d1, 44, 12, d2, 43, 18, d3, 21, 24, d4, 14)
  TESSERA_PLANE(5, 3, d3, 28, 9, d4, 20, 10, d0, 3, 16, d1, 45, 22, d2, 61)
  TESSERA_PLANE(10, 1, d1, 1, 7, d2, 6, 13, d3, 25, 19, d4, 8, 20, d0, 18)
  TESSERA_PLANE(15, 4, d4, 27, 5, d0, 36, 11, d1, 10, 17, d2, 15, 23, d3, 56)
  TESSERA_PLANE(20, 2, d2, 62, 8, d3, 55, 14, d4, 39, 15, d0, 41, 21, d1, 2)
#undef TESSERA_PLANE
}

template <int N>
[[gnu::always_inline]] inline void f1600_n(StateN<N>& s) noexcept {
  using O = Ops<N>;
  using V = typename O::V;
  V a[25], e[25];
  for (int i = 0; i < 25; ++i) a[i] = O::load(s.lanes[i]);
  for (int r = 0; r < kRounds; r += 2) {
    round_n<N>(a, e);
    e[0] = O::xor2(e[0], O::bcast(kRoundConstants[r]));  // iota (Algorithm 6)
    round_n<N>(e, a);
    a[0] = O::xor2(a[0], O::bcast(kRoundConstants[r + 1]));
  }
  for (int i = 0; i < 25; ++i) O::store(s.lanes[i], a[i]);
}

static_assert(sizeof(State4::lanes[0]) == 32 && alignof(State4) >= 32);
static_assert(sizeof(State8::lanes[0]) == 64 && alignof(State8) >= 64);

// ---------------------------------------------------------------------------------------
// Single state. Between rounds the state is five row vectors R[y] = (A[0,y] .. A[4,y]) in
// lanes 0-4 of a zmm (lanes 5-7 carry don't-care values that never reach lanes 0-4).
// One round:
//   theta  C = R0^..^R4 (2 vpternlogq); D[x] = C[x-1] ^ rot(C[x+1], 1) from two vpermq,
//          applied with one vpternlogq per row;
//   rho    vprolvq per row with that row's offsets;
//   pi     A'[x,y] = A[x+3y, x] (Algorithm 3). Output column x of A' comes from input row
//          y = x only, so a vpermq of each row gives the *columns* K[x] of the permuted
//          state, lane y = A'[x,y];
//   chi    along x, so in column form it is lane-wise: E[x] = K[x] ^ (~K[x+1] & K[x+2]),
//          one vpternlogq per column, no shuffle;
//   iota   lane 0 of E[0];
// then a 5x5 transpose (vpermt2q) brings the columns E[x] back to rows for the next
// theta. This costs 15 shuffles per round against 22 if chi ran on rows (it needs each
// row rotated by one and by two lanes).

alignas(64) constexpr std::uint64_t kRhoRows[5][8] = {
    {0, 1, 62, 28, 27, 0, 0, 0},   {36, 44, 6, 55, 20, 0, 0, 0}, {3, 10, 43, 25, 39, 0, 0, 0},
    {41, 45, 15, 21, 8, 0, 0, 0},  {18, 2, 61, 56, 14, 0, 0, 0}};
constexpr bool rho_rows_match_table() {
  for (int i = 0; i < 25; ++i) {
    if (kRhoRows[i / 5][i % 5] != static_cast<std::uint64_t>(kRho[i])) return false;
  }
  return true;
}
static_assert(rho_rows_match_table());

// Pi as a permutation of row x: lane y of column K[x] takes lane (x + 3y) mod 5.
alignas(64) constexpr std::uint64_t kPiIdx[5][8] = {
    {0, 3, 1, 4, 2, 5, 6, 7}, {1, 4, 2, 0, 3, 5, 6, 7}, {2, 0, 3, 1, 4, 5, 6, 7},
    {3, 1, 4, 2, 0, 5, 6, 7}, {4, 2, 0, 3, 1, 5, 6, 7}};

inline __m512i idx(std::int64_t i0, std::int64_t i1, std::int64_t i2, std::int64_t i3, std::int64_t i4,
                   std::int64_t i5, std::int64_t i6, std::int64_t i7) noexcept {
  return _mm512_setr_epi64(i0, i1, i2, i3, i4, i5, i6, i7);
}

}  // namespace

void f1600_x4_avx512_intrin(State4& s) noexcept { f1600_n<4>(s); }

// Single state, one lane per xmm register (lane 0 only): the scalar algorithm on the
// vector unit, with vpternlogq for the column parities and chi and vprolq for rotations.
// No shuffles at all, so none of Zen 4's 5-cycle permute latency and cross-pipe bypass
// delay that make the five-row layout (f1600_avx512_rows) slow; 95 vector instructions per
// round (35 vpternlogq, 29 vprolq, 31 vpxor) against ~130 scalar ones. The 32 xmm
// registers hold the 25 lanes plus temporaries. GCC 12 at plain -O3 spills (606 TSC cycles
// per call on Zen 4); register-pressure-aware scheduling before allocation and none after
// it give 550 (clang 14: 524).
#if defined(__GNUC__) && !defined(__clang__)
[[gnu::optimize("schedule-insns", "sched-pressure", "no-schedule-insns2")]]
#endif
void f1600_avx512_lanes(std::uint64_t (&state)[25]) noexcept {
  using V = __m128i;
#define TESSERA_LD(i) V a##i = _mm_loadl_epi64(reinterpret_cast<const V*>(state + i));
  TESSERA_LD(0) TESSERA_LD(1) TESSERA_LD(2) TESSERA_LD(3) TESSERA_LD(4) TESSERA_LD(5) TESSERA_LD(6)
  TESSERA_LD(7) TESSERA_LD(8) TESSERA_LD(9) TESSERA_LD(10) TESSERA_LD(11) TESSERA_LD(12)
  TESSERA_LD(13) TESSERA_LD(14)
  TESSERA_LD(15) TESSERA_LD(16) TESSERA_LD(17) TESSERA_LD(18) TESSERA_LD(19) TESSERA_LD(20)
  TESSERA_LD(21) TESSERA_LD(22) TESSERA_LD(23) TESSERA_LD(24)
#undef TESSERA_LD
  for (int r = 0; r < kRounds; ++r) {
    // Theta (Algorithm 1).
    const V c0 = _mm_ternarylogic_epi64(_mm_ternarylogic_epi64(a0, a5, a10, kXor3), a15, a20, kXor3);
    const V c1 = _mm_ternarylogic_epi64(_mm_ternarylogic_epi64(a1, a6, a11, kXor3), a16, a21, kXor3);
    const V c2 = _mm_ternarylogic_epi64(_mm_ternarylogic_epi64(a2, a7, a12, kXor3), a17, a22, kXor3);
    const V c3 = _mm_ternarylogic_epi64(_mm_ternarylogic_epi64(a3, a8, a13, kXor3), a18, a23, kXor3);
    const V c4 = _mm_ternarylogic_epi64(_mm_ternarylogic_epi64(a4, a9, a14, kXor3), a19, a24, kXor3);
    const V d0 = _mm_xor_si128(c4, _mm_rol_epi64(c1, 1));
    const V d1 = _mm_xor_si128(c0, _mm_rol_epi64(c2, 1));
    const V d2 = _mm_xor_si128(c1, _mm_rol_epi64(c3, 1));
    const V d3 = _mm_xor_si128(c2, _mm_rol_epi64(c4, 1));
    const V d4 = _mm_xor_si128(c3, _mm_rol_epi64(c0, 1));
    // Rho (Algorithm 2, Table 2 offsets) and pi (Algorithm 3): b_n lands at position n.
#define TESSERA_B(n, i, d, rr) const V b##n = _mm_rol_epi64(_mm_xor_si128(a##i, d), rr);
    const V b0 = _mm_xor_si128(a0, d0);
    TESSERA_B(1, 6, d1, 44) TESSERA_B(2, 12, d2, 43) TESSERA_B(3, 18, d3, 21)
    TESSERA_B(4, 24, d4, 14)
    TESSERA_B(5, 3, d3, 28) TESSERA_B(6, 9, d4, 20) TESSERA_B(7, 10, d0, 3)
    TESSERA_B(8, 16, d1, 45) TESSERA_B(9, 22, d2, 61)
    TESSERA_B(10, 1, d1, 1) TESSERA_B(11, 7, d2, 6) TESSERA_B(12, 13, d3, 25)
    TESSERA_B(13, 19, d4, 8) TESSERA_B(14, 20, d0, 18)
    TESSERA_B(15, 4, d4, 27) TESSERA_B(16, 5, d0, 36) TESSERA_B(17, 11, d1, 10)
    TESSERA_B(18, 17, d2, 15) TESSERA_B(19, 23, d3, 56)
    TESSERA_B(20, 2, d2, 62) TESSERA_B(21, 8, d3, 55) TESSERA_B(22, 14, d4, 39)
    TESSERA_B(23, 15, d0, 41) TESSERA_B(24, 21, d1, 2)
#undef TESSERA_B
    // Chi (Algorithm 4) plane by plane, then iota (Algorithm 6).
#define TESSERA_PLANE(o0, o1, o2, o3, o4)                          \
    a##o0 = _mm_ternarylogic_epi64(b##o0, b##o1, b##o2, kChi); \
    a##o1 = _mm_ternarylogic_epi64(b##o1, b##o2, b##o3, kChi); \
    a##o2 = _mm_ternarylogic_epi64(b##o2, b##o3, b##o4, kChi); \
    a##o3 = _mm_ternarylogic_epi64(b##o3, b##o4, b##o0, kChi); \
    a##o4 = _mm_ternarylogic_epi64(b##o4, b##o0, b##o1, kChi);
    TESSERA_PLANE(0, 1, 2, 3, 4) TESSERA_PLANE(5, 6, 7, 8, 9) TESSERA_PLANE(10, 11, 12, 13, 14)
    TESSERA_PLANE(15, 16, 17, 18, 19)
    TESSERA_PLANE(20, 21, 22, 23, 24)
#undef TESSERA_PLANE
    a0 = _mm_xor_si128(a0, _mm_loadl_epi64(reinterpret_cast<const V*>(&kRoundConstants[r])));  // iota
  }
#define TESSERA_ST(i) _mm_storel_epi64(reinterpret_cast<V*>(state + i), a##i);
  TESSERA_ST(0) TESSERA_ST(1) TESSERA_ST(2) TESSERA_ST(3) TESSERA_ST(4) TESSERA_ST(5) TESSERA_ST(6)
  TESSERA_ST(7) TESSERA_ST(8) TESSERA_ST(9) TESSERA_ST(10) TESSERA_ST(11) TESSERA_ST(12)
  TESSERA_ST(13) TESSERA_ST(14)
  TESSERA_ST(15) TESSERA_ST(16) TESSERA_ST(17) TESSERA_ST(18) TESSERA_ST(19) TESSERA_ST(20)
  TESSERA_ST(21) TESSERA_ST(22) TESSERA_ST(23) TESSERA_ST(24)
#undef TESSERA_ST
}

void f1600_x8_avx512_intrin(State8& s) noexcept { f1600_n<8>(s); }

void f1600_avx512_rows(std::uint64_t (&state)[25]) noexcept {
  constexpr __mmask8 k5 = 0x1F;
  __m512i r0 = _mm512_maskz_loadu_epi64(k5, state + 0);
  __m512i r1 = _mm512_maskz_loadu_epi64(k5, state + 5);
  __m512i r2 = _mm512_maskz_loadu_epi64(k5, state + 10);
  __m512i r3 = _mm512_maskz_loadu_epi64(k5, state + 15);
  __m512i r4 = _mm512_maskz_loadu_epi64(k5, state + 20);

  const __m512i rho0 = _mm512_load_si512(kRhoRows[0]), rho1 = _mm512_load_si512(kRhoRows[1]),
                rho2 = _mm512_load_si512(kRhoRows[2]), rho3 = _mm512_load_si512(kRhoRows[3]),
                rho4 = _mm512_load_si512(kRhoRows[4]);
  const __m512i pi0 = _mm512_load_si512(kPiIdx[0]), pi1 = _mm512_load_si512(kPiIdx[1]),
                pi2 = _mm512_load_si512(kPiIdx[2]), pi3 = _mm512_load_si512(kPiIdx[3]),
                pi4 = _mm512_load_si512(kPiIdx[4]);
  const __m512i prev = idx(4, 0, 1, 2, 3, 5, 6, 7);  // lane x <- C[x-1]
  const __m512i next = idx(1, 2, 3, 4, 0, 5, 6, 7);  // lane x <- C[x+1]
  // Transpose, stage 1: pairs (E[a][y], E[b][y]) for y = 0..3.
  const __m512i zip = idx(0, 8, 1, 9, 2, 10, 3, 11);
  // Stage 2: from zip(E0,E1) and zip(E2,E3), rows y = 0,1 (lo) and y = 2,3 (hi) as
  // (E0[y], E1[y], E2[y], E3[y]) quadruples.
  const __m512i quad_lo = idx(0, 1, 8, 9, 2, 3, 10, 11);
  const __m512i quad_hi = idx(4, 5, 12, 13, 6, 7, 14, 15);
  // Stage 3: a quadruple plus E4[y] in lane 4.
  const __m512i row_a = idx(0, 1, 2, 3, 8, 5, 6, 7);   // first quadruple, E4 lane 0
  const __m512i row_b = idx(4, 5, 6, 7, 9, 5, 6, 7);   // second quadruple, E4 lane 1
  const __m512i row_c = idx(0, 1, 2, 3, 10, 5, 6, 7);  // first quadruple, E4 lane 2
  const __m512i row_d = idx(4, 5, 6, 7, 11, 5, 6, 7);  // second quadruple, E4 lane 3
  // Row 4: lanes 4 of E0..E3 paired, then with E4 (whose lane 4 is already in place).
  const __m512i pair4 = idx(4, 12, 4, 12, 4, 12, 4, 12);
  const __m512i row4_01 = idx(0, 1, 8, 9, 8, 9, 9, 9);  // (E0[4], E1[4], E2[4], E3[4], ...)

  for (int round = 0; round < kRounds; ++round) {
    // Theta (Algorithm 1).
    const __m512i c = _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(r0, r1, r2, kXor3), r3, r4, kXor3);
    const __m512i cm1 = _mm512_permutexvar_epi64(prev, c);
    const __m512i cp1 = _mm512_rol_epi64(_mm512_permutexvar_epi64(next, c), 1);
    r0 = _mm512_ternarylogic_epi64(r0, cm1, cp1, kXor3);
    r1 = _mm512_ternarylogic_epi64(r1, cm1, cp1, kXor3);
    r2 = _mm512_ternarylogic_epi64(r2, cm1, cp1, kXor3);
    r3 = _mm512_ternarylogic_epi64(r3, cm1, cp1, kXor3);
    r4 = _mm512_ternarylogic_epi64(r4, cm1, cp1, kXor3);
    // Rho (Algorithm 2).
    r0 = _mm512_rolv_epi64(r0, rho0);
    r1 = _mm512_rolv_epi64(r1, rho1);
    r2 = _mm512_rolv_epi64(r2, rho2);
    r3 = _mm512_rolv_epi64(r3, rho3);
    r4 = _mm512_rolv_epi64(r4, rho4);
    // Pi (Algorithm 3): column x of the result is a permutation of row x.
    const __m512i k0 = _mm512_permutexvar_epi64(pi0, r0);
    const __m512i k1 = _mm512_permutexvar_epi64(pi1, r1);
    const __m512i k2 = _mm512_permutexvar_epi64(pi2, r2);
    const __m512i k3 = _mm512_permutexvar_epi64(pi3, r3);
    const __m512i k4 = _mm512_permutexvar_epi64(pi4, r4);
    // Chi (Algorithm 4) on columns; iota (Algorithm 6) on lane (0, 0).
    __m512i e0 = _mm512_ternarylogic_epi64(k0, k1, k2, kChi);
    const __m512i e1 = _mm512_ternarylogic_epi64(k1, k2, k3, kChi);
    const __m512i e2 = _mm512_ternarylogic_epi64(k2, k3, k4, kChi);
    const __m512i e3 = _mm512_ternarylogic_epi64(k3, k4, k0, kChi);
    const __m512i e4 = _mm512_ternarylogic_epi64(k4, k0, k1, kChi);
    e0 = _mm512_xor_si512(e0, _mm512_maskz_loadu_epi64(1, &kRoundConstants[round]));
    // Columns back to rows.
    const __m512i z01 = _mm512_permutex2var_epi64(e0, zip, e1);
    const __m512i z23 = _mm512_permutex2var_epi64(e2, zip, e3);
    const __m512i q01 = _mm512_permutex2var_epi64(z01, quad_lo, z23);
    const __m512i q23 = _mm512_permutex2var_epi64(z01, quad_hi, z23);
    r0 = _mm512_permutex2var_epi64(q01, row_a, e4);
    r1 = _mm512_permutex2var_epi64(q01, row_b, e4);
    r2 = _mm512_permutex2var_epi64(q23, row_c, e4);
    r3 = _mm512_permutex2var_epi64(q23, row_d, e4);
    const __m512i p01 = _mm512_permutex2var_epi64(e0, pair4, e1);
    const __m512i p23 = _mm512_permutex2var_epi64(e2, pair4, e3);
    r4 = _mm512_mask_blend_epi64(0x10, _mm512_permutex2var_epi64(p01, row4_01, p23), e4);
  }

  _mm512_mask_storeu_epi64(state + 0, k5, r0);
  _mm512_mask_storeu_epi64(state + 5, k5, r1);
  _mm512_mask_storeu_epi64(state + 10, k5, r2);
  _mm512_mask_storeu_epi64(state + 15, k5, r3);
  _mm512_mask_storeu_epi64(state + 20, k5, r4);
}

}  // namespace tessera::keccak

namespace tessera::keccak {
void f1600_avx512(std::uint64_t (&state)[25]) noexcept { f1600_avx512_lanes(state); }
}  // namespace tessera::keccak

// ---------------------------------------------------------------------------------------
// Lane-parallel kernels with explicit register allocation (avx512_asm.inc, generated by
// gen_avx512_asm.py, which explains the round and the instruction order): the 25 lanes stay
// in vector registers 0-24 for all 24 rounds, temporaries in 25-31, no spills. Same
// operations as f1600_n, in an order that mixes XOR, rotate and chi.
//
// Zen 4, TSC cycles per call (best of 301 x 200 calls, scratch benchmark; GCC 12 / clang 14):
//   8-way zmm: intrinsics 1144 / 1054, asm 1005 (126 per state, either compiler)
//   4-way ymm: intrinsics  647 /  542, asm  545
// Every instruction is data-independent (no branch or address depends on the state).
namespace tessera::keccak {
namespace {

#define TESSERA_KECCAK_LOAD(W, S, i) "vmovdqa64 " #i "*" #S "(%[s]), %%" #W #i "\n"
#define TESSERA_KECCAK_STORE(W, S, i) "vmovdqa64 %%" #W #i ", " #i "*" #S "(%[s])\n"
#define TESSERA_KECCAK_ALL(F, W, S)                                                              \
  F(W, S, 0) F(W, S, 1) F(W, S, 2) F(W, S, 3) F(W, S, 4) F(W, S, 5) F(W, S, 6) F(W, S, 7) F(W, S, 8) \
  F(W, S, 9) F(W, S, 10) F(W, S, 11) F(W, S, 12) F(W, S, 13) F(W, S, 14) F(W, S, 15) F(W, S, 16)     \
  F(W, S, 17) F(W, S, 18) F(W, S, 19) F(W, S, 20) F(W, S, 21) F(W, S, 22) F(W, S, 23) F(W, S, 24)
// Loads the 25 lanes (stride S bytes) into W0-W24, runs 12 iterations of the two-round body
// (round constants from rc, advanced by 16 bytes per iteration), stores the lanes back.
#define TESSERA_KECCAK_ASM(W, S, ROUNDS)                                                           \
  const std::uint64_t* rc = kRoundConstants;                                                       \
  unsigned n = kRounds / 2;                                                                        \
  asm volatile(TESSERA_KECCAK_ALL(TESSERA_KECCAK_LOAD, W, S) ".p2align 5\n"                        \
               "1:\n" ROUNDS "add $16, %[rc]\n"                                                    \
               "dec %[n]\n"                                                                        \
               "jnz 1b\n" TESSERA_KECCAK_ALL(TESSERA_KECCAK_STORE, W, S) "vzeroupper\n"            \
               : [rc] "+r"(rc), [n] "+r"(n)                                                        \
               : [s] "r"(&s.lanes[0][0])                                                           \
               : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",   \
                 "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16", "xmm17", "xmm18",  \
                 "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", "xmm25", "xmm26", "xmm27",  \
                 "xmm28", "xmm29", "xmm30", "xmm31", "memory", "cc")

static_assert(kRounds % 2 == 0);

}  // namespace

void f1600_x8_avx512(State8& s) noexcept { TESSERA_KECCAK_ASM(zmm, 64, TESSERA_KECCAK_X8_ROUNDS); }
void f1600_x4_avx512(State4& s) noexcept { TESSERA_KECCAK_ASM(ymm, 32, TESSERA_KECCAK_X4_ROUNDS); }

#undef TESSERA_KECCAK_ASM
#undef TESSERA_KECCAK_ALL
#undef TESSERA_KECCAK_STORE
#undef TESSERA_KECCAK_LOAD

}  // namespace tessera::keccak

// ---------------------------------------------------------------------------------------
// Lane transfers for the batched sponges: 8 lanes of 8 states are an 8x8 matrix of 64-bit
// words, transposed in three stages (vpunpck{l,h}qdq, vpermt2q, vshufi64x2: 24 shuffles per
// 64 words against 64 scalar loads and stores). The last nlanes % 8 lanes use the same
// transpose with masked loads and stores (no access beyond the caller's 8 nlanes bytes).
namespace tessera::keccak {
namespace {

// r[k] = lane k of the eight states; on return r[j] = lanes 0-7 of state j (and back).
[[gnu::always_inline]] inline void transpose8(__m512i (&r)[8]) noexcept {
  __m512i s[8], u[8];
  for (int k = 0; k < 8; k += 2) {
    s[k] = _mm512_unpacklo_epi64(r[k], r[k + 1]);      // (r_k[0], r_k+1[0], r_k[2], r_k+1[2], ...)
    s[k + 1] = _mm512_unpackhi_epi64(r[k], r[k + 1]);  // (r_k[1], r_k+1[1], ...)
  }
  const __m512i lo = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
  const __m512i hi = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
  for (int h = 0; h < 8; h += 4) {  // rows 0-3 (h = 0) and 4-7 (h = 4)
    u[h + 0] = _mm512_permutex2var_epi64(s[h + 0], lo, s[h + 2]);  // states 0, 4
    u[h + 1] = _mm512_permutex2var_epi64(s[h + 1], lo, s[h + 3]);  // states 1, 5
    u[h + 2] = _mm512_permutex2var_epi64(s[h + 0], hi, s[h + 2]);  // states 2, 6
    u[h + 3] = _mm512_permutex2var_epi64(s[h + 1], hi, s[h + 3]);  // states 3, 7
  }
  for (int j = 0; j < 4; ++j) {
    r[j] = _mm512_shuffle_i64x2(u[j], u[j + 4], 0x44);      // 256-bit halves 0 of both: state j
    r[j + 4] = _mm512_shuffle_i64x2(u[j], u[j + 4], 0xEE);  // halves 1: state j + 4
  }
}

}  // namespace

void absorb_lanes_x8_avx512(State8& s, const std::uint8_t* const in[8], std::size_t first,
                            std::size_t nlanes) noexcept {
  for (std::size_t i = 0; i < nlanes; i += 8) {
    const std::size_t m = nlanes - i < 8 ? nlanes - i : 8;
    const __mmask8 k = static_cast<__mmask8>((1u << m) - 1);
    __m512i r[8];
    for (int j = 0; j < 8; ++j) r[j] = _mm512_maskz_loadu_epi64(k, in[j] + 8 * i);
    transpose8(r);
    for (std::size_t q = 0; q < m; ++q) {
      std::uint64_t* p = s.lanes[first + i + q];
      _mm512_store_si512(p, _mm512_xor_si512(_mm512_load_si512(p), r[q]));
    }
  }
}

void extract_lanes_x8_avx512(const State8& s, std::uint8_t* const out[8], std::size_t first,
                             std::size_t nlanes) noexcept {
  for (std::size_t i = 0; i < nlanes; i += 8) {
    const std::size_t m = nlanes - i < 8 ? nlanes - i : 8;
    const __mmask8 k = static_cast<__mmask8>((1u << m) - 1);
    __m512i r[8];
    for (std::size_t q = 0; q < 8; ++q) r[q] = q < m ? _mm512_load_si512(s.lanes[first + i + q]) : _mm512_setzero_si512();
    transpose8(r);
    for (int j = 0; j < 8; ++j) _mm512_mask_storeu_epi64(out[j] + 8 * i, k, r[j]);
  }
}

}  // namespace tessera::keccak

namespace tessera::keccak::avx512 {

// The 8-way zmm kernel costs ~8% less per state than the 4-way one, so it is native. The
// 4-lane transfers stay the AVX2 ones (4x4 transposes).
Kernels table() noexcept {
  Kernels k = avx2::table();
  k.f1600 = f1600_avx512;
  k.f1600_x4 = f1600_x4_avx512;
  k.f1600_x8 = f1600_x8_avx512;
  k.x8_native = true;
  k.absorb_blocks = absorb_blocks_avx512;
  k.squeeze_blocks = squeeze_blocks_avx512;
  k.absorb_lanes_x8 = absorb_lanes_x8_avx512;
  k.extract_lanes_x8 = extract_lanes_x8_avx512;
  return k;
}

}  // namespace tessera::keccak::avx512
