// RSA differential tests against OpenSSL's libcrypto (the system's, 3.0): keys OpenSSL
// generates (1024 legacy, 2048, 3072, 4096 bits; e = 65537, e = 3, and a large random odd
// e) exported as PKCS#1 DER (i2d_RSAPrivateKey / i2d_RSAPublicKey) and imported by Tessera,
// which must write them back byte for byte; the raw primitives against OpenSSL's
// RSA_NO_PADDING operations on random and boundary values; and keys built from primes
// with OpenSSL's BN: unbalanced primes, another prime swapped in, p = q, and a composite p
// that passes every documented key check and so reaches the fault check of the private
// operation. Skipped, with the reason, when the build found no OpenSSL.
#include <tessera/rsa.hpp>

#include "rsa_test_support.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#if TESSERA_TEST_HAVE_OPENSSL
#define OPENSSL_SUPPRESS_DEPRECATED 1  // RSA_*: the direct way to set and use raw key components
#include <openssl/bn.h>
#include <openssl/rsa.h>
#endif

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace tessera;
using test::Bytes;
using test::failed_with;

struct KeySpec {
  const char* name;
  int bits;
  int e;  // 0: a large random odd e (2040 bits, below the 2048-bit n)
};
void PrintTo(const KeySpec& s, std::ostream* os) { *os << s.name; }  // gtest's failure lines
const KeySpec kSpecs[] = {
    {"rsa1024_e65537", 1024, 65537}, {"rsa2048_e65537", 2048, 65537}, {"rsa2048_e3", 2048, 3},
    {"rsa2048_large_e", 2048, 0},    {"rsa3072_e65537", 3072, 65537}, {"rsa4096_e65537", 4096, 65537},
};

#define TESSERA_REQUIRE_OPENSSL() \
  if (!TESSERA_TEST_HAVE_OPENSSL) GTEST_SKIP() << "built without OpenSSL libcrypto (find_package(OpenSSL 3.0) failed)"

#if TESSERA_TEST_HAVE_OPENSSL

template <class T, void (*F)(T*)>
struct Free {
  void operator()(T* p) const noexcept { F(p); }
};
using Bn = std::unique_ptr<BIGNUM, Free<BIGNUM, BN_clear_free>>;
using BnCtx = std::unique_ptr<BN_CTX, Free<BN_CTX, BN_CTX_free>>;
using Rsa = std::unique_ptr<RSA, Free<RSA, RSA_free>>;

Bn bn() { return Bn(BN_new()); }
Bn bn_dup(const BIGNUM* x) { return Bn(BN_dup(x)); }
Bn bn_word(unsigned long w) {
  Bn b = bn();
  BN_set_word(b.get(), w);
  return b;
}
Bytes bytes_of(const BIGNUM* x) {  // minimal big-endian (zero: one zero byte)
  Bytes b(static_cast<std::size_t>(BN_num_bytes(x)));
  BN_bn2bin(x, b.data());
  if (b.empty()) b.push_back(0);
  return b;
}
Bytes padded_of(const BIGNUM* x, std::size_t k) {
  Bytes b(k);
  EXPECT_EQ(BN_bn2binpad(x, b.data(), static_cast<int>(k)), static_cast<int>(k));
  return b;
}

Bytes i2d_private(const RSA* r) {
  const int len = i2d_RSAPrivateKey(r, nullptr);
  EXPECT_GT(len, 0);
  Bytes b(static_cast<std::size_t>(len > 0 ? len : 0));
  unsigned char* p = b.data();
  i2d_RSAPrivateKey(r, &p);
  return b;
}
Bytes i2d_public(const RSA* r) {
  const int len = i2d_RSAPublicKey(r, nullptr);
  EXPECT_GT(len, 0);
  Bytes b(static_cast<std::size_t>(len > 0 ? len : 0));
  unsigned char* p = b.data();
  i2d_RSAPublicKey(r, &p);
  return b;
}

test::RsaComponents components_of(const RSA* r) {
  return {bytes_of(RSA_get0_n(r)),    bytes_of(RSA_get0_e(r)),    bytes_of(RSA_get0_d(r)),
          bytes_of(RSA_get0_p(r)),    bytes_of(RSA_get0_q(r)),    bytes_of(RSA_get0_dmp1(r)),
          bytes_of(RSA_get0_dmq1(r)), bytes_of(RSA_get0_iqmp(r))};
}

