// The fixed-base tables of P-256 and P-384 (BaseTable, weierstrass_scalar_mul.hpp) computed
// by the compiler: compute_base_table<C>() is consteval, so the tables are constant data
// (.rodata; flash on a microcontroller) in the build's own limb layout (64-bit limbs or
// TESSERA_BIGNUM_LIMB32), with nothing to build at run time and no generated source.
// Defined once per curve in p256_base_table.cpp and p384_base_table.cpp (the constant
// evaluation is the costly part of the build: one file each, so that two cores share it;
// src/ec/sources.cmake raises clang's -fconstexpr-steps for those two files).
//
// The same points as wmul::ScalarMul::build_base_table(), which stays as the run-time
// oracle (tests/unit/ec_base_table_test.cpp compares every entry, in every build, 32-bit
// limbs included), by other formulas: the row bases 32^i G by Jacobian doublings, then the
// multiples in affine coordinates level by level with one batch inversion per level, over
// a field written for the constant evaluator (the field and point operations cost about
// the same number of evaluation steps whether they are multiplications or additions, so
// the fewest field operations wins; about 6 multiplications per entry against 19 for the
// projective build).
#pragma once

#include "bignum/montgomery.hpp"
#include "ec/weierstrass_point.hpp"
#include "ec/weierstrass_scalar_mul.hpp"

#include <cstddef>

namespace tessera::ec {

// GF(p) for constant evaluation only: Montgomery multiplication (CIOS, as bignum::mont_mul)
// and modular addition written as single loops over the double-width type, with no calls
// and variable-time final reductions (public data; the constant-time kernels, with a call
// per limb step and masks, cost compilers about three times more evaluation steps). Same
// representation as the run-time fields: Montgomery form mod p, R = 2^(limb bits * limbs).
template <class C>
struct ConstexprField {
  using P = CurveParams<C>;
  using Fe = FieldInt<C>;
  using L = bignum::Limb;
  using W = typename bignum::LimbTraits<L>::Wide;
  static constexpr std::size_t N = Fe::limbs;
  static constexpr unsigned w = bignum::LimbTraits<L>::bits;

