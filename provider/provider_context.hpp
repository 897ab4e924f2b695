// The provider context: what OpenSSL hands back to every algorithm's newctx/new function
// (the `provctx` of OSSL_provider_init).
#pragma once

#include <openssl/core.h>
#include <openssl/types.h>

namespace tessera::provider {

struct ProviderContext {
  const OSSL_CORE_HANDLE* handle = nullptr;
  // A library context bound to the core (OSSL_LIB_CTX_new_from_dispatch): it gives the
  // encoders and decoders BIOs over the core's OSSL_CORE_BIO.
  OSSL_LIB_CTX* libctx = nullptr;
};

inline ProviderContext* context(void* provctx) noexcept { return static_cast<ProviderContext*>(provctx); }

}  // namespace tessera::provider
