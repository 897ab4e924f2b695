// Scalar multiplication on P-256 / P-384 over one field implementation F (see
// weierstrass_point.hpp): fixed-base k G and variable-base k P, both constant time, the
// variable-time double multiplication of ECDSA verification, and the arithmetic mod n.
// Instantiated once per field (weierstrass_mul.cpp: portable; weierstrass_mulx.cpp:
// MULX/ADX) and reached through the kernel table (weierstrass_kernels.hpp).
#pragma once

#include "common/secret.hpp"
#include "ec/weierstrass_jacobian.hpp"
#if defined(__SIZEOF_INT128__)
#include "bignum/safegcd.hpp"
#endif
#include "ec/weierstrass_point.hpp"

#include <cstddef>
#include <cstdint>

namespace tessera::ec {

// Scalars as signed 5-bit digits (the constant-time recoding of signed_digits below):
// k = sum_i d_i 32^i, d_i in [-16, 16], digits = ceil(order_bits / 5).
template <class C>
struct SignedWindow {
  static constexpr unsigned w = 5;
  static constexpr std::size_t digits = (C::order_bits + w - 1) / w;
  // The top chunk holds at most 4 bits, so the top digit (chunk + carry <= 16) needs no
  // carry out: P-256 1 bit, P-384 4 bits.
  static_assert(C::order_bits - w * (digits - 1) <= w - 1);
};

// The precomputed multiples of G for fixed-base multiplication: entry [i][j - 1] is
// j * 32^i * G (affine, Montgomery form), j = 1..16, i = 0..digits-1. Public data,
// computed by the compiler into constant data (.rodata: flash on a microcontroller; 53,248
// bytes for P-256, 118,272 for P-384): kP256BaseTable and kP384BaseTable, defined in
// p256_base_table.cpp and p384_base_table.cpp (weierstrass_base_table.hpp), reached through
// Curve<C>::base_table() and shared by every field implementation.
template <class C>
struct BaseTable {
  static constexpr std::size_t rows = SignedWindow<C>::digits;
  static constexpr std::size_t entries = 16;
  AffinePoint<C> t[rows][entries];
};
static_assert(sizeof(BaseTable<P256>) == 52 * 16 * 64 && sizeof(BaseTable<P384>) == 77 * 16 * 96);

extern const BaseTable<P256> kP256BaseTable;
extern const BaseTable<P384> kP384BaseTable;

namespace wmul {

using L = bignum::Limb;

// All ones if a == b (small public-range values; constant time in both).
inline L digit_eq_mask(L a, L b) noexcept {
  const L x = bignum::barrier(static_cast<L>(a ^ b));
  const L nz = static_cast<L>((x | static_cast<L>(L{0} - x)) >> (bignum::LimbTraits<L>::bits - 1));
  return bignum::mask_from_bit(static_cast<L>(nz ^ 1u));
}

// The w bits of k starting at bit pos (pos public, bits past the top read as zero).
template <class U>
inline L bits_at(const U& k, std::size_t pos, unsigned w) noexcept {
  constexpr unsigned lb = bignum::LimbTraits<L>::bits;
  const std::size_t li = pos / lb;
  const unsigned sh = static_cast<unsigned>(pos % lb);
  L v = static_cast<L>(k.v[li] >> sh);
  if (sh + w > lb && li + 1 < U::limbs) v = static_cast<L>(v | (k.v[li + 1] << (lb - sh)));
  return static_cast<L>(v & ((L{1} << w) - 1));
}

// Signed fixed-window recoding, constant time (no branch or index on k): chunk c_i of 5
// bits plus the carry v = c_i + carry_in in [0, 32]; v > 16 becomes the digit v - 32 with
// carry 1 (the Booth idea, as in Moller's signed windows). Output: magnitudes in [0, 16]
// and sign masks (all ones for a negative digit).
template <class C>
inline void signed_digits(const ScalarInt<C>& k, L mag[], L neg[]) noexcept {
  constexpr unsigned lb = bignum::LimbTraits<L>::bits;
  constexpr unsigned w = SignedWindow<C>::w;
  L carry = 0;
  for (std::size_t i = 0; i < SignedWindow<C>::digits; ++i) {
    const L v = static_cast<L>(bits_at(k, w * i, w) + carry);
    const L gt = static_cast<L>((static_cast<L>(16u - v) >> (lb - 1)) & 1u);  // v > 16
    const L m = bignum::mask_from_bit(gt);
    mag[i] = static_cast<L>(v ^ (m & (v ^ static_cast<L>(32u - v))));
    neg[i] = m;
    carry = gt;
  }
}

template <class C, class F>
struct ScalarMul {
  using K = PointOps<C, F>;
  using Jac = JacobianOps<C, F>;
  using Point = ProjectivePoint<C>;
  using Affine = AffinePoint<C>;
  using Fe = FieldInt<C>;
  using Sc = ScalarInt<C>;
  static constexpr std::size_t digits = SignedWindow<C>::digits;
  static constexpr std::size_t rows = BaseTable<C>::rows;

