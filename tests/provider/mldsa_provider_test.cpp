// tessera.so's ML-DSA against Tessera's own API (<tessera/mldsa.hpp>), for ML-DSA-44/65/87:
// keys imported through OSSL_PARAM and decoded from DER (all three RFC 9881 private key
// forms) equal Tessera's; what the provider's encoder writes equals the DER built here from
// Tessera's bytes; signatures cross-verify (with a context string); deterministic, test-
// entropy, raw-encoding and external-mu signing equal Tessera's FIPS 204 functions
// (Algorithms 2 and 7); bad parameters and inconsistent keys are rejected without effect.
#include <tessera/mldsa.hpp>

#include <gtest/gtest.h>

#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include <openssl/x509.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace {

using Bytes = std::vector<std::uint8_t>;

template <class S> struct Info;
template <> struct Info<tessera::MlDsa44> { static constexpr const char* name = "ML-DSA-44"; static constexpr const char* oid = "2.16.840.1.101.3.4.3.17"; };
template <> struct Info<tessera::MlDsa65> { static constexpr const char* name = "ML-DSA-65"; static constexpr const char* oid = "2.16.840.1.101.3.4.3.18"; };
template <> struct Info<tessera::MlDsa87> { static constexpr const char* name = "ML-DSA-87"; static constexpr const char* oid = "2.16.840.1.101.3.4.3.19"; };

// One library context with tessera and default loaded, shared by every test.
OSSL_LIB_CTX* libctx() {
  static OSSL_LIB_CTX* ctx = [] {
    OSSL_LIB_CTX* c = OSSL_LIB_CTX_new();
    OSSL_PROVIDER_set_default_search_path(c, TESSERA_PROVIDER_DIR);
    if (OSSL_PROVIDER_load(c, "tessera") == nullptr || OSSL_PROVIDER_load(c, "default") == nullptr) {
      ERR_print_errors_fp(stderr);
      return static_cast<OSSL_LIB_CTX*>(nullptr);
    }
    return c;
  }();
  return ctx;
}
constexpr const char* kPropq = "provider=tessera";

struct PkeyFree { void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); } };
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;

Bytes seed_of(std::uint8_t tag) {
  Bytes xi(32);
  for (std::size_t i = 0; i < xi.size(); ++i) xi[i] = static_cast<std::uint8_t>(tag * 31 + i);
  return xi;
}

// EVP_PKEY_fromdata with octet-string parameters (name, bytes).
Pkey from_data(const char* alg, int selection, std::vector<std::pair<const char*, Bytes>> fields) {
  EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_name(libctx(), alg, kPropq);
  std::vector<OSSL_PARAM> params;
  for (auto& [n, b] : fields) params.push_back(OSSL_PARAM_construct_octet_string(n, b.data(), b.size()));
  params.push_back(OSSL_PARAM_construct_end());
  EVP_PKEY* pkey = nullptr;
  if (ctx == nullptr || EVP_PKEY_fromdata_init(ctx) != 1 || EVP_PKEY_fromdata(ctx, &pkey, selection, params.data()) != 1)
    pkey = nullptr;
  EVP_PKEY_CTX_free(ctx);
  ERR_clear_error();
  return Pkey(pkey);
}

Bytes octets(EVP_PKEY* pkey, const char* name) {
  Bytes out(8192);
  std::size_t len = 0;
  if (EVP_PKEY_get_octet_string_param(pkey, name, out.data(), out.size(), &len) != 1) return {};
  out.resize(len);
  return out;
}

