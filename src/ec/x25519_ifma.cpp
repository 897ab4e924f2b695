// X25519 (RFC 7748, Section 5) with AVX-512 IFMA on 256-bit vectors: the Montgomery ladder
// with the four field elements of each round in the four 64-bit lanes of one vector per limb
// (the "4-way vertical" layout of the vectorised ladders in the literature, e.g. Hisil,
// Egrice and Hamburg). One ladder step is three rounds of four lane-wise multiplications:
//
//   round 1  (A, B, -D, C) x (A, B, A, B)         = (AA, BB, -DA, CB)
//   round 2  (AA, E, CB + DA, CB - DA) x (BB, a24, same, same) + (0, AA, 0, 0)
//                                                  = (x2', AA + a24 E, x3', (DA - CB)^2)
//   round 3  that x (1, E, 1, x1)                  = (x2', z2', x3', z3')
//
// with A = x2 + z2, B = x2 - z2, C = x3 + z3, D = x3 - z3, E = AA - BB (RFC 7748's names).
// The signs of D and of DA - CB do not matter: both are squared. Round 2's "+ AA" is the
// accumulators' initial value, so it costs nothing. The final inversion runs on the
// MULX/ADX field (every CPU with IFMA has BMI2 and ADX).
//
// Field: radix 2^51, five limbs, the layout of field25519_64.hpp. VPMADD52LUQ/HUQ multiply
// the low 52 bits of each input, so every multiplication input must have limbs < 2^52; the
// bounds in the comments keep them there (B1 = 2^51 + 2^14 is the bound of mul's output).
//
// Constant time: 255 identical steps, the conditional swap is a mask, the scalar bit is read
// at a public position, no value-dependent address or branch. The state is wiped; the
// spilled vectors are in this frame, which x25519_raw wipes (kKernelFrameBytes). Valgrind
// cannot run AVX-512 code: tests/timing covers this kernel (X25519Agree on avx512).
//
// Compiled with the AVX-512 flags plus -mavx512ifma (src/ec/sources.cmake); called only
// where cpu::features() reports avx512ifma, avx512vl, bmi2 and adx (src/ec/x25519.cpp).
#include "ec/field25519_64.hpp"
#include "ec/field25519_mulx.hpp"
#include "ec/x25519_base.hpp"
#include "ec/x25519_kernels.hpp"
#include "ec/x25519_ladder.hpp"

#include "common/secret.hpp"

#include <immintrin.h>

#include <cstdint>

