// RSAES-OAEP (RFC 8017 Section 7.1) and key generation (FIPS 186-5 A.1.3) against OpenSSL's
// libcrypto (the system's, 3.0), through its EVP interface:
//   RSAES-OAEP with separate lHash and MGF1 hashes and labels, both directions, at every
//     message length boundary, every kind of bad ciphertext failing alike, and
//     encrypt_oaep_internal against an EME-OAEP encoding written out here;
//   key generation (RsaKeyGen*): Tessera's keys through d2i_PrivateKey and EVP_PKEY_check,
//     their primes, |p - q| and d checked with BN against FIPS 186-5 A.1.1 and A.1.3.
// The keys, the OpenSSL helpers and the fixture RsaSchemeOpenSsl are in rsa_scheme_support.hpp
// (its INSTANTIATE_TEST_SUITE_P is in rsa_signature_openssl_test.cpp). Skipped, with the
// reason, when the build found no OpenSSL; the refused key generation arguments need no
// OpenSSL and run either way.
#include <tessera/hash_id.hpp>
#include <tessera/rsa.hpp>

#include "rsa_scheme_support.hpp"
#include "rsa_test_support.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#if TESSERA_TEST_HAVE_OPENSSL
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#endif

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace {

using namespace tessera;
using namespace tessera::test::rsa_scheme;
using test::Bytes;
using test::failed_with;

struct OaepPair {
  HashId hash, mgf1;
};
const OaepPair kOaepPairs[] = {{HashId::sha1, HashId::sha1},
                               {HashId::sha256, HashId::sha256},
                               {HashId::sha256, HashId::sha1},
                               {HashId::sha512, HashId::sha512},
                               {HashId::sha3_256, HashId::sha3_256}};

#if TESSERA_TEST_HAVE_OPENSSL

// EME-OAEP encoding (RFC 8017 7.1.1 step 2) written out with OpenSSL's hashes.
Bytes oaep_em(const rsa::OaepParams& p, std::span<const std::uint8_t> msg, std::span<const std::uint8_t> seed,
              std::size_t k) {
  const std::size_t h_len = digest_bytes(p.hash);
  Bytes db(k - h_len - 1, 0);  // DB = lHash || PS || 0x01 || M
  const Bytes l_hash = ossl_digest(md_of(p.hash), p.label);
  std::copy(l_hash.begin(), l_hash.end(), db.begin());
  db[db.size() - msg.size() - 1] = 0x01;
  std::copy(msg.begin(), msg.end(), db.end() - static_cast<std::ptrdiff_t>(msg.size()));
  const Bytes db_mask = ossl_mgf1(md_of(p.mgf1_hash), seed, db.size());
  for (std::size_t i = 0; i < db.size(); ++i) db[i] ^= db_mask[i];
  const Bytes seed_mask = ossl_mgf1(md_of(p.mgf1_hash), db, h_len);
  Bytes em(k, 0);  // 0x00 || maskedSeed || maskedDB
  for (std::size_t i = 0; i < h_len; ++i) em[1 + i] = static_cast<std::uint8_t>(seed[i] ^ seed_mask[i]);
  std::copy(db.begin(), db.end(), em.begin() + 1 + static_cast<std::ptrdiff_t>(h_len));
  return em;
}

#endif  // TESSERA_TEST_HAVE_OPENSSL

// ---- RSAES-OAEP -------------------------------------------------------------------------

TEST_P(RsaSchemeOpenSsl, OaepBothDirections) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  const TestKey& key = *key_;
  std::mt19937 rng(static_cast<std::uint32_t>(600 + GetParam().bits));
  for (const OaepPair& pair : kOaepPairs) {
    const std::size_t h_len = digest_bytes(pair.hash);
    for (const std::size_t label_len : {0u, 40u}) {
      SCOPED_TRACE(std::string(hash_name(pair.hash)) + "/" + hash_name(pair.mgf1) + " label " + std::to_string(label_len));
      const Bytes label = test::random_bytes_vec(rng, label_len);
      const rsa::OaepParams params{pair.hash, pair.mgf1, label};
      if (key.k < 2 * h_len + 2) {  // SHA-512 with the 1025-bit key: no room for the padding
        EXPECT_TRUE(failed_with(rsa::encrypt_oaep(key.pk(), params, Bytes{}), Error::invalid_length,
                                "RSA-OAEP encoded message"));
        EXPECT_FALSE(ossl_cipher(EVP_PKEY_encrypt_init, EVP_PKEY_encrypt, key.pub.get(), &params, Bytes{}).has_value());
        continue;
      }
      const std::size_t max_m = key.k - 2 * h_len - 2;
      for (const std::size_t m_len : {std::size_t{0}, std::size_t{1}, max_m}) {
        SCOPED_TRACE(m_len);
        const Bytes msg = test::random_bytes_vec(rng, m_len);
        // Tessera encrypts; OpenSSL and Tessera decrypt.
        auto c = rsa::encrypt_oaep(key.pk(), params, msg);
        ASSERT_TRUE(c) << c.what();
        ASSERT_EQ(c->size, key.k);
        const auto theirs = ossl_cipher(EVP_PKEY_decrypt_init, EVP_PKEY_decrypt, key.priv.get(), &params, c->bytes());
        ASSERT_TRUE(theirs.has_value()) << "OpenSSL refused to decrypt";
        EXPECT_EQ(*theirs, msg);
        auto mine = rsa::decrypt_oaep(*key.sk, params, c->bytes());
        ASSERT_TRUE(mine) << mine.what();
        EXPECT_EQ(test::block_bytes(*mine), msg);
        // OpenSSL encrypts; Tessera decrypts.
        const auto oc = ossl_cipher(EVP_PKEY_encrypt_init, EVP_PKEY_encrypt, key.pub.get(), &params, msg);
        ASSERT_TRUE(oc.has_value()) << "OpenSSL refused to encrypt";
        ASSERT_EQ(oc->size(), key.k);
        auto m2 = rsa::decrypt_oaep(*key.sk, params, *oc);
        ASSERT_TRUE(m2) << m2.what();
        EXPECT_EQ(test::block_bytes(*m2), msg);
      }
      // One byte more than fits: refused by both.
      const Bytes too_long = test::random_bytes_vec(rng, max_m + 1);
      EXPECT_TRUE(failed_with(rsa::encrypt_oaep(key.pk(), params, too_long), Error::invalid_length, "RSA-OAEP message"));
      EXPECT_TRUE(failed_with(rsa::encrypt_oaep_internal(key.pk(), params, too_long, Bytes(h_len, 1)),
                              Error::invalid_length, "RSA-OAEP message"));
      EXPECT_FALSE(ossl_cipher(EVP_PKEY_encrypt_init, EVP_PKEY_encrypt, key.pub.get(), &params, too_long).has_value());
    }
  }
#endif
}

