// tessera.so beside OpenSSL 3.5's default provider, which has its own ML-KEM and hybrids
// under the same names (docs/provider.md, "Coexistence with OpenSSL 3.5+"). Built against
// the system's OpenSSL 3.0 headers and run under 3.5's libraries (tests/provider/
// run_openssl35.sh: build/openssl-3.5/run, same ABI); SKIPPED with the reason when the
// libcrypto it runs with is older than 3.5.
//   - a property query picks the implementation: EVP_KEM_fetch and EVP_PKEY keygen with
//     "provider=tessera" / "?provider=tessera" give tessera's, "provider=default" 3.5's;
//   - the two implementations agree: tessera's key share encapsulated by 3.5's KEM and
//     decapsulated by tessera's, and the reverse;
//   - libssl (SSL_CTX_new_ex with "?provider=tessera", provider-base(7) TLS-GROUP) does the
//     TLS 1.3 key exchange with tessera's KEYMGMT/KEM: the peer's key share on the server
//     is a tessera key (SSL_get_peer_tmp_key -> EVP_PKEY_get0_provider), and the handshake
//     against a 3.5-only peer negotiates the group;
//   - a hybrid private key moves between them through "priv" (OpenSSL 3.5's layout).
#include <openssl/bio.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace {

using Bytes = std::vector<unsigned char>;
struct PkeyFree { void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); } };
struct CtxFree { void operator()(EVP_PKEY_CTX* p) const { EVP_PKEY_CTX_free(p); } };
struct KemFree { void operator()(EVP_KEM* p) const { EVP_KEM_free(p); } };
struct SslCtxFree { void operator()(SSL_CTX* p) const { SSL_CTX_free(p); } };
struct SslFree { void operator()(SSL* p) const { SSL_free(p); } };
struct X509Free { void operator()(X509* p) const { X509_free(p); } };
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;
using PkeyCtx = std::unique_ptr<EVP_PKEY_CTX, CtxFree>;

const char* const kKems[] = {"ML-KEM-512",        "ML-KEM-768",        "ML-KEM-1024",
                             "X25519MLKEM768",    "SecP256r1MLKEM768", "SecP384r1MLKEM1024"};

struct Libctx {
  OSSL_LIB_CTX* libctx = OSSL_LIB_CTX_new();
  std::string error;
  Libctx() {
    const char* dir = std::getenv("TESSERA_MODULE_DIR");
    if (dir == nullptr || *dir == '\0') dir = TESSERA_PROVIDER_DIR;
    OSSL_PROVIDER_set_default_search_path(libctx, dir);
    if (OSSL_PROVIDER_load(libctx, "tessera") == nullptr) error = std::string("cannot load tessera from ") + dir;
    if (OSSL_PROVIDER_load(libctx, "default") == nullptr) error += " cannot load default";
  }
};
Libctx& lib() {
  static Libctx l;
  return l;
}
std::string provider_of(const EVP_PKEY* k) {
  const OSSL_PROVIDER* p = k == nullptr ? nullptr : EVP_PKEY_get0_provider(k);
  return p == nullptr ? "(none)" : OSSL_PROVIDER_get0_name(p);
}