  // r = t - p if t >= p (t < 2p; top is the bit of t above N limbs).
  static constexpr void reduce(Fe& r, const L* t, L top) noexcept {
    bool ge = top != 0;
    if (!ge) {
      ge = true;  // t == p counts as >= p
      for (std::size_t j = N; j-- > 0;) {
        if (t[j] != P::p.v[j]) {
          ge = t[j] > P::p.v[j];
          break;
        }
      }
    }
    L borrow = 0;
    for (std::size_t j = 0; j < N; ++j) {
      const L s = ge ? P::p.v[j] : L{0};
      const W d = static_cast<W>(t[j]) - s - borrow;
      r.v[j] = static_cast<L>(d);
      borrow = static_cast<L>(static_cast<L>(d >> w) & 1u);
    }
  }
  static constexpr void mul(Fe& r, const Fe& a, const Fe& b) noexcept {
    L t[N + 2] = {};
    for (std::size_t i = 0; i < N; ++i) {
      const L bi = b.v[i];
      W c = 0;
      for (std::size_t j = 0; j < N; ++j) {
        c = static_cast<W>(a.v[j]) * bi + t[j] + (c >> w);
        t[j] = static_cast<L>(c);
      }
      c = static_cast<W>(t[N]) + (c >> w);
      t[N] = static_cast<L>(c);
      t[N + 1] = static_cast<L>(c >> w);
      const L u = static_cast<L>(t[0] * P::fp.m0inv);
      c = static_cast<W>(u) * P::p.v[0] + t[0];
      for (std::size_t j = 1; j < N; ++j) {
        c = static_cast<W>(u) * P::p.v[j] + t[j] + (c >> w);
        t[j - 1] = static_cast<L>(c);
      }
      c = static_cast<W>(t[N]) + (c >> w);
      t[N - 1] = static_cast<L>(c);
      t[N] = static_cast<L>(t[N + 1] + static_cast<L>(c >> w));
    }
    reduce(r, t, t[N]);
  }
  static constexpr void sqr(Fe& r, const Fe& a) noexcept { mul(r, a, a); }
  static constexpr void add(Fe& r, const Fe& a, const Fe& b) noexcept {
    L t[N] = {};
    W c = 0;
    for (std::size_t j = 0; j < N; ++j) {
      c = static_cast<W>(a.v[j]) + b.v[j] + (c >> w);
      t[j] = static_cast<L>(c);
    }
    reduce(r, t, static_cast<L>(c >> w));
  }
  static constexpr void sub(Fe& r, const Fe& a, const Fe& b) noexcept {
    // a - b, plus p if that borrowed (the carry out of the addition cancels the borrow).
    L t[N] = {};
    L borrow = 0;
    for (std::size_t j = 0; j < N; ++j) {
      const W d = static_cast<W>(a.v[j]) - b.v[j] - borrow;
      t[j] = static_cast<L>(d);
      borrow = static_cast<L>(static_cast<L>(d >> w) & 1u);
    }
    W c = 0;
    const L m = static_cast<L>(L{0} - borrow);
    for (std::size_t j = 0; j < N; ++j) {
      c = static_cast<W>(t[j]) + (P::p.v[j] & m) + (c >> w);
      r.v[j] = static_cast<L>(c);
    }
  }
  // x / 2 mod p (variable time).
  static constexpr void half(Fe& x) noexcept {
    L carry = 0;
    if ((x.v[0] & 1u) != 0) {
      W c = 0;
      for (std::size_t j = 0; j < N; ++j) {
        c = static_cast<W>(x.v[j]) + P::p.v[j] + (c >> w);
        x.v[j] = static_cast<L>(c);
      }
      carry = static_cast<L>(c >> w);
    }
    for (std::size_t j = 0; j < N; ++j) {
      const L hi = (j + 1 < N) ? x.v[j + 1] : carry;
      x.v[j] = static_cast<L>((x.v[j] >> 1) | (hi << (w - 1)));
    }
  }
  static constexpr bool is_one(const Fe& x) noexcept {
    if (x.v[0] != 1) return false;
    for (std::size_t j = 1; j < N; ++j) {
      if (x.v[j] != 0) return false;
    }
    return true;
  }
  // u - v for u >= v (plain integers).
  static constexpr void sub_plain(Fe& u, const Fe& v) noexcept {
    L borrow = 0;
    for (std::size_t j = 0; j < N; ++j) {
      const W d = static_cast<W>(u.v[j]) - v.v[j] - borrow;
      u.v[j] = static_cast<L>(d);
      borrow = static_cast<L>(static_cast<L>(d >> w) & 1u);
    }
  }
  static constexpr bool ge_plain(const Fe& u, const Fe& v) noexcept {
    for (std::size_t j = N; j-- > 0;) {
      if (u.v[j] != v.v[j]) return u.v[j] > v.v[j];
    }
    return true;
  }
  // a^-1 for a != 0 in Montgomery form (a R -> a^-1 R), by the binary extended Euclidean
  // algorithm (variable time: compile time only), about 2 log2(p) shift-and-subtract steps
  // instead of the few hundred multiplications of a^(p-2): (a R)^-1 times R^3 mod p
  // (mont_mul(R^2, R^2)) in one more Montgomery multiplication.
  static constexpr Fe inv(const Fe& a) noexcept {
    Fe u = a, v = P::p, x1{}, x2{};
    x1.v[0] = 1;
    while (!is_one(u) && !is_one(v)) {
      while ((u.v[0] & 1u) == 0) {
        for (std::size_t j = 0; j < N; ++j) u.v[j] = static_cast<L>((u.v[j] >> 1) | ((j + 1 < N ? u.v[j + 1] : L{0}) << (w - 1)));
        half(x1);
      }
      while ((v.v[0] & 1u) == 0) {
        for (std::size_t j = 0; j < N; ++j) v.v[j] = static_cast<L>((v.v[j] >> 1) | ((j + 1 < N ? v.v[j + 1] : L{0}) << (w - 1)));
        half(x2);
      }
      if (ge_plain(u, v)) {
        sub_plain(u, v);
        sub(x1, x1, x2);
      } else {
        sub_plain(v, u);
        sub(x2, x2, x1);
      }
    }
    Fe r3{}, r{};
    mul(r3, P::fp.r2_mod, P::fp.r2_mod);
    mul(r, is_one(u) ? x1 : x2, r3);
    return r;
  }
};

// Affine operations out[k] = in1[k] + in2[k] (in1 != +-in2) or out[k] = 2 in1[k] with one
// inversion for the whole batch (Montgomery's simultaneous inversion of the denominators
// x2 - x1 and 2 y1): lambda = (y2 - y1) / (x2 - x1) or (3 x1^2 - 3) / (2 y1),
// x3 = lambda^2 - x1 - x2, y3 = lambda (x1 - x3) - y1. Outputs may not alias inputs of a
// later operation of the same batch.
template <class C>
struct AffineBatch {
  using F = ConstexprField<C>;
  using Fe = FieldInt<C>;
  using A = AffinePoint<C>;
  struct Op {
    const A* in1;
    const A* in2;  // nullptr: doubling
    A* out;
  };
  static constexpr void run(Op* ops, std::size_t count, Fe* den, Fe* prefix) noexcept {
    for (std::size_t k = 0; k < count; ++k) {
      if (ops[k].in2 != nullptr) F::sub(den[k], ops[k].in2->x, ops[k].in1->x);
      else F::add(den[k], ops[k].in1->y, ops[k].in1->y);
      if (k == 0) prefix[k] = den[k];
      else F::mul(prefix[k], prefix[k - 1], den[k]);
    }
    Fe inv = F::inv(prefix[count - 1]);
    for (std::size_t k = count; k-- > 0;) {
      Fe di{};
      if (k > 0) {
        F::mul(di, inv, prefix[k - 1]);
        F::mul(inv, inv, den[k]);
      } else {
        di = inv;
      }
      const A& p1 = *ops[k].in1;
      const A& p2 = ops[k].in2 != nullptr ? *ops[k].in2 : p1;
      Fe num{}, lambda{}, t{};
      if (ops[k].in2 != nullptr) {
        F::sub(num, p2.y, p1.y);
      } else {
        F::sqr(t, p1.x);
        F::sub(t, t, CurveParams<C>::fp.r_mod);  // x^2 - 1
        F::add(num, t, t);
        F::add(num, num, t);
      }
      F::mul(lambda, num, di);
      A r{};
      F::sqr(r.x, lambda);
      F::sub(r.x, r.x, p1.x);
      F::sub(r.x, r.x, p2.x);
      F::sub(t, p1.x, r.x);
      F::mul(r.y, lambda, t);
      F::sub(r.y, r.y, p1.y);
      *ops[k].out = r;
    }
  }
};

// Entry [i][j - 1] = j 32^i G (affine, Montgomery form).
template <class C>
consteval BaseTable<C> compute_base_table() {
  using F = ConstexprField<C>;
  using Fe = FieldInt<C>;
  using Batch = AffineBatch<C>;
  constexpr std::size_t rows = BaseTable<C>::rows;
  BaseTable<C> table{};
  // The row bases 32^i G: five doublings each in Jacobian coordinates (x = X/Z^2,
  // y = Y/Z^3; dbl-2001-b for a = -3, 3M + 5S), then one batch inversion of the Z.
  Fe X[rows] = {}, Y[rows] = {}, Z[rows] = {}, prefix[rows] = {};
  X[0] = CurveParams<C>::gx;
  Y[0] = CurveParams<C>::gy;
  Z[0] = CurveParams<C>::fp.r_mod;
  for (std::size_t i = 1; i < rows; ++i) {
    Fe x = X[i - 1], y = Y[i - 1], z = Z[i - 1];
    for (int d = 0; d < 5; ++d) {
      Fe delta{}, gamma{}, beta{}, alpha{}, t{}, u{};
      F::sqr(delta, z);
      F::sqr(gamma, y);
      F::mul(beta, x, gamma);
      F::sub(t, x, delta);
      F::add(u, x, delta);
      F::mul(alpha, t, u);
      F::add(t, alpha, alpha);
      F::add(alpha, alpha, t);  // 3 (x - delta)(x + delta)
      F::add(z, y, z);
      F::sqr(z, z);
      F::sub(z, z, gamma);
      F::sub(z, z, delta);  // (y + z)^2 - gamma - delta = 2 y z
      F::add(beta, beta, beta);
      F::add(beta, beta, beta);  // 4 beta
      F::sqr(x, alpha);
      F::sub(x, x, beta);
      F::sub(x, x, beta);  // alpha^2 - 8 beta
      F::sub(t, beta, x);
      F::mul(y, alpha, t);
      F::sqr(gamma, gamma);
      F::add(gamma, gamma, gamma);
      F::add(gamma, gamma, gamma);
      F::add(gamma, gamma, gamma);  // 8 gamma^2
      F::sub(y, y, gamma);
    }
    X[i] = x;
    Y[i] = y;
    Z[i] = z;
  }
  for (std::size_t i = 0; i < rows; ++i) {
    if (i == 0) prefix[i] = Z[i];
    else F::mul(prefix[i], prefix[i - 1], Z[i]);
  }
  Fe inv = F::inv(prefix[rows - 1]);
  for (std::size_t i = rows; i-- > 0;) {
    Fe zi{}, zi2{};
    if (i > 0) {
      F::mul(zi, inv, prefix[i - 1]);
      F::mul(inv, inv, Z[i]);
    } else {
      zi = inv;
    }
    F::sqr(zi2, zi);
    F::mul(table.t[i][0].x, X[i], zi2);
    F::mul(zi2, zi2, zi);
    F::mul(table.t[i][0].y, Y[i], zi2);
  }
  // Multiples by levels, every row at once, one inversion per level:
  // 2B; 3B = 2B + B, 4B = 2 (2B); 5B..7B = 4B + {1..3}B, 8B = 2 (4B);
  // 9B..15B = 8B + {1..7}B, 16B = 2 (8B).
  typename Batch::Op ops[rows * 8] = {};
  Fe den[rows * 8] = {}, pre[rows * 8] = {};
  for (std::size_t top = 1; top <= 8; top *= 2) {  // computes (top + 1)B .. (2 top)B
    std::size_t count = 0;
    for (std::size_t i = 0; i < rows; ++i) {
      auto& row = table.t[i];
      for (std::size_t j = 1; j < top; ++j) ops[count++] = {&row[top - 1], &row[j - 1], &row[top + j - 1]};
      ops[count++] = {&row[top - 1], nullptr, &row[2 * top - 1]};
    }
    Batch::run(ops, count, den, pre);
  }
  return table;
}

}  // namespace tessera::ec
