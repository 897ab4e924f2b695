// The RSA signature schemes (RFC 8017 Sections 8.1, 8.2) against OpenSSL's libcrypto (the
// system's, 3.0), through its EVP interface:
//   RSASSA-PKCS1-v1_5 for every hash Tessera signs with: Tessera signs and OpenSSL verifies,
//     OpenSSL signs and Tessera verifies, the two signatures byte for byte the same; flipped
//     bits, SHA-1 and SHAKE refused; the *_digest forms equal the message forms;
//   RSASSA-PSS with MGF1 over the PSS hash and salts of 0, 20, hLen and the maximum
//     emLen - hLen - 2 bytes, both directions, with a 1025-bit key for emLen = k - 1; the
//     salt of sign_pss_internal recovered by an EMSA-PSS-VERIFY written out here; the SHAKE
//     mask functions within Tessera (OpenSSL 3.0 has no SHAKE PSS).
// The keys, the OpenSSL helpers and the fixture RsaSchemeOpenSsl are in rsa_scheme_support.hpp;
// RsaSchemeOpenSsl is instantiated here, over kKeys, also for the OAEP cases of
// rsa_oaep_keygen_openssl_test.cpp. Skipped, with the reason, when the build found no
// OpenSSL; the SHAKE mask case needs no OpenSSL and runs either way.
#include <tessera/hash_id.hpp>
#include <tessera/rsa.hpp>

#include "rsa_scheme_support.hpp"
#include "rsa_test_support.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>

namespace {

using namespace tessera;
using namespace tessera::test::rsa_scheme;
using test::Bytes;
using test::failed_with;

// Every hash Tessera signs with (RFC 8017 9.2 DigestInfo): SHA-2 and SHA-3, not SHA-1.
const HashId kSigningHashes[] = {HashId::sha224,     HashId::sha256,   HashId::sha384,   HashId::sha512,
                                 HashId::sha512_224, HashId::sha512_256, HashId::sha3_224, HashId::sha3_256,
                                 HashId::sha3_384,   HashId::sha3_512};
const HashId kPssHashes[] = {HashId::sha256, HashId::sha384, HashId::sha512, HashId::sha3_256};

// emLen of EMSA-PSS with emBits = modBits - 1 (RFC 8017 8.1.1 step 1).
std::size_t pss_em_len(const rsa::PublicKey& pk) { return (pk.modulus_bits() - 1 + 7) / 8; }
// The largest salt that fits: emLen - hLen - 2 (9.1.1 step 3).
std::size_t pss_max_salt(const rsa::PublicKey& pk, HashId h) { return pss_em_len(pk) - digest_bytes(h) - 2; }

#if TESSERA_TEST_HAVE_OPENSSL

// EMSA-PSS-VERIFY (RFC 8017 9.1.2) written out with OpenSSL's hash and RSA operation:
// the salt of a valid signature with sLen = s_len bytes, nullopt if it is not one.
std::optional<Bytes> pss_salt_of(const TestKey& key, HashId hash, std::span<const std::uint8_t> msg,
                                 std::span<const std::uint8_t> sig, std::size_t s_len) {
  const EVP_MD* md = md_of(hash);
  const std::size_t h_len = digest_bytes(hash), em_bits = key.pk().modulus_bits() - 1, em_len = (em_bits + 7) / 8;
  const auto m = ossl_cipher(EVP_PKEY_encrypt_init, EVP_PKEY_encrypt, key.pub.get(), nullptr, sig);  // s^e mod n
  if (!m || m->size() != key.k || (em_len < key.k && (*m)[0] != 0)) return std::nullopt;
  const std::uint8_t* em = m->data() + (key.k - em_len);
  if (em_len < h_len + s_len + 2 || em[em_len - 1] != 0xBC) return std::nullopt;  // steps 3-4
  const std::size_t db_len = em_len - h_len - 1;
  const Bytes h(em + db_len, em + db_len + h_len);
  Bytes db = ossl_mgf1(md, h, db_len);  // steps 5-8
  for (std::size_t i = 0; i < db_len; ++i) db[i] ^= em[i];
  const std::size_t top = 8 * em_len - em_bits;  // step 6: the leftmost bits of maskedDB are zero
  if (top != 0 && (em[0] >> (8 - top)) != 0) return std::nullopt;
  db[0] &= static_cast<std::uint8_t>(0xFF >> top);  // step 9
  const std::size_t ps = db_len - s_len - 1;  // step 10
  for (std::size_t i = 0; i < ps; ++i)
    if (db[i] != 0) return std::nullopt;
  if (db[ps] != 1) return std::nullopt;
  const Bytes salt(db.begin() + static_cast<std::ptrdiff_t>(ps + 1), db.end());  // step 11
  Bytes m_prime(8 + h_len + s_len, 0);                                             // steps 12-14
  const Bytes m_hash = ossl_digest(md, msg);
  std::copy(m_hash.begin(), m_hash.end(), m_prime.begin() + 8);
  std::copy(salt.begin(), salt.end(), m_prime.begin() + 8 + static_cast<std::ptrdiff_t>(h_len));
  if (ossl_digest(md, m_prime) != h) return std::nullopt;
  return salt;
}

#endif  // TESSERA_TEST_HAVE_OPENSSL

// ---- RSASSA-PKCS1-v1_5 ------------------------------------------------------------------

TEST_P(RsaSchemeOpenSsl, Pkcs1v15EveryHashBothDirectionsSameBytes) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  const TestKey& key = *key_;
  std::mt19937 rng(static_cast<std::uint32_t>(100 + GetParam().bits));
  for (const HashId h : kSigningHashes) {
    SCOPED_TRACE(hash_name(h));
    for (const std::size_t len : {0u, 1u, 111u, 1000u}) {
      SCOPED_TRACE(len);
      const Bytes msg = test::random_bytes_vec(rng, len);
      auto sig = rsa::sign_pkcs1_v15(*key.sk, h, msg);
      ASSERT_TRUE(sig) << sig.what();
      ASSERT_EQ(sig->size, key.k);
      EXPECT_TRUE(ossl_verify(key.pub.get(), md_of(h), kPkcs1v15, msg, sig->bytes()));
      EXPECT_TRUE(rsa::verify_pkcs1_v15(key.pk(), h, msg, sig->bytes()));
      const auto theirs = ossl_sign(key.priv.get(), md_of(h), kPkcs1v15, msg);
      ASSERT_TRUE(theirs.has_value());
      EXPECT_TRUE(rsa::verify_pkcs1_v15(key.pk(), h, msg, *theirs));
      EXPECT_EQ(test::to_hex(test::block_bytes(*sig)), test::to_hex(*theirs));  // deterministic
    }
  }
#endif
}

