// GF(2^255 - 19) arithmetic (src/ec/field25519_64.hpp, field25519_32.hpp) against OpenSSL's
// BIGNUM as the independent model: random and edge values (0, 1, p - 1, p, p + 1, 2^255 - 1,
// values just above p, bit 255 set), the ladder's compositions (sums and differences of
// products fed back into products), and limbs at the documented input bounds. Both paths
// run on every host: the 32-bit one needs no unsigned __int128 but runs on x86-64 too.
#include "ec/field25519_32.hpp"
#include "ec/field25519_64.hpp"
#if defined(__x86_64__)
#include "ec/field25519_mulx.hpp"  // x86-64 only
#endif
#include "cpu/features.hpp"
#include "ec/x25519_ladder.hpp"

#include "support/hex.hpp"
#include "support/openssl_bn.hpp"

#include <gtest/gtest.h>
#include <openssl/bn.h>

#include <array>
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

namespace {

using namespace tessera::ec;
using Enc = std::array<std::uint8_t, 32>;

using tessera::test::Bn;

Bn bn() { return Bn(BN_new()); }
Bn bn_le(const std::uint8_t* s, int n) { return Bn(BN_lebin2bn(s, n, nullptr)); }

BN_CTX* ctx() {
  static tessera::test::BnCtx c(BN_CTX_new());
  return c.get();
}

const BIGNUM* p() {
  static Bn v = [] {
    Bn r = bn();
    BN_set_bit(r.get(), 255);
    BN_sub_word(r.get(), 19);
    return r;
  }();
  return v.get();
}

// The value an encoding stands for: bit 255 ignored (RFC 7748, Section 5), reduced mod p.
Bn decoded(const Enc& s) {
  Enc m = s;
  m[31] &= 0x7f;
  Bn r = bn_le(m.data(), 32);
  BN_nnmod(r.get(), r.get(), p(), ctx());
  return r;
}

Enc encode(const BIGNUM* v) {
  Enc e{};
  EXPECT_EQ(BN_bn2lebinpad(v, e.data(), 32), 32);
  return e;
}

Enc from_bn_value(const char* hex_be) {
  BIGNUM* b = nullptr;
  BN_hex2bn(&b, hex_be);
  Bn v(b);
  return encode(v.get());
}

// Edge encodings: 0, 1, 2, 19, p - 1, p, p + 1, p + 18 = 2^255 - 1, 2^255 - 20, values
// just above p, and the same with bit 255 set.
std::vector<Enc> edge_values() {
  std::vector<Enc> v;
  const char* hexes[] = {
      "0", "1", "2", "13", "12",
      "7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEC",  // p - 1
      "7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFED",  // p
      "7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEE",  // p + 1
      "7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF0",  // p + 3
      "7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",  // 2^255 - 1
      "7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFD9",  // p - 20
      "4000000000000000000000000000000000000000000000000000000000000000",  // 2^254
      "0008000000000000000000000000000000000000000000000000000000000000",  // 2^243 (limb edges)
      "7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFE",
      "0000000000000000000000000000000000000000000000000007FFFFFFFFFFFF",  // 2^51 - 1
      "0000000000000000000000000000000000000000000000000008000000000000",  // 2^51
      "0000000000000000000000000000000000000000000000000000000003FFFFFF",  // 2^26 - 1
  };
  for (const char* h : hexes) {
    Enc e = from_bn_value(h);
    v.push_back(e);
    e[31] |= 0x80;  // bit 255 set: must be ignored
    v.push_back(e);
  }
  Enc all_ones;
  all_ones.fill(0xff);  // 2^256 - 1: decodes as 2^255 - 1
  v.push_back(all_ones);
  return v;
}

std::vector<Enc> test_values(std::mt19937& rng, int random_count) {
  std::vector<Enc> v = edge_values();
  for (int i = 0; i < random_count; ++i) {
    Enc e;
    for (auto& b : e) b = static_cast<std::uint8_t>(rng());
    v.push_back(e);
  }
  return v;
}

// Bit offset of limb i, to rebuild a BIGNUM from raw (unreduced) limbs.
int limb_offset(const field25519_64::Fe&, int i) { return 51 * i; }
int limb_offset(const field25519_32::Fe&, int i) { return field25519_32::Field::kOffset[i]; }
#if defined(__x86_64__)
int limb_offset(const field25519_mulx::Fe&, int i) { return 64 * i; }
#endif

template <class Fe>
Bn from_limbs(const Fe& f) {
  Bn r = bn();
  BN_zero(r.get());
  constexpr int n = sizeof(f.v) / sizeof(f.v[0]);
  for (int i = 0; i < n; ++i) {
    Bn limb = bn();
    BN_set_word(limb.get(), f.v[i]);
    BN_lshift(limb.get(), limb.get(), limb_offset(f, i));
    BN_add(r.get(), r.get(), limb.get());
  }
  BN_nnmod(r.get(), r.get(), p(), ctx());
  return r;
}

template <class F>
Enc out(const typename F::Fe& f) {
  Enc e{};
  F::to_bytes(e.data(), f);
  return e;
}

// The MULX/ADX field runs where the CPU has BMI2 and ADX, else SKIPs with the reason.
// (x86-64 only: other targets have no MULX field and test the two portable ones.)
#if defined(__x86_64__)
template <class F>
class Field25519 : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::is_same_v<F, field25519_mulx::Field> && !(tessera::cpu::features().bmi2 && tessera::cpu::features().adx))
      GTEST_SKIP() << "the CPU lacks BMI2 or ADX";
  }
};
using Fields = ::testing::Types<field25519_64::Field, field25519_32::Field, field25519_mulx::Field>;
#else
template <class F>
class Field25519 : public ::testing::Test {};
using Fields = ::testing::Types<field25519_64::Field, field25519_32::Field>;
#endif
class FieldNames {
 public:
  template <class T>
  static std::string GetName(int) {
    if (std::is_same_v<T, field25519_64::Field>) return "radix51";
    if (std::is_same_v<T, field25519_32::Field>) return "radix25_5";
    return "mulx";
  }
};
TYPED_TEST_SUITE(Field25519, Fields, FieldNames);