  // The table at run time, with the field F: the tests' oracle for the constant tables
  // (tests/unit/ec_base_table_test.cpp); the library itself does not call it.
  static BaseTable<C> build_base_table() noexcept {
    BaseTable<C> table{};
    Point row_base = K::generator();  // 32^i G
    for (std::size_t i = 0; i < rows; ++i) {
      Point multiples[16];
      multiples[0] = row_base;
      for (std::size_t j = 1; j < 16; ++j) {
        multiples[j] = (j % 2 == 1) ? K::dbl(multiples[j / 2]) : K::add(multiples[j - 1], row_base);
      }
      // Montgomery's simultaneous inversion: one inversion for the 16 Z coordinates.
      Fe prefix[16];
      prefix[0] = multiples[0].Z;
      for (std::size_t j = 1; j < 16; ++j) K::mul(prefix[j], prefix[j - 1], multiples[j].Z);
      Fe inv = K::inv(prefix[15]);
      for (std::size_t j = 16; j-- > 0;) {
        Fe zi{};
        if (j > 0) {
          K::mul(zi, inv, prefix[j - 1]);
          K::mul(inv, inv, multiples[j].Z);
        } else {
          zi = inv;
        }
        K::mul(table.t[i][j].x, multiples[j].X, zi);
        K::mul(table.t[i][j].y, multiples[j].Y, zi);
      }
      // 32^(i+1) G = 2 (16 * 32^i G)
      row_base = K::dbl(multiples[15]);
    }
    return table;
  }

  // y -> -y when mask is all ones (constant time).
  static void cneg(Fe& y, L mask) noexcept {
    Fe ny{};
    K::sub(ny, Fe{}, y);
    bignum::cmov(y, ny, mask);
  }

  // The digit of row i read from the table in constant time (every entry read, the sign
  // applied by a conditional negation); (0, 0) for a zero digit: the OR of the entries, each
  // masked by "is the digit" (exactly one mask is all ones, or none).
  static Affine lookup(const BaseTable<C>& table, std::size_t i, L mag, L neg) noexcept {
    constexpr std::size_t n = FieldInt<C>::limbs;
    Affine a{};
    for (std::size_t j = 0; j < 16; ++j) {
      const L m = digit_eq_mask(mag, static_cast<L>(j + 1));
      const Affine& e = table.t[i][j];
      for (std::size_t l = 0; l < n; ++l) {
        a.x.v[l] = static_cast<L>(a.x.v[l] | (e.x.v[l] & m));
        a.y.v[l] = static_cast<L>(a.y.v[l] | (e.y.v[l] & m));
      }
    }
    cneg(a.y, neg);
    return a;
  }

