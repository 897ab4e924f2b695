// The RSA schemes (RFC 8017 Sections 7.1, 8.1, 8.2) and key generation (FIPS 186-5 A.1.3)
// against OpenSSL's libcrypto (the system's, 3.0), through its EVP interface:
//   RSASSA-PKCS1-v1_5 for every hash Tessera signs with: Tessera signs and OpenSSL verifies,
//     OpenSSL signs and Tessera verifies, the two signatures byte for byte the same; flipped
//     bits, SHA-1 and SHAKE refused; the *_digest forms equal the message forms;
//   RSASSA-PSS with MGF1 over the PSS hash and salts of 0, 20, hLen and the maximum
//     emLen - hLen - 2 bytes, both directions, with a 1025-bit key for emLen = k - 1; the
//     salt of sign_pss_internal recovered by an EMSA-PSS-VERIFY written out here; the SHAKE
//     mask functions within Tessera (OpenSSL 3.0 has no SHAKE PSS);
//   RSAES-OAEP with separate lHash and MGF1 hashes and labels, both directions, at every
//     message length boundary, every kind of bad ciphertext failing alike, and
//     encrypt_oaep_internal against an EME-OAEP encoding written out here;
//   key generation (RsaKeyGen*): Tessera's keys through d2i_PrivateKey and EVP_PKEY_check,
//     their primes, |p - q| and d checked with BN against FIPS 186-5 A.1.1 and A.1.3.
// The keys (OpenSSL's of 2048, 3072 and 1025 bits, and one of rsa::PrivateKey::generate)
// are made once per process, and a case makes only the key it uses (ctest runs one case
// per process). Skipped, with the reason, when the build found no OpenSSL; the cases that
// need no OpenSSL (SHAKE masks, the refused key generation arguments) run either way.
#include <tessera/hash_id.hpp>
#include <tessera/rsa.hpp>