TYPED_TEST(Field25519, DecodeEncodeReducesAndIgnoresTopBit) {
  using F = TypeParam;
  std::mt19937 rng(1);
  for (const Enc& s : test_values(rng, 200)) {
    typename F::Fe f;
    F::from_bytes(f, s.data());
    EXPECT_EQ(out<F>(f), encode(decoded(s).get())) << tessera::test::to_hex(s);
    EXPECT_EQ(out<F>(f)[31] & 0x80, 0);
  }
}

TYPED_TEST(Field25519, AddSubMulSqrAgainstBignum) {
  using F = TypeParam;
  std::mt19937 rng(2);
  const std::vector<Enc> vals = test_values(rng, 40);
  Bn want = bn();
  for (const Enc& a : vals) {
    for (const Enc& b : vals) {
      typename F::Fe fa, fb, h;
      F::from_bytes(fa, a.data());
      F::from_bytes(fb, b.data());
      const Bn ba = decoded(a), bb = decoded(b);
      F::add(h, fa, fb);
      BN_mod_add(want.get(), ba.get(), bb.get(), p(), ctx());
      ASSERT_EQ(out<F>(h), encode(want.get())) << "add";
      F::sub(h, fa, fb);
      BN_mod_sub(want.get(), ba.get(), bb.get(), p(), ctx());
      ASSERT_EQ(out<F>(h), encode(want.get())) << "sub";
      F::mul(h, fa, fb);
      BN_mod_mul(want.get(), ba.get(), bb.get(), p(), ctx());
      ASSERT_EQ(out<F>(h), encode(want.get())) << "mul";
    }
    typename F::Fe fa, h;
    F::from_bytes(fa, a.data());
    const Bn ba = decoded(a);
    F::sqr(h, fa);
    BN_mod_sqr(want.get(), ba.get(), p(), ctx());
    ASSERT_EQ(out<F>(h), encode(want.get())) << "sqr";
    F::mul_small(h, fa, tessera::ec::x25519_detail::kA24);
    BN_copy(want.get(), ba.get());
    BN_mul_word(want.get(), 121665);
    BN_nnmod(want.get(), want.get(), p(), ctx());
    ASSERT_EQ(out<F>(h), encode(want.get())) << "mul_small";
  }
}

