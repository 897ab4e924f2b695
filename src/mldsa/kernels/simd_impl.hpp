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
// pragma on the nested, bound-dependent loops as a failed transformation, so GCC only;
// under ASan GCC cannot honour it either ("ignoring loop annotation").
#if defined(__clang__) || defined(__SANITIZE_ADDRESS__)
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
  for (int hi = kHighLayers - 1; hi >= 1; --hi) {
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
  // Last layer (len = 128) with the final scaling folded in, as invntt_tomont_portable.
  const V f = O::set1(kInvNttFactor), fq = O::set1(qinv_mul(kInvNttFactor));
  const V zf = O::set1(kInvNttLastZeta), zfq = O::set1(qinv_mul(kInvNttLastZeta));
TS_UNROLL(16)
  for (int v = 0; v < NV / 2; ++v) {
    const V a = r[v], b = r[v + NV / 2];
    O::store(p.coeffs + W * v, montmul_bc(O::add(a, b), f, fq));
    O::store(p.coeffs + W * (v + NV / 2), montmul_bc(O::sub(a, b), zf, zfq));
  }
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
  return ctr + portable::rej_eta(out + ctr, need - ctr, buf + i, len - i, eta);
}

// ---- Packing (Algorithms 16-19 specialised), 256-bit code shared by both builds ----
//
// BitUnpack of 256 little-endian B-bit fields (B <= 24), 8 fields (B bytes) per step: the
// low 128-bit half holds the 16 bytes from the group start (fields 0-3), the high half the
// 16 bytes from byte 4B/8 (fields 4-7); a byte shuffle moves each field's bytes into its
// 32-bit lane, a per-lane shift and a mask finish. The plan is computed at compile time.
template <int B>
struct UnpackPlan {
  std::int8_t shuf[32];
  std::int32_t shift[8];
};
template <int B>
constexpr UnpackPlan<B> make_unpack_plan() {
  UnpackPlan<B> p{};
  for (int h = 0; h < 2; ++h) {
    const int base = h * (4 * B - 8 * ((4 * B) / 8));  // bit offset of field 4h in its half
    for (int k = 0; k < 4; ++k) {
      const int bit = base + B * k, byte = bit / 8;
      p.shift[4 * h + k] = bit % 8;
      for (int b = 0; b < 4; ++b)
        p.shuf[16 * h + 4 * k + b] = static_cast<std::int8_t>(8 * b < bit % 8 + B ? byte + b : -1);
    }
  }
  return p;
}
// Calls sink(i, v) with v the __m256i of fields 8i..8i+7. Reads exactly 32 * B bytes.
template <int B, class Sink>
TS_INLINE void unpack_fields(const std::uint8_t* in, Sink sink) noexcept {
  static_assert(B <= 24);
  static constexpr UnpackPlan<B> kPlan = make_unpack_plan<B>();
  constexpr int off1 = (4 * B) / 8;
  const __m256i shuf = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kPlan.shuf));
  const __m256i shift = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kPlan.shift));
  const __m256i mask = _mm256_set1_epi32((1 << B) - 1);
  auto step = [&](const std::uint8_t* g, int i) {
    const __m256i x = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(g))),
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(g + off1)), 1);
    sink(i, _mm256_and_si256(_mm256_srlv_epi32(_mm256_shuffle_epi8(x, shuf), shift), mask));
  };
  // Groups whose 16-byte loads stay inside the input, then the rest from a padded copy.
  constexpr int kDirect = (32 * B - off1 - 16) / B + 1;
  int i = 0;
  for (; i < kDirect; ++i) step(in + B * i, i);
  alignas(16) std::uint8_t tail[(32 - kDirect) * B + 16] = {};
  std::memcpy(tail, in + B * kDirect, static_cast<std::size_t>((32 - kDirect) * B));
  for (; i < 32; ++i) step(tail + B * (i - kDirect), i);
  secure_zero(tail, sizeof tail);  // a copy of packed s1/s2/t0 bytes for the eta/t0 callers
}

TS_INLINE void store8(std::int32_t* p, __m256i v) noexcept {
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
}

void unpack_t1_simd(Poly& t1, const std::uint8_t* in) noexcept {
  unpack_fields<10>(in, [&](int i, __m256i v) { store8(t1.coeffs + 8 * i, v); });
}
void unpack_t0_simd(Poly& t0, const std::uint8_t* in) noexcept {
  const __m256i c = _mm256_set1_epi32(1 << (kD - 1));
  unpack_fields<13>(in, [&](int i, __m256i v) { store8(t0.coeffs + 8 * i, _mm256_sub_epi32(c, v)); });
}
std::uint32_t unpack_eta_simd(Poly& s, const std::uint8_t* in, int eta) noexcept {
  const __m256i e = _mm256_set1_epi32(eta);
  const __m256i two_eta = _mm256_set1_epi32(2 * eta);
  __m256i bad = _mm256_setzero_si256();
  auto sink = [&](int i, __m256i v) {
    bad = _mm256_or_si256(bad, _mm256_cmpgt_epi32(v, two_eta));  // v > 2 eta: malformed
    store8(s.coeffs + 8 * i, _mm256_sub_epi32(e, v));
  };
  if (eta == 2) unpack_fields<3>(in, sink);
  else unpack_fields<4>(in, sink);
  return 0u - static_cast<std::uint32_t>(_mm256_movemask_ps(_mm256_castsi256_ps(bad)) != 0);
}
void unpack_z_simd(Poly& z, const std::uint8_t* in, int gamma1_bits) noexcept {
  const __m256i g1 = _mm256_set1_epi32(1 << gamma1_bits);
  auto sink = [&](int i, __m256i v) { store8(z.coeffs + 8 * i, _mm256_sub_epi32(g1, v)); };
  if (gamma1_bits == 17) unpack_fields<18>(in, sink);
  else unpack_fields<20>(in, sink);
}

