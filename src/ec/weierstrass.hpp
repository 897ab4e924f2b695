// The P-256 / P-384 core that ECDSA (src/ec/ecdsa*) builds on: scalars mod the group
// order n and the two ECDSA primitives (FIPS 186-5, 6.4.1 and 6.4.2). The contract with
// the ECDSA code is /tmp/ec-contract.md; the field and point arithmetic behind it is in
// weierstrass_curve.hpp (internal to src/ec/).
//
// Curve tags (tessera::ec::P256, P384) and the key objects are public: <tessera/ec.hpp>.
// Everything here is constant time in secret values unless named *_vartime.
#pragma once

#include "bignum/uint.hpp"

#include <tessera/ec.hpp>
#include <tessera/result.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera::ec {

template <class C>
using ScalarInt = bignum::Uint<bignum::Limb, C::scalar_bytes / sizeof(bignum::Limb)>;
template <class C>
using FieldInt = bignum::Uint<bignum::Limb, C::field_bytes / sizeof(bignum::Limb)>;

// An integer mod n in [0, n-1] (canonical, not in Montgomery form). Wiped on destruction.
template <class C>
class Scalar {
 public:
  using Int = ScalarInt<C>;

  Scalar() noexcept = default;  // zero
  Scalar(const Scalar&) noexcept = default;
  Scalar& operator=(const Scalar&) noexcept = default;
  ~Scalar();

  // A big-endian value < 2^order_bits reduced mod n once (bits2int output -> mod n;
  // n > 2^(order_bits - 1), so one conditional subtraction is the full reduction).
  static Scalar from_bytes_reduce(std::span<const std::uint8_t, C::scalar_bytes> be) noexcept;
  // Exactly scalar_bytes, big-endian, in [1, n-1]: Error::invalid_length, or
  // Error::invalid_encoding ("<what>" is zero / not below n). The check is constant time.
  [[nodiscard]] static Result<Scalar> from_bytes_checked(std::span<const std::uint8_t> be,
                                                         const char* what = "EC scalar") noexcept;
  void to_bytes(std::span<std::uint8_t, C::scalar_bytes> out) const noexcept;
  // All ones if the value is zero, else zero.
  std::uint64_t is_zero_mask() const noexcept;

  // Arithmetic mod n (constant time).
  static Scalar add(const Scalar& a, const Scalar& b) noexcept;
  static Scalar mul(const Scalar& a, const Scalar& b) noexcept;
  // a^-1 = a^(n-2) mod n (Fermat; n is prime); 0 maps to 0.
  static Scalar invert(const Scalar& a) noexcept;

  const Int& value() const noexcept { return v_; }
  static Scalar from_int(const Int& v) noexcept {  // precondition: v < n
    Scalar s;
    s.v_ = v;
    return s;
  }

 private:
  Int v_{};
};

// FIPS 186-5, 6.4.1 steps 5-11 (the caller hashed the message and drew k):
// R = kG (constant time), r = x_R mod n, s = k^-1 (e + r d) mod n (k^-1 in constant time).
// Fails with Error::invalid_state ("ECDSA r or s is zero") when r = 0 or s = 0: the caller
// draws another k; r and s are then zeroed.
template <class C>
[[nodiscard]] Result<void> ecdsa_sign_core(const Scalar<C>& d, const Scalar<C>& k, const Scalar<C>& e,
                                           std::span<std::uint8_t, C::scalar_bytes> r,
                                           std::span<std::uint8_t, C::scalar_bytes> s) noexcept;

// FIPS 186-5, 6.4.2 steps 1, 4-9: r and s in [1, n-1] checked here; w = s^-1, u1 = e w,
// u2 = r w, R = u1 G + u2 Q (variable time: public data); valid iff R != O and
// x_R mod n == r.
template <class C>
[[nodiscard]] bool ecdsa_verify_core_vartime(const PublicKey<C>& q, const Scalar<C>& e,
                                             std::span<const std::uint8_t, C::scalar_bytes> r,
                                             std::span<const std::uint8_t, C::scalar_bytes> s) noexcept;

// The private scalar d of a key (for ecdsa_sign_core).
template <class C>
Scalar<C> private_scalar(const PrivateKey<C>& sk) noexcept;

extern template class Scalar<P256>;
extern template class Scalar<P384>;

}  // namespace tessera::ec