// The shapes the ladder produces: products, their sums and differences, those multiplied
// and squared again, E * (AA + a24 E), and to_bytes of unreduced sums and differences.
TYPED_TEST(Field25519, LadderCompositions) {
  using F = TypeParam;
  std::mt19937 rng(3);
  const std::vector<Enc> vals = test_values(rng, 300);
  Bn m1 = bn(), m2 = bn(), s = bn(), d = bn(), want = bn(), t = bn();
  for (std::size_t i = 0; i + 3 < vals.size(); ++i) {
    typename F::Fe a, b, c, e, pm1, pm2, sum, dif, h, k;
    F::from_bytes(a, vals[i].data());
    F::from_bytes(b, vals[i + 1].data());
    F::from_bytes(c, vals[i + 2].data());
    F::from_bytes(e, vals[i + 3].data());
    F::mul(pm1, a, b);
    F::sqr(pm2, c);
    F::mul(pm2, pm2, e);
    BN_mod_mul(m1.get(), decoded(vals[i]).get(), decoded(vals[i + 1]).get(), p(), ctx());
    BN_mod_sqr(m2.get(), decoded(vals[i + 2]).get(), p(), ctx());
    BN_mod_mul(m2.get(), m2.get(), decoded(vals[i + 3]).get(), p(), ctx());
    F::add(sum, pm1, pm2);
    F::sub(dif, pm1, pm2);
    BN_mod_add(s.get(), m1.get(), m2.get(), p(), ctx());
    BN_mod_sub(d.get(), m1.get(), m2.get(), p(), ctx());
    ASSERT_EQ(out<F>(sum), encode(s.get()));
    ASSERT_EQ(out<F>(dif), encode(d.get()));
    F::mul(h, sum, dif);
    BN_mod_mul(want.get(), s.get(), d.get(), p(), ctx());
    ASSERT_EQ(out<F>(h), encode(want.get())) << "(m1 + m2)(m1 - m2)";
    F::sqr(h, dif);
    BN_mod_sqr(want.get(), d.get(), p(), ctx());
    ASSERT_EQ(out<F>(h), encode(want.get())) << "(m1 - m2)^2";
    F::sqr(h, sum);
    BN_mod_sqr(want.get(), s.get(), p(), ctx());
    ASSERT_EQ(out<F>(h), encode(want.get())) << "(m1 + m2)^2";
    // z_2 = E * (AA + a24 * E) with E = m1 - m2, AA = m1.
    F::mul_small(k, dif, tessera::ec::x25519_detail::kA24);
    F::add(k, pm1, k);
    F::mul(h, dif, k);
    BN_copy(t.get(), d.get());
    BN_mul_word(t.get(), 121665);
    BN_mod_add(t.get(), t.get(), m1.get(), p(), ctx());
    BN_mod_mul(want.get(), d.get(), t.get(), p(), ctx());
    ASSERT_EQ(out<F>(h), encode(want.get())) << "E (AA + a24 E)";
  }
}

