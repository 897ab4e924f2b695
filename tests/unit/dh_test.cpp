// FFDHE (include/tessera/dh.hpp) over ffdhe2048, ffdhe3072 and ffdhe4096: agreement round
// trips, the private-key range and the public-key validation of SP 800-56A Rev. 3 (every
// rejection with its own error), and, with OpenSSL: p recomputed from RFC 7919's formula
// and checked prime with q, known answers from BN_mod_exp, non-residues found at random,
// and OpenSSL's EVP DH on the same named group as the peer in both directions.
#include <tessera/dh.hpp>

#include "dh/ffdhe_groups.hpp"

#if TESSERA_TEST_HAVE_OPENSSL
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/dh.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#endif

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

using Bytes = std::vector<std::uint8_t>;

template <class D>
class DhTest : public ::testing::Test {};
using Groups = ::testing::Types<tessera::Ffdhe2048, tessera::Ffdhe3072, tessera::Ffdhe4096>;
class GroupName {
 public:
  template <class D>
  static std::string GetName(int) { return D::name; }
};
TYPED_TEST_SUITE(DhTest, Groups, GroupName);

// RFC 7919, Appendix A: the constant X of each group's formula.
template <class G> constexpr unsigned long kRfcX = 0;
template <> constexpr unsigned long kRfcX<tessera::dh::Ffdhe2048Group> = 560316;
template <> constexpr unsigned long kRfcX<tessera::dh::Ffdhe3072Group> = 2625351;
template <> constexpr unsigned long kRfcX<tessera::dh::Ffdhe4096Group> = 5736041;

template <class G>
Bytes p_be() {
  using K = tessera::dh::GroupConstants<G>;
  Bytes out(tessera::dh::p_bytes<G>);
  tessera::bignum::nat_to_be_bytes(out, tessera::bignum::NatView(K::p.data(), K::n));
  return out;
}
// The big-endian p_bytes encoding of v + p * k_p (small adjustments of p: p - 1, p + 1, ...).
template <class G>
Bytes p_plus(int delta) {
  Bytes b = p_be<G>();
  int carry = delta;
  for (std::size_t i = b.size(); i-- > 0 && carry != 0;) {
    const int v = b[i] + carry;
    b[i] = static_cast<std::uint8_t>(v & 0xFF);
    carry = v >> 8;  // arithmetic shift: -1 for a borrow
  }
  return b;
}
template <class G>
Bytes small_y(std::uint8_t v) {
  Bytes b(tessera::dh::p_bytes<G>, 0);
  b.back() = v;
  return b;
}

TYPED_TEST(DhTest, SizesAndConstants) {
  using D = TypeParam;
  using G = typename D::Group;
  EXPECT_EQ(D::public_key_bytes, G::p_bits / 8);
  EXPECT_EQ(D::shared_secret_bytes, G::p_bits / 8);
  EXPECT_EQ(D::private_key_bytes, (G::exponent_bits + 7) / 8);
  EXPECT_GE(G::exponent_bits, 2 * G::security_bits);  // SP 800-56A Rev. 3, 5.6.1.1.4 step 1
  const Bytes p = p_be<G>();
  // RFC 7919: p begins and ends with 64 one bits.
  for (std::size_t i = 0; i < 8; ++i) {
    EXPECT_EQ(p[i], 0xFF);
    EXPECT_EQ(p[p.size() - 1 - i], 0xFF);
  }
  EXPECT_EQ(p[8], 0xAD);  // ADF85458..., the digits of e
}

