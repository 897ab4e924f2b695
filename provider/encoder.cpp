// ENCODERs (provider-encoder(7) of OpenSSL 3.0) for every CodecKeyOps of codec_key.hpp:
//   output=der / pem, structure=SubjectPublicKeyInfo  (public key selection)
//   output=der / pem, structure=PrivateKeyInfo        (private key selection; unencrypted)
//   output=text                                       (like `openssl pkey -text`: OpenSSL
//                                                      3.5's "<alg> Private-Key:" layout)
// The DER comes from codec_der.cpp; PEM is libcrypto's PEM_write_bio with the RFC 7468
// labels "PUBLIC KEY" / "PRIVATE KEY". The private key form follows a preference list,
// set with the encoder parameter "ml-dsa.output_formats" / "ml-kem.output_formats"
// (OSSL_ENCODER_CTX_set_params; the names are OpenSSL 3.5's; the default here is the seed
// alone when the key has it, else the expanded key: codec_der.hpp, PrivateFormPreference).
#include "algorithms.hpp"
#include "codec_der.hpp"
#include "codec_key.hpp"
#include "provider_context.hpp"

#include <openssl/bio.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/err.h>
#include <openssl/proverr.h>

#include <array>
#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace tessera::provider {
namespace {

enum class Kind { spki_der, spki_pem, pki_der, pki_pem, text };
constexpr Kind kKinds[] = {Kind::spki_der, Kind::spki_pem, Kind::pki_der, Kind::pki_pem, Kind::text};

constexpr const char* properties(Kind k) noexcept {
  switch (k) {
    case Kind::spki_der: return "provider=tessera,output=der,structure=SubjectPublicKeyInfo";
    case Kind::spki_pem: return "provider=tessera,output=pem,structure=SubjectPublicKeyInfo";
    case Kind::pki_der: return "provider=tessera,output=der,structure=PrivateKeyInfo";
    case Kind::pki_pem: return "provider=tessera,output=pem,structure=PrivateKeyInfo";
    case Kind::text: return "provider=tessera,output=text";
  }
  return nullptr;
}

struct EncoderCtx {
  ProviderContext* prov;
  PrivateFormPreference pref;
  // A cipher was asked for (OSSL_ENCODER_PARAM_CIPHER: `openssl genpkey -aes256`, `req`
  // without -noenc). EncryptedPrivateKeyInfo is not written by these encoders, so the
  // private key encoders then fail instead of writing the key unencrypted.
  bool cipher_requested = false;
};

struct BioFree { void operator()(BIO* b) const noexcept { BIO_free(b); } };

// "label:" then hex lines of 15 bytes, "    xx:xx:...", as `openssl pkey -text` prints
// key material.
bool print_hex(BIO* out, const char* label, const unsigned char* buf, std::size_t len) noexcept {
  if (BIO_printf(out, "%s:\n", label) <= 0) return false;
  for (std::size_t i = 0; i < len; ++i) {
    if (i % 15 == 0 && BIO_puts(out, i == 0 ? "    " : "\n    ") <= 0) return false;
    if (BIO_printf(out, i + 1 == len ? "%02x" : "%02x:", buf[i]) <= 0) return false;
  }
  return BIO_puts(out, "\n") > 0;
}

bool write_text(BIO* out, const CodecKeyOps& ops, const void* key, int selection) noexcept {
  const auto pub = ops.public_key(key);
  if (pub.empty()) {
    ERR_raise_data(ERR_LIB_PROV, PROV_R_MISSING_KEY, "no %s key material", ops.name);
    return false;
  }
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) {
    if (!ops.has_private(key)) {
      ERR_raise_data(ERR_LIB_PROV, PROV_R_NOT_A_PRIVATE_KEY, "no %s private key", ops.name);
      return false;
    }
    std::vector<unsigned char> seed(ops.seed_bytes), expanded(ops.expanded_bytes);
    const bool has_seed = ops.seed(key, seed);
    bool ok = ops.expanded(key, expanded) && BIO_printf(out, "%s Private-Key:\n", ops.name) > 0 &&
              (!has_seed || print_hex(out, "seed", seed.data(), seed.size())) &&
              print_hex(out, ops.expanded_label, expanded.data(), expanded.size());
    OPENSSL_cleanse(seed.data(), seed.size());
    OPENSSL_cleanse(expanded.data(), expanded.size());
    if (!ok) return false;
  } else if (BIO_printf(out, "%s Public-Key:\n", ops.name) <= 0) {
    return false;
  }
  return print_hex(out, ops.public_label, pub.data(), pub.size());
}

