// provider_speed: what the provider costs (docs/provider.md, "Speed"). Not a test: it
// prints figures and asserts nothing (DESIGN.md: performance is measured, never asserted).
//
//   1. ML-KEM-768 encapsulate / decapsulate: Tessera's API directly vs EVP through the
//      provider, the way libssl calls it (a new EVP_PKEY_CTX per operation, sizes query
//      first, then the operation).
//   2. Full TLS 1.3 handshakes in one process over a BIO pair (client and server
//      SSL_CTX on one OSSL_LIB_CTX with tessera + default), X25519MLKEM768 through the
//      provider vs X25519 from the default provider, ECDSA P-256 certificate.
//
// Usage: provider_speed [seconds per figure, default 2; best of 5 runs] (TESSERA_MODULE_DIR overrides the
// module directory).
#include <tessera/mlkem.hpp>

#include <openssl/bio.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
double g_seconds = 2.0;

// Ops per second of op: the best of 5 runs of g_seconds / 5 each (the best run is the one
// least disturbed by other load on a shared machine).
double rate(const std::function<bool()>& op) {
  for (int i = 0; i < 10; ++i) op();  // warm-up
  double best = 0;
  for (int run = 0; run < 5; ++run) {
    long n = 0;
    const auto start = Clock::now();
    double elapsed = 0;
    do {
      for (int i = 0; i < 16; ++i) {
        if (!op()) {
          std::fprintf(stderr, "operation failed\n");
          ERR_print_errors_fp(stderr);
          std::exit(1);
        }
      }
      n += 16;
      elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    } while (elapsed < g_seconds / 5);
    best = std::max(best, static_cast<double>(n) / elapsed);
  }
  return best;
}

