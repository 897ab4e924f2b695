// The provider's KEMs through OpenSSL's EVP API (provider-kem(7), provider-keymgmt(7)),
// checked against Tessera's own API on the same keys: a key made by one side and used by
// the other, both directions, for all seven KEMs; seed key generation and deterministic
// encapsulation byte for byte; malformed shares and ciphertexts rejected with an error on
// OpenSSL's queue. The module is loaded into a fresh OSSL_LIB_CTX from the build tree.
#include "kem_key.hpp"      // provider/: kKemSeedParam
#include "kem_schemes.hpp"  // provider/: the names and seed forms under test

#include <tessera/hybrid.hpp>
#include <tessera/mlkem.hpp>
#include <tessera/random.hpp>
#include <tessera/xwing.hpp>

#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include <openssl/ssl.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

namespace {

using Bytes = std::vector<std::uint8_t>;
using tessera::provider::KemNames;
using tessera::provider::SeedForm;

constexpr const char* kPropq = "provider=tessera";

struct PkeyFree { void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); } };
struct CtxFree { void operator()(EVP_PKEY_CTX* p) const { EVP_PKEY_CTX_free(p); } };
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;
using PkeyCtx = std::unique_ptr<EVP_PKEY_CTX, CtxFree>;

// One library context with the module loaded, shared by every test of the binary.
struct Provider {
  OSSL_LIB_CTX* libctx = nullptr;
  OSSL_PROVIDER* tessera = nullptr;
  std::string error;
  Provider() {
    // The build tree's module directory; TESSERA_MODULE_DIR overrides it.
    const char* dir = std::getenv("TESSERA_MODULE_DIR");
    if (dir == nullptr || *dir == '\0') dir = TESSERA_PROVIDER_DIR;
    libctx = OSSL_LIB_CTX_new();
    OSSL_PROVIDER_set_default_search_path(libctx, dir);
    tessera = OSSL_PROVIDER_load(libctx, "tessera");
    if (tessera == nullptr) {
      char buf[256];
      ERR_error_string_n(ERR_get_error(), buf, sizeof buf);
      error = std::string("cannot load tessera from ") + dir + ": " + buf;
    }
    OSSL_PROVIDER_load(libctx, "default");  // for SSL_CTX (certificates, HKDF)
  }
};
Provider& provider() {
  static Provider p;
  return p;
}

// An error of the provider's is on the queue and its text names the scheme (libcrypto may
// add its own errors after it). Clears the queue.
::testing::AssertionResult provider_error_queued(const char* scheme) {
  std::string seen;
  bool found = false;
  const char* data = nullptr;
  int flags = 0;
  while (unsigned long e = ERR_get_error_all(nullptr, nullptr, nullptr, &data, &flags)) {
    const std::string text = (flags & ERR_TXT_STRING) != 0 && data != nullptr ? data : "";
    char buf[256];
    ERR_error_string_n(e, buf, sizeof buf);
    seen += std::string(buf) + " [" + text + "]; ";
    if (ERR_GET_LIB(e) == ERR_LIB_PROV && text.find(scheme) != std::string::npos) found = true;
  }
  if (!found) return ::testing::AssertionFailure() << "no provider error naming " << scheme << " in: " << seen;
  return ::testing::AssertionSuccess() << seen;
}