class Coexist : public ::testing::Test {
 protected:
  void SetUp() override {
    if (OpenSSL_version_num() < 0x30500000L)
      GTEST_SKIP() << "runs with " << OpenSSL_version(OPENSSL_VERSION)
                   << ", which has no ML-KEM of its own: run it under OpenSSL 3.5 (scripts/openssl35.sh)";
    ASSERT_TRUE(lib().error.empty()) << lib().error;
    ERR_clear_error();
  }
  static OSSL_LIB_CTX* libctx() { return lib().libctx; }
  static Pkey keygen(const char* alg, const char* propq) {
    EVP_PKEY* k = nullptr;
    PkeyCtx ctx(EVP_PKEY_CTX_new_from_name(libctx(), alg, propq));
    if (!ctx || EVP_PKEY_keygen_init(ctx.get()) != 1 || EVP_PKEY_keygen(ctx.get(), &k) != 1) return nullptr;
    return Pkey(k);
  }
  static Pkey public_copy(const char* alg, EVP_PKEY* from, const char* propq) {
    unsigned char* pub = nullptr;
    const std::size_t n = EVP_PKEY_get1_encoded_public_key(from, &pub);
    OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, pub, n), OSSL_PARAM_construct_end()};
    EVP_PKEY* k = nullptr;
    PkeyCtx ctx(EVP_PKEY_CTX_new_from_name(libctx(), alg, propq));
    const bool ok = n > 0 && ctx && EVP_PKEY_fromdata_init(ctx.get()) == 1 &&
                    EVP_PKEY_fromdata(ctx.get(), &k, EVP_PKEY_PUBLIC_KEY, p) == 1;
    OPENSSL_free(pub);
    return ok ? Pkey(k) : nullptr;
  }
  // EVP_PKEY_CTX_new_from_pkey fetches the KEM from the key's own provider.
  static bool encapsulate(EVP_PKEY* k, Bytes* ct, Bytes* ss) {
    PkeyCtx ctx(EVP_PKEY_CTX_new_from_pkey(libctx(), k, nullptr));
    std::size_t ctlen = 0, sslen = 0;
    if (!ctx || EVP_PKEY_encapsulate_init(ctx.get(), nullptr) != 1 ||
        EVP_PKEY_encapsulate(ctx.get(), nullptr, &ctlen, nullptr, &sslen) != 1)
      return false;
    ct->resize(ctlen);
    ss->resize(sslen);
    return EVP_PKEY_encapsulate(ctx.get(), ct->data(), &ctlen, ss->data(), &sslen) == 1;
  }
  static bool decapsulate(EVP_PKEY* k, const Bytes& ct, Bytes* ss) {
    PkeyCtx ctx(EVP_PKEY_CTX_new_from_pkey(libctx(), k, nullptr));
    std::size_t sslen = 0;
    if (!ctx || EVP_PKEY_decapsulate_init(ctx.get(), nullptr) != 1 ||
        EVP_PKEY_decapsulate(ctx.get(), nullptr, &sslen, ct.data(), ct.size()) != 1)
      return false;
    ss->resize(sslen);
    return EVP_PKEY_decapsulate(ctx.get(), ss->data(), &sslen, ct.data(), ct.size()) == 1;
  }
};

TEST_F(Coexist, PropertyQueryPicksTheImplementation) {
  for (const char* alg : kKems) {
    SCOPED_TRACE(alg);
    for (const auto& [propq, want] : {std::pair{"provider=tessera", "tessera"}, std::pair{"?provider=tessera", "tessera"},
                                      std::pair{"provider=default", "default"}}) {
      std::unique_ptr<EVP_KEM, KemFree> kem(EVP_KEM_fetch(libctx(), alg, propq));
      ASSERT_TRUE(kem) << propq;
      EXPECT_STREQ(OSSL_PROVIDER_get0_name(EVP_KEM_get0_provider(kem.get())), want) << propq;
      Pkey key = keygen(alg, propq);
      ASSERT_TRUE(key) << propq;
      EXPECT_EQ(provider_of(key.get()), want) << propq;
    }
  }
}

TEST_F(Coexist, ImplementationsAgree) {
  for (const char* alg : kKems) {
    SCOPED_TRACE(alg);
    for (const auto& [mine, theirs] : {std::pair{"provider=tessera", "provider=default"},
                                       std::pair{"provider=default", "provider=tessera"}}) {
      Pkey key = keygen(alg, mine);
      ASSERT_TRUE(key);
      Pkey peer = public_copy(alg, key.get(), theirs);  // the key share, in the other provider
      ASSERT_TRUE(peer) << theirs;
      ASSERT_NE(provider_of(key.get()), provider_of(peer.get()));
      Bytes ct, ss, ss2;
      ASSERT_TRUE(encapsulate(peer.get(), &ct, &ss));
      ASSERT_TRUE(decapsulate(key.get(), ct, &ss2));
      EXPECT_EQ(ss, ss2) << provider_of(peer.get()) << " encapsulated, " << provider_of(key.get()) << " decapsulated";
    }
  }
}

