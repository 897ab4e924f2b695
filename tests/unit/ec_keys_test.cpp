// P-256 / P-384 keys, SEC1 encodings (every rejection with its own Error), key generation,
// ECDH and the ECDSA core, differentially against OpenSSL's libcrypto.
#include "ec/weierstrass.hpp"
#include "ec/weierstrass_curve.hpp"
#include "ec/weierstrass_keys.hpp"

#include <tessera/ec.hpp>

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>

#include "support/hex.hpp"
#include "support/openssl_bn.hpp"

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
using Bytes = std::vector<std::uint8_t>;

using test::Bn;
using Pt = test::EcPoint;

template <class C>
class EcKeysTest : public ::testing::Test {
 protected:
  static constexpr std::size_t fb = C::field_bytes;
  test::EcGroup g{EC_GROUP_new_by_curve_name(test::curve_nid<C>())};
  test::BnCtx ctx{BN_CTX_new()};
  std::mt19937_64 rng{0x6b657973u + fb};

  const BIGNUM* n() const { return EC_GROUP_get0_order(g.get()); }
  Bn p() const {
    Bn pp(BN_new());
    EC_GROUP_get_curve(g.get(), pp.get(), nullptr, nullptr, ctx.get());
    return pp;
  }
  Bytes be(const BIGNUM* x, std::size_t len) const {
    Bytes b(len);
    EXPECT_EQ(BN_bn2binpad(x, b.data(), static_cast<int>(len)), static_cast<int>(len));
    return b;
  }
  Bn bn(const std::uint8_t* b, std::size_t len) const { return Bn(BN_bin2bn(b, static_cast<int>(len), nullptr)); }
  Bn random_scalar() {
    Bn s(BN_new());
    Bytes b(C::scalar_bytes);
    for (auto& x : b) x = static_cast<std::uint8_t>(rng());
    BN_bin2bn(b.data(), static_cast<int>(b.size()), s.get());
    BN_nnmod(s.get(), s.get(), n(), ctx.get());
    if (BN_is_zero(s.get())) BN_one(s.get());
    return s;
  }
  Bytes encode(const EC_POINT* pt, point_conversion_form_t form) const {
    Bytes out(1 + 2 * fb);
    out.resize(EC_POINT_point2oct(g.get(), pt, form, out.data(), out.size(), ctx.get()));
    return out;
  }
  Bytes model_public(const BIGNUM* d, point_conversion_form_t form = POINT_CONVERSION_UNCOMPRESSED) const {
    Pt q(EC_POINT_new(g.get()));
    EC_POINT_mul(g.get(), q.get(), d, nullptr, nullptr, ctx.get());
    return encode(q.get(), form);
  }
  PrivateKey<C> key(const BIGNUM* d) const {
    auto sk = PrivateKey<C>::from_bytes(be(d, C::scalar_bytes));
    EXPECT_TRUE(sk.has_value());
    return std::move(*sk);
  }
  static Bytes span_bytes(std::span<const std::uint8_t> s) { return Bytes(s.begin(), s.end()); }
};
using Curves = ::testing::Types<P256, P384>;
TYPED_TEST_SUITE(EcKeysTest, Curves);

template <class T>
void expect_error(const Result<T>& r, Error e, const char* what) {
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error(), e);
  EXPECT_STREQ(r.what(), what);
}

TYPED_TEST(EcKeysTest, PrivateKeysGiveOpenSslPublicKeysAndSec1RoundTrips) {
  using C = TypeParam;
  int parity[2] = {0, 0};
  for (int i = 0; i < 12; ++i) {
    Bn d = this->random_scalar();
    PrivateKey<C> sk = this->key(d.get());
    const auto& pk = sk.public_key();
    EXPECT_EQ(this->span_bytes(pk.bytes()), this->model_public(d.get()));
    const auto comp = pk.compressed();
    EXPECT_EQ(Bytes(comp.begin(), comp.end()), this->model_public(d.get(), POINT_CONVERSION_COMPRESSED));
    ++parity[comp[0] & 1];
    auto from_u = PublicKey<C>::from_bytes(pk.bytes());
    auto from_c = PublicKey<C>::from_bytes(comp);
    auto from_xy = PublicKey<C>::from_coordinates(pk.x(), pk.y());
    ASSERT_TRUE(from_u && from_c && from_xy);
    EXPECT_TRUE(*from_u == pk);
    EXPECT_TRUE(*from_c == pk) << "decompression";
    EXPECT_TRUE(*from_xy == pk);
    const auto d_bytes = sk.bytes();
    EXPECT_EQ(Bytes(d_bytes.span().begin(), d_bytes.span().end()), this->be(d.get(), C::scalar_bytes));
  }
  EXPECT_GT(parity[0], 0);
  EXPECT_GT(parity[1], 0);
}