template <class K>
class EvpKem : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!provider().error.empty()) FAIL() << provider().error;
    ERR_clear_error();
  }
  OSSL_LIB_CTX* libctx() { return provider().libctx; }

  Pkey evp_keygen(const Bytes* seed = nullptr) {
    PkeyCtx ctx(EVP_PKEY_CTX_new_from_name(libctx(), K::name, kPropq));
    if (!ctx || EVP_PKEY_keygen_init(ctx.get()) != 1) return nullptr;
    if (seed != nullptr) {
      const OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string("seed", const_cast<std::uint8_t*>(seed->data()), seed->size()),
                              OSSL_PARAM_construct_end()};
      if (EVP_PKEY_CTX_set_params(ctx.get(), p) != 1) return nullptr;
    }
    EVP_PKEY* key = nullptr;
    if (EVP_PKEY_keygen(ctx.get(), &key) != 1) return nullptr;
    return Pkey(key);
  }
  // libssl's server path: an empty key from paramgen, then the peer's share.
  Pkey evp_from_share(const Bytes& share) {
    PkeyCtx ctx(EVP_PKEY_CTX_new_from_name(libctx(), K::name, kPropq));
    EVP_PKEY* key = nullptr;
    if (!ctx || EVP_PKEY_paramgen_init(ctx.get()) != 1 || EVP_PKEY_paramgen(ctx.get(), &key) != 1) return nullptr;
    Pkey owned(key);
    if (EVP_PKEY_set1_encoded_public_key(key, share.data(), share.size()) != 1) return nullptr;
    return owned;
  }
  Pkey evp_fromdata(const char* name, const Bytes& bytes, int selection) {
    PkeyCtx ctx(EVP_PKEY_CTX_new_from_name(libctx(), K::name, kPropq));
    OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string(name, const_cast<std::uint8_t*>(bytes.data()), bytes.size()),
                      OSSL_PARAM_construct_end()};
    EVP_PKEY* key = nullptr;
    if (!ctx || EVP_PKEY_fromdata_init(ctx.get()) != 1 || EVP_PKEY_fromdata(ctx.get(), &key, selection, p) != 1) return nullptr;
    return Pkey(key);
  }
  static Bytes encoded_public(EVP_PKEY* key) {
    unsigned char* out = nullptr;
    const std::size_t n = EVP_PKEY_get1_encoded_public_key(key, &out);
    Bytes b(out, out + n);
    OPENSSL_free(out);
    return b;
  }
  static Bytes octet_param(EVP_PKEY* key, const char* name) {
    std::size_t n = 0;
    if (EVP_PKEY_get_octet_string_param(key, name, nullptr, 0, &n) != 1) return {};
    Bytes b(n);
    if (EVP_PKEY_get_octet_string_param(key, name, b.data(), b.size(), &n) != 1) return {};
    return b;
  }
  // EVP encapsulation: sizes first (out == NULL), as libssl does. ikme: deterministic.
  bool evp_encapsulate(EVP_PKEY* key, Bytes* ct, Bytes* ss, const Bytes* ikme = nullptr) {
    PkeyCtx ctx(EVP_PKEY_CTX_new_from_pkey(libctx(), key, kPropq));
    OSSL_PARAM p[] = {OSSL_PARAM_construct_end(), OSSL_PARAM_construct_end()};
    if (ikme != nullptr) p[0] = OSSL_PARAM_construct_octet_string("ikme", const_cast<std::uint8_t*>(ikme->data()), ikme->size());
    std::size_t ctlen = 0, sslen = 0;
    if (!ctx || EVP_PKEY_encapsulate_init(ctx.get(), p) != 1 ||
        EVP_PKEY_encapsulate(ctx.get(), nullptr, &ctlen, nullptr, &sslen) != 1)
      return false;
    ct->resize(ctlen);
    ss->resize(sslen);
    if (EVP_PKEY_encapsulate(ctx.get(), ct->data(), &ctlen, ss->data(), &sslen) != 1) return false;
    ct->resize(ctlen);
    ss->resize(sslen);
    return true;
  }
  bool evp_decapsulate(EVP_PKEY* key, const Bytes& ct, Bytes* ss) {
    PkeyCtx ctx(EVP_PKEY_CTX_new_from_pkey(libctx(), key, kPropq));
    std::size_t sslen = 0;
    if (!ctx || EVP_PKEY_decapsulate_init(ctx.get(), nullptr) != 1 ||
        EVP_PKEY_decapsulate(ctx.get(), nullptr, &sslen, ct.data(), ct.size()) != 1)
      return false;
    ss->resize(sslen);
    if (EVP_PKEY_decapsulate(ctx.get(), ss->data(), &sslen, ct.data(), ct.size()) != 1) return false;
    ss->resize(sslen);
    return true;
  }
  static Bytes random(std::size_t n) {
    Bytes b(n);
    EXPECT_TRUE(tessera::random_bytes(b).has_value());
    return b;
  }
  template <class Span>
  static Bytes bytes(const Span& s) { return Bytes(s.begin(), s.end()); }
  // "priv" as OpenSSL 3.5 has it, from Tessera's API: ML-KEM's expanded dk, X-Wing's seed,
  // and for a hybrid each half's own private key in share order (ML-KEM dk, EC/X25519 scalar).
  static Bytes expected_priv(const typename K::PrivateKey& sk) {
    if constexpr (kHybrid) {
      Bytes b = bytes(sk.first().bytes().span());
      const Bytes second = bytes(sk.second().bytes().span());
      b.insert(b.end(), second.begin(), second.end());
      return b;
    } else {
      return bytes(sk.bytes().span());
    }
  }
  Pkey evp_fromdata2(const char* n1, const Bytes& b1, const char* n2, const Bytes& b2) {
    PkeyCtx ctx(EVP_PKEY_CTX_new_from_name(libctx(), K::name, kPropq));
    OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string(n1, const_cast<std::uint8_t*>(b1.data()), b1.size()),
                      OSSL_PARAM_construct_octet_string(n2, const_cast<std::uint8_t*>(b2.data()), b2.size()),
                      OSSL_PARAM_construct_end()};
    EVP_PKEY* key = nullptr;
    if (!ctx || EVP_PKEY_fromdata_init(ctx.get()) != 1 || EVP_PKEY_fromdata(ctx.get(), &key, EVP_PKEY_KEYPAIR, p) != 1)
      return nullptr;
    return Pkey(key);
  }
  static constexpr bool kHybrid = tessera::provider::Hybrid<K>;
};