TEST_P(RsaSchemeOpenSsl, Pkcs1v15FlippedBitsAndBadSignaturesRejected) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  const TestKey& key = *key_;
  std::mt19937 rng(static_cast<std::uint32_t>(200 + GetParam().bits));
  for (const HashId h : kSigningHashes) {
    SCOPED_TRACE(hash_name(h));
    const Bytes msg = test::random_bytes_vec(rng, 1 + rng() % 64);
    const auto sig = ossl_sign(key.priv.get(), md_of(h), kPkcs1v15, msg);
    ASSERT_TRUE(sig.has_value());
    ASSERT_TRUE(rsa::verify_pkcs1_v15(key.pk(), h, msg, *sig));
    // A flipped bit anywhere in the message (first, last, three random ones).
    for (const std::size_t bit : {std::size_t{0}, 8 * msg.size() - 1, rng() % (8 * msg.size()),
                                  rng() % (8 * msg.size()), rng() % (8 * msg.size())}) {
      EXPECT_FALSE(rsa::verify_pkcs1_v15(key.pk(), h, flipped(msg, bit), *sig)) << "message bit " << bit;
    }
    // ... or in the signature (its top bit makes s >= n for most keys).
    for (const std::size_t bit : {std::size_t{0}, 8 * key.k - 1, rng() % (8 * key.k), rng() % (8 * key.k),
                                  rng() % (8 * key.k)}) {
      const Bytes bad = flipped(*sig, bit);
      EXPECT_FALSE(rsa::verify_pkcs1_v15(key.pk(), h, msg, bad)) << "signature bit " << bit;
      EXPECT_FALSE(ossl_verify(key.pub.get(), md_of(h), kPkcs1v15, msg, bad)) << "signature bit " << bit;
    }
    // Another hash, wrong lengths (a leading zero byte is not the same signature), s = n.
    EXPECT_FALSE(rsa::verify_pkcs1_v15(key.pk(), h == HashId::sha256 ? HashId::sha384 : HashId::sha256, msg, *sig));
    Bytes longer(key.k + 1, 0);
    std::copy(sig->begin(), sig->end(), longer.begin() + 1);
    EXPECT_FALSE(rsa::verify_pkcs1_v15(key.pk(), h, msg, longer));
    EXPECT_FALSE(rsa::verify_pkcs1_v15(key.pk(), h, msg, std::span(*sig).first(key.k - 1)));
    EXPECT_FALSE(rsa::verify_pkcs1_v15(key.pk(), h, msg, std::span(*sig).last(key.k - 1)));
    EXPECT_FALSE(rsa::verify_pkcs1_v15(key.pk(), h, msg, Bytes{}));
    EXPECT_FALSE(rsa::verify_pkcs1_v15(key.pk(), h, msg, key.n));
    EXPECT_FALSE(rsa::verify_pkcs1_v15(key.pk(), h, msg, Bytes(key.k, 0xFF)));
    EXPECT_FALSE(rsa::verify_pkcs1_v15(key.pk(), h, msg, Bytes(key.k, 0)));
    EXPECT_FALSE(rsa::verify_pkcs1_v15(key.pk(), h, msg, test::be_sub(key.n, Bytes{1})));
  }