void kem_figures(OSSL_LIB_CTX* libctx) {
  using K = tessera::mlkem::MlKem768;
  auto kp = K::generate_key();
  auto enc0 = K::encapsulate(kp->public_key);
  EVP_PKEY* key = nullptr;
  {
    EVP_PKEY_CTX* g = EVP_PKEY_CTX_new_from_name(libctx, "ML-KEM-768", "provider=tessera");
    const auto priv = kp->private_key.bytes();
    OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string("priv", const_cast<std::uint8_t*>(priv.data()), priv.size()),
                      OSSL_PARAM_construct_end()};
    if (EVP_PKEY_fromdata_init(g) != 1 || EVP_PKEY_fromdata(g, &key, EVP_PKEY_KEYPAIR, p) != 1) {
      ERR_print_errors_fp(stderr);
      std::exit(1);
    }
    EVP_PKEY_CTX_free(g);
  }
  std::vector<unsigned char> ct(K::ciphertext_bytes), ss(32);
  const double direct_enc = rate([&] { return K::encapsulate(kp->public_key).has_value(); });
  const double evp_enc = rate([&] {
    EVP_PKEY_CTX* c = EVP_PKEY_CTX_new_from_pkey(libctx, key, nullptr);
    std::size_t ctlen = 0, sslen = 0;
    bool ok = EVP_PKEY_encapsulate_init(c, nullptr) == 1 && EVP_PKEY_encapsulate(c, nullptr, &ctlen, nullptr, &sslen) == 1 &&
              EVP_PKEY_encapsulate(c, ct.data(), &ctlen, ss.data(), &sslen) == 1;
    EVP_PKEY_CTX_free(c);
    return ok;
  });
  // The same with one EVP_PKEY_CTX initialised once: what the provider's KEM itself costs,
  // without OpenSSL's per-context fetches.
  EVP_PKEY_CTX* reused = EVP_PKEY_CTX_new_from_pkey(libctx, key, nullptr);
  EVP_PKEY_encapsulate_init(reused, nullptr);
  const double evp_enc_reused = rate([&] {
    std::size_t ctlen = ct.size(), sslen = ss.size();
    return EVP_PKEY_encapsulate(reused, ct.data(), &ctlen, ss.data(), &sslen) == 1;
  });
  EVP_PKEY_CTX_free(reused);
  reused = EVP_PKEY_CTX_new_from_pkey(libctx, key, nullptr);
  EVP_PKEY_decapsulate_init(reused, nullptr);
  const double evp_dec_reused = rate([&] {
    std::size_t sslen = ss.size();
    return EVP_PKEY_decapsulate(reused, ss.data(), &sslen, enc0->ciphertext.data(), K::ciphertext_bytes) == 1;
  });
  EVP_PKEY_CTX_free(reused);
  const double direct_dec = rate([&] { return K::decapsulate(kp->private_key, enc0->ciphertext).has_value(); });
  const double evp_dec = rate([&] {
    EVP_PKEY_CTX* c = EVP_PKEY_CTX_new_from_pkey(libctx, key, nullptr);
    std::size_t sslen = 0;
    bool ok = EVP_PKEY_decapsulate_init(c, nullptr) == 1 &&
              EVP_PKEY_decapsulate(c, nullptr, &sslen, enc0->ciphertext.data(), K::ciphertext_bytes) == 1 &&
              EVP_PKEY_decapsulate(c, ss.data(), &sslen, enc0->ciphertext.data(), K::ciphertext_bytes) == 1;
    EVP_PKEY_CTX_free(c);
    return ok;
  });
  const auto line = [](const char* what, double direct, double fresh, double reuse) {
    std::printf("ML-KEM-768 %-12s direct %8.0f ops/s | EVP, new ctx per op %8.0f ops/s (%+5.1f %%) | EVP, one ctx %8.0f ops/s (%+5.1f %%)\n",
                what, direct, fresh, (direct / fresh - 1) * 100, reuse, (direct / reuse - 1) * 100);
  };
  line("encapsulate", direct_enc, evp_enc, evp_enc_reused);
  line("decapsulate", direct_dec, evp_dec, evp_dec_reused);
  EVP_PKEY_free(key);

  // The same two ways for OpenSSL's own X25519 (default provider): what a new EVP_PKEY_CTX
  // per operation costs in OpenSSL itself (method fetch and initialisation), whatever the
  // provider.
  EVP_PKEY* a = EVP_PKEY_Q_keygen(libctx, "provider=default", "X25519");
  EVP_PKEY* b = EVP_PKEY_Q_keygen(libctx, "provider=default", "X25519");
  std::size_t dhlen = ss.size();
  const double x_fresh = rate([&] {
    EVP_PKEY_CTX* c = EVP_PKEY_CTX_new_from_pkey(libctx, a, "provider=default");
    std::size_t n = 0;
    bool ok = EVP_PKEY_derive_init(c) == 1 && EVP_PKEY_derive_set_peer(c, b) == 1 &&
              EVP_PKEY_derive(c, nullptr, &n) == 1 && EVP_PKEY_derive(c, ss.data(), &n) == 1;
    EVP_PKEY_CTX_free(c);
    return ok;
  });
  EVP_PKEY_CTX* xr = EVP_PKEY_CTX_new_from_pkey(libctx, a, "provider=default");
  EVP_PKEY_derive_init(xr);
  EVP_PKEY_derive_set_peer(xr, b);
  const double x_reused = rate([&] {
    std::size_t n = dhlen;
    return EVP_PKEY_derive(xr, ss.data(), &n) == 1;
  });
  EVP_PKEY_CTX_free(xr);
  EVP_PKEY_free(a);
  EVP_PKEY_free(b);
  std::printf("A new EVP_PKEY_CTX per operation adds: %.2f us to tessera's ML-KEM-768 encapsulate, %.2f us to "
              "decapsulate; %.2f us to OpenSSL's own X25519 derive (default provider: %.0f vs %.0f ops/s)\n",
              1e6 / evp_enc - 1e6 / evp_enc_reused, 1e6 / evp_dec - 1e6 / evp_dec_reused, 1e6 / x_fresh - 1e6 / x_reused,
              x_fresh, x_reused);
}

// A self-signed ECDSA P-256 certificate made by the default provider.
void make_cert(OSSL_LIB_CTX* libctx, EVP_PKEY** pkey, X509** cert) {
  *pkey = EVP_PKEY_Q_keygen(libctx, nullptr, "EC", "P-256");
  *cert = X509_new_ex(libctx, nullptr);
  ASN1_INTEGER_set(X509_get_serialNumber(*cert), 1);
  X509_gmtime_adj(X509_getm_notBefore(*cert), 0);
  X509_gmtime_adj(X509_getm_notAfter(*cert), 86400);
  X509_set_pubkey(*cert, *pkey);
  X509_NAME* name = X509_get_subject_name(*cert);
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("localhost"), -1, -1, 0);
  X509_set_issuer_name(*cert, name);
  X509_sign(*cert, *pkey, EVP_sha256());
}

