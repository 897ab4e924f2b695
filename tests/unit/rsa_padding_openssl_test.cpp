// The RSA encodings against OpenSSL's libcrypto (the system's, 3.0; its deprecated-in-3.0
// padding functions are the direct way to reach the encodings without the RSA operation):
//   MGF1: PKCS1_MGF1;
//   EME-OAEP: RSA_padding_add_PKCS1_OAEP_mgf1 decoded by Tessera, Tessera's encoding checked
//     by RSA_padding_check_PKCS1_OAEP_mgf1, for every pair of hash and MGF1 hash;
//   EMSA-PSS: RSA_padding_add_PKCS1_PSS_mgf1 verified by Tessera and Tessera's encoding by
//     RSA_verify_PKCS1_PSS_mgf1, with a 2048-bit key and a 1025-bit one (emLen = k - 1);
//   EMSA-PKCS1-v1_5: the EM inside RSA_sign's signature (opened with RSA_public_decrypt,
//     RSA_NO_PADDING) equals Tessera's, byte for byte.
#include <tessera/hash_id.hpp>

#include "rsa/eme_oaep.hpp"
#include "rsa/emsa_pkcs1_v15.hpp"
#include "rsa/emsa_pss.hpp"
#include "rsa/hash_select.hpp"
#include "rsa/mgf.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#if TESSERA_TEST_HAVE_OPENSSL
#define OPENSSL_SUPPRESS_DEPRECATED 1  // RSA*, PKCS1_MGF1 and the RSA_padding_* functions
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/rsa.h>
#endif

#include <random>
#include <vector>

