// P-256 / P-384: field, group, keys, SEC1, ECDH and the ECDSA core, with OpenSSL's BIGNUM
// and EC_POINT (libcrypto) as the model.
#include "ec/weierstrass.hpp"
#include "ec/weierstrass_curve.hpp"
#include "ec/weierstrass_keys.hpp"
#include "support/openssl_bn.hpp"

#include <tessera/ec.hpp>

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace tessera;
using namespace tessera::ec;

using test::Bn;
using Pt = test::EcPoint;

// The model: OpenSSL's group for C and conversions between its BIGNUMs and ours.
template <class C>
struct Model {
  using K = Curve<C>;
  using Fe = typename K::Fe;
  test::EcGroup g{EC_GROUP_new_by_curve_name(test::curve_nid<C>())};
  test::BnCtx ctx{BN_CTX_new()};
  std::mt19937_64 rng{0xec0000 + C::field_bytes};

  template <class U>
  Bn bn(const U& a) const {
    return test::to_bn(a);
  }
  Fe fe(const BIGNUM* x) const { return test::from_bn<Fe>(x); }
  std::vector<std::uint8_t> bytes(const BIGNUM* x, std::size_t len) const {
    std::vector<std::uint8_t> b(len);
    EXPECT_EQ(BN_bn2binpad(x, b.data(), static_cast<int>(len)), static_cast<int>(len));
    return b;
  }
  Bn order() const { return Bn(BN_dup(EC_GROUP_get0_order(g.get()))); }
  Bn prime() const {
    Bn p(BN_new()), a(BN_new()), b(BN_new());
    EC_GROUP_get_curve(g.get(), p.get(), a.get(), b.get(), ctx.get());
    return p;
  }
  // A random scalar in [1, n-1].
  Bn random_scalar() {
    std::array<std::uint8_t, C::scalar_bytes> b{};
    for (auto& x : b) x = static_cast<std::uint8_t>(rng());
    Bn s(BN_bin2bn(b.data(), static_cast<int>(b.size()), nullptr));
    BN_nnmod(s.get(), s.get(), order().get(), ctx.get());
    if (BN_is_zero(s.get())) BN_one(s.get());
    return s;
  }
  typename K::Sc sc(const BIGNUM* x) const { return fe(x); }
  // k G by OpenSSL, affine coordinates (plain), or nullopt-like empty on infinity.
  std::vector<std::uint8_t> mul_g(const BIGNUM* k) const {
    Pt p(EC_POINT_new(g.get()));
    EC_POINT_mul(g.get(), p.get(), k, nullptr, nullptr, ctx.get());
    return encode(p.get());
  }
  std::vector<std::uint8_t> encode(const EC_POINT* p, point_conversion_form_t form = POINT_CONVERSION_UNCOMPRESSED) const {
    if (EC_POINT_is_at_infinity(g.get(), p)) return {};
    std::vector<std::uint8_t> out(1 + 2 * C::field_bytes);
    const std::size_t len = EC_POINT_point2oct(g.get(), p, form, out.data(), out.size(), ctx.get());
    out.resize(len);
    return out;
  }
  // Our point (projective, Montgomery form) as SEC1 uncompressed bytes; empty for O.
  std::vector<std::uint8_t> encode(const typename K::Point& p) const {
    if (K::is_infinity_mask(p) != 0) return {};
    const auto a = K::to_affine(p);
    std::vector<std::uint8_t> out(1 + 2 * C::field_bytes);
    out[0] = 4;
    bignum::to_be_bytes<bignum::Limb, K::NF>(std::span<std::uint8_t, C::field_bytes>(out.data() + 1, C::field_bytes),
                                             K::from_mont(a.x));
    bignum::to_be_bytes<bignum::Limb, K::NF>(
        std::span<std::uint8_t, C::field_bytes>(out.data() + 1 + C::field_bytes, C::field_bytes), K::from_mont(a.y));
    return out;
  }
  typename K::Point decode(const std::vector<std::uint8_t>& enc) const {
    auto pk = PublicKey<C>::from_bytes(enc);
    EXPECT_TRUE(pk.has_value());
    return tessera::ec::detail::KeyAccess<C>::point(*pk);
  }
  Pt point(const std::vector<std::uint8_t>& enc) const {
    Pt p(EC_POINT_new(g.get()));
    EXPECT_EQ(EC_POINT_oct2point(g.get(), p.get(), enc.data(), enc.size(), ctx.get()), 1);
    return p;
  }
};

