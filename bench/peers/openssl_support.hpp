// Helpers the OpenSSL peer's files share (bench/peers/openssl.cpp, openssl_hybrid.cpp):
// error reporting, key generation by name, a key's raw bytes, KEM encapsulation and
// decapsulation. Every OpenSSL call goes to the libcrypto loaded at run time
// (peers/libcrypto.hpp). Header-only, internal to the
// peer; only bench/peers includes OpenSSL headers.
#pragma once

// OpenSSL's headers, then the macros that send every call to the loaded libcrypto.
#include "peers/libcrypto.hpp"

#include <cstdio>
#include <memory>
#include <vector>

namespace tessera::bench::openssl_peer {

inline constexpr const char* kName = "openssl";

inline bool fail(const char* what) {
  std::fprintf(stderr, "openssl peer: %s failed\n", what);
  ERR_print_errors_fp(stderr);
  return false;
}

using Pkey = std::shared_ptr<EVP_PKEY>;

// Owned by the library current now (Free).
inline Pkey wrap(EVP_PKEY* p) { return Pkey(p, Free{}); }

// Key generation by algorithm name; params (e.g. the P-256 group) optional.
inline EVP_PKEY* generate(const char* alg, const char* group = nullptr, unsigned rsa_bits = 0) {
  EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_name(nullptr, alg, nullptr);
  EVP_PKEY* key = nullptr;
  if (ctx && EVP_PKEY_keygen_init(ctx) == 1 &&
      (!group || EVP_PKEY_CTX_set_group_name(ctx, group) == 1) &&
      (!rsa_bits || EVP_PKEY_CTX_set_rsa_keygen_bits(ctx, static_cast<int>(rsa_bits)) == 1)) {
    if (EVP_PKEY_generate(ctx, &key) != 1) key = nullptr;
  }
  EVP_PKEY_CTX_free(ctx);
  return key;
}

// Whether this OpenSSL knows the key type (ML-KEM/ML-DSA: 3.5+). Clears the error queue.
inline bool has_key_type(const char* alg) {
  EVP_PKEY* k = generate(alg);
  EVP_PKEY_free(k);
  ERR_clear_error();
  return k != nullptr;
}

// A key's raw public or private bytes (X25519; ML-KEM: ek / expanded dk; ML-DSA: pk /
// encoded sk). Empty on failure.
inline std::vector<unsigned char> raw_public(EVP_PKEY* key) {
  std::size_t n = 0;
  if (EVP_PKEY_get_raw_public_key(key, nullptr, &n) != 1) return {};
  std::vector<unsigned char> raw(n);
  if (EVP_PKEY_get_raw_public_key(key, raw.data(), &n) != 1) return {};
  return raw;
}

inline std::vector<unsigned char> raw_private(EVP_PKEY* key) {
  std::size_t n = 0;
  if (EVP_PKEY_get_raw_private_key(key, nullptr, &n) != 1) return {};
  std::vector<unsigned char> raw(n);
  if (EVP_PKEY_get_raw_private_key(key, raw.data(), &n) != 1) return {};
  return raw;
}

// Encapsulation to / decapsulation with `key` (ML-KEM, the hybrids) into caller buffers of
// the sizes OpenSSL reports (ct: ciphertext, ss: shared secret); false on any failure or
// size mismatch.
inline bool kem_encapsulate(EVP_PKEY* key, std::vector<unsigned char>& ct, std::vector<unsigned char>& ss) {
  EVP_PKEY_CTX* ctx = key ? EVP_PKEY_CTX_new_from_pkey(nullptr, key, nullptr) : nullptr;
  std::size_t ct_len = ct.size(), ss_len = ss.size();
  const bool ok = ctx && EVP_PKEY_encapsulate_init(ctx, nullptr) == 1 &&
                  EVP_PKEY_encapsulate(ctx, ct.data(), &ct_len, ss.data(), &ss_len) == 1 && ct_len == ct.size() &&
                  ss_len == ss.size();
  EVP_PKEY_CTX_free(ctx);
  return ok;
}
inline bool kem_decapsulate(EVP_PKEY* key, const std::vector<unsigned char>& ct, std::vector<unsigned char>& ss) {
  EVP_PKEY_CTX* ctx = key ? EVP_PKEY_CTX_new_from_pkey(nullptr, key, nullptr) : nullptr;
  std::size_t ss_len = ss.size();
  const bool ok = ctx && EVP_PKEY_decapsulate_init(ctx, nullptr) == 1 &&
                  EVP_PKEY_decapsulate(ctx, ss.data(), &ss_len, ct.data(), ct.size()) == 1 && ss_len == ss.size();
  EVP_PKEY_CTX_free(ctx);
  return ok;
}

}  // namespace tessera::bench::openssl_peer
