// The exponentiations of src/bignum/nat.hpp (mont_exp, mont_exp_vartime, mod_exp_vartime, mont_exp2) against
// OpenSSL's BN_mod_exp, for each Montgomery kernel of NatMontTest (bignum_nat_model.hpp; the
// suite is instantiated in bignum_nat_test.cpp).
#include "bignum_nat_model.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <random>
#include <vector>

namespace {

using namespace nat_test;

#if TESSERA_TEST_HAVE_OPENSSL

TEST_P(NatMontTest, ExpSecretAndVartime) {
  std::mt19937_64 rng(13);
  struct Exponent {
    Nat e;
    std::size_t exp_bits;
  };
  for (const Nat& m : test_moduli()) {
    MontModulus mod;
    if (!init(mod, m)) continue;
    Model md(m);
    const std::size_t n = m.size();
    Nat one(n, 0);
    one[0] = 1;
    const std::vector<Nat> bases = {below(rng, md), Nat(n, 0), one, minus_one(m)};
    // mod_exp_vartime's constant: R52^2 = 2^(104 ceil((64 n + 2) / 52)) mod m with IFMA, else 0.
    Nat rr52(n);
    mont_rr52(rr52, mod);
    {
      Bn two = bn(Nat{2}), pow = bn(Nat{static_cast<Limb>(104 * ((64 * n + 2 + 51) / 52))}), want = bn_new();
      BN_mod_exp(want.get(), two.get(), pow.get(), md.m.get(), md.ctx.get());
      ASSERT_EQ(rr52, mod.ifma ? nat(want.get(), n) : Nat(n, 0)) << "mont_rr52 m = " << hex(m);
    }
    std::vector<Exponent> exps = {
        {Nat{0}, 0},                                       // 0 bits
        {Nat{0}, kLimbBits},                               // e = 0 over a whole limb
        {Nat{1}, 1},                                       // 1 bit
        {Nat{2}, 2}, {Nat{3}, 2},                          // 2 bits
        {Nat{5}, kLimbBits * 3},                           // exp_bits beyond the bit length
        {Nat{0, 1, 0}, kLimbBits * 3},                     // e = 2^w, leading zero limb
        {random_nat(rng, n), kLimbBits * n},               // full length
        {random_nat(rng, 2), kLimbBits + 7},               // not a multiple of 4: the top bits of e ignored
        {random_nat(rng, 1), 61},
        {Nat(n, kAllOnes), kLimbBits * n},                 // all ones
    };
    for (std::size_t ai = 0; ai < bases.size(); ++ai) {
      const Nat& a = bases[ai];
      Nat am(n);
      mont_from_nat(am, a, mod);
      for (std::size_t xi = 0; xi < exps.size(); ++xi) {
        const Exponent& x = exps[xi];
        // The full-length exponents of the boundary bases (0, 1, m - 1) only for small n.
        if (ai > 0 && x.exp_bits == kLimbBits * n && n > 3) continue;
        // The exponent the function must use: the exp_bits low bits of e.
        Nat low = x.e;
        for (std::size_t i = 0; i < low.size() * kLimbBits; ++i)
          if (i >= x.exp_bits) low[i / kLimbBits] &= static_cast<Limb>(~(Limb{1} << (i % kLimbBits)));
        Bn ba = bn(a), be = bn(low), want = bn_new();
        BN_mod_exp(want.get(), ba.get(), be.get(), md.m.get(), md.ctx.get());
        const Nat expect = nat(want.get(), n);
        Nat r(n), out(n);
        mont_exp(r, am, x.e, x.exp_bits, mod);
        mont_to_nat(out, r, mod);
        ASSERT_EQ(out, expect) << "mont_exp m = " << hex(m) << "\na = " << hex(a) << "\ne = " << hex(x.e)
                               << " exp_bits " << x.exp_bits;
        Nat rv(n);
        mont_exp_vartime(rv, am, low, mod);
        ASSERT_EQ(rv, r) << "mont_exp_vartime differs from mont_exp, m = " << hex(m) << " e = " << hex(low);
        // The plain form, with the IFMA constant (the radix 2^52 path where mod.ifma) and without.
        Nat plain(n);
        mod_exp_vartime(plain, a, low, mod, rr52);
        ASSERT_EQ(plain, expect) << "mod_exp_vartime m = " << hex(m) << "\na = " << hex(a) << "\ne = " << hex(low);
        mod_exp_vartime(plain, a, low, mod, NatView{});
        ASSERT_EQ(plain, expect) << "mod_exp_vartime without rr52, m = " << hex(m) << " e = " << hex(low);
        if (ai > 0) continue;
        Nat alias = am;
        mont_exp(alias, alias, x.e, x.exp_bits, mod);
        ASSERT_EQ(alias, r) << "mont_exp with r aliasing a";
        alias = am;
        mont_exp_vartime(alias, alias, low, mod);
        ASSERT_EQ(alias, r) << "mont_exp_vartime with r aliasing a";
        alias = a;
        mod_exp_vartime(alias, alias, low, mod, rr52);
        ASSERT_EQ(alias, expect) << "mod_exp_vartime with r aliasing a";
      }
    }
  }
}

// mont_exp2 against BN_mod_exp for pairs of moduli: two of the same limb count (the IFMA
// kernel runs them in one stream for up to 32 limbs, with 5-bit windows for up to 16), and
// of different counts (one after the other). Exponent lengths around the window sizes, with
// boundary bases in one way and random ones in the other.
TEST_P(NatMontTest, ExpTwoWays) {
  std::mt19937_64 rng(14);
  const std::vector<Nat> moduli = test_moduli();
  std::size_t checked = 0;
  for (std::size_t i = 0; i + 1 < moduli.size(); ++i) {
    // Neighbours: the same size within a group of four, the next size at a group's end.
    const Nat& m1 = moduli[i];
    const Nat& m2 = moduli[i + 1];
    MontModulus mod1, mod2;
    if (!init(mod1, m1) || !init(mod2, m2)) continue;
    Model md1(m1), md2(m2);
    const std::size_t n1 = m1.size(), n2 = m2.size(), ne = std::min(n1, n2);
    if (ne > 32) continue;  // beyond the two-way kernel: ExpSecretAndVartime covers mont_exp there
    Nat one(n1, 0);
    one[0] = 1;
    const std::vector<Nat> bases1 = {below(rng, md1), Nat(n1, 0), one, minus_one(m1)};
    for (std::size_t exp_bits : {std::size_t{0}, std::size_t{1}, std::size_t{5}, std::size_t{61}, kLimbBits * ne - 1,
                                 kLimbBits * ne}) {
      for (std::size_t bi = 0; bi < bases1.size(); ++bi) {
        if (bi > 0 && exp_bits > 64 && ne > 17) continue;  // the boundary bases' long exponents: small n only
        const Nat e1 = bi == 3 ? Nat(ne, kAllOnes) : random_nat(rng, ne), e2 = random_nat(rng, ne);
        const Nat a1 = bases1[bi], a2 = below(rng, md2);
        Nat a1m(n1), a2m(n2), r1(n1), r2(n2);
        mont_from_nat(a1m, a1, mod1);
        mont_from_nat(a2m, a2, mod2);
        mont_exp2({r1, a1m, e1, &mod1}, {r2, a2m, e2, &mod2}, exp_bits);
        auto expect = [&](Model& md, const Nat& a, const Nat& e, const MontModulus& mod, const Nat& r) {
          Nat low = e;  // the exp_bits low bits of e
          for (std::size_t b = exp_bits; b < low.size() * kLimbBits; ++b)
            low[b / kLimbBits] &= static_cast<Limb>(~(Limb{1} << (b % kLimbBits)));
          Bn ba = bn(a), be = bn(low), want = bn_new();
          BN_mod_exp(want.get(), ba.get(), be.get(), md.m.get(), md.ctx.get());
          Nat out(md.n);
          mont_to_nat(out, r, mod);
          EXPECT_EQ(out, nat(want.get(), md.n)) << "m = " << hex(md.n == n1 ? m1 : m2) << "\na = " << hex(a)
                                                << "\ne = " << hex(e) << " exp_bits " << exp_bits;
        };
        expect(md1, a1, e1, mod1, r1);
        expect(md2, a2, e2, mod2, r2);
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 0u);
}

#endif

}  // namespace