TYPED_TEST(EcKeysTest, EveryInvalidPublicEncodingHasItsError) {
  using C = TypeParam;
  using N = KeyNames<C>;
  constexpr std::size_t f = C::field_bytes;
  Bn d = this->random_scalar();
  const Bytes good = this->model_public(d.get());
  const Bytes good_c = this->model_public(d.get(), POINT_CONVERSION_COMPRESSED);
  expect_error(PublicKey<C>::from_bytes(Bytes{}), Error::invalid_length, N::public_key);
  expect_error(PublicKey<C>::from_bytes(Bytes{0x00}), Error::invalid_key, N::infinity);
  expect_error(PublicKey<C>::from_bytes(Bytes{0x04}), Error::invalid_encoding, N::prefix);
  for (std::size_t len : {f, 2 * f, 2 + 2 * f, 2 + f, 2 * f + 3}) {
    Bytes b(len, 0x04);
    expect_error(PublicKey<C>::from_bytes(b), Error::invalid_length, N::public_key);
  }
  for (std::uint8_t prefix : {0x00, 0x01, 0x02, 0x03, 0x05, 0x06, 0x07, 0xff}) {
    Bytes b = good;
    b[0] = prefix;
    expect_error(PublicKey<C>::from_bytes(b), Error::invalid_encoding, N::prefix);
  }
  for (std::uint8_t prefix : {0x00, 0x01, 0x04, 0x05}) {
    Bytes b = good_c;
    b[0] = prefix;
    expect_error(PublicKey<C>::from_bytes(b), Error::invalid_encoding, N::prefix);
  }
  // Coordinates >= p: x = p, y = p, x = 2^(8f) - 1 (and x + p, the same x mod p).
  const Bytes p = this->be(this->p().get(), f);
  {
    Bytes b = good;
    std::copy(p.begin(), p.end(), b.begin() + 1);
    expect_error(PublicKey<C>::from_bytes(b), Error::invalid_encoding, N::range);
    b = good;
    std::copy(p.begin(), p.end(), b.begin() + 1 + f);
    expect_error(PublicKey<C>::from_bytes(b), Error::invalid_encoding, N::range);
    b = good;
    std::fill(b.begin() + 1, b.begin() + 1 + f, 0xff);
    expect_error(PublicKey<C>::from_bytes(b), Error::invalid_encoding, N::range);
    b = good_c;
    std::copy(p.begin(), p.end(), b.begin() + 1);
    expect_error(PublicKey<C>::from_bytes(b), Error::invalid_encoding, N::range);
    // y + p (still < 2^(8f) for these p? only when it fits) and p - y are distinct cases.
    Bn y = this->bn(good.data() + 1 + f, f), yp(BN_new());
    BN_add(yp.get(), y.get(), this->p().get());
    if (BN_num_bytes(yp.get()) <= static_cast<int>(f)) {
      b = good;
      const Bytes ypb = this->be(yp.get(), f);
      std::copy(ypb.begin(), ypb.end(), b.begin() + 1 + f);
      expect_error(PublicKey<C>::from_bytes(b), Error::invalid_encoding, N::range);
    }
    // p - y: the negated point is valid.
    Bn ny(BN_new());
    BN_sub(ny.get(), this->p().get(), y.get());
    b = good;
    const Bytes nyb = this->be(ny.get(), f);
    std::copy(nyb.begin(), nyb.end(), b.begin() + 1 + f);
    EXPECT_TRUE(PublicKey<C>::from_bytes(b).has_value());
  }
  // Off the curve: y + 1; (0, 0).
  {
    Bytes b = good;
    b[2 * f] ^= 0x01;
    expect_error(PublicKey<C>::from_bytes(b), Error::invalid_key, N::off_curve);
    Bytes z(1 + 2 * f, 0);
    z[0] = 0x04;
    expect_error(PublicKey<C>::from_bytes(z), Error::invalid_key, N::off_curve);
    expect_error(PublicKey<C>::from_coordinates(Bytes(f, 0), Bytes(f, 0)), Error::invalid_key, N::off_curve);
    expect_error(PublicKey<C>::from_coordinates(Bytes(f - 1, 0), Bytes(f, 0)), Error::invalid_length, N::public_key);
  }
  // A compressed x with no point (x^3 - 3x + b a non-residue, by the model's Legendre symbol).
  {
    Bn pp = this->p(), a(BN_new()), bb(BN_new()), rhs(BN_new()), t(BN_new());
    EC_GROUP_get_curve(this->g.get(), nullptr, a.get(), bb.get(), this->ctx.get());
    int found = 0;
    for (unsigned long x = 0; found < 3 && x < 200; ++x) {
      Bn bx(BN_new());
      BN_set_word(bx.get(), x);
      BN_mod_sqr(rhs.get(), bx.get(), pp.get(), this->ctx.get());
      BN_mod_mul(rhs.get(), rhs.get(), bx.get(), pp.get(), this->ctx.get());
      BN_mod_mul(t.get(), a.get(), bx.get(), pp.get(), this->ctx.get());
      BN_mod_add(rhs.get(), rhs.get(), t.get(), pp.get(), this->ctx.get());
      BN_mod_add(rhs.get(), rhs.get(), bb.get(), pp.get(), this->ctx.get());
      Bytes enc = this->be(bx.get(), f);
      enc.insert(enc.begin(), 0x02);
      if (BN_kronecker(rhs.get(), pp.get(), this->ctx.get()) == -1) {
        ++found;
        expect_error(PublicKey<C>::from_bytes(enc), Error::invalid_key, N::no_sqrt);
        enc[0] = 0x03;
        expect_error(PublicKey<C>::from_bytes(enc), Error::invalid_key, N::no_sqrt);
      } else {
        EXPECT_TRUE(PublicKey<C>::from_bytes(enc).has_value()) << "x = " << x;
      }
    }
    EXPECT_EQ(found, 3);
  }
}

