// src/bignum against OpenSSL's BIGNUM as the model, for both limb widths (32-bit limbs are
// the microcontroller path; on x86-64 they are instantiated here directly) and for the
// moduli the curves use (P-256 / P-384 p and n) plus random odd moduli.
#include "bignum/montgomery.hpp"
#include "bignum/uint.hpp"
#include "support/openssl_bn.hpp"

#include <openssl/bn.h>

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

using tessera::bignum::Modulus;
using tessera::bignum::Uint;

using tessera::test::Bn;
using tessera::test::from_bn;
using tessera::test::to_bn;

template <class L, std::size_t N>
std::string hex(const Uint<L, N>& a) {
  Bn b = to_bn(a);
  char* s = BN_bn2hex(b.get());
  std::string out(s);
  OPENSSL_free(s);
  return out;
}

// The published moduli (SP 800-186): P-256 p and n, P-384 p and n.
const char* const kMod256[] = {"ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
                               "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"};
const char* const kMod384[] = {
    "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff",
    "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973"};

template <class L, std::size_t N>
Uint<L, N> parse_hex(const char* h) {
  BIGNUM* b = nullptr;
  BN_hex2bn(&b, h);
  Bn owned(b);
  return from_bn<L, N>(b);
}

template <class L, std::size_t N>
Modulus<L, N> runtime_modulus(const Uint<L, N>& m) {
  return tessera::bignum::make_modulus(m);
}

template <class T>
class BignumTest : public ::testing::Test {};
template <class L, std::size_t N>
struct Shape {
  using Limb = L;
  static constexpr std::size_t limbs = N;
};
using Shapes = ::testing::Types<Shape<std::uint64_t, 4>, Shape<std::uint32_t, 8>, Shape<std::uint64_t, 6>,
                                Shape<std::uint32_t, 12>>;
TYPED_TEST_SUITE(BignumTest, Shapes);

// The moduli for this size: the curve primes and orders, then random odd full-size ones.
template <class L, std::size_t N>
std::vector<Uint<L, N>> moduli(std::mt19937_64& rng) {
  std::vector<Uint<L, N>> out;
  const char* const* fixed = (N * sizeof(L) == 32) ? kMod256 : kMod384;
  for (int i = 0; i < 2; ++i) out.push_back(parse_hex<L, N>(fixed[i]));
  for (int i = 0; i < 3; ++i) {
    Uint<L, N> m{};
    for (auto& v : m.v) v = static_cast<L>(rng());
    m.v[0] |= 1;
    if (i == 2) m.v[N - 1] &= static_cast<L>(~(L{1} << (sizeof(L) * 8 - 1)));  // top bit clear too
    out.push_back(m);
  }
  return out;
}

// Values in [0, m): edge values and random ones.
template <class L, std::size_t N>
std::vector<Uint<L, N>> values(const Uint<L, N>& m, std::mt19937_64& rng, BN_CTX* ctx) {
  std::vector<Uint<L, N>> out;
  Uint<L, N> v{};
  out.push_back(v);  // 0
  v.v[0] = 1;
  out.push_back(v);  // 1
  v.v[0] = 2;
  out.push_back(v);  // 2
  out.push_back(tessera::bignum::minus_small(m, L{1}));  // m - 1
  out.push_back(tessera::bignum::minus_small(m, L{2}));  // m - 2
  Bn bm = to_bn(m);
  for (int i = 0; i < 40; ++i) {
    Uint<L, N> r{};
    for (auto& x : r.v) x = static_cast<L>(rng());
    Bn br = to_bn(r);
    BN_nnmod(br.get(), br.get(), bm.get(), ctx);
    out.push_back(from_bn<L, N>(br.get()));
  }
  return out;
}

