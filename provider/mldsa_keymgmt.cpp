// KEYMGMT for ML-DSA-44/65/87 (provider-keymgmt(7) of OpenSSL 3.0; parameter names and
// behaviour as OpenSSL 3.5's providers/implementations/keymgmt/ml_dsa_kmgmt.c):
//   generation from fresh randomness or from a 32-byte "seed" (FIPS 204, Algorithms 1, 6);
//   import/export of "pub" (pkEncode), "priv" (skEncode) and "seed" (xi);
//   get_params: bits, security-bits, security-category, max-size, pub, priv, seed, and an
//   empty mandatory-digest (ML-DSA signs the message itself: EVP_DigestSignInit with a NULL
//   digest, as for Ed25519);
//   has, match, validate, dup, load (the decoders' reference), free (the key objects wipe
//   their secrets, FIPS 204 Section 3.6.3).
#include "algorithms.hpp"
#include "mldsa_key.hpp"
#include "provider_context.hpp"

#include <tessera/random.hpp>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include <cstring>

namespace tessera::provider {
namespace {

const OSSL_PARAM kKeyTypes[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, nullptr, 0),
    OSSL_PARAM_octet_string(kParamSeed, nullptr, 0),
    OSSL_PARAM_END};

const OSSL_PARAM kGettable[] = {
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, nullptr),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, nullptr),
    OSSL_PARAM_int(kParamSecurityCategory, nullptr),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, nullptr),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, nullptr, 0),
    OSSL_PARAM_octet_string(kParamSeed, nullptr, 0),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_MANDATORY_DIGEST, nullptr, 0),
    OSSL_PARAM_END};

const OSSL_PARAM kGenSettable[] = {
    OSSL_PARAM_octet_string(kParamSeed, nullptr, 0),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_PROPERTIES, nullptr, 0),
    OSSL_PARAM_END};

// Key generation context: the optional seed, wiped on cleanup.
struct GenCtx {
  unsigned char seed[mldsa::kSeedBytes];
  bool has_seed = false;
  int selection = 0;
};

bool raise(int reason, const char* text) noexcept {
  ERR_raise_data(ERR_LIB_PROV, reason, "%s", text);
  return false;
}

// An octet-string parameter, by pointer (no copy of secrets); empty span if absent.
bool octets(const OSSL_PARAM params[], const char* name, std::span<const std::uint8_t>* out) noexcept {
  *out = {};
  const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, name);
  if (p == nullptr) return true;
  const void* data = nullptr;
  std::size_t len = 0;
  if (OSSL_PARAM_get_octet_string_ptr(p, &data, &len) != 1) return raise(PROV_R_INVALID_KEY, "key parameter is not an octet string");
  *out = {static_cast<const std::uint8_t*>(data), len};
  return true;
}

template <class S>
struct Keymgmt {
  using Key = MlDsaKey<S>;
  static Key* key(void* k) noexcept { return static_cast<Key*>(k); }
  static const Key* key(const void* k) noexcept { return static_cast<const Key*>(k); }

  static void* new_key(void*) noexcept { return Key::make_empty(); }
  static void free_key(void* k) noexcept { delete key(k); }

