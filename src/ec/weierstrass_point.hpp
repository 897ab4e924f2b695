// Field constants and point arithmetic of the short Weierstrass curves y^2 = x^3 - 3x + b
// over GF(p) (P-256, P-384; SP 800-186, Section 3.2.1), one template over the curve and a
// field implementation F (portable C++, or MULX/ADX: src/ec/weierstrass_mulx.cpp).
//
// Field elements are in Montgomery form mod p with R = 2^(64 N) (or 2^(32 N) on 32-bit
// limbs) whatever F is, so points move freely between field implementations. Points are
// in homogeneous projective coordinates (X : Y : Z), x = X/Z, y = Y/Z, the point at
// infinity O = (0 : 1 : 0), with the complete formulas of Renes, Costello and Batina,
// "Complete addition formulas for prime order elliptic curves" (EUROCRYPT 2016),
// Algorithms 4 (addition), 5 (mixed addition) and 6 (doubling) for a = -3: they are correct
// for every pair of inputs (P + P, P + (-P), P + O, O + O), so no input needs a branch.
// (Algorithm 5 needs its second input affine, hence never O; its first may be O.)
//
// A field implementation F provides, on FieldInt<C> in Montgomery form, inputs and outputs
// in [0, p): static mul(r, a, b), sqr(r, a), add(r, a, b), sub(r, a, b) (r may alias), and
// nmul(r, a, b) and nsqr(r, a), Montgomery multiplication and squaring mod the group
// order n.
#pragma once

#include "bignum/mont_mul64.hpp"
#include "bignum/montgomery.hpp"
#include "ec/p256.hpp"
#include "ec/p256_field64.hpp"
#include "ec/p384.hpp"
#include "ec/weierstrass.hpp"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace tessera::ec {

// The curve's constants, at compile time from the published hex (p256.hpp, p384.hpp).
template <class C>
struct CurveParams {
  using L = bignum::Limb;
  using Fe = FieldInt<C>;
  using Sc = ScalarInt<C>;
  static constexpr std::size_t NF = Fe::limbs;
  static constexpr std::size_t NS = Sc::limbs;
  static constexpr std::size_t windows = C::order_bits / 4;  // 4-bit digits of a scalar

  static constexpr Fe p = bignum::from_hex<L, NF>(CurveConstants<C>::p);
  static constexpr Sc n = bignum::from_hex<L, NS>(CurveConstants<C>::n);
  static constexpr bignum::Modulus<L, NF> fp = bignum::make_modulus(p);
  static constexpr bignum::Modulus<L, NS> fn = bignum::make_modulus(n);
  static constexpr Fe b_plain = bignum::from_hex<L, NF>(CurveConstants<C>::b);
  static constexpr Fe gx_plain = bignum::from_hex<L, NF>(CurveConstants<C>::gx);
  static constexpr Fe gy_plain = bignum::from_hex<L, NF>(CurveConstants<C>::gy);
  static constexpr Fe b = bignum::to_mont(b_plain, fp);
  static constexpr Fe gx = bignum::to_mont(gx_plain, fp);
  static constexpr Fe gy = bignum::to_mont(gy_plain, fp);
  static constexpr Fe p_minus_2 = bignum::minus_small(p, L{2});
  static constexpr Fe sqrt_exp = bignum::plus_one_over_four(p);  // p = 3 mod 4 (both curves)
  static constexpr Sc n_minus_2 = bignum::minus_small(n, L{2});
  static_assert((p.v[0] & 3u) == 3u, "square roots by a^((p+1)/4) need p = 3 mod 4");
};

template <class C>
struct ProjectivePoint {
  FieldInt<C> X, Y, Z;
};
template <class C>
struct AffinePoint {
  FieldInt<C> x, y;
};

