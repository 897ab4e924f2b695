// src/bignum/nat.hpp (run-time-length naturals, Montgomery arithmetic) against OpenSSL's
// BIGNUM as the model: random odd moduli of 1, 2, 3, 16, 17, 24, 32, 48, 63 and 64 limbs
// (a random top limb, a top limb of 1, an all-ones top limb, and the top bit set), each
// function on random and boundary operands (0, 1, m - 1, R - 1, x >= m, multiples of m),
// for each Montgomery kernel (portable, MULX/ADX where the CPU has it and n % 4 == 0, and the
// AVX-512 IFMA exponentiation in radix 2^52 for 8 <= n <= 64 on the avx512 backend).
// The byte codecs, masks and mont_init's rejections need no model and always run.
#include "bignum_nat_model.hpp"

#if TESSERA_TEST_HAVE_OPENSSL
#include <openssl/bn.h>
#endif

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace nat_test;

// Big-endian bytes of a, written out independently of nat_to_be_bytes.
std::vector<std::uint8_t> be_bytes(const Nat& a) {
  std::vector<std::uint8_t> out(a.size() * sizeof(Limb));
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t k = 0; k < sizeof(Limb); ++k)
      out[out.size() - 1 - (i * sizeof(Limb) + k)] = static_cast<std::uint8_t>(a[i] >> (8 * k));
  return out;
}

// ---- Codecs, masks and shape checks (no model needed) ----

TEST(NatBytes, FromBeBytesExactShortAndLong) {
  std::mt19937_64 rng(1);
  for (std::size_t n : {1u, 2u, 3u, 17u, 64u}) {
    const Nat a = random_nat(rng, n);
    const auto b = be_bytes(a);
    Nat out(n, 0x55);
    ASSERT_TRUE(nat_from_be_bytes(out, b));
    EXPECT_EQ(out, a) << n << " limbs, exact length";
    // Shorter input: zero-extended (drop the top 3 bytes).
    Nat expect = a;
    expect[n - 1] &= static_cast<Limb>(kAllOnes >> 24);
    ASSERT_TRUE(nat_from_be_bytes(out, std::span(b).subspan(3)));
    EXPECT_EQ(out, expect) << n << " limbs, short";
    // Longer input whose excess bytes are zero: accepted.
    std::vector<std::uint8_t> longer(5, 0);
    longer.insert(longer.end(), b.begin(), b.end());
    ASSERT_TRUE(nat_from_be_bytes(out, longer));
    EXPECT_EQ(out, a) << n << " limbs, zero excess";
    // Longer input with any nonzero excess byte: rejected, output zeroed.
    for (std::size_t pos : {0u, 2u, 4u}) {
      auto bad = longer;
      bad[pos] = pos == 2 ? 0x80 : 0x01;
      Nat o2(n, 0x77);
      EXPECT_FALSE(nat_from_be_bytes(o2, bad)) << n << " limbs, excess byte " << pos;
      EXPECT_EQ(o2, Nat(n, 0)) << "output not zeroed";
    }
  }
  Nat out(2, 9);
  EXPECT_TRUE(nat_from_be_bytes(out, std::span<const std::uint8_t>()));
  EXPECT_EQ(out, Nat(2, 0));
  const std::uint8_t zero[3] = {0, 0, 0}, one[3] = {0, 0, 1};
  EXPECT_TRUE(nat_from_be_bytes(NatSpan(), zero));
  EXPECT_FALSE(nat_from_be_bytes(NatSpan(), one));
}

