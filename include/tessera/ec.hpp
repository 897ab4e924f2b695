// P-256 and P-384 (FIPS 186-5, SP 800-186): key objects and ECDH (SP 800-56A r3).
//
//   auto kp = tessera::EcdhP256::generate_key();                  // Result<KeyPair>
//   auto peer = tessera::EcdhP256::PublicKey::from_bytes(sec1);   // SEC1, validated
//   auto z = tessera::EcdhP256::agree(kp->private_key, *peer);    // Result<SecretArray<32>>
//
// Names: tessera::ec::P256 / P384 are the curve tags; tessera::ec::PublicKey<C>,
// PrivateKey<C>, KeyPair<C> the key objects (shared with ECDSA, <tessera/ecdsa.hpp>);
// tessera::ec::Ecdh<C> the key-agreement scheme, aliased tessera::EcdhP256 / EcdhP384.
//
//   PublicKey::from_bytes   SEC1 2.3.4: uncompressed 0x04||X||Y or compressed 0x02/0x03||X,
//                           then the full SP 800-56A r3 5.6.2.3.3 validation. Errors:
//                           invalid_length (not 1, 1+f or 1+2f bytes), invalid_encoding
//                           (a prefix that does not fit the length; x or y >= p),
//                           invalid_key (the point at infinity 0x00, with its own message;
//                           off the curve; a compressed x with no square root).
//   pk.bytes()              the uncompressed encoding (public_key_bytes = 1 + 2 field_bytes)
//   pk.compressed()         the compressed encoding (1 + field_bytes)
//   PrivateKey::from_bytes  a big-endian scalar of exactly scalar_bytes in [1, n-1]
//                           (SEC1 2.3.7); the public key Q = dG is computed once.
//   sk.bytes()              the scalar d (SecretArray)
// Every operation is noexcept, uses no heap and runs in time independent of secrets.
#pragma once

#include <tessera/concepts.hpp>
#include <tessera/export.hpp>
#include <tessera/result.hpp>
#include <tessera/secret.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#pragma GCC visibility push(default)

namespace tessera::ec {

// Curve tags (SP 800-186, Section 3.2.1.3 / 3.2.1.4).
struct P256 {
  static constexpr const char* name = "P-256";
  static constexpr std::size_t field_bytes = 32;
  static constexpr std::size_t scalar_bytes = 32;
  static constexpr std::size_t order_bits = 256;
};
struct P384 {
  static constexpr const char* name = "P-384";
  static constexpr std::size_t field_bytes = 48;
  static constexpr std::size_t scalar_bytes = 48;
  static constexpr std::size_t order_bits = 384;
};

template <class C> class PrivateKey;
template <class C> struct KeyPair;
namespace detail {
template <class C> struct KeyAccess;  // the library's internal constructor (src/ec/)
}

// A validated public key Q (never the point at infinity), kept as its SEC1 uncompressed
// encoding; copyable.
template <class C>
class TESSERA_API PublicKey {
 public:
  static constexpr std::size_t bytes_size = 1 + 2 * C::field_bytes;        // 0x04 || X || Y
  static constexpr std::size_t compressed_size = 1 + C::field_bytes;       // 0x02/0x03 || X

  [[nodiscard]] static Result<PublicKey> from_bytes(std::span<const std::uint8_t> sec1) noexcept;
  // From affine coordinates (ACVP, SP 800-56A tests): each exactly field_bytes, validated.
  [[nodiscard]] static Result<PublicKey> from_coordinates(std::span<const std::uint8_t> x,
                                                          std::span<const std::uint8_t> y) noexcept;
  std::span<const std::uint8_t, bytes_size> bytes() const noexcept { return enc_; }
  std::span<const std::uint8_t, C::field_bytes> x() const noexcept {
    return std::span<const std::uint8_t, C::field_bytes>(enc_.data() + 1, C::field_bytes);
  }
  std::span<const std::uint8_t, C::field_bytes> y() const noexcept {
    return std::span<const std::uint8_t, C::field_bytes>(enc_.data() + 1 + C::field_bytes, C::field_bytes);
  }
  std::array<std::uint8_t, compressed_size> compressed() const noexcept;
  bool operator==(const PublicKey& o) const noexcept { return enc_ == o.enc_; }