using AllKems = ::testing::Types<tessera::mlkem::MlKem512, tessera::mlkem::MlKem768, tessera::mlkem::MlKem1024,
                                 tessera::X25519MlKem768, tessera::SecP256r1MlKem768, tessera::SecP384r1MlKem1024,
                                 tessera::XWing>;
struct KemName {
  template <class K>
  static std::string GetName(int) {
    std::string n = K::name;
    for (char& c : n) if (c == '-') c = '_';
    return n;
  }
};
TYPED_TEST_SUITE(EvpKem, AllKems, KemName);

// Client role in EVP, server role in Tessera: EVP key share -> Tessera encapsulates ->
// EVP decapsulates.
TYPED_TEST(EvpKem, EvpKeyTesseraCiphertext) {
  using K = TypeParam;
  Pkey key = this->evp_keygen();
  ASSERT_TRUE(key) << ERR_reason_error_string(ERR_peek_error());
  const Bytes share = this->encoded_public(key.get());
  ASSERT_EQ(share.size(), K::public_key_bytes);
  EXPECT_EQ(this->octet_param(key.get(), OSSL_PKEY_PARAM_PUB_KEY), share);
  auto pk = K::PublicKey::from_bytes(share);
  ASSERT_TRUE(pk);
  auto enc = K::encapsulate(*pk);
  ASSERT_TRUE(enc);
  Bytes ss;
  ASSERT_TRUE(this->evp_decapsulate(key.get(), this->bytes(enc->ciphertext), &ss));
  EXPECT_EQ(ss, this->bytes(enc->shared_secret.span()));
}

// Server role in EVP (libssl's paramgen + set1_encoded_public_key path), client in Tessera.
TYPED_TEST(EvpKem, TesseraKeyEvpCiphertext) {
  using K = TypeParam;
  auto kp = K::generate_key();
  ASSERT_TRUE(kp);
  Pkey peer = this->evp_from_share(this->bytes(kp->public_key.bytes()));
  ASSERT_TRUE(peer);
  Bytes ct, ss;
  ASSERT_TRUE(this->evp_encapsulate(peer.get(), &ct, &ss));
  ASSERT_EQ(ct.size(), K::ciphertext_bytes);
  ASSERT_EQ(ss.size(), K::shared_secret_bytes);
  auto mine = K::decapsulate(kp->private_key, ct);
  ASSERT_TRUE(mine);
  EXPECT_EQ(ss, this->bytes(mine->span()));
}

// Key generation from a seed gives Tessera's key; "priv" and "seed" export Tessera's encodings.
TYPED_TEST(EvpKem, SeedKeygenMatchesTessera) {
  using K = TypeParam;
  const Bytes seed = this->random(SeedForm<K>::bytes);
  Pkey key = this->evp_keygen(&seed);
  ASSERT_TRUE(key);
  auto sk = SeedForm<K>::to_private(seed);
  ASSERT_TRUE(sk);
  EXPECT_EQ(this->encoded_public(key.get()), this->bytes(sk->public_key().bytes()));
  EXPECT_EQ(this->octet_param(key.get(), OSSL_PKEY_PARAM_PRIV_KEY), this->expected_priv(*sk));
  EXPECT_EQ(this->octet_param(key.get(), "seed"), seed);
}

