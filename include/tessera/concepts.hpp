// One shape for every KEM and every signature scheme, written down as C++20 concepts, so the
// hybrid KEMs, the OpenSSL provider and tessera-bench can treat all of them alike.
//
// The vocabulary (the same names in ML-KEM, FrodoKEM and ML-DSA):
//   S::name                         "ML-KEM-768", "FrodoKEM-640-AES", "ML-DSA-65"
//   S::public_key_bytes, S::private_key_bytes, S::ciphertext_bytes, S::shared_secret_bytes,
//   S::signature_bytes              sizes of the standard encodings
//   S::PublicKey, S::PrivateKey     parsed key objects: checked once at from_bytes(), holding
//                                   what every later call needs (ML-KEM: t_hat, A_hat, H(ek);
//                                   ML-DSA: tr, A_hat, s1_hat, s2_hat, t0_hat)
//   PublicKey::from_bytes(b)        parse and check; Result<PublicKey>, nothing half-built
//   pk.bytes()                      the encoding (a span into the object)
//   PrivateKey::from_bytes(b)       parse and check the standard (expanded) encoding
//   sk.bytes()                      the standard encoding, as a SecretArray (wiped on scope exit)
//   sk.public_key()                 the public key of a private key
//   S::generate_key()               Result<KeyPair>: kp.public_key, kp.private_key
//   KEM:  S::encapsulate(pk)        Result<Encapsulation>: enc.ciphertext, enc.shared_secret
//         S::decapsulate(sk, ct)    Result<SharedSecret>; a wrong ciphertext of the right
//                                   length is not an error (implicit rejection)
//   Signature: S::sign(sk, msg)     Result<Signature>
//              S::verify(pk, msg, sig)  bool, [[nodiscard]]
// Schemes with seeds add PrivateKey::from_seed(seed) and sk.seed() (ML-KEM: d || z, ML-DSA: xi).
#pragma once

#include <tessera/result.hpp>
#include <tessera/secret.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera {

namespace detail {
// The key-object part shared by KEMs and signature schemes.
template <class S>
concept KeyObjects = requires(std::span<const std::uint8_t> bytes, const typename S::PublicKey& pk,
                              const typename S::PrivateKey& sk, typename S::KeyPair& kp) {
  { S::name } -> std::convertible_to<const char*>;
  { S::public_key_bytes } -> std::convertible_to<std::size_t>;
  { S::private_key_bytes } -> std::convertible_to<std::size_t>;
  { S::PublicKey::from_bytes(bytes) } -> std::same_as<Result<typename S::PublicKey>>;
  { S::PrivateKey::from_bytes(bytes) } -> std::same_as<Result<typename S::PrivateKey>>;
  { pk.bytes() } -> std::convertible_to<std::span<const std::uint8_t, S::public_key_bytes>>;
  { sk.bytes() } -> std::same_as<SecretArray<S::private_key_bytes>>;
  { sk.public_key() } -> std::convertible_to<const typename S::PublicKey&>;
  { kp.public_key } -> std::convertible_to<const typename S::PublicKey&>;
  { kp.private_key } -> std::convertible_to<const typename S::PrivateKey&>;
  { S::generate_key() } -> std::same_as<Result<typename S::KeyPair>>;
};
}  // namespace detail

// A key-encapsulation mechanism: ML-KEM, FrodoKEM/eFrodoKEM, the hybrids.
template <class K>
concept KemScheme = detail::KeyObjects<K> &&
    requires(std::span<const std::uint8_t> ct, const typename K::PublicKey& pk, const typename K::PrivateKey& sk,
             typename K::Encapsulation& enc) {
  { K::ciphertext_bytes } -> std::convertible_to<std::size_t>;
  { K::shared_secret_bytes } -> std::convertible_to<std::size_t>;
  { K::encapsulate(pk) } -> std::same_as<Result<typename K::Encapsulation>>;
  { K::decapsulate(sk, ct) } -> std::same_as<Result<typename K::SharedSecret>>;
  { enc.ciphertext } -> std::convertible_to<std::span<const std::uint8_t, K::ciphertext_bytes>>;
  { enc.shared_secret } -> std::convertible_to<const typename K::SharedSecret&>;
  requires std::same_as<typename K::SharedSecret, SecretArray<K::shared_secret_bytes>>;
};

// A signature scheme: ML-DSA (later ECDSA, RSA).
template <class S>
concept SignatureScheme = detail::KeyObjects<S> &&
    requires(std::span<const std::uint8_t> bytes, const typename S::PublicKey& pk, const typename S::PrivateKey& sk) {
  { S::signature_bytes } -> std::convertible_to<std::size_t>;
  { S::sign(sk, bytes) } -> std::same_as<Result<typename S::Signature>>;
  { S::verify(pk, bytes, bytes) } -> std::same_as<bool>;
};

}  // namespace tessera
