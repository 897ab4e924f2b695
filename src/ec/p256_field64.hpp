// GF(p) for P-256 in portable C++ on 64-bit limbs (the portable backend and targets
// without the MULX kernels, e.g. aarch64): Montgomery multiplication and squaring with the
// reduction step of p's shape, the same arithmetic as p256_field_mulx.hpp (see there:
// u = t_0, t += u p is "limb 1 += u << 32, limb 2 += u >> 32, limbs 3-4 += u p_3"), in
// scalar variables so that the compiler keeps everything in registers. Same contract as
// bignum::mont_mul / mont_sqr: inputs in [0, p), outputs in [0, p). Constant time: no
// branches; the final selection is a mask.
// Carry chains and products: bignum/carry64.hpp.
#pragma once

#include "bignum/carry64.hpp"
#include "bignum/uint.hpp"

#include <cstdint>

#if defined(__SIZEOF_INT128__)

namespace tessera::ec::p256_64 {

using u64 = std::uint64_t;
using Fe = bignum::Uint<u64, 4>;
using bignum::w64::adc;
using bignum::w64::mul_wide;
using bignum::w64::sbb;

inline constexpr u64 kP1 = 0x00000000ffffffffull;
inline constexpr u64 kP3 = 0xffffffff00000001ull;

// (t0..t3, top) < 2p to [0, p) in r: subtract p unless that borrows past top.
[[gnu::always_inline]] inline void final_subtract(Fe& r, u64 t0, u64 t1, u64 t2, u64 t3, u64 top) noexcept {
  u64 s0, s1, s2, s3, s4;
  unsigned b = sbb(0, t0, ~u64{0}, s0);
  b = sbb(b, t1, kP1, s1);
  b = sbb(b, t2, 0, s2);
  b = sbb(b, t3, kP3, s3);
  b = sbb(b, top, 0, s4);
  const u64 keep = bignum::barrier(static_cast<u64>(u64{0} - b));  // borrow: t < p, keep t
  r.v[0] = s0 ^ (keep & (s0 ^ t0));
  r.v[1] = s1 ^ (keep & (s1 ^ t1));
  r.v[2] = s2 ^ (keep & (s2 ^ t2));
  r.v[3] = s3 ^ (keep & (s3 ^ t3));
}

// One reduction step on the 5-limb accumulator (t0..t4): t = (t + t0 p) / 2^64.
[[gnu::always_inline]] inline void redc_step(u64& t0, u64& t1, u64& t2, u64& t3, u64& t4) noexcept {
  const u64 u = t0;
  u64 uh;
  const u64 ul = mul_wide(u, kP3, uh);
  unsigned c = adc(0, t1, u << 32, t0);
  c = adc(c, t2, u >> 32, t1);
  c = adc(c, t3, ul, t2);
  c = adc(c, t4, uh, t3);
  t4 = c;
}

// r = a b 2^-256 mod p (CIOS rows; r may alias a or b).
[[gnu::always_inline]] inline void mul(Fe& r, const Fe& a, const Fe& b) noexcept {
  u64 t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0;
  for (int i = 0; i < 4; ++i) {
    // t += a b_i: the low halves on one chain, the high halves on the next.
    const u64 bi = b.v[i];
    u64 h0, h1, h2, h3, top;
    const u64 l0 = mul_wide(a.v[0], bi, h0), l1 = mul_wide(a.v[1], bi, h1);
    const u64 l2 = mul_wide(a.v[2], bi, h2), l3 = mul_wide(a.v[3], bi, h3);
    unsigned c = adc(0, t0, l0, t0);
    c = adc(c, t1, l1, t1);
    c = adc(c, t2, l2, t2);
    c = adc(c, t3, l3, t3);
    c = adc(c, t4, 0, t4);
    top = c;
    c = adc(0, t1, h0, t1);
    c = adc(c, t2, h1, t2);
    c = adc(c, t3, h2, t3);
    c = adc(c, t4, h3, t4);
    top += c;
    // t = (t + u p) / 2^64: the step's new top limb absorbs the row's carry.
    const u64 u = t0;
    u64 uh;
    const u64 ul = mul_wide(u, kP3, uh);
    c = adc(0, t1, u << 32, t0);
    c = adc(c, t2, u >> 32, t1);
    c = adc(c, t3, ul, t2);
    c = adc(c, t4, uh, t3);
    t4 = top + c;
  }
  final_subtract(r, t0, t1, t2, t3, t4);
}

// r = a^2 2^-256 mod p (r may alias a): the six cross products doubled plus the four
// squares, the low half reduced by four steps ((L + U p) / 2^256 <= p), the high half
// (< p) added: below 2p.
[[gnu::always_inline]] inline void sqr(Fe& r, const Fe& a) noexcept {
  const u64 a0 = a.v[0], a1 = a.v[1], a2 = a.v[2], a3 = a.v[3];
  u64 t0, t1, t2, t3, t4, t5, t6, t7, h01, h02, h03, h12, h13, h23;
  // cross products a_i a_j, i < j, at limb i + j
  t1 = mul_wide(a0, a1, h01);
  const u64 l02 = mul_wide(a0, a2, h02), l03 = mul_wide(a0, a3, h03);
  const u64 l12 = mul_wide(a1, a2, h12), l13 = mul_wide(a1, a3, h13), l23 = mul_wide(a2, a3, h23);
  unsigned c = adc(0, h01, l02, t2);
  c = adc(c, h02, l03, t3);
  c = adc(c, h03, l13, t4);
  c = adc(c, h13, l23, t5);
  t6 = h23 + c;
  c = adc(0, t3, l12, t3);
  c = adc(c, t4, h12, t4);
  c = adc(c, t5, 0, t5);
  t6 += c;
  // doubled, into t1..t7
  t7 = t6 >> 63;
  t6 = (t6 << 1) | (t5 >> 63);
  t5 = (t5 << 1) | (t4 >> 63);
  t4 = (t4 << 1) | (t3 >> 63);
  t3 = (t3 << 1) | (t2 >> 63);
  t2 = (t2 << 1) | (t1 >> 63);
  t1 <<= 1;
  // + a_i^2 at limb 2i
  u64 s0h, s1l, s1h, s2l, s2h, s3l, s3h;
  t0 = mul_wide(a0, a0, s0h);
  s1l = mul_wide(a1, a1, s1h);
  s2l = mul_wide(a2, a2, s2h);
  s3l = mul_wide(a3, a3, s3h);
  c = adc(0, t1, s0h, t1);
  c = adc(c, t2, s1l, t2);
  c = adc(c, t3, s1h, t3);
  c = adc(c, t4, s2l, t4);
  c = adc(c, t5, s2h, t5);
  c = adc(c, t6, s3l, t6);
  adc(c, t7, s3h, t7);
  // reduce the low half (t0..t3), then add the high half (t4..t7)
  u64 acc4 = 0;
  redc_step(t0, t1, t2, t3, acc4);
  redc_step(t0, t1, t2, t3, acc4);
  redc_step(t0, t1, t2, t3, acc4);
  redc_step(t0, t1, t2, t3, acc4);
  // After four steps (t0..t3) + acc4 2^256 <= p, so acc4 ends 0 (it is carried anyway).
  c = adc(0, t0, t4, t0);
  c = adc(c, t1, t5, t1);
  c = adc(c, t2, t6, t2);
  c = adc(c, t3, t7, t3);
  final_subtract(r, t0, t1, t2, t3, acc4 + c);
}

// r = a + b mod p.
[[gnu::always_inline]] inline void add(Fe& r, const Fe& a, const Fe& b) noexcept {
  u64 t0, t1, t2, t3;
  unsigned c = adc(0, a.v[0], b.v[0], t0);
  c = adc(c, a.v[1], b.v[1], t1);
  c = adc(c, a.v[2], b.v[2], t2);
  c = adc(c, a.v[3], b.v[3], t3);
  final_subtract(r, t0, t1, t2, t3, c);
}

// r = a - b mod p: d = a - b, then d + (p & borrow mask).
[[gnu::always_inline]] inline void sub(Fe& r, const Fe& a, const Fe& b) noexcept {
  u64 d0, d1, d2, d3;
  unsigned c = sbb(0, a.v[0], b.v[0], d0);
  c = sbb(c, a.v[1], b.v[1], d1);
  c = sbb(c, a.v[2], b.v[2], d2);
  c = sbb(c, a.v[3], b.v[3], d3);
  const u64 m = bignum::barrier(static_cast<u64>(u64{0} - c));
  c = adc(0, d0, m, r.v[0]);
  c = adc(c, d1, m & kP1, r.v[1]);
  c = adc(c, d2, 0, r.v[2]);
  adc(c, d3, m & kP3, r.v[3]);
}

}  // namespace tessera::ec::p256_64

#endif