// An OpenSSL RSA_NO_PADDING operation on exactly k bytes; nullopt if OpenSSL refuses.
using OsslOp = int (*)(int, const unsigned char*, unsigned char*, RSA*, int);
std::optional<Bytes> ossl(OsslOp op, RSA* r, const Bytes& in) {
  Bytes out(static_cast<std::size_t>(RSA_size(r)));
  const int len = op(static_cast<int>(in.size()), in.data(), out.data(), r, RSA_NO_PADDING);
  if (len != static_cast<int>(out.size())) return std::nullopt;
  return out;
}

// An OpenSSL key, generated once per spec and kept for the process (keygen is slow).
struct OsslKey {
  Rsa rsa;
  Bytes priv_der, pub_der;
  std::size_t k = 0;
};
const OsslKey* key_for(const KeySpec& spec, std::string& why) {
  static std::map<std::string, std::unique_ptr<OsslKey>> cache;
  auto it = cache.find(spec.name);
  if (it != cache.end()) {
    if (!it->second) why = std::string("OpenSSL RSA_generate_key_ex refused ") + spec.name;
    return it->second.get();
  }
  auto key = std::make_unique<OsslKey>();
  key->rsa.reset(RSA_new());
  Bn e = bn();
  if (spec.e != 0) BN_set_word(e.get(), static_cast<unsigned long>(spec.e));
  else BN_rand(e.get(), 2040, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ODD);
  if (RSA_generate_key_ex(key->rsa.get(), spec.bits, e.get(), nullptr) != 1) {
    why = std::string("OpenSSL RSA_generate_key_ex refused ") + spec.name;
    cache.emplace(spec.name, nullptr);
    return nullptr;
  }
  key->priv_der = i2d_private(key->rsa.get());
  key->pub_der = i2d_public(key->rsa.get());
  key->k = static_cast<std::size_t>(RSA_size(key->rsa.get()));
  return cache.emplace(spec.name, std::move(key)).first->second.get();
}

// A uniform random x < n (k bytes).
Bytes random_below(std::mt19937& rng, const Bytes& n) {
  for (;;) {
    Bytes x = test::random_bytes_vec(rng, n.size());
    if (std::lexicographical_compare(x.begin(), x.end(), n.begin(), n.end())) return x;
  }
}

#endif  // TESSERA_TEST_HAVE_OPENSSL

class RsaOpenSsl : public ::testing::TestWithParam<KeySpec> {
#if TESSERA_TEST_HAVE_OPENSSL
 protected:
  void SetUp() override {
    std::string why;
    key_ = key_for(GetParam(), why);
    if (key_ == nullptr) GTEST_SKIP() << why;
  }
  void TearDown() override {
    if (HasFailure() && key_ != nullptr)
      ADD_FAILURE() << "the key (RSAPrivateKey DER): " << test::to_hex(key_->priv_der);
  }
  const OsslKey* key_ = nullptr;
#endif
};

TEST_P(RsaOpenSsl, DerAndComponentsMatchOpenSsl) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  auto sk = rsa::PrivateKey::from_der(key_->priv_der);
  ASSERT_TRUE(sk) << sk.what();
  EXPECT_EQ(test::der_of(*sk), key_->priv_der);
  EXPECT_EQ(test::der_of(sk->public_key()), key_->pub_der);
  auto pk = rsa::PublicKey::from_der(key_->pub_der);
  ASSERT_TRUE(pk) << pk.what();
  EXPECT_EQ(test::der_of(*pk), key_->pub_der);
  const RSA* r = key_->rsa.get();
  const rsa::PublicKey* both[] = {&sk->public_key(), &*pk};
  for (const rsa::PublicKey* p : both) {
    EXPECT_EQ(p->modulus_bits(), static_cast<std::size_t>(RSA_bits(r)));
    EXPECT_EQ(p->modulus_bytes(), key_->k);
    EXPECT_EQ(test::block_bytes(p->modulus()), padded_of(RSA_get0_n(r), key_->k));
    EXPECT_EQ(test::block_bytes(p->public_exponent()), bytes_of(RSA_get0_e(r)));
  }
  if (GetParam().e == 0) {
    EXPECT_EQ(BN_num_bits(RSA_get0_e(r)), 2040);
  }
  // The same key from its components (8 and 5 of them): the same DER.
  const test::RsaComponents c = components_of(key_->rsa.get());
  auto k8 = test::private_key(c);
  ASSERT_TRUE(k8) << k8.what();
  EXPECT_EQ(test::der_of(*k8), key_->priv_der);
  auto k5 = rsa::PrivateKey::from_components(c.n, c.e, c.d, c.p, c.q);
  ASSERT_TRUE(k5) << k5.what();
  EXPECT_EQ(test::der_of(*k5), key_->priv_der);
  auto pc = rsa::PublicKey::from_components(c.n, c.e);
  ASSERT_TRUE(pc) << pc.what();
  EXPECT_EQ(test::der_of(*pc), key_->pub_der);
