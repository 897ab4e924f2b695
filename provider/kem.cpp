// The KEM operations (provider-kem(7) of OpenSSL 3.0) of the seven KEMs: one template over
// tessera::KemScheme. libssl uses them for a TLS 1.3 KEM group (ssl_encapsulate on the
// server, ssl_decapsulate on the client): first with out == NULL for the sizes, then for
// real.
//
// Context parameter (settable, OpenSSL 3.5's OSSL_KEM_PARAM_IKME): "ikme", the
// encapsulation randomness (ML-KEM's m, FIPS 203 Algorithm 17; the hybrids' and X-Wing's
// eseed), for known-answer tests. While set, every encapsulation with this context is the
// deterministic one; it is wiped with the context.
#include "algorithms.hpp"
#include "kem_key.hpp"
#include "kem_schemes.hpp"

#include <tessera/secret.hpp>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include <new>
#include <optional>

namespace tessera::provider {
namespace {

constexpr const char* kIkmeParam = "ikme";  // OSSL_KEM_PARAM_IKME in OpenSSL 3.5

template <KemScheme K>
struct KemCtx {
  static constexpr std::size_t kIkmeBytes = encaps_seed_bytes<K>();
  const KemKey<K>* key = nullptr;  // owned by the EVP_PKEY, which outlives the operation
  std::optional<SecretArray<kIkmeBytes>> ikme;
};

template <KemScheme K>
struct KemOps {
  using Ctx = KemCtx<K>;
  static constexpr const char* kName = K::name;

  static void* newctx(void*) noexcept { return new (std::nothrow) Ctx{}; }
  static void freectx(void* c) noexcept { delete static_cast<Ctx*>(c); }
  static void* dupctx(void* c) noexcept {
    const auto* src = static_cast<const Ctx*>(c);
    auto* ctx = new (std::nothrow) Ctx{};
    if (ctx == nullptr || src == nullptr) {
      delete ctx;
      return nullptr;
    }
    ctx->key = src->key;
    if (src->ikme) ctx->ikme.emplace(src->ikme->clone());
    return ctx;
  }

  static int set_ctx_params(void* c, const OSSL_PARAM params[]) noexcept {
    auto* ctx = static_cast<Ctx*>(c);
    if (ctx == nullptr) return 0;
    if (params == nullptr) return 1;
    const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, kIkmeParam);
    if (p == nullptr) return 1;
    const void* data = nullptr;
    std::size_t len = 0;
    if (OSSL_PARAM_get_octet_string_ptr(p, &data, &len) != 1 || len != Ctx::kIkmeBytes)
      return raise_error(kName, PROV_R_INVALID_SEED_LENGTH, "ikme has the wrong length");
    ctx->ikme.emplace(std::span<const std::uint8_t, Ctx::kIkmeBytes>(static_cast<const std::uint8_t*>(data), len));
    return 1;
  }
  static const OSSL_PARAM* settable_ctx_params(void*, void*) noexcept {
    static const OSSL_PARAM p[] = {OSSL_PARAM_DEFN(kIkmeParam, OSSL_PARAM_OCTET_STRING, nullptr, 0), OSSL_PARAM_END};
    return p;
  }
  static int get_ctx_params(void*, OSSL_PARAM*) noexcept { return 1; }
  static const OSSL_PARAM* gettable_ctx_params(void*, void*) noexcept {
    static const OSSL_PARAM p[] = {OSSL_PARAM_END};
    return p;
  }

  static int init(void* c, void* k, const OSSL_PARAM params[], bool need_private) noexcept {
    auto* ctx = static_cast<Ctx*>(c);
    const auto* key = static_cast<const KemKey<K>*>(k);
    if (ctx == nullptr || key == nullptr) return raise_error(kName, PROV_R_MISSING_KEY, "no key");
    if (need_private ? !key->private_key : key->public_key() == nullptr)
      return raise_error(kName, need_private ? PROV_R_NOT_A_PRIVATE_KEY : PROV_R_NOT_A_PUBLIC_KEY,
                         need_private ? "decapsulation needs a private key" : "encapsulation needs a public key");
    ctx->key = key;
    return set_ctx_params(ctx, params);
  }
  static int encapsulate_init(void* c, void* k, const OSSL_PARAM params[]) noexcept { return init(c, k, params, false); }
  static int decapsulate_init(void* c, void* k, const OSSL_PARAM params[]) noexcept { return init(c, k, params, true); }

