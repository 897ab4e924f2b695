// ML-DSA NEON kernels for aarch64 (Advanced SIMD, part of the base architecture): the NTT,
// its inverse and the two NTT-domain products (FIPS 204, Algorithms 41-42 and the
// Montgomery products of Section 7.6). table() also installs the rounding kernels
// (kernels/neon_rounding.cpp), the packers (kernels/neon_packing.cpp) and the
// rejection-sampling loops (kernels/neon_sampling.cpp): no entry of the table is left
// portable. Each kernel gives the same output as its portable twin, bit for bit
// (tests/equivalence/mldsa_kernels_test.cpp), with the bounds of src/mldsa/kernels.hpp. No
// branch, index or loop bound depends on the data: constant time.
//
// Montgomery multiplication a z 2^-32 with zq = z q^-1 mod 2^32 (mont_mul_pre in
// portable.cpp) in four instructions (SQDMULH, MUL, SQDMULH, SHSUB): with t = lo32(a zq),
// a z and t q agree in their low 32 bits, so SQDMULH(a, z) = floor(2 a z / 2^32) and
// SQDMULH(t, q) = floor(2 t q / 2^32) differ by exactly 2 (a z - t q) / 2^32, and SHSUB
// halves that exactly. SQDMULH saturates only when both operands are -2^31; the second
// operand here (a zeta, a factor below q, q itself, or a coefficient below 9q) never is.
#include "mldsa/kernels/neon.hpp"
#include "mldsa/zetas.hpp"

#include <arm_neon.h>

#include <cstddef>

