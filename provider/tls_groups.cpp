// The "TLS-GROUP" capability (provider-base(7) of OpenSSL 3.0, "CAPABILITIES"): the TLS 1.3
// key-exchange groups libssl may negotiate with this provider's KEMs.
//
// Code points: IANA TLS Supported Groups (0x0200-0x0202: draft-ietf-tls-mlkem;
// 0x11EB-0x11ED: draft-ietf-tls-ecdhe-mlkem), as tessera::tls_groups lists them.
// Security bits as OpenSSL 3.5 lists them (providers/common/capabilities.c): the ML-KEM
// parameter set's, for the hybrids too. TLS 1.3 only (min TLS1_3_VERSION, max 0 = no
// upper bound); DTLS -1 = unsupported (3.0's tls_valid_group rejects a group whose
// mindtls or maxdtls is negative for DTLS). IS_KEM = 1: libssl encapsulates to the
// client's share instead of running Diffie-Hellman (3.0 reads it with OSSL_PARAM_get_uint).
//
// GROUP_NAME_INTERNAL is passed by libssl to EVP_PKEY_CTX_set_group_name when it makes a
// key share; the keymgmt accepts and ignores it, so it is the TLS name again.
#include "algorithms.hpp"

#include <tessera/hybrid.hpp>

#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/prov_ssl.h>

#include <cstdint>
#include <cstring>
#include <iterator>
#include <string_view>

namespace tessera::provider {
namespace {

struct Group {
  const char* tls_name;   // the name for SSL_CTX_set1_groups_list / -groups
  const char* algorithm;  // the KEYMGMT/KEM name (kem_schemes.hpp)
  unsigned int id;
  unsigned int security_bits;
};

constexpr Group kGroups[] = {
    {"MLKEM512", "ML-KEM-512", 0x0200, 128},
    {"MLKEM768", "ML-KEM-768", 0x0201, 192},
    {"MLKEM1024", "ML-KEM-1024", 0x0202, 256},
    {"SecP256r1MLKEM768", "SecP256r1MLKEM768", 0x11EB, 192},
    {"X25519MLKEM768", "X25519MLKEM768", 0x11EC, 192},
    {"SecP384r1MLKEM1024", "SecP384r1MLKEM1024", 0x11ED, 256},
};

// Every group here is one tessera::tls_groups lists, with the same code point.
constexpr bool same_as_library() {
  if (std::size(kGroups) != std::size(tls_groups)) return false;
  for (std::size_t i = 0; i < std::size(kGroups); ++i) {
    bool found = false;
    for (const auto& g : tls_groups) {
      if (g.code_point == kGroups[i].id && std::string_view(g.name) == kGroups[i].tls_name) found = true;
    }
    if (!found) return false;
  }
  return true;
}
static_assert(same_as_library());

}  // namespace

int tls_group_capabilities(OSSL_CALLBACK* cb, void* arg) noexcept {
  for (const Group& g : kGroups) {
    // Built per call on this frame (libssl copies what it keeps): no shared mutable state.
    unsigned int id = g.id;
    unsigned int secbits = g.security_bits;
    unsigned int is_kem = 1;
    int min_tls = TLS1_3_VERSION, max_tls = 0, min_dtls = -1, max_dtls = -1;
    char* name = const_cast<char*>(g.tls_name);
    char* alg = const_cast<char*>(g.algorithm);
    const OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME, name, 0),
        OSSL_PARAM_construct_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME_INTERNAL, name, 0),
        OSSL_PARAM_construct_utf8_string(OSSL_CAPABILITY_TLS_GROUP_ALG, alg, 0),
        OSSL_PARAM_construct_uint(OSSL_CAPABILITY_TLS_GROUP_ID, &id),
        OSSL_PARAM_construct_uint(OSSL_CAPABILITY_TLS_GROUP_SECURITY_BITS, &secbits),
        OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MIN_TLS, &min_tls),
        OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MAX_TLS, &max_tls),
        OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MIN_DTLS, &min_dtls),
        OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MAX_DTLS, &max_dtls),
        OSSL_PARAM_construct_uint(OSSL_CAPABILITY_TLS_GROUP_IS_KEM, &is_kem),
        OSSL_PARAM_construct_end()};
    if (cb(params, arg) == 0) return 0;
  }
  return 1;
}

}  // namespace tessera::provider