TEST(NatBytes, ToBeBytes) {
  std::mt19937_64 rng(2);
  for (std::size_t n : {1u, 3u, 16u, 63u}) {
    const Nat a = random_nat(rng, n);
    const auto b = be_bytes(a);
    std::vector<std::uint8_t> out(b.size());
    nat_to_be_bytes(out, a);
    EXPECT_EQ(out, b);
    // Longer: left-padded with zeros.
    std::vector<std::uint8_t> wide(b.size() + 9, 0xEE);
    nat_to_be_bytes(wide, a);
    EXPECT_EQ(std::vector<std::uint8_t>(wide.begin(), wide.begin() + 9), std::vector<std::uint8_t>(9, 0));
    EXPECT_EQ(std::vector<std::uint8_t>(wide.begin() + 9, wide.end()), b);
    // Shorter: the low-order bytes (5 fewer, or all but one of a one-limb value's 4 bytes
    // with 32-bit limbs).
    const std::size_t cut = std::min<std::size_t>(5, b.size() - 1);
    std::vector<std::uint8_t> narrow(b.size() - cut);
    nat_to_be_bytes(narrow, a);
    EXPECT_EQ(narrow, std::vector<std::uint8_t>(b.begin() + static_cast<std::ptrdiff_t>(cut), b.end()));
    // Round trip.
    Nat back(n);
    ASSERT_TRUE(nat_from_be_bytes(back, out));
    EXPECT_EQ(back, a);
  }
}

TEST(NatMasks, ZeroEqLtSelect) {
  const Limb top = static_cast<Limb>(Limb{1} << (kLimbBits - 1));
  EXPECT_EQ(nat_is_zero_mask(Nat{0, 0, 0}), kAllOnes);
  EXPECT_EQ(nat_is_zero_mask(Nat{1, 0, 0}), Limb{0});
  EXPECT_EQ(nat_is_zero_mask(Nat{0, 0, top}), Limb{0});
  EXPECT_EQ(nat_is_zero_mask(Nat{kAllOnes}), Limb{0});
  EXPECT_EQ(nat_is_zero_mask(Nat{}), kAllOnes);
  EXPECT_EQ(nat_eq_mask(Nat{1, 2, 3}, Nat{1, 2, 3}), kAllOnes);
  EXPECT_EQ(nat_eq_mask(Nat{1, 2, 3}, Nat{1, 2, 3 ^ top}), Limb{0});
  EXPECT_EQ(nat_eq_mask(Nat{0, 2, 3}, Nat{1, 2, 3}), Limb{0});
  EXPECT_EQ(nat_lt_mask(Nat{1, 2, 3}, Nat{1, 2, 3}), Limb{0});
  EXPECT_EQ(nat_lt_mask(Nat{0, 2, 3}, Nat{1, 2, 3}), kAllOnes);
  EXPECT_EQ(nat_lt_mask(Nat{kAllOnes, 2, 2}, Nat{0, 0, 3}), kAllOnes);
  EXPECT_EQ(nat_lt_mask(Nat{0, 0, 3}, Nat{kAllOnes, 2, 2}), Limb{0});
  EXPECT_EQ(nat_lt_mask(Nat{kAllOnes, kAllOnes}, Nat{0, 0}), Limb{0});
  Nat r{1, 2, 3};
  nat_select(r, Nat{7, 8, 9}, 0);
  EXPECT_EQ(r, (Nat{1, 2, 3}));
  nat_select(r, Nat{7, 8, 9}, kAllOnes);
  EXPECT_EQ(r, (Nat{7, 8, 9}));
}

TEST(NatMasks, AddSubResizeBitLength) {
  Nat r(2);
  EXPECT_EQ(nat_add(r, Nat{kAllOnes, kAllOnes}, Nat{1, 0}), Limb{1});
  EXPECT_EQ(r, (Nat{0, 0}));
  EXPECT_EQ(nat_add(r, Nat{kAllOnes, 0}, Nat{1, 0}), Limb{0});
  EXPECT_EQ(r, (Nat{0, 1}));
  EXPECT_EQ(nat_sub(r, Nat{0, 0}, Nat{1, 0}), Limb{1});
  EXPECT_EQ(r, (Nat{kAllOnes, kAllOnes}));
  EXPECT_EQ(nat_sub(r, Nat{0, 1}, Nat{1, 0}), Limb{0});
  EXPECT_EQ(r, (Nat{kAllOnes, 0}));
  Nat wide(4, 9), narrow(1, 9);
  EXPECT_TRUE(nat_resize(wide, Nat{5, 6}));
  EXPECT_EQ(wide, (Nat{5, 6, 0, 0}));
  EXPECT_TRUE(nat_resize(narrow, Nat{5, 0, 0}));
  EXPECT_EQ(narrow, (Nat{5}));
  EXPECT_FALSE(nat_resize(narrow, Nat{5, 0, 1}));
  EXPECT_EQ(nat_bit_length_vartime(Nat{0, 0}), 0u);
  EXPECT_EQ(nat_bit_length_vartime(Nat{1, 0}), 1u);
  EXPECT_EQ(nat_bit_length_vartime(Nat{0, 1}), kLimbBits + 1);
  EXPECT_EQ(nat_bit_length_vartime(Nat{0, kAllOnes}), 2 * kLimbBits);
}

