// One full TLS 1.3 handshake between a client and a server SSL object in this process, over
// a memory BIO pair (the approach of tests/provider/handshake_speed.cpp), with each side's
// SSL_do_handshake calls timed on the bench's counter: the two sides alternate on one
// thread, so the ticks spent inside one side's calls are that side's CPU cost (no network,
// no waiting is counted).
#pragma once

#include <openssl/ssl.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace tessera::bench::tls {

// What the client saw on the wire (a message callback on the client; set only when asked,
// it is not free).
struct Wire {
  std::size_t client_hello_bytes = 0;  // the first ClientHello, 4-byte handshake header included
  std::size_t server_hello_bytes = 0;  // the last ServerHello (after a HelloRetryRequest: the real one)
  int server_hellos = 0;               // 2 when the server sent a HelloRetryRequest
};

struct Handshake {
  bool ok = false;
  std::string error;  // why not: the side, SSL_get_error and OpenSSL's error queue
  std::uint64_t client_ticks = 0, server_ticks = 0;
  int client_group = 0, server_group = 0;  // SSL_get_negotiated_group of each side
};

// wire: nullptr, or where to record the client's view of the messages.
Handshake handshake(SSL_CTX* server_ctx, SSL_CTX* client_ctx, Wire* wire);

// Whether SSL_get_negotiated_group's value names the group `name` (TLS code point `id`).
// Groups libssl knows get their NID; provider groups come back as TLSEXT_nid_unknown | id.
bool is_group(int negotiated, const std::string& name, unsigned id);

}  // namespace tessera::bench::tls