namespace tessera::ec::x25519_detail {
namespace {

using u64 = std::uint64_t;
using V = __m256i;

// Lane masks (bit i = lane i) for the masked operations.
constexpr __mmask8 kLane1 = 0x2, kLanes12 = 0x6, kLanes03 = 0x9, kLanes23 = 0xC;

// Five limbs of radix 2^51; lane i of l[k] is limb k of element i.
struct Fe4 {
  V l[5];
};

inline V add(V a, V b) noexcept { return _mm256_add_epi64(a, b); }
inline V shl(V a, int n) noexcept { return _mm256_slli_epi64(a, n); }
// 19 x = 16 x + 2 x + x (2^255 = 19 mod p). Exact for x < 2^59.
inline V times19(V x) noexcept { return add(add(shl(x, 4), shl(x, 1)), x); }

// One parallel carry step: limb k keeps its low 51 bits and receives limb k-1's carry
// (limb 0 receives 19 times limb 4's). Inputs < 20 * 2^56 (mul) give limbs below
// 2^51 + 19 * 643 < B1; inputs < 2^53 (sum_diff) give limbs < 2^51 + 19 * 3.
inline void carry(Fe4& h) noexcept {
  const V mask = _mm256_set1_epi64x((std::int64_t{1} << 51) - 1);
  V c[5];
  for (int k = 0; k < 5; ++k) c[k] = _mm256_srli_epi64(h.l[k], 51);
  for (int k = 0; k < 5; ++k) h.l[k] = _mm256_and_si256(h.l[k], mask);
  h.l[0] = add(h.l[0], times19(c[4]));
  for (int k = 1; k < 5; ++k) h.l[k] = add(h.l[k], c[k - 1]);
}

// Lane-wise h = a b + acc (mod p), inputs with limbs < 2^52 (acc: < 2^52), output < B1.
// lo[k] collects the low 52 bits of the products a_i b_j with i + j = k (weight 2^(51 k)),
// hi[k] their high 52 bits, which weigh 2^(51 k + 52) = 2 * 2^(51 (k + 1)). Column k is
// lo[k] + 2 hi[k - 1] < 6 * 2^52 + 10 * 2^52 = 2^56; columns 5..9 fold into 0..4 as 19 times
// themselves (2^255 = 19), giving < 20 * 2^56; one carry step follows.
inline Fe4 mul(const Fe4& a, const Fe4& b, const Fe4& acc) noexcept {
  const V zero = _mm256_setzero_si256();
  V lo[9], hi[9];
  for (int k = 0; k < 9; ++k) {
    lo[k] = k < 5 ? acc.l[k] : zero;
    hi[k] = zero;
  }
#pragma GCC unroll 5
  for (int i = 0; i < 5; ++i) {
#pragma GCC unroll 5
    for (int j = 0; j < 5; ++j) {
      lo[i + j] = _mm256_madd52lo_epu64(lo[i + j], a.l[i], b.l[j]);
      hi[i + j] = _mm256_madd52hi_epu64(hi[i + j], a.l[i], b.l[j]);
    }
  }
  V col[10];
  col[0] = lo[0];
  for (int k = 1; k < 9; ++k) col[k] = add(lo[k], add(hi[k - 1], hi[k - 1]));
  col[9] = add(hi[8], hi[8]);
  Fe4 h;
  for (int k = 0; k < 5; ++k) h.l[k] = add(col[k], times19(col[k + 5]));
  carry(h);
  return h;
}

// (x2, z2, x3, z3) -> (x3, z3, x2, z2) where mask is all ones, unchanged where it is zero.
inline void cswap(Fe4& x, V mask) noexcept {
  for (V& l : x.l) {
    const V t = _mm256_and_si256(_mm256_xor_si256(l, _mm256_permute4x64_epi64(l, 0x4E)), mask);
    l = _mm256_xor_si256(l, t);
  }
}

// Lanes (0, 1, 2, 3) -> (1, 0, 3, 2): each element next to its partner.
inline V pair_swap(V x) noexcept { return _mm256_permute4x64_epi64(x, 0xB1); }

// Lanes in `sum`: p + q; lanes in `diff`: q + 2p - p_ (q - p, never negative: p's limbs are
// below 2p's, 2^52 - 38 and 2^52 - 2, for inputs < B1); other lanes: p. Then one carry
// step: output < 2^51 + 19 * 3, a valid multiplication input.
inline Fe4 sum_diff(const Fe4& p, const Fe4& q, __mmask8 sum, __mmask8 diff) noexcept {
  const V two_p0 = _mm256_set1_epi64x((std::int64_t{1} << 52) - 38);
  const V two_pk = _mm256_set1_epi64x((std::int64_t{1} << 52) - 2);
  Fe4 h;
  for (int k = 0; k < 5; ++k) {
    V t = _mm256_mask_add_epi64(p.l[k], sum, p.l[k], q.l[k]);
    const V q2p = add(q.l[k], k == 0 ? two_p0 : two_pk);
    h.l[k] = _mm256_mask_sub_epi64(t, diff, q2p, p.l[k]);
  }
  carry(h);
  return h;
}

void ladder(std::uint8_t out[32], const std::uint8_t scalar[32], const std::uint8_t u[32]) noexcept {
  using F64 = field25519_64::Field;
  using Mulx = field25519_mulx::Field;
  struct {
    std::uint8_t k[32];
    field25519_64::Fe x1, x2, z2;
    Fe4 x, s, t, p, q, l, r, acc, m, r3;
    std::uint8_t bytes[32];
    Mulx::Fe xm, zm, zi;
    u64 swap;
  } s;
  for (int i = 0; i < 32; ++i) s.k[i] = scalar[i];
  clamp(s.k);
  F64::from_bytes(s.x1, u);  // limbs < 2^51
  const V zero = _mm256_setzero_si256();
  for (int k = 0; k < 5; ++k) {
    const auto x1k = static_cast<std::int64_t>(s.x1.v[k]);
    const std::int64_t one = k == 0 ? 1 : 0;
    s.x.l[k] = _mm256_setr_epi64x(one, 0, x1k, one);   // (x2, z2, x3, z3) = (1, 0, u, 1)
    s.r3.l[k] = _mm256_setr_epi64x(one, 0, one, x1k);  // round 3's (1, E, 1, x1), E set per step
  }
  const V a24 = _mm256_setr_epi64x(0, kA24, 0, 0);  // limb 0 of lane 1; higher limbs zero
  s.swap = 0;
  for (int t = 254; t >= 0; --t) {
    const u64 k_t = (s.k[t >> 3] >> (t & 7)) & 1;  // public position t
    s.swap ^= k_t;
    cswap(s.x, _mm256_set1_epi64x(-static_cast<std::int64_t>(s.swap)));
    s.swap = k_t;
    // Round 1: s = (x2 + z2, x2 - z2, z3 - x3, x3 + z3) = (A, B, -D, C), t = (A, B, A, B).
    for (int k = 0; k < 5; ++k) s.q.l[k] = pair_swap(s.x.l[k]);
    s.s = sum_diff(s.x, s.q, kLanes03, kLanes12);
    for (int k = 0; k < 5; ++k) s.t.l[k] = _mm256_permute4x64_epi64(s.s.l[k], 0x44);
    for (int k = 0; k < 5; ++k) s.acc.l[k] = zero;
    s.p = mul(s.s, s.t, s.acc);  // (AA, BB, -DA, CB)
    // Round 2: q = (BB, AA, CB, -DA); l = (AA, AA - BB, CB + DA, CB - DA) = (AA, E, ., .);
    // r = (BB, a24, l2, l3); acc = (0, AA, 0, 0).
    for (int k = 0; k < 5; ++k) s.q.l[k] = pair_swap(s.p.l[k]);
    s.l = sum_diff(s.p, s.q, kLanes23 & ~kLanes12, kLanes12);
    for (int k = 0; k < 5; ++k) {
      const V r = _mm256_mask_mov_epi64(s.q.l[k], kLanes23, s.l.l[k]);
      s.r.l[k] = _mm256_mask_mov_epi64(r, kLane1, k == 0 ? a24 : zero);
      s.acc.l[k] = _mm256_maskz_mov_epi64(kLane1, s.q.l[k]);
    }
    s.m = mul(s.l, s.r, s.acc);  // (AA BB, AA + a24 E, (CB + DA)^2, (CB - DA)^2)
    // Round 3: (AA BB, E (AA + a24 E), (DA + CB)^2, x1 (DA - CB)^2) = (x2, z2, x3, z3).
    for (int k = 0; k < 5; ++k) {
      s.r3.l[k] = _mm256_mask_mov_epi64(s.r3.l[k], kLane1, s.l.l[k]);
      s.acc.l[k] = zero;
    }
    s.x = mul(s.m, s.r3, s.acc);
  }
  cswap(s.x, _mm256_set1_epi64x(-static_cast<std::int64_t>(s.swap)));
  // RFC 7748, Section 5: x2 * z2^(p - 2), on the MULX/ADX field.
  for (int k = 0; k < 5; ++k) {
    s.x2.v[k] = static_cast<u64>(_mm256_extract_epi64(s.x.l[k], 0));
    s.z2.v[k] = static_cast<u64>(_mm256_extract_epi64(s.x.l[k], 1));
  }
  F64::to_bytes(s.bytes, s.x2);  // limbs < B1 < 2^54: accepted
  Mulx::from_bytes(s.xm, s.bytes);
  F64::to_bytes(s.bytes, s.z2);
  Mulx::from_bytes(s.zm, s.bytes);
  invert<Mulx>(s.zi, s.zm);
  Mulx::mul(s.xm, s.xm, s.zi);
  Mulx::to_bytes(out, s.xm);
  secure_zero_object(s);
}

void base(std::uint8_t out[32], const std::uint8_t k[32]) noexcept {
  Edwards<field25519_mulx::Field>::base(out, k);
}

}  // namespace

Kernels ifma_table() noexcept { return Kernels{"radix 2^51 (AVX-512 IFMA, 4 lanes)", ladder, base}; }

}  // namespace tessera::ec::x25519_detail