TYPED_TEST(DhTest, RoundTrip) {
  using D = TypeParam;
  auto a = D::generate_key();
  auto b = D::generate_key();
  ASSERT_TRUE(a) << a.what();
  ASSERT_TRUE(b) << b.what();
  EXPECT_FALSE(a->public_key == b->public_key);
  auto zab = D::agree(a->private_key, b->public_key);
  auto zba = D::agree(b->private_key, a->public_key);
  ASSERT_TRUE(zab) << zab.what();
  ASSERT_TRUE(zba) << zba.what();
  EXPECT_EQ(0, std::memcmp(zab->data(), zba->data(), D::shared_secret_bytes));
  // The bytes overload validates and agrees the same.
  auto zbytes = D::agree(a->private_key, b->public_key.bytes());
  ASSERT_TRUE(zbytes);
  EXPECT_EQ(0, std::memcmp(zab->data(), zbytes->data(), D::shared_secret_bytes));
  // The private key round-trips through its bytes, and its public key is the pair's.
  auto x = a->private_key.bytes();
  auto again = D::PrivateKey::from_bytes(x.span());
  ASSERT_TRUE(again) << again.what();
  EXPECT_TRUE(again->public_key() == a->public_key);
  EXPECT_TRUE(a->private_key.public_key() == a->public_key);
  auto cl = a->private_key.clone();
  EXPECT_EQ(0, std::memcmp(cl.bytes().data(), x.data(), x.size()));
  // The public key parses back.
  auto pk = D::PublicKey::from_bytes(a->public_key.bytes());
  ASSERT_TRUE(pk) << pk.what();
  EXPECT_TRUE(*pk == a->public_key);
  // Generated exponents have at most N bits.
  const unsigned top_bits = static_cast<unsigned>(D::Group::exponent_bits - 8 * (D::private_key_bytes - 1));
  EXPECT_EQ(x[0] >> top_bits, 0);
}

TYPED_TEST(DhTest, PrivateKeyRange) {
  using D = TypeParam;
  constexpr std::size_t xb = D::private_key_bytes;
  const unsigned top_bits = static_cast<unsigned>(D::Group::exponent_bits - 8 * (xb - 1));
  for (std::size_t len : {std::size_t{0}, xb - 1, xb + 1, D::public_key_bytes}) {
    Bytes x(len, 0);
    if (len > 0) x.back() = 1;
    auto sk = D::PrivateKey::from_bytes(x);
    ASSERT_FALSE(sk) << len;
    EXPECT_EQ(sk.error(), tessera::Error::invalid_length);
    auto kp = D::keygen_internal(x);
    ASSERT_FALSE(kp) << len;
    EXPECT_EQ(kp.error(), tessera::Error::invalid_length);
  }
  Bytes zero(xb, 0);
  auto z = D::PrivateKey::from_bytes(zero);
  ASSERT_FALSE(z);
  EXPECT_EQ(z.error(), tessera::Error::invalid_key);
  EXPECT_NE(std::string(z.what()).find("zero"), std::string::npos) << z.what();
  // 2^N (the lowest value with a bit at or above N) and all ones (N is not a multiple of
  // 8 in these groups, so both fit in private_key_bytes).
  ASSERT_LT(top_bits, 8u);
  Bytes two_n(xb, 0);
  two_n[0] = static_cast<std::uint8_t>(1u << top_bits);
  for (const Bytes& big : {two_n, Bytes(xb, 0xFF)}) {
    auto r = D::PrivateKey::from_bytes(big);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error(), tessera::Error::invalid_key);
    EXPECT_NE(std::string(r.what()).find("2^N"), std::string::npos) << r.what();
    auto k = D::keygen_internal(big);
    ASSERT_FALSE(k);
    EXPECT_EQ(k.error(), tessera::Error::invalid_key);
  }
  // The largest, 2^N - 1, is accepted; as a candidate it is the one c > M - 2.
  Bytes max(xb, 0xFF);
  max[0] = static_cast<std::uint8_t>((1u << top_bits) - 1u);
  ASSERT_TRUE(D::PrivateKey::from_bytes(max));
  auto c_max = D::keygen_internal(max);
  ASSERT_FALSE(c_max);
  EXPECT_EQ(c_max.error(), tessera::Error::invalid_key);
  EXPECT_NE(std::string(c_max.what()).find("draw again"), std::string::npos) << c_max.what();
  // x = 1 gives y = g = 2, and so does the candidate c = 0 (x = c + 1).
  Bytes one(xb, 0);
  one.back() = 1;
  auto sk1 = D::PrivateKey::from_bytes(one);
  ASSERT_TRUE(sk1);
  EXPECT_EQ(Bytes(sk1->public_key().bytes().begin(), sk1->public_key().bytes().end()), small_y<typename D::Group>(2));
  auto kp0 = D::keygen_internal(zero);
  ASSERT_TRUE(kp0);
  EXPECT_TRUE(kp0->public_key == sk1->public_key());
  EXPECT_EQ(0, std::memcmp(kp0->private_key.bytes().data(), one.data(), xb));
  // The candidate 2^N - 2 is the largest accepted: x = 2^N - 1.
  Bytes c_last = max;
  c_last.back() = 0xFE;
  auto kp_last = D::keygen_internal(c_last);
  ASSERT_TRUE(kp_last);
  EXPECT_EQ(0, std::memcmp(kp_last->private_key.bytes().data(), max.data(), xb));
}