#endif
}

TEST_P(RsaOpenSsl, PrimitivesMatchOpenSsl) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  auto sk = rsa::PrivateKey::from_der(key_->priv_der);
  ASSERT_TRUE(sk) << sk.what();
  const rsa::PublicKey& pk = sk->public_key();
  RSA* r = key_->rsa.get();
  const Bytes n = padded_of(RSA_get0_n(r), key_->k);
  std::mt19937 rng(static_cast<std::uint32_t>(GetParam().bits * 7 + GetParam().e));
  for (int i = 0; i < 20; ++i) {
    const Bytes x = random_below(rng, n);
    // RSASP1 = OpenSSL's private "encrypt"; RSAVP1 = its public "decrypt".
    auto s = rsa::rsasp1(*sk, x);
    ASSERT_TRUE(s) << s.what();
    const auto os = ossl(RSA_private_encrypt, r, x);
    ASSERT_TRUE(os.has_value());
    EXPECT_EQ(test::block_bytes(*s), *os) << "x = " << test::to_hex(x);
    auto v = rsa::rsavp1(pk, s->bytes());
    ASSERT_TRUE(v) << v.what();
    EXPECT_EQ(test::block_bytes(*v), x);
    EXPECT_EQ(ossl(RSA_public_decrypt, r, test::block_bytes(*s)), test::block_bytes(*v));
    // RSAEP = OpenSSL's public encrypt; RSADP = its private decrypt.
    auto c = rsa::rsaep(pk, x);
    ASSERT_TRUE(c) << c.what();
    const auto oc = ossl(RSA_public_encrypt, r, x);
    ASSERT_TRUE(oc.has_value());
    EXPECT_EQ(test::block_bytes(*c), *oc);
    auto m = rsa::rsadp(*sk, c->bytes());
    ASSERT_TRUE(m) << m.what();
    EXPECT_EQ(test::block_bytes(*m), x);
    EXPECT_EQ(ossl(RSA_private_decrypt, r, *oc), x);
    // Independent inputs to the private side too (an OpenSSL ciphertext of a random x).
    const Bytes y = random_below(rng, n);
    const auto oy = ossl(RSA_private_decrypt, r, y);
    ASSERT_TRUE(oy.has_value());
    auto my = rsa::rsadp(*sk, y);
    ASSERT_TRUE(my) << my.what();
    EXPECT_EQ(test::block_bytes(*my), *oy);
  }
#endif
}