#endif
}

// SHA-1 (Tessera never signs with it) and SHAKE (no DigestInfo): refused, however valid
// the signature is (a SHA-1 one from OpenSSL).
TEST_P(RsaSchemeOpenSsl, Pkcs1v15Sha1AndShakeUnsupported) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  const TestKey& key = *key_;
  const Bytes msg = test::from_hex("616263");
  const auto sha1_sig = ossl_sign(key.priv.get(), EVP_sha1(), kPkcs1v15, msg);
  ASSERT_TRUE(sha1_sig.has_value());
  ASSERT_TRUE(ossl_verify(key.pub.get(), EVP_sha1(), kPkcs1v15, msg, *sha1_sig));
  const Bytes sha1_digest = ossl_digest(EVP_sha1(), msg);
  EXPECT_TRUE(failed_with(rsa::sign_pkcs1_v15(*key.sk, HashId::sha1, msg), Error::unsupported, "RSA PKCS#1 v1.5 hash"));
  EXPECT_TRUE(failed_with(rsa::sign_pkcs1_v15_digest(*key.sk, HashId::sha1, sha1_digest), Error::unsupported,
                          "RSA PKCS#1 v1.5 hash"));
  EXPECT_FALSE(rsa::verify_pkcs1_v15(key.pk(), HashId::sha1, msg, *sha1_sig));
  EXPECT_FALSE(rsa::verify_pkcs1_v15_digest(key.pk(), HashId::sha1, sha1_digest, *sha1_sig));
  const auto sha256_sig = rsa::sign_pkcs1_v15(*key.sk, HashId::sha256, msg);
  ASSERT_TRUE(sha256_sig) << sha256_sig.what();
  for (const HashId h : {HashId::shake128, HashId::shake256, static_cast<HashId>(hash_id_count)}) {
    SCOPED_TRACE(static_cast<int>(h));
    const Bytes d(digest_bytes(h) != 0 ? digest_bytes(h) : 32, 0x5A);
    EXPECT_TRUE(failed_with(rsa::sign_pkcs1_v15(*key.sk, h, msg), Error::unsupported, "RSA PKCS#1 v1.5 hash"));
    EXPECT_TRUE(failed_with(rsa::sign_pkcs1_v15_digest(*key.sk, h, d), Error::unsupported, "RSA PKCS#1 v1.5 hash"));
    EXPECT_FALSE(rsa::verify_pkcs1_v15(key.pk(), h, msg, sha256_sig->bytes()));
    EXPECT_FALSE(rsa::verify_pkcs1_v15_digest(key.pk(), h, d, sha256_sig->bytes()));
  }