TYPED_TEST(DhTest, PublicKeyValidation) {
  using D = TypeParam;
  using G = typename D::Group;
  constexpr std::size_t pb = D::public_key_bytes;
  for (std::size_t len : {std::size_t{0}, std::size_t{1}, pb - 1, pb + 1}) {
    Bytes y(len, 0);
    if (len > 0) y.back() = 4;
    auto pk = D::PublicKey::from_bytes(y);
    ASSERT_FALSE(pk) << len;
    EXPECT_EQ(pk.error(), tessera::Error::invalid_length);
  }
  // The p_bytes + 1 encoding of a valid y (a leading zero byte) is also the wrong length.
  Bytes padded = small_y<G>(4);
  padded.insert(padded.begin(), 0);
  EXPECT_FALSE(D::PublicKey::from_bytes(padded));
  struct Bad {
    Bytes y;
    const char* expect;
  };
  const Bad bad[] = {
      {small_y<G>(0), "y < 2"},       {small_y<G>(1), "y < 2"},        {p_plus<G>(-1), "y > p - 2"},
      {p_plus<G>(0), "y > p - 2"},    {p_plus<G>(1), "y > p - 2"},     {Bytes(pb, 0xFF), "y > p - 2"},
      {p_plus<G>(-2), "subgroup"},  // p - 2 = -2: -1 and 2 are a non-residue and a residue (p = 7 mod 8)
      {p_plus<G>(-4), "subgroup"},  // -4 = -1 * 2^2
  };
  for (const Bad& b : bad) {
    auto pk = D::PublicKey::from_bytes(b.y);
    ASSERT_FALSE(pk) << b.expect;
    EXPECT_EQ(pk.error(), tessera::Error::invalid_key);
    EXPECT_NE(std::string(pk.what()).find(b.expect), std::string::npos) << pk.what();
    EXPECT_EQ(std::string(pk.what()).rfind(G::name, 0), 0u) << pk.what();
    // agree() with the same bytes fails the same way.
    auto kp = D::generate_key();
    ASSERT_TRUE(kp);
    auto z = D::agree(kp->private_key, b.y);
    ASSERT_FALSE(z);
    EXPECT_EQ(z.error(), tessera::Error::invalid_key);
  }
  // Accepted: g = 2 and g^2 = 4 (order q); random residues and p - 3 are checked against
  // OpenSSL's BN_mod_exp below.
  EXPECT_TRUE(D::PublicKey::from_bytes(small_y<G>(2)));
  EXPECT_TRUE(D::PublicKey::from_bytes(small_y<G>(4)));
}

#if TESSERA_TEST_HAVE_OPENSSL

struct BnFree {
  void operator()(BIGNUM* b) const noexcept { BN_free(b); }
};
struct CtxFree {
  void operator()(BN_CTX* c) const noexcept { BN_CTX_free(c); }
};
struct PkeyFree {
  void operator()(EVP_PKEY* k) const noexcept { EVP_PKEY_free(k); }
};
struct PkeyCtxFree {
  void operator()(EVP_PKEY_CTX* c) const noexcept { EVP_PKEY_CTX_free(c); }
};
using Bn = std::unique_ptr<BIGNUM, BnFree>;
using Ctx = std::unique_ptr<BN_CTX, CtxFree>;
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;
using PkeyCtx = std::unique_ptr<EVP_PKEY_CTX, PkeyCtxFree>;

Bn bn(std::span<const std::uint8_t> be) { return Bn(BN_bin2bn(be.data(), static_cast<int>(be.size()), nullptr)); }
Bytes be(const BIGNUM* x, std::size_t len) {
  Bytes out(len);
  EXPECT_EQ(BN_bn2binpad(x, out.data(), static_cast<int>(len)), static_cast<int>(len));
  return out;
}