// A hybrid's private key through EVP_PKEY_todata / EVP_PKEY_fromdata between the two
// providers: "priv" is 3.5's layout (each half's "priv" in share order, docs/provider.md).
// 3.5.x exports and imports it for X25519MLKEM768; for the NIST-curve hybrids its export
// fails (its EC half's "priv" is an integer parameter, which mlx_kmgmt.c reads as octets),
// so for those only the tessera side is checked and 3.5's behaviour is reported.
TEST_F(Coexist, HybridPrivateKeyMovesBetweenProviders) {
  struct ParamsFree { void operator()(OSSL_PARAM* p) const { OSSL_PARAM_free(p); } };
  for (const char* alg : {"X25519MLKEM768", "SecP256r1MLKEM768", "SecP384r1MLKEM1024"}) {
    SCOPED_TRACE(alg);
    const bool must_work = std::string(alg) == "X25519MLKEM768";
    for (const auto& [from, to] : {std::pair{"provider=default", "provider=tessera"},
                                   std::pair{"provider=tessera", "provider=default"}}) {
      Pkey key = keygen(alg, from);
      ASSERT_TRUE(key);
      OSSL_PARAM* raw = nullptr;
      if (EVP_PKEY_todata(key.get(), EVP_PKEY_KEYPAIR, &raw) != 1) {
        EXPECT_FALSE(must_work) << from << " cannot export the key pair";
        std::printf("note: %s: %s's EVP_PKEY_todata(KEYPAIR) fails: %s\n", alg, from,
                    ERR_error_string(ERR_get_error(), nullptr));
        ERR_clear_error();
        continue;
      }
      std::unique_ptr<OSSL_PARAM, ParamsFree> params(raw);
      const OSSL_PARAM* priv = OSSL_PARAM_locate_const(raw, OSSL_PKEY_PARAM_PRIV_KEY);
      ASSERT_NE(priv, nullptr);
      EXPECT_EQ(priv->data_size, std::string(alg) == "SecP384r1MLKEM1024" ? 3216u : 2432u);
      EVP_PKEY* k = nullptr;
      PkeyCtx ctx(EVP_PKEY_CTX_new_from_name(libctx(), alg, to));
      ASSERT_TRUE(ctx);
      ASSERT_EQ(EVP_PKEY_fromdata_init(ctx.get()), 1);
      if (EVP_PKEY_fromdata(ctx.get(), &k, EVP_PKEY_KEYPAIR, raw) != 1) {
        EXPECT_FALSE(must_work) << to << " cannot import " << from << "'s key pair";
        std::printf("note: %s: %s's EVP_PKEY_fromdata of %s's priv fails: %s\n", alg, to, from,
                    ERR_error_string(ERR_get_error(), nullptr));
        ERR_clear_error();
        continue;
      }
      Pkey moved(k);
      EXPECT_EQ(provider_of(moved.get()), std::string(to).substr(9));
      EXPECT_EQ(EVP_PKEY_eq(key.get(), moved.get()), 1);
      // The moved private key decapsulates what the original's public key was sent.
      Bytes ct, ss, ss2;
      ASSERT_TRUE(encapsulate(key.get(), &ct, &ss));
      ASSERT_TRUE(decapsulate(moved.get(), ct, &ss2));
      EXPECT_EQ(ss, ss2);
    }
  }
}