template <class C>
class EcTest : public ::testing::Test {
 protected:
  Model<C> model;
};
using Curves = ::testing::Types<P256, P384>;
TYPED_TEST_SUITE(EcTest, Curves);

template <class U>
std::string hex(const U& a) {
  std::array<std::uint8_t, U::bytes> b{};
  bignum::to_be_bytes<bignum::Limb, U::limbs>(b, a);
  static const char* d = "0123456789abcdef";
  std::string s;
  for (auto x : b) { s += d[x >> 4]; s += d[x & 15]; }
  return s;
}

// Every constant against the published curve as OpenSSL has it (SP 800-186 / SEC 2).
TYPED_TEST(EcTest, DomainParametersMatchTheStandard) {
  using K = Curve<TypeParam>;
  auto& m = this->model;
  Bn p(BN_new()), a(BN_new()), b(BN_new());
  ASSERT_EQ(EC_GROUP_get_curve(m.g.get(), p.get(), a.get(), b.get(), m.ctx.get()), 1);
  EXPECT_EQ(hex(K::p), hex(m.fe(p.get())));
  EXPECT_EQ(hex(K::b_plain), hex(m.fe(b.get())));
  Bn a_expected(BN_dup(p.get()));
  BN_sub_word(a_expected.get(), 3);
  EXPECT_EQ(BN_cmp(a.get(), a_expected.get()), 0) << "a = -3";
  EXPECT_EQ(hex(K::n), hex(m.fe(EC_GROUP_get0_order(m.g.get()))));
  EXPECT_TRUE(BN_is_one(EC_GROUP_get0_cofactor(m.g.get())));
  Bn gx(BN_new()), gy(BN_new());
  EC_POINT_get_affine_coordinates(m.g.get(), EC_GROUP_get0_generator(m.g.get()), gx.get(), gy.get(), m.ctx.get());
  EXPECT_EQ(hex(K::gx_plain), hex(m.fe(gx.get())));
  EXPECT_EQ(hex(K::gy_plain), hex(m.fe(gy.get())));
  EXPECT_NE(K::on_curve_mask(K::gx, K::gy), 0u);
}

// GF(p) multiplication, inversion and square roots against BN, edge values included.
TYPED_TEST(EcTest, FieldArithmeticMatchesBignum) {
  using K = Curve<TypeParam>;
  using Fe = typename K::Fe;
  auto& m = this->model;
  Bn p = m.prime();
  std::vector<Fe> vals;
  vals.push_back(Fe{});
  Fe one{};
  one.v[0] = 1;
  vals.push_back(one);
  vals.push_back(bignum::minus_small(K::p, bignum::Limb{1}));
  vals.push_back(bignum::minus_small(K::p, bignum::Limb{2}));
  for (int i = 0; i < 30; ++i) vals.push_back(m.fe(m.random_scalar().get()));  // < n < p
  Bn t(BN_new());
  int squares = 0, non_squares = 0;
  for (std::size_t i = 0; i < vals.size(); ++i) {
    const Fe& a = vals[i];
    const Fe& b = vals[(i * 5 + 1) % vals.size()];
    Fe r{};
    K::mul(r, K::to_mont(a), K::to_mont(b));
    BN_mod_mul(t.get(), m.bn(a).get(), m.bn(b).get(), p.get(), m.ctx.get());
    EXPECT_EQ(hex(K::from_mont(r)), hex(m.fe(t.get())));
    const Fe ai = K::inv(K::to_mont(a));
    if (BN_mod_inverse(t.get(), m.bn(a).get(), p.get(), m.ctx.get()) != nullptr) {
      EXPECT_EQ(hex(K::from_mont(ai)), hex(m.fe(t.get())));
    } else {
      EXPECT_EQ(bignum::is_zero_mask(ai), static_cast<bignum::Limb>(~bignum::Limb{0})) << "inv(0) = 0";
    }
    Fe s{};
    const bool is_sq = K::sqrt(s, K::to_mont(a)) != 0;
    const bool model_sq = BN_mod_sqrt(t.get(), m.bn(a).get(), p.get(), m.ctx.get()) != nullptr;
    EXPECT_EQ(is_sq, model_sq) << hex(a);
    if (is_sq) {
      ++squares;
      Fe s2{};
      K::sqr(s2, s);
      EXPECT_EQ(hex(K::from_mont(s2)), hex(a));
    } else {
      ++non_squares;
    }
  }
  EXPECT_GT(squares, 0);
  EXPECT_GT(non_squares, 0);
}

