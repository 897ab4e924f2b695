// The provider's entry point (OSSL_provider_init, see provider-base(7) of OpenSSL 3.0):
// its parameters, the algorithm tables per operation, and its capabilities.
#include "algorithms.hpp"
#include "provider_context.hpp"

#include <tessera/tessera.hpp>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include <cstring>
#include <new>
#include <vector>

namespace tessera::provider {
namespace {

constexpr const char* kProviderName = "Tessera post-quantum provider";
#ifndef TESSERA_PROVIDER_VERSION
#define TESSERA_PROVIDER_VERSION "0.1.0"
#endif

// The keymgmt table is the KEMs' and ML-DSA's tables together.
const OSSL_ALGORITHM* keymgmt_algorithms() noexcept {
  static const std::vector<OSSL_ALGORITHM> all = [] {
    std::vector<OSSL_ALGORITHM> v;
    for (const OSSL_ALGORITHM* t : {kem_keymgmt_algorithms(), signature_keymgmt_algorithms()}) {
      for (; t->algorithm_names != nullptr; ++t) v.push_back(*t);
    }
    v.push_back(OSSL_ALGORITHM{nullptr, nullptr, nullptr, nullptr});
    return v;
  }();
  return all.data();
}

const OSSL_PARAM* gettable_params(void*) noexcept {
  static const OSSL_PARAM params[] = {
      OSSL_PARAM_DEFN(OSSL_PROV_PARAM_NAME, OSSL_PARAM_UTF8_PTR, nullptr, 0),
      OSSL_PARAM_DEFN(OSSL_PROV_PARAM_VERSION, OSSL_PARAM_UTF8_PTR, nullptr, 0),
      OSSL_PARAM_DEFN(OSSL_PROV_PARAM_BUILDINFO, OSSL_PARAM_UTF8_PTR, nullptr, 0),
      OSSL_PARAM_DEFN(OSSL_PROV_PARAM_STATUS, OSSL_PARAM_INTEGER, nullptr, 0),
      OSSL_PARAM_END};
  return params;
}

int get_params(void*, OSSL_PARAM params[]) noexcept {
  OSSL_PARAM* p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME);
  if (p != nullptr && OSSL_PARAM_set_utf8_ptr(p, kProviderName) != 1) return 0;
  p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION);
  if (p != nullptr && OSSL_PARAM_set_utf8_ptr(p, TESSERA_PROVIDER_VERSION) != 1) return 0;
  p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO);
  if (p != nullptr && OSSL_PARAM_set_utf8_ptr(p, "tessera " TESSERA_PROVIDER_VERSION " (OpenSSL " OPENSSL_VERSION_STR " headers)") != 1) return 0;
  p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS);
  if (p != nullptr && OSSL_PARAM_set_int(p, 1) != 1) return 0;
  return 1;
}

const OSSL_ALGORITHM* query_operation(void*, int operation_id, int* no_cache) noexcept {
  *no_cache = 0;
  switch (operation_id) {
    case OSSL_OP_KEYMGMT: return keymgmt_algorithms();
    case OSSL_OP_KEM: return kem_algorithms();
    case OSSL_OP_SIGNATURE: return signature_algorithms();
    case OSSL_OP_ENCODER: return encoder_algorithms();
    case OSSL_OP_DECODER: return decoder_algorithms();
    default: return nullptr;
  }
}

int get_capabilities(void*, const char* capability, OSSL_CALLBACK* cb, void* arg) noexcept {
  if (std::strcmp(capability, "TLS-GROUP") == 0) return tls_group_capabilities(cb, arg);
  if (std::strcmp(capability, "TLS-SIGALG") == 0) return tls_sigalg_capabilities(cb, arg);
  return 0;  // unknown capability: none offered
}

void teardown(void* provctx) noexcept {
  ProviderContext* ctx = context(provctx);
  OSSL_LIB_CTX_free(ctx->libctx);
  delete ctx;
}

#define TESSERA_FN(f) reinterpret_cast<void (*)()>(f)
const OSSL_DISPATCH kDispatch[] = {
    {OSSL_FUNC_PROVIDER_TEARDOWN, TESSERA_FN(teardown)},
    {OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, TESSERA_FN(gettable_params)},
    {OSSL_FUNC_PROVIDER_GET_PARAMS, TESSERA_FN(get_params)},
    {OSSL_FUNC_PROVIDER_QUERY_OPERATION, TESSERA_FN(query_operation)},
    {OSSL_FUNC_PROVIDER_GET_CAPABILITIES, TESSERA_FN(get_capabilities)},
    {0, nullptr}};
#undef TESSERA_FN

}  // namespace
}  // namespace tessera::provider

extern "C" [[gnu::visibility("default")]] int OSSL_provider_init(const OSSL_CORE_HANDLE* handle,
                                                                 const OSSL_DISPATCH* in,
                                                                 const OSSL_DISPATCH** out,
                                                                 void** provctx) {
  using tessera::provider::ProviderContext;
  auto* ctx = new (std::nothrow) ProviderContext{};
  if (ctx == nullptr) return 0;
  ctx->handle = handle;
  ctx->libctx = OSSL_LIB_CTX_new_from_dispatch(handle, in);
  if (ctx->libctx == nullptr) {
    delete ctx;
    return 0;
  }
  // ML-DSA's OIDs for OpenSSL 3.0's X.509 code (mldsa_objects.cpp); not fatal if absent.
  (void)tessera::provider::register_signature_objects(handle, in);
  *out = tessera::provider::kDispatch;
  *provctx = ctx;
  return 1;
}