// 0, 1, 2, n - 2, n - 1, n, n + 1, 2^(8k) - 1: RSASP1 / RSAVP1 take [0, n - 1], RSAEP /
// RSADP only 1 < x < n - 1; where Tessera computes, it agrees with OpenSSL. (Few tests
// per key: ctest runs each case in its own process, which generates its key again.)
TEST_P(RsaOpenSsl, BoundaryValuesAndLengths) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  auto sk = rsa::PrivateKey::from_der(key_->priv_der);
  ASSERT_TRUE(sk) << sk.what();
  const rsa::PublicKey& pk = sk->public_key();
  RSA* r = key_->rsa.get();
  const std::size_t k = key_->k;
  const Bytes n = padded_of(RSA_get0_n(r), k);
  const Bytes one{1}, two{2};
  struct Value {
    const char* name;
    Bytes x;
    bool in_rfc8017, in_sp800_56b;
  };
  const Value values[] = {
      {"0", Bytes(k, 0), true, false},
      {"1", test::be_pad(one, k), true, false},
      {"2", test::be_pad(two, k), true, true},
      {"n-2", test::be_sub(n, two), true, true},
      {"n-1", test::be_sub(n, one), true, false},
      {"n", n, false, false},
      {"n+1", test::be_pad(test::be_add(n, one), k), false, false},
      {"2^(8k)-1", Bytes(k, 0xFF), false, false},
  };
  for (const Value& v : values) {
    SCOPED_TRACE(v.name);
    auto s = rsa::rsasp1(*sk, v.x);
    auto vp = rsa::rsavp1(pk, v.x);
    auto c = rsa::rsaep(pk, v.x);
    auto m = rsa::rsadp(*sk, v.x);
    if (v.in_rfc8017) {
      ASSERT_TRUE(s) << s.what();
      ASSERT_TRUE(vp) << vp.what();
      EXPECT_EQ(ossl(RSA_private_encrypt, r, v.x), test::block_bytes(*s));
      EXPECT_EQ(ossl(RSA_public_decrypt, r, v.x), test::block_bytes(*vp));
    } else {
      EXPECT_TRUE(failed_with(s, Error::invalid_argument, "RSA representative out of range"));
      EXPECT_TRUE(failed_with(vp, Error::invalid_argument, "RSA representative out of range"));
    }
    if (v.in_sp800_56b) {
      ASSERT_TRUE(c) << c.what();
      ASSERT_TRUE(m) << m.what();
      EXPECT_EQ(ossl(RSA_public_encrypt, r, v.x), test::block_bytes(*c));
      EXPECT_EQ(ossl(RSA_private_decrypt, r, v.x), test::block_bytes(*m));
    } else {
      EXPECT_TRUE(failed_with(c, Error::invalid_argument, "RSA representative out of range"));
      EXPECT_TRUE(failed_with(m, Error::invalid_argument, "RSA representative out of range"));
    }
  }
  // Exactly k bytes in: k - 1, k + 1 and 0 are Error::invalid_length.
  for (const std::size_t len : {k - 1, k + 1, std::size_t{0}}) {
    SCOPED_TRACE(len);
    Bytes x(len, 0);
    if (len > 0) x.back() = 2;
    EXPECT_TRUE(failed_with(rsa::rsasp1(*sk, x), Error::invalid_length, "RSA representative"));
    EXPECT_TRUE(failed_with(rsa::rsavp1(pk, x), Error::invalid_length, "RSA representative"));
    EXPECT_TRUE(failed_with(rsa::rsaep(pk, x), Error::invalid_length, "RSA representative"));
    EXPECT_TRUE(failed_with(rsa::rsadp(*sk, x), Error::invalid_length, "RSA representative"));
  }
#endif
}

std::string key_name(const ::testing::TestParamInfo<KeySpec>& p) { return p.param.name; }
INSTANTIATE_TEST_SUITE_P(Keys, RsaOpenSsl, ::testing::ValuesIn(kSpecs), key_name);

#if TESSERA_TEST_HAVE_OPENSSL

Bn prime(int bits) {
  Bn p = bn();
  EXPECT_EQ(BN_generate_prime_ex(p.get(), bits, 0, nullptr, nullptr, nullptr), 1);
  return p;
}