// n G = O; 2G, 3G; the complete formulas on P + P, P + (-P), P + O, O + O, 2 O.
TYPED_TEST(EcTest, GroupLawAndCompleteFormulas) {
  using K = Curve<TypeParam>;
  auto& m = this->model;
  const auto G = K::generator();
  const auto O = K::infinity();
  EXPECT_NE(K::is_infinity_mask(K::mul_point(G, K::n)), 0u) << "n G = O (window)";
  EXPECT_NE(K::is_infinity_mask(K::mul_base(K::n)), 0u) << "n G = O (base table)";
  Bn two(BN_new()), three(BN_new());
  BN_set_word(two.get(), 2);
  BN_set_word(three.get(), 3);
  const auto g2 = m.mul_g(two.get()), g3 = m.mul_g(three.get());
  EXPECT_EQ(m.encode(K::dbl(G)), g2);
  EXPECT_EQ(m.encode(K::add(G, G)), g2) << "P + P by the addition formula";
  EXPECT_EQ(m.encode(K::add(K::dbl(G), G)), g3);
  EXPECT_EQ(m.encode(K::add_mixed(K::dbl(G), typename K::Affine{K::gx, K::gy})), g3);
  EXPECT_EQ(m.encode(K::add_mixed(G, typename K::Affine{K::gx, K::gy})), g2) << "mixed P + P";
  EXPECT_NE(K::is_infinity_mask(K::add(G, K::neg(G))), 0u) << "P + (-P) = O";
  EXPECT_NE(K::is_infinity_mask(K::add_mixed(K::neg(G), typename K::Affine{K::gx, K::gy})), 0u);
  EXPECT_EQ(m.encode(K::add(G, O)), m.encode(G)) << "P + O";
  EXPECT_EQ(m.encode(K::add(O, G)), m.encode(G)) << "O + P";
  EXPECT_EQ(m.encode(K::add_mixed(O, typename K::Affine{K::gx, K::gy})), m.encode(G)) << "O + P mixed";
  EXPECT_NE(K::is_infinity_mask(K::add(O, O)), 0u) << "O + O";
  EXPECT_NE(K::is_infinity_mask(K::dbl(O)), 0u) << "2 O";
  // A point with Z != 1 (projective representatives) on both sides.
  const auto P = K::dbl(K::dbl(G));
  EXPECT_EQ(m.encode(K::add(P, P)), m.encode(K::dbl(P)));
}