// The portable field: bignum's Montgomery arithmetic (CIOS), any limb width; on 64-bit
// limbs P-256 with the reduction of p's shape (p256_field64.hpp) and P-384 with the
// unrolled six-limb CIOS (bignum/mont_mul64.hpp).
template <class C>
struct PortableField {
  using P = CurveParams<C>;
  using Fe = FieldInt<C>;
  static constexpr const char* name = "portable";
  // (The 64-bit paths need unsigned __int128; 32-bit targets take the generic CIOS.)
  static constexpr bool k64 = std::is_same_v<bignum::Limb, std::uint64_t>;
  static constexpr bool kP256 = std::is_same_v<C, P256> && k64;
  static constexpr bool k6 = k64 && FieldInt<C>::limbs == 6;  // P-384: bignum/mont_mul64.hpp
  [[gnu::always_inline]] static void mul(Fe& r, const Fe& a, const Fe& b) noexcept {
#if defined(__SIZEOF_INT128__)
    if constexpr (kP256) {
      p256_64::mul(r, a, b);
      return;
    } else if constexpr (k6) {
      bignum::mont_mul6_64(r, a, b, P::fp);
      return;
    }
#endif
    bignum::mont_mul(r, a, b, P::fp);
  }
  [[gnu::always_inline]] static void sqr(Fe& r, const Fe& a) noexcept {
#if defined(__SIZEOF_INT128__)
    if constexpr (kP256) {
      p256_64::sqr(r, a);
      return;
    }
#endif
    mul(r, a, a);
  }
  [[gnu::always_inline]] static void add(Fe& r, const Fe& a, const Fe& b) noexcept {
#if defined(__SIZEOF_INT128__)
    if constexpr (kP256) {
      p256_64::add(r, a, b);
      return;
    }
#endif
    bignum::add_mod(r, a, b, P::p);
  }
  [[gnu::always_inline]] static void sub(Fe& r, const Fe& a, const Fe& b) noexcept {
#if defined(__SIZEOF_INT128__)
    if constexpr (kP256) {
      p256_64::sub(r, a, b);
      return;
    }
#endif
    bignum::sub_mod(r, a, b, P::p);
  }
  // Montgomery multiplication mod the group order n (ECDSA's scalars).
  static void nmul(ScalarInt<C>& r, const ScalarInt<C>& a, const ScalarInt<C>& b) noexcept {
#if defined(__SIZEOF_INT128__)
    if constexpr (k6) {
      bignum::mont_mul6_64(r, a, b, P::fn);
      return;
    }
#endif
    bignum::mont_mul(r, a, b, P::fn);
  }
  static void nsqr(ScalarInt<C>& r, const ScalarInt<C>& a) noexcept { nmul(r, a, a); }
};

template <class C, class F>
struct PointOps : CurveParams<C> {
  using Base = CurveParams<C>;
  using typename Base::L;
  using typename Base::Fe;
  using typename Base::Sc;
  using Base::b;
  using Point = ProjectivePoint<C>;
  using Affine = AffinePoint<C>;

  // --- GF(p) through F ---
  [[gnu::always_inline]] static void mul(Fe& r, const Fe& a, const Fe& b_) noexcept { F::mul(r, a, b_); }
  [[gnu::always_inline]] static void sqr(Fe& r, const Fe& a) noexcept { F::sqr(r, a); }
  [[gnu::always_inline]] static void add(Fe& r, const Fe& a, const Fe& b_) noexcept { F::add(r, a, b_); }
  [[gnu::always_inline]] static void sub(Fe& r, const Fe& a, const Fe& b_) noexcept { F::sub(r, a, b_); }
  static Fe one() noexcept { return Base::fp.r_mod; }
  // a^-1 = a^(p-2) (Fermat; constant time: the exponent is public); 0 maps to 0. The
  // 4-bit fixed window of bignum::mont_pow_public_exp, with F's multiplication.
  static Fe inv(const Fe& a) noexcept {
    if constexpr (std::is_same_v<C, P256>) {
      return inv_p256(a);
    }
    Fe table[16];
    table[0] = one();
    table[1] = a;
    for (std::size_t j = 2; j < 16; ++j) mul(table[j], table[j - 1], a);
    Fe acc = one();
    bool started = false;  // public: depends on p only
    for (std::size_t i = Base::NF * bignum::LimbTraits<L>::bits / 4; i-- > 0;) {
      if (started) {
        for (int s = 0; s < 4; ++s) sqr(acc, acc);
      }
      const unsigned digit = static_cast<unsigned>(bignum::nibble(Base::p_minus_2, 4 * i));
      if (digit != 0) {
        if (started) mul(acc, acc, table[digit]);
        else acc = table[digit];
        started = true;
      }
    }
    return acc;
  }

