// Jacobian coordinates for the doublings of P-256 / P-384 scalar multiplication: (X, Y, Z)
// stands for (X/Z^2, Y/Z^3), the point at infinity for Z = 0. A doubling costs 3M + 5S
// here (a = -3) against 8M + 3S for the complete projective formula of
// weierstrass_point.hpp, and a scalar multiplication is mostly doublings.
//
// - dbl: "dbl-2001-b" (Bernstein and Lange, Explicit-Formulas Database; a = -3), no branch.
//   It is exception-free on these curves: a point of order 2 would have y = 0, and prime
//   order curves have none; for Z = 0 it returns Z3 = 2 Y Z = 0 (O stays O). O is kept as
//   (1, 1, 0), which dbl maps to itself, so O also converts back to a valid projective O.
// - add_vartime / add_mixed_vartime: "add-2007-bl" and "madd-2007-bl" with branches for
//   their exceptional cases (an input O, P = Q, P = -Q): public data only (verification).
// - add_mixed_distinct: madd-2007-bl without a branch, O handled by a select, for inputs
//   proven distinct (the fixed-base multiplication's rows but the last).
// - from_projective / to_projective: (X Z, Y Z^2, Z) and (X Z, Y, Z^3), constant time; O
//   (Z = 0) becomes (1, 1, 0) by a select.
#pragma once

#include "common/secret.hpp"
#include "ec/weierstrass_point.hpp"

namespace tessera::ec {

template <class C>
struct JacobianPoint {
  FieldInt<C> X, Y, Z;
};

template <class C, class F>
struct JacobianOps {
  using K = PointOps<C, F>;
  using L = typename K::L;
  using Fe = FieldInt<C>;
  using J = JacobianPoint<C>;
  using Point = ProjectivePoint<C>;
  using Affine = AffinePoint<C>;

  static J infinity() noexcept { return J{K::one(), K::one(), Fe{}}; }
  static bool is_infinity_vartime(const J& P1) noexcept { return bignum::is_zero_mask(P1.Z) != 0; }

  // (X : Y : Z) projective -> (X Z, Y Z^2, Z); O -> (1, 1, 0). Constant time.
  static J from_projective(const Point& P1) noexcept {
    J r{};
    Fe zz{};
    K::mul(r.X, P1.X, P1.Z);
    K::sqr(zz, P1.Z);
    K::mul(r.Y, P1.Y, zz);
    r.Z = P1.Z;
    const L o = bignum::is_zero_mask(P1.Z);
    bignum::cmov(r.X, K::one(), o);
    bignum::cmov(r.Y, K::one(), o);
    return r;
  }
  // (X, Y, Z) Jacobian -> (X Z : Y : Z^3); (1, 1, 0) -> (0 : 1 : 0). Constant time.
  static Point to_projective(const J& P1) noexcept {
    Point r{};
    Fe zz{};
    K::mul(r.X, P1.X, P1.Z);
    r.Y = P1.Y;
    K::sqr(zz, P1.Z);
    K::mul(r.Z, zz, P1.Z);
    return r;
  }

  // dbl-2001-b, a = -3: delta = Z^2, gamma = Y^2, beta = X gamma,
  // alpha = 3 (X - delta)(X + delta), X3 = alpha^2 - 8 beta, Z3 = (Y + Z)^2 - gamma - delta,
  // Y3 = alpha (4 beta - X3) - 8 gamma^2.
  static J dbl(const J& P1) noexcept {
    Fe delta{}, gamma{}, beta{}, alpha{}, t{}, u{};
    J r{};
    K::sqr(delta, P1.Z);
    K::sqr(gamma, P1.Y);
    K::mul(beta, P1.X, gamma);
    K::sub(t, P1.X, delta);
    K::add(u, P1.X, delta);
    K::mul(alpha, t, u);
    K::add(t, alpha, alpha);
    K::add(alpha, t, alpha);  // 3 (X - delta)(X + delta)
    K::add(r.Z, P1.Y, P1.Z);
    K::sqr(r.Z, r.Z);
    K::sub(r.Z, r.Z, gamma);
    K::sub(r.Z, r.Z, delta);
    K::add(beta, beta, beta);
    K::add(beta, beta, beta);  // 4 beta
    K::sqr(r.X, alpha);
    K::add(t, beta, beta);
    K::sub(r.X, r.X, t);  // alpha^2 - 8 beta
    K::sub(t, beta, r.X);
    K::mul(r.Y, alpha, t);
    K::sqr(gamma, gamma);
    K::add(gamma, gamma, gamma);
    K::add(gamma, gamma, gamma);
    K::add(gamma, gamma, gamma);  // 8 gamma^2
    K::sub(r.Y, r.Y, gamma);
    return r;
  }

