// What the encoders and decoders (encoder.cpp, decoder.cpp) need to know about a key type:
// one CodecKeyOps per algorithm, a small table of names, sizes and function pointers over
// that algorithm's KEYMGMT keydata. ML-DSA provides its three (mldsa_codec.cpp), ML-KEM
// its three (mlkem_codec.cpp, draft-ietf-lamps-kyber-certificates); listing a table in
// kCodecKeys below gives its KEYMGMT SubjectPublicKeyInfo / PKCS#8 DER and PEM and text.
//
// The formats (RFC 9881 = draft-ietf-lamps-dilithium-certificates, Sections 4 and 6;
// draft-ietf-lamps-kyber-certificates, Sections 4 and 6):
//   SubjectPublicKeyInfo: AlgorithmIdentifier { oid } (parameters absent), the BIT STRING
//     holding the raw encoded public key;
//   PrivateKeyInfo: the same AlgorithmIdentifier, privateKey OCTET STRING holding the DER
//     of the CHOICE { seed [0] IMPLICIT OCTET STRING, expandedKey OCTET STRING,
//     both SEQUENCE { seed OCTET STRING, expandedKey OCTET STRING } }.
#pragma once

#include <openssl/core.h>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <utility>
#include <vector>

namespace tessera::provider {

struct CodecKeyOps {
  const char* name;    // primary name, also the decoder's OSSL_OBJECT_PARAM_DATA_TYPE: "ML-DSA-65"
  const char* names;   // the OSSL_ALGORITHM names of the KEYMGMT ("ML-DSA-65:MLDSA65:...:<oid>")
  const char* oid;     // dotted AlgorithmIdentifier OID
  // The encoder parameter choosing the private key form, named like OpenSSL 3.5's
  // provider parameter: "ml-dsa.output_formats" (ML-KEM: "ml-kem.output_formats").
  const char* output_formats_param;
  std::size_t public_bytes;    // the BIT STRING content
  std::size_t seed_bytes;      // seed [0] (ML-DSA 32, ML-KEM 64)
  std::size_t expanded_bytes;  // expandedKey
  // The `-text` labels of the expanded private key and the public key, as OpenSSL 3.5
  // prints them: ML-DSA "priv" / "pub", ML-KEM "dk" / "ek" (FIPS 203's names).
  const char* expanded_label;
  const char* public_label;

  // Accessors on keydata (never null when called).
  bool (*has_public)(const void* key) noexcept;
  bool (*has_private)(const void* key) noexcept;
  // The encoded public key (public_bytes long), or an empty span if there is none.
  std::span<const std::uint8_t> (*public_key)(const void* key) noexcept;
  // Writes the seed into out (seed_bytes); false if the key was not made from a seed.
  bool (*seed)(const void* key, std::span<std::uint8_t> out) noexcept;
  // Writes the expanded private key into out (expanded_bytes); false without a private key.
  bool (*expanded)(const void* key, std::span<std::uint8_t> out) noexcept;

  // New keydata for the decoders, handed to the KEYMGMT's load() (provider-keymgmt(7)
  // OSSL_FUNC_keymgmt_load: the reference is the keydata pointer, which load() takes
  // over) or to export_key. Both return nullptr with an OpenSSL error raised on bad input.
  void* (*from_public)(void* provctx, std::span<const std::uint8_t> pub) noexcept;
  // seed and/or expanded (an empty span: absent); when both are given they must agree.
  void* (*from_private)(void* provctx, std::span<const std::uint8_t> seed,
                        std::span<const std::uint8_t> expanded) noexcept;
  void (*free_key)(void* key) noexcept;
  // OSSL_FUNC_keymgmt_export on keydata (the decoders' export_object).
  int (*export_key)(void* key, int selection, OSSL_CALLBACK* cb, void* cbarg) noexcept;
};

// The ML-DSA tables (mldsa_codec.cpp).
extern const CodecKeyOps kMlDsa44Codec;
extern const CodecKeyOps kMlDsa65Codec;
extern const CodecKeyOps kMlDsa87Codec;
// The ML-KEM tables (mlkem_codec.cpp; draft-ietf-lamps-kyber-certificates).
extern const CodecKeyOps kMlKem512Codec;
extern const CodecKeyOps kMlKem768Codec;
extern const CodecKeyOps kMlKem1024Codec;

// Every algorithm the encoders and decoders handle: their tables get one encoder per
// (structure, output) and one decoder per structure for each entry.
inline constexpr const CodecKeyOps* kCodecKeys[] = {&kMlDsa44Codec,  &kMlDsa65Codec,  &kMlDsa87Codec,
                                                    &kMlKem512Codec, &kMlKem768Codec, &kMlKem1024Codec};
inline constexpr std::size_t kCodecKeyCount = sizeof kCodecKeys / sizeof kCodecKeys[0];

// The OSSL_ALGORITHM table of the encoders or the decoders: one entry per (key type I of
// kCodecKeys, kind K of kinds), dispatching to Impl<I, K>::kDispatch, with properties(K);
// ends with the {nullptr} entry.
template <class Kind, template <std::size_t, Kind> class Impl, const auto& kinds, auto properties>
std::vector<OSSL_ALGORITHM> codec_algorithms(const char* description) {
  std::vector<OSSL_ALGORITHM> v;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (
        [&]<std::size_t Key, std::size_t... J>(std::index_sequence<J...>) {
          (v.push_back(OSSL_ALGORITHM{kCodecKeys[Key]->names, properties(kinds[J]), Impl<Key, kinds[J]>::kDispatch,
                                      description}),
           ...);
        }.template operator()<I>(std::make_index_sequence<std::size(kinds)>{}),
        ...);
  }(std::make_index_sequence<kCodecKeyCount>{});
  v.push_back(OSSL_ALGORITHM{nullptr, nullptr, nullptr, nullptr});
  return v;
}

}  // namespace tessera::provider
