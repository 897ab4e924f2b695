// SIGNATURE for ML-DSA-44/65/87 (provider-signature(7) of OpenSSL 3.0), with OpenSSL 3.5's
// parameters (providers/implementations/signature/ml_dsa_sig.c):
//   "context-string" (octets, at most 255: FIPS 204 Algorithm 2 ctx), "deterministic"
//   (int: rnd = 0^32, Algorithm 2 step 5 variant), "message-encoding" (int: 1 = pure ML-DSA
//   M' = 0 || |ctx| || ctx || M, Algorithm 2 step 10, the default; 0 = raw, the caller
//   formats M' itself, the context is not used), "mu" (int: the input is mu itself, FIPS
//   204 Section 6.2 external mu), "test-entropy" (32 bytes: rnd for known-answer tests);
//   gettable: "algorithm-id" (DER AlgorithmIdentifier SEQUENCE { id-ml-dsa-NN }, parameters
//   absent, RFC 9881 Section 3), which X509_sign needs.
// Entry points: sign/verify of the message (EVP_PKEY_sign, EVP_PKEY_verify), and
// digest_sign/digest_verify, one-shot and streaming (EVP_DigestSign* with a NULL digest;
// OpenSSL 3.0 calls digest_sign directly for EVP_DigestSign when offered). Every path computes
// mu = H(tr || M', 64) (Algorithm 7 step 6) with Tessera's MuBuilder and then signs or
// verifies mu (sign_internal_mu / verify_mu), so streaming needs no message buffer.
#include "algorithms.hpp"
#include "codec_der.hpp"
#include "mldsa_key.hpp"
#include "provider_context.hpp"

#include <tessera/random.hpp>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include <array>
#include <cstring>
#include <new>
#include <optional>

namespace tessera::provider {
namespace {

// OpenSSL 3.5's core_names.h names (3.0's headers lack them).
constexpr const char* kParamContextString = "context-string";    // OSSL_SIGNATURE_PARAM_CONTEXT_STRING
constexpr const char* kParamDeterministic = "deterministic";     // OSSL_SIGNATURE_PARAM_DETERMINISTIC
constexpr const char* kParamMessageEncoding = "message-encoding";  // OSSL_SIGNATURE_PARAM_MESSAGE_ENCODING
constexpr const char* kParamMu = "mu";                           // OSSL_SIGNATURE_PARAM_MU
constexpr const char* kParamTestEntropy = "test-entropy";        // OSSL_SIGNATURE_PARAM_TEST_ENTROPY
constexpr int kEncodeRaw = 0;
constexpr int kEncodePure = 1;

const OSSL_PARAM kSettable[] = {
    OSSL_PARAM_octet_string(kParamContextString, nullptr, 0),
    OSSL_PARAM_int(kParamDeterministic, nullptr),
    OSSL_PARAM_int(kParamMessageEncoding, nullptr),
    OSSL_PARAM_int(kParamMu, nullptr),
    OSSL_PARAM_octet_string(kParamTestEntropy, nullptr, 0),
    OSSL_PARAM_END};
const OSSL_PARAM kGettable[] = {OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, nullptr, 0), OSSL_PARAM_END};

int raise(int reason, const char* text) noexcept {
  ERR_raise_data(ERR_LIB_PROV, reason, "%s", text);
  return 0;
}

template <class S>
struct Signature {
  using Key = MlDsaKey<S>;

  struct Ctx {
    const Key* key = nullptr;
    bool signing = false;
    std::array<std::uint8_t, mldsa::kMaxContextBytes> context{};
    std::size_t context_len = 0;
    int deterministic = 0;
    int message_encoding = kEncodePure;
    int mu = 0;
    std::array<std::uint8_t, mldsa::kRndBytes> test_entropy{};
    bool has_test_entropy = false;
    std::optional<mldsa::MuBuilder> stream;  // digest_{sign,verify}_update
    std::array<std::uint8_t, 32> aid{};
    std::size_t aid_len = 0;

    ~Ctx() { OPENSSL_cleanse(test_entropy.data(), test_entropy.size()); }
  };
  static Ctx* ctx(void* c) noexcept { return static_cast<Ctx*>(c); }

  static void* newctx(void*, const char*) noexcept {
    auto* c = new (std::nothrow) Ctx;
    if (c != nullptr) c->aid_len = algorithm_identifier_der(MlDsaNames<S>::oid, c->aid);
    return c;
  }
  static void freectx(void* c) noexcept { delete ctx(c); }
  static void* dupctx(void* c) noexcept { return c == nullptr ? nullptr : new (std::nothrow) Ctx(*ctx(c)); }