TYPED_TEST(BignumTest, ModularArithmeticMatchesOpenSsl) {
  using L = typename TypeParam::Limb;
  constexpr std::size_t N = TypeParam::limbs;
  std::mt19937_64 rng(0x5eed0000u + N * sizeof(L));
  tessera::test::BnCtx ctx(BN_CTX_new());
  for (const auto& m : moduli<L, N>(rng)) {
    const Modulus<L, N> mod = runtime_modulus(m);
    Bn bm = to_bn(m);
    // R = 2^(wN); the constants against the model.
    Bn r(BN_new()), r_inv(BN_new()), t(BN_new()), u(BN_new());
    BN_one(r.get());
    BN_lshift(r.get(), r.get(), static_cast<int>(N * sizeof(L) * 8));
    BN_nnmod(t.get(), r.get(), bm.get(), ctx.get());
    EXPECT_EQ(hex(mod.r_mod), hex(from_bn<L, N>(t.get())));
    BN_mod_mul(t.get(), r.get(), r.get(), bm.get(), ctx.get());
    EXPECT_EQ(hex(mod.r2_mod), hex(from_bn<L, N>(t.get())));
    EXPECT_EQ(static_cast<L>(mod.m0inv * m.v[0]), static_cast<L>(~L{0}));  // -m^-1 * m = -1
    ASSERT_NE(BN_mod_inverse(r_inv.get(), r.get(), bm.get(), ctx.get()), nullptr);

    const auto vals = values<L, N>(m, rng, ctx.get());
    for (std::size_t i = 0; i < vals.size(); ++i) {
      const auto& a = vals[i];
      const auto& b = vals[(i * 7 + 3) % vals.size()];
      Bn ba = to_bn(a), bb = to_bn(b);
      Uint<L, N> got{};
      tessera::bignum::add_mod(got, a, b, m);
      BN_mod_add(t.get(), ba.get(), bb.get(), bm.get(), ctx.get());
      EXPECT_EQ(hex(got), hex(from_bn<L, N>(t.get()))) << "add " << hex(a) << " " << hex(b);
      tessera::bignum::sub_mod(got, a, b, m);
      BN_mod_sub(t.get(), ba.get(), bb.get(), bm.get(), ctx.get());
      EXPECT_EQ(hex(got), hex(from_bn<L, N>(t.get()))) << "sub " << hex(a) << " " << hex(b);
      // mont_mul(a, b) = a b R^-1 mod m.
      tessera::bignum::mont_mul(got, a, b, mod);
      BN_mod_mul(t.get(), ba.get(), bb.get(), bm.get(), ctx.get());
      BN_mod_mul(t.get(), t.get(), r_inv.get(), bm.get(), ctx.get());
      EXPECT_EQ(hex(got), hex(from_bn<L, N>(t.get()))) << "mont_mul " << hex(a) << " " << hex(b);
      tessera::bignum::mont_sqr(got, a, mod);
      BN_mod_mul(t.get(), ba.get(), ba.get(), bm.get(), ctx.get());
      BN_mod_mul(t.get(), t.get(), r_inv.get(), bm.get(), ctx.get());
      EXPECT_EQ(hex(got), hex(from_bn<L, N>(t.get()))) << "mont_sqr " << hex(a);
      // Round trip through Montgomery form.
      EXPECT_EQ(hex(tessera::bignum::from_mont(tessera::bignum::to_mont(a, mod), mod)), hex(a));
    }
    // a^e for a public exponent: e = m - 2 and a small one, against BN_mod_exp.
    for (std::size_t i = 0; i < 6; ++i) {
      const auto& a = vals[i * 5 % vals.size()];
      const Uint<L, N> exps[] = {tessera::bignum::minus_small(m, L{2}), vals[(i + 9) % vals.size()]};
      for (const auto& e : exps) {
        Uint<L, N> got{};
        tessera::bignum::mont_pow_public_exp(got, tessera::bignum::to_mont(a, mod), e, mod);
        Bn ba = to_bn(a), be = to_bn(e);
        BN_mod_exp(t.get(), ba.get(), be.get(), bm.get(), ctx.get());
        EXPECT_EQ(hex(tessera::bignum::from_mont(got, mod)), hex(from_bn<L, N>(t.get())));
      }
    }
  }
}

