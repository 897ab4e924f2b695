// The provider's ML-DSA key object (the `keydata` of the ML-DSA KEYMGMT, provider-keymgmt(7)),
// one template over the three parameter sets, and the names OpenSSL 3.5 gives them.
//
// A key holds Tessera's key objects (<tessera/mldsa.hpp>): a checked PrivateKey (which holds
// its PublicKey, and the seed xi when it was made from one) or, for a public key alone, a
// PublicKey. The key objects are large (up to 92 KB) and are built in place on the heap
// inside the Result that returns them, so no secret passes through a temporary; a
// PrivateKey wipes itself when destroyed. A key object never changes after creation (the
// KEYMGMT import only fills an empty one), so one key may be used by many threads at once.
#pragma once

#include <tessera/mldsa.hpp>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include <openssl/err.h>
#include <openssl/proverr.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <span>

namespace tessera::provider {

// Parameter names of OpenSSL 3.5's core_names.h that 3.0's headers lack.
inline constexpr const char* kParamSeed = "seed";                            // OSSL_PKEY_PARAM_ML_DSA_SEED
inline constexpr const char* kParamSecurityCategory = "security-category";  // OSSL_PKEY_PARAM_SECURITY_CATEGORY

// Names, aliases and OIDs as OpenSSL 3.5 registers them (providers/implementations/
// include/prov/names.h; OIDs from NIST CSOR, RFC 9881 Section 2: id-ml-dsa-44 = {sigAlgs 17}).
template <class S>
struct MlDsaNames;
template <>
struct MlDsaNames<MlDsa44> {
  static constexpr const char* name = "ML-DSA-44";
  static constexpr const char* names = "ML-DSA-44:MLDSA44:id-ml-dsa-44:2.16.840.1.101.3.4.3.17";
  static constexpr const char* oid = "2.16.840.1.101.3.4.3.17";
  static constexpr const char* short_name = "id-ml-dsa-44";
  static constexpr int security_bits = 128;  // FIPS 204, Table 1: collision strength (lambda)
  static constexpr int security_category = 2;
};
template <>
struct MlDsaNames<MlDsa65> {
  static constexpr const char* name = "ML-DSA-65";
  static constexpr const char* names = "ML-DSA-65:MLDSA65:id-ml-dsa-65:2.16.840.1.101.3.4.3.18";
  static constexpr const char* oid = "2.16.840.1.101.3.4.3.18";
  static constexpr const char* short_name = "id-ml-dsa-65";
  static constexpr int security_bits = 192;
  static constexpr int security_category = 3;
};
template <>
struct MlDsaNames<MlDsa87> {
  static constexpr const char* name = "ML-DSA-87";
  static constexpr const char* names = "ML-DSA-87:MLDSA87:id-ml-dsa-87:2.16.840.1.101.3.4.3.19";
  static constexpr const char* oid = "2.16.840.1.101.3.4.3.19";
  static constexpr const char* short_name = "id-ml-dsa-87";
  static constexpr int security_bits = 256;
  static constexpr int security_category = 5;
};

template <class S>
class MlDsaKey {
 public:
  using Scheme = S;
  using PublicKey = typename S::PublicKey;
  using PrivateKey = typename S::PrivateKey;
  static constexpr const char* name = MlDsaNames<S>::name;

  // An empty key (KEYMGMT new): filled once by import.
  static MlDsaKey* make_empty() noexcept { return new (std::nothrow) MlDsaKey; }

  bool empty() const noexcept { return !priv_ && !pub_; }
  bool has_private() const noexcept { return static_cast<bool>(priv_); }
  bool has_public() const noexcept { return !empty(); }
  const PublicKey* public_key() const noexcept {
    if (priv_) return &(**priv_).public_key();
    if (pub_) return &**pub_;
    return nullptr;
  }
  const PrivateKey* private_key() const noexcept { return priv_ ? &**priv_ : nullptr; }