// DER, built here with libcrypto from Tessera's bytes (RFC 9881 Sections 4 and 6).
Bytes der_tlv(std::uint8_t tag, const Bytes& content) {
  const std::size_t n = content.size();
  Bytes out;
  out.reserve(n + 4);
  out.push_back(tag);
  if (n >= 256) {
    out.push_back(0x82);
    out.push_back(static_cast<std::uint8_t>(n >> 8));
  } else if (n >= 128) {
    out.push_back(0x81);
  }
  out.push_back(static_cast<std::uint8_t>(n));
  for (std::uint8_t b : content) out.push_back(b);
  return out;
}
Bytes cat(const Bytes& a, const Bytes& b) {
  Bytes r = a;
  for (std::uint8_t x : b) r.push_back(x);
  return r;
}
Bytes pkcs8(const char* oid, const Bytes& choice) {
  PKCS8_PRIV_KEY_INFO* p8 = PKCS8_PRIV_KEY_INFO_new();
  auto* buf = static_cast<unsigned char*>(OPENSSL_memdup(choice.data(), choice.size()));
  PKCS8_pkey_set0(p8, OBJ_txt2obj(oid, 1), 0, V_ASN1_UNDEF, nullptr, buf, static_cast<int>(choice.size()));
  unsigned char* der = nullptr;
  const int len = i2d_PKCS8_PRIV_KEY_INFO(p8, &der);
  Bytes out(der, der + len);
  OPENSSL_free(der);
  PKCS8_PRIV_KEY_INFO_free(p8);
  return out;
}
Bytes spki(const char* oid, const Bytes& pub) {
  X509_PUBKEY* x = X509_PUBKEY_new();
  auto* buf = static_cast<unsigned char*>(OPENSSL_memdup(pub.data(), pub.size()));
  X509_PUBKEY_set0_param(x, OBJ_txt2obj(oid, 1), V_ASN1_UNDEF, nullptr, buf, static_cast<int>(pub.size()));
  unsigned char* der = nullptr;
  const int len = i2d_X509_PUBKEY(x, &der);
  Bytes out(der, der + len);
  OPENSSL_free(der);
  X509_PUBKEY_free(x);
  return out;
}

Pkey decode(const Bytes& der, const char* structure, int selection) {
  EVP_PKEY* pkey = nullptr;
  OSSL_DECODER_CTX* d = OSSL_DECODER_CTX_new_for_pkey(&pkey, "DER", structure, nullptr, selection, libctx(), nullptr);
  const unsigned char* p = der.data();
  std::size_t len = der.size();
  if (d == nullptr || OSSL_DECODER_from_data(d, &p, &len) != 1) pkey = nullptr;
  OSSL_DECODER_CTX_free(d);
  return Pkey(pkey);
}

Bytes encode(EVP_PKEY* pkey, const char* structure, int selection, const char* formats = nullptr) {
  OSSL_ENCODER_CTX* e = OSSL_ENCODER_CTX_new_for_pkey(pkey, selection, "DER", structure, kPropq);
  if (e == nullptr) return {};
  if (formats != nullptr) {
    const OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string("ml-dsa.output_formats", const_cast<char*>(formats), 0),
                            OSSL_PARAM_construct_end()};
    OSSL_ENCODER_CTX_set_params(e, p);
  }
  unsigned char* der = nullptr;
  std::size_t len = 0;
  Bytes out;
  if (OSSL_ENCODER_to_data(e, &der, &len) == 1) out.assign(der, der + len);
  OPENSSL_free(der);
  OSSL_ENCODER_CTX_free(e);
  return out;
}

// One signature through EVP_DigestSign (NULL digest) or EVP_PKEY_sign, with parameters.
Bytes evp_sign(EVP_PKEY* pkey, const Bytes& msg, const std::vector<OSSL_PARAM>& params, bool digest_api) {
  Bytes sig(5000);
  std::size_t len = sig.size();
  bool ok = false;
  if (digest_api) {
    EVP_MD_CTX* md = EVP_MD_CTX_new();
    EVP_PKEY_CTX* pctx = nullptr;
    ok = EVP_DigestSignInit_ex(md, &pctx, nullptr, libctx(), kPropq, pkey, params.empty() ? nullptr : params.data()) == 1 &&
         EVP_DigestSign(md, sig.data(), &len, msg.data(), msg.size()) == 1;
    EVP_MD_CTX_free(md);
  } else {
    EVP_PKEY_CTX* c = EVP_PKEY_CTX_new_from_pkey(libctx(), pkey, kPropq);
    ok = c != nullptr && EVP_PKEY_sign_init_ex(c, params.empty() ? nullptr : params.data()) == 1 &&
         EVP_PKEY_sign(c, sig.data(), &len, msg.data(), msg.size()) == 1;
    EVP_PKEY_CTX_free(c);
  }
  if (!ok) { ERR_print_errors_fp(stderr); return {}; }
  sig.resize(len);
  return sig;
}
bool evp_verify(EVP_PKEY* pkey, const Bytes& msg, const Bytes& sig, const std::vector<OSSL_PARAM>& params) {
  EVP_MD_CTX* md = EVP_MD_CTX_new();
  const bool ok = EVP_DigestVerifyInit_ex(md, nullptr, nullptr, libctx(), kPropq, pkey, params.empty() ? nullptr : params.data()) == 1 &&
                  EVP_DigestVerify(md, sig.data(), sig.size(), msg.data(), msg.size()) == 1;
  EVP_MD_CTX_free(md);
  ERR_clear_error();
  return ok;
}

