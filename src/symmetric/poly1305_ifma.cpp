// Poly1305 with AVX-512 IFMA: sixteen blocks in parallel (two zmm accumulators of eight), radix 2^44 (VPMADD52LUQ/HUQ give
// the low and high 52 bits of 52 x 52-bit products). Lane i accumulates blocks i, i+8, ...
// by Horner's rule in r^8, and the last batch multiplies lane i by r^(8-i), so the lane sum
// is the sequential result: sum_j m_j r^(n-j). Limb bounds: inputs stay below 2^52 (h
// limbs below 2^45 after adding a block, r limbs below 2^44, 20 r below 2^49).
// Compiled with the AVX-512 flags plus -mavx512ifma; called only when the CPU has IFMA.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include "symmetric/chacha20.hpp"

#include <immintrin.h>

namespace tessera::poly1305 {
namespace {

struct Vec3 {
  __m512i l0, l1, l2;
};

inline __m512i times5(__m512i x) noexcept { return _mm512_add_epi64(x, _mm512_slli_epi64(x, 2)); }

// h * r mod p lane-wise (partially reduced); s1 = 20 r1, s2 = 20 r2.
inline Vec3 mul(const Vec3& h, const Vec3& r, __m512i s1, __m512i s2) noexcept {
  const __m512i z = _mm512_setzero_si512();
  const __m512i m44 = _mm512_set1_epi64((std::int64_t{1} << 44) - 1);
  const __m512i m42 = _mm512_set1_epi64((std::int64_t{1} << 42) - 1);
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
  // The high halves weigh 2^52 = 2^44 * 2^8 relative to their limb; 2^(88+52) = 2^130 * 2^10.
  Vec3 o;
  o.l0 = _mm512_and_si512(d0l, m44);
  __m512i t1 = _mm512_add_epi64(_mm512_add_epi64(d1l, _mm512_slli_epi64(d0h, 8)), _mm512_srli_epi64(d0l, 44));
  o.l1 = _mm512_and_si512(t1, m44);
  __m512i t2 = _mm512_add_epi64(_mm512_add_epi64(d2l, _mm512_slli_epi64(d1h, 8)), _mm512_srli_epi64(t1, 44));
  o.l2 = _mm512_and_si512(t2, m42);
  const __m512i over = _mm512_add_epi64(_mm512_srli_epi64(t2, 42), _mm512_slli_epi64(d2h, 10));
  o.l0 = _mm512_add_epi64(o.l0, times5(over));
  o.l1 = _mm512_add_epi64(o.l1, _mm512_srli_epi64(o.l0, 44));
  o.l0 = _mm512_and_si512(o.l0, m44);
  return o;
}

// Eight blocks as limbs, one block per lane, with the 2^128 bit.
inline Vec3 load8(const std::uint8_t* in) noexcept {
  const __m512i a = _mm512_loadu_si512(in), b = _mm512_loadu_si512(in + 64);
  const __m512i lo = _mm512_permutex2var_epi64(a, _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0), b);
  const __m512i hi = _mm512_permutex2var_epi64(a, _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1), b);
  const __m512i m44 = _mm512_set1_epi64((std::int64_t{1} << 44) - 1);
  Vec3 m;
  m.l0 = _mm512_and_si512(lo, m44);
  m.l1 = _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(lo, 44), _mm512_slli_epi64(hi, 20)), m44);
  m.l2 = _mm512_or_si512(_mm512_srli_epi64(hi, 24), _mm512_set1_epi64(std::int64_t{1} << 40));
  return m;
}

inline Vec3 add(const Vec3& a, const Vec3& b) noexcept {
  return {_mm512_add_epi64(a.l0, b.l0), _mm512_add_epi64(a.l1, b.l1), _mm512_add_epi64(a.l2, b.l2)};
}

// Carries lane sums (each limb below 2^50) back into the scalar bounds and stores them.
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

inline __m512i b64(std::uint64_t v) noexcept { return _mm512_set1_epi64(static_cast<std::int64_t>(v)); }
inline __m512i times20(__m512i x) noexcept { return times5(_mm512_slli_epi64(x, 2)); }

}  // namespace

// Two independent accumulators (a: batches 0, 2, 4, ...; b: batches 1, 3, 5, ...) each
// stepping by r^16 hide the latency of the multiply-and-carry chain. Finally lane i of a
// multiplies by r^(16-i) and lane i of b by r^(8-i).
void blocks_ifma(State& st, const std::uint8_t* in, std::size_t nblocks) noexcept {
  const Vec3 hi_pows{_mm512_loadu_si512(st.pow[0]), _mm512_loadu_si512(st.pow[1]), _mm512_loadu_si512(st.pow[2])};
  const Vec3 lo_pows{_mm512_loadu_si512(st.pow[0] + 8), _mm512_loadu_si512(st.pow[1] + 8),
                     _mm512_loadu_si512(st.pow[2] + 8)};
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
