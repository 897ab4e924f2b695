// Montgomery arithmetic modulo a fixed odd modulus m of N limbs (R = 2^(w N)), constant
// time in the operands: every function runs the same instructions whatever the values.
//
// Representation: a value a in [0, m) is kept as a R mod m (mont_mul(a, b) = a b R^-1).
// Inputs of every modular function must be in [0, m); outputs are then in [0, m).
// Multiplication is the coarsely integrated operand scanning (CIOS) method (Koc, Acar,
// Kaliski, "Analyzing and Comparing Montgomery Multiplication Algorithms", 1996), with a
// final constant-time conditional subtraction; it is correct for any odd m < R.
#pragma once

#include "bignum/uint.hpp"

#include <cstddef>
#include <type_traits>

// Full unrolling of the CIOS loops measures faster with clang 14 and slower with g++ 12
// (which unrolls N = 4 on its own and spills when forced at N = 6).
#if defined(__clang__)
#define TESSERA_BIGNUM_UNROLL _Pragma("unroll")
#else
#define TESSERA_BIGNUM_UNROLL
#endif

namespace tessera::bignum {

template <class L, std::size_t N>
struct Modulus {
  Uint<L, N> m;       // the odd modulus
  L m0inv;            // -m^-1 mod 2^w
  Uint<L, N> r_mod;   // R mod m (1 in Montgomery form)
  Uint<L, N> r2_mod;  // R^2 mod m (for the conversion into Montgomery form)
};

// r = a + b mod m.
template <class L, std::size_t N>
[[gnu::always_inline]] constexpr void add_mod(Uint<L, N>& r, const Uint<L, N>& a, const Uint<L, N>& b, const Uint<L, N>& m) noexcept {
  Uint<L, N> s{}, t{};
  const L carry = add(s, a, b);
  const L borrow = sub(t, s, m);
  // s - m is the answer unless s < m (a borrow with no carry out of s).
  const L keep_s = mask_from_bit(static_cast<L>(borrow & (carry ^ 1u)));
  cmov(t, s, keep_s);
  r = t;
}
// r = a - b mod m.
template <class L, std::size_t N>
[[gnu::always_inline]] constexpr void sub_mod(Uint<L, N>& r, const Uint<L, N>& a, const Uint<L, N>& b, const Uint<L, N>& m) noexcept {
  Uint<L, N> d{}, t{};
  const L borrow = sub(d, a, b);
  add(t, d, m);
  cmov(d, t, mask_from_bit(borrow));
  r = d;
}
// r = a - m if a >= m, else a (a < 2m): one reduction step.
template <class L, std::size_t N>
constexpr void reduce_once(Uint<L, N>& r, const Uint<L, N>& a, const Uint<L, N>& m) noexcept {
  Uint<L, N> t{};
  const L borrow = sub(t, a, m);
  Uint<L, N> out = a;
  cmov(out, t, mask_from_bit(static_cast<L>(borrow ^ 1u)));
  r = out;
}

// r = a b R^-1 mod m (CIOS). r may alias a or b.
template <class L, std::size_t N>
[[gnu::always_inline]] constexpr void mont_mul(Uint<L, N>& r, const Uint<L, N>& a, const Uint<L, N>& b, const Modulus<L, N>& mod) noexcept {
  L t[N + 2] = {};
  TESSERA_BIGNUM_UNROLL
  for (std::size_t i = 0; i < N; ++i) {
    // t += a * b[i]
    L c = 0;
  TESSERA_BIGNUM_UNROLL
    for (std::size_t j = 0; j < N; ++j) t[j] = mul_add2(a.v[j], b.v[i], t[j], c, c);
    L c2 = 0;
    t[N] = add_carry(t[N], c, L{0}, c2);
    t[N + 1] = c2;
    // t = (t + u m) / 2^w with u = t[0] (-m^-1) mod 2^w, so that the low limb cancels.
    const L u = static_cast<L>(t[0] * mod.m0inv);
    mul_add2(u, mod.m.v[0], t[0], L{0}, c);
  TESSERA_BIGNUM_UNROLL
    for (std::size_t j = 1; j < N; ++j) t[j - 1] = mul_add2(u, mod.m.v[j], t[j], c, c);
    t[N - 1] = add_carry(t[N], c, L{0}, c2);
    t[N] = static_cast<L>(t[N + 1] + c2);
  }
  // t < 2m: subtract m once unless t < m.
  Uint<L, N> lo{}, s{};
  for (std::size_t j = 0; j < N; ++j) lo.v[j] = t[j];
  const L borrow = sub(s, lo, mod.m);
  const L keep_lo = mask_from_bit(static_cast<L>(borrow & (t[N] ^ 1u)));
  cmov(s, lo, keep_lo);
  r = s;
}
template <class L, std::size_t N>
constexpr void mont_sqr(Uint<L, N>& r, const Uint<L, N>& a, const Modulus<L, N>& mod) noexcept {
  mont_mul(r, a, a, mod);
}
template <class L, std::size_t N>
constexpr Uint<L, N> to_mont(const Uint<L, N>& a, const Modulus<L, N>& mod) noexcept {
  Uint<L, N> r{};
  mont_mul(r, a, mod.r2_mod, mod);
  return r;
}
template <class L, std::size_t N>
constexpr Uint<L, N> from_mont(const Uint<L, N>& a, const Modulus<L, N>& mod) noexcept {
  Uint<L, N> one{};
  one.v[0] = 1;
  Uint<L, N> r{};
  mont_mul(r, a, one, mod);
  return r;
}

// r = a^e (Montgomery form in and out) for a public exponent e: left to right, 4-bit
// fixed windows over a table of a^0..a^15 (255 squarings and at most 64 multiplications
// for 256 bits). The table index and the skipped multiplications depend on e only, never
// on a: constant time in a.
template <class L, std::size_t N>
constexpr void mont_pow_public_exp(Uint<L, N>& r, const Uint<L, N>& a, const Uint<L, N>& e,
                                   const Modulus<L, N>& mod) noexcept {
  Uint<L, N> table[16] = {};
  table[0] = mod.r_mod;
  table[1] = a;
  for (std::size_t j = 2; j < 16; ++j) mont_mul(table[j], table[j - 1], a, mod);
  Uint<L, N> acc = mod.r_mod;
  bool started = false;  // public: depends on e
  for (std::size_t i = N * LimbTraits<L>::bits / 4; i-- > 0;) {
    if (started) {
      for (int s = 0; s < 4; ++s) mont_sqr(acc, acc, mod);
    }
    const unsigned digit = static_cast<unsigned>(nibble(e, 4 * i));
    if (digit != 0) {
      if (started) mont_mul(acc, acc, table[digit], mod);
      else acc = table[digit];
      started = true;
    }
  }
  r = acc;
}

// The constants of a modulus, at compile time (public values: variable time is fine).
template <class L, std::size_t N>
constexpr Modulus<L, N> make_modulus(const Uint<L, N>& m) noexcept {
  Modulus<L, N> mod{};
  mod.m = m;
  // Newton iteration for m^-1 mod 2^w: x = x (2 - m x) doubles the correct low bits;
  // x = m is correct to 3 bits for odd m.
  L x = m.v[0];
  for (int i = 0; i < 6; ++i) x = static_cast<L>(x * static_cast<L>(2u - m.v[0] * x));
  mod.m0inv = static_cast<L>(L{0} - x);
  // R mod m: 2^(wN) by doubling 1 wN times mod m.
  Uint<L, N> r{};
  r.v[0] = 1;
  for (std::size_t i = 0; i < N * LimbTraits<L>::bits; ++i) add_mod(r, r, r, m);
  mod.r_mod = r;
  // R^2 mod m: doubling R mod m another wN times.
  for (std::size_t i = 0; i < N * LimbTraits<L>::bits; ++i) add_mod(r, r, r, m);
  mod.r2_mod = r;
  return mod;
}

// m - k for a small k (exponents m - 2 of Fermat inversion).
template <class L, std::size_t N>
constexpr Uint<L, N> minus_small(const Uint<L, N>& m, L k) noexcept {
  Uint<L, N> kk{};
  kk.v[0] = k;
  Uint<L, N> r{};
  sub(r, m, kk);
  return r;
}
// (m + 1) / 4 (the square-root exponent for m = 3 mod 4).
template <class L, std::size_t N>
constexpr Uint<L, N> plus_one_over_four(const Uint<L, N>& m) noexcept {
  Uint<L, N> one{};
  one.v[0] = 1;
  Uint<L, N> s{};
  const L carry = add(s, m, one);
  Uint<L, N> r{};
  for (std::size_t i = 0; i < N; ++i) {
    const L hi = (i + 1 < N) ? s.v[i + 1] : carry;
    r.v[i] = static_cast<L>((s.v[i] >> 2) | (hi << (LimbTraits<L>::bits - 2)));
  }
  return r;
}

}  // namespace tessera::bignum
