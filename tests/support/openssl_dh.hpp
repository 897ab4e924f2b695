// The curve halves of the hybrids computed by OpenSSL's libcrypto (an independent
// implementation for the tests): X25519 through EVP, P-256/P-384 through EC_POINT.
// group: "X25519", "P-256" or "P-384". Failures end the test with a message (empty result).
#pragma once

#include "support/hex.hpp"

namespace tessera::test {

// The public key of `priv` (X25519: 32 bytes; P-curves: SEC1 uncompressed).
Bytes openssl_dh_public(const char* group, const Bytes& priv);
// The DH secret of `priv` with `peer` (X25519: u; P-curves: x of priv * peer, big-endian).
Bytes openssl_dh_derive(const char* group, const Bytes& priv, const Bytes& peer);

}  // namespace tessera::test
