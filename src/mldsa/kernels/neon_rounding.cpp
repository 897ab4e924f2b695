// ML-DSA rounding kernels for aarch64 Advanced SIMD: reduce32, freeze, Power2Round,
// Decompose, MakeHint, UseHint (FIPS 204, Algorithms 35-40) and the infinity-norm check
// (Section 2.3). Each gives the portable kernel's output bit for bit (the values are those of
// the spec's functions, which have one result per input); bounds as in src/mldsa/kernels.hpp.
// Sixteen coefficients per step (LD1/ST1 of four vectors). No branch, index or loop bound
// depends on the data: constant time.
//
// Decompose (Algorithm 36) without 64-bit products. The portable kernel computes
// r1 = (x M) >> 48 with x = r + gamma2 - 1 < 2^24 and M = ceil(2^48 / (2 gamma2)) (zetas.hpp).
// M < 2^31 for both gamma2 (static_assert below), so SQDMULH(x, M) = floor(2 x M / 2^32) =
// floor(x M / 2^31) exactly (x, M >= 0: no saturation), and a shift by 17 more gives
// floor(x M / 2^48): the same integer in two instructions.
//
// Not instantiated from kernels/simd_impl.hpp with a NEON ops type: its Decompose takes the
// 64-bit products of even and odd lanes and blends them (the x86 PMULUDQ form: an odd-lane
// shuffle, two products, two shifts, a blend, where SQDMULH and SSHR do here), MakeHint and
// UseHint build on it, and its packers and rej_eta are written in AVX2 intrinsics. The
// algorithms are the same; the per-instruction forms are NEON's own.
//
// The parameter gamma2 (public) is a template argument: with gamma2 = (q - 1) / 32, m = 16 is
// a power of two and the wrap of r1 = m to 0 (and of -1 to m - 1 in UseHint) is one AND.
#include "mldsa/kernels/neon.hpp"
#include "mldsa/zetas.hpp"

#include "common/ct.hpp"

#include <arm_neon.h>

#include <cstdint>