// "ikme" makes EVP encapsulation deterministic: byte for byte Tessera's encaps_internal.
TYPED_TEST(EvpKem, IkmeMatchesTesseraEncapsInternal) {
  using K = TypeParam;
  auto kp = K::generate_key();
  ASSERT_TRUE(kp);
  Pkey peer = this->evp_from_share(this->bytes(kp->public_key.bytes()));
  ASSERT_TRUE(peer);
  const Bytes ikme = this->random(tessera::provider::encaps_seed_bytes<K>());
  Bytes ct, ss;
  ASSERT_TRUE(this->evp_encapsulate(peer.get(), &ct, &ss, &ikme));
  auto enc = K::encaps_internal(kp->public_key, ikme);
  ASSERT_TRUE(enc);
  EXPECT_EQ(ct, this->bytes(enc->ciphertext));
  EXPECT_EQ(ss, this->bytes(enc->shared_secret.span()));
  const Bytes short_ikme(ikme.begin(), ikme.end() - 1);
  EXPECT_FALSE(this->evp_encapsulate(peer.get(), &ct, &ss, &short_ikme));
  EXPECT_TRUE(provider_error_queued(K::name));
}

// Import of Tessera's private encoding, export, dup and comparison.
TYPED_TEST(EvpKem, ImportExportDup) {
  using K = TypeParam;
  auto kp = K::generate_key();
  ASSERT_TRUE(kp);
  Pkey key = this->evp_fromdata(OSSL_PKEY_PARAM_PRIV_KEY, this->expected_priv(kp->private_key), EVP_PKEY_KEYPAIR);
  ASSERT_TRUE(key);
  Pkey pub = this->evp_fromdata(OSSL_PKEY_PARAM_PUB_KEY, this->bytes(kp->public_key.bytes()), EVP_PKEY_PUBLIC_KEY);
  ASSERT_TRUE(pub);
  EXPECT_EQ(EVP_PKEY_eq(key.get(), pub.get()), 1);
  Pkey copy(EVP_PKEY_dup(key.get()));
  ASSERT_TRUE(copy);
  auto enc = K::encapsulate(kp->public_key);
  ASSERT_TRUE(enc);
  for (EVP_PKEY* k : {key.get(), copy.get()}) {
    Bytes ss;
    ASSERT_TRUE(this->evp_decapsulate(k, this->bytes(enc->ciphertext), &ss));
    EXPECT_EQ(ss, this->bytes(enc->shared_secret.span()));
  }
  Bytes ct, ss;
  ASSERT_TRUE(this->evp_encapsulate(pub.get(), &ct, &ss));
  Bytes none;
  EXPECT_FALSE(this->evp_decapsulate(pub.get(), ct, &none));  // no private key
  EXPECT_TRUE(provider_error_queued(K::name));
}

