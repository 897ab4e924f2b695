// The algorithm tables of the provider, one per operation, each defined beside the
// implementations it lists. Every array ends with a {nullptr, ...} entry, lives in static
// storage, and every entry carries the property "provider=tessera" (docs/provider.md:
// coexisting with OpenSSL 3.5's own ML-KEM and ML-DSA).
#pragma once

#include <openssl/core.h>

namespace tessera::provider {

inline constexpr const char* kProperties = "provider=tessera";

// KEYMGMT of the KEMs: ML-KEM-512/768/1024, X25519MLKEM768, SecP256r1MLKEM768,
// SecP384r1MLKEM1024, X-Wing (kem_keymgmt.cpp).
const OSSL_ALGORITHM* kem_keymgmt_algorithms() noexcept;
// KEM operations of the same algorithms (kem.cpp).
const OSSL_ALGORITHM* kem_algorithms() noexcept;
// KEYMGMT of ML-DSA-44/65/87 (mldsa_keymgmt.cpp).
const OSSL_ALGORITHM* signature_keymgmt_algorithms() noexcept;
// SIGNATURE operations of ML-DSA (mldsa_signature.cpp).
const OSSL_ALGORITHM* signature_algorithms() noexcept;
// ENCODER and DECODER: SubjectPublicKeyInfo / PKCS#8 in DER and PEM, and text
// (encoder.cpp, decoder.cpp).
const OSSL_ALGORITHM* encoder_algorithms() noexcept;
const OSSL_ALGORITHM* decoder_algorithms() noexcept;

// Provider capabilities (OSSL_FUNC_provider_get_capabilities): "TLS-GROUP" for the KEMs
// (tls_groups.cpp), "TLS-SIGALG" for ML-DSA (tls_sigalgs.cpp; used by OpenSSL 3.2+).
int tls_group_capabilities(OSSL_CALLBACK* cb, void* arg) noexcept;
int tls_sigalg_capabilities(OSSL_CALLBACK* cb, void* arg) noexcept;

// Called once by OSSL_provider_init: registers the ML-DSA OIDs and signature ids with the
// core's object table (mldsa_objects.cpp; X509_sign/X509_verify on OpenSSL 3.0 need them).
// Returns 0 if the core lacks the upcalls (the provider still works, certificates do not).
int register_signature_objects(const OSSL_CORE_HANDLE* handle, const OSSL_DISPATCH* in) noexcept;

}  // namespace tessera::provider
