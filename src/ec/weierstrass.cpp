// Scalars mod n and the ECDSA primitives (FIPS 186-5, 6.4.1 / 6.4.2) for P-256 and P-384.
#include "ec/weierstrass.hpp"

#include "common/ct.hpp"
#include "common/secret.hpp"
#include "ec/weierstrass_curve.hpp"
#include "ec/weierstrass_keys.hpp"

namespace tessera::ec {

template <class C>
Scalar<C>::~Scalar() {
  secure_zero(&v_, sizeof v_);
}

template <class C>
Scalar<C> Scalar<C>::from_bytes_reduce(std::span<const std::uint8_t, C::scalar_bytes> be) noexcept {
  using K = Curve<C>;
  Scalar s;
  s.v_ = bignum::from_be_bytes<bignum::Limb, K::NS>(be);
  // The value is < 2^order_bits < 2n: one conditional subtraction reduces it.
  bignum::reduce_once(s.v_, s.v_, K::n);
  return s;
}

template <class C>
Result<Scalar<C>> Scalar<C>::from_bytes_checked(std::span<const std::uint8_t> be, const char* what) noexcept {
  using K = Curve<C>;
  if (be.size() != C::scalar_bytes) return fail(Error::invalid_length, what);
  Scalar s;
  s.v_ = bignum::from_be_bytes<bignum::Limb, K::NS>(std::span<const std::uint8_t, C::scalar_bytes>(be.data(), C::scalar_bytes));
  // SEC1 2.3.8 / FIPS 186-5 A.2: 0 < d < n. The comparison is constant time; only its
  // outcome (accept or reject) is revealed.
  const bignum::Limb bad = static_cast<bignum::Limb>(bignum::is_zero_mask(s.v_) | ~bignum::lt_mask(s.v_, K::n));
  if (ct::declassify_value(bad) != 0) return fail(Error::invalid_encoding, what);
  return s;
}

template <class C>
void Scalar<C>::to_bytes(std::span<std::uint8_t, C::scalar_bytes> out) const noexcept {
  bignum::to_be_bytes<bignum::Limb, Curve<C>::NS>(out, v_);
}

template <class C>
std::uint64_t Scalar<C>::is_zero_mask() const noexcept {
  // Widened to 64 bits on 32-bit limbs (all ones stays all ones).
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::make_signed_t<bignum::Limb>>(bignum::is_zero_mask(v_))));
}

template <class C>
Scalar<C> Scalar<C>::add(const Scalar& a, const Scalar& b) noexcept {
  Scalar r;
  bignum::add_mod(r.v_, a.v_, b.v_, Curve<C>::n);
  return r;
}

template <class C>
Scalar<C> Scalar<C>::mul(const Scalar& a, const Scalar& b) noexcept {
  Scalar r;
  weierstrass_kernels<C>().scalar_mul(r.v_, a.v_, b.v_);
  return r;
}

template <class C>
Scalar<C> Scalar<C>::invert(const Scalar& a) noexcept {
  // a^(n-2) mod n through the kernel table (weierstrass_scalar_mul.hpp).
  Scalar r;
  weierstrass_kernels<C>().scalar_inv(r.v_, a.v_);
  return r;
}

template <class C>
Scalar<C> private_scalar(const PrivateKey<C>& sk) noexcept {
  return Scalar<C>::from_bytes_reduce(detail::KeyAccess<C>::d(sk).span());
}

