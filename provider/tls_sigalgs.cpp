// The "TLS-SIGALG" capability (provider-base(7) of OpenSSL 3.2+): ML-DSA-44/65/87 as TLS 1.3
// signature schemes mldsa44 (0x0904), mldsa65 (0x0905), mldsa87 (0x0906), the code points of
// draft-ietf-tls-mldsa. OpenSSL 3.2+ libssl reads it; OpenSSL 3.0 never asks for it, so on
// 3.0 TLS cannot use a provider's signature algorithms (docs/provider.md, "Signatures and encoders").
#include "algorithms.hpp"
#include "mldsa_key.hpp"

#include <openssl/core_names.h>
#include <openssl/params.h>

namespace tessera::provider {
namespace {

// The OSSL_CAPABILITY_TLS_SIGALG_* names of OpenSSL 3.5's core_names.h (3.0's headers
// do not have them).
constexpr const char* kIanaName = "tls-sigalg-iana-name";
constexpr const char* kCodePoint = "tls-sigalg-code-point";
constexpr const char* kName = "tls-sigalg-name";
constexpr const char* kOid = "tls-sigalg-oid";
constexpr const char* kSecurityBits = "tls-sigalg-sec-bits";
constexpr const char* kMinTls = "tls-min-tls";
constexpr const char* kMaxTls = "tls-max-tls";
constexpr const char* kMinDtls = "tls-min-dtls";
constexpr const char* kMaxDtls = "tls-max-dtls";

struct SigalgInfo {
  const char* iana_name;
  const char* name;
  const char* oid;
  unsigned int code_point;
  unsigned int security_bits;
};
constexpr SigalgInfo kSigalgs[] = {
    {"mldsa44", MlDsaNames<MlDsa44>::name, MlDsaNames<MlDsa44>::oid, 0x0904, MlDsaNames<MlDsa44>::security_bits},
    {"mldsa65", MlDsaNames<MlDsa65>::name, MlDsaNames<MlDsa65>::oid, 0x0905, MlDsaNames<MlDsa65>::security_bits},
    {"mldsa87", MlDsaNames<MlDsa87>::name, MlDsaNames<MlDsa87>::oid, 0x0906, MlDsaNames<MlDsa87>::security_bits},
};

}  // namespace

int tls_sigalg_capabilities(OSSL_CALLBACK* cb, void* arg) noexcept {
  for (const SigalgInfo& s : kSigalgs) {
    // Built per call on the stack: no mutable globals (the callback only reads them).
    unsigned int code_point = s.code_point;
    unsigned int security_bits = s.security_bits;
    int min_tls = 0x0304;  // TLS1_3_VERSION: ML-DSA is TLS 1.3 only
    int max_tls = 0;       // no maximum
    int min_dtls = -1;     // not for DTLS
    int max_dtls = -1;
    // OSSL_PARAM_construct_utf8_string with size 0 measures the string.
    const OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(kIanaName, const_cast<char*>(s.iana_name), 0),
        OSSL_PARAM_construct_utf8_string(kName, const_cast<char*>(s.name), 0),
        OSSL_PARAM_construct_utf8_string(kOid, const_cast<char*>(s.oid), 0),
        OSSL_PARAM_construct_uint(kCodePoint, &code_point),
        OSSL_PARAM_construct_uint(kSecurityBits, &security_bits),
        OSSL_PARAM_construct_int(kMinTls, &min_tls),
        OSSL_PARAM_construct_int(kMaxTls, &max_tls),
        OSSL_PARAM_construct_int(kMinDtls, &min_dtls),
        OSSL_PARAM_construct_int(kMaxDtls, &max_dtls),
        OSSL_PARAM_construct_end()};
    if (cb(params, arg) == 0) return 0;
  }
  return 1;
}

}  // namespace tessera::provider
