// Shared by the RSA scheme tests against OpenSSL's libcrypto (rsa_signature_openssl_test.cpp:
// PKCS#1 v1.5 and PSS; rsa_oaep_keygen_openssl_test.cpp: OAEP and key generation): the keys
// (KeySpec, kKeys; the one key of rsa::PrivateKey::generate, tessera_key), the OpenSSL EVP
// helpers (digests, MGF1, DER in and out, EVP_DigestSign/Verify, EVP_PKEY_encrypt/decrypt),
// the cached TestKey of each KeySpec and the fixture RsaSchemeOpenSsl that hands it out. The
// keys (OpenSSL's of 2048, 3072 and 1025 bits, and one of rsa::PrivateKey::generate) are
// made once per process, and a case makes only the key it uses (ctest runs one case per
// process).
// Everything is inline (not in an anonymous namespace) so that every file shares one key
// cache and one fixture type; RsaSchemeOpenSsl is instantiated (INSTANTIATE_TEST_SUITE_P)
// once, in rsa_signature_openssl_test.cpp, for the cases of both files.
#pragma once

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
#include <span>
#include <string>
#include <utility>
#include <vector>

#define TESSERA_REQUIRE_OPENSSL() \
  if (!TESSERA_TEST_HAVE_OPENSSL) GTEST_SKIP() << "built without OpenSSL libcrypto (find_package(OpenSSL 3.0) failed)"

namespace tessera::test::rsa_scheme {

// One key of Tessera's own generation for the process (key generation takes 0.1 to 2 s).
inline const rsa::PrivateKey* tessera_key() {
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
inline void PrintTo(const KeySpec& s, std::ostream* os) { *os << s.name; }
inline constexpr KeySpec kKeys[] = {{"openssl2048", 2048, false},
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

inline const EVP_MD* md_of(HashId h) {
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
inline std::string openssl_error() {
  char buf[256] = {};
  const unsigned long e = ERR_get_error();
  if (e != 0) ERR_error_string_n(e, buf, sizeof buf);
  ERR_clear_error();
  return buf;
}

inline Bytes ossl_digest(const EVP_MD* md, std::span<const std::uint8_t> m) {
  Bytes d(static_cast<std::size_t>(EVP_MD_get_size(md)));
  unsigned int len = 0;
  EXPECT_EQ(EVP_Digest(m.data(), m.size(), d.data(), &len, md, nullptr), 1);
  EXPECT_EQ(len, d.size());
  return d;
}
// MGF1 (RFC 8017 B.2.1) with OpenSSL's hash.
inline Bytes ossl_mgf1(const EVP_MD* md, std::span<const std::uint8_t> seed, std::size_t len) {
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

inline EvpPkey d2i_private(std::span<const std::uint8_t> der) {
  const unsigned char* p = der.data();
  return EvpPkey(d2i_PrivateKey(EVP_PKEY_RSA, nullptr, &p, static_cast<long>(der.size())));
}
inline EvpPkey d2i_public(std::span<const std::uint8_t> der) {
  const unsigned char* p = der.data();
  return EvpPkey(d2i_PublicKey(EVP_PKEY_RSA, nullptr, &p, static_cast<long>(der.size())));
}
inline Bytes i2d_private(const EVP_PKEY* k) {
  const int len = i2d_PrivateKey(k, nullptr);
  EXPECT_GT(len, 0);
  Bytes b(static_cast<std::size_t>(len > 0 ? len : 0));
  unsigned char* p = b.data();
  i2d_PrivateKey(k, &p);
  return b;
}

// PKCS#1 v1.5 (salt = kPkcs1v15) or PSS with MGF1 over md and the given salt length.
inline constexpr int kPkcs1v15 = -1;
inline bool set_signature_padding(EVP_PKEY_CTX* c, const EVP_MD* md, int salt) {
  if (salt == kPkcs1v15) return EVP_PKEY_CTX_set_rsa_padding(c, RSA_PKCS1_PADDING) == 1;
  return EVP_PKEY_CTX_set_rsa_padding(c, RSA_PKCS1_PSS_PADDING) == 1 && EVP_PKEY_CTX_set_rsa_pss_saltlen(c, salt) == 1 &&
         EVP_PKEY_CTX_set_rsa_mgf1_md(c, md) == 1;
}
// EVP_DigestSign; nullopt if OpenSSL refuses.
inline std::optional<Bytes> ossl_sign(EVP_PKEY* key, const EVP_MD* md, int salt, std::span<const std::uint8_t> msg) {
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
inline bool ossl_verify(EVP_PKEY* key, const EVP_MD* md, int salt, std::span<const std::uint8_t> msg,
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
inline bool set_oaep(EVP_PKEY_CTX* c, const rsa::OaepParams& p) {
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
inline std::optional<Bytes> ossl_cipher(PkeyInit init, PkeyOp op, EVP_PKEY* key, const rsa::OaepParams* params,
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
inline std::unique_ptr<TestKey> make_key(const KeySpec& spec, std::string& why) {
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
inline const TestKey* key_for(const KeySpec& spec, std::string& why) {
  static std::map<std::string, std::pair<std::unique_ptr<TestKey>, std::string>> cache;
  auto [it, fresh] = cache.try_emplace(spec.name);
  if (fresh) it->second.first = make_key(spec, it->second.second);
  why = it->second.second;
  return it->second.first.get();
}

// b with one bit flipped: bit 0 is the most significant of b[0], bit 8 size - 1 the least
// significant of the last byte.
inline Bytes flipped(std::span<const std::uint8_t> b, std::size_t bit) {
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

}  // namespace tessera::test::rsa_scheme
