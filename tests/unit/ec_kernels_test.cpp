// The P-256 / P-384 kernel tables (src/ec/weierstrass_kernels.hpp) of every backend this
// host runs, against OpenSSL's BIGNUM and EC_POINT: the field multiplication and squaring
// on edge and random values, the arithmetic mod n, and the scalar multiplications.
#include "ec/weierstrass.hpp"
#include "ec/weierstrass_curve.hpp"
#include "ec/weierstrass_kernels.hpp"
#include "ec/weierstrass_keys.hpp"

#include <tessera/backend.hpp>
#include <tessera/ec.hpp>

#include "support/openssl_bn.hpp"

#include <openssl/bn.h>
#include <openssl/ec.h>

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <tuple>
#include <vector>

namespace {

using namespace tessera;
using namespace tessera::ec;

using test::Bn;
using test::from_bn;
using test::to_bn;
using Pt = test::EcPoint;

template <class U>
std::string hex(const U& a) {
  std::array<std::uint8_t, U::bytes> b{};
  bignum::to_be_bytes<bignum::Limb, U::limbs>(b, a);
  static const char* d = "0123456789abcdef";
  std::string s;
  for (auto x : b) { s += d[x >> 4]; s += d[x & 15]; }
  return s;
}

// Edge values below m: 0, 1, 2, m-1, m-2, (m-1)/2, 2^k, all-ones limbs masked below m, R mod m,
// then random values (random limbs, reduced by clearing bits until below m).
template <class U>
std::vector<U> values_below(const U& m, std::mt19937_64& rng, int random_count) {
  using L = bignum::Limb;
  std::vector<U> v;
  v.push_back(U{});
  U one{};
  one.v[0] = 1;
  v.push_back(one);
  U two{};
  two.v[0] = 2;
  v.push_back(two);
  v.push_back(bignum::minus_small(m, L{1}));
  v.push_back(bignum::minus_small(m, L{2}));
  U half{};
  for (std::size_t i = 0; i < U::limbs; ++i)
    half.v[i] = static_cast<L>((m.v[i] >> 1) | (i + 1 < U::limbs ? static_cast<L>(m.v[i + 1] << (bignum::LimbTraits<L>::bits - 1)) : 0));
  v.push_back(half);
  for (std::size_t k = 0; k + 1 < U::limbs * bignum::LimbTraits<L>::bits; k += 37) {
    U t{};
    t.v[k / bignum::LimbTraits<L>::bits] = static_cast<L>(L{1} << (k % bignum::LimbTraits<L>::bits));
    if (bignum::lt_mask(t, m) != 0) v.push_back(t);
  }
  for (std::size_t i = 0; i < U::limbs; ++i) {
    U t = bignum::minus_small(m, L{1});
    t.v[i] = 0;
    v.push_back(t);
    U u{};
    u.v[i] = static_cast<L>(~L{0});
    if (bignum::lt_mask(u, m) != 0) v.push_back(u);
  }
  for (int i = 0; i < random_count; ++i) {
    U t{};
    for (auto& x : t.v) x = static_cast<L>(rng());
    for (std::size_t bit = U::limbs * bignum::LimbTraits<L>::bits; bignum::lt_mask(t, m) == 0 && bit-- > 0;)
      t.v[bit / bignum::LimbTraits<L>::bits] &= static_cast<L>(~(L{1} << (bit % bignum::LimbTraits<L>::bits)));
    v.push_back(t);
  }
  return v;
}
// Values at or above m (only one operand of a product may be one: a < m, b < R still
// gives a b R^-1 mod m fully reduced).
template <class U>
std::vector<U> values_from(const U& m) {
  using L = bignum::Limb;
  std::vector<U> v{m};
  U one{};
  one.v[0] = 1;
  U t{};
  bignum::add(t, m, one);
  v.push_back(t);
  U all{};
  for (auto& x : all.v) x = static_cast<L>(~L{0});
  v.push_back(all);
  return v;
}

template <class C>
class EcKernelsTest : public ::testing::Test {};
using Curves = ::testing::Types<P256, P384>;
TYPED_TEST_SUITE(EcKernelsTest, Curves);

template <class F>
void for_each_backend(F&& f) {
  int ran = 0;
  for (Backend b : kAllBackends) {
    if (!backend_available(b)) continue;
    SCOPED_TRACE(std::string("backend ") + std::string(backend_name(b)));
    f(b);
    ++ran;
  }
  EXPECT_GT(ran, 0);
}

// a b R^-1 mod p and a^2 R^-1 mod p against BN_mod_mul, R = 2^(field bits).
TYPED_TEST(EcKernelsTest, FieldMultiplicationMatchesBignum) {
  using C = TypeParam;
  using K = Curve<C>;
  using Fe = typename K::Fe;
  test::BnCtx ctx(BN_CTX_new());
  std::mt19937_64 rng(0x5eed0000 + C::field_bytes);
  const auto vals = values_below(K::p, rng, 600);
  const auto high = values_from(K::p);
  Bn p = to_bn(K::p), rinv(BN_new()), r(BN_new()), t(BN_new());
  BN_one(r.get());
  BN_lshift(r.get(), r.get(), 8 * C::field_bytes);
  ASSERT_NE(BN_mod_inverse(rinv.get(), r.get(), p.get(), ctx.get()), nullptr);
  auto model = [&](const Fe& a, const Fe& b) {
    BN_mod_mul(t.get(), to_bn(a).get(), to_bn(b).get(), p.get(), ctx.get());
    BN_mod_mul(t.get(), t.get(), rinv.get(), p.get(), ctx.get());
    return hex(from_bn<Fe>(t.get()));
  };
  for_each_backend([&](Backend backend) {
    const auto& kern = weierstrass_kernels_for<C>(backend);
    for (std::size_t i = 0; i < vals.size(); ++i) {
      for (std::size_t j : {i, (i * 7 + 3) % vals.size(), (i + 1) % vals.size(), std::size_t{0}, std::size_t{3}}) {
        Fe out{};
        kern.field_mul(out, vals[i], vals[j]);
        ASSERT_EQ(hex(out), model(vals[i], vals[j])) << kern.name << " " << hex(vals[i]) << " * " << hex(vals[j]);
      }
      Fe sq{};
      kern.field_sqr(sq, vals[i]);
      ASSERT_EQ(hex(sq), model(vals[i], vals[i])) << kern.name << " sqr " << hex(vals[i]);
      for (const Fe& h : high) {
        Fe out{};
        kern.field_mul(out, vals[i], h);
        ASSERT_EQ(hex(out), model(vals[i], h)) << kern.name << " " << hex(vals[i]) << " * " << hex(h);
      }
    }
  });
}

// a b mod n and a^-1 mod n against BN.
TYPED_TEST(EcKernelsTest, ScalarArithmeticMatchesBignum) {
  using C = TypeParam;
  using K = Curve<C>;
  using Sc = typename K::Sc;
  test::BnCtx ctx(BN_CTX_new());
  std::mt19937_64 rng(0x5eed1000 + C::field_bytes);
  const auto vals = values_below(K::n, rng, 40);
  Bn n = to_bn(K::n), t(BN_new());
  for_each_backend([&](Backend backend) {
    const auto& kern = weierstrass_kernels_for<C>(backend);
    for (std::size_t i = 0; i < vals.size(); ++i) {
      const Sc& a = vals[i];
      const Sc& b = vals[(i * 5 + 1) % vals.size()];
      Sc out{};
      kern.scalar_mul(out, a, b);
      BN_mod_mul(t.get(), to_bn(a).get(), to_bn(b).get(), n.get(), ctx.get());
      ASSERT_EQ(hex(out), hex(from_bn<Sc>(t.get()))) << kern.name;
      kern.scalar_inv(out, a);
      if (BN_mod_inverse(t.get(), to_bn(a).get(), n.get(), ctx.get()) != nullptr) {
        ASSERT_EQ(hex(out), hex(from_bn<Sc>(t.get()))) << kern.name << " inv " << hex(a);
      } else {
        ASSERT_NE(bignum::is_zero_mask(out), 0u) << "inv(0) = 0";
      }
    }
  });
}

// Points as SEC1 uncompressed bytes (empty for O), from OpenSSL's EC_POINT and from a kernel
// table's projective point.
template <class C>
struct Encoder {
  using K = Curve<C>;
  const EC_GROUP* g;
  BN_CTX* ctx;
  Encoder(const EC_GROUP* group, BN_CTX* c) : g(group), ctx(c) {}
  std::vector<std::uint8_t> model(const EC_POINT* pt) const {
    std::vector<std::uint8_t> out(1 + 2 * C::field_bytes);
    if (EC_POINT_is_at_infinity(g, pt)) return std::vector<std::uint8_t>{};
    out.resize(EC_POINT_point2oct(g, pt, POINT_CONVERSION_UNCOMPRESSED, out.data(), out.size(), ctx));
    return out;
  }
  std::vector<std::uint8_t> ours(const WeierstrassKernels<C>& kern, const typename K::Point& pt) const {
    if (K::is_infinity_mask(pt) != 0) return std::vector<std::uint8_t>{};
    const auto a = kern.to_affine(pt);
    std::vector<std::uint8_t> out(1 + 2 * C::field_bytes);
    out[0] = 4;
    bignum::to_be_bytes<bignum::Limb, K::NF>(std::span<std::uint8_t, C::field_bytes>(out.data() + 1, C::field_bytes), K::from_mont(a.x));
    bignum::to_be_bytes<bignum::Limb, K::NF>(std::span<std::uint8_t, C::field_bytes>(out.data() + 1 + C::field_bytes, C::field_bytes),
                                             K::from_mont(a.y));
    return out;
  }
};

// k G, k Q and u1 G + u2 Q of every backend against EC_POINT_mul (edge and random scalars).
TYPED_TEST(EcKernelsTest, ScalarMultiplicationMatchesOpenSsl) {
  using C = TypeParam;
  using K = Curve<C>;
  using Sc = typename K::Sc;
  test::BnCtx ctx(BN_CTX_new());
  test::EcGroup g(EC_GROUP_new_by_curve_name(test::curve_nid<C>()));
  std::mt19937_64 rng(0x5eed2000 + C::field_bytes);
  Encoder<C> enc(g.get(), ctx.get());
  auto encode_model = [&](const EC_POINT* pt) { return enc.model(pt); };
  auto encode = [&](const WeierstrassKernels<C>& kern, const typename K::Point& pt) { return enc.ours(kern, pt); };
  std::vector<Sc> ks = values_below(K::n, rng, 24);
  Sc small{};
  for (bignum::Limb w : {3u, 15u, 16u, 17u, 31u, 32u, 33u, 63u, 64u, 255u}) {
    small.v[0] = w;
    ks.push_back(small);
  }
  // Q = q G for a random q, as a parsed public key (Z = 1) and as a projective point.
  const Sc q = ks[ks.size() / 2];
  Pt qm(EC_POINT_new(g.get()));
  EC_POINT_mul(g.get(), qm.get(), to_bn(q).get(), nullptr, nullptr, ctx.get());
  const auto q_enc = encode_model(qm.get());
  auto pk = PublicKey<C>::from_bytes(q_enc);
  ASSERT_TRUE(pk.has_value());
  const typename K::Point Q = tessera::ec::detail::KeyAccess<C>::point(*pk);
  const typename K::Point Qproj = K::dbl(K::add(Q, K::generator()));  // 2(Q + G), Z != 1
  Pt qpm(EC_POINT_new(g.get()));
  EC_POINT_add(g.get(), qpm.get(), qm.get(), EC_GROUP_get0_generator(g.get()), ctx.get());
  EC_POINT_dbl(g.get(), qpm.get(), qpm.get(), ctx.get());
  for_each_backend([&](Backend backend) {
    const auto& kern = weierstrass_kernels_for<C>(backend);
    for (std::size_t i = 0; i < ks.size(); ++i) {
      const Sc& k = ks[i];
      const Sc& u2 = ks[(i * 11 + 5) % ks.size()];
      Bn kb = to_bn(k), u2b = to_bn(u2);
      Pt want(EC_POINT_new(g.get()));
      EC_POINT_mul(g.get(), want.get(), kb.get(), nullptr, nullptr, ctx.get());
      ASSERT_EQ(encode(kern, kern.mul_base(k)), encode_model(want.get())) << kern.name << " kG, k = " << hex(k);
      ASSERT_EQ(encode(kern, kern.mul_point(K::generator(), k)), encode_model(want.get())) << kern.name << " k*G";
      EC_POINT_mul(g.get(), want.get(), nullptr, qm.get(), kb.get(), ctx.get());
      ASSERT_EQ(encode(kern, kern.mul_point(Q, k)), encode_model(want.get())) << kern.name << " kQ";
      EC_POINT_mul(g.get(), want.get(), nullptr, qpm.get(), kb.get(), ctx.get());
      ASSERT_EQ(encode(kern, kern.mul_point(Qproj, k)), encode_model(want.get())) << kern.name << " kQ', Z != 1";
      EC_POINT_mul(g.get(), want.get(), kb.get(), qm.get(), u2b.get(), ctx.get());
      ASSERT_EQ(encode(kern, kern.double_mul_vartime(k, Q, u2)), encode_model(want.get())) << kern.name << " u1 G + u2 Q";
      EC_POINT_mul(g.get(), want.get(), kb.get(), qpm.get(), u2b.get(), ctx.get());
      ASSERT_EQ(encode(kern, kern.double_mul_vartime(k, Qproj, u2)), encode_model(want.get())) << kern.name << " u1 G + u2 Q'";
    }
  });
}

// u1 G + u2 Q where the variable-time formulas meet their exceptional cases: Q = +-G and
// u1, u2 chosen so that a partial sum equals the fixed-base table entry being added
// (P + P: the doubling branch) or its negative (P + (-P): the result O), and sums that
// are O in the end.
TYPED_TEST(EcKernelsTest, DoubleMultiplicationExceptionalCases) {
  using C = TypeParam;
  using K = Curve<C>;
  using Sc = typename K::Sc;
  using L = bignum::Limb;
  test::BnCtx ctx(BN_CTX_new());
  test::EcGroup g(EC_GROUP_new_by_curve_name(test::curve_nid<C>()));
  Encoder<C> enc(g.get(), ctx.get());
  const typename K::Point G = K::generator();
  const typename K::Point minus_g = K::neg(G);
  Pt gm(EC_POINT_dup(EC_GROUP_get0_generator(g.get()), g.get()));
  Pt neg_gm(EC_POINT_dup(gm.get(), g.get()));
  EC_POINT_invert(g.get(), neg_gm.get(), ctx.get());
  // s = d 32^i: one signed digit of the fixed-base recoding; and n - s.
  std::vector<Sc> singles;
  for (unsigned i : {0u, 1u, 5u, 17u}) {
    for (L d : {1u, 3u, 15u, 16u}) {
      Sc s{};
      s.v[0] = d;
      for (unsigned j = 0; j < 5 * i; ++j) bignum::add(s, s, s);
      singles.push_back(s);
    }
  }
  auto neg_mod_n = [](const Sc& a) {
    Sc r{};
    bignum::sub(r, K::n, a);
    return r;
  };
  for_each_backend([&](Backend backend) {
    const auto& kern = weierstrass_kernels_for<C>(backend);
    for (const Sc& s : singles) {
      const Sc ns = neg_mod_n(s);
      for (const auto& [u1, u2, q_is_neg] : {std::tuple{s, s, false}, std::tuple{s, ns, false}, std::tuple{ns, s, false},
                                             std::tuple{s, s, true}, std::tuple{s, ns, true}}) {
        Pt want(EC_POINT_new(g.get()));
        EC_POINT_mul(g.get(), want.get(), to_bn(u1).get(), q_is_neg ? neg_gm.get() : gm.get(), to_bn(u2).get(), ctx.get());
        const auto got = kern.double_mul_vartime(u1, q_is_neg ? minus_g : G, u2);
        ASSERT_EQ(enc.ours(kern, got), enc.model(want.get()))
            << kern.name << " u1 = " << hex(u1) << ", u2 = " << hex(u2) << (q_is_neg ? ", Q = -G" : ", Q = G");
      }
    }
  });
}

}  // namespace