TYPED_TEST(EcKeysTest, PrivateKeyRangeAndKeyGeneration) {
  using C = TypeParam;
  using N = KeyNames<C>;
  constexpr std::size_t s = C::scalar_bytes;
  const Bytes nb = this->be(this->n(), s);
  expect_error(PrivateKey<C>::from_bytes(Bytes(s, 0)), Error::invalid_key, N::private_range);
  expect_error(PrivateKey<C>::from_bytes(nb), Error::invalid_key, N::private_range);
  expect_error(PrivateKey<C>::from_bytes(Bytes(s, 0xff)), Error::invalid_key, N::private_range);
  expect_error(PrivateKey<C>::from_bytes(Bytes(s - 1, 1)), Error::invalid_length, N::private_key);
  expect_error(PrivateKey<C>::from_bytes(Bytes(s + 1, 1)), Error::invalid_length, N::private_key);
  Bn nm1(BN_dup(this->n())), nm2(BN_dup(this->n())), one(BN_new());
  BN_sub_word(nm1.get(), 1);
  BN_sub_word(nm2.get(), 2);
  BN_one(one.get());
  // d = n - 1 gives -G.
  EXPECT_EQ(this->span_bytes(this->key(nm1.get()).public_key().bytes()), this->model_public(nm1.get()));
  // FIPS 186-5 A.2.2: candidate c <= n - 2 gives d = c + 1; c = n - 1 is drawn again.
  auto kp = keygen_internal<C>(this->be(nm2.get(), s));
  ASSERT_TRUE(kp.has_value());
  EXPECT_EQ(this->span_bytes(kp->private_key.bytes().span()), this->be(nm1.get(), s));
  EXPECT_TRUE(kp->public_key == kp->private_key.public_key());
  auto kp0 = keygen_internal<C>(Bytes(s, 0));
  ASSERT_TRUE(kp0.has_value());
  EXPECT_EQ(this->span_bytes(kp0->public_key.bytes()), this->model_public(one.get())) << "c = 0: d = 1, Q = G";
  expect_error(keygen_internal<C>(this->be(nm1.get(), s)), Error::invalid_key, N::candidate);
  expect_error(keygen_internal<C>(nb), Error::invalid_key, N::candidate);
  expect_error(keygen_internal<C>(Bytes(s, 0xff)), Error::invalid_key, N::candidate);
  expect_error(keygen_internal<C>(Bytes(s + 1, 0)), Error::invalid_length, N::candidate);
  // From the system RNG: two different keys, each Q = d G by the model.
  auto a = Ecdh<C>::generate_key();
  auto b = Ecdh<C>::generate_key();
  ASSERT_TRUE(a && b);
  EXPECT_FALSE(a->public_key == b->public_key);
  const auto da = a->private_key.bytes();
  Bn dbn = this->bn(da.data(), s);
  EXPECT_EQ(this->span_bytes(a->public_key.bytes()), this->model_public(dbn.get()));
  auto c = a->private_key.clone();
  EXPECT_TRUE(c.public_key() == a->public_key);
}