  static int has(const void* k, int selection) noexcept {
    if (k == nullptr) return 0;
    const Key* x = key(k);
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && !x->has_private()) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && !x->has_public()) return 0;
    return 1;
  }

  // Keys match when their public keys are equal: a private key's public key is exact
  // (Tessera checks t0 and tr on import), so equal public keys mean equal key pairs.
  static int match(const void* a, const void* b, int selection) noexcept {
    const Key* x = key(a);
    const Key* y = key(b);
    if (x == nullptr || y == nullptr) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) == 0 && (!x->has_private() || !y->has_private())) return 0;
    const auto* p = x->public_key();
    const auto* q = y->public_key();
    if (p == nullptr || q == nullptr) return 0;
    return *p == *q ? 1 : 0;
  }

  static int validate(const void* k, int selection, int) noexcept { return has(k, selection); }

  // Seed and expanded key together must agree (the RFC 9881 `both` rule, applied to
  // imports too); an explicit public key must be the private key's own.
  static int import(void* k, int selection, const OSSL_PARAM params[]) noexcept {
    Key* x = key(k);
    if (x == nullptr || (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 0;
    if (!x->empty()) return raise(PROV_R_INVALID_KEY, "ML-DSA key already set");
    std::span<const std::uint8_t> pub, priv, seed;
    if (!octets(params, OSSL_PKEY_PARAM_PUB_KEY, &pub) || !octets(params, OSSL_PKEY_PARAM_PRIV_KEY, &priv) ||
        !octets(params, kParamSeed, &seed))
      return 0;
    const bool want_private = (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0;
    if (want_private && (!seed.empty() || !priv.empty())) {
      bool ok = !seed.empty() && !priv.empty() ? x->set_seed_and_expanded(seed, priv)
                : !seed.empty()               ? x->set_seed(seed)
                                              : x->set_expanded(priv);
      if (!ok) return 0;
      return pub.empty() || x->check_public(pub) ? 1 : 0;
    }
    if (pub.empty()) return raise(PROV_R_MISSING_KEY, "no ML-DSA key material given");
    return x->set_public(pub) ? 1 : 0;
  }

  static const OSSL_PARAM* key_types(int selection) noexcept {
    return (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0 ? kKeyTypes : nullptr;
  }

  static int export_key(void* k, int selection, OSSL_CALLBACK* cb, void* cbarg) noexcept {
    const Key* x = key(k);
    return x == nullptr ? 0 : export_mldsa_key(*x, selection, cb, cbarg);
  }

  static const OSSL_PARAM* gettable(void*) noexcept { return kGettable; }

  static int get_params(void* k, OSSL_PARAM params[]) noexcept {
    const Key* x = key(k);
    if (x == nullptr) return 0;
    OSSL_PARAM* p;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) != nullptr &&
        !OSSL_PARAM_set_int(p, static_cast<int>(8 * S::public_key_bytes)))
      return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) != nullptr &&
        !OSSL_PARAM_set_int(p, MlDsaNames<S>::security_bits))
      return 0;
    if ((p = OSSL_PARAM_locate(params, kParamSecurityCategory)) != nullptr &&
        !OSSL_PARAM_set_int(p, MlDsaNames<S>::security_category))
      return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) != nullptr &&
        !OSSL_PARAM_set_int(p, static_cast<int>(S::signature_bytes)))
      return 0;
    // An empty mandatory digest: "no digest" for EVP_DigestSignInit (OpenSSL 3.0
    // evp_keymgmt_util_get_deflt_digest_name maps it to UNDEF).
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MANDATORY_DIGEST)) != nullptr && !OSSL_PARAM_set_utf8_string(p, ""))
      return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PUB_KEY)) != nullptr && x->has_public()) {
      const auto pk = x->public_key()->bytes();
      if (!OSSL_PARAM_set_octet_string(p, pk.data(), pk.size())) return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PRIV_KEY)) != nullptr && x->has_private()) {
      const auto sk = x->private_key()->bytes();
      if (!OSSL_PARAM_set_octet_string(p, sk.data(), sk.size())) return 0;
    }
    if ((p = OSSL_PARAM_locate(params, kParamSeed)) != nullptr && x->has_private() && x->private_key()->has_seed()) {
      const auto xi = x->private_key()->seed();
      if (!xi || !OSSL_PARAM_set_octet_string(p, xi->data(), xi->size())) return 0;
    }
    return 1;
  }

  static void* gen_init(void*, int selection, const OSSL_PARAM params[]) noexcept {
    auto* g = new (std::nothrow) GenCtx;
    if (g == nullptr) return nullptr;
    g->selection = selection;
    if (!gen_set_params(g, params)) {
      gen_cleanup(g);
      return nullptr;
    }
    return g;
  }

  static int gen_set_params(void* gctx, const OSSL_PARAM params[]) noexcept {
    auto* g = static_cast<GenCtx*>(gctx);
    if (g == nullptr) return 0;
    std::span<const std::uint8_t> seed;
    if (!octets(params, kParamSeed, &seed)) return 0;
    if (OSSL_PARAM_locate_const(params, kParamSeed) != nullptr) {
      if (seed.size() != mldsa::kSeedBytes) return raise(PROV_R_INVALID_SEED_LENGTH, "ML-DSA seed must be 32 bytes");
      std::memcpy(g->seed, seed.data(), seed.size());
      g->has_seed = true;
    }
    return 1;
  }

  static const OSSL_PARAM* gen_settable(void*, void*) noexcept { return kGenSettable; }

  // FIPS 204, Algorithm 1 (ML-DSA.KeyGen): xi from Tessera's DRBG unless a seed was given,
  // then Algorithm 6.
  static void* gen(void* gctx, OSSL_CALLBACK*, void*) noexcept {
    auto* g = static_cast<GenCtx*>(gctx);
    if (g == nullptr) return nullptr;
    Key* k = Key::make_empty();
    if (k == nullptr) return nullptr;
    if ((g->selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return k;  // parameters only: none for ML-DSA
    SecretArray<mldsa::kSeedBytes> xi;
    if (g->has_seed) {
      std::memcpy(xi.data(), g->seed, xi.size());
    } else if (!random_bytes(xi.span())) {
      delete k;
      raise(PROV_R_FAILED_TO_GENERATE_KEY, "Tessera's random generator failed");
      return nullptr;
    }
    if (!k->set_seed(xi.span())) {
      delete k;
      return nullptr;
    }
    return k;
  }

  static void gen_cleanup(void* gctx) noexcept {
    auto* g = static_cast<GenCtx*>(gctx);
    if (g == nullptr) return;
    OPENSSL_cleanse(g->seed, sizeof g->seed);
    delete g;
  }

  // The decoders pass the keydata pointer itself as the reference (decoder.cpp).
  static void* load(const void* reference, std::size_t size) noexcept {
    if (reference == nullptr || size != sizeof(void*)) return nullptr;
    void** slot = static_cast<void**>(const_cast<void*>(reference));
    void* k = *slot;
    *slot = nullptr;
    return k;
  }

  static void* dup(const void* k, int selection) noexcept {
    const Key* x = key(k);
    if (x == nullptr) return nullptr;
    return x->dup((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0);
  }

  static const char* operation_name(int operation_id) noexcept {
    return operation_id == OSSL_OP_SIGNATURE ? MlDsaNames<S>::name : nullptr;
  }

#define TESSERA_FN(f) reinterpret_cast<void (*)()>(f)
  static inline const OSSL_DISPATCH kDispatch[] = {
      {OSSL_FUNC_KEYMGMT_NEW, TESSERA_FN(new_key)},
      {OSSL_FUNC_KEYMGMT_FREE, TESSERA_FN(free_key)},
      {OSSL_FUNC_KEYMGMT_HAS, TESSERA_FN(has)},
      {OSSL_FUNC_KEYMGMT_MATCH, TESSERA_FN(match)},
      {OSSL_FUNC_KEYMGMT_VALIDATE, TESSERA_FN(validate)},
      {OSSL_FUNC_KEYMGMT_IMPORT, TESSERA_FN(import)},
      {OSSL_FUNC_KEYMGMT_IMPORT_TYPES, TESSERA_FN(key_types)},
      {OSSL_FUNC_KEYMGMT_EXPORT, TESSERA_FN(export_key)},
      {OSSL_FUNC_KEYMGMT_EXPORT_TYPES, TESSERA_FN(key_types)},
      {OSSL_FUNC_KEYMGMT_GET_PARAMS, TESSERA_FN(get_params)},
      {OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, TESSERA_FN(gettable)},
      {OSSL_FUNC_KEYMGMT_GEN_INIT, TESSERA_FN(gen_init)},
      {OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, TESSERA_FN(gen_set_params)},
      {OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, TESSERA_FN(gen_settable)},
      {OSSL_FUNC_KEYMGMT_GEN, TESSERA_FN(gen)},
      {OSSL_FUNC_KEYMGMT_GEN_CLEANUP, TESSERA_FN(gen_cleanup)},
      {OSSL_FUNC_KEYMGMT_LOAD, TESSERA_FN(load)},
      {OSSL_FUNC_KEYMGMT_DUP, TESSERA_FN(dup)},
      {OSSL_FUNC_KEYMGMT_QUERY_OPERATION_NAME, TESSERA_FN(operation_name)},
      {0, nullptr}};
#undef TESSERA_FN
};

const OSSL_ALGORITHM kAlgorithms[] = {
    {MlDsaNames<MlDsa44>::names, kProperties, Keymgmt<MlDsa44>::kDispatch, "Tessera ML-DSA-44 (FIPS 204)"},
    {MlDsaNames<MlDsa65>::names, kProperties, Keymgmt<MlDsa65>::kDispatch, "Tessera ML-DSA-65 (FIPS 204)"},
    {MlDsaNames<MlDsa87>::names, kProperties, Keymgmt<MlDsa87>::kDispatch, "Tessera ML-DSA-87 (FIPS 204)"},
    {nullptr, nullptr, nullptr, nullptr}};

}  // namespace

const OSSL_ALGORITHM* signature_keymgmt_algorithms() noexcept { return kAlgorithms; }

}  // namespace tessera::provider