#endif
}

TEST_P(RsaSchemeOpenSsl, Pkcs1v15DigestFormsEqualMessageForms) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  const TestKey& key = *key_;
  std::mt19937 rng(static_cast<std::uint32_t>(300 + GetParam().bits));
  for (const HashId h : kSigningHashes) {
    SCOPED_TRACE(hash_name(h));
    const Bytes msg = test::random_bytes_vec(rng, rng() % 300);
    const Bytes d = ossl_digest(md_of(h), msg);
    auto by_msg = rsa::sign_pkcs1_v15(*key.sk, h, msg);
    auto by_digest = rsa::sign_pkcs1_v15_digest(*key.sk, h, d);
    ASSERT_TRUE(by_msg) << by_msg.what();
    ASSERT_TRUE(by_digest) << by_digest.what();
    EXPECT_EQ(test::block_bytes(*by_digest), test::block_bytes(*by_msg));
    EXPECT_TRUE(rsa::verify_pkcs1_v15_digest(key.pk(), h, d, by_msg->bytes()));
    EXPECT_FALSE(rsa::verify_pkcs1_v15_digest(key.pk(), h, flipped(d, rng() % (8 * d.size())), by_msg->bytes()));
    // The digest is exactly hLen bytes.
    for (const std::size_t len : {d.size() - 1, d.size() + 1, std::size_t{0}}) {
      const Bytes wrong = test::resized(d, len);
      EXPECT_TRUE(failed_with(rsa::sign_pkcs1_v15_digest(*key.sk, h, wrong), Error::invalid_length,
                              "RSA PKCS#1 v1.5 digest"))
          << len;
      EXPECT_FALSE(rsa::verify_pkcs1_v15_digest(key.pk(), h, wrong, by_msg->bytes())) << len;
    }
  }
#endif
}

// ---- RSASSA-PSS -------------------------------------------------------------------------

TEST_P(RsaSchemeOpenSsl, PssBothDirections) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  const TestKey& key = *key_;
  std::mt19937 rng(static_cast<std::uint32_t>(400 + GetParam().bits));
  for (const HashId h : kPssHashes) {
    const std::size_t h_len = digest_bytes(h), max_salt = pss_max_salt(key.pk(), h);
    for (const std::size_t salt : {std::size_t{0}, std::size_t{20}, h_len, max_salt}) {
      if (salt > max_salt) continue;  // SHA-512 with a 64-byte salt and the 1025-bit key
      SCOPED_TRACE(std::string(hash_name(h)) + " sLen " + std::to_string(salt));
      const int s = static_cast<int>(salt);
      const Bytes msg = test::random_bytes_vec(rng, rng() % 200);
      const rsa::PssParams params{h, salt, rsa::MaskFunction::mgf1};
      // Tessera signs, OpenSSL (and Tessera, by message and by digest) verifies.
      auto sig = rsa::sign_pss(*key.sk, params, msg);
      ASSERT_TRUE(sig) << sig.what();
      ASSERT_EQ(sig->size, key.k);
      EXPECT_TRUE(ossl_verify(key.pub.get(), md_of(h), s, msg, sig->bytes()));
      EXPECT_TRUE(rsa::verify_pss(key.pk(), params, msg, sig->bytes()));
      EXPECT_TRUE(rsa::verify_pss_digest(key.pk(), params, ossl_digest(md_of(h), msg), sig->bytes()));
      // OpenSSL signs, Tessera verifies.
      const auto theirs = ossl_sign(key.priv.get(), md_of(h), s, msg);
      ASSERT_TRUE(theirs.has_value());
      EXPECT_TRUE(rsa::verify_pss(key.pk(), params, msg, *theirs));
      // sign_pss_digest is the same scheme.
      auto by_digest = rsa::sign_pss_digest(*key.sk, params, ossl_digest(md_of(h), msg));
      ASSERT_TRUE(by_digest) << by_digest.what();
      EXPECT_TRUE(ossl_verify(key.pub.get(), md_of(h), s, msg, by_digest->bytes()));
      // A salt is random: two signatures differ unless it is empty (then PSS is deterministic).
      EXPECT_EQ(test::block_bytes(*by_digest) == test::block_bytes(*sig), salt == 0);
      if (salt == 0) {
        EXPECT_EQ(test::block_bytes(*sig), *theirs);
      }
      // The wrong salt length, the wrong hash, a flipped bit: rejected.
      for (const std::size_t wrong : {salt + 1, salt - 1}) {
        if (wrong > max_salt) continue;  // salt - 1 wrapped, or salt + 1 past the maximum
        const rsa::PssParams p{h, wrong, rsa::MaskFunction::mgf1};
        EXPECT_FALSE(rsa::verify_pss(key.pk(), p, msg, sig->bytes())) << "verified with sLen " << wrong;
        EXPECT_FALSE(rsa::verify_pss(key.pk(), p, msg, *theirs)) << "verified with sLen " << wrong;
        EXPECT_FALSE(ossl_verify(key.pub.get(), md_of(h), static_cast<int>(wrong), msg, sig->bytes()));
      }
      EXPECT_FALSE(rsa::verify_pss(key.pk(), {h, salt + 1, rsa::MaskFunction::mgf1}, msg, sig->bytes()));
      const HashId other = h == HashId::sha256 ? HashId::sha3_256 : HashId::sha256;
      EXPECT_FALSE(rsa::verify_pss(key.pk(), {other, salt, rsa::MaskFunction::mgf1}, msg, sig->bytes()));
      EXPECT_FALSE(rsa::verify_pss(key.pk(), params, msg, flipped(sig->bytes(), rng() % (8 * key.k))));
      if (!msg.empty()) {
        EXPECT_FALSE(rsa::verify_pss(key.pk(), params, flipped(msg, rng() % (8 * msg.size())), sig->bytes()));
      }
    }
  }