// floor(2^k e) from e = sum 1/n!: sum floor(2^(k + extra) / n!) over n while the term is
// nonzero, then drop the extra bits (each floored term loses < 1, so the sum is off by less
// than the number of terms, far below 2^extra).
Bn floor_2k_e(int k) {
  constexpr int extra = 64;
  Ctx ctx(BN_CTX_new());
  Bn sum(BN_new()), term(BN_new()), n(BN_new());
  BN_zero(sum.get());
  BN_one(term.get());
  BN_lshift(term.get(), term.get(), k + extra);
  for (unsigned long i = 1; !BN_is_zero(term.get()); ++i) {
    BN_add(sum.get(), sum.get(), term.get());
    BN_div_word(term.get(), i);
  }
  BN_rshift(sum.get(), sum.get(), extra);
  return sum;
}

TYPED_TEST(DhTest, PrimeFromRfcFormulaAndPrimality) {
  using G = typename TypeParam::Group;
  const int b = static_cast<int>(G::p_bits);
  // RFC 7919, Appendix A: p = 2^b - 2^(b-64) + {[2^(b-130) e] + X} * 2^64 - 1.
  Bn p(BN_new()), t(BN_new()), mid = floor_2k_e(b - 130);
  BN_zero(p.get());
  BN_set_bit(p.get(), b);
  BN_zero(t.get());
  BN_set_bit(t.get(), b - 64);
  BN_sub(p.get(), p.get(), t.get());
  BN_add_word(mid.get(), kRfcX<G>);
  BN_lshift(mid.get(), mid.get(), 64);
  BN_add(p.get(), p.get(), mid.get());
  BN_sub_word(p.get(), 1);
  EXPECT_EQ(be(p.get(), G::p_bits / 8), p_be<G>()) << "p differs from RFC 7919's formula";
  Ctx ctx(BN_CTX_new());
  EXPECT_EQ(BN_check_prime(p.get(), ctx.get(), nullptr), 1) << "p is not a probable prime";
  Bn q(BN_dup(p.get()));
  BN_rshift1(q.get(), q.get());
  EXPECT_EQ(BN_check_prime(q.get(), ctx.get(), nullptr), 1) << "q = (p - 1) / 2 is not a probable prime";
  using K = tessera::dh::GroupConstants<G>;
  Bytes qb(G::p_bits / 8);
  tessera::bignum::nat_to_be_bytes(qb, tessera::bignum::NatView(K::q.data(), K::n));
  EXPECT_EQ(be(q.get(), G::p_bits / 8), qb);
}

TYPED_TEST(DhTest, RandomResiduesAndNonResidues) {
  using D = TypeParam;
  using G = typename D::Group;
  Ctx ctx(BN_CTX_new());
  const Bytes pbytes = p_be<G>();
  Bn p = bn(pbytes), q(BN_dup(p.get())), pm1(BN_dup(p.get()));
  BN_rshift1(q.get(), q.get());
  BN_sub_word(pm1.get(), 1);
  std::mt19937_64 rng(7);
  int residues = 0, non_residues = 0;
  for (int i = 0; i < 16; ++i) {
    Bytes yb(D::public_key_bytes);
    for (auto& v : yb) v = static_cast<std::uint8_t>(rng());
    Bn y = bn(yb), r(BN_new());
    BN_mod(y.get(), y.get(), p.get(), ctx.get());
    if (BN_cmp(y.get(), pm1.get()) >= 0 || BN_is_zero(y.get()) || BN_is_one(y.get())) continue;
    BN_mod_exp(r.get(), y.get(), q.get(), p.get(), ctx.get());
    const bool residue = BN_is_one(r.get());
    (residue ? residues : non_residues)++;
    auto pk = D::PublicKey::from_bytes(be(y.get(), D::public_key_bytes));
    EXPECT_EQ(static_cast<bool>(pk), residue);
    if (!residue) {
      ASSERT_FALSE(pk);
      EXPECT_NE(std::string(pk.what()).find("subgroup"), std::string::npos);
      EXPECT_TRUE(BN_cmp(r.get(), pm1.get()) == 0);  // order 2q: y^q = -1
    }
  }
  EXPECT_GT(residues, 0);
  EXPECT_GT(non_residues, 0);
  // p - 3 = -3: a residue exactly when p = 1 mod 3 (the model decides).
  Bn pm3(BN_dup(p.get())), r(BN_new());
  BN_sub_word(pm3.get(), 3);
  BN_mod_exp(r.get(), pm3.get(), q.get(), p.get(), ctx.get());
  EXPECT_EQ(static_cast<bool>(D::PublicKey::from_bytes(p_plus<G>(-3))), static_cast<bool>(BN_is_one(r.get())));
}

