#include "tls/handshake.hpp"

#include "timer.hpp"

#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/objects.h>

#include <strings.h>

namespace tessera::bench::tls {
namespace {

void on_message(int write_p, int /*version*/, int content_type, const void* buf, std::size_t len, SSL* /*ssl*/,
                void* arg) {
  if (content_type != SSL3_RT_HANDSHAKE || len == 0) return;
  Wire& w = *static_cast<Wire*>(arg);
  const int type = *static_cast<const unsigned char*>(buf);
  if (write_p != 0 && type == SSL3_MT_CLIENT_HELLO && w.client_hello_bytes == 0) w.client_hello_bytes = len;
  if (write_p == 0 && type == SSL3_MT_SERVER_HELLO) {  // a HelloRetryRequest has this type too
    w.server_hello_bytes = len;
    ++w.server_hellos;
  }
}

std::string openssl_errors() {
  std::string s;
  char buf[256];
  while (const unsigned long e = ERR_get_error()) {
    ERR_error_string_n(e, buf, sizeof buf);
    s += (s.empty() ? "" : "; ") + std::string(buf);
  }
  return s;
}

// One SSL_do_handshake call, its ticks added to `spent`; true if the side may go on.
bool step(SSL* ssl, std::uint64_t& spent, int& rc) {
  const std::uint64_t t0 = ticks();
  rc = SSL_do_handshake(ssl);
  spent += ticks() - t0;
  return rc == 1 || SSL_get_error(ssl, rc) == SSL_ERROR_WANT_READ;
}

}  // namespace

Handshake handshake(SSL_CTX* server_ctx, SSL_CTX* client_ctx, Wire* wire) {
  Handshake h;
  ERR_clear_error();
  SSL* server = SSL_new(server_ctx);
  SSL* client = SSL_new(client_ctx);
  BIO *cb = nullptr, *sb = nullptr;
  if (server == nullptr || client == nullptr || BIO_new_bio_pair(&cb, 0, &sb, 0) != 1) {
    h.error = "SSL_new/BIO_new_bio_pair failed: " + openssl_errors();
    SSL_free(client);
    SSL_free(server);
    return h;
  }
  SSL_set_bio(client, cb, cb);  // what the client writes the server reads, and back
  SSL_set_bio(server, sb, sb);
  SSL_set_connect_state(client);
  SSL_set_accept_state(server);
  if (wire != nullptr) {
    SSL_set_msg_callback(client, on_message);
    SSL_set_msg_callback_arg(client, wire);
  }
  // Client hello; server hello..finished; client finished; server reads it: 2 rounds, 3
  // with a HelloRetryRequest. 10 is a loop that makes no progress.
  int rc = 0, rs = 0;
  for (int round = 0; round < 10 && !h.ok; ++round) {
    if (!step(client, h.client_ticks, rc)) {
      h.error = "client: SSL_get_error " + std::to_string(SSL_get_error(client, rc)) + ": " + openssl_errors();
      break;
    }
    if (!step(server, h.server_ticks, rs)) {
      h.error = "server: SSL_get_error " + std::to_string(SSL_get_error(server, rs)) + ": " + openssl_errors();
      break;
    }
    h.ok = rc == 1 && rs == 1;
  }
  if (h.ok) {
    h.client_group = SSL_get_negotiated_group(client);
    h.server_group = SSL_get_negotiated_group(server);
  } else if (h.error.empty()) {
    h.error = "no progress after 10 rounds";
  }
  SSL_free(client);
  SSL_free(server);
  return h;
}

bool is_group(int negotiated, const std::string& name, unsigned id) {
  if ((negotiated & TLSEXT_nid_unknown) != 0) return static_cast<unsigned>(negotiated & 0xFFFF) == id;
  if (negotiated == NID_undef) return false;
  // libssl's own table: X25519 is NID_X25519 ("X25519"), secp256r1 NID_X9_62_prime256v1.
  const char* sn = OBJ_nid2sn(negotiated);
  const int curve = EC_curve_nist2nid(name == "secp256r1" ? "P-256" : name == "secp384r1" ? "P-384" : "");
  return negotiated == curve || (sn != nullptr && strcasecmp(sn, name.c_str()) == 0);
}

}  // namespace tessera::bench::tls
