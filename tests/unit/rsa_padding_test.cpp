// The RSA encodings of RFC 8017 without external data: MGF1 and the SHAKE MGF from their
// definitions, the DigestInfo prefixes rebuilt from their pattern, EMSA-PKCS1-v1_5,
// EMSA-PSS and EME-OAEP round trips over every hash (and MGF), every length edge, every
// single-byte corruption, and OAEP encodings built by hand to exercise the decoder's scan.
#include <tessera/hash_id.hpp>
#include <tessera/sha3.hpp>

#include "rsa/eme_oaep.hpp"
#include "rsa/emsa_pkcs1_v15.hpp"
#include "rsa/emsa_pss.hpp"
#include "rsa/hash_select.hpp"
#include "rsa/mgf.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace tessera::test {
namespace {

using rsa::Mgf;

std::vector<HashId> all_hashes() {
  std::vector<HashId> v;
  for (std::size_t i = 0; i < hash_id_count; ++i) v.push_back(static_cast<HashId>(i));
  return v;
}
std::vector<HashId> oaep_hashes() {
  std::vector<HashId> v;
  for (HashId h : all_hashes()) if (!rsa::is_xof(h)) v.push_back(h);
  return v;
}
Bytes digest(HashId h, std::span<const std::uint8_t> m) {
  Bytes d(digest_bytes(h));
  rsa::hash(h, m, d);
  return d;
}

// ---- MGF ----

TEST(RsaMgf, Mgf1IsTheCounterConcatenation) {
  std::mt19937 rng(21);
  const Bytes seed = random_bytes_vec(rng, 37);
  for (HashId h : all_hashes()) {
    const std::size_t h_len = digest_bytes(h);
    Bytes t;  // RFC 8017 B.2.1 step 3, by hand
    for (std::uint32_t c = 0; t.size() < 3 * h_len + 5; ++c) {
      Bytes in = seed;
      for (int s = 24; s >= 0; s -= 8) in.push_back(static_cast<std::uint8_t>(c >> s));
      const Bytes d = digest(h, in);
      t.insert(t.end(), d.begin(), d.end());
    }
    for (std::size_t len : {std::size_t{0}, std::size_t{1}, h_len - 1, h_len, h_len + 1, 3 * h_len + 5}) {
      Bytes mask(len);
      ASSERT_TRUE(rsa::mgf1(h, seed, mask));
      EXPECT_EQ(mask, Bytes(t.begin(), t.begin() + static_cast<std::ptrdiff_t>(len))) << hash_name(h) << " " << len;
      Bytes data = random_bytes_vec(rng, len), x = data;
      ASSERT_TRUE(rsa::mgf_xor(rsa::mgf1_with(h), seed, x));
      for (std::size_t i = 0; i < len; ++i) EXPECT_EQ(x[i], data[i] ^ mask[i]);
    }
  }
}

TEST(RsaMgf, ShakeMgfIsShake) {
  const std::uint8_t seed[4] = {1, 2, 3, 4};
  for (std::size_t len : {0u, 1u, 167u, 168u, 169u, 511u}) {
    Bytes m128(len), m256(len), w128(len), w256(len);
    ASSERT_TRUE(rsa::mgf_shake(HashId::shake128, seed, m128));
    ASSERT_TRUE(rsa::mgf_generate(rsa::shake_mgf(HashId::shake256), seed, m256));
    shake128(seed, w128);
    shake256(seed, w256);
    EXPECT_EQ(m128, w128);
    EXPECT_EQ(m256, w256);
  }
  Bytes mask(10);
  const auto r = rsa::mgf_shake(HashId::sha3_256, seed, mask);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), Error::unsupported);
  // MGF1 over SHAKE128 (ACVP's "mgf1" with a SHAKE hash) is not the SHAKE MGF.
  Bytes a(64), b(64);
  ASSERT_TRUE(rsa::mgf1(HashId::shake128, seed, a));
  ASSERT_TRUE(rsa::mgf_shake(HashId::shake128, seed, b));
  EXPECT_NE(a, b);
}

TEST(RsaMgf, UnknownHashRefused) {
  Bytes mask(8);
  const auto r = rsa::mgf1(static_cast<HashId>(hash_id_count), {}, mask);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), Error::invalid_argument);
}

// ---- EMSA-PKCS1-v1_5 ----