// SHAKE is not defined for OAEP: Error::unsupported as lHash's hash or MGF1's.
TEST_P(RsaSchemeOpenSsl, OaepShakeUnsupported) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  const TestKey& key = *key_;
  const Bytes msg = test::from_hex("616263");
  const rsa::OaepParams good{HashId::sha256, HashId::sha256, {}};
  auto c = rsa::encrypt_oaep(key.pk(), good, msg);
  ASSERT_TRUE(c) << c.what();
  for (const HashId x : {HashId::shake128, HashId::shake256}) {
    SCOPED_TRACE(hash_name(x));
    for (const rsa::OaepParams& p : {rsa::OaepParams{x, HashId::sha256, {}}, rsa::OaepParams{HashId::sha256, x, {}},
                                     rsa::OaepParams{x, x, {}}}) {
      EXPECT_TRUE(failed_with(rsa::encrypt_oaep(key.pk(), p, msg), Error::unsupported, "RSA-OAEP hash"));
      EXPECT_TRUE(failed_with(rsa::encrypt_oaep_internal(key.pk(), p, msg, Bytes(digest_bytes(p.hash), 1)),
                              Error::unsupported, "RSA-OAEP hash"));
      auto m = rsa::decrypt_oaep(*key.sk, p, c->bytes());
      EXPECT_FALSE(m.has_value());
      if (!m) {
        EXPECT_EQ(m.error(), Error::unsupported) << m.what();
      }
    }
  }
#endif
}