// A key from its primes with OpenSSL's BN: d = e^-1 mod lcm(p - 1, q - 1) (FIPS 186-5
// A.1.1), dp, dq, qinv = q^-1 mod p. nullopt if e is not invertible (pick other primes).
std::optional<test::RsaComponents> key_from_primes(const BIGNUM* p, const BIGNUM* q, unsigned long e_word) {
  BnCtx ctx(BN_CTX_new());
  Bn n = bn(), pm1 = bn_dup(p), qm1 = bn_dup(q), g = bn(), phi = bn(), lcm = bn(), rem = bn();
  Bn e = bn_word(e_word), d = bn(), dp = bn(), dq = bn(), qinv = bn();
  BN_mul(n.get(), p, q, ctx.get());
  BN_sub_word(pm1.get(), 1);
  BN_sub_word(qm1.get(), 1);
  BN_gcd(g.get(), pm1.get(), qm1.get(), ctx.get());
  BN_mul(phi.get(), pm1.get(), qm1.get(), ctx.get());
  BN_div(lcm.get(), rem.get(), phi.get(), g.get(), ctx.get());
  if (BN_mod_inverse(d.get(), e.get(), lcm.get(), ctx.get()) == nullptr) return std::nullopt;
  BN_mod(dp.get(), d.get(), pm1.get(), ctx.get());
  BN_mod(dq.get(), d.get(), qm1.get(), ctx.get());
  if (BN_mod_inverse(qinv.get(), q, p, ctx.get()) == nullptr) return std::nullopt;
  return test::RsaComponents{bytes_of(n.get()),  bytes_of(e.get()),  bytes_of(d.get()),  bytes_of(p),
                             bytes_of(q),        bytes_of(dp.get()), bytes_of(dq.get()), bytes_of(qinv.get())};
}
Bn from_bytes(const Bytes& b) { return Bn(BN_bin2bn(b.data(), static_cast<int>(b.size()), nullptr)); }
Rsa openssl_key(const test::RsaComponents& c) {
  Rsa r(RSA_new());
  RSA_set0_key(r.get(), from_bytes(c.n).release(), from_bytes(c.e).release(), from_bytes(c.d).release());
  RSA_set0_factors(r.get(), from_bytes(c.p).release(), from_bytes(c.q).release());
  RSA_set0_crt_params(r.get(), from_bytes(c.dp).release(), from_bytes(c.dq).release(), from_bytes(c.qinv).release());
  return r;
}

#endif  // TESSERA_TEST_HAVE_OPENSSL

// Primes of different sizes (and limb counts): n of 1025, 1026, 2047 and 4096 bits, the
// primes in either order, p and q together one limb longer than n.
TEST(RsaOpenSslKeys, UnbalancedPrimes) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  const int sizes[][2] = {{513, 512}, {577, 449}, {449, 577}, {1536, 512}, {512, 1536}, {1024, 1023}, {2100, 1996}};
  std::mt19937 rng(99);
  for (const auto& sz : sizes) {
    SCOPED_TRACE(std::to_string(sz[0]) + " x " + std::to_string(sz[1]));
    std::optional<test::RsaComponents> c;
    while (!c) c = key_from_primes(prime(sz[0]).get(), prime(sz[1]).get(), 65537);
    Rsa r = openssl_key(*c);
    auto sk = test::private_key(*c);
    ASSERT_TRUE(sk) << sk.what();
    EXPECT_EQ(test::der_of(*sk), i2d_private(r.get()));
    EXPECT_EQ(test::der_of(sk->public_key()), i2d_public(r.get()));
    auto k5 = rsa::PrivateKey::from_components(c->n, c->e, c->d, c->p, c->q);
    ASSERT_TRUE(k5) << k5.what();
    EXPECT_EQ(test::der_of(*k5), i2d_private(r.get()));
    const std::size_t k = sk->public_key().modulus_bytes();
    ASSERT_EQ(k, static_cast<std::size_t>(RSA_size(r.get())));
    const Bytes n = test::be_pad(c->n, k);
    for (int i = 0; i < 5; ++i) {
      const Bytes x = random_below(rng, n);
      auto s = rsa::rsasp1(*sk, x);
      ASSERT_TRUE(s) << s.what();
      EXPECT_EQ(ossl(RSA_private_encrypt, r.get(), x), test::block_bytes(*s));
      auto v = rsa::rsavp1(sk->public_key(), s->bytes());
      ASSERT_TRUE(v) << v.what();
      EXPECT_EQ(test::block_bytes(*v), x);
      auto m = rsa::rsadp(*k5, x);
      ASSERT_TRUE(m) << m.what();
      EXPECT_EQ(test::block_bytes(*m), test::block_bytes(*s));
    }
  }
#endif
}