TEST(RsaPkcs1v15, DigestInfoPrefixesFollowTheirPattern) {
  const std::pair<HashId, std::uint8_t> arcs[] = {
      {HashId::sha256, 1},     {HashId::sha384, 2},     {HashId::sha512, 3},   {HashId::sha224, 4},
      {HashId::sha512_224, 5}, {HashId::sha512_256, 6}, {HashId::sha3_224, 7}, {HashId::sha3_256, 8},
      {HashId::sha3_384, 9},   {HashId::sha3_512, 10}};
  for (const auto& [h, arc] : arcs) {
    const auto h_len = static_cast<std::uint8_t>(digest_bytes(h));
    const Bytes want = {0x30, static_cast<std::uint8_t>(17 + h_len), 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                        0x65, 0x03, 0x04, 0x02, arc, 0x05, 0x00, 0x04, h_len};
    const auto got = rsa::digest_info_prefix(h);
    EXPECT_EQ(Bytes(got.begin(), got.end()), want) << hash_name(h);
  }
  // RFC 8017 9.2 note 1, SHA-256, verbatim.
  EXPECT_EQ(to_hex(rsa::digest_info_prefix(HashId::sha256)), "3031300D060960864801650304020105000420");
  for (HashId h : {HashId::sha1, HashId::shake128, HashId::shake256}) EXPECT_TRUE(rsa::digest_info_prefix(h).empty());
}

TEST(RsaPkcs1v15, EncodeShapeAndLengthEdges) {
  for (HashId h : all_hashes()) {
    const Bytes d = digest(h, {});
    const auto prefix = rsa::digest_info_prefix(h);
    if (prefix.empty()) {
      Bytes em(256, 0xAA);
      const auto r = rsa::emsa_pkcs1_v15_encode(h, d, em);
      ASSERT_FALSE(r) << hash_name(h);
      EXPECT_EQ(r.error(), Error::unsupported);
      EXPECT_EQ(em, Bytes(256, 0));
      continue;
    }
    const std::size_t t_len = prefix.size() + d.size();
    for (std::size_t em_len : {t_len + 11, t_len + 12, std::size_t{256}, std::size_t{512}}) {
      Bytes em(em_len);
      ASSERT_TRUE(rsa::emsa_pkcs1_v15_encode(h, d, em)) << hash_name(h) << " " << em_len;
      Bytes want = {0x00, 0x01};
      want.insert(want.end(), em_len - t_len - 3, 0xff);
      want.push_back(0x00);
      want.insert(want.end(), prefix.begin(), prefix.end());
      want.insert(want.end(), d.begin(), d.end());
      EXPECT_EQ(em, want);
      EXPECT_TRUE(rsa::emsa_pkcs1_v15_verify(h, d, em));
    }
    Bytes shortem(t_len + 10, 0xAA);
    const auto r = rsa::emsa_pkcs1_v15_encode(h, d, shortem);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error(), Error::invalid_length);
    EXPECT_STREQ(r.what(), "intended encoded message length too short");
    EXPECT_EQ(shortem, Bytes(t_len + 10, 0));
    Bytes em(256);
    const Bytes wrong(d.size() + 1);
    EXPECT_EQ(rsa::emsa_pkcs1_v15_encode(h, wrong, em).error(), Error::invalid_length);
  }
}

TEST(RsaPkcs1v15, VerifyRejectsEveryByteChange) {
  const Bytes d = digest(HashId::sha384, Bytes{'m'});
  Bytes em(256);
  ASSERT_TRUE(rsa::emsa_pkcs1_v15_encode(HashId::sha384, d, em));
  for (std::size_t i = 0; i < em.size(); ++i) {
    Bytes bad = em;
    bad[i] ^= 0x01;
    EXPECT_FALSE(rsa::emsa_pkcs1_v15_verify(HashId::sha384, d, bad)) << i;
  }
  EXPECT_FALSE(rsa::emsa_pkcs1_v15_verify(HashId::sha3_384, d, em));  // another hash
  EXPECT_FALSE(rsa::emsa_pkcs1_v15_verify(HashId::sha384, d, Bytes(em.begin() + 1, em.end())));
}

// ---- EMSA-PSS ----

std::vector<Mgf> mgfs_for(HashId h) {
  return {rsa::mgf1_with(h), rsa::mgf1_with(HashId::sha1), rsa::shake_mgf(HashId::shake128),
          rsa::shake_mgf(HashId::shake256)};
}

