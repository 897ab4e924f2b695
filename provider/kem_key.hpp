// The key object behind a provider EVP_PKEY of one KEM (the `keydata` of provider-keymgmt(7)),
// and the provider's one way of reporting a Tessera error on OpenSSL's error queue.
//
// A key is empty (made by EVP_PKEY_paramgen, as libssl does for the server side of a TLS
// 1.3 KEM group, then filled by EVP_PKEY_set1_encoded_public_key), public only, or a
// private key with its public key. Once it holds key material it never changes, so one
// key may be used from many threads at once (libssl shares keys across SSL objects).
#pragma once

#include "kem_schemes.hpp"

#include <tessera/concepts.hpp>
#include <tessera/result.hpp>
#include <tessera/secret.hpp>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/proverr.h>

#include <new>
#include <optional>

namespace tessera::provider {

template <KemScheme K>
struct KemKey {
  std::optional<typename K::PublicKey> public_only;  // set when no private key is known
  std::optional<typename K::PrivateKey> private_key;  // wipes its secrets when reset/destroyed

  bool empty() const noexcept { return !public_only && !private_key; }
  // The public key, or nullptr for an empty key.
  const typename K::PublicKey* public_key() const noexcept {
    if (private_key) return &private_key->public_key();
    return public_only ? &*public_only : nullptr;
  }
};

// The PROV_R_* reason that best names a Tessera error (shown by ERR_reason_error_string).
constexpr int reason_of(Error e) noexcept {
  switch (e) {
    case Error::invalid_length: return PROV_R_INVALID_KEY_LENGTH;
    case Error::invalid_key: return PROV_R_INVALID_KEY;
    case Error::invalid_encoding: return PROV_R_INVALID_DATA;
    case Error::randomness_failure: return PROV_R_FAILED_TO_GENERATE_KEY;
    case Error::unsupported: return PROV_R_NOT_SUPPORTED;
    default: return PROV_R_INVALID_DATA;
  }
}

// ERR_raise_data with the scheme, what was wrong and why: "X25519MLKEM768: hybrid public
// key (client key share): invalid length". Always returns 0 (the dispatch functions' failure).
inline int raise_failure(const char* scheme, Failure f) noexcept {
  ERR_raise_data(ERR_LIB_PROV, reason_of(f.code), "%s: %s: %s", scheme,
                 f.what != nullptr ? f.what : "operation failed", error_message(f.code));
  return 0;
}
inline int raise_error(const char* scheme, int reason, const char* text) noexcept {
  ERR_raise_data(ERR_LIB_PROV, reason, "%s: %s", scheme, text);
  return 0;
}

// OSSL_PKEY_PARAM_ML_KEM_SEED of OpenSSL 3.5 (its ml_kem_kmgmt.c), 3.0's headers lack it.
inline constexpr const char* kKemSeedParam = "seed";

// OSSL_FUNC_keymgmt_export (provider-keymgmt(7)) of a KEM key, shared by the KEYMGMT and
// the decoders' export_object: "pub" for a public selection; "priv" (KemPrivateForm) and,
// when the key has it, "seed" for a private one. The secret copies live on this frame
// (SecretArray) and are wiped when it returns.
template <KemScheme K>
int export_kem_key(const KemKey<K>& key, int selection, OSSL_CALLBACK* cb, void* cbarg) noexcept {
  if (cb == nullptr || (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 0;
  const auto* pk = key.public_key();
  if (pk == nullptr) return raise_error(K::name, PROV_R_MISSING_KEY, "the key is empty");
  using Priv = KemPrivateForm<K>;
  using Seed = SeedForm<K>;
  SecretArray<Priv::bytes> priv;
  SecretArray<Seed::bytes> seed;
  OSSL_PARAM params[4];
  std::size_t n = 0;
  auto* pub = const_cast<std::uint8_t*>(pk->bytes().data());
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0)
    params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, pub, K::public_key_bytes);
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && key.private_key) {
    if (!Priv::write(*key.private_key, priv.span())) return raise_error(K::name, PROV_R_INVALID_KEY, "private key export");
    params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, priv.data(), Priv::bytes);
    if constexpr (Priv::separate_seed) {
      if (Seed::write(*key.private_key, seed.span()))
        params[n++] = OSSL_PARAM_construct_octet_string(kKemSeedParam, seed.data(), Seed::bytes);
    }
  }
  params[n] = OSSL_PARAM_construct_end();
  return cb(params, cbarg);
}

}  // namespace tessera::provider