  // k G = sum_i d_i (32^i G) over the signed digits d_i, k < n: one mixed addition per
  // digit. A zero digit adds nothing: the sum is computed anyway and discarded by a select.
  //
  // Rows 0 .. rows-2 use the Jacobian madd-2007-bl (7M + 4S; the complete projective
  // formula costs 11M + 2 multiplications by b), which is wrong only for an accumulator
  // R_i = S_i G = +-d_i 32^i G, where S_i = sum_{j<i} d_j 32^j. That cannot occur: as
  // integers |S_i| <= 16 (32^i - 1) / 31 < 32^i <= |d_i 32^i| for d_i != 0, so
  // S_i -+ d_i 32^i is nonzero, and its magnitude is below 17 * 32^i <= 17 * 32^(rows-2)
  // <= 17 * 2^(order_bits - 6) < 2^(order_bits - 1) < n (5 rows <= order_bits + 4): not a
  // multiple of n. Likewise R_i = O iff S_i = 0 (|S_i| < n), which the select of
  // add_mixed_distinct handles. The bound does not cover the last row (17 * 32^(rows-1)
  // can exceed n), so that row uses the complete formula.
  static Point mul_base(const BaseTable<C>& table, const Sc& k) noexcept {
    L mag[digits], neg[digits];
    signed_digits<C>(k, mag, neg);
    JacobianPoint<C> jr = Jac::infinity();
    for (std::size_t i = 0; i + 1 < rows; ++i) {
      const Affine a = lookup(table, i, mag[i], neg[i]);
      const JacobianPoint<C> sum = Jac::add_mixed_distinct(jr, a);
      const L keep = digit_eq_mask(mag[i], L{0});
      bignum::cmov(jr.X, sum.X, static_cast<L>(~keep));
      bignum::cmov(jr.Y, sum.Y, static_cast<L>(~keep));
      bignum::cmov(jr.Z, sum.Z, static_cast<L>(~keep));
    }
    Point r = Jac::to_projective(jr);  // O (1, 1, 0) -> (0 : 1 : 0)
    const Affine a = lookup(table, rows - 1, mag[rows - 1], neg[rows - 1]);
    const Point sum = K::add_mixed(r, a);  // complete (Algorithm 5: a is never O)
    K::cmov(r, sum, static_cast<L>(~digit_eq_mask(mag[rows - 1], L{0})));
    secure_zero_object(jr);
    secure_zero_object(mag);
    secure_zero_object(neg);
    return r;
  }

  // k P, signed 5-bit fixed window: table of 1P..16P, every entry read, then a conditional
  // negation; per digit five doublings in Jacobian coordinates (weierstrass_jacobian.hpp:
  // exception-free, 3M + 5S each) and one complete projective addition.
  static Point mul_point(const Point& P1, const Sc& k) noexcept {
    Point table[16];
    table[0] = P1;
    for (std::size_t j = 1; j < 16; ++j) table[j] = (j % 2 == 1) ? K::dbl(table[j / 2]) : K::add(table[j - 1], P1);
    L mag[digits], neg[digits];
    signed_digits<C>(k, mag, neg);
    Point r = K::infinity();
    Point t{};
    JacobianPoint<C> jr{};
    for (std::size_t i = digits; i-- > 0;) {
      if (i + 1 != digits) {
        jr = Jac::from_projective(r);
        for (int d = 0; d < 5; ++d) jr = Jac::dbl(jr);
        r = Jac::to_projective(jr);
      }
      t = K::infinity();
      for (std::size_t j = 0; j < 16; ++j) K::cmov(t, table[j], digit_eq_mask(mag[i], static_cast<L>(j + 1)));
      cneg(t.Y, neg[i]);
      r = K::add(r, t);
    }
    // The intermediate multiples depend on k: wiped with the table and the digits.
    secure_zero_object(jr);
    secure_zero_object(t);
    secure_zero_object(table);
    secure_zero_object(mag);
    secure_zero_object(neg);
    return r;
  }

  // Width-5 NAF of a public scalar (Solinas; Hankerson, Menezes, Vanstone, "Guide to
  // Elliptic Curve Cryptography", Algorithm 3.35): digits odd in [-15, 15] or 0, at most
  // one nonzero in any 5 consecutive. Returns the number of digits.
  static std::size_t wnaf5_vartime(const Sc& k_in, std::int8_t naf[]) noexcept {
    Sc k = k_in;
    std::size_t len = 0;
    while (bignum::is_zero_mask(k) == 0) {
      int d = 0;
      if (k.v[0] & 1u) {
        d = static_cast<int>(k.v[0] & 31u);
        if (d > 16) d -= 32;
        Sc small{};
        small.v[0] = static_cast<L>(d > 0 ? d : -d);
        if (d > 0) bignum::sub(k, k, small);
        else bignum::add(k, k, small);  // k < n < 2^bits - 16: no carry out
      }
      naf[len++] = static_cast<std::int8_t>(d);
      for (std::size_t i = 0; i < K::NS; ++i) {
        const L hi = (i + 1 < K::NS) ? k.v[i + 1] : L{0};
        k.v[i] = static_cast<L>((k.v[i] >> 1) | (hi << (bignum::LimbTraits<L>::bits - 1)));
      }
    }
    return len;
  }