template <class S>
class ProviderMlDsa : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_NE(libctx(), nullptr) << "tessera.so not loadable from " TESSERA_PROVIDER_DIR;
    xi_ = seed_of(7);
    auto kp = S::keygen_internal(xi_);
    ASSERT_TRUE(kp);
    pub_.assign(kp->public_key.bytes().begin(), kp->public_key.bytes().end());
    const auto sk = kp->private_key.bytes();
    sk_.assign(sk.data(), sk.data() + sk.size());
    key_ = from_data(Info<S>::name, EVP_PKEY_KEYPAIR, {{"seed", xi_}});
    ASSERT_TRUE(key_);
  }
  typename S::PrivateKey tessera_sk() { return std::move(*S::PrivateKey::from_seed(xi_)); }
  typename S::PublicKey tessera_pk() { return *S::PublicKey::from_bytes(pub_); }
  Bytes seed_choice() { return der_tlv(0x80, xi_); }
  Bytes expanded_choice() { return der_tlv(0x04, sk_); }
  Bytes both_choice() { return der_tlv(0x30, cat(der_tlv(0x04, xi_), der_tlv(0x04, sk_))); }

  Bytes xi_, pub_, sk_;
  Pkey key_;
};
using Sets = ::testing::Types<tessera::MlDsa44, tessera::MlDsa65, tessera::MlDsa87>;
TYPED_TEST_SUITE(ProviderMlDsa, Sets);

TYPED_TEST(ProviderMlDsa, ImportEqualsTessera) {
  EXPECT_EQ(octets(this->key_.get(), "pub"), this->pub_);
  EXPECT_EQ(octets(this->key_.get(), "priv"), this->sk_);
  EXPECT_EQ(octets(this->key_.get(), "seed"), this->xi_);
  auto from_sk = from_data(Info<TypeParam>::name, EVP_PKEY_KEYPAIR, {{"priv", this->sk_}});
  ASSERT_TRUE(from_sk);
  EXPECT_EQ(octets(from_sk.get(), "pub"), this->pub_);
  EXPECT_TRUE(octets(from_sk.get(), "seed").empty());
  auto from_pub = from_data(Info<TypeParam>::name, EVP_PKEY_PUBLIC_KEY, {{"pub", this->pub_}});
  ASSERT_TRUE(from_pub);
  EXPECT_EQ(EVP_PKEY_eq(from_pub.get(), this->key_.get()), 1);
  EXPECT_EQ(EVP_PKEY_get_size(this->key_.get()), static_cast<int>(TypeParam::signature_bytes));
  EXPECT_EQ(EVP_PKEY_get_bits(this->key_.get()), static_cast<int>(8 * TypeParam::public_key_bytes));
  // Seed and expanded key together must agree; a public key must be the private key's own.
  auto other = *TypeParam::keygen_internal(seed_of(9));
  const auto other_sk_bytes = other.private_key.bytes();  // one SecretArray for begin and end
  Bytes other_sk(other_sk_bytes.data(), other_sk_bytes.data() + other_sk_bytes.size());
  Bytes other_pub(other.public_key.bytes().begin(), other.public_key.bytes().end());
  EXPECT_FALSE(from_data(Info<TypeParam>::name, EVP_PKEY_KEYPAIR, {{"seed", this->xi_}, {"priv", other_sk}}));
  EXPECT_FALSE(from_data(Info<TypeParam>::name, EVP_PKEY_KEYPAIR, {{"seed", this->xi_}, {"pub", other_pub}}));
  EXPECT_FALSE(from_data(Info<TypeParam>::name, EVP_PKEY_KEYPAIR, {{"seed", Bytes(31, 1)}}));
  EXPECT_FALSE(from_data(Info<TypeParam>::name, EVP_PKEY_PUBLIC_KEY, {{"pub", Bytes(this->pub_.size() - 1, 1)}}));
  // Generation from a seed parameter (OpenSSL 3.5's "seed" gen param).
  EVP_PKEY_CTX* g = EVP_PKEY_CTX_new_from_name(libctx(), Info<TypeParam>::name, kPropq);
  ASSERT_NE(g, nullptr);
  const OSSL_PARAM gp[] = {OSSL_PARAM_construct_octet_string("seed", this->xi_.data(), this->xi_.size()), OSSL_PARAM_construct_end()};
  EVP_PKEY* gen = nullptr;
  ASSERT_EQ(EVP_PKEY_keygen_init(g), 1);
  ASSERT_EQ(EVP_PKEY_CTX_set_params(g, gp), 1);
  ASSERT_EQ(EVP_PKEY_generate(g, &gen), 1);
  EXPECT_EQ(octets(gen, "pub"), this->pub_);
  EVP_PKEY_free(gen);
  EVP_PKEY_CTX_free(g);
}