// Another prime in place of p or q: n != p q.
TEST(RsaOpenSslKeys, AnotherPrimeIsRejected) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  std::string why;
  const OsslKey* key = key_for(kSpecs[1], why);
  if (key == nullptr) GTEST_SKIP() << why;
  const test::RsaComponents good = components_of(key->rsa.get());
  const Bytes other = bytes_of(prime(1024).get());
  test::RsaComponents c = good;
  c.q = other;
  EXPECT_TRUE(failed_with(test::private_key(c), Error::invalid_key, "n != p q"));
  EXPECT_TRUE(failed_with(rsa::PrivateKey::from_components(c.n, c.e, c.d, c.p, c.q), Error::invalid_key, "n != p q"));
  c = good;
  c.p = other;
  EXPECT_TRUE(failed_with(test::private_key(c), Error::invalid_key, "n != p q"));
  EXPECT_TRUE(failed_with(rsa::PrivateKey::from_components(c.n, c.e, c.d, c.p, c.q), Error::invalid_key, "n != p q"));
  // p and q both replaced, with n = p' q' and the original d, dp, dq, qinv: the exponent
  // checks fail instead.
  c = good;
  c.p = other;
  BnCtx ctx(BN_CTX_new());
  Bn nn = bn();
  BN_mul(nn.get(), from_bytes(other).get(), RSA_get0_q(key->rsa.get()), ctx.get());
  c.n = bytes_of(nn.get());
  EXPECT_TRUE(failed_with(test::private_key(c), Error::invalid_key, "RSA private key"));
  EXPECT_TRUE(test::private_key(good));
#endif
}

// n = p^2 with every exponent consistent: p = q must be rejected.
TEST(RsaOpenSslKeys, EqualPrimesAreRejected) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  BnCtx ctx(BN_CTX_new());
  Bn p, pm1 = bn(), n = bn(), d = bn(), e = bn_word(65537);
  do {
    p = prime(1024);
    BN_copy(pm1.get(), p.get());
    BN_sub_word(pm1.get(), 1);
  } while (BN_mod_inverse(d.get(), e.get(), pm1.get(), ctx.get()) == nullptr);
  BN_sqr(n.get(), p.get(), ctx.get());
  const Bytes pb = bytes_of(p.get()), db = bytes_of(d.get());  // d < p - 1: dp = dq = d
  test::RsaComponents c{bytes_of(n.get()), bytes_of(e.get()), db, pb, pb, db, db, Bytes{1}};
  auto k8 = test::private_key(c);
  EXPECT_TRUE(failed_with(k8, Error::invalid_key, "RSA private key"));
  // The check that fails is named; p = q is reported as "n != p q" (see the report).
  if (!k8) {
    EXPECT_STRNE(k8.what(), "") << "no what()";
  }
  EXPECT_TRUE(failed_with(rsa::PrivateKey::from_components(c.n, c.e, c.d, c.p, c.q), Error::invalid_key, "RSA private key"));
#endif
}

// A composite p = p1 p2 with d, dp, dq and qinv computed as for primes passes every check
// the header documents (no primality test), but its CRT half exponentiation mod p is wrong
// (e dp = 1 mod p - 1 is not e dp = 1 mod lambda(p)): the private operations must fail their
// public-exponent check with Error::invalid_state and output nothing. The 5-component form
// computes qinv by Fermat, which a composite p fails.
TEST(RsaOpenSslKeys, CompositePrimeReachesTheFaultCheck) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  BnCtx ctx(BN_CTX_new());
  std::optional<test::RsaComponents> c;
  while (!c) {
    Bn p = bn(), q = prime(1024);
    BN_mul(p.get(), prime(512).get(), prime(512).get(), ctx.get());
    c = key_from_primes(p.get(), q.get(), 65537);
  }
  auto sk = test::private_key(*c);
  ASSERT_TRUE(sk) << "rejected at import (" << sk.what() << "): the fault check is not reached this way";
  const rsa::PublicKey& pk = sk->public_key();
  const Bytes n = test::be_pad(c->n, pk.modulus_bytes());
  std::mt19937 rng(5);
  for (int i = 0; i < 8; ++i) {
    const Bytes x = random_below(rng, n);
    EXPECT_TRUE(failed_with(rsa::rsasp1(*sk, x), Error::invalid_state, "failed its check"));
    EXPECT_TRUE(failed_with(rsa::rsadp(*sk, x), Error::invalid_state, "failed its check"));
    EXPECT_TRUE(rsa::rsavp1(pk, x));  // the public side has nothing to check
  }
  // 0 is its own power whatever the key: nothing to detect.
  EXPECT_TRUE(rsa::rsasp1(*sk, Bytes(pk.modulus_bytes(), 0)));
  EXPECT_TRUE(failed_with(rsa::PrivateKey::from_components(c->n, c->e, c->d, c->p, c->q), Error::invalid_key, "qinv"));
#endif
}

}  // namespace
