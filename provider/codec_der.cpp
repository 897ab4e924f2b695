// SubjectPublicKeyInfo and PrivateKeyInfo for the LAMPS key formats (codec_der.hpp), with
// libcrypto's ASN.1 types. Parsing never goes through d2i_X509_PUBKEY: that function would
// ask the decoders (this provider's among them) to decode the key again, recursively.
#include "codec_der.hpp"

#include <openssl/asn1.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/objects.h>
#include <openssl/proverr.h>
#include <openssl/x509.h>

#include <cstring>
#include <memory>

namespace tessera::provider {
namespace {

struct ObjFree { void operator()(ASN1_OBJECT* o) const noexcept { ASN1_OBJECT_free(o); } };
struct AlgorFree { void operator()(X509_ALGOR* a) const noexcept { X509_ALGOR_free(a); } };
struct PubkeyFree { void operator()(X509_PUBKEY* a) const noexcept { X509_PUBKEY_free(a); } };
struct P8Free { void operator()(PKCS8_PRIV_KEY_INFO* a) const noexcept { PKCS8_PRIV_KEY_INFO_free(a); } };
struct BitsFree { void operator()(ASN1_BIT_STRING* a) const noexcept { ASN1_BIT_STRING_free(a); } };

int raise(int reason, const char* text) noexcept {
  ERR_raise_data(ERR_LIB_PROV, reason, "%s", text);
  return 0;
}

// The OID as an ASN1_OBJECT; from its dotted form, so OpenSSL 3.0 (which has no ML-DSA
// OIDs of its own) needs no object table entry.
std::unique_ptr<ASN1_OBJECT, ObjFree> oid_object(const char* oid) noexcept {
  return std::unique_ptr<ASN1_OBJECT, ObjFree>(OBJ_txt2obj(oid, 1));
}

// The AlgorithmIdentifier is ours: same OID, parameters absent (RFC 9881 Section 2:
// "The parameters field of the AlgorithmIdentifier ... MUST be absent").
DecodeStatus check_algorithm(const CodecKeyOps& ops, const X509_ALGOR* alg) noexcept {
  const ASN1_OBJECT* obj = nullptr;
  int ptype = 0;
  X509_ALGOR_get0(&obj, &ptype, nullptr, alg);
  auto want = oid_object(ops.oid);
  if (!want || obj == nullptr || OBJ_cmp(obj, want.get()) != 0) return DecodeStatus::not_ours;
  if (ptype != V_ASN1_UNDEF) {
    raise(PROV_R_INVALID_KEY, "AlgorithmIdentifier parameters must be absent");
    return DecodeStatus::bad;
  }
  return DecodeStatus::ok;
}

// One TLV header (ASN1_get_object); false on malformed or indefinite-length input.
bool read_header(const unsigned char** p, long max, long* len, int* tag, int* cls, bool* constructed) noexcept {
  const int r = ASN1_get_object(p, len, tag, cls, max);
  if ((r & 0x80) != 0 || (r & 0x01) != 0) return false;
  *constructed = (r & V_ASN1_CONSTRUCTED) != 0;
  return true;
}

// A primitive OCTET STRING of exactly `want` bytes at *p (advanced past it).
bool read_octets(const unsigned char** p, const unsigned char* end, std::size_t want,
                 std::span<const std::uint8_t>* out) noexcept {
  long len = 0;
  int tag = 0, cls = 0;
  bool cons = false;
  if (!read_header(p, end - *p, &len, &tag, &cls, &cons)) return false;
  if (cons || cls != V_ASN1_UNIVERSAL || tag != V_ASN1_OCTET_STRING || static_cast<std::size_t>(len) != want) return false;
  *out = {*p, want};
  *p += len;
  return true;
}

}  // namespace

bool PrivateFormPreference::parse(std::string_view list) noexcept {
  PrivateFormPreference next;
  next.count = 0;
  std::size_t i = 0;
  while (i < list.size()) {
    while (i < list.size() && (list[i] == ',' || list[i] == ' ' || list[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < list.size() && list[j] != ',' && list[j] != ' ' && list[j] != '\t') ++j;
    if (j == i) break;
    const std::string_view word = list.substr(i, j - i);
    PrivateForm f;
    if (word == "seed-only") f = PrivateForm::seed_only;
    else if (word == "priv-only") f = PrivateForm::expanded_only;
    else if (word == "seed-priv") f = PrivateForm::both;
    else return false;
    if (next.count == 3) return false;
    next.order[next.count++] = f;
    i = j;
  }
  if (next.count == 0) return false;
  *this = next;
  return true;
}

std::size_t algorithm_identifier_der(const char* oid, std::span<std::uint8_t> out) noexcept {
  std::unique_ptr<X509_ALGOR, AlgorFree> alg(X509_ALGOR_new());
  auto obj = oid_object(oid);
  if (!alg || !obj || X509_ALGOR_set0(alg.get(), obj.get(), V_ASN1_UNDEF, nullptr) != 1) return 0;
  obj.release();  // owned by alg now
  const int len = i2d_X509_ALGOR(alg.get(), nullptr);
  if (len <= 0 || static_cast<std::size_t>(len) > out.size()) return 0;
  unsigned char* p = out.data();
  return i2d_X509_ALGOR(alg.get(), &p) == len ? static_cast<std::size_t>(len) : 0;
}

int encode_spki(const CodecKeyOps& ops, const void* key, unsigned char** der) noexcept {
  const auto pub = ops.public_key(key);
  if (pub.size() != ops.public_bytes) return raise(PROV_R_NOT_A_PUBLIC_KEY, "no public key to encode");
  std::unique_ptr<X509_PUBKEY, PubkeyFree> spki(X509_PUBKEY_new());
  auto obj = oid_object(ops.oid);
  auto* copy = static_cast<unsigned char*>(OPENSSL_memdup(pub.data(), pub.size()));
  if (!spki || !obj || copy == nullptr) {
    OPENSSL_free(copy);
    return raise(ERR_R_MALLOC_FAILURE, "out of memory");
  }
  // X509_PUBKEY_set0_param takes the OID and the key bytes (BIT STRING, 0 unused bits).
  if (X509_PUBKEY_set0_param(spki.get(), obj.get(), V_ASN1_UNDEF, nullptr, copy, static_cast<int>(pub.size())) != 1) {
    OPENSSL_free(copy);
    return raise(ERR_R_INTERNAL_ERROR, "X509_PUBKEY_set0_param failed");
  }
  obj.release();
  *der = nullptr;
  const int len = i2d_X509_PUBKEY(spki.get(), der);
  return len > 0 ? len : raise(ERR_R_INTERNAL_ERROR, "i2d_X509_PUBKEY failed");
}

int encode_pkcs8(const CodecKeyOps& ops, const void* key, const PrivateFormPreference& pref,
                 unsigned char** der) noexcept {
  if (!ops.has_private(key)) return raise(PROV_R_NOT_A_PRIVATE_KEY, "no private key to encode");
  // The key's seed and expanded key, in buffers wiped on every return path.
  auto* seed = static_cast<unsigned char*>(OPENSSL_zalloc(ops.seed_bytes));
  auto* expanded = static_cast<unsigned char*>(OPENSSL_zalloc(ops.expanded_bytes));
  auto wipe = [&] {
    OPENSSL_clear_free(seed, ops.seed_bytes);
    OPENSSL_clear_free(expanded, ops.expanded_bytes);
  };
  if (seed == nullptr || expanded == nullptr) {
    wipe();
    return raise(ERR_R_MALLOC_FAILURE, "out of memory");
  }
  const bool has_seed = ops.seed(key, {seed, ops.seed_bytes});
  if (!ops.expanded(key, {expanded, ops.expanded_bytes})) {
    wipe();
    return raise(PROV_R_NOT_A_PRIVATE_KEY, "no private key to encode");
  }
  PrivateForm form = PrivateForm::expanded_only;
  bool found = false;
  for (int i = 0; i < pref.count && !found; ++i) {
    if (pref.order[i] != PrivateForm::expanded_only && !has_seed) continue;
    form = pref.order[i];
    found = true;
  }
  if (!found) {
    wipe();
    return raise(PROV_R_NOT_A_PRIVATE_KEY, "the key has no seed, and only seed forms are enabled");
  }

  // The CHOICE, with libcrypto's TLV writer (ASN1_object_size / ASN1_put_object).
  const int seed_tlv = ASN1_object_size(0, static_cast<int>(ops.seed_bytes), V_ASN1_OCTET_STRING);
  const int exp_tlv = ASN1_object_size(0, static_cast<int>(ops.expanded_bytes), V_ASN1_OCTET_STRING);
  int choice_len = 0;
  switch (form) {
    case PrivateForm::seed_only: choice_len = ASN1_object_size(0, static_cast<int>(ops.seed_bytes), 0); break;
    case PrivateForm::expanded_only: choice_len = exp_tlv; break;
    case PrivateForm::both: choice_len = ASN1_object_size(1, seed_tlv + exp_tlv, V_ASN1_SEQUENCE); break;
  }
  auto* choice = static_cast<unsigned char*>(OPENSSL_malloc(static_cast<std::size_t>(choice_len)));
  if (choice == nullptr) {
    wipe();
    return raise(ERR_R_MALLOC_FAILURE, "out of memory");
  }
  unsigned char* p = choice;
  auto put = [&p](int constructed, std::size_t len, int tag, int cls, const unsigned char* bytes) {
    ASN1_put_object(&p, constructed, static_cast<int>(len), tag, cls);
    if (bytes != nullptr) {
      std::memcpy(p, bytes, len);
      p += len;
    }
  };
  switch (form) {
    case PrivateForm::seed_only:  // seed [0] IMPLICIT OCTET STRING
      put(0, ops.seed_bytes, 0, V_ASN1_CONTEXT_SPECIFIC, seed);
      break;
    case PrivateForm::expanded_only:
      put(0, ops.expanded_bytes, V_ASN1_OCTET_STRING, V_ASN1_UNIVERSAL, expanded);
      break;
    case PrivateForm::both:
      put(1, static_cast<std::size_t>(seed_tlv + exp_tlv), V_ASN1_SEQUENCE, V_ASN1_UNIVERSAL, nullptr);
      put(0, ops.seed_bytes, V_ASN1_OCTET_STRING, V_ASN1_UNIVERSAL, seed);
      put(0, ops.expanded_bytes, V_ASN1_OCTET_STRING, V_ASN1_UNIVERSAL, expanded);
      break;
  }
  wipe();

  std::unique_ptr<PKCS8_PRIV_KEY_INFO, P8Free> p8(PKCS8_PRIV_KEY_INFO_new());
  auto obj = oid_object(ops.oid);
  // PKCS8_pkey_set0 takes `choice`; PKCS8_PRIV_KEY_INFO_free clears it (ASN1_STRING_clear_free).
  if (!p8 || !obj || PKCS8_pkey_set0(p8.get(), obj.get(), 0, V_ASN1_UNDEF, nullptr, choice, choice_len) != 1) {
    OPENSSL_clear_free(choice, static_cast<std::size_t>(choice_len));
    return raise(ERR_R_MALLOC_FAILURE, "out of memory");
  }
  obj.release();
  const int len = i2d_PKCS8_PRIV_KEY_INFO(p8.get(), nullptr);
  if (len <= 0) return raise(ERR_R_INTERNAL_ERROR, "i2d_PKCS8_PRIV_KEY_INFO failed");
  *der = static_cast<unsigned char*>(OPENSSL_malloc(static_cast<std::size_t>(len)));
  if (*der == nullptr) return raise(ERR_R_MALLOC_FAILURE, "out of memory");
  unsigned char* q = *der;
  if (i2d_PKCS8_PRIV_KEY_INFO(p8.get(), &q) != len) {
    OPENSSL_clear_free(*der, static_cast<std::size_t>(len));
    *der = nullptr;
    return raise(ERR_R_INTERNAL_ERROR, "i2d_PKCS8_PRIV_KEY_INFO failed");
  }
  return len;
}

bool parse_private_choice(const CodecKeyOps& ops, std::span<const std::uint8_t> choice,
                          std::span<const std::uint8_t>* seed, std::span<const std::uint8_t>* expanded) noexcept {
  *seed = {};
  *expanded = {};
  const unsigned char* p = choice.data();
  const unsigned char* end = p + choice.size();
  long len = 0;
  int tag = 0, cls = 0;
  bool cons = false;
  if (!read_header(&p, end - p, &len, &tag, &cls, &cons)) return false;
  if (cls == V_ASN1_CONTEXT_SPECIFIC && tag == 0 && !cons) {  // seed [0]
    if (static_cast<std::size_t>(len) != ops.seed_bytes || p + len != end) return false;
    *seed = {p, ops.seed_bytes};
    return true;
  }
  if (cls == V_ASN1_UNIVERSAL && tag == V_ASN1_OCTET_STRING && !cons) {  // expandedKey
    if (static_cast<std::size_t>(len) != ops.expanded_bytes || p + len != end) return false;
    *expanded = {p, ops.expanded_bytes};
    return true;
  }
  if (cls == V_ASN1_UNIVERSAL && tag == V_ASN1_SEQUENCE && cons) {  // both
    if (p + len != end) return false;
    return read_octets(&p, end, ops.seed_bytes, seed) && read_octets(&p, end, ops.expanded_bytes, expanded) &&
           p == end;
  }
  return false;
}

DecodeStatus decode_spki(const CodecKeyOps& ops, void* provctx, std::span<const std::uint8_t> der,
                         void** key) noexcept {
  *key = nullptr;
  // SEQUENCE { AlgorithmIdentifier, BIT STRING }, walked with libcrypto's parsers.
  const unsigned char* p = der.data();
  const unsigned char* end = p + der.size();
  long len = 0;
  int tag = 0, cls = 0;
  bool cons = false;
  if (!read_header(&p, end - p, &len, &tag, &cls, &cons) || !cons || tag != V_ASN1_SEQUENCE ||
      cls != V_ASN1_UNIVERSAL || p + len != end)
    return DecodeStatus::not_ours;
  std::unique_ptr<X509_ALGOR, AlgorFree> alg(d2i_X509_ALGOR(nullptr, &p, end - p));
  if (!alg) return DecodeStatus::not_ours;
  const DecodeStatus s = check_algorithm(ops, alg.get());
  if (s != DecodeStatus::ok) return s;
  std::unique_ptr<ASN1_BIT_STRING, BitsFree> bits(d2i_ASN1_BIT_STRING(nullptr, &p, end - p));
  if (!bits || p != end || (bits->flags & ASN1_STRING_FLAG_BITS_LEFT && (bits->flags & 0x07) != 0) ||
      static_cast<std::size_t>(ASN1_STRING_length(bits.get())) != ops.public_bytes) {
    raise(PROV_R_BAD_ENCODING, "malformed SubjectPublicKeyInfo, or wrong public key length");
    return DecodeStatus::bad;
  }
  *key = ops.from_public(provctx, {ASN1_STRING_get0_data(bits.get()), ops.public_bytes});
  return *key != nullptr ? DecodeStatus::ok : DecodeStatus::bad;
}

DecodeStatus decode_pkcs8(const CodecKeyOps& ops, void* provctx, std::span<const std::uint8_t> der,
                          void** key) noexcept {
  *key = nullptr;
  const unsigned char* p = der.data();
  std::unique_ptr<PKCS8_PRIV_KEY_INFO, P8Free> p8(d2i_PKCS8_PRIV_KEY_INFO(nullptr, &p, static_cast<long>(der.size())));
  if (!p8 || p != der.data() + der.size()) return DecodeStatus::not_ours;
  const unsigned char* choice = nullptr;
  int choice_len = 0;
  const X509_ALGOR* alg = nullptr;
  if (PKCS8_pkey_get0(nullptr, &choice, &choice_len, &alg, p8.get()) != 1 || alg == nullptr) return DecodeStatus::not_ours;
  const DecodeStatus s = check_algorithm(ops, alg);
  if (s != DecodeStatus::ok) return s;
  std::span<const std::uint8_t> seed, expanded;
  if (choice == nullptr || !parse_private_choice(ops, {choice, static_cast<std::size_t>(choice_len)}, &seed, &expanded)) {
    raise(PROV_R_BAD_ENCODING, "malformed private key CHOICE (seed [0], expandedKey or both), or wrong lengths");
    return DecodeStatus::bad;
  }
  *key = ops.from_private(provctx, seed, expanded);
  return *key != nullptr ? DecodeStatus::ok : DecodeStatus::bad;
}

}  // namespace tessera::provider
