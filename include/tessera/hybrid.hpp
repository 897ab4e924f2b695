// Hybrid KEMs: the TLS 1.3 groups of draft-ietf-tls-ecdhe-mlkem and X-Wing.
//
//   tessera::X25519MlKem768      0x11EC  pk = ek (1184) || X25519 (32); ct = ct (1088) || X25519 (32);
//                                        ss = ML-KEM ss (32) || X25519 ss (32)   (ML-KEM first)
//   tessera::SecP256r1MlKem768   0x11EB  pk = P-256 point (65) || ek (1184); ct = point (65) || ct (1088);
//                                        ss = ECDH (32) || ML-KEM (32)           (ECDH first)
//   tessera::SecP384r1MlKem1024  0x11ED  pk = P-384 point (97) || ek (1568); ct = point (97) || ct (1568);
//                                        ss = ECDH (48) || ML-KEM (32)
//   tessera::XWing               (<tessera/xwing.hpp>) the SHA3-256-combined ML-KEM-768 + X25519
//
// All of them satisfy tessera::KemScheme. A hybrid's private key is the two halves' seeds in
// share order (ML-KEM: d || z, 64 bytes; X25519: 32; P-256: 32; P-384: 48).
// tls_groups lists every TLS 1.3 NamedGroup Tessera implements, pure ML-KEM included.
#pragma once

#include <tessera/ec.hpp>
#include <tessera/hybrid_combiner.hpp>
#include <tessera/mlkem.hpp>
#include <tessera/x25519.hpp>
#include <tessera/xwing.hpp>

#include <cstdint>

namespace tessera {

namespace hybrid {
inline constexpr Info kX25519MlKem768{"X25519MLKEM768", 0x11EC};
inline constexpr Info kSecP256r1MlKem768{"SecP256r1MLKEM768", 0x11EB};
inline constexpr Info kSecP384r1MlKem1024{"SecP384r1MLKEM1024", 0x11ED};
}  // namespace hybrid

using X25519MlKem768 = hybrid::Concat<hybrid::MlKemHalf<mlkem::MlKem768>, hybrid::DhKem<X25519>, hybrid::kX25519MlKem768>;
using SecP256r1MlKem768 = hybrid::Concat<hybrid::DhKem<EcdhP256>, hybrid::MlKemHalf<mlkem::MlKem768>, hybrid::kSecP256r1MlKem768>;
using SecP384r1MlKem1024 = hybrid::Concat<hybrid::DhKem<EcdhP384>, hybrid::MlKemHalf<mlkem::MlKem1024>, hybrid::kSecP384r1MlKem1024>;

// draft-ietf-tls-ecdhe-mlkem, s4: the exact share sizes.
static_assert(X25519MlKem768::public_key_bytes == 1216 && X25519MlKem768::ciphertext_bytes == 1120 &&
              X25519MlKem768::shared_secret_bytes == 64);
static_assert(SecP256r1MlKem768::public_key_bytes == 1249 && SecP256r1MlKem768::ciphertext_bytes == 1153 &&
              SecP256r1MlKem768::shared_secret_bytes == 64);
static_assert(SecP384r1MlKem1024::public_key_bytes == 1665 && SecP384r1MlKem1024::ciphertext_bytes == 1665 &&
              SecP384r1MlKem1024::shared_secret_bytes == 80);
static_assert(KemScheme<X25519MlKem768> && KemScheme<SecP256r1MlKem768> && KemScheme<SecP384r1MlKem1024> &&
              KemScheme<XWing>);

// A TLS 1.3 NamedGroup (IANA "TLS Supported Groups"): share = public key, reply = ciphertext.
struct TlsGroup {
  const char* name;
  std::uint16_t code_point;
};
inline constexpr TlsGroup tls_groups[] = {
    {"MLKEM512", 0x0200},          {"MLKEM768", 0x0201},       {"MLKEM1024", 0x0202},
    {"SecP256r1MLKEM768", 0x11EB}, {"X25519MLKEM768", 0x11EC}, {"SecP384r1MLKEM1024", 0x11ED},
};

}  // namespace tessera