  // P-256: a^(p-2) by an addition chain, 255 squarings and 13 multiplications (the 4-bit
  // window takes about 55 more multiplications). x_k = a^(2^k - 1), from
  // x_(i+j) = x_i^(2^j) x_j; p - 2 = 2^256 - 2^224 + 2^192 + 2^96 - 3 is, from the top,
  // 32 ones, 31 zeros and a one, 96 zeros, 94 ones, a zero and a one:
  // ((((x32 2^32 a) 2^128 x32) 2^32 x32) 2^30 x30) 2^2 a.
  static Fe inv_p256(const Fe& a) noexcept {
    auto sqr_n = [](Fe& r, unsigned n) {
      for (unsigned i = 0; i < n; ++i) sqr(r, r);
    };
    Fe x2{}, x4{}, x8{}, x16{}, x30{}, x32{}, t{};
    sqr(x2, a);
    mul(x2, x2, a);
    x4 = x2;
    sqr_n(x4, 2);
    mul(x4, x4, x2);
    x8 = x4;
    sqr_n(x8, 4);
    mul(x8, x8, x4);
    x16 = x8;
    sqr_n(x16, 8);
    mul(x16, x16, x8);
    x30 = x16;
    sqr_n(x30, 8);
    mul(x30, x30, x8);  // x24
    sqr_n(x30, 4);
    mul(x30, x30, x4);  // x28
    sqr_n(x30, 2);
    mul(x30, x30, x2);  // x30
    x32 = x30;
    sqr_n(x32, 2);
    mul(x32, x32, x2);
    t = x32;
    sqr_n(t, 32);
    mul(t, t, a);
    sqr_n(t, 128);
    mul(t, t, x32);
    sqr_n(t, 32);
    mul(t, t, x32);
    sqr_n(t, 30);
    mul(t, t, x30);
    sqr_n(t, 2);
    mul(t, t, a);
    return t;
  }

  static Point infinity() noexcept { return Point{Fe{}, one(), Fe{}}; }
  static Point from_affine(const Affine& a) noexcept { return Point{a.x, a.y, one()}; }
  static Point generator() noexcept { return Point{Base::gx, Base::gy, one()}; }

  // RCB 2016, Algorithm 4: P + Q, complete, projective, a = -3 (b3 folded into the steps).
  static Point add(const Point& P1, const Point& P2) noexcept {
    Fe t0{}, t1{}, t2{}, t3{}, t4{}, X3{}, Y3{}, Z3{};
    mul(t0, P1.X, P2.X);  // 1
    mul(t1, P1.Y, P2.Y);  // 2
    mul(t2, P1.Z, P2.Z);  // 3
    add(t3, P1.X, P1.Y);  // 4
    add(t4, P2.X, P2.Y);  // 5
    mul(t3, t3, t4);      // 6
    add(t4, t0, t1);      // 7
    sub(t3, t3, t4);      // 8
    add(t4, P1.Y, P1.Z);  // 9
    add(X3, P2.Y, P2.Z);  // 10
    mul(t4, t4, X3);      // 11
    add(X3, t1, t2);      // 12
    sub(t4, t4, X3);      // 13
    add(X3, P1.X, P1.Z);  // 14
    add(Y3, P2.X, P2.Z);  // 15
    mul(X3, X3, Y3);      // 16
    add(Y3, t0, t2);      // 17
    sub(Y3, X3, Y3);      // 18
    mul(Z3, b, t2);       // 19
    sub(X3, Y3, Z3);      // 20
    add(Z3, X3, X3);      // 21
    add(X3, X3, Z3);      // 22
    sub(Z3, t1, X3);      // 23
    add(X3, t1, X3);      // 24
    mul(Y3, b, Y3);       // 25
    add(t1, t2, t2);      // 26
    add(t2, t1, t2);      // 27
    sub(Y3, Y3, t2);      // 28
    sub(Y3, Y3, t0);      // 29
    add(t1, Y3, Y3);      // 30
    add(Y3, t1, Y3);      // 31
    add(t1, t0, t0);      // 32
    add(t0, t1, t0);      // 33
    sub(t0, t0, t2);      // 34
    mul(t1, t4, Y3);      // 35
    mul(t2, t0, Y3);      // 36
    mul(Y3, X3, Z3);      // 37
    add(Y3, Y3, t2);      // 38
    mul(X3, t3, X3);      // 39
    sub(X3, X3, t1);      // 40
    mul(Z3, t4, Z3);      // 41
    mul(t1, t3, t0);      // 42
    add(Z3, Z3, t1);      // 43
    return Point{X3, Y3, Z3};
  }

