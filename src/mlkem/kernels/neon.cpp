// ML-KEM NEON kernels for aarch64 (Advanced SIMD, part of the base architecture): the NTT,
// its inverse, the multiplication cache, the NTT-domain inner product and the two
// whole-polynomial reductions (FIPS 203, Algorithms 9-12). Its table() also takes the
// sampling (neon_sample.cpp) and compression/encoding (neon_compress.cpp) kernels. Each
// kernel gives the same output as its portable twin, bit for bit
// (tests/equivalence/mlkem_kernels_test.cpp), with the bounds of src/mlkem/kernels.hpp. No
// branch, index or loop bound depends on the data: constant time.
//
// Montgomery multiplication by a constant z (mul_const in kernels/portable.cpp) in four
// instructions (SQDMULH, MUL, SQDMULH, SHSUB): with t = lo16(a * z q^-1), a z and t q agree in their low 16 bits, so
// SQDMULH(a, z) = floor(2 a z / 2^16) and SQDMULH(t, q) = floor(2 t q / 2^16) differ by
// exactly 2 (a z - t q) / 2^16, and SHSUB halves that exactly. SQDMULH saturates only when
// both operands are -2^15; its second operand here (a zeta or factor below q, q itself, or
// Barrett's 20159) never is.
#include "common/secret.hpp"
#include "mlkem/field.hpp"
#include "mlkem/kernels.hpp"

#include <arm_neon.h>

#include <cstddef>

