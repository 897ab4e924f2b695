// X25519 (RFC 7748): Diffie-Hellman on Curve25519.
//
//   using tessera::X25519;
//   auto alice = X25519::generate_key();                  // Result<KeyPair>
//   auto bob_pk = X25519::PublicKey::from_bytes(bytes);    // 32 bytes from the peer
//   auto ss = X25519::agree(alice->private_key, *bob_pk);  // Result<SecretArray<32>>
//
// Keys are objects in the shape of include/tessera/concepts.hpp (detail::KeyObjects):
//   PublicKey   32 bytes, kept as given. from_bytes checks only the length: RFC 7748,
//               Section 5 has every 32-byte string be a u-coordinate (bit 255 is ignored,
//               values >= p = 2^255 - 19 are reduced, points on the twist are allowed).
//               This is also what "valid" means for the ACVP XECDH keyVer test: exactly
//               32 bytes (the ACVP vectors accept a set top bit and reject other lengths).
//   PrivateKey  the 32-byte scalar as given (bytes() returns it; clamping, RFC 7748
//               Section 5 decodeScalar25519, is applied when it is used) and its public key
//               X25519(k, 9), computed once when the key is made.
// agree() is X25519(k, u) with the all-zero output rejected (RFC 7748, Section 6.1: a
// low-order public key; TLS 1.3, RFC 8446 Section 7.4.2, requires the check), compared in
// constant time: Error::invalid_key, what "X25519 public key (low order: all-zero shared
// secret)", and nothing is returned. x25519() is the raw function (no zero check) for the
// RFC and ACVP vectors and for protocols that do their own check.
// All functions are noexcept, use no heap and run in time independent of secret data.
#pragma once

#include <tessera/concepts.hpp>
#include <tessera/export.hpp>
#include <tessera/result.hpp>
#include <tessera/secret.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera {

struct TESSERA_API X25519 {
  static constexpr const char* name = "X25519";
  static constexpr std::size_t public_key_bytes = 32;     // RFC 7748, Section 5
  static constexpr std::size_t private_key_bytes = 32;
  static constexpr std::size_t shared_secret_bytes = 32;

  using SharedSecret = SecretArray<shared_secret_bytes>;

  class PrivateKey;
  struct KeyPair;

  class TESSERA_API PublicKey {
   public:
    // Error::invalid_length ("X25519 public key") unless exactly 32 bytes.
    [[nodiscard]] static Result<PublicKey> from_bytes(std::span<const std::uint8_t> u) noexcept;
    std::span<const std::uint8_t, public_key_bytes> bytes() const noexcept { return u_; }

   private:
    PublicKey() noexcept = default;
    friend struct X25519;
    friend class PrivateKey;
    friend struct KeyPair;
    friend class Result<PublicKey>;
    std::array<std::uint8_t, public_key_bytes> u_{};
  };

  // A private scalar with its public key. Move-only (clone() copies); wiped on destruction.
  class TESSERA_API PrivateKey {
   public:
    // Error::invalid_length ("X25519 private key") unless exactly 32 bytes. Every 32-byte
    // string is a scalar (RFC 7748, Section 5).
    [[nodiscard]] static Result<PrivateKey> from_bytes(std::span<const std::uint8_t> k) noexcept;
    SecretArray<private_key_bytes> bytes() const noexcept { return k_.clone(); }
    const PublicKey& public_key() const noexcept { return pk_; }
    PrivateKey clone() const noexcept { return PrivateKey(k_.data(), pk_); }

    PrivateKey(PrivateKey&&) noexcept = default;
    PrivateKey& operator=(PrivateKey&&) noexcept = default;

   private:
    explicit PrivateKey(const std::uint8_t* k) noexcept;  // k: 32 bytes; computes the public key
    PrivateKey(const std::uint8_t* k, const PublicKey& pk) noexcept
        : k_(std::span<const std::uint8_t, private_key_bytes>(k, private_key_bytes)), pk_(pk) {}
    friend struct X25519;
    friend struct KeyPair;
    friend class Result<PrivateKey>;
    SecretArray<private_key_bytes> k_;
    PublicKey pk_;
  };

  struct TESSERA_API KeyPair {
    PublicKey public_key;
    PrivateKey private_key;

   private:
    explicit KeyPair(const std::uint8_t* k) noexcept : private_key(k) { public_key = private_key.public_key(); }
    friend struct X25519;
    friend class Result<KeyPair>;
  };

  // RFC 7748, Section 6.1: a random 32-byte scalar from the system RNG (random_bytes) and
  // its public key X25519(k, 9). Error::randomness_failure if the entropy source fails.
  [[nodiscard]] static Result<KeyPair> generate_key() noexcept;
  // The key pair of a given 32-byte scalar (deterministic; tests and protocols that derive
  // keys). Error::invalid_length ("X25519 private key") unless 32 bytes.
  [[nodiscard]] static Result<KeyPair> keygen_internal(std::span<const std::uint8_t> k) noexcept;

  // RFC 7748, Section 6.1: K = X25519(k, u). Error::invalid_key when K is all zero (the
  // peer's u is a low-order point, e.g. 0, 1 or p - 1, or one of the order-8 points).
  [[nodiscard]] static Result<SharedSecret> agree(const PrivateKey& sk, const PublicKey& peer) noexcept;
};

// RFC 7748, Section 5: the raw function X25519(k, u) (k clamped inside, bit 255 of u
// ignored, u >= p accepted), no check of the output. Error::invalid_length ("X25519
// scalar" / "X25519 u-coordinate") unless both are 32 bytes.
[[nodiscard]] TESSERA_API Result<SecretArray<32>> x25519(std::span<const std::uint8_t> scalar,
                                                         std::span<const std::uint8_t> u) noexcept;
// The same into a caller's buffer, sizes fixed by the types (out = X25519(scalar, u)).
TESSERA_API void x25519(std::span<const std::uint8_t, 32> scalar, std::span<const std::uint8_t, 32> u,
                        std::span<std::uint8_t, 32> out) noexcept;

static_assert(detail::KeyObjects<X25519>);

}  // namespace tessera
