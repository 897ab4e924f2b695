// Scalar multiplication on P-256 / P-384: fixed-base (k G), variable-base (k P), both
// constant time, and the variable-time double multiplication of ECDSA verification.
#include "ec/weierstrass_curve.hpp"

#include "common/secret.hpp"

namespace tessera::ec {

namespace {

// All ones if a == b (small public-range values; constant time in both).
inline bignum::Limb digit_eq_mask(bignum::Limb a, bignum::Limb b) noexcept {
  using L = bignum::Limb;
  const L x = bignum::barrier(static_cast<L>(a ^ b));
  const L nz = static_cast<L>((x | static_cast<L>(L{0} - x)) >> (bignum::LimbTraits<L>::bits - 1));
  return bignum::mask_from_bit(static_cast<L>(nz ^ 1u));
}

template <class C>
typename Curve<C>::BaseTable build_base_table() noexcept {
  using K = Curve<C>;
  typename K::BaseTable table{};
  typename K::Point row_base = K::generator();  // 16^i G
  for (std::size_t i = 0; i < K::windows; ++i) {
    typename K::Point multiples[15];
    multiples[0] = row_base;
    for (std::size_t j = 1; j < 15; ++j) multiples[j] = K::add(multiples[j - 1], row_base);
    // Montgomery's simultaneous inversion: one inversion for the 15 Z coordinates.
    typename K::Fe prefix[15];
    prefix[0] = multiples[0].Z;
    for (std::size_t j = 1; j < 15; ++j) K::mul(prefix[j], prefix[j - 1], multiples[j].Z);
    typename K::Fe inv = K::inv(prefix[14]);
    for (std::size_t j = 15; j-- > 0;) {
      typename K::Fe zi{};
      if (j > 0) {
        K::mul(zi, inv, prefix[j - 1]);
        K::mul(inv, inv, multiples[j].Z);
      } else {
        zi = inv;
      }
      K::mul(table.t[i][j].x, multiples[j].X, zi);
      K::mul(table.t[i][j].y, multiples[j].Y, zi);
    }
    // 16^(i+1) G = 2^4 (16^i G)
    for (int d = 0; d < 4; ++d) row_base = K::dbl(row_base);
  }
  return table;
}

}  // namespace

template <class C>
const typename Curve<C>::BaseTable& Curve<C>::base_table() noexcept {
  // Public data (multiples of G), computed once; C++ guarantees thread-safe initialization.
  static const BaseTable table = build_base_table<C>();
  return table;
}

template <class C>
typename Curve<C>::Point Curve<C>::mul_base(const Sc& k) noexcept {
  const BaseTable& table = base_table();
  Point r = infinity();
  // k = sum_i k_i 16^i, so k G = sum_i (k_i 16^i G): one table row per digit.
  for (std::size_t i = 0; i < windows; ++i) {
    const L digit = bignum::nibble(k, 4 * i);
    Affine a{};
    for (std::size_t j = 0; j < 15; ++j) {
      const L m = digit_eq_mask(digit, static_cast<L>(j + 1));
      bignum::cmov(a.x, table.t[i][j].x, m);
      bignum::cmov(a.y, table.t[i][j].y, m);
    }
    // A zero digit adds nothing: the sum is computed anyway and discarded by a select.
    const Point sum = add_mixed(r, a);
    cmov(r, sum, static_cast<L>(~digit_eq_mask(digit, L{0})));
  }
  return r;
}

template <class C>
typename Curve<C>::Point Curve<C>::mul_point(const Point& P1, const Sc& k) noexcept {
  Point table[16];
  table[0] = infinity();
  table[1] = P1;
  for (std::size_t j = 2; j < 16; ++j) table[j] = (j % 2 == 0) ? dbl(table[j / 2]) : add(table[j - 1], P1);
  Point r = infinity();
  for (std::size_t i = windows; i-- > 0;) {
    if (i + 1 != windows) {
      for (int d = 0; d < 4; ++d) r = dbl(r);
    }
    const L digit = bignum::nibble(k, 4 * i);
    Point t = infinity();
    for (std::size_t j = 0; j < 16; ++j) cmov(t, table[j], digit_eq_mask(digit, static_cast<L>(j)));
    r = add(r, t);
  }
  secure_zero_object(table);
  return r;
}

template <class C>
typename Curve<C>::Point Curve<C>::double_mul_vartime(const Sc& u1, const Point& Q, const Sc& u2) noexcept {
  // u2 Q by a 4-bit window, then u1 G from the fixed-base table; zero digits skipped.
  Point table[16];
  table[0] = infinity();
  table[1] = Q;
  for (std::size_t j = 2; j < 16; ++j) table[j] = (j % 2 == 0) ? dbl(table[j / 2]) : add(table[j - 1], Q);
  Point r = infinity();
  bool started = false;
  for (std::size_t i = windows; i-- > 0;) {
    if (started) {
      for (int d = 0; d < 4; ++d) r = dbl(r);
    }
    const L digit = bignum::nibble(u2, 4 * i);
    if (digit != 0) {
      r = started ? add(r, table[digit]) : table[digit];
      started = true;
    }
  }
  const BaseTable& base = base_table();
  for (std::size_t i = 0; i < windows; ++i) {
    const L digit = bignum::nibble(u1, 4 * i);
    if (digit != 0) r = add_mixed(r, base.t[i][digit - 1]);
  }
  return r;
}

template struct Curve<P256>;
template struct Curve<P384>;

}  // namespace tessera::ec
