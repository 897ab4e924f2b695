// Montgomery multiplication for 6 limbs of 64 bits (P-384's field and group order) in
// portable C++: the CIOS method of montgomery.hpp with every limb in a named variable and
// each row's low and high product halves on two separate carry chains (bignum/carry64.hpp),
// which the compilers keep in registers; the generic loop over arrays is about 1.5x slower
// with g++ 12. Same contract as bignum::mont_mul: inputs in [0, m), output a b R^-1 mod m
// in [0, m), any odd m < R = 2^384. Constant time: no branches; the final selection is a
// mask.
#pragma once

#include "bignum/carry64.hpp"
#include "bignum/montgomery.hpp"

#include <cstdint>

#if defined(__SIZEOF_INT128__)

namespace tessera::bignum {

[[gnu::always_inline]] inline void mont_mul6_64(Uint<std::uint64_t, 6>& r, const Uint<std::uint64_t, 6>& a,
                                                const Uint<std::uint64_t, 6>& b,
                                                const Modulus<std::uint64_t, 6>& mod) noexcept {
  using w64::adc;
  using w64::mul_wide;
  using w64::sbb;
  using u64 = std::uint64_t;
  u64 t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0, t6 = 0;
  // t += x d for the six limbs x0..x5: low halves on one chain, high halves on the next,
  // the carries out of t6 into t7.
  auto row = [&](u64 d, u64 x0, u64 x1, u64 x2, u64 x3, u64 x4, u64 x5, u64& t7) {
    u64 h0, h1, h2, h3, h4, h5;
    const u64 l0 = mul_wide(x0, d, h0), l1 = mul_wide(x1, d, h1), l2 = mul_wide(x2, d, h2);
    const u64 l3 = mul_wide(x3, d, h3), l4 = mul_wide(x4, d, h4), l5 = mul_wide(x5, d, h5);
    unsigned c = adc(0, t0, l0, t0);
    c = adc(c, t1, l1, t1);
    c = adc(c, t2, l2, t2);
    c = adc(c, t3, l3, t3);
    c = adc(c, t4, l4, t4);
    c = adc(c, t5, l5, t5);
    c = adc(c, t6, 0, t6);
    t7 += c;
    c = adc(0, t1, h0, t1);
    c = adc(c, t2, h1, t2);
    c = adc(c, t3, h2, t3);
    c = adc(c, t4, h3, t4);
    c = adc(c, t5, h4, t5);
    c = adc(c, t6, h5, t6);
    t7 += c;
  };
  const Uint<u64, 6>& m = mod.m;
  for (int i = 0; i < 6; ++i) {
    u64 t7 = 0;
    row(b.v[i], a.v[0], a.v[1], a.v[2], a.v[3], a.v[4], a.v[5], t7);
    // u = t0 (-m^-1) mod 2^64 cancels the low limb: t = (t + u m) / 2^64.
    row(static_cast<u64>(t0 * mod.m0inv), m.v[0], m.v[1], m.v[2], m.v[3], m.v[4], m.v[5], t7);
    t0 = t1;
    t1 = t2;
    t2 = t3;
    t3 = t4;
    t4 = t5;
    t5 = t6;
    t6 = t7;
  }
  // t < 2m: subtract m unless that borrows past the top limb t6.
  u64 s0, s1, s2, s3, s4, s5, s6;
  unsigned bw = sbb(0, t0, m.v[0], s0);
  bw = sbb(bw, t1, m.v[1], s1);
  bw = sbb(bw, t2, m.v[2], s2);
  bw = sbb(bw, t3, m.v[3], s3);
  bw = sbb(bw, t4, m.v[4], s4);
  bw = sbb(bw, t5, m.v[5], s5);
  bw = sbb(bw, t6, 0, s6);
  const u64 keep = barrier(static_cast<u64>(u64{0} - bw));
  r.v[0] = s0 ^ (keep & (s0 ^ t0));
  r.v[1] = s1 ^ (keep & (s1 ^ t1));
  r.v[2] = s2 ^ (keep & (s2 ^ t2));
  r.v[3] = s3 ^ (keep & (s3 ^ t3));
  r.v[4] = s4 ^ (keep & (s4 ^ t4));
  r.v[5] = s5 ^ (keep & (s5 ^ t5));
}

}  // namespace tessera::bignum

#endif
