// ML-DSA kernels written once over a SIMD "ops" type (Avx2Ops: 8 x int32 in a ymm,
// Avx512Ops: 16 x int32 in a zmm) and instantiated by kernels/avx2.cpp and avx512.cpp,
// each compiled with its own target flags. Include only from those files, inside an
// anonymous namespace: every function here then has internal linkage, so no copy built
// with AVX-512 flags can be picked by the linker for another translation unit.
//
// Every kernel gives bit-for-bit the portable kernel's output (same signed Montgomery
// reduction, same butterfly order, same multiply-shift Decompose): the bounds documented
// in kernels.hpp hold unchanged and tests/equivalence/mldsa_kernels_test.cpp compares
// exactly. Coefficient order is the portable one (NTT output in bit-reversed order).
//
// NTT layout: the polynomial is NV = 256 / W vectors of W lanes. Layers with len >= W pair
// whole vectors (one broadcast zeta per pair). For len < W, each run of W vectors (W blocks
// of W consecutive coefficients) is transposed so vector e holds element e of W blocks;
// those layers then also pair whole vectors, with a per-lane zeta vector from a table built
// at compile time, and a second transpose restores the order.
#pragma once

#ifndef TESSERA_MLDSA_SIMD_OPS
#error "define the ops type (TESSERA_MLDSA_SIMD_OPS) before including simd_impl.hpp"
#endif

using O = TESSERA_MLDSA_SIMD_OPS;
using V = O::V;
constexpr int W = O::W;
constexpr int NV = kN / W;
constexpr int kLowLayers = W == 8 ? 3 : 4;  // log2(W)
constexpr int kHighLayers = 8 - kLowLayers;

#define TS_INLINE [[gnu::always_inline]] inline
// Full unrolling of the NTT loops (constant trip counts) lets GCC keep the vectors in
// registers and fold the zeta indices. Clang unrolls them on its own and reports the
// pragma on the nested, bound-dependent loops as a failed transformation, so GCC only.
#if defined(__clang__)
#define TS_UNROLL(n)
#else
#define TS_PRAGMA(x) _Pragma(#x)
#define TS_UNROLL(n) TS_PRAGMA(GCC unroll n)
#endif

// Montgomery product a * b * 2^-32 (portable montgomery_reduce of the 64-bit product),
// b given with bq = b * q^-1 mod 2^32 precomputed. In: |a * b| < 2^31 q. Out: |r| < q
// whenever |a| < 2^31 and |b| <= q / 2.
TS_INLINE V montmul_pre(V a, V b, V bq) noexcept {
  const V ao = O::odd(a), bo = O::odd(b), bqo = O::odd(bq);
  V te = O::mul(a, bq), to = O::mul(ao, bqo);
  const V pe = O::mul(a, b), po = O::mul(ao, bo);
  te = O::mul(te, O::set1(kQ));
  to = O::mul(to, O::set1(kQ));
  // The low halves of p and t q agree (t q = p mod 2^32), so 32-bit subtraction gives the
  // exact high halves.
  return O::blend_odd(O::odd(O::sub(pe, te)), O::sub(po, to));
}
// Same with a broadcast constant (b and bq equal in all lanes: no odd-lane shuffles).
TS_INLINE V montmul_bc(V a, V b, V bq) noexcept {
  const V ao = O::odd(a);
  V te = O::mul(a, bq), to = O::mul(ao, bq);
  const V pe = O::mul(a, b), po = O::mul(ao, b);
  te = O::mul(te, O::set1(kQ));
  to = O::mul(to, O::set1(kQ));
  return O::blend_odd(O::odd(O::sub(pe, te)), O::sub(po, to));
}
// Reduction of 64-bit products held in the even (e) and odd-moved-to-even (o) 64-bit lanes.
TS_INLINE V montred64(V e, V o) noexcept {
  V te = O::mul(e, O::set1(kQInv)), to = O::mul(o, O::set1(kQInv));
  te = O::mul(te, O::set1(kQ));
  to = O::mul(to, O::set1(kQ));
  return O::blend_odd(O::odd(O::sub(e, te)), O::sub(o, to));
}

constexpr std::int32_t qinv_mul(std::int32_t z) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(z) * static_cast<std::uint32_t>(kQInv));
}