#include "rsa_test_support.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#if TESSERA_TEST_HAVE_OPENSSL
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#endif

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace {

using namespace tessera;
using test::Bytes;
using test::failed_with;

#define TESSERA_REQUIRE_OPENSSL() \
  if (!TESSERA_TEST_HAVE_OPENSSL) GTEST_SKIP() << "built without OpenSSL libcrypto (find_package(OpenSSL 3.0) failed)"

// Every hash Tessera signs with (RFC 8017 9.2 DigestInfo): SHA-2 and SHA-3, not SHA-1.
const HashId kSigningHashes[] = {HashId::sha224,     HashId::sha256,   HashId::sha384,   HashId::sha512,
                                 HashId::sha512_224, HashId::sha512_256, HashId::sha3_224, HashId::sha3_256,
                                 HashId::sha3_384,   HashId::sha3_512};
const HashId kPssHashes[] = {HashId::sha256, HashId::sha384, HashId::sha512, HashId::sha3_256};
struct OaepPair {
  HashId hash, mgf1;
};
const OaepPair kOaepPairs[] = {{HashId::sha1, HashId::sha1},
                               {HashId::sha256, HashId::sha256},
                               {HashId::sha256, HashId::sha1},
                               {HashId::sha512, HashId::sha512},
                               {HashId::sha3_256, HashId::sha3_256}};

// emLen of EMSA-PSS with emBits = modBits - 1 (RFC 8017 8.1.1 step 1).
std::size_t pss_em_len(const rsa::PublicKey& pk) { return (pk.modulus_bits() - 1 + 7) / 8; }
// The largest salt that fits: emLen - hLen - 2 (9.1.1 step 3).
std::size_t pss_max_salt(const rsa::PublicKey& pk, HashId h) { return pss_em_len(pk) - digest_bytes(h) - 2; }

// One key of Tessera's own generation for the process (key generation takes 0.1 to 2 s).
const rsa::PrivateKey* tessera_key() {
  static std::optional<rsa::PrivateKey> key = []() -> std::optional<rsa::PrivateKey> {
    auto sk = rsa::PrivateKey::generate(2048);
    EXPECT_TRUE(sk) << "rsa::PrivateKey::generate(2048): " << (sk ? "" : sk.what());
    if (!sk) return std::nullopt;
    return std::optional<rsa::PrivateKey>(std::move(*sk));
  }();
  return key ? &*key : nullptr;
}

// The keys of the scheme tests.
struct KeySpec {
  const char* name;
  int bits;
  bool tessera;  // made by rsa::PrivateKey::generate (else by OpenSSL's EVP_RSA_gen)
};
void PrintTo(const KeySpec& s, std::ostream* os) { *os << s.name; }
const KeySpec kKeys[] = {{"openssl2048", 2048, false},
                         {"openssl3072", 3072, false},
                         {"openssl1025", 1025, false},  // emLen = k - 1 for PSS
                         {"tessera2048", 2048, true}};

#if TESSERA_TEST_HAVE_OPENSSL

template <class T, void (*F)(T*)>
struct Free {
  void operator()(T* p) const noexcept { F(p); }
};
using Bn = std::unique_ptr<BIGNUM, Free<BIGNUM, BN_clear_free>>;
using BnCtx = std::unique_ptr<BN_CTX, Free<BN_CTX, BN_CTX_free>>;
using EvpPkey = std::unique_ptr<EVP_PKEY, Free<EVP_PKEY, EVP_PKEY_free>>;
using EvpPkeyCtx = std::unique_ptr<EVP_PKEY_CTX, Free<EVP_PKEY_CTX, EVP_PKEY_CTX_free>>;
using EvpMdCtx = std::unique_ptr<EVP_MD_CTX, Free<EVP_MD_CTX, EVP_MD_CTX_free>>;

const EVP_MD* md_of(HashId h) {
  switch (h) {
    case HashId::sha1: return EVP_sha1();
    case HashId::sha224: return EVP_sha224();
    case HashId::sha256: return EVP_sha256();
    case HashId::sha384: return EVP_sha384();
    case HashId::sha512: return EVP_sha512();
    case HashId::sha512_224: return EVP_sha512_224();
    case HashId::sha512_256: return EVP_sha512_256();
    case HashId::sha3_224: return EVP_sha3_224();
    case HashId::sha3_256: return EVP_sha3_256();
    case HashId::sha3_384: return EVP_sha3_384();
    case HashId::sha3_512: return EVP_sha3_512();
    case HashId::shake128:
    case HashId::shake256: break;
  }
  ADD_FAILURE() << "no fixed-length OpenSSL digest for " << hash_name(h);
  return nullptr;
}

// The first error OpenSSL queued ("" if none); empties the queue.
std::string openssl_error() {
  char buf[256] = {};
  const unsigned long e = ERR_get_error();
  if (e != 0) ERR_error_string_n(e, buf, sizeof buf);
  ERR_clear_error();
  return buf;
}

Bytes ossl_digest(const EVP_MD* md, std::span<const std::uint8_t> m) {
  Bytes d(static_cast<std::size_t>(EVP_MD_get_size(md)));
  unsigned int len = 0;
  EXPECT_EQ(EVP_Digest(m.data(), m.size(), d.data(), &len, md, nullptr), 1);
  EXPECT_EQ(len, d.size());
  return d;
}
// MGF1 (RFC 8017 B.2.1) with OpenSSL's hash.
Bytes ossl_mgf1(const EVP_MD* md, std::span<const std::uint8_t> seed, std::size_t len) {
  const std::size_t h_len = static_cast<std::size_t>(EVP_MD_get_size(md));
  Bytes out(len + h_len), block(seed.size() + 4);
  std::copy(seed.begin(), seed.end(), block.begin());
  for (std::size_t off = 0, counter = 0; off < len; off += h_len, ++counter) {
    for (std::size_t i = 0; i < 4; ++i) block[seed.size() + i] = static_cast<std::uint8_t>(counter >> (24 - 8 * i));
    unsigned int dl = 0;
    EXPECT_EQ(EVP_Digest(block.data(), block.size(), out.data() + off, &dl, md, nullptr), 1);
  }
  out.resize(len);
  return out;
}

EvpPkey d2i_private(std::span<const std::uint8_t> der) {
  const unsigned char* p = der.data();
  return EvpPkey(d2i_PrivateKey(EVP_PKEY_RSA, nullptr, &p, static_cast<long>(der.size())));
}
EvpPkey d2i_public(std::span<const std::uint8_t> der) {
  const unsigned char* p = der.data();
  return EvpPkey(d2i_PublicKey(EVP_PKEY_RSA, nullptr, &p, static_cast<long>(der.size())));
}
Bytes i2d_private(const EVP_PKEY* k) {
  const int len = i2d_PrivateKey(k, nullptr);
  EXPECT_GT(len, 0);
  Bytes b(static_cast<std::size_t>(len > 0 ? len : 0));
  unsigned char* p = b.data();
  i2d_PrivateKey(k, &p);
  return b;
}

// PKCS#1 v1.5 (salt = kPkcs1v15) or PSS with MGF1 over md and the given salt length.
constexpr int kPkcs1v15 = -1;
bool set_signature_padding(EVP_PKEY_CTX* c, const EVP_MD* md, int salt) {
  if (salt == kPkcs1v15) return EVP_PKEY_CTX_set_rsa_padding(c, RSA_PKCS1_PADDING) == 1;
  return EVP_PKEY_CTX_set_rsa_padding(c, RSA_PKCS1_PSS_PADDING) == 1 && EVP_PKEY_CTX_set_rsa_pss_saltlen(c, salt) == 1 &&
         EVP_PKEY_CTX_set_rsa_mgf1_md(c, md) == 1;
}
// EVP_DigestSign; nullopt if OpenSSL refuses.
std::optional<Bytes> ossl_sign(EVP_PKEY* key, const EVP_MD* md, int salt, std::span<const std::uint8_t> msg) {
  EvpMdCtx mctx(EVP_MD_CTX_new());
  EVP_PKEY_CTX* pctx = nullptr;  // owned by mctx
  std::size_t len = 0;
  if (EVP_DigestSignInit(mctx.get(), &pctx, md, nullptr, key) != 1 || !set_signature_padding(pctx, md, salt) ||
      EVP_DigestSign(mctx.get(), nullptr, &len, msg.data(), msg.size()) != 1) {
    ERR_clear_error();
    return std::nullopt;
  }
  Bytes sig(len);
  if (EVP_DigestSign(mctx.get(), sig.data(), &len, msg.data(), msg.size()) != 1) {
    ERR_clear_error();
    return std::nullopt;
  }
  sig.resize(len);
  return sig;
}
// EVP_DigestVerify: true only for 1 (valid).
bool ossl_verify(EVP_PKEY* key, const EVP_MD* md, int salt, std::span<const std::uint8_t> msg,
                 std::span<const std::uint8_t> sig) {
  EvpMdCtx mctx(EVP_MD_CTX_new());
  EVP_PKEY_CTX* pctx = nullptr;
  const bool ok = EVP_DigestVerifyInit(mctx.get(), &pctx, md, nullptr, key) == 1 &&
                  set_signature_padding(pctx, md, salt) &&
                  EVP_DigestVerify(mctx.get(), sig.data(), sig.size(), msg.data(), msg.size()) == 1;
  ERR_clear_error();
  return ok;
}

// OAEP parameters on a context: lHash's hash, MGF1's hash and the label (which the
// context takes over, so it must come from OPENSSL_malloc).
bool set_oaep(EVP_PKEY_CTX* c, const rsa::OaepParams& p) {
  if (EVP_PKEY_CTX_set_rsa_padding(c, RSA_PKCS1_OAEP_PADDING) != 1 || EVP_PKEY_CTX_set_rsa_oaep_md(c, md_of(p.hash)) != 1 ||
      EVP_PKEY_CTX_set_rsa_mgf1_md(c, md_of(p.mgf1_hash)) != 1)
    return false;
  if (p.label.empty()) return true;
  void* label = OPENSSL_malloc(p.label.size());
  if (label == nullptr) return false;
  std::memcpy(label, p.label.data(), p.label.size());
  if (EVP_PKEY_CTX_set0_rsa_oaep_label(c, label, static_cast<int>(p.label.size())) != 1) {
    OPENSSL_free(label);
    return false;
  }
  return true;
}
using PkeyInit = int (*)(EVP_PKEY_CTX*);
using PkeyOp = int (*)(EVP_PKEY_CTX*, unsigned char*, std::size_t*, const unsigned char*, std::size_t);
// EVP_PKEY_encrypt / EVP_PKEY_decrypt with OAEP (params) or, without params, RSA_NO_PADDING.
std::optional<Bytes> ossl_cipher(PkeyInit init, PkeyOp op, EVP_PKEY* key, const rsa::OaepParams* params,
                                 std::span<const std::uint8_t> in) {
  EvpPkeyCtx c(EVP_PKEY_CTX_new(key, nullptr));
  std::size_t len = 0;
  if (!c || init(c.get()) != 1 ||
      !(params != nullptr ? set_oaep(c.get(), *params) : EVP_PKEY_CTX_set_rsa_padding(c.get(), RSA_NO_PADDING) == 1) ||
      op(c.get(), nullptr, &len, in.data(), in.size()) != 1) {
    ERR_clear_error();
    return std::nullopt;
  }
  Bytes out(len);
  if (op(c.get(), out.data(), &len, in.data(), in.size()) != 1) {
    ERR_clear_error();
    return std::nullopt;
  }
  out.resize(len);
  return out;
}

// A scheme-test key: Tessera's object and OpenSSL's, the same key.
struct TestKey {
  std::optional<rsa::PrivateKey> sk;
  EvpPkey priv;  // from the RSAPrivateKey DER
  EvpPkey pub;   // from Tessera's RSAPublicKey DER (to_der)
  Bytes der;     // RSAPrivateKey, printed when a case fails
  Bytes n;       // k bytes
  std::size_t k = 0;
  const rsa::PublicKey& pk() const { return sk->public_key(); }
};

// nullptr with the reason in `why` when OpenSSL or Tessera could not make the key (a
// failure of Tessera's is also a failed expectation).
std::unique_ptr<TestKey> make_key(const KeySpec& spec, std::string& why) {
  auto key = std::make_unique<TestKey>();
  if (spec.tessera) {
    const rsa::PrivateKey* sk = tessera_key();
    if (sk == nullptr) {
      why = "rsa::PrivateKey::generate(2048) failed";
      return nullptr;
    }
    key->der = test::der_of(*sk);
    key->priv = d2i_private(key->der);
    if (!key->priv) {
      ADD_FAILURE() << "OpenSSL d2i_PrivateKey refused Tessera's key: " << openssl_error();
      why = "OpenSSL d2i_PrivateKey refused Tessera's key";
      return nullptr;
    }
  } else {
    key->priv.reset(EVP_RSA_gen(static_cast<unsigned>(spec.bits)));
    if (!key->priv) {
      why = std::string("OpenSSL EVP_RSA_gen refused ") + spec.name + ": " + openssl_error();
      return nullptr;
    }
    key->der = i2d_private(key->priv.get());
  }
  auto sk = rsa::PrivateKey::from_der(key->der);
  if (!sk) {
    ADD_FAILURE() << "rsa::PrivateKey::from_der: " << sk.what();
    why = "Tessera refused the key";
    return nullptr;
  }
  key->sk.emplace(std::move(*sk));
  key->pub = d2i_public(test::der_of(key->pk()));
  if (!key->pub) {
    ADD_FAILURE() << "OpenSSL d2i_PublicKey refused Tessera's RSAPublicKey: " << openssl_error();
    why = "OpenSSL d2i_PublicKey refused Tessera's RSAPublicKey";
    return nullptr;
  }
  key->k = key->pk().modulus_bytes();
  key->n = test::block_bytes(key->pk().modulus());
  EXPECT_EQ(key->pk().modulus_bits(), static_cast<std::size_t>(spec.bits));
  EXPECT_EQ(EVP_PKEY_get_bits(key->pub.get()), spec.bits);
  return key;
}
const TestKey* key_for(const KeySpec& spec, std::string& why) {
  static std::map<std::string, std::pair<std::unique_ptr<TestKey>, std::string>> cache;
  auto [it, fresh] = cache.try_emplace(spec.name);
  if (fresh) it->second.first = make_key(spec, it->second.second);
  why = it->second.second;
  return it->second.first.get();
}

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

// b with one bit flipped: bit 0 is the most significant of b[0], bit 8 size - 1 the least
// significant of the last byte.
Bytes flipped(std::span<const std::uint8_t> b, std::size_t bit) {
  Bytes c(b.begin(), b.end());
  c[bit / 8] ^= static_cast<std::uint8_t>(0x80u >> (bit % 8));
  return c;
}

#endif  // TESSERA_TEST_HAVE_OPENSSL

class RsaSchemeOpenSsl : public ::testing::TestWithParam<KeySpec> {
#if TESSERA_TEST_HAVE_OPENSSL
 protected:
  void SetUp() override {
    std::string why;
    key_ = key_for(GetParam(), why);
    if (key_ == nullptr) GTEST_SKIP() << why;
  }
  void TearDown() override {
    if (HasFailure() && key_ != nullptr) ADD_FAILURE() << "the key (RSAPrivateKey DER): " << test::to_hex(key_->der);
  }
  const TestKey* key_ = nullptr;
#endif
};

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