  // u1 G + u2 Q (public scalars), in Jacobian coordinates with the variable-time formulas:
  // u2 Q by width-5 NAF over Q, 3Q, ..., 15Q, then u1 G from the fixed-base table by its
  // signed digits (mixed additions); zero digits skipped.
  static Point double_mul_vartime(const BaseTable<C>& base, const Sc& u1, const Point& Q, const Sc& u2) noexcept {
    using Jp = JacobianPoint<C>;
    Jp odd[8];  // (2j + 1) Q
    odd[0] = Jac::from_projective(Q);
    const Jp q2 = Jac::dbl(odd[0]);
    for (std::size_t j = 1; j < 8; ++j) odd[j] = Jac::add_vartime(odd[j - 1], q2);
    std::int8_t naf[C::order_bits + 1];
    const std::size_t len = wnaf5_vartime(u2, naf);
    Jp r = Jac::infinity();
    for (std::size_t i = len; i-- > 0;) {
      if (!Jac::is_infinity_vartime(r)) r = Jac::dbl(r);
      const int d = naf[i];
      if (d > 0) {
        r = Jac::add_vartime(r, odd[d / 2]);
      } else if (d < 0) {
        r = Jac::add_vartime(r, Jac::neg(odd[-d / 2]));
      }
    }
    L mag[digits], neg[digits];
    signed_digits<C>(u1, mag, neg);
    for (std::size_t i = 0; i < rows; ++i) {
      if (mag[i] == 0) continue;
      Affine a = base.t[i][mag[i] - 1];
      if (neg[i] != 0) K::sub(a.y, Fe{}, a.y);
      r = Jac::add_mixed_vartime(r, a);
    }
    return Jac::to_projective(r);
  }

  // --- mod n (F::nmul: Montgomery multiplication mod n) ---
  // a b mod n: nmul(a, b) = a b R^-1, a second product with R^2 gives a b.
  static void scalar_mul(Sc& r, const Sc& a, const Sc& b) noexcept {
    F::nmul(r, a, b);
    F::nmul(r, r, K::fn.r2_mod);
  }
  // a^-1 mod n, constant time in a; 0 maps to 0. With 64-bit limbs: Bernstein-Yang
  // divsteps (bignum/safegcd.hpp), about four times faster than the exponentiation below,
  // which 32-bit targets keep.
  static void scalar_inv(Sc& r, const Sc& a) noexcept {
#if defined(__SIZEOF_INT128__)
    if constexpr (sizeof(L) == 8) {
      static constexpr auto kN62 = bignum::safegcd::modulus62(K::n);
      bignum::safegcd::inverse<C::order_bits>(r, a, kN62);
      return;
    }
#endif
    scalar_inv_fermat(r, a);
  }
  // a^-1 = a^(n-2) mod n (Fermat; n is prime), 4-bit fixed window over the public
  // exponent (constant time in a); 0 maps to 0.
  static void scalar_inv_fermat(Sc& r, const Sc& a) noexcept {
    Sc table[16];
    table[0] = K::fn.r_mod;
    F::nmul(table[1], a, K::fn.r2_mod);  // a R
    for (std::size_t j = 2; j < 16; ++j) F::nmul(table[j], table[j - 1], table[1]);
    Sc acc = K::fn.r_mod;
    bool started = false;  // public: depends on n only
    for (std::size_t i = K::NS * bignum::LimbTraits<L>::bits / 4; i-- > 0;) {
      if (started) {
        for (int s = 0; s < 4; ++s) F::nsqr(acc, acc);
      }
      const unsigned digit = static_cast<unsigned>(bignum::nibble(K::n_minus_2, 4 * i));
      if (digit != 0) {
        if (started) F::nmul(acc, acc, table[digit]);
        else acc = table[digit];
        started = true;
      }
    }
    Sc one{};
    one.v[0] = 1;
    F::nmul(r, acc, one);  // out of Montgomery form
    secure_zero_object(table);
    secure_zero_object(acc);
  }
};

}  // namespace wmul
}  // namespace tessera::ec