// ECDH: our Z = x(d_A Q_B) equals OpenSSL's x(d_B Q_A) for random keys on both sides.
TYPED_TEST(EcKeysTest, EcdhMatchesOpenSsl) {
  using C = TypeParam;
  for (int i = 0; i < 16; ++i) {
    Bn da = this->random_scalar(), db = this->random_scalar();
    PrivateKey<C> ska = this->key(da.get());
    const Bytes qb = this->model_public(db.get());
    auto pkb = PublicKey<C>::from_bytes(qb);
    ASSERT_TRUE(pkb.has_value());
    auto z = Ecdh<C>::agree(ska, *pkb);
    ASSERT_TRUE(z.has_value());
    // The model: d_B Q_A.
    Pt qa(EC_POINT_new(this->g.get())), shared(EC_POINT_new(this->g.get()));
    const auto qa_bytes = ska.public_key().bytes();
    EC_POINT_oct2point(this->g.get(), qa.get(), qa_bytes.data(), qa_bytes.size(), this->ctx.get());
    EC_POINT_mul(this->g.get(), shared.get(), nullptr, qa.get(), db.get(), this->ctx.get());
    Bn x(BN_new());
    EC_POINT_get_affine_coordinates(this->g.get(), shared.get(), x.get(), nullptr, this->ctx.get());
    EXPECT_EQ(this->span_bytes(z->span()), this->be(x.get(), C::field_bytes));
    // The same from the peer's bytes, compressed.
    auto z2 = Ecdh<C>::agree(ska, this->model_public(db.get(), POINT_CONVERSION_COMPRESSED));
    ASSERT_TRUE(z2.has_value());
    EXPECT_EQ(this->span_bytes(z2->span()), this->span_bytes(z->span()));
  }
  Bn d = this->random_scalar();
  PrivateKey<C> sk = this->key(d.get());
  expect_error(Ecdh<C>::agree(sk, Bytes{0x00}), Error::invalid_key, KeyNames<C>::infinity);
  Bytes bad = this->model_public(d.get());
  bad.back() ^= 1;
  expect_error(Ecdh<C>::agree(sk, bad), Error::invalid_key, KeyNames<C>::off_curve);
}