  // Fill an empty key. Each returns false (with an OpenSSL error raised) and leaves the key
  // empty when the input is wrong: "bad input changes nothing".
  //
  // From the seed xi (FIPS 204, Algorithm 6 ML-DSA.KeyGen_internal).
  bool set_seed(std::span<const std::uint8_t> xi) noexcept {
    if (xi.size() != S::seed_bytes) return fail(PROV_R_INVALID_SEED_LENGTH, "ML-DSA seed must be 32 bytes");
    auto* r = new (std::nothrow) Result<PrivateKey>(PrivateKey::from_seed(xi));
    return adopt_private(r, "ML-DSA seed rejected");
  }
  // From the FIPS 204 skEncode encoding (checked by Tessera: Algorithm 25 and s7.2).
  bool set_expanded(std::span<const std::uint8_t> sk) noexcept {
    if (sk.size() != S::private_key_bytes) return fail(PROV_R_INVALID_KEY_LENGTH, "ML-DSA private key has the wrong length");
    auto* r = new (std::nothrow) Result<PrivateKey>(PrivateKey::from_bytes(sk));
    return adopt_private(r, "ML-DSA private key is not valid (FIPS 204 s7.2 check)");
  }
  // From both (RFC 9881 Section 6 `both`, or an import with "seed" and "priv"): the key is
  // generated from the seed and its skEncode must equal the given expanded key.
  bool set_seed_and_expanded(std::span<const std::uint8_t> xi, std::span<const std::uint8_t> sk) noexcept {
    if (sk.size() != S::private_key_bytes) return fail(PROV_R_INVALID_KEY_LENGTH, "ML-DSA private key has the wrong length");
    if (!set_seed(xi)) return false;
    const auto derived = (**priv_).bytes();
    if (CRYPTO_memcmp(derived.data(), sk.data(), sk.size()) != 0) {
      priv_.reset();
      return fail(PROV_R_INVALID_KEY, "ML-DSA seed and expanded private key do not match");
    }
    return true;
  }
  bool set_public(std::span<const std::uint8_t> pk) noexcept {
    if (pk.size() != S::public_key_bytes) return fail(PROV_R_INVALID_KEY_LENGTH, "ML-DSA public key has the wrong length");
    auto* r = new (std::nothrow) Result<PublicKey>(PublicKey::from_bytes(pk));
    if (r == nullptr) return fail(ERR_R_MALLOC_FAILURE, "out of memory");
    if (!*r) {
      delete r;
      return fail(PROV_R_INVALID_KEY, "ML-DSA public key rejected");
    }
    pub_.reset(r);
    return true;
  }
  // After a private key was set: an explicitly given public key must be its own.
  bool check_public(std::span<const std::uint8_t> pk) noexcept {
    const PublicKey* own = public_key();
    if (own != nullptr && pk.size() == S::public_key_bytes &&
        CRYPTO_memcmp(own->bytes().data(), pk.data(), pk.size()) == 0)
      return true;
    clear();
    return fail(PROV_R_INVALID_KEY, "ML-DSA public key does not match the private key");
  }
  void clear() noexcept {
    priv_.reset();
    pub_.reset();
  }

  // A copy of the parts in `selection` (KEYMGMT dup): private keys are cloned explicitly.
  MlDsaKey* dup(bool with_private) const noexcept {
    auto* k = make_empty();
    if (k == nullptr) return nullptr;
    if (with_private && priv_) {
      k->priv_.reset(new (std::nothrow) Result<PrivateKey>(std::in_place, (**priv_).clone()));
      if (!k->priv_) { delete k; return nullptr; }
    } else if (const PublicKey* pk = public_key()) {
      k->pub_.reset(new (std::nothrow) Result<PublicKey>(*pk));
      if (!k->pub_) { delete k; return nullptr; }
    }
    return k;
  }

 private:
  MlDsaKey() noexcept = default;
  static bool fail(int reason, const char* text) noexcept {
    ERR_raise_data(ERR_LIB_PROV, reason, "%s", text);
    return false;
  }
  bool adopt_private(Result<PrivateKey>* r, const char* text) noexcept {
    if (r == nullptr) return fail(ERR_R_MALLOC_FAILURE, "out of memory");
    if (!*r) {
      delete r;
      return fail(PROV_R_INVALID_KEY, text);
    }
    priv_.reset(r);
    pub_.reset();
    return true;
  }

  std::unique_ptr<Result<PrivateKey>> priv_;  // when set: always has a value
  std::unique_ptr<Result<PublicKey>> pub_;    // a public key alone
};

// OSSL_FUNC_keymgmt_export (provider-keymgmt(7)): "seed" (if the key was made from one)
// and "priv" (skEncode) for a private selection, "pub" for a public one, like OpenSSL 3.5's
// ML-DSA export. The secret copies live on this stack frame and are wiped on return.
template <class S>
int export_mldsa_key(const MlDsaKey<S>& key, int selection, OSSL_CALLBACK* cb, void* cbarg) noexcept {
  if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0 || key.empty()) return 0;
  OSSL_PARAM params[4];
  int n = 0;
  SecretArray<S::private_key_bytes> sk;
  SecretArray<S::seed_bytes> seed;
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && key.has_private()) {
    const auto& priv = *key.private_key();
    if (priv.has_seed()) {
      auto xi = priv.seed();
      if (!xi) return 0;
      seed = std::move(*xi);
      params[n++] = OSSL_PARAM_construct_octet_string(kParamSeed, seed.data(), seed.size());
    }
    sk = priv.bytes();
    params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, sk.data(), sk.size());
  }
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0) {
    const auto pk = key.public_key()->bytes();
    params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, const_cast<std::uint8_t*>(pk.data()), pk.size());
  }
  if (n == 0) return 0;
  params[n] = OSSL_PARAM_construct_end();
  return cb(params, cbarg);
}

}  // namespace tessera::provider
