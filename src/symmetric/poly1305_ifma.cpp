// Poly1305 with AVX-512 IFMA: sixteen blocks in parallel (two zmm accumulators of eight), radix 2^44 (VPMADD52LUQ/HUQ give
// the low and high 52 bits of 52 x 52-bit products). Lane i accumulates blocks i, i+8, ...
// by Horner's rule in r^8, and the last batch multiplies lane i by r^(8-i), so the lane sum
// is the sequential result: sum_j m_j r^(n-j). Limb bounds: inputs stay below 2^52 (h
// limbs below 2^45 after adding a block, r limbs below 2^45, 20 r below 2^49.4). Per eight
// blocks: 21 multiply-adds, 8 carry operations, 8 for the message (lanes in unpack order).
// Compiled with the AVX-512 flags plus -mavx512ifma; called only when the CPU has IFMA.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include "symmetric/chacha20.hpp"

#include "cpu/features.hpp"

#include <immintrin.h>

namespace tessera::poly1305 {
namespace {

struct Vec3 {
  __m512i l0, l1, l2;
};

inline __m512i times5(__m512i x) noexcept { return _mm512_add_epi64(x, _mm512_slli_epi64(x, 2)); }

// h * r mod p lane-wise, partially reduced; s1 = 20 r1, s2 = 20 r2.
// Input bounds: h and r limbs below 2^45 (s below 2^49.4). Output limbs below 2^44 + 2^15:
// all three limbs are 44 bits wide (2^132 = 4 * 2^130 folds to 20), so outputs are valid
// inputs again (the powers of r are such outputs). The high product halves weigh
// 2^52 = 2^44 * 2^8 relative to their limb, and those of limb 2 weigh 2^140 = 2^132 * 2^8
// == 20 * 2^8 = 5 * 2^10; they are small enough (below 2^43.4, 2^42.5, 2^39.6) that
// VPMADD52LUQ by 2^8 or 5 * 2^10 adds them exactly (products below 2^51.9 < 2^52).
// One parallel carry step follows (no sequential carry chain): c_i = x_i >> 44 < 2^10.
inline Vec3 mul(const Vec3& h, const Vec3& r, __m512i s1, __m512i s2) noexcept {
  const __m512i z = _mm512_setzero_si512();
  const __m512i m44 = _mm512_set1_epi64((std::int64_t{1} << 44) - 1);
  __m512i d0l = _mm512_madd52lo_epu64(z, h.l0, r.l0);
  __m512i d0h = _mm512_madd52hi_epu64(z, h.l0, r.l0);
  __m512i d1l = _mm512_madd52lo_epu64(z, h.l0, r.l1);
  __m512i d1h = _mm512_madd52hi_epu64(z, h.l0, r.l1);
  __m512i d2l = _mm512_madd52lo_epu64(z, h.l0, r.l2);
  __m512i d2h = _mm512_madd52hi_epu64(z, h.l0, r.l2);
  d0l = _mm512_madd52lo_epu64(d0l, h.l1, s2);
  d0h = _mm512_madd52hi_epu64(d0h, h.l1, s2);
  d1l = _mm512_madd52lo_epu64(d1l, h.l1, r.l0);
  d1h = _mm512_madd52hi_epu64(d1h, h.l1, r.l0);
  d2l = _mm512_madd52lo_epu64(d2l, h.l1, r.l1);
  d2h = _mm512_madd52hi_epu64(d2h, h.l1, r.l1);
  d0l = _mm512_madd52lo_epu64(d0l, h.l2, s1);
  d0h = _mm512_madd52hi_epu64(d0h, h.l2, s1);
  d1l = _mm512_madd52lo_epu64(d1l, h.l2, s2);
  d1h = _mm512_madd52hi_epu64(d1h, h.l2, s2);
  d2l = _mm512_madd52lo_epu64(d2l, h.l2, r.l0);
  d2h = _mm512_madd52hi_epu64(d2h, h.l2, r.l0);
  const __m512i x0 = _mm512_madd52lo_epu64(d0l, d2h, _mm512_set1_epi64(5 << 10));
  const __m512i x1 = _mm512_madd52lo_epu64(d1l, d0h, _mm512_set1_epi64(1 << 8));
  const __m512i x2 = _mm512_madd52lo_epu64(d2l, d1h, _mm512_set1_epi64(1 << 8));
  Vec3 o;
  o.l0 = _mm512_madd52lo_epu64(_mm512_and_si512(x0, m44), _mm512_srli_epi64(x2, 44), _mm512_set1_epi64(20));
  o.l1 = _mm512_add_epi64(_mm512_and_si512(x1, m44), _mm512_srli_epi64(x0, 44));
  o.l2 = _mm512_add_epi64(_mm512_and_si512(x2, m44), _mm512_srli_epi64(x1, 44));
  return o;
}

inline __m512i b64(std::uint64_t v) noexcept { return _mm512_set1_epi64(static_cast<std::int64_t>(v)); }
inline __m512i times20(__m512i x) noexcept { return times5(_mm512_slli_epi64(x, 2)); }

inline Vec3 mul(const Vec3& h, const Vec3& r) noexcept { return mul(h, r, times20(r.l1), times20(r.l2)); }

inline Vec3 blend(__mmask8 m, const Vec3& a, const Vec3& b) noexcept {
  return {_mm512_mask_blend_epi64(m, a.l0, b.l0), _mm512_mask_blend_epi64(m, a.l1, b.l1),
          _mm512_mask_blend_epi64(m, a.l2, b.l2)};
}

inline Vec3 broadcast_lane(const Vec3& a, int lane) noexcept {
  const __m512i idx = _mm512_set1_epi64(lane);
  return {_mm512_permutexvar_epi64(idx, a.l0), _mm512_permutexvar_epi64(idx, a.l1),
          _mm512_permutexvar_epi64(idx, a.l2)};
}

// Eight blocks as limbs with the 2^128 bit, in the lane order of VPUNPCKLQDQ/VPUNPCKHQDQ:
// lane j holds block kLaneBlock[j] (a permutation; the final powers follow it).
constexpr int kLaneBlock[8] = {0, 4, 1, 5, 2, 6, 3, 7};
inline Vec3 load8(const std::uint8_t* in) noexcept {
  const __m512i a = _mm512_loadu_si512(in), b = _mm512_loadu_si512(in + 64);
  const __m512i lo = _mm512_unpacklo_epi64(a, b);
  const __m512i hi = _mm512_unpackhi_epi64(a, b);
  const __m512i m44 = _mm512_set1_epi64((std::int64_t{1} << 44) - 1);
  Vec3 m;
  m.l0 = _mm512_and_si512(lo, m44);
  // (A | B) & C: truth table 0xA8.
  m.l1 = _mm512_ternarylogic_epi64(_mm512_srli_epi64(lo, 44), _mm512_slli_epi64(hi, 20), m44, 0xA8);
  m.l2 = _mm512_or_si512(_mm512_srli_epi64(hi, 24), _mm512_set1_epi64(std::int64_t{1} << 40));
  return m;
}

inline Vec3 add(const Vec3& a, const Vec3& b) noexcept {
  return {_mm512_add_epi64(a.l0, b.l0), _mm512_add_epi64(a.l1, b.l1), _mm512_add_epi64(a.l2, b.l2)};
}

// Carries lane sums (each limb below 2^49) back into the scalar bounds and stores them.
inline void store_sum(State& st, const Vec3& a, const Vec3& b) noexcept {
  std::uint64_t s[3] = {static_cast<std::uint64_t>(_mm512_reduce_add_epi64(_mm512_add_epi64(a.l0, b.l0))),
                        static_cast<std::uint64_t>(_mm512_reduce_add_epi64(_mm512_add_epi64(a.l1, b.l1))),
                        static_cast<std::uint64_t>(_mm512_reduce_add_epi64(_mm512_add_epi64(a.l2, b.l2)))};
  constexpr std::uint64_t m44 = (std::uint64_t{1} << 44) - 1, m42 = (std::uint64_t{1} << 42) - 1;
  s[1] += s[0] >> 44;
  s[0] &= m44;
  s[2] += s[1] >> 44;
  s[1] &= m44;
  s[0] += (s[2] >> 42) * 5;
  s[2] &= m42;
  s[1] += s[0] >> 44;
  s[0] &= m44;
  st.h[0] = s[0];
  st.h[1] = s[1];
  st.h[2] = s[2];
}

}  // namespace

// r^1..r^16 in four lane-wise products (lane k - 1 of p holds r^k): p = r in every lane,
// then lanes 1, 3, 5, 7 times r, lanes 2-3 and 6-7 times r^2, lanes 4-7 times r^4, and
// r^9..r^16 = p * r^8. Partially reduced (limbs below 2^44 + 2^15), which mul accepts.
void powers_ifma(State& st) noexcept {
  const Vec3 r{b64(st.r[0]), b64(st.r[1]), b64(st.r[2])};
  Vec3 p = blend(0xAA, r, mul(r, r));
  p = blend(0xCC, p, mul(p, broadcast_lane(p, 1)));
  p = blend(0xF0, p, mul(p, broadcast_lane(p, 3)));
  const Vec3 q = mul(p, broadcast_lane(p, 7));
  // pow[.][0..7] = r^16..r^9 and pow[.][8..15] = r^8..r^1: lanes reversed.
  const __m512i rev = _mm512_set_epi64(0, 1, 2, 3, 4, 5, 6, 7);
  _mm512_storeu_si512(st.pow[0], _mm512_permutexvar_epi64(rev, q.l0));
  _mm512_storeu_si512(st.pow[1], _mm512_permutexvar_epi64(rev, q.l1));
  _mm512_storeu_si512(st.pow[2], _mm512_permutexvar_epi64(rev, q.l2));
  _mm512_storeu_si512(st.pow[0] + 8, _mm512_permutexvar_epi64(rev, p.l0));
  _mm512_storeu_si512(st.pow[1] + 8, _mm512_permutexvar_epi64(rev, p.l1));
  _mm512_storeu_si512(st.pow[2] + 8, _mm512_permutexvar_epi64(rev, p.l2));
}

// Two independent accumulators (a: batches 0, 2, 4, ...; b: batches 1, 3, 5, ...) each
// stepping by r^16 hide the latency of the multiply-and-carry chain. Finally lane i of a
// multiplies by r^(16-i) and lane i of b by r^(8-i).
void blocks_ifma(State& st, const std::uint8_t* in, std::size_t nblocks) noexcept {
  // pow[.][i] = r^(16 - i) and pow[.][8 + i] = r^(8 - i), reordered to load8's lanes.
  const __m512i order = _mm512_set_epi64(kLaneBlock[7], kLaneBlock[6], kLaneBlock[5], kLaneBlock[4],
                                         kLaneBlock[3], kLaneBlock[2], kLaneBlock[1], kLaneBlock[0]);
  auto pows = [&](int offset) {
    return Vec3{_mm512_permutexvar_epi64(order, _mm512_loadu_si512(st.pow[0] + offset)),
                _mm512_permutexvar_epi64(order, _mm512_loadu_si512(st.pow[1] + offset)),
                _mm512_permutexvar_epi64(order, _mm512_loadu_si512(st.pow[2] + offset))};
  };
  const Vec3 hi_pows = pows(0), lo_pows = pows(8);
  const Vec3 h0{_mm512_maskz_mov_epi64(1, b64(st.h[0])), _mm512_maskz_mov_epi64(1, b64(st.h[1])),
                _mm512_maskz_mov_epi64(1, b64(st.h[2]))};
  const Vec3 zero{_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
  if (const std::size_t pairs = nblocks / 16; pairs >= 1) {
    const Vec3 r16{b64(st.pow[0][0]), b64(st.pow[1][0]), b64(st.pow[2][0])};
    const __m512i s1 = times20(r16.l1), s2 = times20(r16.l2);
    Vec3 a = h0, b = zero;
    for (std::size_t p = 0; p + 1 < pairs; ++p, in += 256) {
      a = mul(add(a, load8(in)), r16, s1, s2);
      b = mul(add(b, load8(in + 128)), r16, s1, s2);
    }
    a = mul(add(a, load8(in)), hi_pows, times20(hi_pows.l1), times20(hi_pows.l2));
    b = mul(add(b, load8(in + 128)), lo_pows, times20(lo_pows.l1), times20(lo_pows.l2));
    in += 256;
    store_sum(st, a, b);
    nblocks -= 16 * pairs;
  }
  if (nblocks >= 8) {
    const Vec3 h{_mm512_maskz_mov_epi64(1, b64(st.h[0])), _mm512_maskz_mov_epi64(1, b64(st.h[1])),
                 _mm512_maskz_mov_epi64(1, b64(st.h[2]))};
    store_sum(st, mul(add(h, load8(in)), lo_pows, times20(lo_pows.l1), times20(lo_pows.l2)), zero);
    in += 128;
    nblocks -= 8;
  }
  if (nblocks > 0) blocks_portable(st, in, nblocks);
}

}  // namespace tessera::poly1305

namespace tessera::poly1305::avx512 {

// IFMA when the CPU has it (the avx512 backend does not require it), else the portable kernel.
Kernels table() noexcept {
  Kernels k = portable::table();
  if (cpu::features().avx512ifma) k = Kernels{blocks_ifma, powers_ifma, "avx512ifma"};
  return k;
}

}  // namespace tessera::poly1305::avx512