TEST(NatMont, InitRejectsBadModuli) {
  MontModulus mod;
  EXPECT_FALSE(mont_init(mod, NatView()));                          // no limbs
  EXPECT_FALSE(mont_init(mod, Nat{1}));                             // m = 1
  EXPECT_FALSE(mont_init(mod, Nat{0}));                             // m = 0
  EXPECT_FALSE(mont_init(mod, Nat{2}));                             // even
  EXPECT_FALSE(mont_init(mod, Nat{kAllOnes - 1, 5}));               // even, two limbs
  EXPECT_FALSE(mont_init(mod, Nat{3, 0}));                          // zero top limb
  EXPECT_FALSE(mont_init(mod, Nat{1, 0}));                          // 1 with a zero top limb
  EXPECT_FALSE(mont_init(mod, Nat(kNatMaxLimbs + 1, kAllOnes)));    // oversized
  EXPECT_TRUE(mont_init(mod, Nat(kNatMaxLimbs, kAllOnes)));         // the largest
  EXPECT_TRUE(mont_init(mod, Nat{3}));
  EXPECT_TRUE(mont_init(mod, Nat{1, 1}));                           // 2^w + 1
  EXPECT_TRUE(mont_init(mod, Nat{kAllOnes}));
}

#if TESSERA_TEST_HAVE_OPENSSL

INSTANTIATE_TEST_SUITE_P(Kernels, NatMontTest, ::testing::Values(Kernel::portable, Kernel::mulx, Kernel::ifma),
                         kernel_name);


TEST_P(NatMontTest, InitConstants) {
  for (const Nat& m : test_moduli()) {
    MontModulus mod;
    if (!init(mod, m)) continue;
    Model md(m);
    const std::size_t n = m.size();
    EXPECT_EQ(Nat(mod.one, mod.one + n), md.mod(md.r.get())) << "R mod m, m = " << hex(m);
    Bn r2 = bn_new();
    BN_sqr(r2.get(), md.r.get(), md.ctx.get());
    EXPECT_EQ(Nat(mod.rr, mod.rr + n), md.mod(r2.get())) << "R^2 mod m, m = " << hex(m);
    EXPECT_EQ(static_cast<Limb>(mod.m0inv * m[0]), kAllOnes) << "m' m = -1 mod 2^w";
    EXPECT_EQ(mod.n, n);
  }
}

TEST_P(NatMontTest, MontMul) {
  std::mt19937_64 rng(10);
  for (const Nat& m : test_moduli()) {
    MontModulus mod;
    if (!init(mod, m)) continue;
    Model md(m);
    const std::size_t n = m.size();
    std::vector<Nat> as = {Nat(n, 0), Nat(n, 0), minus_one(m), Nat(n, kAllOnes)};
    as[1][0] = 1;
    std::vector<Nat> bs = {Nat(n, 0), as[1], minus_one(m)};
    for (int i = 0; i < 6; ++i) {
      as.push_back(random_nat(rng, n));  // any value below R
      bs.push_back(below(rng, md));
    }
    for (const Nat& a : as) {
      for (const Nat& b : bs) {
        Bn ab = bn_new(), ba = bn(a), bb = bn(b);
        BN_mul(ab.get(), ba.get(), bb.get(), md.ctx.get());
        const Nat expect = md.times_r(ab.get(), -1);
        Nat r(n);
        mont_mul(r, a, b, mod);
        ASSERT_EQ(r, expect) << "m = " << hex(m) << "\na = " << hex(a) << "\nb = " << hex(b);
        Nat alias_a = a, alias_b = b;
        mont_mul(alias_a, alias_a, b, mod);
        mont_mul(alias_b, a, alias_b, mod);
        ASSERT_EQ(alias_a, expect) << "r aliasing a";
        ASSERT_EQ(alias_b, expect) << "r aliasing b";
      }
    }
  }
}