  // RCB 2016, Algorithm 5: P + Q with Q affine (Z2 = 1), a = -3. Complete for any P
  // (P = O included) and any affine Q.
  static Point add_mixed(const Point& P1, const Affine& Q) noexcept {
    Fe t0{}, t1{}, t2{}, t3{}, t4{}, X3{}, Y3{}, Z3{};
    mul(t0, P1.X, Q.x);   // 1
    mul(t1, P1.Y, Q.y);   // 2
    add(t3, Q.x, Q.y);    // 3
    add(t4, P1.X, P1.Y);  // 4
    mul(t3, t3, t4);      // 5
    add(t4, t0, t1);      // 6
    sub(t3, t3, t4);      // 7
    mul(t4, Q.y, P1.Z);   // 8
    add(t4, t4, P1.Y);    // 9
    mul(Y3, Q.x, P1.Z);   // 10
    add(Y3, Y3, P1.X);    // 11
    mul(Z3, b, P1.Z);     // 12
    sub(X3, Y3, Z3);      // 13
    add(Z3, X3, X3);      // 14
    add(X3, X3, Z3);      // 15
    sub(Z3, t1, X3);      // 16
    add(X3, t1, X3);      // 17
    mul(Y3, b, Y3);       // 18
    add(t1, P1.Z, P1.Z);  // 19
    add(t2, t1, P1.Z);    // 20
    sub(Y3, Y3, t2);      // 21
    sub(Y3, Y3, t0);      // 22
    add(t1, Y3, Y3);      // 23
    add(Y3, t1, Y3);      // 24
    add(t1, t0, t0);      // 25
    add(t0, t1, t0);      // 26
    sub(t0, t0, t2);      // 27
    mul(t1, t4, Y3);      // 28
    mul(t2, t0, Y3);      // 29
    mul(Y3, X3, Z3);      // 30
    add(Y3, Y3, t2);      // 31
    mul(X3, t3, X3);      // 32
    sub(X3, X3, t1);      // 33
    mul(Z3, t4, Z3);      // 34
    mul(t1, t3, t0);      // 35
    add(Z3, Z3, t1);      // 36
    return Point{X3, Y3, Z3};
  }

  // RCB 2016, Algorithm 6: 2P, complete, projective, a = -3.
  static Point dbl(const Point& P1) noexcept {
    Fe t0{}, t1{}, t2{}, t3{}, X3{}, Y3{}, Z3{};
    sqr(t0, P1.X);        // 1
    sqr(t1, P1.Y);        // 2
    sqr(t2, P1.Z);        // 3
    mul(t3, P1.X, P1.Y);  // 4
    add(t3, t3, t3);      // 5
    mul(Z3, P1.X, P1.Z);  // 6
    add(Z3, Z3, Z3);      // 7
    mul(Y3, b, t2);       // 8
    sub(Y3, Y3, Z3);      // 9
    add(X3, Y3, Y3);      // 10
    add(Y3, X3, Y3);      // 11
    sub(X3, t1, Y3);      // 12
    add(Y3, t1, Y3);      // 13
    mul(Y3, X3, Y3);      // 14
    mul(X3, X3, t3);      // 15
    add(t3, t2, t2);      // 16
    add(t2, t2, t3);      // 17
    mul(Z3, b, Z3);       // 18
    sub(Z3, Z3, t2);      // 19
    sub(Z3, Z3, t0);      // 20
    add(t3, Z3, Z3);      // 21
    add(Z3, Z3, t3);      // 22
    add(t3, t0, t0);      // 23
    add(t0, t3, t0);      // 24
    sub(t0, t0, t2);      // 25
    mul(t0, t0, Z3);      // 26
    add(Y3, Y3, t0);      // 27
    mul(t0, P1.Y, P1.Z);  // 28
    add(t0, t0, t0);      // 29
    mul(Z3, t0, Z3);      // 30
    sub(X3, X3, Z3);      // 31
    mul(Z3, t0, t1);      // 32
    add(Z3, Z3, Z3);      // 33
    add(Z3, Z3, Z3);      // 34
    return Point{X3, Y3, Z3};
  }

  static Point neg(const Point& P1) noexcept {
    Fe y{};
    sub(y, Fe{}, P1.Y);
    return Point{P1.X, y, P1.Z};
  }
  // r = mask ? a : r.
  static void cmov(Point& r, const Point& a, L mask) noexcept {
    bignum::cmov(r.X, a.X, mask);
    bignum::cmov(r.Y, a.Y, mask);
    bignum::cmov(r.Z, a.Z, mask);
  }
  static L is_infinity_mask(const Point& P1) noexcept { return bignum::is_zero_mask(P1.Z); }

  // Affine coordinates by one constant-time inversion of Z; O maps to (0, 0) (the caller
  // checks is_infinity_mask first).
  static Affine to_affine(const Point& P1) noexcept {
    const Fe zi = inv(P1.Z);
    Affine a{};
    mul(a.x, P1.X, zi);
    mul(a.y, P1.Y, zi);
    return a;
  }
};

}  // namespace tessera::ec