// Zeta tables. Forward layer len, group g uses kZetasMont[128 / len + g]; inverse layer
// len, group g uses -kZetasMont[256 / len - 1 - g] (the portable loops' orders).
struct ZetaTables {
  std::int32_t fwd[kN], fwd_q[kN], inv[kN], inv_q[kN];
  // Per-lane zetas of the transposed layers: [run][layer][pair][lane].
  std::int32_t low_fwd[NV / W][kLowLayers][W / 2][W], low_fwd_q[NV / W][kLowLayers][W / 2][W];
  std::int32_t low_inv[NV / W][kLowLayers][W / 2][W], low_inv_q[NV / W][kLowLayers][W / 2][W];
};
constexpr ZetaTables make_zeta_tables() {
  ZetaTables t{};
  for (int i = 0; i < kN; ++i) {
    t.fwd[i] = kZetasMont[i];
    t.fwd_q[i] = qinv_mul(kZetasMont[i]);
    t.inv[i] = -kZetasMont[i];
    t.inv_q[i] = qinv_mul(-kZetasMont[i]);
  }
  for (int s = 0; s < NV / W; ++s)
    for (int li = 0; li < kLowLayers; ++li) {
      const int len = (W / 2) >> li;  // forward order: W/2, ..., 1
      int pair = 0;
      for (int e = 0; e < W; ++e) {
        if (e & len) continue;
        for (int b = 0; b < W; ++b) {
          const int c = W * (s * W + b) + e;  // coefficient index of the pair's low element
          const int g = c / (2 * len);
          t.low_fwd[s][li][pair][b] = kZetasMont[128 / len + g];
          t.low_fwd_q[s][li][pair][b] = qinv_mul(kZetasMont[128 / len + g]);
          t.low_inv[s][li][pair][b] = -kZetasMont[256 / len - 1 - g];
          t.low_inv_q[s][li][pair][b] = qinv_mul(-kZetasMont[256 / len - 1 - g]);
        }
        ++pair;
      }
    }
  return t;
}
alignas(64) constexpr ZetaTables kZt = make_zeta_tables();

// FIPS 204, Algorithm 41 (NTT); see kernels.hpp for bounds (in: any < q, out: any < 9q).
void ntt_simd(Poly& p) noexcept {
  V r[NV];
TS_UNROLL(32)
  for (int v = 0; v < NV; ++v) r[v] = O::load(p.coeffs + W * v);
  // Layers len = 128 .. W: vector v pairs with v + d, d = len / W.
TS_UNROLL(8)
  for (int hi = 0; hi < kHighLayers; ++hi) {
    const int len = 128 >> hi, d = len / W;
TS_UNROLL(16)
    for (int g = 0; g < NV / (2 * d); ++g) {
      const V z = O::set1(kZt.fwd[128 / len + g]), zq = O::set1(kZt.fwd_q[128 / len + g]);
TS_UNROLL(16)
      for (int v = 2 * d * g; v < 2 * d * g + d; ++v) {
        const V t = montmul_bc(r[v + d], z, zq);
        r[v + d] = O::sub(r[v], t);
        r[v] = O::add(r[v], t);
      }
    }
  }
  // Layers len = W/2 .. 1 on transposed runs.
TS_UNROLL(4)
  for (int s = 0; s < NV / W; ++s) {
    V* x = r + s * W;
    O::transpose(x);
TS_UNROLL(4)
    for (int li = 0; li < kLowLayers; ++li) {
      const int len = (W / 2) >> li;
TS_UNROLL(16)
      for (int b0 = 0; b0 < W; b0 += 2 * len) {
TS_UNROLL(16)
        for (int e = b0; e < b0 + len; ++e) {
          const int pair = b0 / 2 + (e - b0);
          const V t = montmul_pre(x[e + len], O::load(kZt.low_fwd[s][li][pair]), O::load(kZt.low_fwd_q[s][li][pair]));
          x[e + len] = O::sub(x[e], t);
          x[e] = O::add(x[e], t);
        }
      }
    }
    O::transpose(x);
  }
TS_UNROLL(32)
  for (int v = 0; v < NV; ++v) O::store(p.coeffs + W * v, r[v]);
}