  static int init(void* vc, void* vkey, const OSSL_PARAM params[], bool signing) noexcept {
    Ctx* c = ctx(vc);
    if (c == nullptr) return 0;
    const Key* k = static_cast<const Key*>(vkey);
    if (k == nullptr) k = c->key;  // re-init with the same key (EVP_PKEY_CTX reuse)
    if (k == nullptr || !k->has_public()) return raise(PROV_R_NO_KEY_SET, "no ML-DSA key");
    if (signing && !k->has_private()) return raise(PROV_R_NOT_A_PRIVATE_KEY, "signing needs an ML-DSA private key");
    if (!set_params(c, params)) return 0;
    c->key = k;
    c->signing = signing;
    c->stream.reset();
    return 1;
  }
  static int sign_init(void* c, void* k, const OSSL_PARAM p[]) noexcept { return init(c, k, p, true); }
  static int verify_init(void* c, void* k, const OSSL_PARAM p[]) noexcept { return init(c, k, p, false); }
  // Only "no digest": ML-DSA hashes the message itself (HashML-DSA is not offered here).
  static int digest_init(void* c, const char* mdname, void* k, const OSSL_PARAM p[], bool signing) noexcept {
    if (mdname != nullptr && mdname[0] != '\0')
      return raise(PROV_R_INVALID_DIGEST, "ML-DSA takes no digest (the message is signed as is)");
    if (ctx(c) != nullptr) ctx(c)->mu = 0;
    return init(c, k, p, signing);
  }
  static int digest_sign_init(void* c, const char* md, void* k, const OSSL_PARAM p[]) noexcept { return digest_init(c, md, k, p, true); }
  static int digest_verify_init(void* c, const char* md, void* k, const OSSL_PARAM p[]) noexcept { return digest_init(c, md, k, p, false); }

  // A MuBuilder for M' under the ctx's message encoding (FIPS 204, Algorithm 2 step 10 /
  // Algorithm 7 step 6).
  static std::optional<mldsa::MuBuilder> start_mu(const Ctx& c) noexcept {
    const auto& pk = *c.key->public_key();
    auto b = c.message_encoding == kEncodeRaw ? mldsa::MuBuilder::from_tr_raw(pk.tr())
                                              : S::mu_builder(pk, Context({c.context.data(), c.context_len}));
    if (!b) {
      raise(PROV_R_INVALID_DATA, "ML-DSA context string rejected");
      return std::nullopt;
    }
    return std::optional<mldsa::MuBuilder>(*b);
  }

  // mu of a whole message (or the message itself when "mu" is set).
  static bool message_mu(const Ctx& c, const unsigned char* tbs, std::size_t tbslen, mldsa::Mu* mu) noexcept {
    if (c.mu != 0) {
      if (tbslen != mldsa::kMuBytes) return raise(PROV_R_INVALID_INPUT_LENGTH, "external mu must be 64 bytes");
      std::memcpy(mu->data(), tbs, mldsa::kMuBytes);
      return true;
    }
    auto b = start_mu(c);
    if (!b) return false;
    b->update({tbs, tbslen});
    *mu = b->final();
    return true;
  }

  static int sign_mu(Ctx& c, const mldsa::Mu& mu, unsigned char* sig, std::size_t* siglen, std::size_t sigsize) noexcept {
    if (sigsize < S::signature_bytes) return raise(PROV_R_OUTPUT_BUFFER_TOO_SMALL, "signature buffer too small");
    if (!c.signing || c.key == nullptr || !c.key->has_private()) return raise(PROV_R_NOT_A_PRIVATE_KEY, "not initialised for signing");
    // rnd (FIPS 204, Algorithm 2 steps 5-8): test entropy, zeros (deterministic), or fresh.
    SecretArray<mldsa::kRndBytes> rnd;
    if (c.has_test_entropy) {
      std::memcpy(rnd.data(), c.test_entropy.data(), rnd.size());
    } else if (c.deterministic == 0 && !random_bytes(rnd.span())) {
      return raise(PROV_R_FAILED_TO_GENERATE_KEY, "Tessera's random generator failed");
    }
    auto s = S::sign_internal_mu(*c.key->private_key(), mu, rnd.span());
    if (!s) return raise(PROV_R_FAILED_TO_SIGN, "ML-DSA signing failed");
    std::memcpy(sig, s->data(), S::signature_bytes);
    *siglen = S::signature_bytes;
    return 1;
  }