// The private forms: "priv" alone (a hybrid's in OpenSSL 3.5's layout), "seed" alone, both
// (they must agree), and "pub" beside them (it must be the key's own). A key imported from
// "priv" keeps it byte for byte, has no seed (ML-KEM, hybrids), and survives EVP_PKEY_dup.
TYPED_TEST(EvpKem, PrivateFormsImport) {
  using K = TypeParam;
  const Bytes seed = this->random(SeedForm<K>::bytes);
  auto sk = SeedForm<K>::to_private(seed);
  ASSERT_TRUE(sk);
  const Bytes priv = this->expected_priv(*sk);
  const Bytes pub = this->bytes(sk->public_key().bytes());
  ASSERT_EQ(priv.size(), tessera::provider::KemPrivateForm<K>::bytes);

  Pkey from_priv = this->evp_fromdata(OSSL_PKEY_PARAM_PRIV_KEY, priv, EVP_PKEY_KEYPAIR);
  ASSERT_TRUE(from_priv);
  EXPECT_EQ(this->encoded_public(from_priv.get()), pub);
  EXPECT_EQ(this->octet_param(from_priv.get(), OSSL_PKEY_PARAM_PRIV_KEY), priv);
  if constexpr (tessera::provider::SeparateSeedForm<K> || TestFixture::kHybrid) {
    EXPECT_TRUE(this->octet_param(from_priv.get(), "seed").empty()) << "a key imported in expanded form has no seed";
  }
  Pkey copy(EVP_PKEY_dup(from_priv.get()));
  ASSERT_TRUE(copy);
  EXPECT_EQ(this->octet_param(copy.get(), OSSL_PKEY_PARAM_PRIV_KEY), priv);
  auto enc = K::encapsulate(sk->public_key());
  ASSERT_TRUE(enc);
  for (EVP_PKEY* k : {from_priv.get(), copy.get()}) {
    Bytes ss;
    ASSERT_TRUE(this->evp_decapsulate(k, this->bytes(enc->ciphertext), &ss));
    EXPECT_EQ(ss, this->bytes(enc->shared_secret.span()));
  }

  Pkey from_seed = this->evp_fromdata(tessera::provider::kKemSeedParam, seed, EVP_PKEY_KEYPAIR);
  ASSERT_TRUE(from_seed);
  EXPECT_EQ(this->octet_param(from_seed.get(), OSSL_PKEY_PARAM_PRIV_KEY), priv);
  EXPECT_EQ(this->octet_param(from_seed.get(), "seed"), seed);
  EXPECT_TRUE(this->evp_fromdata2("seed", seed, OSSL_PKEY_PARAM_PRIV_KEY, priv));
  EXPECT_TRUE(this->evp_fromdata2(OSSL_PKEY_PARAM_PRIV_KEY, priv, OSSL_PKEY_PARAM_PUB_KEY, pub));

  // Another key's private part beside this seed, or beside this public key: rejected.
  auto other = K::generate_key();
  ASSERT_TRUE(other);
  const Bytes other_priv = this->expected_priv(other->private_key);
  EXPECT_FALSE(this->evp_fromdata2("seed", seed, OSSL_PKEY_PARAM_PRIV_KEY, other_priv));
  EXPECT_TRUE(provider_error_queued(K::name));
  EXPECT_FALSE(this->evp_fromdata2(OSSL_PKEY_PARAM_PRIV_KEY, other_priv, OSSL_PKEY_PARAM_PUB_KEY, pub));
  EXPECT_TRUE(provider_error_queued(K::name));
  // Wrong lengths.
  EXPECT_FALSE(this->evp_fromdata(OSSL_PKEY_PARAM_PRIV_KEY, Bytes(priv.begin(), priv.end() - 1), EVP_PKEY_KEYPAIR));
  EXPECT_TRUE(provider_error_queued(K::name));
  EXPECT_FALSE(this->evp_fromdata("seed", Bytes(seed.begin() + 1, seed.end()), EVP_PKEY_KEYPAIR));
  EXPECT_TRUE(provider_error_queued(K::name));
  if constexpr (TestFixture::kHybrid) {
    // The old two-seed encoding is not a "priv" (it is the "seed").
    EXPECT_FALSE(this->evp_fromdata(OSSL_PKEY_PARAM_PRIV_KEY, seed, EVP_PKEY_KEYPAIR));
    EXPECT_TRUE(provider_error_queued(K::name));
    // A corrupted ML-KEM dk inside the hybrid's priv fails FIPS 203's s7.3 hash check.
    std::size_t dk_at = 0;  // X25519MLKEM768: dk first; the NIST hybrids: the scalar first
    if constexpr (std::is_same_v<K, tessera::SecP256r1MlKem768>) dk_at = 32;
    if constexpr (std::is_same_v<K, tessera::SecP384r1MlKem1024>) dk_at = 48;
    Bytes bad = priv;
    bad[dk_at + 1600] ^= 1;  // inside the ek copy of dk (dk_pke is 1152 / 1536 bytes)
    EXPECT_FALSE(this->evp_fromdata(OSSL_PKEY_PARAM_PRIV_KEY, bad, EVP_PKEY_KEYPAIR));
    EXPECT_TRUE(provider_error_queued(K::name));
  }
}