// Whatever is wrong with a ciphertext (its length, its range, its padding, the label or the
// hashes it is read with), decrypt_oaep fails in the same way: Error::invalid_encoding,
// "RSA-OAEP ciphertext", no message. OpenSSL refuses each one too.
TEST_P(RsaSchemeOpenSsl, OaepBadCiphertextsFailAlike) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  const TestKey& key = *key_;
  const std::size_t k = key.k;
  std::mt19937 rng(static_cast<std::uint32_t>(700 + GetParam().bits));
  const Bytes label = test::random_bytes_vec(rng, 40);
  const rsa::OaepParams params{HashId::sha256, HashId::sha256, label};
  const Bytes msg = test::random_bytes_vec(rng, 17);
  auto good = rsa::encrypt_oaep(key.pk(), params, msg);
  ASSERT_TRUE(good) << good.what();
  const Bytes c = test::block_bytes(*good);
  auto ok = rsa::decrypt_oaep(*key.sk, params, c);
  ASSERT_TRUE(ok) << ok.what();
  ASSERT_EQ(test::block_bytes(*ok), msg);

  struct Case {
    std::string name;
    Bytes c;
    rsa::OaepParams params;
    bool openssl_refuses = true;  // OpenSSL reads a shorter ciphertext as the same integer
  };
  std::vector<Case> cases;
  // The label: another byte, one byte shorter, none.
  const Bytes label_flipped = flipped(label, 77), label_short(label.begin(), label.end() - 1);
  cases.push_back({"label with a flipped bit", c, {HashId::sha256, HashId::sha256, label_flipped}});
  cases.push_back({"label one byte shorter", c, {HashId::sha256, HashId::sha256, label_short}});
  cases.push_back({"empty label", c, {HashId::sha256, HashId::sha256, {}}});
  // The hashes.
  cases.push_back({"lHash SHA-1", c, {HashId::sha1, HashId::sha256, label}});
  cases.push_back({"MGF1 SHA-1", c, {HashId::sha256, HashId::sha1, label}});
  cases.push_back({"SHA3-256", c, {HashId::sha3_256, HashId::sha3_256, label}});
  // A flipped bit: the top bit (s >= n for most keys), the lowest, and random ones.
  for (const std::size_t bit : {std::size_t{0}, 8 * k - 1, rng() % (8 * k), rng() % (8 * k), rng() % (8 * k),
                                rng() % (8 * k), rng() % (8 * k), rng() % (8 * k)}) {
    cases.push_back({"ciphertext bit " + std::to_string(bit), flipped(c, bit), params});
  }
  // The length: k - 1 and k + 1 bytes (with the extra byte zero, so that the value is the
  // same), none. (RFC 8017 7.1.2 step 1.b wants exactly k bytes; OpenSSL 3.0 takes fewer
  // as the same integer, so a first byte of zero dropped still decrypts there.)
  Bytes plus_zero(k + 1, 0);
  std::copy(c.begin(), c.end(), plus_zero.begin() + 1);
  Bytes plus_end = c;
  plus_end.resize(k + 1, 0);
  cases.push_back({"k - 1 bytes (first dropped)", Bytes(c.begin() + 1, c.end()), params, c[0] != 0});
  cases.push_back({"k - 1 bytes (last dropped)", Bytes(c.begin(), c.end() - 1), params});
  cases.push_back({"k + 1 bytes (leading zero)", plus_zero, params});
  cases.push_back({"k + 1 bytes (trailing zero)", plus_end, params});
  cases.push_back({"empty", Bytes{}, params});
  // The range: n, n + 1, 2^(8k) - 1 (>= n), and 0, 1, n - 1 (in range, their own powers).
  const Bytes one{1};
  cases.push_back({"n", key.n, params});
  cases.push_back({"n + 1", test::be_pad(test::be_add(key.n, one), k), params});
  cases.push_back({"2^(8k) - 1", Bytes(k, 0xFF), params});
  cases.push_back({"0", Bytes(k, 0), params});
  cases.push_back({"1", test::be_pad(one, k), params});
  cases.push_back({"n - 1", test::be_sub(key.n, one), params});
  for (const Case& bad : cases) {
    SCOPED_TRACE(bad.name);
    auto r = rsa::decrypt_oaep(*key.sk, bad.params, bad.c);
    EXPECT_TRUE(failed_with(r, Error::invalid_encoding, "RSA-OAEP ciphertext"));
    EXPECT_FALSE(r.has_value()) << "a message came out: " << (r ? test::to_hex(r->bytes()) : "");
    if (bad.openssl_refuses) {
      EXPECT_FALSE(ossl_cipher(EVP_PKEY_decrypt_init, EVP_PKEY_decrypt, key.priv.get(), &bad.params, bad.c).has_value());
    }
  }
  // And the good ciphertext still decrypts (nothing above changed the key's state).
  auto again = rsa::decrypt_oaep(*key.sk, params, c);
  ASSERT_TRUE(again) << again.what();
  EXPECT_EQ(test::block_bytes(*again), msg);
