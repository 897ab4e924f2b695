// DER of the LAMPS key structures, built and parsed with libcrypto (X509_PUBKEY,
// PKCS8_PRIV_KEY_INFO, X509_ALGOR, ASN1_put_object / ASN1_get_object): the encoders and
// decoders (encoder.cpp, decoder.cpp) and the signature's AlgorithmIdentifier use it.
//   SubjectPublicKeyInfo (RFC 5280 s4.1.2.7; RFC 9881 Section 4): AlgorithmIdentifier
//     { oid } with absent parameters, subjectPublicKey = the raw public key;
//   OneAsymmetricKey v1 (RFC 5958; RFC 9881 Section 6): privateKey = DER of
//     CHOICE { seed [0] IMPLICIT OCTET STRING, expandedKey OCTET STRING,
//              both SEQUENCE { seed OCTET STRING, expandedKey OCTET STRING } }.
#pragma once

#include "codec_key.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace tessera::provider {

// The private key CHOICE alternatives, named as OpenSSL 3.5's "ml-dsa.output_formats"
// names them: "seed-only", "priv-only", "seed-priv" (the `both` SEQUENCE).
enum class PrivateForm { seed_only, expanded_only, both };

// An ordered preference of private key forms: the first one the key can give is written.
// The default writes the seed alone when the key has its seed (the compact form the LAMPS
// documents recommend; OpenSSL 3.5 reads it), else the expanded key. OpenSSL 3.5's own
// default is "seed-priv" (both); "ml-dsa.output_formats" = "seed-priv" gives that.
struct PrivateFormPreference {
  PrivateForm order[3] = {PrivateForm::seed_only, PrivateForm::expanded_only, PrivateForm::both};
  int count = 3;
  // Parses a list like "seed-only, priv-only" (separators: comma, space, tab); false on an
  // unknown name or an empty list, leaving *this unchanged.
  bool parse(std::string_view list) noexcept;
};

// The DER AlgorithmIdentifier SEQUENCE { oid } (parameters absent, RFC 9881 Section 2)
// into out; returns its length, 0 on failure (out too small).
std::size_t algorithm_identifier_der(const char* oid, std::span<std::uint8_t> out) noexcept;

// DER SubjectPublicKeyInfo of a key; returns the length and an OPENSSL_malloc'd buffer
// in *der, or 0 with an error raised.
int encode_spki(const CodecKeyOps& ops, const void* key, unsigned char** der) noexcept;
// DER PrivateKeyInfo; *der must be released with OPENSSL_clear_free(*der, length).
int encode_pkcs8(const CodecKeyOps& ops, const void* key, const PrivateFormPreference& pref,
                 unsigned char** der) noexcept;

// Decoding result: not this algorithm (or not this structure: the decoder passes),
// a key, or this algorithm but malformed / inconsistent (an error is raised).
enum class DecodeStatus { not_ours, ok, bad };
// On ok, *key is new keydata (ops.from_public / ops.from_private).
DecodeStatus decode_spki(const CodecKeyOps& ops, void* provctx, std::span<const std::uint8_t> der,
                         void** key) noexcept;
DecodeStatus decode_pkcs8(const CodecKeyOps& ops, void* provctx, std::span<const std::uint8_t> der,
                          void** key) noexcept;

// Parses the private key CHOICE; the spans point into `choice`. false if malformed or a
// length is not the algorithm's (seed_bytes, expanded_bytes).
bool parse_private_choice(const CodecKeyOps& ops, std::span<const std::uint8_t> choice,
                          std::span<const std::uint8_t>* seed, std::span<const std::uint8_t>* expanded) noexcept;

}  // namespace tessera::provider