  // provider-kem(7): out == NULL asks for the sizes; otherwise *outlen and *secretlen are
  // the buffers' sizes on entry and the written sizes on return.
  static int encapsulate(void* c, unsigned char* out, std::size_t* outlen, unsigned char* secret,
                         std::size_t* secretlen) noexcept {
    const auto* ctx = static_cast<const Ctx*>(c);
    if (ctx == nullptr || ctx->key == nullptr || ctx->key->public_key() == nullptr)
      return raise_error(kName, PROV_R_MISSING_KEY, "encapsulate before encapsulate_init");
    if (out == nullptr) {
      if (outlen == nullptr && secretlen == nullptr) return 0;
      if (outlen != nullptr) *outlen = K::ciphertext_bytes;
      if (secretlen != nullptr) *secretlen = K::shared_secret_bytes;
      return 1;
    }
    if (secret == nullptr || outlen == nullptr || secretlen == nullptr)
      return raise_error(kName, PROV_R_INVALID_DATA, "missing shared-secret buffer or length");
    if (*outlen < K::ciphertext_bytes || *secretlen < K::shared_secret_bytes)
      return raise_error(kName, PROV_R_OUTPUT_BUFFER_TOO_SMALL, "ciphertext or shared-secret buffer too small");
    auto enc = ctx->ikme ? K::encaps_internal(*ctx->key->public_key(), ctx->ikme->span())
                         : K::encapsulate(*ctx->key->public_key());
    if (!enc) return raise_failure(kName, enc.failure());
    for (std::size_t i = 0; i < K::ciphertext_bytes; ++i) out[i] = enc->ciphertext[i];
    for (std::size_t i = 0; i < K::shared_secret_bytes; ++i) secret[i] = enc->shared_secret[i];
    *outlen = K::ciphertext_bytes;
    *secretlen = K::shared_secret_bytes;
    return 1;  // enc (and its shared secret) is wiped here
  }

  // A ciphertext of the wrong length is an error; one of the right length always gives a
  // secret for ML-KEM and X-Wing (implicit rejection, FIPS 203 s6.3), while a hybrid's DH
  // half rejects an invalid point or an all-zero X25519 output (RFC 8446, s7.4.2).
  static int decapsulate(void* c, unsigned char* out, std::size_t* outlen, const unsigned char* in,
                         std::size_t inlen) noexcept {
    const auto* ctx = static_cast<const Ctx*>(c);
    if (ctx == nullptr || ctx->key == nullptr || !ctx->key->private_key)
      return raise_error(kName, PROV_R_MISSING_KEY, "decapsulate before decapsulate_init");
    if (outlen == nullptr) return raise_error(kName, PROV_R_INVALID_DATA, "missing shared-secret length");
    if (out == nullptr) {
      *outlen = K::shared_secret_bytes;
      return 1;
    }
    if (*outlen < K::shared_secret_bytes)
      return raise_error(kName, PROV_R_OUTPUT_BUFFER_TOO_SMALL, "shared-secret buffer too small");
    if (in == nullptr || inlen != K::ciphertext_bytes)
      return raise_error(kName, PROV_R_BAD_LENGTH, "ciphertext (server key share) has the wrong length");
    auto ss = K::decapsulate(*ctx->key->private_key, std::span(in, inlen));
    if (!ss) return raise_failure(kName, ss.failure());
    for (std::size_t i = 0; i < K::shared_secret_bytes; ++i) out[i] = (*ss)[i];
    *outlen = K::shared_secret_bytes;
    return 1;
  }

  static const OSSL_DISPATCH* dispatch() noexcept {
#define TESSERA_FN(f) reinterpret_cast<void (*)()>(&f)
    static const OSSL_DISPATCH d[] = {
        {OSSL_FUNC_KEM_NEWCTX, TESSERA_FN(newctx)},
        {OSSL_FUNC_KEM_FREECTX, TESSERA_FN(freectx)},
        {OSSL_FUNC_KEM_DUPCTX, TESSERA_FN(dupctx)},
        {OSSL_FUNC_KEM_ENCAPSULATE_INIT, TESSERA_FN(encapsulate_init)},
        {OSSL_FUNC_KEM_ENCAPSULATE, TESSERA_FN(encapsulate)},
        {OSSL_FUNC_KEM_DECAPSULATE_INIT, TESSERA_FN(decapsulate_init)},
        {OSSL_FUNC_KEM_DECAPSULATE, TESSERA_FN(decapsulate)},
        {OSSL_FUNC_KEM_SET_CTX_PARAMS, TESSERA_FN(set_ctx_params)},
        {OSSL_FUNC_KEM_SETTABLE_CTX_PARAMS, TESSERA_FN(settable_ctx_params)},
        {OSSL_FUNC_KEM_GET_CTX_PARAMS, TESSERA_FN(get_ctx_params)},
        {OSSL_FUNC_KEM_GETTABLE_CTX_PARAMS, TESSERA_FN(gettable_ctx_params)},
        {0, nullptr}};
#undef TESSERA_FN
    return d;
  }
};

template <KemScheme K>
OSSL_ALGORITHM entry() noexcept {
  return OSSL_ALGORITHM{KemNames<K>::names, kProperties, KemOps<K>::dispatch(), KemNames<K>::description};
}
template <class... K>
const OSSL_ALGORITHM* table(KemList<K...>) noexcept {
  static const OSSL_ALGORITHM t[] = {entry<K>()..., {nullptr, nullptr, nullptr, nullptr}};
  return t;
}

}  // namespace

const OSSL_ALGORITHM* kem_algorithms() noexcept { return table(AllKems{}); }

}  // namespace tessera::provider