TYPED_TEST(BignumTest, CompareReduceAndBytes) {
  using L = typename TypeParam::Limb;
  constexpr std::size_t N = TypeParam::limbs;
  std::mt19937_64 rng(77 + N);
  tessera::test::BnCtx ctx(BN_CTX_new());
  for (const auto& m : moduli<L, N>(rng)) {
    Bn bm = to_bn(m);
    // reduce_once on [m, 2m) and the top values: m, m + 1, 2^(wN) - 1 (when < 2m).
    Uint<L, N> one{};
    one.v[0] = 1;
    Uint<L, N> all{};
    for (auto& v : all.v) v = static_cast<L>(~L{0});
    Uint<L, N> m1{};
    tessera::bignum::add(m1, m, one);
    std::vector<Uint<L, N>> big = {m, m1};
    if (m.v[N - 1] >> (sizeof(L) * 8 - 1)) big.push_back(all);  // 2^(wN) - 1 < 2m
    for (const auto& a : big) {
      Uint<L, N> got{};
      tessera::bignum::reduce_once(got, a, m);
      Bn ba = to_bn(a), t(BN_new());
      BN_nnmod(t.get(), ba.get(), bm.get(), ctx.get());
      EXPECT_EQ(hex(got), hex(from_bn<L, N>(t.get())));
      EXPECT_EQ(tessera::bignum::lt_mask(a, m), L{0});
    }
    EXPECT_EQ(tessera::bignum::lt_mask(tessera::bignum::minus_small(m, L{1}), m), static_cast<L>(~L{0}));
    EXPECT_EQ(tessera::bignum::eq_mask(m, m), static_cast<L>(~L{0}));
    EXPECT_EQ(tessera::bignum::eq_mask(m, m1), L{0});
    EXPECT_EQ(tessera::bignum::is_zero_mask(Uint<L, N>{}), static_cast<L>(~L{0}));
    EXPECT_EQ(tessera::bignum::is_zero_mask(one), L{0});
    // Big-endian bytes: byte 0 is the most significant.
    std::array<std::uint8_t, N * sizeof(L)> b{};
    tessera::bignum::to_be_bytes<L, N>(b, one);
    EXPECT_EQ(b.back(), 1);
    EXPECT_EQ(b.front(), 0);
    std::vector<std::uint8_t> ref(b.size());
    BN_bn2binpad(bm.get(), ref.data(), static_cast<int>(ref.size()));
    tessera::bignum::to_be_bytes<L, N>(b, m);
    EXPECT_TRUE(std::equal(b.begin(), b.end(), ref.begin()));
    EXPECT_EQ(hex(tessera::bignum::from_be_bytes<L, N>(std::span<const std::uint8_t, N * sizeof(L)>(b))), hex(m));
  }
}

TEST(Bignum, CompileTimeHexMatchesRuntimeParse) {
  constexpr auto p = tessera::bignum::from_hex<std::uint32_t, 8>(
      "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff");
  static_assert(p.v[7] == 0xffffffffu && p.v[6] == 1u && p.v[0] == 0xffffffffu && p.v[3] == 0u);
  EXPECT_EQ(hex(p), hex(parse_hex<std::uint32_t, 8>(kMod256[0])));
  // (p + 1) / 4 and p - 2, the exponents of square roots and Fermat inversion.
  const auto e = tessera::bignum::plus_one_over_four(p);
  Uint<std::uint32_t, 8> four_e{};
  tessera::bignum::add(four_e, e, e);
  tessera::bignum::add(four_e, four_e, four_e);
  Uint<std::uint32_t, 8> one{};
  one.v[0] = 1;
  Uint<std::uint32_t, 8> pp1{};
  tessera::bignum::add(pp1, p, one);
  EXPECT_EQ(hex(four_e), hex(pp1));
}

}  // namespace