// k G and k P against EC_POINT_mul: edge scalars 0, 1, 2, n-2, n-1, the fixed-base row
// boundaries, and random ones.
TYPED_TEST(EcTest, ScalarMultiplicationMatchesOpenSsl) {
  using K = Curve<TypeParam>;
  auto& m = this->model;
  std::vector<Bn> ks;
  for (unsigned long w : {0ul, 1ul, 2ul, 15ul, 16ul}) {
    Bn k(BN_new());
    BN_set_word(k.get(), w);
    ks.push_back(std::move(k));
  }
  for (unsigned long w : {1ul, 2ul}) {
    Bn k = m.order();
    BN_sub_word(k.get(), w);
    ks.push_back(std::move(k));
  }
  // The fixed-base multiplication's row boundaries (weierstrass_scalar_mul.hpp, mul_base):
  // 16 * 32^i (the rows below i add nothing: the accumulator is O) and 32^i - 1, and
  // 2 d 32^(rows-1) mod n (d = 1..16), the scalars whose last-row point would equal the
  // accumulator if their top digit were d (that row uses the complete formula).
  {
    const int rows = (BN_num_bits(m.order().get()) + 4) / 5;
    Bn ctx_n = m.order();
    BN_CTX* bctx = BN_CTX_new();
    for (int i : {1, 2, 25, rows - 2, rows - 1}) {
      for (int form = 0; form < 2; ++form) {
        Bn k(BN_new());
        BN_set_bit(k.get(), 5 * i);
        if (form == 0) BN_mul_word(k.get(), 16);
        else BN_sub_word(k.get(), 1);
        BN_nnmod(k.get(), k.get(), ctx_n.get(), bctx);
        ks.push_back(std::move(k));
      }
    }
    for (unsigned long d = 1; d <= 16; ++d) {
      Bn k(BN_new());
      BN_set_bit(k.get(), 5 * (rows - 1) + 1);
      BN_mul_word(k.get(), d);
      BN_nnmod(k.get(), k.get(), ctx_n.get(), bctx);
      ks.push_back(std::move(k));
    }
    BN_CTX_free(bctx);
  }
  for (int i = 0; i < 12; ++i) ks.push_back(m.random_scalar());
  const Bn q_scalar = m.random_scalar();
  const auto q_enc = m.mul_g(q_scalar.get());
  const auto Q = m.decode(q_enc);
  Pt q_model = m.point(q_enc);
  for (const auto& k : ks) {
    const auto ksc = m.sc(k.get());
    EXPECT_EQ(m.encode(K::mul_base(ksc)), m.mul_g(k.get())) << "kG, k = " << hex(ksc);
    EXPECT_EQ(m.encode(K::mul_point(K::generator(), ksc)), m.mul_g(k.get())) << "k*G window";
    Pt r(EC_POINT_new(m.g.get()));
    EC_POINT_mul(m.g.get(), r.get(), nullptr, q_model.get(), k.get(), m.ctx.get());
    EXPECT_EQ(m.encode(K::mul_point(Q, ksc)), m.encode(r.get())) << "kQ";
    // u1 G + u2 Q (variable time) with u1 = k, u2 = the next scalar.
    const Bn u2 = m.random_scalar();
    EC_POINT_mul(m.g.get(), r.get(), k.get(), q_model.get(), u2.get(), m.ctx.get());
    EXPECT_EQ(m.encode(K::double_mul_vartime(ksc, Q, m.sc(u2.get()))), m.encode(r.get())) << "u1 G + u2 Q";
  }
}

// The precomputed base table, recomputed by the model: entry [i][j-1] = j 32^i G.
TYPED_TEST(EcTest, BaseTableIsRecomputedByTheModel) {
  using K = Curve<TypeParam>;
  auto& m = this->model;
  const auto& table = K::base_table();
  Bn k(BN_new());
  for (std::size_t i = 0; i < table.rows; ++i) {
    for (unsigned j = 1; j <= table.entries; ++j) {
      BN_set_word(k.get(), j);
      BN_lshift(k.get(), k.get(), static_cast<int>(5 * i));
      const auto want = m.mul_g(k.get());
      EXPECT_EQ(m.encode(K::from_affine(table.t[i][j - 1])), want) << "row " << i << " entry " << j;
    }
  }
}

}  // namespace