TEST_P(NatMontTest, FromNatAndToNat) {
  std::mt19937_64 rng(11);
  for (const Nat& m : test_moduli()) {
    MontModulus mod;
    if (!init(mod, m)) continue;
    Model md(m);
    const std::size_t n = m.size();
    std::vector<Nat> xs;
    for (std::size_t len = 1; len <= 2 * n + 1; ++len) {
      if (n > 3 && len > 2 && len != n - 1 && len != n && len != n + 1 && len < 2 * n - 1) continue;
      xs.push_back(random_nat(rng, len));
    }
    xs.push_back(m);                       // x = m
    xs.push_back(Nat(2 * n + 1, kAllOnes));  // the largest of 2n + 1 limbs
    for (std::size_t klimbs : {std::size_t{1}, n, n + 1}) {  // x = k m, k of 1, n and n + 1 limbs
      Bn k = bn(random_nat(rng, klimbs)), km = bn_new();
      BN_mul(km.get(), k.get(), md.m.get(), md.ctx.get());
      xs.push_back(nat(km.get(), n + klimbs));
    }
    for (const Nat& x : xs) {
      Bn bx = bn(x);
      const Nat expect = md.times_r(bx.get(), 1);
      Nat r(n);
      mont_from_nat(r, x, mod);
      ASSERT_EQ(r, expect) << "m = " << hex(m) << "\nx = " << hex(x) << " (" << x.size() << " limbs)";
      // And back: x mod m.
      Nat back(n);
      mont_to_nat(back, r, mod);
      ASSERT_EQ(back, md.mod(bx.get())) << "mont_to_nat(mont_from_nat(x)), x = " << hex(x);
    }
    // mont_to_nat of any value below R: a R^-1 mod m.
    for (const Nat& a : {random_nat(rng, n), Nat(n, kAllOnes), minus_one(m), m}) {
      Bn ba = bn(a);
      Nat r(n);
      mont_to_nat(r, a, mod);
      ASSERT_EQ(r, md.times_r(ba.get(), -1)) << "mont_to_nat, a = " << hex(a);
    }
  }
}

TEST_P(NatMontTest, ModAddSub) {
  std::mt19937_64 rng(12);
  for (const Nat& m : test_moduli()) {
    MontModulus mod;
    if (!init(mod, m)) continue;
    Model md(m);
    const std::size_t n = m.size();
    Nat one(n, 0);
    one[0] = 1;
    std::vector<Nat> vs = {Nat(n, 0), one, minus_one(m), below(rng, md), below(rng, md)};
    if (!(n == 1 && m[0] == 3)) {
      Nat m2 = minus_one(m);
      m2[0] -= 1;  // m - 2 (m odd and > 2: no borrow)
      vs.push_back(m2);
    }
    for (const Nat& a : vs) {
      for (const Nat& b : vs) {
        Bn ba = bn(a), bb = bn(b), s = bn_new(), d = bn_new();
        BN_mod_add(s.get(), ba.get(), bb.get(), md.m.get(), md.ctx.get());
        BN_mod_sub(d.get(), ba.get(), bb.get(), md.m.get(), md.ctx.get());
        Nat r(n);
        mod_add(r, a, b, mod);
        ASSERT_EQ(r, nat(s.get(), n)) << "mod_add m = " << hex(m) << "\na = " << hex(a) << "\nb = " << hex(b);
        mod_sub(r, a, b, mod);
        ASSERT_EQ(r, nat(d.get(), n)) << "mod_sub m = " << hex(m) << "\na = " << hex(a) << "\nb = " << hex(b);
        Nat alias = a;
        mod_add(alias, alias, b, mod);
        ASSERT_EQ(alias, nat(s.get(), n)) << "mod_add aliasing";
        alias = b;
        mod_sub(alias, a, alias, mod);
        ASSERT_EQ(alias, nat(d.get(), n)) << "mod_sub aliasing";
      }
    }
  }
}
TEST(NatArith, MulAgainstBnMul) {
  std::mt19937_64 rng(20);
  Ctx ctx(BN_CTX_new());
  const std::pair<std::size_t, std::size_t> shapes[] = {{1, 1}, {1, 5}, {3, 2}, {2, 3}, {16, 16}, {17, 63},
                                                        {64, 64}, {64, 1}, {24, 48}};
  for (const auto& [la, lb] : shapes) {
    for (int kind = 0; kind < 3; ++kind) {
      const Nat a = kind == 1 ? Nat(la, kAllOnes) : random_nat(rng, la);
      const Nat b = kind == 1 ? Nat(lb, kAllOnes) : kind == 2 ? Nat(lb, 0) : random_nat(rng, lb);
      Bn ba = bn(a), bb = bn(b), p = bn_new();
      BN_mul(p.get(), ba.get(), bb.get(), ctx.get());
      Nat r(la + lb, 0x33);
      nat_mul(r, a, b);
      ASSERT_EQ(r, nat(p.get(), la + lb)) << "a = " << hex(a) << "\nb = " << hex(b);
    }
  }
}

