// KEYMGMT for the KEMs (provider-keymgmt(7) of OpenSSL 3.0): ML-KEM-512/768/1024,
// X25519MLKEM768, SecP256r1MLKEM768, SecP384r1MLKEM1024 and X-Wing, one template over
// tessera::KemScheme instantiated seven times.
//
// Parameters (names and meaning as OpenSSL 3.5's ml_kem_kmgmt.c / mlx_kmgmt.c have them):
//   "encoded-pub-key"  get/set: the TLS 1.3 key share (libssl's EVP_PKEY_get1/set1_encoded_
//                      public_key). Set only on an empty key (the server's paramgen key);
//                      the share is parsed and validated by Tessera before it is accepted.
//   "pub"              import/export/get: the same bytes (on import beside a private key
//                      it must be that key's own).
//   "priv"             import/export/get: ML-KEM's expanded dk (FIPS 203); a hybrid's
//                      in OpenSSL 3.5's layout, its halves' own "priv" in share order (ML-KEM
//                      dk and the X25519 / P-256 / P-384 scalar: kem_schemes.hpp); X-Wing's
//                      32-byte seed.
//   "seed"             gen_set_params/import/export/get: ML-KEM's d || z (64 bytes), the
//                      hybrids' two seeds, X-Wing's 32-byte seed: key generation from it.
//                      Imported with "priv", both must give the same key.
//   load() takes keydata from the decoders by reference (ML-KEM SPKI / PKCS#8).
//   "bits", "security-bits", "max-size" (the ciphertext size): get.
//   "group" (gen_set_params) is accepted and ignored: libssl sets it to the TLS group's
//   internal name (tls_groups.cpp), which names this very algorithm.
#include "algorithms.hpp"
#include "kem_key.hpp"
#include "kem_schemes.hpp"

#include <tessera/secret.hpp>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include <array>
#include <cstring>
#include <optional>

namespace tessera::provider {
namespace {

constexpr const char* kSeedParam = kKemSeedParam;  // OSSL_PKEY_PARAM_ML_KEM_SEED in OpenSSL 3.5

template <KemScheme K>
struct GenCtx {
  int selection = 0;
  std::optional<SecretArray<SeedForm<K>::bytes>> seed;  // single use, wiped on destruction
};

// Reads an octet-string parameter of exactly n bytes; nullptr if absent, sets *bad if the
// size or type is wrong.
const std::uint8_t* octets(const OSSL_PARAM* p, std::size_t n, bool* bad) noexcept {
  if (p == nullptr) return nullptr;
  const void* data = nullptr;
  std::size_t len = 0;
  if (OSSL_PARAM_get_octet_string_ptr(p, &data, &len) != 1 || len != n) {
    *bad = true;
    return nullptr;
  }
  return static_cast<const std::uint8_t*>(data);
}

template <KemScheme K>
struct Keymgmt {
  using Key = KemKey<K>;
  using Seed = SeedForm<K>;
  static constexpr const char* kName = K::name;

  static void* newkey(void*) noexcept { return new (std::nothrow) Key{}; }
  static void freekey(void* k) noexcept { delete static_cast<Key*>(k); }