#endif
}

// encrypt_oaep_internal: the same ciphertext for the same seed, equal to RSAEP of the
// EME-OAEP encoding written out with OpenSSL's hashes; a seed of another length is refused.
TEST_P(RsaSchemeOpenSsl, OaepInternalFixedSeedIsDeterministic) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  const TestKey& key = *key_;
  std::mt19937 rng(static_cast<std::uint32_t>(800 + GetParam().bits));
  for (const OaepPair& pair : kOaepPairs) {
    SCOPED_TRACE(std::string(hash_name(pair.hash)) + "/" + hash_name(pair.mgf1));
    const std::size_t h_len = digest_bytes(pair.hash);
    if (key.k < 2 * h_len + 2) continue;
    const Bytes label = test::random_bytes_vec(rng, 40), seed = test::random_bytes_vec(rng, h_len);
    const rsa::OaepParams params{pair.hash, pair.mgf1, label};
    for (const std::size_t m_len : {std::size_t{0}, key.k - 2 * h_len - 2}) {
      const Bytes msg = test::random_bytes_vec(rng, m_len);
      auto a = rsa::encrypt_oaep_internal(key.pk(), params, msg, seed);
      auto b = rsa::encrypt_oaep_internal(key.pk(), params, msg, seed);
      ASSERT_TRUE(a) << a.what();
      ASSERT_TRUE(b) << b.what();
      EXPECT_EQ(test::block_bytes(*a), test::block_bytes(*b));
      const auto want =
          ossl_cipher(EVP_PKEY_encrypt_init, EVP_PKEY_encrypt, key.pub.get(), nullptr, oaep_em(params, msg, seed, key.k));
      ASSERT_TRUE(want.has_value());
      EXPECT_EQ(test::to_hex(test::block_bytes(*a)), test::to_hex(*want));
      EXPECT_EQ(ossl_cipher(EVP_PKEY_decrypt_init, EVP_PKEY_decrypt, key.priv.get(), &params, a->bytes()), msg);
      auto other = rsa::encrypt_oaep_internal(key.pk(), params, msg, flipped(seed, 9));
      ASSERT_TRUE(other) << other.what();
      EXPECT_NE(test::block_bytes(*other), test::block_bytes(*a));
    }
    for (const std::size_t len : {h_len - 1, h_len + 1, std::size_t{0}}) {
      EXPECT_TRUE(failed_with(rsa::encrypt_oaep_internal(key.pk(), params, Bytes{}, test::resized(seed, len)),
                              Error::invalid_length, "RSA-OAEP seed"))
          << len;
    }
  }
#endif
}

// ---- Key generation (FIPS 186-5 A.1.3) --------------------------------------------------

// Refused arguments: the sizes other than 2048, 3072 and 4096, and any e that is not a
// prime with 2^16 < e < 2^64 (even, too small, composite; 3215031751 = 151 751 28351 and
// 3825123056546413051 are strong pseudoprimes to the bases 2..7 and 2..23).
TEST(RsaKeyGen, RejectsSizesAndExponents) {
  for (const std::size_t bits : {std::size_t{0}, std::size_t{1024}, std::size_t{2047}, std::size_t{2049},
                                 std::size_t{4095}, std::size_t{8192}}) {
    EXPECT_TRUE(failed_with(rsa::PrivateKey::generate(bits), Error::invalid_argument, "RSA key generation: modulus size"))
        << bits;
  }
  const std::uint64_t exponents[] = {65536,       3,           65539ull * 65543ull, 0,
                                     1,           65535,       65537ull * 65537ull, 3215031751ull,
                                     3825123056546413051ull,   UINT64_MAX};
  for (const std::uint64_t e : exponents) {
    EXPECT_TRUE(failed_with(rsa::PrivateKey::generate(2048, e), Error::invalid_argument,
                            "RSA key generation: public exponent"))
        << "e = " << e;
  }
}