namespace tessera::mlkem::neon {
namespace {

using field::kZetas;
using field::kZetasQinv;

// a * z * R^-1 mod q, |r| < q (mul_const / fqmul of the portable kernels, bit for bit).
[[gnu::always_inline]] inline int16x8_t mul_const(int16x8_t a, int16x8_t z, int16x8_t zq) noexcept {
  const int16x8_t hi = vqdmulhq_s16(a, z);
  const int16x8_t t = vmulq_s16(a, zq);
  const int16x8_t th = vqdmulhq_s16(t, vdupq_n_s16(kQ));
  return vhsubq_s16(hi, th);
}

// field::barrett_reduce: a - round(a * 20159 / 2^26) * q, centred. SQDMULH by 20159 is
// floor(20159 a / 2^15); the rounding shift by 11 then gives floor((20159 a + 2^25) / 2^26)
// (floor(floor(x) / m) = floor(x / m)); the product and difference wrap in 16 bits as the
// portable int32 arithmetic does after its cast.
[[gnu::always_inline]] inline int16x8_t barrett_reduce(int16x8_t a) noexcept {
  const int16x8_t t = vrshrq_n_s16(vqdmulhq_n_s16(a, field::kBarrettV), 11);
  return vmlsq_s16(a, t, vdupq_n_s16(kQ));
}

// Cooley-Tukey butterfly: t = z * hi; (lo, hi) = (lo + t, lo - t).
[[gnu::always_inline]] inline void ct(int16x8_t& lo, int16x8_t& hi, int16x8_t z, int16x8_t zq) noexcept {
  const int16x8_t t = mul_const(hi, z, zq);
  hi = vsubq_s16(lo, t);
  lo = vaddq_s16(lo, t);
}

// Gentleman-Sande butterfly: (lo, hi) = (barrett(lo + hi), z * (hi - lo)).
[[gnu::always_inline]] inline void gs(int16x8_t& lo, int16x8_t& hi, int16x8_t z, int16x8_t zq) noexcept {
  const int16x8_t t = lo;
  lo = barrett_reduce(vaddq_s16(t, hi));
  hi = mul_const(vsubq_s16(hi, t), z, zq);
}

// The transforms run in two passes with every value in registers (32 vector registers hold
// 16 polynomial vectors and the constants):
//   columns: the 16 vectors a[o + 16 m], m = 0..15, for o = 0 and 8, carry the layers of
//            distance len = 128, 64, 32, 16 (vector m pairs with m + len / 16); in such a
//            layer, m belongs to block s = m / (len / 8) (Algorithm 9: zeta 128 / len + s);
//   chunks:  the 16 coefficients 16 c .. 16 c + 15 (two vectors) carry len = 8, 4 and 2.
//            len 8 pairs the two vectors (block c); TRN1/TRN2 on 64-bit units put
//            coefficients 0-3 and 8-11 against 4-7 and 12-15 (len 4: lanes 0-3 block 2c,
//            lanes 4-7 block 2c + 1); UZP1/UZP2 on 32-bit units put the pairs (0,1) (4,5)
//            (8,9) (12,13) against (2,3) (6,7) (10,11) (14,15) (len 2: lane pairs are the
//            4-groups (2c, 0) (2c, 1) (2c + 1, 0) (2c + 1, 1)).
// Forward zeta indices (Algorithm 9): len 8 chunk c: 16 + c; len 4 block b: 32 + b; len 2
// block b group g: 64 + 2b + g. Inverse (Algorithm 10, counting down): 31 - c, 63 - b and
// 127 - (2b + g); in the columns 256 / len - 1 - s.
struct LowZetas {
  std::int16_t z4[16][8], z4q[16][8], z2[16][8], z2q[16][8];
};
constexpr LowZetas make_low_zetas(bool inverse) noexcept {
  LowZetas t{};
  for (int c = 0; c < 16; ++c)
    for (int lane = 0; lane < 8; ++lane) {
      const int b4 = 2 * c + lane / 4;
      const int k4 = inverse ? 63 - b4 : 32 + b4;
      const int g2 = 4 * c + lane / 2;  // 2 b + g
      const int k2 = inverse ? 127 - g2 : 64 + g2;
      t.z4[c][lane] = kZetas[static_cast<std::size_t>(k4)];
      t.z4q[c][lane] = kZetasQinv[static_cast<std::size_t>(k4)];
      t.z2[c][lane] = kZetas[static_cast<std::size_t>(k2)];
      t.z2q[c][lane] = kZetasQinv[static_cast<std::size_t>(k2)];
    }
  return t;
}
alignas(16) constexpr LowZetas kForwardLow = make_low_zetas(false);
alignas(16) constexpr LowZetas kInverseLow = make_low_zetas(true);

[[gnu::always_inline]] inline int16x8_t dup_zeta(std::size_t k) noexcept { return vdupq_n_s16(kZetas[k]); }
[[gnu::always_inline]] inline int16x8_t dup_zeta_q(std::size_t k) noexcept { return vdupq_n_s16(kZetasQinv[k]); }

// 64-bit and 32-bit unit transposes of two vectors (see above).
[[gnu::always_inline]] inline int16x8_t trn1_64(int16x8_t x, int16x8_t y) noexcept {
  return vreinterpretq_s16_s64(vtrn1q_s64(vreinterpretq_s64_s16(x), vreinterpretq_s64_s16(y)));
}
[[gnu::always_inline]] inline int16x8_t trn2_64(int16x8_t x, int16x8_t y) noexcept {
  return vreinterpretq_s16_s64(vtrn2q_s64(vreinterpretq_s64_s16(x), vreinterpretq_s64_s16(y)));
}
[[gnu::always_inline]] inline int16x8_t uzp1_32(int16x8_t x, int16x8_t y) noexcept {
  return vreinterpretq_s16_s32(vuzp1q_s32(vreinterpretq_s32_s16(x), vreinterpretq_s32_s16(y)));
}
[[gnu::always_inline]] inline int16x8_t uzp2_32(int16x8_t x, int16x8_t y) noexcept {
  return vreinterpretq_s16_s32(vuzp2q_s32(vreinterpretq_s32_s16(x), vreinterpretq_s32_s16(y)));
}
[[gnu::always_inline]] inline int16x8_t zip1_32(int16x8_t x, int16x8_t y) noexcept {
  return vreinterpretq_s16_s32(vzip1q_s32(vreinterpretq_s32_s16(x), vreinterpretq_s32_s16(y)));
}
[[gnu::always_inline]] inline int16x8_t zip2_32(int16x8_t x, int16x8_t y) noexcept {
  return vreinterpretq_s16_s32(vzip2q_s32(vreinterpretq_s32_s16(x), vreinterpretq_s32_s16(y)));
}

// One column layer (Layer 0: len 128 ... 3: len 16) on r[m] = a[o + 16 m]; everything but
// the data is a compile-time constant.
template <bool Inverse, int Layer>
[[gnu::always_inline]] inline void column_layer(int16x8_t r[16]) noexcept {
  constexpr int d = 8 >> Layer;  // vector distance len / 16
  constexpr int len = 128 >> Layer;
#pragma GCC unroll 16
  for (int m = 0; m < 16; ++m) {
    if (m & d) continue;  // m is the high half of a pair
    const int s = m / (2 * d);
    const auto k = static_cast<std::size_t>(Inverse ? 256 / len - 1 - s : 128 / len + s);
    if constexpr (Inverse) {
      gs(r[m], r[m + d], dup_zeta(k), dup_zeta_q(k));
    } else {
      ct(r[m], r[m + d], dup_zeta(k), dup_zeta_q(k));
    }
  }
}
template <bool Inverse>
[[gnu::always_inline]] inline void column_layers(int16x8_t r[16]) noexcept {
  if constexpr (Inverse) {
    column_layer<true, 3>(r);
    column_layer<true, 2>(r);
    column_layer<true, 1>(r);
    column_layer<true, 0>(r);
  } else {
    column_layer<false, 0>(r);
    column_layer<false, 1>(r);
    column_layer<false, 2>(r);
    column_layer<false, 3>(r);
  }
}

[[gnu::always_inline]] inline void load_column(int16x8_t r[16], const std::int16_t* a, unsigned o) noexcept {
#pragma GCC unroll 16
  for (unsigned m = 0; m < 16; ++m) r[m] = vld1q_s16(a + o + 16 * m);
}
[[gnu::always_inline]] inline void store_column(std::int16_t* a, unsigned o, const int16x8_t r[16]) noexcept {
#pragma GCC unroll 16
  for (unsigned m = 0; m < 16; ++m) vst1q_s16(a + o + 16 * m, r[m]);
}

// The chunk layers (len 8, 4, 2) on coefficients 16 c .. 16 c + 15.
[[gnu::always_inline]] inline void forward_chunk(std::int16_t* p, unsigned c) noexcept {
  const LowZetas& z = kForwardLow;
  int16x8_t v0 = vld1q_s16(p), v1 = vld1q_s16(p + 8);
  ct(v0, v1, dup_zeta(16 + c), dup_zeta_q(16 + c));  // len 8
  int16x8_t lo = trn1_64(v0, v1), hi = trn2_64(v0, v1);
  ct(lo, hi, vld1q_s16(z.z4[c]), vld1q_s16(z.z4q[c]));  // len 4
  v0 = trn1_64(lo, hi);
  v1 = trn2_64(lo, hi);
  lo = uzp1_32(v0, v1);
  hi = uzp2_32(v0, v1);
  ct(lo, hi, vld1q_s16(z.z2[c]), vld1q_s16(z.z2q[c]));  // len 2
  vst1q_s16(p, zip1_32(lo, hi));
  vst1q_s16(p + 8, zip2_32(lo, hi));
}

[[gnu::always_inline]] inline void inverse_chunk(std::int16_t* p, unsigned c) noexcept {
  const LowZetas& z = kInverseLow;
  int16x8_t v0 = vld1q_s16(p), v1 = vld1q_s16(p + 8);
  int16x8_t lo = uzp1_32(v0, v1), hi = uzp2_32(v0, v1);
  gs(lo, hi, vld1q_s16(z.z2[c]), vld1q_s16(z.z2q[c]));  // len 2
  v0 = zip1_32(lo, hi);
  v1 = zip2_32(lo, hi);
  lo = trn1_64(v0, v1);
  hi = trn2_64(v0, v1);
  gs(lo, hi, vld1q_s16(z.z4[c]), vld1q_s16(z.z4q[c]));  // len 4
  v0 = trn1_64(lo, hi);
  v1 = trn2_64(lo, hi);
  gs(v0, v1, dup_zeta(31 - c), dup_zeta_q(31 - c));  // len 8
  vst1q_s16(p, v0);
  vst1q_s16(p + 8, v1);
}

// The transforms work in place on the caller's polynomial; a spill, if the compiler makes
// one, sits in the kernel's own frame, which the public entry wipes (as the portable
// kernels do; tests/unit/zeroize_mlkem_test.cpp).
constexpr std::size_t kFrameBytes = 256;

[[gnu::noinline]] void ntt_frame(std::int16_t a[256]) noexcept {
  // Algorithm 9, steps 2-10: len = 128 .. 16 in the columns, then 8, 4, 2 in the chunks.
  for (unsigned o = 0; o < 16; o += 8) {
    int16x8_t r[16];
    load_column(r, a, o);
    column_layers<false>(r);
    store_column(a, o, r);
  }
  for (unsigned c = 0; c < 16; ++c) forward_chunk(a + 16 * c, c);
}

[[gnu::noinline]] void invntt_frame(std::int16_t a[256]) noexcept {
  // Algorithm 10, steps 2-10: len 2, 4, 8 in the chunks, then 16 .. 128 in the columns.
  for (unsigned c = 0; c < 16; ++c) inverse_chunk(a + 16 * c, c);
  // Step 11: times 128^-1, with the R^2 that turns the result into the standard domain times R.
  const int16x8_t f = vdupq_n_s16(field::kInvNttFactor), fq = vdupq_n_s16(field::kInvNttFactorQinv);
  for (unsigned o = 0; o < 16; o += 8) {
    int16x8_t r[16];
    load_column(r, a, o);
    column_layers<true>(r);
#pragma GCC unroll 16
    for (auto& x : r) x = mul_const(x, f, fq);
    store_column(a, o, r);
  }
}

// gamma_j * R (sign alternating) for the multiplication cache of pair j: +zeta[64 + j/2] for even
// j, -zeta[64 + j/2] for odd j (Algorithm 12: X^2 - gamma and X^2 + gamma alternate).
struct CacheZetas {
  std::int16_t g[128], gq[128];
};
constexpr CacheZetas make_cache_zetas() noexcept {
  CacheZetas t{};
  for (std::size_t j = 0; j < 128; ++j) {
    const auto g = static_cast<std::int16_t>(j % 2 ? -kZetas[64 + j / 2] : kZetas[64 + j / 2]);
    t.g[j] = g;
    t.gq[j] = field::qinv_times(g);
  }
  return t;
}
alignas(16) constexpr CacheZetas kCacheZetas = make_cache_zetas();

// Montgomery reduction of eight 32-bit sums (field::montgomery_reduce): t = lo16(c q^-1),
// (c - t q) >> 16, in 32 bits as the portable code computes it.
[[gnu::always_inline]] inline int16x8_t montgomery_reduce(int32x4_t c_lo, int32x4_t c_hi) noexcept {
  const int16x8_t t = vmulq_s16(vuzp1q_s16(vreinterpretq_s16_s32(c_lo), vreinterpretq_s16_s32(c_hi)),
                                vdupq_n_s16(field::kQInv));
  const int16x4_t q = vdup_n_s16(kQ);
  const int32x4_t r_lo = vmlsl_s16(c_lo, vget_low_s16(t), q);
  const int32x4_t r_hi = vmlsl_high_s16(c_hi, t, vdupq_n_s16(kQ));
  return vcombine_s16(vshrn_n_s32(r_lo, 16), vshrn_n_s32(r_hi, 16));
}

[[gnu::noinline]] void basemul_acc_frame(std::int16_t r[256], const std::int16_t* a, const std::int16_t* b,
                                         const std::int16_t* bcache, int k) noexcept {
  // Algorithms 11-12 on eight pairs at a time, summed over the k polynomials in 32 bits:
  // c0 = a0 b0 + a1 (b1 gamma), c1 = a0 b1 + a1 b0, reduced once.
  for (unsigned i = 0; i < 128; i += 8) {
    int32x4_t c0l = vdupq_n_s32(0), c0h = c0l, c1l = c0l, c1h = c0l;
    for (int p = 0; p < k; ++p) {
      const int16x8x2_t x = vld2q_s16(a + 256 * p + 2 * i);
      const int16x8x2_t y = vld2q_s16(b + 256 * p + 2 * i);
      const int16x8_t g = vld1q_s16(bcache + 128 * p + i);
      c0l = vmlal_s16(c0l, vget_low_s16(x.val[0]), vget_low_s16(y.val[0]));
      c0h = vmlal_high_s16(c0h, x.val[0], y.val[0]);
      c0l = vmlal_s16(c0l, vget_low_s16(x.val[1]), vget_low_s16(g));
      c0h = vmlal_high_s16(c0h, x.val[1], g);
      c1l = vmlal_s16(c1l, vget_low_s16(x.val[0]), vget_low_s16(y.val[1]));
      c1h = vmlal_high_s16(c1h, x.val[0], y.val[1]);
      c1l = vmlal_s16(c1l, vget_low_s16(x.val[1]), vget_low_s16(y.val[0]));
      c1h = vmlal_high_s16(c1h, x.val[1], y.val[0]);
    }
    int16x8x2_t out;
    out.val[0] = montgomery_reduce(c0l, c0h);
    out.val[1] = montgomery_reduce(c1l, c1h);
    vst2q_s16(r + 2 * i, out);
  }
}

}  // namespace

void ntt(std::int16_t a[256]) noexcept {
  ntt_frame(a);
  secure_zero_stack(kFrameBytes);  // any spill: the transform of a secret
}

void invntt(std::int16_t a[256]) noexcept {
  invntt_frame(a);
  secure_zero_stack(kFrameBytes);  // any spill: w or v, which give m, hence K
}

void mulcache(std::int16_t cache[128], const std::int16_t b[256]) noexcept {
  for (unsigned j = 0; j < 128; j += 8) {
    const int16x8x2_t x = vld2q_s16(b + 2 * j);  // val[1]: b[2j + 1], the X coefficients
    vst1q_s16(cache + j, mul_const(x.val[1], vld1q_s16(kCacheZetas.g + j), vld1q_s16(kCacheZetas.gq + j)));
  }
}

void basemul_acc(std::int16_t r[256], const std::int16_t* a, const std::int16_t* b, const std::int16_t* bcache,
                 int k) noexcept {
  basemul_acc_frame(r, a, b, bcache, k);
  secure_zero_stack(kFrameBytes);  // any spill: the unreduced products give m, hence K
}

// field::reduce_canonical: the centred Barrett result plus q where it is negative.
void reduce(std::int16_t a[256]) noexcept {
  const int16x8_t q = vdupq_n_s16(kQ);
  for (unsigned j = 0; j < 256; j += 8) {
    const int16x8_t r = barrett_reduce(vld1q_s16(a + j));
    vst1q_s16(a + j, vaddq_s16(r, vandq_s16(vshrq_n_s16(r, 15), q)));
  }
}

// Times R: the Montgomery product with R^2 mod q.
void tomont(std::int16_t a[256]) noexcept {
  const int16x8_t f = vdupq_n_s16(field::kMontSquared), fq = vdupq_n_s16(field::qinv_times(field::kMontSquared));
  for (unsigned j = 0; j < 256; j += 8) vst1q_s16(a + j, mul_const(vld1q_s16(a + j), f, fq));
}

// The arithmetic above, the sampling kernels of neon_sample.cpp and the compression and
// encoding kernels of neon_compress.cpp: every entry of the table is NEON.
Kernels table() noexcept {
  Kernels k{};
#include "mlkem/kernel_table.inc"
  return k;
}

}  // namespace tessera::mlkem::neon