 private:
  PublicKey() noexcept = default;
  friend class PrivateKey<C>;
  friend struct KeyPair<C>;
  friend class Result<PublicKey>;
  friend struct detail::KeyAccess<C>;
  std::array<std::uint8_t, bytes_size> enc_{};
};

// A private key d in [1, n-1] with its public key Q = dG. Move-only (clone() copies);
// d is wiped on destruction.
template <class C>
class TESSERA_API PrivateKey {
 public:
  // SEC1 2.3.7 / SP 800-56A r3 5.6.2.1.2: exactly scalar_bytes, big-endian, in [1, n-1].
  // Error::invalid_length, or Error::invalid_key ("... private key is zero" / ">= n").
  [[nodiscard]] static Result<PrivateKey> from_bytes(std::span<const std::uint8_t> d) noexcept;
  SecretArray<C::scalar_bytes> bytes() const noexcept { return d_.clone(); }
  const PublicKey<C>& public_key() const noexcept { return q_; }
  PrivateKey clone() const noexcept;

  PrivateKey(PrivateKey&&) noexcept = default;
  PrivateKey& operator=(PrivateKey&&) noexcept = default;

 private:
  PrivateKey() noexcept = default;
  friend struct KeyPair<C>;
  friend class Result<PrivateKey>;
  friend struct detail::KeyAccess<C>;
  SecretArray<C::scalar_bytes> d_;
  PublicKey<C> q_;
};

template <class C>
struct KeyPair {
  PublicKey<C> public_key;
  PrivateKey<C> private_key;
};

// FIPS 186-5 A.2.2 / SP 800-56A r3 5.6.1.2.2 ("testing candidates"): d from the system RNG
// (<tessera/random.hpp>). Error::randomness_failure if the source fails.
template <class C>
[[nodiscard]] TESSERA_API Result<KeyPair<C>> generate_key() noexcept;
// The same, deterministic: `candidate` is the order_bits-bit string c of A.2.2 step 3
// (exactly scalar_bytes). Error::invalid_key when c > n - 2 (the caller draws again);
// otherwise d = c + 1. For tests and ACVP.
template <class C>
[[nodiscard]] TESSERA_API Result<KeyPair<C>> keygen_internal(std::span<const std::uint8_t> candidate) noexcept;

// ECDH over curve C (SP 800-56A r3 5.7.1.2, the ECC CDH primitive with cofactor 1).
template <class C>
struct TESSERA_API Ecdh {
  using Curve = C;
  static constexpr const char* name = C::name;
  static constexpr std::size_t public_key_bytes = PublicKey<C>::bytes_size;
  static constexpr std::size_t private_key_bytes = C::scalar_bytes;
  static constexpr std::size_t shared_secret_bytes = C::field_bytes;
  using PublicKey = ec::PublicKey<C>;
  using PrivateKey = ec::PrivateKey<C>;
  using KeyPair = ec::KeyPair<C>;
  using SharedSecret = SecretArray<C::field_bytes>;

  [[nodiscard]] static Result<KeyPair> generate_key() noexcept { return ec::generate_key<C>(); }
  // Z = x(d * Q) as field_bytes big-endian. Q was validated (5.6.2.3.3) when parsed;
  // Error::invalid_key ("ECDH shared point") if d * Q = O (impossible for a valid Q of
  // prime order, checked anyway).
  [[nodiscard]] static Result<SharedSecret> agree(const PrivateKey& sk, const PublicKey& pk) noexcept;
  // The same from peer bytes (SEC1), validated first.
  [[nodiscard]] static Result<SharedSecret> agree(const PrivateKey& sk, std::span<const std::uint8_t> peer) noexcept;
};

extern template class PublicKey<P256>;
extern template class PublicKey<P384>;
extern template class PrivateKey<P256>;
extern template class PrivateKey<P384>;
extern template struct Ecdh<P256>;
extern template struct Ecdh<P384>;

static_assert(tessera::detail::KeyObjects<Ecdh<P256>> && tessera::detail::KeyObjects<Ecdh<P384>>);

}  // namespace tessera::ec

namespace tessera {
using EcdhP256 = ec::Ecdh<ec::P256>;
using EcdhP384 = ec::Ecdh<ec::P384>;
}  // namespace tessera

#pragma GCC visibility pop