  // add-2007-bl, variable time (public inputs only).
  static J add_vartime(const J& P1, const J& P2) noexcept {
    if (is_infinity_vartime(P1)) return P2;
    if (is_infinity_vartime(P2)) return P1;
    Fe z1z1{}, z2z2{}, u1{}, u2{}, s1{}, s2{}, h{}, i{}, j{}, rr{}, v{}, t{};
    K::sqr(z1z1, P1.Z);
    K::sqr(z2z2, P2.Z);
    K::mul(u1, P1.X, z2z2);
    K::mul(u2, P2.X, z1z1);
    K::mul(s1, P1.Y, P2.Z);
    K::mul(s1, s1, z2z2);
    K::mul(s2, P2.Y, P1.Z);
    K::mul(s2, s2, z1z1);
    K::sub(h, u2, u1);
    K::sub(rr, s2, s1);
    if (bignum::is_zero_mask(h) != 0) {
      // x1 = x2: P1 = P2 (double) or P1 = -P2 (O).
      return bignum::is_zero_mask(rr) != 0 ? dbl(P1) : infinity();
    }
    J r{};
    K::add(rr, rr, rr);
    K::add(i, h, h);
    K::sqr(i, i);         // I = (2H)^2
    K::mul(j, h, i);      // J = H I
    K::mul(v, u1, i);     // V = U1 I
    K::sqr(r.X, rr);
    K::sub(r.X, r.X, j);
    K::add(t, v, v);
    K::sub(r.X, r.X, t);  // r^2 - J - 2V
    K::sub(t, v, r.X);
    K::mul(r.Y, rr, t);
    K::mul(t, s1, j);
    K::add(t, t, t);
    K::sub(r.Y, r.Y, t);  // r (V - X3) - 2 S1 J
    K::add(r.Z, P1.Z, P2.Z);
    K::sqr(r.Z, r.Z);
    K::sub(r.Z, r.Z, z1z1);
    K::sub(r.Z, r.Z, z2z2);
    K::mul(r.Z, r.Z, h);  // ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H
    return r;
  }

  // madd-2007-bl (Q affine, Z2 = 1), variable time (public inputs only).
  static J add_mixed_vartime(const J& P1, const Affine& Q) noexcept {
    if (is_infinity_vartime(P1)) return J{Q.x, Q.y, K::one()};
    Fe z1z1{}, h{}, rr{};
    madd_differences(P1, Q, z1z1, h, rr);
    if (bignum::is_zero_mask(h) != 0) {
      return bignum::is_zero_mask(rr) != 0 ? dbl(P1) : infinity();
    }
    return madd_finish(P1, z1z1, h, rr);
  }

  // madd-2007-bl without a branch, for the constant-time fixed-base multiplication: P1 = O
  // gives Q by a select; P1 = +-Q gives a wrong result (H = 0), so the caller must prove
  // that it cannot occur (ScalarMul::mul_base does). Q is affine and not O.
  static J add_mixed_distinct(const J& P1, const Affine& Q) noexcept {
    Fe z1z1{}, h{}, rr{};
    madd_differences(P1, Q, z1z1, h, rr);
    J r = madd_finish(P1, z1z1, h, rr);
    const L o = bignum::is_zero_mask(P1.Z);
    bignum::cmov(r.X, Q.x, o);
    bignum::cmov(r.Y, Q.y, o);
    bignum::cmov(r.Z, K::one(), o);
    return r;
  }

  static J neg(const J& P1) noexcept {
    J r = P1;
    K::sub(r.Y, Fe{}, P1.Y);
    return r;
  }

 private:
  // madd-2007-bl, first part: Z1Z1 = Z1^2, H = X2 Z1Z1 - X1, r = Y2 Z1 Z1Z1 - Y1 (before
  // the doubling of r). H = 0 iff x1 = x2 (P1 = +-Q); then r = 0 iff P1 = Q.
  static void madd_differences(const J& P1, const Affine& Q, Fe& z1z1, Fe& h, Fe& rr) noexcept {
    Fe u2{}, s2{};
    K::sqr(z1z1, P1.Z);
    K::mul(u2, Q.x, z1z1);
    K::mul(s2, Q.y, P1.Z);
    K::mul(s2, s2, z1z1);
    K::sub(h, u2, P1.X);
    K::sub(rr, s2, P1.Y);
  }
  // madd-2007-bl, the rest (H != 0).
  static J madd_finish(const J& P1, const Fe& z1z1, const Fe& h, Fe rr) noexcept {
    Fe hh{}, i{}, j{}, v{}, t{};
    J r{};
    K::add(rr, rr, rr);
    K::sqr(hh, h);
    K::add(i, hh, hh);
    K::add(i, i, i);      // I = 4 HH
    K::mul(j, h, i);      // J = H I
    K::mul(v, P1.X, i);   // V = X1 I
    K::sqr(r.X, rr);
    K::sub(r.X, r.X, j);
    K::add(t, v, v);
    K::sub(r.X, r.X, t);  // r^2 - J - 2V
    K::sub(t, v, r.X);
    K::mul(r.Y, rr, t);
    K::mul(t, P1.Y, j);
    K::add(t, t, t);
    K::sub(r.Y, r.Y, t);  // r (V - X3) - 2 Y1 J
    K::add(r.Z, P1.Z, h);
    K::sqr(r.Z, r.Z);
    K::sub(r.Z, r.Z, z1z1);
    K::sub(r.Z, r.Z, hh);  // (Z1 + H)^2 - Z1Z1 - HH = 2 Z1 H
    return r;
  }
};

}  // namespace tessera::ec