  // --- generation (provider-keymgmt(7), "Key generation") -------------------------------
  static int gen_set_params(void* g, const OSSL_PARAM params[]) noexcept {
    auto* gen = static_cast<GenCtx<K>*>(g);
    if (gen == nullptr) return 0;
    if (params == nullptr) return 1;
    bool bad = false;
    if (const std::uint8_t* s = octets(OSSL_PARAM_locate_const(params, kSeedParam), Seed::bytes, &bad)) {
      gen->seed.emplace(std::span<const std::uint8_t, Seed::bytes>(s, Seed::bytes));
    }
    if (bad) return raise_error(kName, PROV_R_INVALID_SEED_LENGTH, "seed has the wrong length or type");
    const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME);
    if (p != nullptr && p->data_type != OSSL_PARAM_UTF8_STRING) return raise_error(kName, PROV_R_INVALID_DATA, "group name");
    return 1;
  }
  static const OSSL_PARAM* gen_settable_params(void*, void*) noexcept {
    static const OSSL_PARAM p[] = {OSSL_PARAM_DEFN(kSeedParam, OSSL_PARAM_OCTET_STRING, nullptr, 0),
                                   OSSL_PARAM_DEFN(OSSL_PKEY_PARAM_GROUP_NAME, OSSL_PARAM_UTF8_STRING, nullptr, 0),
                                   OSSL_PARAM_DEFN(OSSL_PKEY_PARAM_PROPERTIES, OSSL_PARAM_UTF8_STRING, nullptr, 0),
                                   OSSL_PARAM_END};
    return p;
  }
  static void* gen_init(void*, int selection, const OSSL_PARAM params[]) noexcept {
    auto* gen = new (std::nothrow) GenCtx<K>{};
    if (gen == nullptr) return nullptr;
    gen->selection = selection;
    if (gen_set_params(gen, params) != 1) {
      delete gen;
      return nullptr;
    }
    return gen;
  }
  static void* gen(void* g, OSSL_CALLBACK*, void*) noexcept {
    auto* gen = static_cast<GenCtx<K>*>(g);
    auto* key = new (std::nothrow) Key{};
    if (gen == nullptr || key == nullptr) {
      delete key;
      return nullptr;
    }
    // EVP_PKEY_paramgen (OSSL_KEYMGMT_SELECT_ALL_PARAMETERS): an empty key, to be filled
    // with the peer's share.
    if ((gen->selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return key;
    if (gen->seed) {
      auto sk = Seed::to_private(gen->seed->span());
      gen->seed.reset();  // single use
      if (!sk) {
        delete key;
        raise_failure(kName, sk.failure());
        return nullptr;
      }
      key->private_key.emplace(std::move(*sk));
      return key;
    }
    auto kp = K::generate_key();
    if (!kp) {
      delete key;
      raise_failure(kName, kp.failure());
      return nullptr;
    }
    key->private_key.emplace(std::move(kp->private_key));
    return key;
  }
  static void gen_cleanup(void* g) noexcept { delete static_cast<GenCtx<K>*>(g); }

  // --- has / match / dup ---------------------------------------------------------------
  static int has(const void* k, int selection) noexcept {
    const auto* key = static_cast<const Key*>(k);
    if (key == nullptr) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && !key->private_key) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && key->public_key() == nullptr) return 0;
    return 1;
  }
  static int match(const void* a, const void* b, int selection) noexcept {
    const auto* ka = static_cast<const Key*>(a);
    const auto* kb = static_cast<const Key*>(b);
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1;  // no domain parameters
    const auto* pa = ka->public_key();
    const auto* pb = kb->public_key();
    if (pa == nullptr || pb == nullptr) return 0;
    // Public data: a plain comparison. A private key determines its public key.
    return std::memcmp(pa->bytes().data(), pb->bytes().data(), K::public_key_bytes) == 0 ? 1 : 0;
  }
  static void* dup(const void* k, int selection) noexcept {
    const auto* src = static_cast<const Key*>(k);
    auto* key = new (std::nothrow) Key{};
    if (key == nullptr || src == nullptr) {
      delete key;
      return nullptr;
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && src->private_key) {
      auto sk = clone_private<K>(*src->private_key);
      if (!sk) {
        delete key;
        raise_failure(kName, sk.failure());
        return nullptr;
      }
      key->private_key.emplace(std::move(*sk));
    } else if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && src->public_key() != nullptr) {
      key->public_only.emplace(*src->public_key());
    }
    return key;
  }