namespace tessera::mldsa::neon {
namespace {

#define TS_INLINE [[gnu::always_inline]] inline

template <std::int32_t Gamma2>
struct Dc {
  static constexpr DecomposeConstants kC = make_decompose_constants(Gamma2);
  static_assert(kC.mul < (std::uint64_t{1} << 31), "SQDMULH needs M < 2^31");
  static constexpr std::int32_t kM = kC.m;
  static constexpr std::int32_t kMul = static_cast<std::int32_t>(kC.mul);
  static constexpr bool kPow2 = (kM & (kM - 1)) == 0;
};
constexpr std::int32_t kG88 = (kQ - 1) / 88, kG32 = (kQ - 1) / 32;
static_assert(!Dc<kG88>::kPow2 && Dc<kG88>::kM == 44 && Dc<kG32>::kPow2 && Dc<kG32>::kM == 16);

TS_INLINE int32x4_t s32(uint32x4_t m) noexcept { return vreinterpretq_s32_u32(m); }

// floor((r + gamma2 - 1) / (2 gamma2)) in [0, m] for r in [0, q) (before the corner case).
template <std::int32_t G2>
TS_INLINE int32x4_t high_raw(int32x4_t r) noexcept {
  const int32x4_t x = vaddq_s32(r, vdupq_n_s32(G2 - 1));
  return vshrq_n_s32(vqdmulhq_s32(x, vdupq_n_s32(Dc<G2>::kMul)), 17);
}
// Step 3's corner case on r1 alone: m -> 0 (a1 in [0, m]). For m = 16 also -1 -> 15.
template <std::int32_t G2>
TS_INLINE int32x4_t wrap_m(int32x4_t a1) noexcept {
  if constexpr (Dc<G2>::kPow2) {
    return vandq_s32(a1, vdupq_n_s32(Dc<G2>::kM - 1));
  } else {
    return vbicq_s32(a1, s32(vceqq_s32(a1, vdupq_n_s32(Dc<G2>::kM))));
  }
}
// FIPS 204, Algorithm 36 (Decompose) on four coefficients in [0, q): r1 in [0, m),
// r0 = r - a1 2 gamma2 in [-gamma2, gamma2], minus 1 in the corner case a1 = m (steps 3-5).
template <std::int32_t G2>
TS_INLINE void decompose4(int32x4_t r, int32x4_t& r1, int32x4_t& r0) noexcept {
  const int32x4_t a1 = high_raw<G2>(r);
  const int32x4_t corner = s32(vceqq_s32(a1, vdupq_n_s32(Dc<G2>::kM)));  // -1 where a1 = m
  r0 = vaddq_s32(vmlsq_s32(r, a1, vdupq_n_s32(2 * G2)), corner);
  r1 = Dc<G2>::kPow2 ? vandq_s32(a1, vdupq_n_s32(Dc<G2>::kM - 1)) : vbicq_s32(a1, corner);
}

// reduce32: t = (a + 2^22) >> 23 is SRSHR #23 (the rounding shift adds 2^22 without
// overflow), then a - t q.
TS_INLINE int32x4_t reduce4(int32x4_t a) noexcept { return vmlsq_s32(a, vrshrq_n_s32(a, 23), vdupq_n_s32(kQ)); }

// p[i] = f(p[i]) on every coefficient, 16 per LD1/ST1 of four vectors.
template <class F>
TS_INLINE void map_in_place(Poly& p, F f) noexcept {
  for (int j = 0; j < kN; j += 16) {
    int32x4x4_t v = vld1q_s32_x4(p.coeffs + j);
    v.val[0] = f(v.val[0]);
    v.val[1] = f(v.val[1]);
    v.val[2] = f(v.val[2]);
    v.val[3] = f(v.val[3]);
    vst1q_s32_x4(p.coeffs + j, v);
  }
}

void reduce_neon(Poly& p) noexcept { map_in_place(p, [](int32x4_t a) { return reduce4(a); }); }

// caddq(reduce32(a)): r - (r >> 31) q adds q exactly where r < 0.
TS_INLINE int32x4_t freeze4(int32x4_t a) noexcept {
  const int32x4_t r = reduce4(a);
  return vmlsq_s32(r, vshrq_n_s32(r, 31), vdupq_n_s32(kQ));
}

void freeze_neon(Poly& p) noexcept { map_in_place(p, [](int32x4_t a) { return freeze4(a); }); }

// FIPS 204, Algorithm 35 (Power2Round): r1 = (r + 2^12 - 1) >> 13 = SRSHR #13 of r - 1,
// r0 = r - r1 2^13.
void power2round_neon(Poly& t1, Poly& t0, const Poly& t) noexcept {
  const int32x4_t one = vdupq_n_s32(1), d = vdupq_n_s32(1 << kD);
  for (int j = 0; j < kN; j += 16) {
    const int32x4x4_t r = vld1q_s32_x4(t.coeffs + j);
    int32x4x4_t h, l;
    for (int i = 0; i < 4; ++i) {
      h.val[i] = vrshrq_n_s32(vsubq_s32(r.val[i], one), kD);
      l.val[i] = vmlsq_s32(r.val[i], h.val[i], d);
    }
    vst1q_s32_x4(t1.coeffs + j, h);
    vst1q_s32_x4(t0.coeffs + j, l);
  }
}

template <std::int32_t G2>
void decompose_neon(Poly& r1, Poly& r0, const Poly& r) noexcept {
  for (int j = 0; j < kN; j += 16) {
    const int32x4x4_t x = vld1q_s32_x4(r.coeffs + j);
    int32x4x4_t h, l;
    for (int i = 0; i < 4; ++i) decompose4<G2>(x.val[i], h.val[i], l.val[i]);
    vst1q_s32_x4(r1.coeffs + j, h);
    vst1q_s32_x4(r0.coeffs + j, l);
  }
}
void decompose_dispatch(Poly& r1, Poly& r0, const Poly& r, std::int32_t gamma2) noexcept {
  if (gamma2 == kG88) decompose_neon<kG88>(r1, r0, r);  // public parameter
  else decompose_neon<kG32>(r1, r0, r);
}

// FIPS 204, Algorithm 39 (MakeHint) with r + z given reduced: h = [HighBits(r) !=
// HighBits(r + z)], as 1 + (all-ones where equal). r0 is not needed. The count is summed
// in the lanes and added across once (ADDV); the caller declassifies it.
template <std::int32_t G2>
unsigned make_hint_neon(Poly& h, const Poly& r, const Poly& r_plus_z) noexcept {
  const int32x4_t one = vdupq_n_s32(1);
  int32x4_t count = vdupq_n_s32(0);
  for (int j = 0; j < kN; j += 16) {
    const int32x4x4_t a = vld1q_s32_x4(r.coeffs + j), b = vld1q_s32_x4(r_plus_z.coeffs + j);
    int32x4x4_t bits;
    for (int i = 0; i < 4; ++i) {
      const int32x4_t r1 = wrap_m<G2>(high_raw<G2>(a.val[i])), v1 = wrap_m<G2>(high_raw<G2>(b.val[i]));
      bits.val[i] = vaddq_s32(s32(vceqq_s32(r1, v1)), one);
      count = vaddq_s32(count, bits.val[i]);
    }
    vst1q_s32_x4(h.coeffs + j, bits);
  }
  return static_cast<unsigned>(vaddvq_s32(count));
}
unsigned make_hint_dispatch(Poly& h, const Poly& r, const Poly& r_plus_z, std::int32_t gamma2) noexcept {
  return gamma2 == kG88 ? make_hint_neon<kG88>(h, r, r_plus_z) : make_hint_neon<kG32>(h, r, r_plus_z);
}

// FIPS 204, Algorithm 40 (UseHint). Steps 3-4: r1 + h * (+1 if r0 > 0 else -1) by one MLA
// (h in {0, 1}), then -1 -> m - 1 and m -> 0 (mod m).
template <std::int32_t G2>
void use_hint_neon(Poly& out, const Poly& r, const Poly& h) noexcept {
  const int32x4_t plus = vdupq_n_s32(1), minus = vdupq_n_s32(-1), m = vdupq_n_s32(Dc<G2>::kM);
  for (int j = 0; j < kN; j += 16) {
    const int32x4x4_t x = vld1q_s32_x4(r.coeffs + j), hv = vld1q_s32_x4(h.coeffs + j);
    int32x4x4_t o;
    for (int i = 0; i < 4; ++i) {
      int32x4_t r1, r0;
      decompose4<G2>(x.val[i], r1, r0);
      const int32x4_t sign = vbslq_s32(vcgtzq_s32(r0), plus, minus);
      int32x4_t v = vmlaq_s32(r1, hv.val[i], sign);  // in [-1, m]
      if constexpr (Dc<G2>::kPow2) {
        v = wrap_m<G2>(v);
      } else {
        v = vmlsq_s32(v, vshrq_n_s32(v, 31), m);  // -1 -> m - 1
        v = wrap_m<G2>(v);                         // m -> 0
      }
      o.val[i] = v;
    }
    vst1q_s32_x4(out.coeffs + j, o);
  }
}
void use_hint_dispatch(Poly& out, const Poly& r, const Poly& h, std::int32_t gamma2) noexcept {
  if (gamma2 == kG88) use_hint_neon<kG88>(out, r, h);
  else use_hint_neon<kG32>(out, r, h);
}

// Infinity norm (Section 2.3): the largest |a_i| (ABS; exact for |a_i| < 2^31) over the
// polynomial, by lane-wise maxima and one SMAXV, compared with the bound once, without a
// branch: all-ones iff max >= bound, as the portable kernel's OR of per-coefficient signs.
std::uint32_t norm_exceeds_neon(const Poly& a, std::int32_t bound) noexcept {
  int32x4_t m0 = vdupq_n_s32(0), m1 = m0, m2 = m0, m3 = m0;
  for (int j = 0; j < kN; j += 16) {
    const int32x4x4_t x = vld1q_s32_x4(a.coeffs + j);
    m0 = vmaxq_s32(m0, vabsq_s32(x.val[0]));
    m1 = vmaxq_s32(m1, vabsq_s32(x.val[1]));
    m2 = vmaxq_s32(m2, vabsq_s32(x.val[2]));
    m3 = vmaxq_s32(m3, vabsq_s32(x.val[3]));
  }
  const std::int32_t mx = vmaxvq_s32(vmaxq_s32(vmaxq_s32(m0, m1), vmaxq_s32(m2, m3)));
  return ct::mask_from_bit(static_cast<std::uint32_t>(bound - 1 - mx) >> 31);  // 1 iff mx >= bound
}

#undef TS_INLINE

}  // namespace

void install_rounding(Kernels& k) noexcept {
  k.reduce = reduce_neon;
  k.freeze = freeze_neon;
  k.power2round = power2round_neon;
  k.decompose = decompose_dispatch;
  k.make_hint = make_hint_dispatch;
  k.use_hint = use_hint_dispatch;
  k.norm_exceeds = norm_exceeds_neon;
}

}  // namespace tessera::mldsa::neon
