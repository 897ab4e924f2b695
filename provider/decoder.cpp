// DECODERs (provider-decoder(7) of OpenSSL 3.0) for every CodecKeyOps of codec_key.hpp:
//   input=der, structure=SubjectPublicKeyInfo and input=der, structure=PrivateKeyInfo.
// They sit at the end of OpenSSL's decoder chain: PEM input is turned into DER by the
// default provider's pem2der (which names the structure from the PEM label), so these
// decoders only ever see DER; `openssl pkey -provider tessera -provider default` works,
// and so does d2i_X509_PUBKEY in X.509 parsing, which asks for the key type by the OID's
// name (or its dotted form: every decoder name list carries the OID). The private key
// CHOICE is read in all three forms (seed, expandedKey, both; both must agree, RFC 9881
// Section 6). Input that is not for this algorithm is passed over (return 1, no object),
// as provider-decoder(7) asks, so other decoders can try it.
// The decoded key goes to the KEYMGMT by reference (OSSL_OBJECT_PARAM_REFERENCE: the keydata
// pointer, taken over by the KEYMGMT's load()), or through export_object to a KEYMGMT of
// another provider.
#include "algorithms.hpp"
#include "codec_der.hpp"
#include "codec_key.hpp"
#include "provider_context.hpp"

#include <openssl/bio.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/core_object.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/proverr.h>

#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace tessera::provider {
namespace {

enum class Kind { spki, pki };
constexpr Kind kKinds[] = {Kind::spki, Kind::pki};
constexpr std::size_t kMaxInput = 1 << 20;  // far above any LAMPS key (ML-DSA-87 PKCS#8: 4.9 KB)

constexpr const char* properties(Kind k) noexcept {
  return k == Kind::spki ? "provider=tessera,input=der,structure=SubjectPublicKeyInfo"
                         : "provider=tessera,input=der,structure=PrivateKeyInfo";
}

struct DecoderCtx {
  ProviderContext* prov;
};

struct BioFree { void operator()(BIO* b) const noexcept { BIO_free(b); } };

// The whole input, in a buffer wiped on destruction (it may hold a private key).
struct Input {
  std::vector<unsigned char> bytes;
  ~Input() { OPENSSL_cleanse(bytes.data(), bytes.size()); }
  bool read(BIO* in) noexcept {
    unsigned char chunk[4096];
    for (;;) {
      const int n = BIO_read(in, chunk, sizeof chunk);
      if (n <= 0) break;
      if (bytes.size() + static_cast<std::size_t>(n) > kMaxInput) {
        OPENSSL_cleanse(chunk, sizeof chunk);
        return false;
      }
      // Grow in place (a reallocation would leave an unwiped copy): reserve generously first.
      if (bytes.capacity() < bytes.size() + static_cast<std::size_t>(n)) {
        std::vector<unsigned char> bigger;
        bigger.reserve(2 * (bytes.size() + static_cast<std::size_t>(n)) + 8192);
        bigger.assign(bytes.begin(), bytes.end());
        OPENSSL_cleanse(bytes.data(), bytes.size());
        bytes.swap(bigger);
      }
      bytes.insert(bytes.end(), chunk, chunk + n);
    }
    OPENSSL_cleanse(chunk, sizeof chunk);
    return true;
  }
};

template <std::size_t I, Kind K>
struct Decoder {
  static const CodecKeyOps& ops() noexcept { return *kCodecKeys[I]; }

  static void* newctx(void* provctx) noexcept { return new (std::nothrow) DecoderCtx{context(provctx)}; }
  static void freectx(void* c) noexcept { delete static_cast<DecoderCtx*>(c); }

  // Selections are levels (private > public > parameters): the first one asked for decides
  // whether this structure can give it. 0 means "guess": anything.
  static int does_selection(void*, int selection) noexcept {
    if (selection == 0) return 1;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) return K == Kind::pki ? 1 : 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0) return K == Kind::spki ? 1 : 0;
    return 0;
  }

  static int decode(void* vc, OSSL_CORE_BIO* cin, int selection, OSSL_CALLBACK* data_cb, void* data_cbarg,
                    OSSL_PASSPHRASE_CALLBACK*, void*) noexcept {
    auto* c = static_cast<DecoderCtx*>(vc);
    if (c == nullptr) return 0;
    if (selection != 0 && does_selection(nullptr, selection) == 0) return 1;
    Input input;
    {
      std::unique_ptr<BIO, BioFree> in(BIO_new_from_core_bio(c->prov->libctx, cin));
      if (!in) return 0;
      if (!input.read(in.get())) return 1;  // too large to be ours
    }
    // Parsing errors of input that is not ours are dropped (the mark); those of a key that
    // is ours but malformed or inconsistent stay for the caller.
    ERR_set_mark();
    void* key = nullptr;
    const DecodeStatus s = K == Kind::spki ? decode_spki(ops(), c->prov, input.bytes, &key)
                                           : decode_pkcs8(ops(), c->prov, input.bytes, &key);
    if (s != DecodeStatus::ok) {
      if (s == DecodeStatus::bad) ERR_clear_last_mark();
      else ERR_pop_to_mark();
      return 1;  // no object: the decoder chain goes on (and fails if nothing else fits)
    }
    ERR_pop_to_mark();

    int object_type = OSSL_OBJECT_PKEY;
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_int(OSSL_OBJECT_PARAM_TYPE, &object_type),
        OSSL_PARAM_construct_utf8_string(OSSL_OBJECT_PARAM_DATA_TYPE, const_cast<char*>(ops().name), 0),
        OSSL_PARAM_construct_octet_string(OSSL_OBJECT_PARAM_REFERENCE, &key, sizeof key),
        OSSL_PARAM_construct_end()};
    const int ok = data_cb(params, data_cbarg);
    if (key != nullptr) ops().free_key(key);  // not taken by a load()
    return ok;
  }

  static int export_object(void*, const void* reference, std::size_t size, OSSL_CALLBACK* cb, void* cbarg) noexcept {
    if (reference == nullptr || size != sizeof(void*)) return 0;
    void* key = *static_cast<void* const*>(reference);
    return key == nullptr ? 0 : ops().export_key(key, OSSL_KEYMGMT_SELECT_ALL, cb, cbarg);
  }

#define TESSERA_FN(f) reinterpret_cast<void (*)()>(f)
  static inline const OSSL_DISPATCH kDispatch[] = {
      {OSSL_FUNC_DECODER_NEWCTX, TESSERA_FN(newctx)},
      {OSSL_FUNC_DECODER_FREECTX, TESSERA_FN(freectx)},
      {OSSL_FUNC_DECODER_DOES_SELECTION, TESSERA_FN(does_selection)},
      {OSSL_FUNC_DECODER_DECODE, TESSERA_FN(decode)},
      {OSSL_FUNC_DECODER_EXPORT_OBJECT, TESSERA_FN(export_object)},
      {0, nullptr}};
#undef TESSERA_FN
};

}  // namespace

const OSSL_ALGORITHM* decoder_algorithms() noexcept {
  static const std::vector<OSSL_ALGORITHM> table =
      codec_algorithms<Kind, Decoder, kKinds, properties>("Tessera LAMPS key decoder");
  return table.data();
}

}  // namespace tessera::provider
