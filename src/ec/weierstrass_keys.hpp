// Internal access to the P-256 / P-384 key objects (<tessera/ec.hpp>): the library builds
// keys from checked values through detail::KeyAccess, and reads the point and scalar back.
#pragma once

#include "ec/weierstrass.hpp"
#include "ec/weierstrass_curve.hpp"

#include <tessera/ec.hpp>

namespace tessera::ec {

// Error strings (static, one set per curve: the argument's name comes first).
template <class C>
struct KeyNames;
template <>
struct KeyNames<P256> {
  static constexpr const char* public_key = "P-256 public key";
  static constexpr const char* infinity = "P-256 public key is the point at infinity";
  static constexpr const char* prefix = "P-256 public key prefix";
  static constexpr const char* range = "P-256 public key coordinate (not below p)";
  static constexpr const char* off_curve = "P-256 public key (not on the curve)";
  static constexpr const char* no_sqrt = "P-256 compressed public key (x has no point)";
  static constexpr const char* private_key = "P-256 private key";
  static constexpr const char* private_range = "P-256 private key (zero or not below n)";
  static constexpr const char* candidate = "P-256 key generation candidate (> n - 2: draw again)";
  static constexpr const char* shared_point = "P-256 ECDH shared point (infinity)";
};
template <>
struct KeyNames<P384> {
  static constexpr const char* public_key = "P-384 public key";
  static constexpr const char* infinity = "P-384 public key is the point at infinity";
  static constexpr const char* prefix = "P-384 public key prefix";
  static constexpr const char* range = "P-384 public key coordinate (not below p)";
  static constexpr const char* off_curve = "P-384 public key (not on the curve)";
  static constexpr const char* no_sqrt = "P-384 compressed public key (x has no point)";
  static constexpr const char* private_key = "P-384 private key";
  static constexpr const char* private_range = "P-384 private key (zero or not below n)";
  static constexpr const char* candidate = "P-384 key generation candidate (> n - 2: draw again)";
  static constexpr const char* shared_point = "P-384 ECDH shared point (infinity)";
};

namespace detail {

template <class C>
struct KeyAccess {
  using K = Curve<C>;
  static const SecretArray<C::scalar_bytes>& d(const PrivateKey<C>& sk) noexcept { return sk.d_; }
  // Q of a validated key, projective with Z = 1 (the coordinates are public).
  static typename K::Point point(const PublicKey<C>& q) noexcept {
    const auto x = bignum::from_be_bytes<bignum::Limb, K::NF>(q.x());
    const auto y = bignum::from_be_bytes<bignum::Limb, K::NF>(q.y());
    return typename K::Point{K::to_mont(x), K::to_mont(y), K::one()};
  }
  // The uncompressed encoding of an affine point (Montgomery form), into pk.
  static void set_point(PublicKey<C>& pk, const typename K::Affine& a) noexcept {
    pk.enc_[0] = 0x04;
    bignum::to_be_bytes<bignum::Limb, K::NF>(std::span<std::uint8_t, C::field_bytes>(pk.enc_.data() + 1, C::field_bytes),
                                             K::from_mont(a.x));
    bignum::to_be_bytes<bignum::Limb, K::NF>(
        std::span<std::uint8_t, C::field_bytes>(pk.enc_.data() + 1 + C::field_bytes, C::field_bytes), K::from_mont(a.y));
  }
  // A private key from d in [1, n-1] (checked by the caller): Q = d G computed here.
  static Result<PrivateKey<C>> build(const Scalar<C>& d) noexcept;
  static PublicKey<C> empty_public() noexcept { return PublicKey<C>(); }
};

}  // namespace detail
}  // namespace tessera::ec