TYPED_TEST(DhTest, KnownAnswerFromBnModExp) {
  using D = TypeParam;
  using G = typename D::Group;
  Ctx ctx(BN_CTX_new());
  const Bytes pbytes = p_be<G>();
  Bn p = bn(pbytes), g(BN_new());
  BN_set_word(g.get(), 2);
  // Fixed exponents: a byte pattern below 2^N, and the search below for a Z with a leading
  // zero byte (the encoding keeps it).
  const unsigned top_bits = static_cast<unsigned>(G::exponent_bits - 8 * (D::private_key_bytes - 1));
  Bytes xa(D::private_key_bytes), xb(D::private_key_bytes);
  for (std::size_t i = 0; i < xa.size(); ++i) {
    xa[i] = static_cast<std::uint8_t>(0x5A ^ (i * 37));
    xb[i] = static_cast<std::uint8_t>(0xC3 ^ (i * 11));
  }
  xa[0] &= static_cast<std::uint8_t>((1u << top_bits) - 1u);
  xb[0] &= static_cast<std::uint8_t>((1u << top_bits) - 1u);
  auto a = D::PrivateKey::from_bytes(xa);
  ASSERT_TRUE(a) << a.what();
  Bn ya(BN_new());
  BN_mod_exp(ya.get(), g.get(), bn(xa).get(), p.get(), ctx.get());
  EXPECT_EQ(Bytes(a->public_key().bytes().begin(), a->public_key().bytes().end()), be(ya.get(), D::public_key_bytes));
  bool leading_zero_seen = false;
  for (int i = 0; i < 2000 && !leading_zero_seen; ++i) {
    xb[xb.size() - 1] = static_cast<std::uint8_t>(i);
    xb[xb.size() - 2] = static_cast<std::uint8_t>(i >> 8);
    auto b = D::PrivateKey::from_bytes(xb);
    ASSERT_TRUE(b);
    auto z = D::agree(*a, b->public_key());
    ASSERT_TRUE(z);
    if (i > 0 && (*z)[0] != 0) continue;  // the first case always, then the leading-zero ones
    Bn yb = bn(Bytes(b->public_key().bytes().begin(), b->public_key().bytes().end())), want(BN_new());
    BN_mod_exp(want.get(), yb.get(), bn(xa).get(), p.get(), ctx.get());
    EXPECT_EQ(Bytes(z->data(), z->data() + z->size()), be(want.get(), D::shared_secret_bytes)) << "i = " << i;
    leading_zero_seen = (*z)[0] == 0;
  }
  EXPECT_TRUE(leading_zero_seen) << "no Z with a leading zero byte in 2000 tries";
}