TYPED_TEST(EvpKem, ReportedNumbers) {
  using K = TypeParam;
  Pkey key = this->evp_keygen();
  ASSERT_TRUE(key);
  EXPECT_EQ(EVP_PKEY_get_bits(key.get()), KemNames<K>::bits);
  EXPECT_EQ(EVP_PKEY_get_security_bits(key.get()), KemNames<K>::security_bits);
  EXPECT_EQ(EVP_PKEY_get_size(key.get()), static_cast<int>(K::ciphertext_bytes));
  EXPECT_EQ(EVP_PKEY_is_a(key.get(), K::name), 1);
}

// Every received share is validated: wrong lengths always; then what each half checks.
TYPED_TEST(EvpKem, MalformedSharesRejected) {
  using K = TypeParam;
  auto kp = K::generate_key();
  ASSERT_TRUE(kp);
  Bytes share = this->bytes(kp->public_key.bytes());
  for (Bytes bad : {Bytes(share.begin(), share.end() - 1), Bytes{}, [&] { Bytes b = share; b.push_back(0); return b; }()}) {
    EXPECT_FALSE(this->evp_from_share(bad)) << bad.size() << " bytes";
    EXPECT_TRUE(provider_error_queued(K::name));
  }
  // ML-KEM's modulus check (FIPS 203 s7.2): coefficient 0xFFF >= q in the ML-KEM part.
  std::size_t mlkem_at = 0;
  if constexpr (std::is_same_v<K, tessera::SecP256r1MlKem768>) mlkem_at = 65;
  if constexpr (std::is_same_v<K, tessera::SecP384r1MlKem1024>) mlkem_at = 97;
  Bytes over_q = share;
  over_q[mlkem_at] = 0xFF;
  over_q[mlkem_at + 1] = 0x0F;
  EXPECT_FALSE(this->evp_from_share(over_q));
  EXPECT_TRUE(provider_error_queued(K::name));
  // A NIST-curve point off the curve (SP 800-56A r3 5.6.2.3.3).
  if constexpr (std::is_same_v<K, tessera::SecP256r1MlKem768> || std::is_same_v<K, tessera::SecP384r1MlKem1024>) {
    Bytes off = share;
    off[mlkem_at - 1] ^= 1;  // last byte of y
    EXPECT_FALSE(this->evp_from_share(off));
    EXPECT_TRUE(provider_error_queued(K::name));
  }

  Pkey key = this->evp_keygen();
  ASSERT_TRUE(key);
  auto pk = K::PublicKey::from_bytes(this->encoded_public(key.get()));
  ASSERT_TRUE(pk);
  auto enc = K::encapsulate(*pk);
  ASSERT_TRUE(enc);
  const Bytes ct = this->bytes(enc->ciphertext);
  Bytes ss;
  EXPECT_FALSE(this->evp_decapsulate(key.get(), Bytes(ct.begin(), ct.end() - 1), &ss));
  EXPECT_TRUE(provider_error_queued(K::name));
  // X25519MLKEM768's server share with a low-order X25519 point (u = 0): all-zero DH
  // output, rejected (RFC 8446 s7.4.2). (X-Wing accepts it by design: its draft, s5.)
  if constexpr (std::is_same_v<K, tessera::X25519MlKem768>) {
    Bytes low = ct;
    std::fill(low.end() - 32, low.end(), 0);
    EXPECT_FALSE(this->evp_decapsulate(key.get(), low, &ss));
    EXPECT_TRUE(provider_error_queued(K::name));
  }
  // A tampered ML-KEM ciphertext of the right length is implicit rejection, not an error.
  if constexpr (std::is_same_v<K, tessera::mlkem::MlKem768>) {
    Bytes flipped = ct;
    flipped[0] ^= 1;
    ASSERT_TRUE(this->evp_decapsulate(key.get(), flipped, &ss));
    EXPECT_NE(ss, this->bytes(enc->shared_secret.span()));
  }
}