// One full handshake (no resumption) between two SSL objects over a BIO pair.
bool handshake(SSL_CTX* server_ctx, SSL_CTX* client_ctx) {
  SSL* server = SSL_new(server_ctx);
  SSL* client = SSL_new(client_ctx);
  BIO *cb = nullptr, *sb = nullptr;
  BIO_new_bio_pair(&cb, 0, &sb, 0);  // what the client writes, the server reads, and back
  SSL_set_bio(client, cb, cb);
  SSL_set_bio(server, sb, sb);
  SSL_set_connect_state(client);
  SSL_set_accept_state(server);
  bool done = false;
  for (int round = 0; round < 10 && !done; ++round) {
    const int rc = SSL_do_handshake(client);
    const int rs = SSL_do_handshake(server);
    done = rc == 1 && rs == 1;
    if ((rc != 1 && SSL_get_error(client, rc) != SSL_ERROR_WANT_READ) ||
        (rs != 1 && SSL_get_error(server, rs) != SSL_ERROR_WANT_READ)) {
      std::fprintf(stderr, "handshake round %d: client %d/%d server %d/%d\n", round, rc, SSL_get_error(client, rc), rs,
                   SSL_get_error(server, rs));
      ERR_print_errors_fp(stderr);
      break;
    }
  }
  SSL_free(client);
  SSL_free(server);
  return done;
}

double handshake_rate(OSSL_LIB_CTX* libctx, const char* group, EVP_PKEY* pkey, X509* cert) {
  SSL_CTX* s = SSL_CTX_new_ex(libctx, nullptr, TLS_server_method());
  SSL_CTX* c = SSL_CTX_new_ex(libctx, nullptr, TLS_client_method());
  for (SSL_CTX* ctx : {s, c}) {
    SSL_CTX_set_min_proto_version(ctx, TLS1_3_VERSION);
    SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_OFF);
    SSL_CTX_set_num_tickets(ctx, 0);
    if (SSL_CTX_set1_groups_list(ctx, group) != 1) {
      ERR_print_errors_fp(stderr);
      std::exit(1);
    }
  }
  SSL_CTX_use_certificate(s, cert);
  SSL_CTX_use_PrivateKey(s, pkey);
  const double r = rate([&] { return handshake(s, c); });
  SSL_CTX_free(s);
  SSL_CTX_free(c);
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) g_seconds = std::atof(argv[1]);
  const char* dir = std::getenv("TESSERA_MODULE_DIR");
  if (dir == nullptr || *dir == '\0') dir = TESSERA_PROVIDER_DIR;
  OSSL_LIB_CTX* libctx = OSSL_LIB_CTX_new();
  OSSL_PROVIDER_set_default_search_path(libctx, dir);
  if (OSSL_PROVIDER_load(libctx, "tessera") == nullptr || OSSL_PROVIDER_load(libctx, "default") == nullptr) {
    ERR_print_errors_fp(stderr);
    return 1;
  }
  std::printf("OpenSSL %s, tessera.so from %s, %.1f s per figure\n", OpenSSL_version(OPENSSL_VERSION_STRING), dir, g_seconds);
  kem_figures(libctx);
  EVP_PKEY* pkey = nullptr;
  X509* cert = nullptr;
  make_cert(libctx, &pkey, &cert);
  const double x25519 = handshake_rate(libctx, "X25519", pkey, cert);
  const double hybrid = handshake_rate(libctx, "X25519MLKEM768", pkey, cert);
  std::printf("TLS 1.3 full handshakes (client+server in one thread, ECDSA P-256):\n");
  std::printf("  X25519 (default provider)      %8.0f handshakes/s\n", x25519);
  std::printf("  X25519MLKEM768 (tessera)       %8.0f handshakes/s   ratio %.2fx\n", hybrid, hybrid / x25519);
  X509_free(cert);
  EVP_PKEY_free(pkey);
  OSSL_LIB_CTX_free(libctx);
  return 0;
}
