// X-Wing (draft-connolly-cfrg-xwing-kem; IANA HPKE KEM 0x647A): the general-purpose hybrid
// of ML-KEM-768 and X25519 with a SHA3-256 combiner.
//
//   private key   the 32-byte seed; ML-KEM-768's d, z and X25519's sk_X are SHAKE256(seed, 96)
//   public key    pk_M (1184) || pk_X (32)
//   ciphertext    ct_M (1088) || ct_X (32)
//   shared secret SHA3-256(ss_M || ss_X || ct_X || pk_X || XWingLabel), XWingLabel = "\.//^\"
//
// Decapsulation never fails on a ciphertext of the right length (ML-KEM's implicit
// rejection; X-Wing does not reject an all-zero X25519 output: the combiner's ML-KEM half
// keeps the secret, as the draft says). Encapsulation checks pk_M by FIPS 203 s7.2.
#pragma once

#include <tessera/export.hpp>
#include <tessera/mlkem.hpp>
#include <tessera/result.hpp>
#include <tessera/secret.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera {

struct TESSERA_API XWing {
  static constexpr const char* name = "X-Wing";
  static constexpr std::size_t public_key_bytes = mlkem::MlKem768::public_key_bytes + 32;   // 1216
  static constexpr std::size_t private_key_bytes = 32;                                       // the seed
  static constexpr std::size_t ciphertext_bytes = mlkem::MlKem768::ciphertext_bytes + 32;   // 1120
  static constexpr std::size_t shared_secret_bytes = 32;
  static constexpr std::size_t encaps_seed_bytes = 64;  // ML-KEM's m || X25519's ek_X
  static_assert(public_key_bytes == 1216 && ciphertext_bytes == 1120);

  using SharedSecret = SecretArray<shared_secret_bytes>;
  using Ciphertext = std::array<std::uint8_t, ciphertext_bytes>;

  class TESSERA_API PublicKey {
   public:
    // Error::invalid_length unless 1216 bytes; Error::invalid_key if pk_M fails s7.2.
    [[nodiscard]] static Result<PublicKey> from_bytes(std::span<const std::uint8_t> pk) noexcept;
    std::span<const std::uint8_t, public_key_bytes> bytes() const noexcept { return bytes_; }
    const mlkem::MlKem768::PublicKey& pk_m() const noexcept { return pk_m_; }
    std::span<const std::uint8_t, 32> pk_x() const noexcept {
      return std::span<const std::uint8_t, public_key_bytes>(bytes_).subspan<mlkem::MlKem768::public_key_bytes, 32>();
    }
    PublicKey(mlkem::MlKem768::PublicKey&& pk_m, std::span<const std::uint8_t, 32> pk_x) noexcept;
    PublicKey(const mlkem::MlKem768::PublicKey& pk_m, std::span<const std::uint8_t, 32> pk_x) noexcept;

   private:
    mlkem::MlKem768::PublicKey pk_m_;
    std::array<std::uint8_t, public_key_bytes> bytes_{};
  };

  struct KeyPair;
  class TESSERA_API PrivateKey {
   public:
    // The 32-byte seed, expanded once (draft s5.2, expandDecapsulationKey).
    [[nodiscard]] static Result<PrivateKey> from_bytes(std::span<const std::uint8_t> seed) noexcept;
    SecretArray<private_key_bytes> bytes() const noexcept;
    const PublicKey& public_key() const noexcept { return public_; }

   private:
    PrivateKey(mlkem::MlKem768::PrivateKey&& sk_m, std::span<const std::uint8_t, 32> sk_x,
               std::span<const std::uint8_t, 32> pk_x, std::span<const std::uint8_t, 32> seed) noexcept;
    // Draft s5.2 (expandDecapsulationKey) of a 32-byte seed into a T built inside the Result
    // it returns (PrivateKey, or KeyPair: one return, NRVO), T's constructor taking the parts.
    template <class T>
    static Result<T> expand(std::span<const std::uint8_t, 32> seed) noexcept;
    friend struct XWing;
    friend struct KeyPair;
    friend class Result<PrivateKey>;
    mlkem::MlKem768::PrivateKey sk_m_;
    SecretArray<32> sk_x_;
    SecretArray<32> seed_;
    PublicKey public_;
  };

  // Built in place inside the Result that returns it (every move copies the ML-KEM key).
  struct KeyPair {
    PublicKey public_key;
    PrivateKey private_key;
    KeyPair(mlkem::MlKem768::PrivateKey&& sk_m, std::span<const std::uint8_t, 32> sk_x,
            std::span<const std::uint8_t, 32> pk_x, std::span<const std::uint8_t, 32> seed) noexcept
        : public_key(sk_m.public_key(), pk_x), private_key(std::move(sk_m), sk_x, pk_x, seed) {}
  };
  struct Encapsulation {
    Ciphertext ciphertext;
    SharedSecret shared_secret;
  };

  // Draft s5.3 (GenerateKeyPair): a random seed. Error::randomness_failure if the OS fails.
  [[nodiscard]] static Result<KeyPair> generate_key() noexcept;
  // Draft s5.3 (GenerateKeyPairDerand): from the given 32-byte seed.
  [[nodiscard]] static Result<KeyPair> keygen_internal(std::span<const std::uint8_t> seed) noexcept;
  // Draft s5.4 (Encapsulate), with 64 random bytes.
  [[nodiscard]] static Result<Encapsulation> encapsulate(const PublicKey& pk) noexcept;
  // Draft s5.4 (EncapsulateDerand): eseed = m (32) || ek_X (32).
  [[nodiscard]] static Result<Encapsulation> encaps_internal(const PublicKey& pk,
                                                             std::span<const std::uint8_t> eseed) noexcept;
  // Draft s5.5 (Decapsulate). Error::invalid_length unless 1120 bytes; otherwise no error.
  [[nodiscard]] static Result<SharedSecret> decapsulate(const PrivateKey& sk, std::span<const std::uint8_t> ct) noexcept;
};

}  // namespace tessera