TEST(RsaPss, RoundTripsEveryHashMgfSaltAndEmBits) {
  std::mt19937 rng(91);
  for (HashId h : all_hashes()) {
    const std::size_t h_len = digest_bytes(h);
    for (const Mgf mgf : mgfs_for(h)) {
      for (std::size_t em_bits : {1023u, 1024u, 1025u, 1030u, 2047u}) {
        const std::size_t em_len = rsa::pss_em_bytes(em_bits);
        for (std::size_t s_len : {std::size_t{0}, std::size_t{1}, h_len, em_len - h_len - 2}) {
          if (s_len > em_len - h_len - 2) continue;  // SHA-512 with a 64-byte salt needs 130 bytes
          const Bytes m_hash = digest(h, random_bytes_vec(rng, s_len % 5));  // includes M = ""
          const Bytes salt = random_bytes_vec(rng, s_len);
          Bytes em(em_len);
          ASSERT_TRUE(rsa::emsa_pss_encode(h, mgf, m_hash, salt, em_bits, em)) << hash_name(h);
          EXPECT_EQ(em.back(), 0xbc);
          EXPECT_EQ(em[0] >> (em_bits - 8 * (em_len - 1)), 0) << "top bits of EM must be clear";
          EXPECT_TRUE(rsa::emsa_pss_verify(h, mgf, m_hash, em, em_bits, s_len)) << hash_name(h) << " " << em_bits;
          if (s_len > 0) {
            EXPECT_FALSE(rsa::emsa_pss_verify(h, mgf, m_hash, em, em_bits, s_len - 1));
          }
          EXPECT_FALSE(rsa::emsa_pss_verify(h, mgf, m_hash, em, em_bits, s_len + 1));
          Bytes other = m_hash;
          other[0] ^= 1;
          EXPECT_FALSE(rsa::emsa_pss_verify(h, mgf, other, em, em_bits, s_len));
        }
      }
    }
  }
}

TEST(RsaPss, VerifyRejectsEveryByteChangeAndTheTopBits) {
  std::mt19937 rng(92);
  const HashId h = HashId::sha256;
  const Mgf mgf = rsa::mgf1_with(h);
  const Bytes m_hash = digest(h, {}), salt = random_bytes_vec(rng, 32);
  for (std::size_t em_bits : {2047u, 2048u}) {  // 2048: no spare bit in EM's first byte
    Bytes em(rsa::pss_em_bytes(em_bits));
    ASSERT_TRUE(rsa::emsa_pss_encode(h, mgf, m_hash, salt, em_bits, em));
    for (std::size_t i = 0; i < em.size(); ++i) {
      for (std::uint8_t x : {0x01, 0x80}) {
        Bytes bad = em;
        bad[i] ^= x;
        EXPECT_FALSE(rsa::emsa_pss_verify(h, mgf, m_hash, bad, em_bits, 32)) << i;
      }
    }
    EXPECT_FALSE(rsa::emsa_pss_verify(h, rsa::mgf1_with(HashId::sha384), m_hash, em, em_bits, 32));
    EXPECT_FALSE(rsa::emsa_pss_verify(h, mgf, m_hash, Bytes(em.begin() + 1, em.end()), em_bits, 32));
  }
}

TEST(RsaPss, LengthEdges) {
  const HashId h = HashId::sha512;
  const Mgf mgf = rsa::mgf1_with(h);
  const Bytes m_hash = digest(h, {});
  // emLen = hLen + sLen + 2 is the least that fits (RFC 8017 9.1.1 step 3).
  for (std::size_t s_len : {0u, 1u, 20u}) {
    const std::size_t em_len = 64 + s_len + 2;
    const Bytes salt(s_len, 0x5a);
    Bytes em(em_len);
    ASSERT_TRUE(rsa::emsa_pss_encode(h, mgf, m_hash, salt, 8 * em_len, em));
    EXPECT_TRUE(rsa::emsa_pss_verify(h, mgf, m_hash, em, 8 * em_len, s_len));
    // One more salt byte is an "encoding error"; em is zeroed.
    const Bytes long_salt(s_len + 1, 0x5a);
    Bytes em2(em_len, 0xAA);
    const auto r = rsa::emsa_pss_encode(h, mgf, m_hash, long_salt, 8 * em_len, em2);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error(), Error::invalid_length);
    EXPECT_STREQ(r.what(), "RSA-PSS salt");
    EXPECT_EQ(em2, Bytes(em_len, 0));
    EXPECT_FALSE(rsa::emsa_pss_verify(h, mgf, m_hash, em, 8 * em_len, s_len + 1));
  }
  Bytes em(rsa::pss_em_bytes(2047));
  EXPECT_EQ(rsa::emsa_pss_encode(h, mgf, m_hash, Bytes(400), 2047, em).error(),
            Error::invalid_length);                              // salt too long for 2047 bits
  EXPECT_FALSE(rsa::emsa_pss_verify(h, mgf, m_hash, em, 2047, SIZE_MAX));  // no wrap-around
  Bytes tiny(1);
  EXPECT_EQ(rsa::emsa_pss_encode(h, mgf, m_hash, {}, 8, tiny).error(), Error::invalid_length);  // emLen < hLen + 2
  Bytes em255(255);
  EXPECT_EQ(rsa::emsa_pss_encode(h, mgf, m_hash, {}, 2047, em255).error(), Error::invalid_length);  // em size
  Bytes none;
  EXPECT_EQ(rsa::emsa_pss_encode(h, mgf, m_hash, {}, 0, none).error(), Error::invalid_length);
  EXPECT_EQ(rsa::emsa_pss_encode(h, mgf, Bytes(63), {}, 2047, em).error(), Error::invalid_length);  // mHash
  EXPECT_EQ(rsa::emsa_pss_encode(h, rsa::shake_mgf(HashId::sha256), m_hash, {}, 2047, em).error(),
            Error::invalid_argument);
  EXPECT_EQ(rsa::emsa_pss_encode(static_cast<HashId>(hash_id_count), mgf, m_hash, {}, 2047, em).error(),
            Error::invalid_argument);
}