TYPED_TEST(ProviderMlDsa, EncoderWritesTheLampsDer) {
  const char* oid = Info<TypeParam>::oid;
  EXPECT_EQ(encode(this->key_.get(), "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY), spki(oid, this->pub_));
  // Default: the seed form when the seed is known, else priv-only; "seed-priv" (OpenSSL
  // 3.5's default) on request.
  EXPECT_EQ(encode(this->key_.get(), "PrivateKeyInfo", EVP_PKEY_KEYPAIR), pkcs8(oid, this->seed_choice()));
  EXPECT_EQ(encode(this->key_.get(), "PrivateKeyInfo", EVP_PKEY_KEYPAIR, "seed-priv"), pkcs8(oid, this->both_choice()));
  EXPECT_EQ(encode(this->key_.get(), "PrivateKeyInfo", EVP_PKEY_KEYPAIR, "seed-only"), pkcs8(oid, this->seed_choice()));
  EXPECT_EQ(encode(this->key_.get(), "PrivateKeyInfo", EVP_PKEY_KEYPAIR, "priv-only"), pkcs8(oid, this->expanded_choice()));
  auto from_sk = from_data(Info<TypeParam>::name, EVP_PKEY_KEYPAIR, {{"priv", this->sk_}});
  EXPECT_EQ(encode(from_sk.get(), "PrivateKeyInfo", EVP_PKEY_KEYPAIR), pkcs8(oid, this->expanded_choice()));
  EXPECT_TRUE(encode(from_sk.get(), "PrivateKeyInfo", EVP_PKEY_KEYPAIR, "seed-only").empty());
}

TYPED_TEST(ProviderMlDsa, DecoderReadsAllThreeForms) {
  const char* oid = Info<TypeParam>::oid;
  for (const Bytes& choice : {this->seed_choice(), this->expanded_choice(), this->both_choice()}) {
    auto k = decode(pkcs8(oid, choice), "PrivateKeyInfo", EVP_PKEY_KEYPAIR);
    ASSERT_TRUE(k);
    EXPECT_EQ(octets(k.get(), "pub"), this->pub_);
    EXPECT_EQ(octets(k.get(), "priv"), this->sk_);
  }
  auto pub = decode(spki(oid, this->pub_), "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY);
  ASSERT_TRUE(pub);
  EXPECT_EQ(octets(pub.get(), "pub"), this->pub_);

  // Rejected: both with a seed of another key; wrong lengths; trailing bytes; parameters.
  Bytes other_xi = seed_of(9);
  EXPECT_FALSE(decode(pkcs8(oid, der_tlv(0x30, cat(der_tlv(0x04, other_xi), der_tlv(0x04, this->sk_)))), "PrivateKeyInfo", EVP_PKEY_KEYPAIR));
  EXPECT_FALSE(decode(pkcs8(oid, der_tlv(0x80, Bytes(this->xi_.begin(), this->xi_.end() - 1))), "PrivateKeyInfo", EVP_PKEY_KEYPAIR));
  EXPECT_FALSE(decode(pkcs8(oid, cat(this->seed_choice(), Bytes{0})), "PrivateKeyInfo", EVP_PKEY_KEYPAIR));
  EXPECT_FALSE(decode(pkcs8(oid, der_tlv(0x04, Bytes(this->sk_.begin(), this->sk_.end() - 1))), "PrivateKeyInfo", EVP_PKEY_KEYPAIR));
  EXPECT_FALSE(decode(spki(oid, Bytes(this->pub_.begin(), this->pub_.end() - 1)), "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY));
  ERR_clear_error();
}

TYPED_TEST(ProviderMlDsa, SignaturesCrossVerify) {
  const Bytes msg = {'T', 'e', 's', 's', 'e', 'r', 'a', ' ', 'v', 's', ' ', 'E', 'V', 'P'};
  std::string ctx_text = "provider test context";
  const tessera::Context ctx(ctx_text);
  std::vector<OSSL_PARAM> with_ctx = {
      OSSL_PARAM_construct_octet_string("context-string", ctx_text.data(), ctx_text.size()), OSSL_PARAM_construct_end()};
  auto pk = this->tessera_pk();
  for (bool digest_api : {true, false}) {
    const Bytes sig = evp_sign(this->key_.get(), msg, with_ctx, digest_api);
    ASSERT_EQ(sig.size(), TypeParam::signature_bytes);
    EXPECT_TRUE(TypeParam::verify(pk, msg, sig, ctx));
    EXPECT_FALSE(TypeParam::verify(pk, msg, sig));  // the context is bound
    const Bytes plain = evp_sign(this->key_.get(), msg, {}, digest_api);
    EXPECT_TRUE(TypeParam::verify(pk, msg, plain));
  }
  auto sk = this->tessera_sk();
  auto tsig = TypeParam::sign(sk, msg, ctx);
  ASSERT_TRUE(tsig);
  const Bytes sig(tsig->begin(), tsig->end());
  EXPECT_TRUE(evp_verify(this->key_.get(), msg, sig, with_ctx));
  EXPECT_FALSE(evp_verify(this->key_.get(), msg, sig, {}));
  Bytes tampered = msg;
  tampered[0] ^= 1;
  EXPECT_FALSE(evp_verify(this->key_.get(), tampered, sig, with_ctx));
}

TYPED_TEST(ProviderMlDsa, DeterministicAndKnownAnswerPathsEqualTessera) {
  const Bytes msg(300, 0x5c);
  std::string ctx_text = "ACVP-style";
  int one = 1, zero = 0;
  auto sk = this->tessera_sk();
  // deterministic = 1: rnd = 0^32 (FIPS 204, Algorithm 2 step 5 variant).
  std::vector<OSSL_PARAM> det = {OSSL_PARAM_construct_int("deterministic", &one),
                                 OSSL_PARAM_construct_octet_string("context-string", ctx_text.data(), ctx_text.size()),
                                 OSSL_PARAM_construct_end()};
  auto want = TypeParam::sign(sk, msg, tessera::Context(ctx_text), tessera::mldsa::Signing::deterministic);
  ASSERT_TRUE(want);
  for (bool digest_api : {true, false}) EXPECT_EQ(evp_sign(this->key_.get(), msg, det, digest_api), Bytes(want->begin(), want->end()));
  // test-entropy: Sign_internal(sk, M' = 0 || |ctx| || ctx || M, rnd) (Algorithm 7).
  Bytes rnd(32);
  for (std::size_t i = 0; i < rnd.size(); ++i) rnd[i] = static_cast<std::uint8_t>(0xa0 + i);
  std::vector<OSSL_PARAM> ent = {OSSL_PARAM_construct_octet_string("test-entropy", rnd.data(), rnd.size()),
                                 OSSL_PARAM_construct_octet_string("context-string", ctx_text.data(), ctx_text.size()),
                                 OSSL_PARAM_construct_end()};
  Bytes mprime = {0, static_cast<std::uint8_t>(ctx_text.size())};
  mprime.insert(mprime.end(), ctx_text.begin(), ctx_text.end());
  mprime.insert(mprime.end(), msg.begin(), msg.end());
  auto internal = TypeParam::sign_internal(sk, mprime, rnd);
  ASSERT_TRUE(internal);
  EXPECT_EQ(evp_sign(this->key_.get(), msg, ent, true), Bytes(internal->begin(), internal->end()));
  // message-encoding = 0: the caller's bytes are M' itself (context not used).
  std::vector<OSSL_PARAM> raw = {OSSL_PARAM_construct_int("message-encoding", &zero),
                                 OSSL_PARAM_construct_octet_string("test-entropy", rnd.data(), rnd.size()),
                                 OSSL_PARAM_construct_end()};
  EXPECT_EQ(evp_sign(this->key_.get(), mprime, raw, false), Bytes(internal->begin(), internal->end()));
  // mu = 1: the input is mu (FIPS 204 Section 6.2 external mu).
  auto builder = TypeParam::mu_builder(this->tessera_pk(), tessera::Context(ctx_text));
  ASSERT_TRUE(builder);
  builder->update(msg);
  const auto mu = builder->final();
  std::vector<OSSL_PARAM> with_mu = {OSSL_PARAM_construct_int("mu", &one),
                                     OSSL_PARAM_construct_int("deterministic", &one), OSSL_PARAM_construct_end()};
  EXPECT_EQ(evp_sign(this->key_.get(), Bytes(mu.begin(), mu.end()), with_mu, false), Bytes(want->begin(), want->end()));
}

TYPED_TEST(ProviderMlDsa, BadParametersChangeNothing) {
  const Bytes msg = {1, 2, 3};
  std::string ctx_text = "kept";
  std::string too_long(256, 'x');
  int one = 1, two = 2;
  EVP_PKEY_CTX* c = EVP_PKEY_CTX_new_from_pkey(libctx(), this->key_.get(), kPropq);
  ASSERT_EQ(EVP_PKEY_sign_init(c), 1);
  const OSSL_PARAM good[] = {OSSL_PARAM_construct_octet_string("context-string", ctx_text.data(), ctx_text.size()),
                             OSSL_PARAM_construct_int("deterministic", &one), OSSL_PARAM_construct_end()};
  ASSERT_EQ(EVP_PKEY_CTX_set_params(c, good), 1);
  const OSSL_PARAM bad1[] = {OSSL_PARAM_construct_octet_string("context-string", too_long.data(), too_long.size()), OSSL_PARAM_construct_end()};
  const OSSL_PARAM bad2[] = {OSSL_PARAM_construct_int("deterministic", &two),  // accepted value, with a bad one beside it:
                             OSSL_PARAM_construct_int("message-encoding", &two), OSSL_PARAM_construct_end()};
  EXPECT_NE(EVP_PKEY_CTX_set_params(c, bad1), 1);
  EXPECT_NE(EVP_PKEY_CTX_set_params(c, bad2), 1);
  ERR_clear_error();
  Bytes sig(TypeParam::signature_bytes);
  std::size_t len = sig.size();
  ASSERT_EQ(EVP_PKEY_sign(c, sig.data(), &len, msg.data(), msg.size()), 1);
  EVP_PKEY_CTX_free(c);
  auto sk = this->tessera_sk();
  auto want = TypeParam::sign(sk, msg, tessera::Context(ctx_text), tessera::mldsa::Signing::deterministic);
  EXPECT_EQ(sig, Bytes(want->begin(), want->end()));
}

TYPED_TEST(ProviderMlDsa, AlgorithmIdentifierForX509) {
  EVP_MD_CTX* md = EVP_MD_CTX_new();
  EVP_PKEY_CTX* pctx = nullptr;
  ASSERT_EQ(EVP_DigestSignInit_ex(md, &pctx, nullptr, libctx(), kPropq, this->key_.get(), nullptr), 1);
  unsigned char aid[64];
  OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, aid, sizeof aid), OSSL_PARAM_construct_end()};
  ASSERT_EQ(EVP_PKEY_CTX_get_params(pctx, p), 1);
  // SEQUENCE { OBJECT IDENTIFIER 2.16.840.1.101.3.4.3.x } with no parameters (RFC 9881 Section 3).
  const Bytes oid_body = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03,
                          static_cast<std::uint8_t>(Info<TypeParam>::oid[22] - '0' + 10 * (Info<TypeParam>::oid[21] - '0'))};
  EXPECT_EQ(Bytes(aid, aid + p[0].return_size), der_tlv(0x30, der_tlv(0x06, oid_body)));
  EVP_MD_CTX_free(md);
}

}  // namespace