// ML-KEM's SPKI / PKCS#8 (draft-ietf-lamps-kyber-certificates, Sections 4 and 6) through
// OSSL_ENCODER / OSSL_DECODER: the DER equals DER assembled here from Tessera's bytes, for
// the default (seed) form and each "ml-kem.output_formats" choice; decoding gives the key.
template <class K>
class MlKemCodec : public EvpKem<K> {
 protected:
  Bytes encode(EVP_PKEY* key, int selection, const char* structure, const char* formats = nullptr) {
    OSSL_ENCODER_CTX* e = OSSL_ENCODER_CTX_new_for_pkey(key, selection, "DER", structure, kPropq);
    Bytes out;
    if (e == nullptr) return out;
    if (formats != nullptr) {
      const OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string("ml-kem.output_formats", const_cast<char*>(formats), 0),
                              OSSL_PARAM_construct_end()};
      OSSL_ENCODER_CTX_set_params(e, p);
    }
    unsigned char* der = nullptr;
    std::size_t len = 0;
    if (OSSL_ENCODER_to_data(e, &der, &len) == 1) out.assign(der, der + len);
    OPENSSL_free(der);
    OSSL_ENCODER_CTX_free(e);
    return out;
  }
  Pkey decode(const Bytes& der, int selection, const char* structure) {
    EVP_PKEY* pkey = nullptr;
    OSSL_DECODER_CTX* d = OSSL_DECODER_CTX_new_for_pkey(&pkey, "DER", structure, nullptr, selection, this->libctx(), nullptr);
    const unsigned char* p = der.data();
    std::size_t len = der.size();
    if (d == nullptr || OSSL_DECODER_from_data(d, &p, &len) != 1) pkey = nullptr;
    OSSL_DECODER_CTX_free(d);
    return Pkey(pkey);
  }
  // A DER TLV with a definite length (all lengths here are < 65536).
  static Bytes tlv(std::uint8_t tag, const Bytes& body) {
    const std::size_t n = body.size();
    Bytes out;
    out.reserve(n + 4);
    out.push_back(tag);
    if (n >= 256) {
      out.push_back(0x82);
      out.push_back(static_cast<std::uint8_t>(n >> 8));
    } else if (n >= 128) {
      out.push_back(0x81);
    }
    out.push_back(static_cast<std::uint8_t>(n & 0xff));
    for (std::uint8_t b : body) out.push_back(b);
    return out;
  }
  static Bytes cat(std::initializer_list<Bytes> parts) {
    Bytes out;
    for (const Bytes& b : parts) out.insert(out.end(), b.begin(), b.end());
    return out;
  }
  // SEQUENCE { OID 2.16.840.1.101.3.4.4.n } (parameters absent).
  static Bytes algorithm_id() {
    const std::uint8_t n = K::public_key_bytes == 800 ? 1 : K::public_key_bytes == 1184 ? 2 : 3;
    return tlv(0x30, tlv(0x06, {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, n}));
  }
};
using MlKems = ::testing::Types<tessera::mlkem::MlKem512, tessera::mlkem::MlKem768, tessera::mlkem::MlKem1024>;
TYPED_TEST_SUITE(MlKemCodec, MlKems, KemName);

