// ECDH on P-256 / P-384: the ECC CDH primitive of SP 800-56A r3, 5.7.1.2 (cofactor 1).
#include "common/ct.hpp"
#include "common/secret.hpp"
#include "ec/weierstrass.hpp"
#include "ec/weierstrass_curve.hpp"
#include "ec/weierstrass_keys.hpp"

#include <tessera/ec.hpp>

namespace tessera::ec {

template <class C>
Result<typename Ecdh<C>::SharedSecret> Ecdh<C>::agree(const PrivateKey& sk, const PublicKey& pk) noexcept {
  using K = ec::Curve<C>;
  // The peer's Q passed full validation (5.6.2.3.3) when it was parsed.
  // 5.7.1.2, step 1: P = h d Q with h = 1 (constant time in d).
  Scalar<C> d = private_scalar(sk);
  typename K::Point p = K::mul_point(detail::KeyAccess<C>::point(pk), d.value());
  // Step 2: P = O is an error. For a valid Q of prime order n and d in [1, n-1] it cannot
  // happen; checked anyway (revealing only the outcome).
  const bignum::Limb inf = ct::declassify_value(K::is_infinity_mask(p));
  typename K::Affine a = K::to_affine(p);
  // Step 3: Z = x_P as field_bytes big-endian (SP 800-56A r3, C.2 / SEC 1 2.3.5).
  SharedSecret z;
  bignum::to_be_bytes<bignum::Limb, K::NF>(z.span(), K::from_mont(a.x));
  secure_zero_object(p);
  secure_zero_object(a);
  if (inf != 0) return fail(Error::invalid_key, KeyNames<C>::shared_point);
  return Result<SharedSecret>(std::in_place, std::move(z));
}

template <class C>
Result<typename Ecdh<C>::SharedSecret> Ecdh<C>::agree(const PrivateKey& sk, std::span<const std::uint8_t> peer) noexcept {
  auto pk = PublicKey::from_bytes(peer);
  if (!pk) return pk.failure();
  return agree(sk, *pk);
}

template struct Ecdh<P256>;
template struct Ecdh<P384>;

}  // namespace tessera::ec