#endif
}

// A salt longer than emLen - hLen - 2 cannot be encoded (9.1.1 step 3: "encoding error").
TEST_P(RsaSchemeOpenSsl, PssSaltTooLong) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  const TestKey& key = *key_;
  const Bytes msg = test::from_hex("00ff");
  for (const HashId h : kPssHashes) {
    SCOPED_TRACE(hash_name(h));
    const std::size_t max_salt = pss_max_salt(key.pk(), h);
    const Bytes d = ossl_digest(md_of(h), msg);
    for (const std::size_t salt : {max_salt + 1, max_salt + 2, key.k, rsa::max_modulus_bytes + 1, SIZE_MAX}) {
      SCOPED_TRACE(salt);
      const rsa::PssParams p{h, salt, rsa::MaskFunction::mgf1};
      EXPECT_TRUE(failed_with(rsa::sign_pss(*key.sk, p, msg), Error::invalid_length, "RSA-PSS salt"));
      EXPECT_TRUE(failed_with(rsa::sign_pss_digest(*key.sk, p, d), Error::invalid_length, "RSA-PSS salt"));
    }
    EXPECT_TRUE(failed_with(rsa::sign_pss_internal(*key.sk, {h, 0, rsa::MaskFunction::mgf1}, msg, Bytes(max_salt + 1, 7)),
                            Error::invalid_length, "RSA-PSS salt"));
    EXPECT_FALSE(ossl_sign(key.priv.get(), md_of(h), static_cast<int>(max_salt + 1), msg).has_value());
    // A valid signature with the longest salt does not verify as one with a longer salt.
    auto sig = rsa::sign_pss(*key.sk, {h, max_salt, rsa::MaskFunction::mgf1}, msg);
    ASSERT_TRUE(sig) << sig.what();
    EXPECT_FALSE(rsa::verify_pss(key.pk(), {h, max_salt + 1, rsa::MaskFunction::mgf1}, msg, sig->bytes()));
    EXPECT_FALSE(rsa::verify_pss(key.pk(), {h, SIZE_MAX, rsa::MaskFunction::mgf1}, msg, sig->bytes()));
  }
#endif
}