template <std::size_t I, Kind K>
struct Encoder {
  static const CodecKeyOps& ops() noexcept { return *kCodecKeys[I]; }
  static constexpr bool is_private = K == Kind::pki_der || K == Kind::pki_pem;
  static constexpr bool is_public = K == Kind::spki_der || K == Kind::spki_pem;

  static void* newctx(void* provctx) noexcept { return new (std::nothrow) EncoderCtx{context(provctx), {}}; }
  static void freectx(void* c) noexcept { delete static_cast<EncoderCtx*>(c); }

  static const OSSL_PARAM* settable(void*) noexcept {
    static const OSSL_PARAM params[] = {OSSL_PARAM_utf8_string(ops().output_formats_param, nullptr, 0),
                                        OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_CIPHER, nullptr, 0), OSSL_PARAM_END};
    return params;
  }
  static int set_params(void* vc, const OSSL_PARAM params[]) noexcept {
    auto* c = static_cast<EncoderCtx*>(vc);
    if (c == nullptr) return 0;
    const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_CIPHER);
    if (p != nullptr) {
      const char* cipher = nullptr;
      if (OSSL_PARAM_get_utf8_string_ptr(p, &cipher) != 1) return 0;
      c->cipher_requested = cipher != nullptr && cipher[0] != '\0';
    }
    p = OSSL_PARAM_locate_const(params, ops().output_formats_param);
    if (p == nullptr) return 1;
    const char* list = nullptr;
    if (OSSL_PARAM_get_utf8_string_ptr(p, &list) != 1 || !c->pref.parse(list)) {
      ERR_raise_data(ERR_LIB_PROV, PROV_R_INVALID_MODE, "%s: expected a list of seed-only, priv-only, seed-priv",
                     ops().output_formats_param);
      return 0;
    }
    return 1;
  }

  static int does_selection(void*, int selection) noexcept {
    if constexpr (is_private) return (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0;
    if constexpr (is_public) return (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0;
    return (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0;
  }

  static int encode(void* vc, OSSL_CORE_BIO* cout, const void* key, const OSSL_PARAM[], int selection,
                    OSSL_PASSPHRASE_CALLBACK*, void*) noexcept {
    auto* c = static_cast<EncoderCtx*>(vc);
    if (c == nullptr || key == nullptr) {
      ERR_raise_data(ERR_LIB_PROV, ERR_R_PASSED_NULL_PARAMETER, "no %s key to encode", ops().name);
      return 0;
    }
    std::unique_ptr<BIO, BioFree> out(BIO_new_from_core_bio(c->prov->libctx, cout));
    if (!out) return 0;
    if constexpr (K == Kind::text) {
      return write_text(out.get(), ops(), key, selection) ? 1 : 0;
    } else {
      if (is_private && c->cipher_requested) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_UNSUPPORTED_CEK_ALG,
                       "encrypted %s private keys are not supported by tessera (use -noenc / -nodes)", ops().name);
        return 0;
      }
      unsigned char* der = nullptr;
      const int len = is_private ? encode_pkcs8(ops(), key, c->pref, &der) : encode_spki(ops(), key, &der);
      if (len <= 0) return 0;
      int ok;
      if constexpr (K == Kind::spki_pem) ok = PEM_write_bio(out.get(), PEM_STRING_PUBLIC, "", der, len) > 0;
      else if constexpr (K == Kind::pki_pem) ok = PEM_write_bio(out.get(), PEM_STRING_PKCS8INF, "", der, len) > 0;
      else ok = BIO_write(out.get(), der, len) == len;
      OPENSSL_clear_free(der, static_cast<std::size_t>(len));
      return ok ? 1 : 0;
    }
  }

#define TESSERA_FN(f) reinterpret_cast<void (*)()>(f)
  static inline const OSSL_DISPATCH kDispatch[] = {
      {OSSL_FUNC_ENCODER_NEWCTX, TESSERA_FN(newctx)},
      {OSSL_FUNC_ENCODER_FREECTX, TESSERA_FN(freectx)},
      {OSSL_FUNC_ENCODER_SET_CTX_PARAMS, TESSERA_FN(set_params)},
      {OSSL_FUNC_ENCODER_SETTABLE_CTX_PARAMS, TESSERA_FN(settable)},
      {OSSL_FUNC_ENCODER_DOES_SELECTION, TESSERA_FN(does_selection)},
      {OSSL_FUNC_ENCODER_ENCODE, TESSERA_FN(encode)},
      {0, nullptr}};
#undef TESSERA_FN
};

}  // namespace

const OSSL_ALGORITHM* encoder_algorithms() noexcept {
  static const std::vector<OSSL_ALGORITHM> table =
      codec_algorithms<Kind, Encoder, kKinds, properties>("Tessera LAMPS key encoder");
  return table.data();
}

}  // namespace tessera::provider