template <class C>
Result<void> ecdsa_sign_core(const Scalar<C>& d, const Scalar<C>& k, const Scalar<C>& e,
                             std::span<std::uint8_t, C::scalar_bytes> r_out,
                             std::span<std::uint8_t, C::scalar_bytes> s_out) noexcept {
  using K = Curve<C>;
  // FIPS 186-5, 6.4.1, step 5: R = k G (constant time); step 6: (x_R, y_R) affine.
  typename K::Point R = K::mul_base(k.value());
  typename K::Affine ra = K::to_affine(R);
  // Steps 7-8: x_R as an integer, r = x_R mod n (x_R < p < 2n: one reduction).
  typename K::Fe xr = K::from_mont(ra.x);
  typename K::Sc rv{};
  for (std::size_t i = 0; i < K::NS; ++i) rv.v[i] = xr.v[i];
  bignum::reduce_once(rv, rv, K::n);
  const Scalar<C> r = Scalar<C>::from_int(rv);
  // Step 10: s = k^-1 (e + r d) mod n, k^-1 in constant time.
  const Scalar<C> kinv = Scalar<C>::invert(k);
  const Scalar<C> s = Scalar<C>::mul(kinv, Scalar<C>::add(e, Scalar<C>::mul(r, d)));
  r.to_bytes(r_out);
  s.to_bytes(s_out);
  secure_zero_object(R);
  secure_zero_object(ra);
  secure_zero_object(xr);
  secure_zero_object(rv);
  // r is public (part of the signature); s = 0 only reveals that this k must be dropped.
  const std::uint64_t zero = ct::declassify_value(r.is_zero_mask() | s.is_zero_mask());
  if (zero != 0) {
    // Step 11 (and 9): r = 0 or s = 0: the caller draws another k.
    secure_zero(r_out.data(), r_out.size());
    secure_zero(s_out.data(), s_out.size());
    return fail(Error::invalid_state, "ECDSA r or s is zero");
  }
  return {};
}

template <class C>
bool ecdsa_verify_core_vartime(const PublicKey<C>& q, const Scalar<C>& e,
                               std::span<const std::uint8_t, C::scalar_bytes> r_in,
                               std::span<const std::uint8_t, C::scalar_bytes> s_in) noexcept {
  using K = Curve<C>;
  // FIPS 186-5, 6.4.2, step 1: r and s in [1, n-1].
  auto r = Scalar<C>::from_bytes_checked(r_in, "ECDSA r");
  auto s = Scalar<C>::from_bytes_checked(s_in, "ECDSA s");
  if (!r || !s) return false;
  // Step 4: w = s^-1 mod n; step 5: u1 = e w, u2 = r w.
  const Scalar<C> w = Scalar<C>::invert(*s);
  const Scalar<C> u1 = Scalar<C>::mul(e, w);
  const Scalar<C> u2 = Scalar<C>::mul(*r, w);
  // Step 6: R = u1 G + u2 Q; step 7: reject R = O.
  const typename K::Point qp = detail::KeyAccess<C>::point(q);
  const typename K::Point R = K::double_mul_vartime(u1.value(), qp, u2.value());
  if (bignum::is_zero_mask(R.Z) != 0) return false;
  // Steps 8-9: valid iff x_R mod n == r, checked projectively (no inversion; public data):
  // x_R = X/Z is r or r + n (x_R < p < 2n), so X == r Z or, if r + n < p, X == (r + n) Z.
  const typename K::Fe rf = K::to_mont(r->value());
  typename K::Fe t{};
  K::mul(t, rf, R.Z);
  if (bignum::eq_mask(t, R.X) != 0) return true;
  typename K::Fe rn{};
  const bignum::Limb carry = bignum::add(rn, r->value(), K::n);
  if (carry != 0 || bignum::lt_mask(rn, K::p) == 0) return false;
  K::mul(t, K::to_mont(rn), R.Z);
  return bignum::eq_mask(t, R.X) != 0;
}

template class Scalar<P256>;
template class Scalar<P384>;
template Scalar<P256> private_scalar<P256>(const PrivateKey<P256>&) noexcept;
template Scalar<P384> private_scalar<P384>(const PrivateKey<P384>&) noexcept;
template Result<void> ecdsa_sign_core<P256>(const Scalar<P256>&, const Scalar<P256>&, const Scalar<P256>&,
                                            std::span<std::uint8_t, 32>, std::span<std::uint8_t, 32>) noexcept;
template Result<void> ecdsa_sign_core<P384>(const Scalar<P384>&, const Scalar<P384>&, const Scalar<P384>&,
                                            std::span<std::uint8_t, 48>, std::span<std::uint8_t, 48>) noexcept;
template bool ecdsa_verify_core_vartime<P256>(const PublicKey<P256>&, const Scalar<P256>&,
                                              std::span<const std::uint8_t, 32>, std::span<const std::uint8_t, 32>) noexcept;
template bool ecdsa_verify_core_vartime<P384>(const PublicKey<P384>&, const Scalar<P384>&,
                                              std::span<const std::uint8_t, 48>, std::span<const std::uint8_t, 48>) noexcept;

}  // namespace tessera::ec