// ---- EME-OAEP ----

TEST(RsaOaep, RoundTripsEveryHashPair) {
  std::mt19937 rng(71);
  for (HashId h : oaep_hashes()) {
    const std::size_t h_len = digest_bytes(h);
    for (HashId g : oaep_hashes()) {
      for (std::size_t k : {2 * h_len + 2, std::size_t{256}, std::size_t{512}}) {
        const std::size_t max_m = rsa::oaep_max_message_bytes(h, k);
        ASSERT_EQ(max_m, k - 2 * h_len - 2);
        for (std::size_t m_len : {std::size_t{0}, std::size_t{1}, max_m / 2, max_m}) {
          if (m_len > max_m) continue;
          const Bytes m = random_bytes_vec(rng, m_len), seed = random_bytes_vec(rng, h_len);
          const Bytes label = random_bytes_vec(rng, m_len % 3 == 0 ? 0 : 17);
          Bytes em(k);
          ASSERT_TRUE(rsa::eme_oaep_encode(h, g, label, m, seed, em)) << hash_name(h) << "/" << hash_name(g);
          EXPECT_EQ(em[0], 0);
          Bytes out(max_m, 0xAA);
          auto r = rsa::eme_oaep_decode(h, g, label, em, out);
          ASSERT_TRUE(r) << hash_name(h) << "/" << hash_name(g) << " k " << k << " mLen " << m_len;
          ASSERT_EQ(*r, m_len);
          EXPECT_EQ(Bytes(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(m_len)), m);
          EXPECT_EQ(Bytes(out.begin() + static_cast<std::ptrdiff_t>(m_len), out.end()), Bytes(max_m - m_len, 0));
          Bytes scratch(k);
          if (h != g) {
            EXPECT_FALSE(rsa::eme_oaep_decode(g, h, label, em, scratch)) << "hashes swapped";
          }
        }
      }
    }
  }
}

TEST(RsaOaep, LabelLengths) {
  std::mt19937 rng(72);
  for (std::size_t l_len : {0u, 1u, 63u, 64u, 1000u, 100000u}) {
    const Bytes label = random_bytes_vec(rng, l_len), m = random_bytes_vec(rng, 32);
    Bytes em(256);
    ASSERT_TRUE(rsa::eme_oaep_encode(HashId::sha256, HashId::sha1, label, m, random_bytes_vec(rng, 32), em));
    Bytes out(256);
    auto r = rsa::eme_oaep_decode(HashId::sha256, HashId::sha1, label, em, out);
    ASSERT_TRUE(r) << l_len;
    EXPECT_EQ(*r, 32u);
    // A wrong label: one bit changed, one byte more or less.
    Bytes other = label;
    if (other.empty()) other.push_back(0); else other[other.size() / 2] ^= 0x10;
    for (const Bytes& bad : {other, Bytes(label.begin(), label.end() - (label.empty() ? 0 : 1)),
                             [&] { Bytes b = label; b.push_back(0); return b; }()}) {
      if (bad == label) continue;
      Bytes out2(256, 0xAA);
      auto r2 = rsa::eme_oaep_decode(HashId::sha256, HashId::sha1, bad, em, out2);
      ASSERT_FALSE(r2) << l_len;
      EXPECT_EQ(r2.error(), Error::invalid_encoding);
      EXPECT_STREQ(r2.what(), "RSA-OAEP ciphertext");
      EXPECT_EQ(out2, Bytes(256, 0));
    }
  }
}