  static int sign(void* vc, unsigned char* sig, std::size_t* siglen, std::size_t sigsize, const unsigned char* tbs,
                  std::size_t tbslen) noexcept {
    Ctx* c = ctx(vc);
    if (c == nullptr || c->key == nullptr) return raise(PROV_R_NO_KEY_SET, "no ML-DSA key");
    if (sig == nullptr) {
      *siglen = S::signature_bytes;
      return 1;
    }
    mldsa::Mu mu;
    if (!message_mu(*c, tbs, tbslen, &mu)) return 0;
    return sign_mu(*c, mu, sig, siglen, sigsize);
  }

  static int verify(void* vc, const unsigned char* sig, std::size_t siglen, const unsigned char* tbs,
                    std::size_t tbslen) noexcept {
    Ctx* c = ctx(vc);
    if (c == nullptr || c->key == nullptr) return raise(PROV_R_NO_KEY_SET, "no ML-DSA key");
    mldsa::Mu mu;
    if (!message_mu(*c, tbs, tbslen, &mu)) return 0;
    return S::verify_mu(*c->key->public_key(), mu, {sig, siglen}) ? 1 : 0;
  }

  static int update(void* vc, const unsigned char* data, std::size_t len) noexcept {
    Ctx* c = ctx(vc);
    if (c == nullptr || c->key == nullptr) return raise(PROV_R_NO_KEY_SET, "no ML-DSA key");
    if (!c->stream) {
      c->stream = start_mu(*c);
      if (!c->stream) return 0;
    }
    c->stream->update({data, len});
    return 1;
  }
  static bool stream_mu(Ctx& c, mldsa::Mu* mu) noexcept {
    if (!c.stream) {
      c.stream = start_mu(c);
      if (!c.stream) return false;
    }
    *mu = c.stream->final();
    c.stream.reset();
    return true;
  }
  static int sign_final(void* vc, unsigned char* sig, std::size_t* siglen, std::size_t sigsize) noexcept {
    Ctx* c = ctx(vc);
    if (c == nullptr || c->key == nullptr) return raise(PROV_R_NO_KEY_SET, "no ML-DSA key");
    if (sig == nullptr) {
      *siglen = S::signature_bytes;
      return 1;
    }
    mldsa::Mu mu;
    if (!stream_mu(*c, &mu)) return 0;
    return sign_mu(*c, mu, sig, siglen, sigsize);
  }
  static int verify_final(void* vc, const unsigned char* sig, std::size_t siglen) noexcept {
    Ctx* c = ctx(vc);
    if (c == nullptr || c->key == nullptr) return raise(PROV_R_NO_KEY_SET, "no ML-DSA key");
    mldsa::Mu mu;
    if (!stream_mu(*c, &mu)) return 0;
    return S::verify_mu(*c->key->public_key(), mu, {sig, siglen}) ? 1 : 0;
  }

  // All parameters are checked before any is applied: a bad one changes nothing.
  static int set_params(Ctx* c, const OSSL_PARAM params[]) noexcept {
    if (params == nullptr) return 1;
    Ctx next = *c;
    const OSSL_PARAM* p;
    if ((p = OSSL_PARAM_locate_const(params, kParamContextString)) != nullptr) {
      const void* data = nullptr;
      std::size_t len = 0;
      if (OSSL_PARAM_get_octet_string_ptr(p, &data, &len) != 1)
        return raise(PROV_R_INVALID_DATA, "context-string must be an octet string");
      if (len > mldsa::kMaxContextBytes) return raise(PROV_R_INVALID_DATA, "context-string longer than 255 bytes");
      if (len != 0) std::memcpy(next.context.data(), data, len);
      next.context_len = len;
    }
    if ((p = OSSL_PARAM_locate_const(params, kParamDeterministic)) != nullptr && OSSL_PARAM_get_int(p, &next.deterministic) != 1)
      return raise(PROV_R_INVALID_MODE, "deterministic must be an integer");
    if ((p = OSSL_PARAM_locate_const(params, kParamMessageEncoding)) != nullptr &&
        (OSSL_PARAM_get_int(p, &next.message_encoding) != 1 ||
         (next.message_encoding != kEncodeRaw && next.message_encoding != kEncodePure)))
      return raise(PROV_R_INVALID_MODE, "message-encoding must be 0 (raw) or 1 (pure)");
    if ((p = OSSL_PARAM_locate_const(params, kParamMu)) != nullptr && OSSL_PARAM_get_int(p, &next.mu) != 1)
      return raise(PROV_R_INVALID_MODE, "mu must be an integer");
    if ((p = OSSL_PARAM_locate_const(params, kParamTestEntropy)) != nullptr) {
      const void* data = nullptr;
      std::size_t len = 0;
      if (OSSL_PARAM_get_octet_string_ptr(p, &data, &len) != 1 || (len != 0 && len != mldsa::kRndBytes))
        return raise(PROV_R_INVALID_SEED_LENGTH, "test-entropy must be 32 bytes");
      if (len != 0) std::memcpy(next.test_entropy.data(), data, len);
      next.has_test_entropy = len != 0;
    }
    if (c->stream && (next.context_len != c->context_len || next.message_encoding != c->message_encoding ||
                      std::memcmp(next.context.data(), c->context.data(), c->context_len) != 0))
      return raise(PROV_R_INVALID_MODE, "context and encoding cannot change while a message is streamed");
    *c = next;
    return 1;
  }
  static int set_ctx_params(void* c, const OSSL_PARAM params[]) noexcept { return c == nullptr ? 0 : set_params(ctx(c), params); }
  static const OSSL_PARAM* settable(void*, void*) noexcept { return kSettable; }