#if TESSERA_TEST_HAVE_OPENSSL

Bn bn_param(const EVP_PKEY* k, const char* name) {
  BIGNUM* b = nullptr;
  EXPECT_EQ(EVP_PKEY_get_bn_param(k, name, &b), 1) << name;
  return Bn(b);
}
Bn pow2(int bits) {
  Bn b(BN_new());
  BN_set_bit(b.get(), bits);
  return b;
}

// A generated key through OpenSSL (d2i_PrivateKey, EVP_PKEY_check, EVP_PKEY_get_bits,
// i2d_PrivateKey writing the same DER) and its numbers against FIPS 186-5 with BN:
// A.1.3 steps 4.4 and 5.4 (p, q >= sqrt(2) 2^(nlen/2 - 1), of nlen/2 bits; |p - q| >
// 2^(nlen/2 - 100)), A.1.1 (2^(nlen/2) < d < LCM(p - 1, q - 1), e d = 1 mod LCM), e itself.
void expect_fips186_5_key(const rsa::PrivateKey& sk, int bits, unsigned long e_want) {
  const Bytes der = test::der_of(sk);
  EvpPkey key = d2i_private(der);
  ASSERT_TRUE(key) << "OpenSSL d2i_PrivateKey refused the key: " << openssl_error();
  EXPECT_EQ(EVP_PKEY_get_bits(key.get()), bits);
  EXPECT_EQ(sk.public_key().modulus_bits(), static_cast<std::size_t>(bits));
  EvpPkeyCtx pctx(EVP_PKEY_CTX_new(key.get(), nullptr));
  ASSERT_TRUE(pctx);
  EXPECT_EQ(EVP_PKEY_check(pctx.get()), 1) << openssl_error();
  EXPECT_EQ(i2d_private(key.get()), der);
  Bn n = bn_param(key.get(), OSSL_PKEY_PARAM_RSA_N), e = bn_param(key.get(), OSSL_PKEY_PARAM_RSA_E);
  Bn d = bn_param(key.get(), OSSL_PKEY_PARAM_RSA_D), p = bn_param(key.get(), OSSL_PKEY_PARAM_RSA_FACTOR1);
  Bn q = bn_param(key.get(), OSSL_PKEY_PARAM_RSA_FACTOR2);
  ASSERT_TRUE(n && e && d && p && q);
  EXPECT_TRUE(BN_is_word(e.get(), e_want)) << "e = " << BN_get_word(e.get());
  BnCtx ctx(BN_CTX_new());
  const int half = bits / 2;
  for (const BIGNUM* x : {p.get(), q.get()}) {
    const char* which = x == p.get() ? "p" : "q";
    EXPECT_EQ(BN_num_bits(x), half) << which;
    // x >= sqrt(2) 2^(half - 1) <=> x^2 >= 2^(bits - 1) (equality is impossible): exactly,
    // and on the top 32 bits, which must be at least floor(sqrt(2) 2^31) = 0xb504f333.
    Bn sq(BN_new()), top(BN_new());
    BN_sqr(sq.get(), x, ctx.get());
    EXPECT_GT(BN_cmp(sq.get(), pow2(bits - 1).get()), 0) << which << " < sqrt(2) 2^(nlen/2 - 1)";
    BN_rshift(top.get(), x, half - 32);
    EXPECT_GE(BN_get_word(top.get()), 0xb504f333ul) << which << "'s top bits";
    EXPECT_EQ(BN_check_prime(x, ctx.get(), nullptr), 1) << which << " is not prime";
  }
  Bn pq(BN_new()), diff(BN_new());
  BN_mul(pq.get(), p.get(), q.get(), ctx.get());
  EXPECT_EQ(BN_cmp(pq.get(), n.get()), 0) << "n != p q";
  BN_sub(diff.get(), p.get(), q.get());
  BN_set_negative(diff.get(), 0);
  EXPECT_GT(BN_cmp(diff.get(), pow2(half - 100).get()), 0) << "|p - q| <= 2^(nlen/2 - 100)";
  // LCM(p - 1, q - 1) = (p - 1)(q - 1) / gcd(p - 1, q - 1).
  Bn pm1(BN_dup(p.get())), qm1(BN_dup(q.get())), g(BN_new()), phi(BN_new()), lcm(BN_new()), rem(BN_new()), de(BN_new());
  BN_sub_word(pm1.get(), 1);
  BN_sub_word(qm1.get(), 1);
  BN_gcd(g.get(), pm1.get(), qm1.get(), ctx.get());
  BN_mul(phi.get(), pm1.get(), qm1.get(), ctx.get());
  BN_div(lcm.get(), rem.get(), phi.get(), g.get(), ctx.get());
  EXPECT_TRUE(BN_is_zero(rem.get()));
  EXPECT_GT(BN_cmp(d.get(), pow2(half).get()), 0) << "d <= 2^(nlen/2)";
  EXPECT_LT(BN_cmp(d.get(), lcm.get()), 0) << "d >= LCM(p - 1, q - 1)";
  BN_mod_mul(de.get(), d.get(), e.get(), lcm.get(), ctx.get());
  EXPECT_TRUE(BN_is_one(de.get())) << "e d != 1 mod LCM(p - 1, q - 1)";
}

