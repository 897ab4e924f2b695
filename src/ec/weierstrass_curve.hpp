// The P-256 / P-384 arithmetic that the key, ECDH and ECDSA code uses: the constants and
// the point formulas of weierstrass_point.hpp over the portable field, and the scalar
// multiplications, affine conversion and arithmetic mod n of the active backend's kernel
// table (weierstrass_kernels.hpp: MULX/ADX on x86-64 CPUs with BMI2 and ADX).
#pragma once

#include "ec/weierstrass_kernels.hpp"
#include "ec/weierstrass_point.hpp"
#include "ec/weierstrass_scalar_mul.hpp"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace tessera::ec {

template <class C>
struct Curve : PointOps<C, PortableField<C>> {
  using Ops = PointOps<C, PortableField<C>>;
  using typename Ops::L;
  using typename Ops::Fe;
  using typename Ops::Sc;
  using typename Ops::Point;
  using typename Ops::Affine;
  using Ops::add;
  using Ops::mul;
  using Ops::sqr;
  using Ops::sub;

  // A square root of a (r^2 = a iff a is a square): a^((p+1)/4). Returns all ones if a is
  // a square (r^2 == a), else zero.
  static L sqrt(Fe& r, const Fe& a) noexcept {
    bignum::mont_pow_public_exp(r, a, Ops::sqrt_exp, Ops::fp);
    Fe check{};
    sqr(check, r);
    return bignum::eq_mask(check, a);
  }
  // Plain integers < p to and from Montgomery form.
  static Fe to_mont(const Fe& a) noexcept { return bignum::to_mont(a, Ops::fp); }
  static Fe from_mont(const Fe& a) noexcept { return bignum::from_mont(a, Ops::fp); }

  // All ones if (x, y) (Montgomery form) satisfies y^2 = x^3 - 3x + b.
  static L on_curve_mask(const Fe& x, const Fe& y) noexcept {
    Fe lhs{}, rhs{}, t{};
    sqr(lhs, y);
    sqr(rhs, x);
    mul(rhs, rhs, x);
    add(t, x, x);
    add(t, t, x);
    sub(rhs, rhs, t);
    add(rhs, rhs, Ops::b);
    return bignum::eq_mask(lhs, rhs);
  }

  // The fixed-base table (weierstrass_scalar_mul.hpp): constant data, nothing to build.
  static constexpr const BaseTable<C>& base_table() noexcept {
    if constexpr (std::is_same_v<C, P256>) {
      return kP256BaseTable;
    } else {
      return kP384BaseTable;
    }
  }

  // Through the active backend's kernel table:
  // k * G, constant time (k < n, secret).
  static Point mul_base(const Sc& k) noexcept { return weierstrass_kernels<C>().mul_base(k); }
  // k * P, constant time in k and P.
  static Point mul_point(const Point& P1, const Sc& k) noexcept { return weierstrass_kernels<C>().mul_point(P1, k); }
  // u1 * G + u2 * Q, variable time (public inputs only: ECDSA verification).
  static Point double_mul_vartime(const Sc& u1, const Point& Q, const Sc& u2) noexcept {
    return weierstrass_kernels<C>().double_mul_vartime(u1, Q, u2);
  }
  // Affine coordinates by one constant-time inversion of Z; O maps to (0, 0) (the caller
  // checks is_infinity_mask first).
  static Affine to_affine(const Point& P1) noexcept { return weierstrass_kernels<C>().to_affine(P1); }
};

extern template struct Curve<P256>;
extern template struct Curve<P384>;

}  // namespace tessera::ec