// A TLS 1.3 handshake in memory (BIO pair) between a server and a client context made with
// SSL_CTX_new_ex(libctx, propq, ...), restricted to one group.
struct Handshake {
  std::unique_ptr<SSL_CTX, SslCtxFree> sctx, cctx;
  std::unique_ptr<SSL, SslFree> server, client;
  static X509* self_signed(EVP_PKEY* key) {
    X509* x = X509_new_ex(lib().libctx, "provider=default");
    if (x == nullptr) return nullptr;
    X509_set_version(x, 2);
    ASN1_INTEGER_set(X509_get_serialNumber(x), 1);
    X509_gmtime_adj(X509_getm_notBefore(x), 0);
    X509_gmtime_adj(X509_getm_notAfter(x), 3600);
    X509_NAME_add_entry_by_txt(X509_get_subject_name(x), "CN", MBSTRING_ASC,
                               reinterpret_cast<const unsigned char*>("localhost"), -1, -1, 0);
    X509_set_issuer_name(x, X509_get_subject_name(x));
    if (X509_set_pubkey(x, key) != 1 || X509_sign(x, key, EVP_sha256()) <= 0) {
      X509_free(x);
      return nullptr;
    }
    return x;
  }
  bool run(const char* server_propq, const char* client_propq, const char* group) {
    OSSL_LIB_CTX* l = lib().libctx;
    sctx.reset(SSL_CTX_new_ex(l, server_propq, TLS_server_method()));
    cctx.reset(SSL_CTX_new_ex(l, client_propq, TLS_client_method()));
    if (!sctx || !cctx) return false;
    Pkey key(EVP_PKEY_Q_keygen(l, "provider=default", "EC", "P-256"));
    std::unique_ptr<X509, X509Free> cert(key ? self_signed(key.get()) : nullptr);
    if (!cert || SSL_CTX_use_certificate(sctx.get(), cert.get()) != 1 || SSL_CTX_use_PrivateKey(sctx.get(), key.get()) != 1)
      return false;
    for (SSL_CTX* c : {sctx.get(), cctx.get()}) {
      if (SSL_CTX_set_min_proto_version(c, TLS1_3_VERSION) != 1 || SSL_CTX_set1_groups_list(c, group) != 1) return false;
    }
    SSL_CTX_set_verify(cctx.get(), SSL_VERIFY_NONE, nullptr);
    server.reset(SSL_new(sctx.get()));
    client.reset(SSL_new(cctx.get()));
    BIO *sb = nullptr, *cb = nullptr;
    if (!server || !client || BIO_new_bio_pair(&sb, 0, &cb, 0) != 1) return false;
    SSL_set_bio(server.get(), sb, sb);
    SSL_set_bio(client.get(), cb, cb);
    SSL_set_accept_state(server.get());
    SSL_set_connect_state(client.get());
    bool sdone = false, cdone = false;
    for (int i = 0; i < 20 && !(sdone && cdone); ++i) {
      if (!cdone) cdone = step(client.get());
      if (!sdone) sdone = step(server.get());
    }
    return sdone && cdone;
  }
  static bool step(SSL* s) {
    const int r = SSL_do_handshake(s);
    if (r == 1) return true;
    const int e = SSL_get_error(s, r);
    if (e != SSL_ERROR_WANT_READ && e != SSL_ERROR_WANT_WRITE) ADD_FAILURE() << "SSL error " << e;
    return false;
  }
  std::string group_name() { return SSL_group_to_name(server.get(), SSL_get_negotiated_group(server.get())); }
  // The client's key share as the server holds it: a key of the KEYMGMT libssl fetched.
  std::string server_share_provider() {
    EVP_PKEY* k = nullptr;
    if (SSL_get_peer_tmp_key(server.get(), &k) != 1) return "(no key)";
    Pkey owned(k);
    return provider_of(k);
  }
  // The client's own key share (SSL_get_tmp_key), where libssl still holds it.
  std::string client_share_provider() {
    EVP_PKEY* k = nullptr;
    if (SSL_get_tmp_key(client.get(), &k) != 1) return "(no key)";
    Pkey owned(k);
    return provider_of(k);
  }
};

// Which provider made each key share: the server's view of the client's share
// (SSL_get_peer_tmp_key) and the client's own (SSL_get_tmp_key).
TEST_F(Coexist, LibsslUsesTesseraWithThePropertyQuery) {
  struct Case {
    const char *server_propq, *client_propq, *server_share, *client_share;
  };
  const Case cases[] = {{"?provider=tessera", "provider=default", "tessera", "default"},
                        {"provider=default", "?provider=tessera", "default", "tessera"},
                        {"?provider=tessera", "?provider=tessera", "tessera", "tessera"},
                        {"provider=default", "provider=default", "default", "default"}};
  for (const char* group : {"X25519MLKEM768", "SecP256r1MLKEM768", "SecP384r1MLKEM1024", "MLKEM768"}) {
    SCOPED_TRACE(group);
    for (const Case& c : cases) {
      Handshake h;
      ASSERT_TRUE(h.run(c.server_propq, c.client_propq, group))
          << "server " << c.server_propq << ", client " << c.client_propq << ": " << ERR_error_string(ERR_get_error(), nullptr);
      EXPECT_EQ(h.group_name(), group);
      EXPECT_EQ(h.server_share_provider(), c.server_share) << "server " << c.server_propq << ", client " << c.client_propq;
      EXPECT_EQ(h.client_share_provider(), c.client_share) << "server " << c.server_propq << ", client " << c.client_propq;
    }
  }
}

// A mandatory "provider=tessera" for a whole SSL_CTX asks tessera for everything libssl
// fetches (ciphers, HKDF, the certificate's signature), which tessera does not offer: the
// handshake cannot complete. The preference "?provider=tessera" is the way (above).
TEST_F(Coexist, MandatoryTesseraQueryForAllOfLibsslFails) {
  std::unique_ptr<SSL_CTX, SslCtxFree> ctx(SSL_CTX_new_ex(libctx(), "provider=tessera", TLS_method()));
  EXPECT_FALSE(ctx) << "SSL_CTX_new_ex with a mandatory provider=tessera";
  Handshake h;
  EXPECT_FALSE(h.run("provider=tessera", "provider=default", "X25519MLKEM768"));
  ERR_clear_error();
}

}  // namespace