TEST(RsaOaep, EverySingleByteCorruptionRejected) {
  std::mt19937 rng(73);
  for (HashId h : {HashId::sha1, HashId::sha256, HashId::sha512}) {
    const std::size_t k = 256;
    const Bytes m = random_bytes_vec(rng, 40), label = random_bytes_vec(rng, 5);
    Bytes em(k);
    ASSERT_TRUE(rsa::eme_oaep_encode(h, h, label, m, random_bytes_vec(rng, digest_bytes(h)), em));
    for (std::size_t i = 0; i < k; ++i) {
      for (std::uint8_t x : {std::uint8_t{0x01}, std::uint8_t{0x80}, static_cast<std::uint8_t>(rng() | 1)}) {
        Bytes bad = em;
        bad[i] ^= x;
        Bytes out(k, 0xAA);
        auto r = rsa::eme_oaep_decode(h, h, label, bad, out);
        ASSERT_FALSE(r) << hash_name(h) << " byte " << i;
        EXPECT_EQ(r.error(), Error::invalid_encoding);
        EXPECT_EQ(out, Bytes(k, 0));
      }
    }
  }
}

// EM built from a chosen DB (RFC 8017 7.1.1 steps 2.d-2.i by hand), to reach the decoder's
// separator scan with each kind of bad and good data block.
Bytes oaep_em_from_db(HashId h, std::uint8_t y, const Bytes& db, const Bytes& seed) {
  Bytes masked_db = db, masked_seed = seed;
  EXPECT_TRUE(rsa::mgf_xor(rsa::mgf1_with(h), seed, masked_db));
  EXPECT_TRUE(rsa::mgf_xor(rsa::mgf1_with(h), masked_db, masked_seed));
  Bytes em(1 + masked_seed.size() + masked_db.size());
  em[0] = y;
  std::copy(masked_seed.begin(), masked_seed.end(), em.begin() + 1);
  std::copy(masked_db.begin(), masked_db.end(), em.begin() + 1 + static_cast<std::ptrdiff_t>(masked_seed.size()));
  return em;
}

TEST(RsaOaep, DecoderScanCases) {
  const HashId h = HashId::sha256;
  const std::size_t k = 128, h_len = 32, db_len = k - h_len - 1, max_m = k - 2 * h_len - 2;
  const Bytes seed(h_len, 0x33), l_hash = digest(h, {});
  const auto db_with = [&](std::size_t one_at, std::uint8_t sep, std::uint8_t ps_byte, std::size_t ps_at) {
    Bytes db = l_hash;
    db.resize(db_len, 0x00);
    for (std::size_t i = one_at + 1; i < db_len; ++i) db[i] = static_cast<std::uint8_t>(0xA0 + i);
    if (one_at < db_len) db[one_at] = sep;
    if (ps_at < one_at && ps_at >= h_len) db[ps_at] = ps_byte;
    return db;
  };
  const auto decode = [&](const Bytes& em, Bytes& out) { return rsa::eme_oaep_decode(h, h, {}, em, out); };
  // Every position of the 0x01: mLen from max_m (0x01 right after lHash) down to 0.
  for (std::size_t one_at = h_len; one_at < db_len; ++one_at) {
    const Bytes db = db_with(one_at, 0x01, 0, db_len);
    Bytes out(max_m + 3, 0xAA);
    auto r = decode(oaep_em_from_db(h, 0, db, seed), out);
    ASSERT_TRUE(r) << one_at;
    ASSERT_EQ(*r, db_len - one_at - 1);
    EXPECT_EQ(Bytes(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(*r)),
              Bytes(db.begin() + static_cast<std::ptrdiff_t>(one_at) + 1, db.end()));
    EXPECT_EQ(Bytes(out.begin() + static_cast<std::ptrdiff_t>(*r), out.end()), Bytes(out.size() - *r, 0));
  }
  const auto rejected = [&](const Bytes& em, const char* why) {
    Bytes out(max_m, 0xAA);
    auto r = decode(em, out);
    ASSERT_FALSE(r) << why;
    EXPECT_EQ(r.error(), Error::invalid_encoding) << why;
    EXPECT_STREQ(r.what(), "RSA-OAEP ciphertext");
    EXPECT_EQ(out, Bytes(max_m, 0)) << why;
  };
  rejected(oaep_em_from_db(h, 0, db_with(db_len, 0x01, 0, db_len), seed), "no 0x01: all zeros after lHash");
  rejected(oaep_em_from_db(h, 0, db_with(80, 0x02, 0, db_len), seed), "0x02 separator");
  rejected(oaep_em_from_db(h, 0, db_with(80, 0xFF, 0, db_len), seed), "0xFF separator");
  rejected(oaep_em_from_db(h, 0, db_with(80, 0x01, 0x07, 50), seed), "nonzero PS byte");
  rejected(oaep_em_from_db(h, 1, db_with(80, 0x01, 0, db_len), seed), "Y = 1");
  rejected(oaep_em_from_db(h, 0x80, db_with(80, 0x01, 0, db_len), seed), "Y = 0x80");
  Bytes bad_lhash = db_with(80, 0x01, 0, db_len);
  bad_lhash[5] ^= 1;
  rejected(oaep_em_from_db(h, 0, bad_lhash, seed), "lHash' != lHash");
  // An earlier 0x01 in what would be PS is the separator (M then starts with the rest).
  Bytes two = db_with(80, 0x01, 0x01, 50);
  Bytes out(max_m);
  auto r = decode(oaep_em_from_db(h, 0, two, seed), out);
  ASSERT_TRUE(r);
  EXPECT_EQ(*r, db_len - 51);
}