// PSS with SHA-1 (Tessera never signs with it, nor accepts it: even OpenSSL's valid
// signature) and a digest of the wrong length.
TEST_P(RsaSchemeOpenSsl, PssSha1AndDigestLengths) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  const TestKey& key = *key_;
  const Bytes msg = test::from_hex("616263");
  const rsa::PssParams sha1{HashId::sha1, 20, rsa::MaskFunction::mgf1};
  const auto theirs = ossl_sign(key.priv.get(), EVP_sha1(), 20, msg);
  ASSERT_TRUE(theirs.has_value());
  EXPECT_TRUE(failed_with(rsa::sign_pss(*key.sk, sha1, msg), Error::unsupported, "RSA-PSS hash"));
  EXPECT_TRUE(failed_with(rsa::sign_pss_digest(*key.sk, sha1, ossl_digest(EVP_sha1(), msg)), Error::unsupported,
                          "RSA-PSS hash"));
  EXPECT_TRUE(failed_with(rsa::sign_pss_internal(*key.sk, sha1, msg, Bytes(20, 1)), Error::unsupported, "RSA-PSS hash"));
  EXPECT_FALSE(rsa::verify_pss(key.pk(), sha1, msg, *theirs));
  EXPECT_FALSE(rsa::verify_pss_digest(key.pk(), sha1, ossl_digest(EVP_sha1(), msg), *theirs));
  for (const HashId h : kPssHashes) {
    SCOPED_TRACE(hash_name(h));
    const rsa::PssParams p{h, 20, rsa::MaskFunction::mgf1};
    const Bytes d = ossl_digest(md_of(h), msg);
    auto sig = rsa::sign_pss_digest(*key.sk, p, d);
    ASSERT_TRUE(sig) << sig.what();
    EXPECT_TRUE(rsa::verify_pss(key.pk(), p, msg, sig->bytes()));
    for (const std::size_t len : {d.size() - 1, d.size() + 1, std::size_t{0}}) {
      const Bytes wrong = test::resized(d, len);
      EXPECT_TRUE(failed_with(rsa::sign_pss_digest(*key.sk, p, wrong), Error::invalid_length, "RSA-PSS message digest"))
          << len;
      EXPECT_FALSE(rsa::verify_pss_digest(key.pk(), p, wrong, sig->bytes())) << len;
    }
  }
#endif
}

// sign_pss_internal: the caller's salt (params.salt_bytes ignored), the same signature every
// time, verified by OpenSSL, and the salt inside it is the caller's.
TEST_P(RsaSchemeOpenSsl, PssInternalFixedSaltIsDeterministic) {
  TESSERA_REQUIRE_OPENSSL();
#if TESSERA_TEST_HAVE_OPENSSL
  const TestKey& key = *key_;
  std::mt19937 rng(static_cast<std::uint32_t>(500 + GetParam().bits));
  for (const HashId h : kPssHashes) {
    const std::size_t h_len = digest_bytes(h), max_salt = pss_max_salt(key.pk(), h);
    for (const std::size_t s_len : {std::size_t{0}, h_len, max_salt}) {
      if (s_len > max_salt) continue;
      SCOPED_TRACE(std::string(hash_name(h)) + " sLen " + std::to_string(s_len));
      const Bytes msg = test::random_bytes_vec(rng, 1 + rng() % 100), salt = test::random_bytes_vec(rng, s_len);
      const rsa::PssParams params{h, 7, rsa::MaskFunction::mgf1};
      auto a = rsa::sign_pss_internal(*key.sk, params, msg, salt);
      auto b = rsa::sign_pss_internal(*key.sk, params, msg, salt);
      ASSERT_TRUE(a) << a.what();
      ASSERT_TRUE(b) << b.what();
      EXPECT_EQ(test::block_bytes(*a), test::block_bytes(*b));
      EXPECT_TRUE(rsa::verify_pss(key.pk(), {h, s_len, rsa::MaskFunction::mgf1}, msg, a->bytes()));
      EXPECT_TRUE(ossl_verify(key.pub.get(), md_of(h), static_cast<int>(s_len), msg, a->bytes()));
      const auto got = pss_salt_of(key, h, msg, a->bytes(), s_len);
      ASSERT_TRUE(got.has_value()) << "not a valid EMSA-PSS encoding";
      EXPECT_EQ(test::to_hex(*got), test::to_hex(salt));
      if (s_len > 0) {
        auto c = rsa::sign_pss_internal(*key.sk, params, msg, flipped(salt, 3));
        ASSERT_TRUE(c) << c.what();
        EXPECT_NE(test::block_bytes(*c), test::block_bytes(*a));
      }
    }
  }
#endif
}