// The ECDSA core: (r, s) satisfy FIPS 186-5 6.4.1 by the model's arithmetic, verify, and
// any change makes verification fail; a signature computed by the model verifies.
TYPED_TEST(EcKeysTest, EcdsaCoreMatchesTheModel) {
  using C = TypeParam;
  constexpr std::size_t s = C::scalar_bytes;
  for (int i = 0; i < 10; ++i) {
    Bn d = this->random_scalar(), k = this->random_scalar(), e = this->random_scalar();
    PrivateKey<C> sk = this->key(d.get());
    const Bytes kb = this->be(k.get(), s), eb = this->be(e.get(), s);
    const auto ks = Scalar<C>::from_bytes_reduce(std::span<const std::uint8_t, s>(kb.data(), s));
    const auto es = Scalar<C>::from_bytes_reduce(std::span<const std::uint8_t, s>(eb.data(), s));
    std::array<std::uint8_t, s> r{}, sig_s{};
    ASSERT_TRUE(ecdsa_sign_core<C>(private_scalar(sk), ks, es, r, sig_s).has_value());
    // r = x(kG) mod n; s k = e + r d mod n.
    Pt R(EC_POINT_new(this->g.get()));
    EC_POINT_mul(this->g.get(), R.get(), k.get(), nullptr, nullptr, this->ctx.get());
    Bn xr(BN_new()), t(BN_new()), u(BN_new());
    EC_POINT_get_affine_coordinates(this->g.get(), R.get(), xr.get(), nullptr, this->ctx.get());
    BN_nnmod(xr.get(), xr.get(), this->n(), this->ctx.get());
    EXPECT_EQ(Bytes(r.begin(), r.end()), this->be(xr.get(), s));
    Bn bs = this->bn(sig_s.data(), s);
    BN_mod_mul(t.get(), bs.get(), k.get(), this->n(), this->ctx.get());
    BN_mod_mul(u.get(), xr.get(), d.get(), this->n(), this->ctx.get());
    BN_mod_add(u.get(), u.get(), e.get(), this->n(), this->ctx.get());
    EXPECT_EQ(BN_cmp(t.get(), u.get()), 0);
    const auto& pk = sk.public_key();
    EXPECT_TRUE(ecdsa_verify_core_vartime<C>(pk, es, r, sig_s));
    auto r2 = r;
    r2[s - 1] ^= 1;
    EXPECT_FALSE(ecdsa_verify_core_vartime<C>(pk, es, r2, sig_s));
    auto s2 = sig_s;
    s2[0] ^= 0x10;
    EXPECT_FALSE(ecdsa_verify_core_vartime<C>(pk, es, r, s2));
    EXPECT_FALSE(ecdsa_verify_core_vartime<C>(pk, Scalar<C>::add(es, es), r, sig_s));
    // r, s outside [1, n-1].
    std::array<std::uint8_t, s> zero{}, nbytes{};
    const Bytes nb = this->be(this->n(), s);
    std::copy(nb.begin(), nb.end(), nbytes.begin());
    EXPECT_FALSE(ecdsa_verify_core_vartime<C>(pk, es, zero, sig_s));
    EXPECT_FALSE(ecdsa_verify_core_vartime<C>(pk, es, r, zero));
    EXPECT_FALSE(ecdsa_verify_core_vartime<C>(pk, es, nbytes, sig_s));
    // -s verifies too (ECDSA is malleable; rejecting high s is the DER/scheme layer's call).
    Bn neg_s(BN_new());
    BN_sub(neg_s.get(), this->n(), bs.get());
    const Bytes nsb = this->be(neg_s.get(), s);
    std::array<std::uint8_t, s> s3{};
    std::copy(nsb.begin(), nsb.end(), s3.begin());
    EXPECT_TRUE(ecdsa_verify_core_vartime<C>(pk, es, r, s3));
  }
  // k = 0: r = 0, the caller must draw again; outputs zeroed.
  Bn d = this->random_scalar();
  PrivateKey<C> sk = this->key(d.get());
  std::array<std::uint8_t, s> r{}, sig_s{};
  r.fill(0xaa);
  sig_s.fill(0xaa);
  auto res = ecdsa_sign_core<C>(private_scalar(sk), Scalar<C>(), Scalar<C>(), r, sig_s);
  ASSERT_FALSE(res.has_value());
  EXPECT_EQ(res.error(), Error::invalid_state);
  EXPECT_EQ(r, (std::array<std::uint8_t, s>{}));
  EXPECT_EQ(sig_s, (std::array<std::uint8_t, s>{}));
  // Scalar parsing.
  expect_error(Scalar<C>::from_bytes_checked(Bytes(s, 0), "x"), Error::invalid_encoding, "x");
  expect_error(Scalar<C>::from_bytes_checked(Bytes(s - 1, 1), "x"), Error::invalid_length, "x");
  expect_error(Scalar<C>::from_bytes_checked(this->be(this->n(), s), "x"), Error::invalid_encoding, "x");
  // from_bytes_reduce: n + 5 -> 5; inversion.
  Bn v(BN_dup(this->n()));
  BN_add_word(v.get(), 5);
  if (BN_num_bytes(v.get()) <= static_cast<int>(s)) {
    const Bytes vb = this->be(v.get(), s);
    std::array<std::uint8_t, s> out{};
    Scalar<C>::from_bytes_reduce(std::span<const std::uint8_t, s>(vb.data(), s)).to_bytes(out);
    EXPECT_EQ(out[s - 1], 5);
  }
  const Bn a = this->random_scalar();
  const Bytes ab = this->be(a.get(), s);
  const auto as = Scalar<C>::from_bytes_reduce(std::span<const std::uint8_t, s>(ab.data(), s));
  std::array<std::uint8_t, s> prod{};
  Scalar<C>::mul(as, Scalar<C>::invert(as)).to_bytes(prod);
  std::array<std::uint8_t, s> one{};
  one[s - 1] = 1;
  EXPECT_EQ(prod, one);
}