TEST(NatArith, ModAndDivmodAgainstBnDiv) {
  std::mt19937_64 rng(21);
  Ctx ctx(BN_CTX_new());
  for (std::size_t mn : {1u, 2u, 17u, 32u}) {
    for (std::size_t xn : {std::size_t{1}, mn, 2 * mn + 1}) {
      for (int kind = 0; kind < 4; ++kind) {
        Nat m = random_nat(rng, mn);
        if (kind == 1) m[0] &= ~Limb{1};  // even
        if (kind == 2) {  // m = 1
          m = Nat(mn, 0);
          m[0] = 1;
        }
        if (kind == 3 && mn > 1) m[mn - 1] = 0;  // zero top limb (smaller than its length)
        if (nat_is_zero_mask(m) != 0) m[0] = 3;
        const Nat x = random_nat(rng, xn);
        Bn bm = bn(m), bx = bn(x), q = bn_new(), rem = bn_new();
        BN_div(q.get(), rem.get(), bx.get(), bm.get(), ctx.get());
        Nat r(mn), qq(xn);
        nat_mod(r, x, m);
        ASSERT_EQ(r, nat(rem.get(), mn)) << "nat_mod x = " << hex(x) << "\nm = " << hex(m);
        nat_divmod(qq, r, x, m);
        ASSERT_EQ(r, nat(rem.get(), mn)) << "nat_divmod r";
        ASSERT_EQ(qq, nat(q.get(), xn)) << "nat_divmod q";
      }
    }
  }
}

// nat_jacobi_vartime against OpenSSL's BN_kronecker: random a (and a = 0, 1, n - 1, n,
// multiples of a factor of n) for odd n of several sizes, prime or not.
TEST(NatArith, JacobiAgainstBnKronecker) {
  std::mt19937_64 rng(0x1ac0b1);
  Ctx ctx{BN_CTX_new()};
  for (const Nat& n : test_moduli()) {
    if (n.size() == 1 && n[0] == 1) continue;
    Bn bnn = bn(n);
    for (int i = 0; i < 12; ++i) {
      Nat a = random_nat(rng, n.size());
      if (i == 0) a = Nat(n.size(), 0);
      if (i == 1) a = Nat(n.size(), 0), a[0] = 1;
      if (i == 2) a = n, a[0] &= ~Limb{1};  // n - 1
      Bn ba = bn(a);
      BN_nnmod(ba.get(), ba.get(), bnn.get(), ctx.get());
      const Nat ar = nat(ba.get(), n.size());
      ASSERT_EQ(nat_jacobi_vartime(ar, n), BN_kronecker(ba.get(), bnn.get(), ctx.get()))
          << "a = " << hex(ar) << "\nn = " << hex(n);
    }
  }
}

#else

TEST(NatMontTest, Differential) { GTEST_SKIP() << "OpenSSL libcrypto >= 3.0 not found: no BIGNUM model"; }

#endif

}  // namespace