// The fixture is shared with rsa_oaep_keygen_openssl_test.cpp: this one instantiation runs its
// OAEP cases too.
std::string key_name(const ::testing::TestParamInfo<KeySpec>& p) { return p.param.name; }
INSTANTIATE_TEST_SUITE_P(Keys, RsaSchemeOpenSsl, ::testing::ValuesIn(kKeys), key_name);

// The SHAKE mask functions (FIPS 186-5 5.4, RFC 8702: SHAKE128 / SHAKE256 as the hash and as
// the mask, and a SHA-2 hash with a SHAKE mask), within Tessera: OpenSSL 3.0 has no SHAKE PSS.
TEST(RsaSchemePss, ShakeMaskFunctionsRoundTrip) {
  const rsa::PrivateKey* sk = tessera_key();
  ASSERT_NE(sk, nullptr);
  const rsa::PublicKey& pk = sk->public_key();
  struct Combo {
    HashId hash;
    rsa::MaskFunction mask;
  };
  const Combo combos[] = {{HashId::shake128, rsa::MaskFunction::shake128},
                          {HashId::shake256, rsa::MaskFunction::shake256},
                          {HashId::sha256, rsa::MaskFunction::shake128},
                          {HashId::sha512, rsa::MaskFunction::shake256}};
  std::mt19937 rng(900);
  for (const Combo& c : combos) {
    const std::size_t h_len = digest_bytes(c.hash), max_salt = pss_max_salt(pk, c.hash);
    for (const std::size_t salt : {std::size_t{0}, h_len, max_salt}) {
      SCOPED_TRACE(std::string(hash_name(c.hash)) + " mask " + std::to_string(static_cast<int>(c.mask)) + " sLen " +
                   std::to_string(salt));
      const Bytes msg = test::random_bytes_vec(rng, rng() % 100);
      const rsa::PssParams params{c.hash, salt, c.mask};
      auto sig = rsa::sign_pss(*sk, params, msg);
      ASSERT_TRUE(sig) << sig.what();
      EXPECT_TRUE(rsa::verify_pss(pk, params, msg, sig->bytes()));
      // Another mask function, another salt length, a flipped bit: rejected.
      for (const rsa::MaskFunction m : {rsa::MaskFunction::mgf1, rsa::MaskFunction::shake128, rsa::MaskFunction::shake256}) {
        if (m == c.mask) continue;
        EXPECT_FALSE(rsa::verify_pss(pk, {c.hash, salt, m}, msg, sig->bytes())) << "mask " << static_cast<int>(m);
      }
      EXPECT_FALSE(rsa::verify_pss(pk, {c.hash, salt + 1, c.mask}, msg, sig->bytes()));
      if (salt > 0) {
        EXPECT_FALSE(rsa::verify_pss(pk, {c.hash, salt - 1, c.mask}, msg, sig->bytes()));
      }
      Bytes bad = test::block_bytes(*sig);
      bad[rng() % bad.size()] ^= 0x10;
      EXPECT_FALSE(rsa::verify_pss(pk, params, msg, bad));
      // The fixed-salt form: deterministic, and verifies.
      const Bytes fixed = test::random_bytes_vec(rng, salt);
      auto a = rsa::sign_pss_internal(*sk, params, msg, fixed);
      auto b = rsa::sign_pss_internal(*sk, params, msg, fixed);
      ASSERT_TRUE(a) << a.what();
      ASSERT_TRUE(b) << b.what();
      EXPECT_EQ(test::block_bytes(*a), test::block_bytes(*b));
      EXPECT_TRUE(rsa::verify_pss(pk, params, msg, a->bytes()));
    }
    EXPECT_TRUE(failed_with(rsa::sign_pss(*sk, {c.hash, max_salt + 1, c.mask}, Bytes{}), Error::invalid_length,
                            "RSA-PSS salt"));
  }
}

}  // namespace