TEST(RsaOaep, LengthEdges) {
  const Bytes seed(32, 1), m(190, 2);
  Bytes em(256, 0xAA);
  ASSERT_TRUE(rsa::eme_oaep_encode(HashId::sha256, HashId::sha256, {}, m, seed, em));  // k - 2hLen - 2 = 190
  const Bytes too_long(191, 2);
  auto r = rsa::eme_oaep_encode(HashId::sha256, HashId::sha256, {}, too_long, seed, em);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), Error::invalid_length);
  EXPECT_STREQ(r.what(), "RSA-OAEP message");
  EXPECT_EQ(em, Bytes(256, 0));
  Bytes small(65);  // < 2 hLen + 2 for SHA-256
  EXPECT_EQ(rsa::eme_oaep_encode(HashId::sha256, HashId::sha256, {}, {}, seed, small).error(), Error::invalid_length);
  Bytes out(300);
  EXPECT_EQ(rsa::eme_oaep_decode(HashId::sha256, HashId::sha256, {}, small, out).error(), Error::invalid_length);
  Bytes exact(66);
  ASSERT_TRUE(rsa::eme_oaep_encode(HashId::sha256, HashId::sha256, {}, {}, seed, exact));  // room for M = "" only
  Bytes no_room;
  auto back = rsa::eme_oaep_decode(HashId::sha256, HashId::sha256, {}, exact, no_room);
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, 0u);
  EXPECT_EQ(rsa::eme_oaep_encode(HashId::sha256, HashId::sha256, {}, {}, Bytes(31), em).error(), Error::invalid_length);
  EXPECT_EQ(rsa::eme_oaep_encode(HashId::shake128, HashId::sha256, {}, {}, seed, em).error(), Error::unsupported);
  EXPECT_EQ(rsa::eme_oaep_encode(HashId::sha256, HashId::shake256, {}, {}, seed, em).error(), Error::unsupported);
  Bytes em513(513);
  EXPECT_EQ(rsa::eme_oaep_encode(HashId::sha256, HashId::sha256, {}, {}, seed, em513).error(), Error::invalid_length);
  // The output must hold the longest message, whatever the real one is.
  ASSERT_TRUE(rsa::eme_oaep_encode(HashId::sha256, HashId::sha256, {}, Bytes(1, 9), seed, em));
  Bytes out189(189);
  auto short_out = rsa::eme_oaep_decode(HashId::sha256, HashId::sha256, {}, em, out189);
  ASSERT_FALSE(short_out);
  EXPECT_EQ(short_out.error(), Error::invalid_length);
  EXPECT_STREQ(short_out.what(), "RSA-OAEP output");
  EXPECT_EQ(rsa::oaep_max_message_bytes(HashId::sha512, 129), 0u);
  EXPECT_EQ(rsa::oaep_max_message_bytes(HashId::shake256, 512), 0u);
}

}  // namespace
}  // namespace tessera::test