// FIPS 204, Algorithm 42 (NTT^-1) times 2^32, as invntt_tomont_portable. In: any < q.
// Out: any < q. Sums are not reduced (below 256 q < 2^31).
void invntt_simd(Poly& p) noexcept {
  V r[NV];
TS_UNROLL(32)
  for (int v = 0; v < NV; ++v) r[v] = O::load(p.coeffs + W * v);
TS_UNROLL(4)
  for (int s = 0; s < NV / W; ++s) {
    V* x = r + s * W;
    O::transpose(x);
TS_UNROLL(4)
    for (int li = kLowLayers - 1; li >= 0; --li) {
      const int len = (W / 2) >> li;
TS_UNROLL(16)
      for (int b0 = 0; b0 < W; b0 += 2 * len) {
TS_UNROLL(16)
        for (int e = b0; e < b0 + len; ++e) {
          const int pair = b0 / 2 + (e - b0);
          const V a = x[e], b = x[e + len];
          x[e] = O::add(a, b);
          x[e + len] = montmul_pre(O::sub(a, b), O::load(kZt.low_inv[s][li][pair]), O::load(kZt.low_inv_q[s][li][pair]));
        }
      }
    }
    O::transpose(x);
  }
TS_UNROLL(8)
  for (int hi = kHighLayers - 1; hi >= 0; --hi) {
    const int len = 128 >> hi, d = len / W;
TS_UNROLL(16)
    for (int g = 0; g < NV / (2 * d); ++g) {
      const V z = O::set1(kZt.inv[256 / len - 1 - g]), zq = O::set1(kZt.inv_q[256 / len - 1 - g]);
TS_UNROLL(16)
      for (int v = 2 * d * g; v < 2 * d * g + d; ++v) {
        const V a = r[v], b = r[v + d];
        r[v] = O::add(a, b);
        r[v + d] = montmul_bc(O::sub(a, b), z, zq);
      }
    }
  }
  const V f = O::set1(kInvNttFactor), fq = O::set1(qinv_mul(kInvNttFactor));
TS_UNROLL(32)
  for (int v = 0; v < NV; ++v) O::store(p.coeffs + W * v, montmul_bc(r[v], f, fq));
}

void pointwise_acc_simd(Poly& out, const Poly* a, const Poly* b, int n) noexcept {
  for (int v = 0; v < NV; ++v) {
    V e = O::zero(), o = O::zero();
    for (int i = 0; i < n; ++i) {
      const V x = O::load(a[i].coeffs + W * v), y = O::load(b[i].coeffs + W * v);
      e = O::add64(e, O::mul(x, y));
      o = O::add64(o, O::mul(O::odd(x), O::odd(y)));
    }
    O::store(out.coeffs + W * v, montred64(e, o));
  }
}

void pointwise_simd(Poly& out, const Poly& a, const Poly& b) noexcept {
  for (int v = 0; v < NV; ++v) {
    const V x = O::load(a.coeffs + W * v), y = O::load(b.coeffs + W * v);
    O::store(out.coeffs + W * v, montred64(O::mul(x, y), O::mul(O::odd(x), O::odd(y))));
  }
}

// reduce32: t = (a + 2^22) >> 23, a - t q with t q = (t << 23) - (t << 13) + t.
TS_INLINE V reduce32_v(V a) noexcept {
  const V t = O::template srai<23>(O::add(a, O::set1(1 << 22)));
  return O::sub(a, O::add(O::sub(O::template slli<23>(t), O::template slli<13>(t)), t));
}
TS_INLINE V caddq_v(V a) noexcept { return O::add(a, O::and_(O::template srai<31>(a), O::set1(kQ))); }

void reduce_simd(Poly& a) noexcept {
  for (int v = 0; v < NV; ++v) O::store(a.coeffs + W * v, reduce32_v(O::load(a.coeffs + W * v)));
}
void freeze_simd(Poly& a) noexcept {
  for (int v = 0; v < NV; ++v) O::store(a.coeffs + W * v, caddq_v(reduce32_v(O::load(a.coeffs + W * v))));
}
void power2round_simd(Poly& t1, Poly& t0, const Poly& t) noexcept {
  for (int v = 0; v < NV; ++v) {
    const V r = O::load(t.coeffs + W * v);
    const V r1 = O::template srai<kD>(O::add(r, O::set1((1 << (kD - 1)) - 1)));
    O::store(t1.coeffs + W * v, r1);
    O::store(t0.coeffs + W * v, O::sub(r, O::template slli<kD>(r1)));
  }
}

// decompose1 on a vector: r1 = ((r + gamma2 - 1) * mul) >> 48 with 64-bit products.
TS_INLINE void decompose_v(const DecomposeConstants& dc, V r, V& r1, V& r0) noexcept {
  const V x = O::add(r, O::set1(dc.gamma2 - 1));
  const V mul = O::set1(static_cast<std::int32_t>(dc.mul));
  const V pe = O::template srli64<48>(O::mulu(x, mul));
  const V po = O::template srli64<16>(O::mulu(O::odd(x), mul));  // bits 48.. into the odd lane
  V a1 = O::blend_odd(pe, po);
  const V corner = O::cmpeq(a1, O::set1(dc.m));
  const V two_g2 = O::set1(2 * dc.gamma2);
  r0 = O::add(O::sub(r, O::mullo(a1, two_g2)), corner);  // corner is -1 where a1 == m
  r1 = O::andnot(corner, a1);
}

void decompose_simd(Poly& r1, Poly& r0, const Poly& r, std::int32_t gamma2) noexcept {
  const DecomposeConstants dc = decompose_constants(gamma2);
  for (int v = 0; v < NV; ++v) {
    V a1, a0;
    decompose_v(dc, O::load(r.coeffs + W * v), a1, a0);
    O::store(r1.coeffs + W * v, a1);
    O::store(r0.coeffs + W * v, a0);
  }
}