namespace tessera::test {
namespace {

#if TESSERA_TEST_HAVE_OPENSSL

struct Md {
  HashId id;
  const EVP_MD* md;
  int nid;
};
std::vector<Md> openssl_hashes() {
  return {{HashId::sha1, EVP_sha1(), NID_sha1},
          {HashId::sha224, EVP_sha224(), NID_sha224},
          {HashId::sha256, EVP_sha256(), NID_sha256},
          {HashId::sha384, EVP_sha384(), NID_sha384},
          {HashId::sha512, EVP_sha512(), NID_sha512},
          {HashId::sha512_224, EVP_sha512_224(), NID_sha512_224},
          {HashId::sha512_256, EVP_sha512_256(), NID_sha512_256},
          {HashId::sha3_224, EVP_sha3_224(), NID_sha3_224},
          {HashId::sha3_256, EVP_sha3_256(), NID_sha3_256},
          {HashId::sha3_384, EVP_sha3_384(), NID_sha3_384},
          {HashId::sha3_512, EVP_sha3_512(), NID_sha3_512}};
}

Bytes digest(HashId h, std::span<const std::uint8_t> m) {
  Bytes d(digest_bytes(h));
  rsa::hash(h, m, d);
  return d;
}

// One RSA key per size for the whole run (key generation is the slow part).
RSA* test_key(unsigned bits) {
  static RSA* k2048 = nullptr;
  static RSA* k1025 = nullptr;
  RSA*& k = bits == 2048 ? k2048 : k1025;
  if (k == nullptr) {
    EVP_PKEY* pkey = EVP_RSA_gen(bits);
    if (pkey == nullptr) return nullptr;
    k = EVP_PKEY_get1_RSA(pkey);  // a reference of its own; kept for the process
    EVP_PKEY_free(pkey);
  }
  return k;
}

TEST(RsaPaddingOpenSsl, Mgf1) {
  std::mt19937 rng(1);
  for (const Md& md : openssl_hashes()) {
    for (std::size_t len : {0u, 1u, 20u, 64u, 65u, 255u, 511u}) {
      const Bytes seed = random_bytes_vec(rng, len % 70);
      Bytes want(len), got(len);
      ASSERT_EQ(PKCS1_MGF1(want.data(), static_cast<long>(len), seed.data(), static_cast<long>(seed.size()), md.md), 0);
      ASSERT_TRUE(rsa::mgf1(md.id, seed, got));
      EXPECT_EQ(to_hex(got), to_hex(want)) << hash_name(md.id) << " " << len;
    }
  }
}

TEST(RsaPaddingOpenSsl, OaepBothDirectionsEveryHashPair) {
  std::mt19937 rng(2);
  int cases = 0;
  for (const Md& h : openssl_hashes()) {
    const std::size_t h_len = digest_bytes(h.id);
    for (const Md& g : openssl_hashes()) {
      for (std::size_t k : {256u, 384u}) {
        const std::size_t max_m = k - 2 * h_len - 2;
        for (std::size_t m_len : {std::size_t{0}, std::size_t{1}, max_m}) {
          const Bytes m = random_bytes_vec(rng, m_len), label = random_bytes_vec(rng, (m_len * 7) % 50);
          // OpenSSL encodes (its own random seed), Tessera decodes.
          Bytes em(k);
          ASSERT_EQ(RSA_padding_add_PKCS1_OAEP_mgf1(em.data(), static_cast<int>(k), m.data(), static_cast<int>(m_len),
                                                    label.data(), static_cast<int>(label.size()), h.md, g.md), 1);
          Bytes out(max_m);
          auto r = rsa::eme_oaep_decode(h.id, g.id, label, em, out);
          ASSERT_TRUE(r) << hash_name(h.id) << "/" << hash_name(g.id);
          out.resize(*r);
          EXPECT_EQ(out, m);
          // Corrupted: both refuse.
          Bytes bad = em;
          bad[1 + rng() % (k - 1)] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
          Bytes out2(k);
          EXPECT_FALSE(rsa::eme_oaep_decode(h.id, g.id, label, bad, out2));
          EXPECT_EQ(RSA_padding_check_PKCS1_OAEP_mgf1(out2.data(), static_cast<int>(k), bad.data(), static_cast<int>(k),
                                                      static_cast<int>(k), label.data(), static_cast<int>(label.size()),
                                                      h.md, g.md), -1);
          // Tessera encodes, OpenSSL decodes.
          ASSERT_TRUE(rsa::eme_oaep_encode(h.id, g.id, label, m, random_bytes_vec(rng, h_len), em));
          Bytes to(k);
          const int n = RSA_padding_check_PKCS1_OAEP_mgf1(to.data(), static_cast<int>(k), em.data(), static_cast<int>(k),
                                                          static_cast<int>(k), label.data(),
                                                          static_cast<int>(label.size()), h.md, g.md);
          ASSERT_EQ(n, static_cast<int>(m_len)) << hash_name(h.id) << "/" << hash_name(g.id);
          to.resize(m_len);
          EXPECT_EQ(to, m);
          ++cases;
        }
      }
    }
  }
  EXPECT_EQ(cases, 11 * 11 * 2 * 3);
}

TEST(RsaPaddingOpenSsl, PssBothDirections) {
  std::mt19937 rng(3);
  for (unsigned bits : {2048u, 1025u}) {
    RSA* key = test_key(bits);
    ASSERT_NE(key, nullptr);
    const std::size_t k = static_cast<std::size_t>(RSA_size(key));
    const std::size_t em_bits = bits - 1, em_len = rsa::pss_em_bytes(em_bits);
    ASSERT_EQ(em_len, bits == 1025 ? k - 1 : k);
    for (const Md& h : openssl_hashes()) {
      const std::size_t h_len = digest_bytes(h.id);
      for (const Md& g : openssl_hashes()) {
        for (std::size_t s_len : {std::size_t{0}, h_len, em_len - h_len - 2}) {
          if (s_len > em_len - h_len - 2) continue;  // SHA-512 with a 64-byte salt needs 130 bytes
          const Bytes m_hash = digest(h.id, random_bytes_vec(rng, s_len % 9));
          // OpenSSL encodes (EM has k bytes: a leading 0 when emLen = k - 1), Tessera verifies.
          Bytes em_k(k);
          ASSERT_EQ(RSA_padding_add_PKCS1_PSS_mgf1(key, em_k.data(), m_hash.data(), h.md, g.md, static_cast<int>(s_len)), 1)
              << hash_name(h.id) << "/" << hash_name(g.id) << " sLen " << s_len;
          const std::span<const std::uint8_t> em(em_k.data() + (k - em_len), em_len);
          if (k != em_len) {
            EXPECT_EQ(em_k[0], 0);
          }
          EXPECT_TRUE(rsa::emsa_pss_verify(h.id, rsa::mgf1_with(g.id), m_hash, em, em_bits, s_len))
              << bits << " " << hash_name(h.id) << "/" << hash_name(g.id) << " sLen " << s_len;
          // Tessera encodes, OpenSSL verifies.
          Bytes mine_k(k, 0);
          const std::span<std::uint8_t> mine(mine_k.data() + (k - em_len), em_len);
          ASSERT_TRUE(rsa::emsa_pss_encode(h.id, rsa::mgf1_with(g.id), m_hash, random_bytes_vec(rng, s_len), em_bits, mine));
          EXPECT_EQ(RSA_verify_PKCS1_PSS_mgf1(key, m_hash.data(), h.md, g.md, mine_k.data(), static_cast<int>(s_len)), 1)
              << bits << " " << hash_name(h.id) << "/" << hash_name(g.id) << " sLen " << s_len;
          // A corrupted encoding: both refuse.
          mine[rng() % em_len] ^= 0x04;
          EXPECT_FALSE(rsa::emsa_pss_verify(h.id, rsa::mgf1_with(g.id), m_hash, mine, em_bits, s_len));
          EXPECT_NE(RSA_verify_PKCS1_PSS_mgf1(key, m_hash.data(), h.md, g.md, mine_k.data(), static_cast<int>(s_len)), 1);
        }
      }
    }
  }
}

TEST(RsaPaddingOpenSsl, Pkcs1v15EncodingInsideRsaSign) {
  RSA* key = test_key(2048);
  ASSERT_NE(key, nullptr);
  const std::size_t k = static_cast<std::size_t>(RSA_size(key));
  const std::uint8_t msg[3] = {'a', 'b', 'c'};
  for (const Md& h : openssl_hashes()) {
    if (h.id == HashId::sha1) continue;  // Tessera does not sign with SHA-1
    const Bytes d = digest(h.id, msg);
    Bytes sig(k);
    unsigned int sig_len = 0;
    ASSERT_EQ(RSA_sign(h.nid, d.data(), static_cast<unsigned int>(d.size()), sig.data(), &sig_len, key), 1)
        << hash_name(h.id);
    Bytes em(k);
    ASSERT_EQ(RSA_public_decrypt(static_cast<int>(sig_len), sig.data(), em.data(), key, RSA_NO_PADDING),
              static_cast<int>(k));
    Bytes mine(k);
    ASSERT_TRUE(rsa::emsa_pkcs1_v15_encode(h.id, d, mine));
    EXPECT_EQ(to_hex(mine), to_hex(em)) << hash_name(h.id);
    EXPECT_TRUE(rsa::emsa_pkcs1_v15_verify(h.id, d, em));
  }
}

#else

TEST(RsaPaddingOpenSsl, NeedsOpenSsl) { GTEST_SKIP() << "OpenSSL libcrypto not found: no differential tests"; }

#endif

}  // namespace
}  // namespace tessera::test