TYPED_TEST(MlKemCodec, DerMatchesTheDraft) {
  using K = TypeParam;
  using T = TestFixture;
  const Bytes seed = this->random(K::seed_bytes);
  Pkey key = this->evp_keygen(&seed);
  ASSERT_TRUE(key);
  auto sk = K::PrivateKey::from_seed(seed);
  ASSERT_TRUE(sk);
  const Bytes pub = this->bytes(sk->public_key().bytes());
  const Bytes dk = this->bytes(sk->bytes().span());

  const Bytes spki = T::tlv(0x30, T::cat({T::algorithm_id(), T::tlv(0x03, T::cat({Bytes{0x00}, pub}))}));
  EXPECT_EQ(this->encode(key.get(), EVP_PKEY_PUBLIC_KEY, "SubjectPublicKeyInfo"), spki);
  auto p8 = [&](const Bytes& choice) {
    return T::tlv(0x30, T::cat({Bytes{0x02, 0x01, 0x00}, T::algorithm_id(), T::tlv(0x04, choice)}));
  };
  const Bytes seed_form = p8(T::tlv(0x80, seed));
  const Bytes expanded_form = p8(T::tlv(0x04, dk));
  const Bytes both_form = p8(T::tlv(0x30, T::cat({T::tlv(0x04, seed), T::tlv(0x04, dk)})));
  EXPECT_EQ(this->encode(key.get(), EVP_PKEY_KEYPAIR, "PrivateKeyInfo"), seed_form);
  EXPECT_EQ(this->encode(key.get(), EVP_PKEY_KEYPAIR, "PrivateKeyInfo", "seed-only"), seed_form);
  EXPECT_EQ(this->encode(key.get(), EVP_PKEY_KEYPAIR, "PrivateKeyInfo", "priv-only"), expanded_form);
  EXPECT_EQ(this->encode(key.get(), EVP_PKEY_KEYPAIR, "PrivateKeyInfo", "seed-priv"), both_form);

  for (const Bytes* der : {&seed_form, &expanded_form, &both_form}) {
    Pkey back = this->decode(*der, EVP_PKEY_KEYPAIR, "PrivateKeyInfo");
    ASSERT_TRUE(back);
    EXPECT_EQ(this->octet_param(back.get(), OSSL_PKEY_PARAM_PRIV_KEY), dk);
    EXPECT_EQ(EVP_PKEY_eq(back.get(), key.get()), 1);
  }
  // An expanded-only key has no seed: "seed-only" cannot be written, "priv-only" can.
  Pkey expanded = this->decode(expanded_form, EVP_PKEY_KEYPAIR, "PrivateKeyInfo");
  ASSERT_TRUE(expanded);
  EXPECT_EQ(this->encode(expanded.get(), EVP_PKEY_KEYPAIR, "PrivateKeyInfo"), expanded_form);
  EXPECT_TRUE(this->encode(expanded.get(), EVP_PKEY_KEYPAIR, "PrivateKeyInfo", "seed-only").empty());
  ERR_clear_error();
  Pkey pubkey = this->decode(spki, EVP_PKEY_PUBLIC_KEY, "SubjectPublicKeyInfo");
  ASSERT_TRUE(pubkey);
  EXPECT_EQ(this->encoded_public(pubkey.get()), pub);

  // Rejected: `both` with another key's seed, a seed of 63 bytes, SPKI parameters (NULL).
  const Bytes other = this->random(K::seed_bytes);
  EXPECT_FALSE(this->decode(p8(T::tlv(0x30, T::cat({T::tlv(0x04, other), T::tlv(0x04, dk)}))), EVP_PKEY_KEYPAIR,
                            "PrivateKeyInfo"));
  EXPECT_FALSE(this->decode(p8(T::tlv(0x80, Bytes(seed.begin() + 1, seed.end()))), EVP_PKEY_KEYPAIR, "PrivateKeyInfo"));
  Bytes alg_null = T::algorithm_id();
  alg_null = T::tlv(0x30, T::cat({Bytes(alg_null.begin() + 2, alg_null.end()), Bytes{0x05, 0x00}}));
  EXPECT_FALSE(this->decode(T::tlv(0x30, T::cat({alg_null, T::tlv(0x03, T::cat({Bytes{0x00}, pub}))})),
                            EVP_PKEY_PUBLIC_KEY, "SubjectPublicKeyInfo"));
  ERR_clear_error();
}

// libssl knows the six TLS groups only with the provider (TLS-GROUP capability).
TEST(TlsGroups, KnownToLibsslWithProviderOnly) {
  if (!provider().error.empty()) FAIL() << provider().error;
  const char* all = "MLKEM512:MLKEM768:MLKEM1024:SecP256r1MLKEM768:X25519MLKEM768:SecP384r1MLKEM1024";
  SSL_CTX* ctx = SSL_CTX_new_ex(provider().libctx, nullptr, TLS_method());
  ASSERT_NE(ctx, nullptr);
  EXPECT_EQ(SSL_CTX_set1_groups_list(ctx, all), 1);
  SSL_CTX_free(ctx);
  OSSL_LIB_CTX* plain = OSSL_LIB_CTX_new();
  SSL_CTX* ctx0 = SSL_CTX_new_ex(plain, nullptr, TLS_method());
  ASSERT_NE(ctx0, nullptr);
  EXPECT_EQ(SSL_CTX_set1_groups_list(ctx0, "X25519MLKEM768"), 0);
  SSL_CTX_free(ctx0);
  OSSL_LIB_CTX_free(plain);
  ERR_clear_error();
}

}  // namespace