  // --- import / export (provider-keymgmt(7), "Key object import and export") -----------
  static int set_public(Key* key, std::span<const std::uint8_t> bytes) noexcept {
    auto pk = K::PublicKey::from_bytes(bytes);  // FIPS 203 s7.2 / SP 800-56A checks
    if (!pk) return raise_failure(kName, pk.failure());
    key->public_only.emplace(std::move(*pk));
    return 1;
  }
  // A private key from "seed" and/or "priv". With both (OpenSSL 3.5 exports both for
  // ML-KEM), the key comes from the seed and must give the same "priv" (compared in
  // constant time): an inconsistent pair is rejected, as the LAMPS `both` form is.
  static Result<typename K::PrivateKey> private_from(const std::uint8_t* seed, const std::uint8_t* priv) noexcept {
    using Priv = KemPrivateForm<K>;
    if (seed == nullptr) return Priv::to_private(std::span(priv, Priv::bytes));
    auto sk = Seed::to_private(std::span(seed, Seed::bytes));
    if (!sk || priv == nullptr) return sk;
    SecretArray<Priv::bytes> derived;
    if (!Priv::write(*sk, derived.span()) || CRYPTO_memcmp(derived.data(), priv, Priv::bytes) != 0)
      return Failure{Error::invalid_key, "seed and private key do not match"};
    return sk;
  }
  static int import(void* k, int selection, const OSSL_PARAM params[]) noexcept {
    auto* key = static_cast<Key*>(k);
    if (key == nullptr || (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 0;
    if (!key->empty()) return raise_error(kName, PROV_R_OPERATION_NOT_SUPPORTED_FOR_THIS_KEYTYPE, "a key cannot be changed");
    bool bad = false;
    const std::uint8_t* pub = octets(OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY), K::public_key_bytes, &bad);
    if (bad) return raise_error(kName, PROV_R_INVALID_KEY_LENGTH, "public key has the wrong length");
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) {
      const std::uint8_t* seed = octets(OSSL_PARAM_locate_const(params, kSeedParam), Seed::bytes, &bad);
      if (bad) return raise_error(kName, PROV_R_INVALID_SEED_LENGTH, "seed has the wrong length");
      const OSSL_PARAM* pp = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY);
      const std::uint8_t* priv = octets(pp, KemPrivateForm<K>::bytes, &bad);
      if (bad) return raise_error(kName, PROV_R_INVALID_KEY_LENGTH, "private key has the wrong length");
      if (seed != nullptr || priv != nullptr) {
        auto sk = private_from(seed, priv);
        if (!sk) return raise_failure(kName, sk.failure());
        // A public key given beside the private key must be its own.
        if (pub != nullptr && CRYPTO_memcmp(sk->public_key().bytes().data(), pub, K::public_key_bytes) != 0)
          return raise_error(kName, PROV_R_INVALID_KEY, "public key does not match the private key");
        key->private_key.emplace(std::move(*sk));
        return 1;
      }
    }
    if (pub == nullptr) return raise_error(kName, PROV_R_MISSING_KEY, "no key in the parameters");
    return set_public(key, std::span(pub, K::public_key_bytes));
  }
  static const OSSL_PARAM* key_types(int selection) noexcept {
    static const OSSL_PARAM p[] = {OSSL_PARAM_DEFN(OSSL_PKEY_PARAM_PUB_KEY, OSSL_PARAM_OCTET_STRING, nullptr, 0),
                                   OSSL_PARAM_DEFN(OSSL_PKEY_PARAM_PRIV_KEY, OSSL_PARAM_OCTET_STRING, nullptr, 0),
                                   OSSL_PARAM_DEFN(kSeedParam, OSSL_PARAM_OCTET_STRING, nullptr, 0), OSSL_PARAM_END};
    return (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0 ? p : nullptr;
  }
  static int export_key(void* k, int selection, OSSL_CALLBACK* cb, void* cbarg) noexcept {
    const auto* key = static_cast<const Key*>(k);
    return key == nullptr ? 0 : export_kem_key<K>(*key, selection, cb, cbarg);
  }
  // OSSL_FUNC_keymgmt_load: the decoders (decoder.cpp, CodecKeyOps of mlkem_codec.cpp)
  // pass the keydata pointer itself as the reference; it is taken over (the slot is
  // cleared so the decoder does not free it).
  static void* load(const void* reference, std::size_t size) noexcept {
    if (reference == nullptr || size != sizeof(void*)) return nullptr;
    void** slot = static_cast<void**>(const_cast<void*>(reference));
    void* key = *slot;
    *slot = nullptr;
    return key;
  }

  // --- get/set params (provider-keymgmt(7), "Common Information Parameters") -----------
  static int get_params(void* k, OSSL_PARAM params[]) noexcept {
    const auto* key = static_cast<const Key*>(k);
    if (key == nullptr) return 0;
    OSSL_PARAM* p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS);
    if (p != nullptr && OSSL_PARAM_set_int(p, KemNames<K>::bits) != 1) return 0;
    p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS);
    if (p != nullptr && OSSL_PARAM_set_int(p, KemNames<K>::security_bits) != 1) return 0;
    p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE);
    if (p != nullptr && OSSL_PARAM_set_int(p, static_cast<int>(K::ciphertext_bytes)) != 1) return 0;
    if (const auto* pk = key->public_key()) {
      for (const char* name : {OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, OSSL_PKEY_PARAM_PUB_KEY}) {
        p = OSSL_PARAM_locate(params, name);
        if (p != nullptr && OSSL_PARAM_set_octet_string(p, pk->bytes().data(), K::public_key_bytes) != 1) return 0;
      }
    }
    if (key->private_key) {
      p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PRIV_KEY);
      if (p != nullptr) {
        SecretArray<KemPrivateForm<K>::bytes> priv;
        if (!KemPrivateForm<K>::write(*key->private_key, priv.span()) ||
            OSSL_PARAM_set_octet_string(p, priv.data(), priv.size()) != 1)
          return 0;
      }
      p = OSSL_PARAM_locate(params, kSeedParam);
      if (p != nullptr) {
        SecretArray<Seed::bytes> seed;
        if (Seed::write(*key->private_key, seed.span()) &&
            OSSL_PARAM_set_octet_string(p, seed.data(), Seed::bytes) != 1)
          return 0;
      }
    }
    return 1;
  }
  static const OSSL_PARAM* gettable_params(void*) noexcept {
    static const OSSL_PARAM p[] = {
        OSSL_PARAM_DEFN(OSSL_PKEY_PARAM_BITS, OSSL_PARAM_INTEGER, nullptr, sizeof(int)),
        OSSL_PARAM_DEFN(OSSL_PKEY_PARAM_SECURITY_BITS, OSSL_PARAM_INTEGER, nullptr, sizeof(int)),
        OSSL_PARAM_DEFN(OSSL_PKEY_PARAM_MAX_SIZE, OSSL_PARAM_INTEGER, nullptr, sizeof(int)),
        OSSL_PARAM_DEFN(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, OSSL_PARAM_OCTET_STRING, nullptr, 0),
        OSSL_PARAM_DEFN(OSSL_PKEY_PARAM_PUB_KEY, OSSL_PARAM_OCTET_STRING, nullptr, 0),
        OSSL_PARAM_DEFN(OSSL_PKEY_PARAM_PRIV_KEY, OSSL_PARAM_OCTET_STRING, nullptr, 0),
        OSSL_PARAM_DEFN(kSeedParam, OSSL_PARAM_OCTET_STRING, nullptr, 0),
        OSSL_PARAM_END};
    return p;
  }
  // libssl's server side: EVP_PKEY_set1_encoded_public_key(peer_tmp, share) on the empty
  // key made by paramgen. A malformed share fails here, and libssl answers it with an
  // illegal_parameter alert (RFC 8446, s4.2.8).
  static int set_params(void* k, const OSSL_PARAM params[]) noexcept {
    auto* key = static_cast<Key*>(k);
    if (key == nullptr) return 0;
    if (params == nullptr) return 1;
    const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);
    if (p == nullptr) return 1;
    if (!key->empty()) return raise_error(kName, PROV_R_OPERATION_NOT_SUPPORTED_FOR_THIS_KEYTYPE, "a key cannot be changed");
    const void* data = nullptr;
    std::size_t len = 0;
    if (OSSL_PARAM_get_octet_string_ptr(p, &data, &len) != 1) return raise_error(kName, PROV_R_INVALID_DATA, "encoded public key");
    return set_public(key, std::span(static_cast<const std::uint8_t*>(data), len));
  }
  static const OSSL_PARAM* settable_params(void*) noexcept {
    static const OSSL_PARAM p[] = {
        OSSL_PARAM_DEFN(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, OSSL_PARAM_OCTET_STRING, nullptr, 0), OSSL_PARAM_END};
    return p;
  }

  static const OSSL_DISPATCH* dispatch() noexcept {
#define TESSERA_FN(f) reinterpret_cast<void (*)()>(&f)
    static const OSSL_DISPATCH d[] = {
        {OSSL_FUNC_KEYMGMT_NEW, TESSERA_FN(newkey)},
        {OSSL_FUNC_KEYMGMT_FREE, TESSERA_FN(freekey)},
        {OSSL_FUNC_KEYMGMT_GEN_INIT, TESSERA_FN(gen_init)},
        {OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, TESSERA_FN(gen_set_params)},
        {OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, TESSERA_FN(gen_settable_params)},
        {OSSL_FUNC_KEYMGMT_GEN, TESSERA_FN(gen)},
        {OSSL_FUNC_KEYMGMT_GEN_CLEANUP, TESSERA_FN(gen_cleanup)},
        {OSSL_FUNC_KEYMGMT_HAS, TESSERA_FN(has)},
        {OSSL_FUNC_KEYMGMT_MATCH, TESSERA_FN(match)},
        {OSSL_FUNC_KEYMGMT_DUP, TESSERA_FN(dup)},
        {OSSL_FUNC_KEYMGMT_IMPORT, TESSERA_FN(import)},
        {OSSL_FUNC_KEYMGMT_IMPORT_TYPES, TESSERA_FN(key_types)},
        {OSSL_FUNC_KEYMGMT_EXPORT, TESSERA_FN(export_key)},
        {OSSL_FUNC_KEYMGMT_EXPORT_TYPES, TESSERA_FN(key_types)},
        {OSSL_FUNC_KEYMGMT_LOAD, TESSERA_FN(load)},
        {OSSL_FUNC_KEYMGMT_GET_PARAMS, TESSERA_FN(get_params)},
        {OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, TESSERA_FN(gettable_params)},
        {OSSL_FUNC_KEYMGMT_SET_PARAMS, TESSERA_FN(set_params)},
        {OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, TESSERA_FN(settable_params)},
        {0, nullptr}};
#undef TESSERA_FN
    return d;
  }
};

template <KemScheme K>
OSSL_ALGORITHM entry() noexcept {
  return OSSL_ALGORITHM{KemNames<K>::names, kProperties, Keymgmt<K>::dispatch(), KemNames<K>::description};
}
template <class... K>
const OSSL_ALGORITHM* table(KemList<K...>) noexcept {
  static const OSSL_ALGORITHM t[] = {entry<K>()..., {nullptr, nullptr, nullptr, nullptr}};
  return t;
}

}  // namespace

const OSSL_ALGORITHM* kem_keymgmt_algorithms() noexcept { return table(AllKems{}); }

}  // namespace tessera::provider