// NIST CAVP "ECC CDH Primitive" test vectors (SP 800-56A, 5.7.1.2), COUNT = 0 of the P-256
// and P-384 sections: the ACVP KAS-ECC-CDH file here is a sample without these curves.
template <class C>
void cavp_cdh(const char* qx, const char* qy, const char* d, const char* qiut_x, const char* qiut_y, const char* z) {
  using tessera::test::from_hex;
  auto sk = PrivateKey<C>::from_bytes(from_hex(d));
  ASSERT_TRUE(sk.has_value());
  EXPECT_EQ(Bytes(sk->public_key().x().begin(), sk->public_key().x().end()), from_hex(qiut_x));
  EXPECT_EQ(Bytes(sk->public_key().y().begin(), sk->public_key().y().end()), from_hex(qiut_y));
  auto pk = PublicKey<C>::from_coordinates(from_hex(qx), from_hex(qy));
  ASSERT_TRUE(pk.has_value());
  auto shared = Ecdh<C>::agree(*sk, *pk);
  ASSERT_TRUE(shared.has_value());
  EXPECT_EQ(Bytes(shared->span().begin(), shared->span().end()), from_hex(z));
}

TEST(EcdhCavp, P256Count0) {
  cavp_cdh<P256>("700c48f77f56584c5cc632ca65640db91b6bacce3a4df6b42ce7cc838833d287",
                 "db71e509e3fd9b060ddb20ba5c51dcc5948d46fbf640dfe0441782cab85fa4ac",
                 "7d7dc5f71eb29ddaf80d6214632eeae03d9058af1fb6d22ed80badb62bc1a534",
                 "ead218590119e8876b29146ff89ca61770c4edbbf97d38ce385ed281d8a6b230",
                 "28af61281fd35e2fa7002523acc85a429cb06ee6648325389f59edfce1405141",
                 "46fc62106420ff012e54a434fbdd2d25ccc5852060561e68040dd7778997bd7b");
}

TEST(EcdhCavp, P384Count0) {
  cavp_cdh<P384>(
      "a7c76b970c3b5fe8b05d2838ae04ab47697b9eaf52e764592efda27fe7513272734466b400091adbf2d68c58e0c50066",
      "ac68f19f2e1cb879aed43a9969b91a0839c4c38a49749b661efedf243451915ed0905a32b060992b468c64766fc8437a",
      "3cc3122a68f0d95027ad38c067916ba0eb8c38894d22e1b15618b6818a661774ad463b205da88cf699ab4d43c9cf98a1",
      "9803807f2f6d2fd966cdd0290bd410c0190352fbec7ff6247de1302df86f25d34fe4a97bef60cff548355c015dbb3e5f",
      "ba26ca69ec2f5b5d9dad20cc9da711383a9dbe34ea3fa5a2af75b46502629ad54dd8b7d73a8abb06a3a3be47d650cc99",
      "5f9d29dc5e31a163060356213669c8ce132e22f57c9a04f40ba7fcead493b457e5621e766c40a2e3d4d6a04b25e533f1");
}

}  // namespace
