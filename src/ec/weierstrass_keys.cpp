// P-256 / P-384 key objects: SEC1 encodings (SEC 1 v2, 2.3.3-2.3.8), public-key validation
// (SP 800-56A r3, 5.6.2.3.3) and key generation (FIPS 186-5 A.2.2 / SP 800-56A r3 5.6.1.2.2).
#include "common/ct.hpp"
#include "common/secret.hpp"
#include "ec/weierstrass.hpp"
#include "ec/weierstrass_curve.hpp"
#include "ec/weierstrass_keys.hpp"

#include <tessera/ec.hpp>
#include <tessera/random.hpp>

namespace tessera::ec {

namespace {

// SP 800-56A r3, 5.6.2.3.3 (ECC Full Public-Key Validation) of (x, y) given as field_bytes
// big-endian each. Public data: variable time is fine.
template <class C>
Result<PublicKey<C>> validate(const std::uint8_t* xb, const std::uint8_t* yb) noexcept {
  using K = Curve<C>;
  using N = KeyNames<C>;
  const auto x = bignum::from_be_bytes<bignum::Limb, K::NF>(std::span<const std::uint8_t, C::field_bytes>(xb, C::field_bytes));
  const auto y = bignum::from_be_bytes<bignum::Limb, K::NF>(std::span<const std::uint8_t, C::field_bytes>(yb, C::field_bytes));
  // Step 1 (Q != O) holds: an affine (x, y) is never the point at infinity (its encoding
  // 0x00 is rejected before this). Step 2: x and y in [0, p-1].
  if (bignum::lt_mask(x, K::p) == 0 || bignum::lt_mask(y, K::p) == 0) return fail(Error::invalid_encoding, N::range);
  // Step 3: y^2 = x^3 + a x + b (mod p).
  const auto xm = K::to_mont(x);
  const auto ym = K::to_mont(y);
  if (K::on_curve_mask(xm, ym) == 0) return fail(Error::invalid_key, N::off_curve);
  // Step 4: n Q = O. P-256 and P-384 have prime order n and cofactor h = 1, so every
  // point on the curve other than O has order n: step 3 implies step 4.
  Result<PublicKey<C>> out(std::in_place, detail::KeyAccess<C>::empty_public());
  detail::KeyAccess<C>::set_point(*out, typename K::Affine{xm, ym});
  return out;
}

}  // namespace

template <class C>
Result<PublicKey<C>> PublicKey<C>::from_bytes(std::span<const std::uint8_t> sec1) noexcept {
  using K = Curve<C>;
  using N = KeyNames<C>;
  constexpr std::size_t f = C::field_bytes;
  // SEC 1 v2, 2.3.4 (Octet-String-to-Elliptic-Curve-Point Conversion).
  if (sec1.size() == 1) {
    // Step 2.1: the single octet 0x00 is O, which is never a valid public key
    // (SP 800-56A r3, 5.6.2.3.3, step 1).
    if (sec1[0] == 0x00) return fail(Error::invalid_key, N::infinity);
    return fail(Error::invalid_encoding, N::prefix);
  }
  if (sec1.size() == 1 + 2 * f) {
    // Step 3: uncompressed, 0x04 || X || Y.
    if (sec1[0] != 0x04) return fail(Error::invalid_encoding, N::prefix);
    return validate<C>(sec1.data() + 1, sec1.data() + 1 + f);
  }
  if (sec1.size() != 1 + f) return fail(Error::invalid_length, N::public_key);
  // Step 2.2-2.4: compressed, 0x02 / 0x03 || X; y_P is the square root of x^3 - 3x + b
  // whose parity is the low bit of the prefix (p = 3 mod 4: the root is alpha^((p+1)/4)).
  if (sec1[0] != 0x02 && sec1[0] != 0x03) return fail(Error::invalid_encoding, N::prefix);
  const auto x = bignum::from_be_bytes<bignum::Limb, K::NF>(std::span<const std::uint8_t, f>(sec1.data() + 1, f));
  if (bignum::lt_mask(x, K::p) == 0) return fail(Error::invalid_encoding, N::range);
  const auto xm = K::to_mont(x);
  typename K::Fe alpha{}, t{};
  K::sqr(alpha, xm);
  K::mul(alpha, alpha, xm);
  K::add(t, xm, xm);
  K::add(t, t, xm);
  K::sub(alpha, alpha, t);
  K::add(alpha, alpha, K::b);
  typename K::Fe beta{};
  if (K::sqrt(beta, alpha) == 0) return fail(Error::invalid_key, N::no_sqrt);
  auto y = K::from_mont(beta);
  if ((y.v[0] & 1u) != (sec1[0] & 1u)) bignum::sub_mod(y, typename K::Fe{}, y, K::p);
  std::uint8_t yb[f];
  bignum::to_be_bytes<bignum::Limb, K::NF>(std::span<std::uint8_t, f>(yb), y);
  return validate<C>(sec1.data() + 1, yb);
}

template <class C>
Result<PublicKey<C>> PublicKey<C>::from_coordinates(std::span<const std::uint8_t> x,
                                                    std::span<const std::uint8_t> y) noexcept {
  if (x.size() != C::field_bytes || y.size() != C::field_bytes) return fail(Error::invalid_length, KeyNames<C>::public_key);
  return validate<C>(x.data(), y.data());
}

template <class C>
std::array<std::uint8_t, PublicKey<C>::compressed_size> PublicKey<C>::compressed() const noexcept {
  // SEC 1 v2, 2.3.3, step 2.3: 0x02 | (y mod 2), then X.
  std::array<std::uint8_t, compressed_size> out{};
  out[0] = static_cast<std::uint8_t>(0x02 | (enc_[bytes_size - 1] & 1u));
  for (std::size_t i = 0; i < C::field_bytes; ++i) out[1 + i] = enc_[1 + i];
  return out;
}

template <class C>
Result<PrivateKey<C>> detail::KeyAccess<C>::build(const Scalar<C>& d) noexcept {
  Result<PrivateKey<C>> out(std::in_place);
  PrivateKey<C>& sk = *out;
  d.to_bytes(sk.d_.span());
  // Q = d G (constant time), then affine by a constant-time inversion.
  typename K::Point q = K::mul_base(d.value());
  typename K::Affine a = K::to_affine(q);
  // Q is public: its coordinates leave the constant-time domain here.
  ct::declassify(&a, sizeof a);
  set_point(sk.q_, a);
  secure_zero_object(q);
  return out;
}

template <class C>
Result<PrivateKey<C>> PrivateKey<C>::from_bytes(std::span<const std::uint8_t> d) noexcept {
  using N = KeyNames<C>;
  if (d.size() != C::scalar_bytes) return fail(Error::invalid_length, N::private_key);
  // SEC 1 v2, 2.3.7 / SP 800-56A r3 5.6.2.1.2: d in [1, n-1].
  auto s = Scalar<C>::from_bytes_checked(d, N::private_range);
  if (!s) return fail(Error::invalid_key, N::private_range);
  return detail::KeyAccess<C>::build(*s);
}

template <class C>
PrivateKey<C> PrivateKey<C>::clone() const noexcept {
  PrivateKey<C> c;
  c.d_ = d_.clone();
  c.q_ = q_;
  return c;
}

template <class C>
Result<KeyPair<C>> keygen_internal(std::span<const std::uint8_t> candidate) noexcept {
  using K = Curve<C>;
  using N = KeyNames<C>;
  if (candidate.size() != C::scalar_bytes) return fail(Error::invalid_length, N::candidate);
  // FIPS 186-5, A.2.2 (Rejection Sampling), step 4: c = the candidate as an integer.
  Scalar<C> c = Scalar<C>::from_int(
      bignum::from_be_bytes<bignum::Limb, K::NS>(std::span<const std::uint8_t, C::scalar_bytes>(candidate.data(), C::scalar_bytes)));
  // Step 5: if c > n - 2, draw again (constant-time comparison; only the outcome leaks).
  typename K::Sc n_minus_1 = bignum::minus_small(K::n, bignum::Limb{1});
  if (ct::declassify_value(bignum::lt_mask(c.value(), n_minus_1)) == 0) return fail(Error::invalid_key, N::candidate);
  // Step 6: d = c + 1.
  typename K::Sc one{};
  one.v[0] = 1;
  typename K::Sc dv{};
  bignum::add(dv, c.value(), one);
  const Scalar<C> d = Scalar<C>::from_int(dv);
  secure_zero_object(dv);
  // Step 7: Q = d G.
  auto sk = detail::KeyAccess<C>::build(d);
  if (!sk) return sk.failure();
  Result<KeyPair<C>> out(std::in_place, KeyPair<C>{sk->public_key(), std::move(*sk)});
  return out;
}

template <class C>
Result<KeyPair<C>> generate_key() noexcept {
  // SP 800-56A r3, 5.6.1.2.2 / FIPS 186-5 A.2.2: draw order_bits random bits until the
  // candidate is at most n - 2 (P-256: a redraw with probability < 2^-32; P-384 < 2^-189).
  for (int attempt = 0; attempt < 64; ++attempt) {
    SecretArray<C::scalar_bytes> c;
    if (!random_bytes(c.span())) return fail(Error::randomness_failure, "EC key generation");
    auto kp = keygen_internal<C>(c.span());
    if (kp || kp.error() != Error::invalid_key) return kp;
  }
  return fail(Error::randomness_failure, "EC key generation (no candidate below n - 1)");
}

template class PublicKey<P256>;
template class PublicKey<P384>;
template class PrivateKey<P256>;
template class PrivateKey<P384>;
template Result<KeyPair<P256>> keygen_internal<P256>(std::span<const std::uint8_t>) noexcept;
template Result<KeyPair<P384>> keygen_internal<P384>(std::span<const std::uint8_t>) noexcept;
template Result<KeyPair<P256>> generate_key<P256>() noexcept;
template Result<KeyPair<P384>> generate_key<P384>() noexcept;

}  // namespace tessera::ec