// An OpenSSL key pair on the named group.
Pkey openssl_keygen(const char* group) {
  PkeyCtx ctx(EVP_PKEY_CTX_new_from_name(nullptr, "DH", nullptr));
  if (!ctx || EVP_PKEY_keygen_init(ctx.get()) != 1) return nullptr;
  OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, const_cast<char*>(group), 0),
                         OSSL_PARAM_construct_end()};
  if (EVP_PKEY_CTX_set_params(ctx.get(), params) != 1) return nullptr;
  EVP_PKEY* k = nullptr;
  if (EVP_PKEY_generate(ctx.get(), &k) != 1) return nullptr;
  return Pkey(k);
}
// An OpenSSL public key on the named group from y.
Pkey openssl_public(const char* group, std::span<const std::uint8_t> y) {
  Bn yb = bn(y);
  std::unique_ptr<OSSL_PARAM_BLD, void (*)(OSSL_PARAM_BLD*)> bld(OSSL_PARAM_BLD_new(), OSSL_PARAM_BLD_free);
  OSSL_PARAM_BLD_push_utf8_string(bld.get(), OSSL_PKEY_PARAM_GROUP_NAME, group, 0);
  OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_PUB_KEY, yb.get());
  std::unique_ptr<OSSL_PARAM, void (*)(OSSL_PARAM*)> params(OSSL_PARAM_BLD_to_param(bld.get()), OSSL_PARAM_free);
  PkeyCtx ctx(EVP_PKEY_CTX_new_from_name(nullptr, "DH", nullptr));
  EVP_PKEY* k = nullptr;
  if (!ctx || EVP_PKEY_fromdata_init(ctx.get()) != 1 ||
      EVP_PKEY_fromdata(ctx.get(), &k, EVP_PKEY_PUBLIC_KEY, params.get()) != 1)
    return nullptr;
  return Pkey(k);
}
// OpenSSL's Z, padded to the length of p (EVP_PKEY_CTX_set_dh_pad).
Bytes openssl_derive(EVP_PKEY* mine, EVP_PKEY* peer) {
  PkeyCtx ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, mine, nullptr));
  std::size_t len = 0;
  if (!ctx || EVP_PKEY_derive_init(ctx.get()) != 1 || EVP_PKEY_CTX_set_dh_pad(ctx.get(), 1) != 1 ||
      EVP_PKEY_derive_set_peer(ctx.get(), peer) != 1 || EVP_PKEY_derive(ctx.get(), nullptr, &len) != 1)
    return {};
  Bytes out(len);
  if (EVP_PKEY_derive(ctx.get(), out.data(), &len) != 1) return {};
  out.resize(len);
  return out;
}

TYPED_TEST(DhTest, OpenSslPeer) {
  using D = TypeParam;
  using G = typename D::Group;
  for (int round = 0; round < 3; ++round) {
    Pkey ossl = openssl_keygen(G::name);
    ASSERT_TRUE(ossl) << "OpenSSL DH keygen on " << G::name;
    // OpenSSL's group is Tessera's p.
    BIGNUM* raw = nullptr;
    ASSERT_EQ(EVP_PKEY_get_bn_param(ossl.get(), OSSL_PKEY_PARAM_FFC_P, &raw), 1);
    Bn op(raw);
    EXPECT_EQ(be(op.get(), D::public_key_bytes), p_be<G>());
    // OpenSSL's private exponent length for the named group (what the header documents).
    raw = nullptr;
    ASSERT_EQ(EVP_PKEY_get_bn_param(ossl.get(), OSSL_PKEY_PARAM_PRIV_KEY, &raw), 1);
    Bn ox(raw);
    EXPECT_LE(BN_num_bits(ox.get()), static_cast<int>(G::exponent_bits)) << "OpenSSL's exponent is longer than N";
    raw = nullptr;
    ASSERT_EQ(EVP_PKEY_get_bn_param(ossl.get(), OSSL_PKEY_PARAM_PUB_KEY, &raw), 1);
    Bn oy(raw);
    const Bytes oy_bytes = be(oy.get(), D::public_key_bytes);

    auto kp = D::generate_key();
    ASSERT_TRUE(kp);
    // Tessera with OpenSSL's public key.
    auto peer = D::PublicKey::from_bytes(oy_bytes);
    ASSERT_TRUE(peer) << peer.what();
    auto z = D::agree(kp->private_key, *peer);
    ASSERT_TRUE(z) << z.what();
    // OpenSSL with Tessera's public key.
    Pkey tpub = openssl_public(G::name, kp->public_key.bytes());
    ASSERT_TRUE(tpub);
    const Bytes oz = openssl_derive(ossl.get(), tpub.get());
    ASSERT_EQ(oz.size(), D::shared_secret_bytes);
    EXPECT_EQ(Bytes(z->data(), z->data() + z->size()), oz) << "round " << round;
  }
}

#else

TYPED_TEST(DhTest, OpenSslDifferential) { GTEST_SKIP() << "OpenSSL libcrypto >= 3.0 not found: no BIGNUM/EVP model"; }

#endif

}  // namespace