  static int get_ctx_params(void* vc, OSSL_PARAM params[]) noexcept {
    Ctx* c = ctx(vc);
    if (c == nullptr) return 0;
    OSSL_PARAM* p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_ALGORITHM_ID);
    if (p != nullptr && (c->aid_len == 0 || !OSSL_PARAM_set_octet_string(p, c->aid.data(), c->aid_len))) return 0;
    return 1;
  }
  static const OSSL_PARAM* gettable(void*, void*) noexcept { return kGettable; }

#define TESSERA_FN(f) reinterpret_cast<void (*)()>(f)
  static inline const OSSL_DISPATCH kDispatch[] = {
      {OSSL_FUNC_SIGNATURE_NEWCTX, TESSERA_FN(newctx)},
      {OSSL_FUNC_SIGNATURE_FREECTX, TESSERA_FN(freectx)},
      {OSSL_FUNC_SIGNATURE_DUPCTX, TESSERA_FN(dupctx)},
      {OSSL_FUNC_SIGNATURE_SIGN_INIT, TESSERA_FN(sign_init)},
      {OSSL_FUNC_SIGNATURE_SIGN, TESSERA_FN(sign)},
      {OSSL_FUNC_SIGNATURE_VERIFY_INIT, TESSERA_FN(verify_init)},
      {OSSL_FUNC_SIGNATURE_VERIFY, TESSERA_FN(verify)},
      {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, TESSERA_FN(digest_sign_init)},
      {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_UPDATE, TESSERA_FN(update)},
      {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_FINAL, TESSERA_FN(sign_final)},
      {OSSL_FUNC_SIGNATURE_DIGEST_SIGN, TESSERA_FN(sign)},
      {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, TESSERA_FN(digest_verify_init)},
      {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_UPDATE, TESSERA_FN(update)},
      {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_FINAL, TESSERA_FN(verify_final)},
      {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY, TESSERA_FN(verify)},
      {OSSL_FUNC_SIGNATURE_SET_CTX_PARAMS, TESSERA_FN(set_ctx_params)},
      {OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, TESSERA_FN(settable)},
      {OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, TESSERA_FN(get_ctx_params)},
      {OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, TESSERA_FN(gettable)},
      {0, nullptr}};
#undef TESSERA_FN
};

const OSSL_ALGORITHM kAlgorithms[] = {
    {MlDsaNames<MlDsa44>::names, kProperties, Signature<MlDsa44>::kDispatch, "Tessera ML-DSA-44 (FIPS 204)"},
    {MlDsaNames<MlDsa65>::names, kProperties, Signature<MlDsa65>::kDispatch, "Tessera ML-DSA-65 (FIPS 204)"},
    {MlDsaNames<MlDsa87>::names, kProperties, Signature<MlDsa87>::kDispatch, "Tessera ML-DSA-87 (FIPS 204)"},
    {nullptr, nullptr, nullptr, nullptr}};

}  // namespace

const OSSL_ALGORITHM* signature_algorithms() noexcept { return kAlgorithms; }

}  // namespace tessera::provider