unsigned make_hint_simd(Poly& h, const Poly& r, const Poly& r_plus_z, std::int32_t gamma2) noexcept {
  const DecomposeConstants dc = decompose_constants(gamma2);
  V count = O::zero();
  for (int v = 0; v < NV; ++v) {
    V r1, r0, v1, v0;
    decompose_v(dc, O::load(r.coeffs + W * v), r1, r0);
    decompose_v(dc, O::load(r_plus_z.coeffs + W * v), v1, v0);
    const V bit = O::add(O::cmpeq(r1, v1), O::set1(1));  // 1 where different, else 0
    O::store(h.coeffs + W * v, bit);
    count = O::add(count, bit);
  }
  return static_cast<unsigned>(O::hsum(count));
}

void use_hint_simd(Poly& r1out, const Poly& r, const Poly& h, std::int32_t gamma2) noexcept {
  const DecomposeConstants dc = decompose_constants(gamma2);
  const V m = O::set1(dc.m);
  for (int v = 0; v < NV; ++v) {
    V r1, r0;
    decompose_v(dc, O::load(r.coeffs + W * v), r1, r0);
    // delta = +1 if r0 > 0 else -1, only where h = 1.
    const V pos = O::template srli<31>(O::sub(O::zero(), r0));  // 1 iff r0 > 0
    const V delta = O::and_(O::sub(O::add(pos, pos), O::set1(1)), O::sub(O::zero(), O::load(h.coeffs + W * v)));
    V x = O::add(r1, delta);
    x = O::add(x, O::and_(O::template srai<31>(x), m));
    x = O::andnot(O::cmpeq(x, m), x);
    O::store(r1out.coeffs + W * v, x);
  }
}

std::uint32_t norm_exceeds_simd(const Poly& a, std::int32_t bound) noexcept {
  V flag = O::zero();
  const V bm1 = O::set1(bound - 1);
  for (int v = 0; v < NV; ++v) {
    const V x = O::load(a.coeffs + W * v);
    const V ax = O::sub(x, O::and_(O::template srai<31>(x), O::add(x, x)));
    flag = O::or_(flag, O::sub(bm1, ax));  // sign bit set iff |x| >= bound
  }
  const std::uint32_t bit = static_cast<std::uint32_t>(O::sign_bits_any(flag));
  return 0u - bit;
}

// RejBoundedPoly inner loop (as rej_eta_portable): 4 bytes = 8 nibbles per step, in the
// portable order (low nibble first). Only the accept mask of the nibbles is declassified,
// as in the portable kernel (rejected nibbles are independent of the accepted ones); the
// accepted values are left-packed with a permutation table indexed by that public mask.
// 256-bit code: the same in the AVX2 and AVX-512 builds.
unsigned rej_eta_simd(std::int32_t* out, unsigned need, const std::uint8_t* buf, std::size_t len, int eta) noexcept {
  unsigned ctr = 0;
  std::size_t i = 0;
  const __m256i limit = _mm256_set1_epi32(eta == 2 ? 15 : 9);
  const __m128i low4 = _mm_set1_epi8(0x0F);
  while (ctr + 8 <= need && i + 4 <= len) {
    std::uint32_t word;
    std::memcpy(&word, buf + i, 4);
    const __m128i x = _mm_cvtsi32_si128(static_cast<int>(word));
    const __m128i nib = _mm_unpacklo_epi8(_mm_and_si128(x, low4), _mm_and_si128(_mm_srli_epi16(x, 4), low4));
    const __m256i z = _mm256_cvtepu8_epi32(nib);
    const unsigned m = ct::declassify_value(
        static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(limit, z)))));
    __m256i val;
    if (eta == 2) {  // 2 - (z mod 5), z mod 5 = z - 5 * ((z * 205) >> 10)
      const __m256i qt = _mm256_srli_epi32(_mm256_mullo_epi32(z, _mm256_set1_epi32(205)), 10);
      const __m256i mod5 = _mm256_sub_epi32(z, _mm256_add_epi32(_mm256_slli_epi32(qt, 2), qt));
      val = _mm256_sub_epi32(_mm256_set1_epi32(2), mod5);
    } else {
      val = _mm256_sub_epi32(_mm256_set1_epi32(4), z);
    }
    const __m256i perm = _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(kLeftPack8[m].data())));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + ctr), _mm256_permutevar8x32_epi32(val, perm));
    ctr += static_cast<unsigned>(__builtin_popcount(m));
    i += 4;
  }
  return ctr + kPortableKernels.rej_eta(out + ctr, need - ctr, buf + i, len - i, eta);
}

#undef TS_INLINE
#undef TS_UNROLL
#undef TS_PRAGMA