#endif  // TESSERA_TEST_HAVE_OPENSSL

TEST(RsaKeyGenOpenSsl, TwoKeys2048MeetFips186AndDiffer) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  auto a = rsa::PrivateKey::generate(2048);
  auto b = rsa::PrivateKey::generate(2048);
  ASSERT_TRUE(a) << a.what();
  ASSERT_TRUE(b) << b.what();
  {
    SCOPED_TRACE("first key");
    expect_fips186_5_key(*a, 2048, 65537);
  }
  {
    SCOPED_TRACE("second key");
    expect_fips186_5_key(*b, 2048, 65537);
  }
  EXPECT_EQ(test::block_bytes(a->public_key().public_exponent()), test::from_hex("010001"));
  EXPECT_NE(test::block_bytes(a->public_key().modulus()), test::block_bytes(b->public_key().modulus()));
  EXPECT_NE(test::der_of(*a), test::der_of(*b));
  if (HasFailure()) ADD_FAILURE() << "keys: " << test::to_hex(test::der_of(*a)) << " " << test::to_hex(test::der_of(*b));
#endif
}

TEST(RsaKeyGenOpenSsl, Key3072MeetsFips186) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  auto sk = rsa::PrivateKey::generate(3072);
  ASSERT_TRUE(sk) << sk.what();
  expect_fips186_5_key(*sk, 3072, 65537);
  if (HasFailure()) ADD_FAILURE() << "key: " << test::to_hex(test::der_of(*sk));
#endif
}

// Another prime e (2^16 < e < 2^64) is used as given.
TEST(RsaKeyGenOpenSsl, PrimeExponent65539) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  auto sk = rsa::PrivateKey::generate(2048, 65539);
  ASSERT_TRUE(sk) << sk.what();
  EXPECT_EQ(test::block_bytes(sk->public_key().public_exponent()), test::from_hex("010003"));
  expect_fips186_5_key(*sk, 2048, 65539);
  if (HasFailure()) ADD_FAILURE() << "key: " << test::to_hex(test::der_of(*sk));
#endif
}

// The largest prime e below 2^64 (2^64 - 59): the whole range of e is usable.
TEST(RsaKeyGenOpenSsl, PrimeExponentBelow2To64) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  const std::uint64_t e = 18446744073709551557ull;
  auto sk = rsa::PrivateKey::generate(2048, e);
  ASSERT_TRUE(sk) << sk.what();
  EXPECT_EQ(test::block_bytes(sk->public_key().public_exponent()), test::from_hex("ffffffffffffffc5"));
  expect_fips186_5_key(*sk, 2048, static_cast<unsigned long>(e));
  const Bytes msg = test::from_hex("616263");
  auto sig = rsa::sign_pkcs1_v15(*sk, HashId::sha256, msg);
  ASSERT_TRUE(sig) << sig.what();
  EvpPkey pub = d2i_public(test::der_of(sk->public_key()));
  ASSERT_TRUE(pub);
  EXPECT_TRUE(ossl_verify(pub.get(), EVP_sha256(), kPkcs1v15, msg, sig->bytes()));
  if (HasFailure()) ADD_FAILURE() << "key: " << test::to_hex(test::der_of(*sk));
#endif
}

}  // namespace