// Limbs at (just below) the largest input the header allows: no column overflows.
TYPED_TEST(Field25519, MulAtInputBounds) {
  using F = TypeParam;
  typename F::Fe f, g, h;
  constexpr int n = sizeof(f.v) / sizeof(f.v[0]);
  using Limb = std::remove_reference_t<decltype(f.v[0])>;
  std::mt19937 rng(4);
  for (int round = 0; round < 200; ++round) {
    for (int i = 0; i < n; ++i) {
      Limb bound;
      if constexpr (n == 4) {
        bound = ~Limb{0};  // saturated limbs: any 256-bit value
      } else if constexpr (n == 5) {
        bound = (Limb{1} << 54) - 1;
      } else {
        bound = 3 * ((i & 1) ? (Limb{1} << 25) : (Limb{1} << 26)) - 1;
      }
      // Mostly the maximum, sometimes a random value below it.
      f.v[i] = (round == 0 || rng() % 4) ? bound : static_cast<Limb>((std::uint64_t{rng()} << 32 | rng()) % bound);
      g.v[i] = (round == 0 || rng() % 4) ? bound : static_cast<Limb>((std::uint64_t{rng()} << 32 | rng()) % bound);
    }
    const Bn bf = from_limbs(f), bg = from_limbs(g);
    Bn want = bn();
    F::mul(h, f, g);
    BN_mod_mul(want.get(), bf.get(), bg.get(), p(), ctx());
    ASSERT_EQ(out<F>(h), encode(want.get())) << "mul, round " << round;
    F::sqr(h, f);
    BN_mod_sqr(want.get(), bf.get(), p(), ctx());
    ASSERT_EQ(out<F>(h), encode(want.get())) << "sqr, round " << round;
    F::mul_small(h, f, tessera::ec::x25519_detail::kA24);
    BN_copy(want.get(), bf.get());
    BN_mul_word(want.get(), 121665);
    BN_nnmod(want.get(), want.get(), p(), ctx());
    ASSERT_EQ(out<F>(h), encode(want.get())) << "mul_small, round " << round;
    ASSERT_EQ(out<F>(f), encode(bf.get())) << "to_bytes, round " << round;
    if constexpr (n == 4) {
      // Saturated limbs: add and sub take any 256-bit values too (double carries/borrows).
      F::add(h, f, g);
      BN_mod_add(want.get(), bf.get(), bg.get(), p(), ctx());
      ASSERT_EQ(out<F>(h), encode(want.get())) << "add, round " << round;
      F::sub(h, f, g);
      BN_mod_sub(want.get(), bf.get(), bg.get(), p(), ctx());
      ASSERT_EQ(out<F>(h), encode(want.get())) << "sub, round " << round;
      typename F::Fe z;
      F::zero(z);
      F::sub(h, z, f);  // 0 - (near 2^256): borrows twice
      BN_mod_sub(want.get(), BN_value_one(), BN_value_one(), p(), ctx());
      BN_mod_sub(want.get(), want.get(), bf.get(), p(), ctx());
      ASSERT_EQ(out<F>(h), encode(want.get())) << "0 - f, round " << round;
    }
  }
}

TYPED_TEST(Field25519, InvertIsFermat) {
  using F = TypeParam;
  std::mt19937 rng(5);
  Bn want = bn();
  for (const Enc& s : test_values(rng, 30)) {
    typename F::Fe f, h;
    F::from_bytes(f, s.data());
    tessera::ec::x25519_detail::invert<F>(h, f);
    const Bn v = decoded(s);
    if (BN_is_zero(v.get())) {
      BN_zero(want.get());  // 0^(p-2) = 0
    } else {
      ASSERT_NE(BN_mod_inverse(want.get(), v.get(), p(), ctx()), nullptr);
    }
    ASSERT_EQ(out<F>(h), encode(want.get())) << tessera::test::to_hex(s);
  }
}

TYPED_TEST(Field25519, CswapSwapsOnlyOnOne) {
  using F = TypeParam;
  std::mt19937 rng(6);
  const std::vector<Enc> vals = test_values(rng, 4);
  typename F::Fe a, b;
  F::from_bytes(a, vals.back().data());
  F::from_bytes(b, vals[vals.size() - 2].data());
  const Enc ea = out<F>(a), eb = out<F>(b);
  ASSERT_NE(ea, eb);
  F::cswap(a, b, 0);
  EXPECT_EQ(out<F>(a), ea);
  EXPECT_EQ(out<F>(b), eb);
  F::cswap(a, b, 1);
  EXPECT_EQ(out<F>(a), eb);
  EXPECT_EQ(out<F>(b), ea);
}

}  // namespace
