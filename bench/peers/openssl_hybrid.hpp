// The OpenSSL peer's hybrid KEM cases (bench/peers/openssl_hybrid.cpp), added to its case
// list by bench/peers/openssl.cpp.
#pragma once

#include "registry.hpp"

#include <vector>

namespace tessera::bench::openssl_peer {

// Appends key gen / encap / decap (key object) cases for each hybrid KEM the running
// OpenSSL has (X25519MLKEM768, SecP256r1MLKEM768, SecP384r1MLKEM1024: 3.5+, probed by name
// at run time; nothing on 3.0, whose rows then read n/a).
void add_hybrid_kems(std::vector<Case>& cases);

}  // namespace tessera::bench::openssl_peer
