// Fixed-size unsigned integers of N limbs, little-endian limb order, constant time in the
// values (no branch, index or loop bound depends on a limb's value).
//
// The limb is a template parameter: std::uint64_t (with unsigned __int128 for the double
// width) or std::uint32_t (std::uint64_t double width: the path for 32-bit
// microcontrollers, which never names __int128). bignum::Limb is the build's choice:
// 64-bit where the compiler has __int128, unless TESSERA_BIGNUM_LIMB32 forces the 32-bit
// path; the tests run both widths on x86-64.
//
// Everything is constexpr so that curve constants (R^2 mod m, -m^-1 mod 2^w, exponents)
// are computed at compile time from the published hex values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#if defined(__x86_64__) && !defined(TESSERA_NO_X86_ADC)
#include <x86intrin.h>  // _addcarry_u64 / _subborrow_u64 (baseline x86-64)
#endif

namespace tessera::bignum {

#if defined(__SIZEOF_INT128__) && !defined(TESSERA_BIGNUM_LIMB32)
using Limb = std::uint64_t;
#else
using Limb = std::uint32_t;
#endif

template <class L>
struct LimbTraits;
template <>
struct LimbTraits<std::uint32_t> {
  using Wide = std::uint64_t;
  static constexpr unsigned bits = 32;
};
#if defined(__SIZEOF_INT128__)
template <>
struct LimbTraits<std::uint64_t> {
  __extension__ using Wide = unsigned __int128;
  static constexpr unsigned bits = 64;
};
#endif

// Hides a value from the optimizer (as ct::value_barrier), usable in constant expressions.
template <class T>
constexpr T barrier(T x) noexcept {
  if (std::is_constant_evaluated()) return x;
  __asm__("" : "+r"(x));
  return x;
}

// (hi, lo) = a * b + c + d: never overflows the double width.
template <class L>
constexpr L mul_add2(L a, L b, L c, L d, L& hi) noexcept {
  using W = typename LimbTraits<L>::Wide;
  const W t = static_cast<W>(a) * b + c + d;
  hi = static_cast<L>(t >> LimbTraits<L>::bits);
  return static_cast<L>(t);
}
// lo = a + b + carry_in, carry out in {0, 1} (in the double width: compilers turn this
// into add-with-carry chains).
template <class L>
constexpr L add_carry(L a, L b, L carry_in, L& carry_out) noexcept {
  using W = typename LimbTraits<L>::Wide;
  const W s = static_cast<W>(a) + b + carry_in;
  carry_out = static_cast<L>(s >> LimbTraits<L>::bits);
  return static_cast<L>(s);
}
// lo = a - b - borrow_in, borrow out in {0, 1}.
template <class L>
constexpr L sub_borrow(L a, L b, L borrow_in, L& borrow_out) noexcept {
  using W = typename LimbTraits<L>::Wide;
  const W d = static_cast<W>(a) - b - borrow_in;
  borrow_out = static_cast<L>(static_cast<L>(d >> LimbTraits<L>::bits) & 1u);
  return static_cast<L>(d);
}

template <class L, std::size_t N>
struct Uint {
  using limb_type = L;
  static constexpr std::size_t limbs = N;
  static constexpr std::size_t bytes = N * sizeof(L);
  L v[N];
};

// r = a + b; returns the carry (0 or 1). r may alias a or b.
template <class L, std::size_t N>
constexpr L add(Uint<L, N>& r, const Uint<L, N>& a, const Uint<L, N>& b) noexcept {
#if defined(__x86_64__) && !defined(TESSERA_NO_X86_ADC)
  if constexpr (std::is_same_v<L, std::uint64_t>) {
    if (!std::is_constant_evaluated()) {
      // One ADC chain (g++ makes poor code of the double-width carries here).
      unsigned char c = 0;
      for (std::size_t i = 0; i < N; ++i) {
        unsigned long long x;
        c = _addcarry_u64(c, a.v[i], b.v[i], &x);
        r.v[i] = x;
      }
      return c;
    }
  }
#endif
  L c = 0;
  for (std::size_t i = 0; i < N; ++i) r.v[i] = add_carry(a.v[i], b.v[i], c, c);
  return c;
}
// r = a - b; returns the borrow (0 or 1). r may alias a or b.
template <class L, std::size_t N>
constexpr L sub(Uint<L, N>& r, const Uint<L, N>& a, const Uint<L, N>& b) noexcept {
#if defined(__x86_64__) && !defined(TESSERA_NO_X86_ADC)
  if constexpr (std::is_same_v<L, std::uint64_t>) {
    if (!std::is_constant_evaluated()) {
      unsigned char c = 0;
      for (std::size_t i = 0; i < N; ++i) {
        unsigned long long x;
        c = _subborrow_u64(c, a.v[i], b.v[i], &x);
        r.v[i] = x;
      }
      return c;
    }
  }
#endif
  L c = 0;
  for (std::size_t i = 0; i < N; ++i) r.v[i] = sub_borrow(a.v[i], b.v[i], c, c);
  return c;
}

// r = mask ? a : r, mask all ones or zero.
template <class L, std::size_t N>
constexpr void cmov(Uint<L, N>& r, const Uint<L, N>& a, L mask) noexcept {
  const L m = barrier(mask);
  for (std::size_t i = 0; i < N; ++i) r.v[i] = static_cast<L>(r.v[i] ^ (m & (r.v[i] ^ a.v[i])));
}

// All ones if bit (0 or 1) is 1.
template <class L>
constexpr L mask_from_bit(L bit) noexcept { return static_cast<L>(L{0} - barrier(bit)); }

// All ones if a == 0.
template <class L, std::size_t N>
constexpr L is_zero_mask(const Uint<L, N>& a) noexcept {
  L acc = 0;
  for (std::size_t i = 0; i < N; ++i) acc |= a.v[i];
  acc = barrier(acc);
  const L nz = static_cast<L>((acc | static_cast<L>(L{0} - acc)) >> (LimbTraits<L>::bits - 1));
  return mask_from_bit(static_cast<L>(nz ^ 1u));
}
// All ones if a == b.
template <class L, std::size_t N>
constexpr L eq_mask(const Uint<L, N>& a, const Uint<L, N>& b) noexcept {
  Uint<L, N> d{};
  for (std::size_t i = 0; i < N; ++i) d.v[i] = a.v[i] ^ b.v[i];
  return is_zero_mask(d);
}
// All ones if a < b (the borrow of a - b).
template <class L, std::size_t N>
constexpr L lt_mask(const Uint<L, N>& a, const Uint<L, N>& b) noexcept {
  Uint<L, N> d{};
  return mask_from_bit(sub(d, a, b));
}

// Big-endian bytes (exactly N * sizeof(L)) to an integer, and back.
template <class L, std::size_t N>
constexpr Uint<L, N> from_be_bytes(std::span<const std::uint8_t, N * sizeof(L)> in) noexcept {
  Uint<L, N> r{};
  for (std::size_t i = 0; i < N * sizeof(L); ++i) {
    const std::size_t byte_from_end = N * sizeof(L) - 1 - i;
    r.v[byte_from_end / sizeof(L)] |= static_cast<L>(static_cast<L>(in[i]) << (8 * (byte_from_end % sizeof(L))));
  }
  return r;
}
template <class L, std::size_t N>
constexpr void to_be_bytes(std::span<std::uint8_t, N * sizeof(L)> out, const Uint<L, N>& a) noexcept {
  for (std::size_t i = 0; i < N * sizeof(L); ++i) {
    const std::size_t byte_from_end = N * sizeof(L) - 1 - i;
    out[i] = static_cast<std::uint8_t>(a.v[byte_from_end / sizeof(L)] >> (8 * (byte_from_end % sizeof(L))));
  }
}

void bad_hex_digit() noexcept;  // never defined

// A compile-time constant from a hex string of exactly 2 * N * sizeof(L) digits (the
// published form of curve constants: SP 800-186 writes them in hex).
template <class L, std::size_t N, std::size_t K>
consteval Uint<L, N> from_hex(const char (&s)[K]) {
  static_assert(K - 1 == 2 * N * sizeof(L), "hex constant of the wrong length");
  Uint<L, N> r{};
  for (std::size_t i = 0; i + 1 < K; ++i) {
    const char ch = s[i];
    unsigned d = 0;
    if (ch >= '0' && ch <= '9') d = static_cast<unsigned>(ch - '0');
    else if (ch >= 'a' && ch <= 'f') d = static_cast<unsigned>(ch - 'a' + 10);
    else if (ch >= 'A' && ch <= 'F') d = static_cast<unsigned>(ch - 'A' + 10);
    else bad_hex_digit();  // not a constant expression: a compile error
    const std::size_t nibble_from_end = K - 2 - i;
    const std::size_t limb = nibble_from_end / (2 * sizeof(L));
    r.v[limb] |= static_cast<L>(static_cast<L>(d) << (4 * (nibble_from_end % (2 * sizeof(L)))));
  }
  return r;
}

// Bit i of a public value (exponents, public scalars).
template <class L, std::size_t N>
constexpr unsigned bit_vartime(const Uint<L, N>& a, std::size_t i) noexcept {
  return static_cast<unsigned>((a.v[i / LimbTraits<L>::bits] >> (i % LimbTraits<L>::bits)) & 1u);
}
// 4 bits starting at bit i (i a multiple of 4): the loop index is public, the value is not.
template <class L, std::size_t N>
constexpr L nibble(const Uint<L, N>& a, std::size_t i) noexcept {
  return static_cast<L>((a.v[i / LimbTraits<L>::bits] >> (i % LimbTraits<L>::bits)) & 0xF);
}

}  // namespace tessera::bignum