namespace tessera::mldsa::neon {
namespace {

[[gnu::always_inline]] inline int32x4_t mont_mul(int32x4_t a, int32x4_t z, int32x4_t zq) noexcept {
  const int32x4_t hi = vqdmulhq_s32(a, z);
  const int32x4_t t = vmulq_s32(a, zq);
  const int32x4_t th = vqdmulhq_s32(t, vdupq_n_s32(kQ));
  return vhsubq_s32(hi, th);
}

// Cooley-Tukey butterfly (ntt_portable): t = z hi; (lo, hi) = (lo + t, lo - t).
[[gnu::always_inline]] inline void ct(int32x4_t& lo, int32x4_t& hi, int32x4_t z, int32x4_t zq) noexcept {
  const int32x4_t t = mont_mul(hi, z, zq);
  hi = vsubq_s32(lo, t);
  lo = vaddq_s32(lo, t);
}

// Gentleman-Sande butterfly (invntt_tomont_portable, zetas negated): (lo + hi, z (lo - hi)).
[[gnu::always_inline]] inline void gs(int32x4_t& lo, int32x4_t& hi, int32x4_t z, int32x4_t zq) noexcept {
  const int32x4_t a = lo;
  lo = vaddq_s32(a, hi);
  hi = mont_mul(vsubq_s32(a, hi), z, zq);
}

// Zeta m (forward: kZetasMont[m]; inverse: -kZetasMont[m]) broadcast, with its q^-1 multiple.
template <bool Inverse>
[[gnu::always_inline]] inline int32x4_t zeta(std::size_t m) noexcept {
  return vdupq_n_s32(Inverse ? -kZetasMont[m] : kZetasMont[m]);
}
template <bool Inverse>
[[gnu::always_inline]] inline int32x4_t zeta_q(std::size_t m) noexcept {
  return vdupq_n_s32(qinv_mul(Inverse ? -kZetasMont[m] : kZetasMont[m]));
}

// The transforms run in two passes with every value in registers:
//   columns: the 16 vectors at coefficients 4 c + 16 j (j = 0..15) for c = 0..3 carry the
//            layers len = 128, 64, 32, 16: j pairs with j + len / 16, in block
//            s = j / (len / 8) (Algorithm 41: zeta index m = 128 / len + s; Algorithm 42
//            counts down: m = 256 / len - 1 - s);
//   chunks:  the 16 coefficients 16 c .. 16 c + 15 (vectors w0..w3) carry len = 8, 4, 2, 1:
//            len 8 pairs (w0, w2) and (w1, w3), len 4 pairs (w0, w1) and (w2, w3); for len 2
//            and 1 a pair of vectors x, y (8 coefficients, 4-blocks b and b + 1) is split by
//            TRN1/TRN2 on 64-bit units into (0,1,4,5) against (2,3,6,7) and then by UZP1/UZP2
//            into (0,2,4,6) against (1,3,5,7).
// Per-lane zetas of len 2 and 1 for each of the 32 vector pairs (4-blocks 2 p and 2 p + 1):
//   len 2: lanes (0,1) block 2p, (2,3) block 2p + 1: m = 64 + block (inverse 127 - block);
//   len 1: lane i pairs coefficients 2i and 2i + 1 of the 8: m = 128 + 4 p + i (inverse 255 - that).
struct PairZetas {
  std::int32_t z2[32][4], z2q[32][4], z1[32][4], z1q[32][4];
};
constexpr PairZetas make_pair_zetas(bool inverse) noexcept {
  PairZetas t{};
  for (int p = 0; p < 32; ++p)
    for (int i = 0; i < 4; ++i) {
      const int m2 = inverse ? 127 - (2 * p + i / 2) : 64 + 2 * p + i / 2;
      const int m1 = inverse ? 255 - (4 * p + i) : 128 + 4 * p + i;
      const std::int32_t z2 = kZetasMont[static_cast<std::size_t>(m2)];
      const std::int32_t z1 = kZetasMont[static_cast<std::size_t>(m1)];
      t.z2[p][i] = inverse ? -z2 : z2;
      t.z1[p][i] = inverse ? -z1 : z1;
      t.z2q[p][i] = qinv_mul(t.z2[p][i]);
      t.z1q[p][i] = qinv_mul(t.z1[p][i]);
    }
  return t;
}
alignas(16) constexpr PairZetas kForwardPairs = make_pair_zetas(false);
alignas(16) constexpr PairZetas kInversePairs = make_pair_zetas(true);

[[gnu::always_inline]] inline int32x4_t trn1_64(int32x4_t x, int32x4_t y) noexcept {
  return vreinterpretq_s32_s64(vtrn1q_s64(vreinterpretq_s64_s32(x), vreinterpretq_s64_s32(y)));
}
[[gnu::always_inline]] inline int32x4_t trn2_64(int32x4_t x, int32x4_t y) noexcept {
  return vreinterpretq_s32_s64(vtrn2q_s64(vreinterpretq_s64_s32(x), vreinterpretq_s64_s32(y)));
}

// One column layer (Layer 0: len 128 ... 3: len 16) on r[j] = coefficients 4 c + 16 j.
template <bool Inverse, int Layer>
[[gnu::always_inline]] inline void column_layer(int32x4_t r[16]) noexcept {
  constexpr int d = 8 >> Layer;  // j distance len / 16
  constexpr int len = 128 >> Layer;
#pragma GCC unroll 16
  for (int j = 0; j < 16; ++j) {
    if (j & d) continue;  // j is the high half of a pair
    const int s = j / (2 * d);
    const auto m = static_cast<std::size_t>(Inverse ? 256 / len - 1 - s : 128 / len + s);
    if constexpr (Inverse) {
      gs(r[j], r[j + d], zeta<true>(m), zeta_q<true>(m));
    } else {
      ct(r[j], r[j + d], zeta<false>(m), zeta_q<false>(m));
    }
  }
}

[[gnu::always_inline]] inline void load_column(int32x4_t r[16], const std::int32_t* w, unsigned c) noexcept {
#pragma GCC unroll 16
  for (unsigned j = 0; j < 16; ++j) r[j] = vld1q_s32(w + 4 * c + 16 * j);
}
[[gnu::always_inline]] inline void store_column(std::int32_t* w, unsigned c, const int32x4_t r[16]) noexcept {
#pragma GCC unroll 16
  for (unsigned j = 0; j < 16; ++j) vst1q_s32(w + 4 * c + 16 * j, r[j]);
}

// len 2 and 1 on the vector pair p (x: 4-block 2p, y: 4-block 2p + 1).
[[gnu::always_inline]] inline void forward_pair(int32x4_t& x, int32x4_t& y, unsigned p) noexcept {
  const PairZetas& z = kForwardPairs;
  int32x4_t lo = trn1_64(x, y), hi = trn2_64(x, y);
  ct(lo, hi, vld1q_s32(z.z2[p]), vld1q_s32(z.z2q[p]));  // len 2
  x = trn1_64(lo, hi);
  y = trn2_64(lo, hi);
  lo = vuzp1q_s32(x, y);
  hi = vuzp2q_s32(x, y);
  ct(lo, hi, vld1q_s32(z.z1[p]), vld1q_s32(z.z1q[p]));  // len 1
  x = vzip1q_s32(lo, hi);
  y = vzip2q_s32(lo, hi);
}
[[gnu::always_inline]] inline void inverse_pair(int32x4_t& x, int32x4_t& y, unsigned p) noexcept {
  const PairZetas& z = kInversePairs;
  int32x4_t lo = vuzp1q_s32(x, y), hi = vuzp2q_s32(x, y);
  gs(lo, hi, vld1q_s32(z.z1[p]), vld1q_s32(z.z1q[p]));  // len 1
  x = vzip1q_s32(lo, hi);
  y = vzip2q_s32(lo, hi);
  lo = trn1_64(x, y);
  hi = trn2_64(x, y);
  gs(lo, hi, vld1q_s32(z.z2[p]), vld1q_s32(z.z2q[p]));  // len 2
  x = trn1_64(lo, hi);
  y = trn2_64(lo, hi);
}

// FIPS 204, Algorithm 41: in any < q, out any < 9q (each layer adds less than q).
void ntt(Poly& a) noexcept {
  std::int32_t* w = a.coeffs;
  for (unsigned c = 0; c < 4; ++c) {
    int32x4_t r[16];
    load_column(r, w, c);
    column_layer<false, 0>(r);
    column_layer<false, 1>(r);
    column_layer<false, 2>(r);
    column_layer<false, 3>(r);
    store_column(w, c, r);
  }
  for (unsigned c = 0; c < 16; ++c) {
    std::int32_t* x = w + 16 * c;
    int32x4_t w0 = vld1q_s32(x), w1 = vld1q_s32(x + 4), w2 = vld1q_s32(x + 8), w3 = vld1q_s32(x + 12);
    const std::size_t m8 = 16 + c, m4 = 32 + 2 * c;
    ct(w0, w2, zeta<false>(m8), zeta_q<false>(m8));  // len 8
    ct(w1, w3, zeta<false>(m8), zeta_q<false>(m8));
    ct(w0, w1, zeta<false>(m4), zeta_q<false>(m4));  // len 4
    ct(w2, w3, zeta<false>(m4 + 1), zeta_q<false>(m4 + 1));
    forward_pair(w0, w1, 2 * c);
    forward_pair(w2, w3, 2 * c + 1);
    vst1q_s32(x, w0);
    vst1q_s32(x + 4, w1);
    vst1q_s32(x + 8, w2);
    vst1q_s32(x + 12, w3);
  }
}

// FIPS 204, Algorithm 42 times 2^32 (invntt_tomont_portable): in any < q, out any < q. Sums
// are not reduced (below 256 q < 2^31); the last layer multiplies the sum by kInvNttFactor
// and the difference by kInvNttLastZeta (step 21 folded in).
void invntt_tomont(Poly& a) noexcept {
  std::int32_t* w = a.coeffs;
  for (unsigned c = 0; c < 16; ++c) {
    std::int32_t* x = w + 16 * c;
    int32x4_t w0 = vld1q_s32(x), w1 = vld1q_s32(x + 4), w2 = vld1q_s32(x + 8), w3 = vld1q_s32(x + 12);
    inverse_pair(w0, w1, 2 * c);
    inverse_pair(w2, w3, 2 * c + 1);
    const std::size_t m4 = 63 - 2 * c, m8 = 31 - c;  // len 4: 4-blocks 2c, 2c + 1; len 8: 16-block c
    gs(w0, w1, zeta<true>(m4), zeta_q<true>(m4));
    gs(w2, w3, zeta<true>(m4 - 1), zeta_q<true>(m4 - 1));
    gs(w0, w2, zeta<true>(m8), zeta_q<true>(m8));
    gs(w1, w3, zeta<true>(m8), zeta_q<true>(m8));
    vst1q_s32(x, w0);
    vst1q_s32(x + 4, w1);
    vst1q_s32(x + 8, w2);
    vst1q_s32(x + 12, w3);
  }
  const int32x4_t f = vdupq_n_s32(kInvNttFactor), fq = vdupq_n_s32(qinv_mul(kInvNttFactor));
  const int32x4_t zf = vdupq_n_s32(kInvNttLastZeta), zfq = vdupq_n_s32(qinv_mul(kInvNttLastZeta));
  for (unsigned c = 0; c < 4; ++c) {
    int32x4_t r[16];
    load_column(r, w, c);
    column_layer<true, 3>(r);
    column_layer<true, 2>(r);
    column_layer<true, 1>(r);
#pragma GCC unroll 8
    for (int j = 0; j < 8; ++j) {  // len 128
      const int32x4_t s = vaddq_s32(r[j], r[j + 8]), d = vsubq_s32(r[j], r[j + 8]);
      r[j] = mont_mul(s, f, fq);
      r[j + 8] = mont_mul(d, zf, zfq);
    }
    store_column(w, c, r);
  }
}

// Montgomery reduction of two 64-bit sums (montgomery_reduce): t = lo32(acc q^-1),
// (acc - t q) >> 32, exact.
[[gnu::always_inline]] inline int32x2_t montgomery_reduce(int64x2_t acc) noexcept {
  const int32x2_t t = vmul_s32(vmovn_s64(acc), vdup_n_s32(kQInv));
  return vshrn_n_s64(vmlsl_s32(acc, t, vdup_n_s32(kQ)), 32);
}

// sum_{i<n} a_i o b_i * 2^-32 in 64 bits, reduced once (|sum| < 72 q^2 < 2^53: kernels.hpp).
void pointwise_acc(Poly& out, const Poly* a, const Poly* b, int n) noexcept {
  for (int j = 0; j < kN; j += 4) {
    int64x2_t lo = vdupq_n_s64(0), hi = lo;
    for (int i = 0; i < n; ++i) {
      const int32x4_t x = vld1q_s32(a[i].coeffs + j), y = vld1q_s32(b[i].coeffs + j);
      lo = vmlal_s32(lo, vget_low_s32(x), vget_low_s32(y));
      hi = vmlal_high_s32(hi, x, y);
    }
    vst1q_s32(out.coeffs + j, vcombine_s32(montgomery_reduce(lo), montgomery_reduce(hi)));
  }
}

// a o b * 2^-32 (mont_mul_pre with b's q^-1 multiple computed here); out may alias a or b.
void pointwise(Poly& out, const Poly& a, const Poly& b) noexcept {
  const int32x4_t qinv = vdupq_n_s32(kQInv);
  for (int j = 0; j < kN; j += 4) {
    const int32x4_t y = vld1q_s32(b.coeffs + j);
    vst1q_s32(out.coeffs + j, mont_mul(vld1q_s32(a.coeffs + j), y, vmulq_s32(y, qinv)));
  }
}

}  // namespace

// The portable table with the arithmetic above, the rounding kernels, the packers and the
// sampling loops: every entry is replaced (mldsa_kernels_test's NeonTableReplacesEveryKernel).
Kernels table() noexcept {
  Kernels k = portable::table();
  k.ntt = ntt;
  k.invntt_tomont = invntt_tomont;
  k.pointwise_acc = pointwise_acc;
  k.pointwise = pointwise;
  install_rounding(k);
  install_packing(k);
  install_sampling(k);
  return k;
}

}  // namespace tessera::mldsa::neon