// BitPack of 256 B-bit fields (B <= 16), 8 fields (B bytes) per step: each 64-bit lane
// joins its two fields (v0 | v1 << B), each 128-bit half joins its two 64-bit lanes, and the
// halves' 4B-bit values are joined with scalar shifts and stored as exactly B bytes.
// value(i) gives the __m256i of fields 8i..8i+7, each already in [0, 2^B).
template <int B, class Value>
TS_INLINE void pack_fields(std::uint8_t* out, Value value) noexcept {
  static_assert(B <= 16);
  const __m256i m2 = _mm256_set1_epi64x((std::int64_t{1} << (2 * B)) - 1);
  for (int i = 0; i < 32; ++i, out += B) {
    const __m256i v = value(i);
    const __m256i x = _mm256_and_si256(_mm256_or_si256(v, _mm256_srli_epi64(v, 32 - B)), m2);
    const __m256i y = _mm256_or_si256(x, _mm256_slli_epi64(_mm256_bsrli_epi128(x, 8), 2 * B));
    const std::uint64_t lo = static_cast<std::uint64_t>(_mm256_extract_epi64(y, 0));
    const std::uint64_t hi = static_cast<std::uint64_t>(_mm256_extract_epi64(y, 2));
    const std::uint64_t w0 = lo | hi << (4 * B);  // 4B < 64 bits
    if constexpr (B <= 8) {
      std::memcpy(out, &w0, B);
    } else {
      const std::uint64_t w1 = hi >> (64 - 4 * B);
      std::memcpy(out, &w0, 8);
      std::memcpy(out + 8, &w1, B - 8);
    }
  }
}
TS_INLINE __m256i load8(const std::int32_t* p) noexcept {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}
void pack_t1_simd(std::uint8_t* out, const Poly& t1) noexcept {
  pack_fields<10>(out, [&](int i) { return load8(t1.coeffs + 8 * i); });
}
void pack_t0_simd(std::uint8_t* out, const Poly& t0) noexcept {
  const __m256i c = _mm256_set1_epi32(1 << (kD - 1));
  pack_fields<13>(out, [&](int i) { return _mm256_sub_epi32(c, load8(t0.coeffs + 8 * i)); });
}
void pack_eta_simd(std::uint8_t* out, const Poly& s, int eta) noexcept {
  const __m256i e = _mm256_set1_epi32(eta);
  auto v = [&](int i) { return _mm256_sub_epi32(e, load8(s.coeffs + 8 * i)); };
  if (eta == 2) pack_fields<3>(out, v);
  else pack_fields<4>(out, v);
}

// 32 values < 256 (four vectors of int32) to 32 bytes in order.
TS_INLINE __m256i narrow32(const std::int32_t* p) noexcept {
  const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 8));
  const __m256i c = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 16));
  const __m256i d = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 24));
  const __m256i x = _mm256_packus_epi16(_mm256_packs_epi32(a, b), _mm256_packs_epi32(c, d));
  return _mm256_permutevar8x32_epi32(x, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
}

// w1Encode of one polynomial (Algorithm 28 body): 4 bits (ML-DSA-65/87) or 6 bits (-44),
// w1 in [0, 16) or [0, 44).
void pack_w1_simd(std::uint8_t* out, const Poly& w1, int w1_bits) noexcept {
  if (w1_bits == 4) {
    for (int i = 0; i < kN; i += 64, out += 32) {
      // Byte pairs (lo, hi) -> lo | hi << 4 as int16, then narrowed to bytes.
      const __m256i m = _mm256_set1_epi16(0x1001);
      const __m256i p0 = _mm256_maddubs_epi16(narrow32(w1.coeffs + i), m);
      const __m256i p1 = _mm256_maddubs_epi16(narrow32(w1.coeffs + i + 32), m);
      const __m256i x = _mm256_permute4x64_epi64(_mm256_packus_epi16(p0, p1), 0xD8);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), x);
    }
  } else {
    // 4 values -> 24 bits: (v0 | v1 << 6) | (v2 | v3 << 6) << 12, then 3 of every 4 bytes.
    const __m256i shuf = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
                                          0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    for (int i = 0; i < kN; i += 32, out += 24) {
      __m256i x = _mm256_maddubs_epi16(narrow32(w1.coeffs + i), _mm256_set1_epi16(0x4001));
      x = _mm256_madd_epi16(x, _mm256_set1_epi32(0x10000001));
      x = _mm256_shuffle_epi8(x, shuf);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm256_castsi256_si128(x));  // 12 used, 4 overwritten next
      std::uint8_t hi[16];
      _mm_storeu_si128(reinterpret_cast<__m128i*>(hi), _mm256_extracti128_si256(x, 1));
      std::memcpy(out + 12, hi, 12);
    }
  }
}

#undef TS_INLINE
#undef TS_UNROLL
#undef TS_PRAGMA
