// Natural numbers of a run-time length ("nats"): little-endian arrays of bignum::Limb whose
// limb count is public and whose values are secret, for the moduli that are not known at
// compile time (RSA's n, p and q; the FFDHE primes use it too, so one exponentiation
// serves both). The fixed-size curve code keeps its compile-time Uint<L, N>.
//
// Constant time: every function runs the same instructions for every value of its
// operands of the given lengths. Lengths (and the bit bound of an exponent) are public;
// only functions ending in _vartime may depend on values, and only on public ones.
//
// Sizes: up to kNatMaxBits (4096) per modulus. Stack: mont_exp holds a table of 16
// Montgomery values, 16 * 512 = 8 KiB for a 4096-bit modulus plus about 1 KiB (the budget
// is in docs/security.md); the other functions use less than 1.1 KiB. On x86-64 the IFMA
// kernel's state (src/bignum/nat_ifma.cpp) takes up to 15 KiB (mont_exp2 of two 2048-bit
// moduli), within the 32 KiB that src/rsa/rsa_primitives.cpp wipes there.
#pragma once

#include "bignum/uint.hpp"
#include "tessera_config.hpp"

#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera::bignum {

inline constexpr std::size_t kLimbBits = LimbTraits<Limb>::bits;
inline constexpr std::size_t kNatMaxBits = 4096;
inline constexpr std::size_t kNatMaxLimbs = kNatMaxBits / kLimbBits;

// Whether the build has the AVX-512 IFMA exponentiation (src/bignum/nat_ifma.cpp).
#if TESSERA_HAVE_AVX512 && defined(__x86_64__) && defined(__SIZEOF_INT128__) && !defined(TESSERA_BIGNUM_LIMB32)
#define TESSERA_NAT_IFMA 1
#else
#define TESSERA_NAT_IFMA 0
#endif

using NatSpan = std::span<Limb>;
using NatView = std::span<const Limb>;

constexpr std::size_t limbs_for_bits(std::size_t bits) noexcept { return (bits + kLimbBits - 1) / kLimbBits; }
constexpr std::size_t limbs_for_bytes(std::size_t bytes) noexcept { return limbs_for_bits(8 * bytes); }

// Big-endian bytes into limbs: false (out zeroed) if the value does not fit in out.
// Time depends on the lengths only.
[[nodiscard]] bool nat_from_be_bytes(NatSpan out, std::span<const std::uint8_t> in) noexcept;
// The out.size() low-order bytes of a, big-endian (zero-padded on the left when a is
// shorter).
void nat_to_be_bytes(std::span<std::uint8_t> out, NatView a) noexcept;

// r = a + b and r = a - b (all the same length, r may alias either); return the carry or
// borrow (0 or 1).
Limb nat_add(NatSpan r, NatView a, NatView b) noexcept;
Limb nat_sub(NatSpan r, NatView a, NatView b) noexcept;
// Masks: all ones or zero.
[[nodiscard]] Limb nat_is_zero_mask(NatView a) noexcept;
[[nodiscard]] Limb nat_eq_mask(NatView a, NatView b) noexcept;  // same length
[[nodiscard]] Limb nat_lt_mask(NatView a, NatView b) noexcept;  // same length: a < b
// r = mask ? a : r (same length).
void nat_select(NatSpan r, NatView a, Limb mask) noexcept;
// r = a * b, r.size() == a.size() + b.size() (schoolbook; r must not alias a or b).
void nat_mul(NatSpan r, NatView a, NatView b) noexcept;
// Copies a into r, zero-extending (r.size() >= a.size()) or requiring the dropped limbs
// to be zero (returns false otherwise; the comparison is constant time).
[[nodiscard]] bool nat_resize(NatSpan r, NatView a) noexcept;
// The number of significant bits: for public values only.
std::size_t nat_bit_length_vartime(NatView a) noexcept;

// An odd modulus m > 1 of n limbs (top limb nonzero) with its Montgomery constants,
// R = 2^(w n): m' = -m^-1 mod 2^w, R mod m (1 in Montgomery form) and R^2 mod m (for the
// conversion into Montgomery form). The modulus may be secret (RSA's p and q): setting it
// up is constant time in its value.
struct MontModulus;
using MontMulFn = void (*)(NatSpan r, NatView a, NatView b, const MontModulus& mod) noexcept;

struct MontModulus {
  Limb m[kNatMaxLimbs];
  Limb one[kNatMaxLimbs];  // R mod m
  Limb rr[kNatMaxLimbs];   // R^2 mod m
  Limb m0inv;
  std::size_t n;
  MontMulFn mul;           // the kernel of the backend that was active at mont_init
  bool ifma;               // mont_exp and mont_exp_vartime run in radix 2^52 (nat_ifma.cpp)
  NatView modulus() const noexcept { return {m, n}; }
};

// False for an even m, m = 1, a zero top limb, or more than kNatMaxLimbs limbs. Picks the
// multiplication kernel: MULX/ADX (nat_mulx.cpp) on the avx2 and avx512 backends where the
// CPU has BMI2 and ADX and n is a multiple of 4, else the portable one. On the avx512
// backend where the CPU also has IFMA, the exponentiations of 8 to 64 limbs run in radix
// 2^52 with AVX-512 IFMA (src/bignum/nat_ifma.cpp).
[[nodiscard]] bool mont_init(MontModulus& mod, NatView m) noexcept;

// r = a b R^-1 mod m, in [0, m), for a < R (any n-limb value) and b < m (CIOS
// Montgomery multiplication; Koc, Acar and Kaliski, 1996). r may alias a or b.
inline void mont_mul(NatSpan r, NatView a, NatView b, const MontModulus& mod) noexcept { mod.mul(r, a, b, mod); }
// The kernels (same contract): portable C++, and MULX/ADX (x86-64, n % 4 == 0).
void mont_mul_portable(NatSpan r, NatView a, NatView b, const MontModulus& mod) noexcept;
void mont_mul_mulx(NatSpan r, NatView a, NatView b, const MontModulus& mod) noexcept;
// "portable" or "MULX/ADX": the kernel mont_init picks for n limbs on the active backend.
const char* mont_mul_kernel_name(std::size_t n) noexcept;
// r = x R mod m for x of any length (x mod m into Montgomery form): Horner's rule over
// n-limb chunks of x, each chunk multiplied by R^2 mod m.
void mont_from_nat(NatSpan r, NatView x, const MontModulus& mod) noexcept;
// r = a R^-1 mod m (out of Montgomery form); a < R.
void mont_to_nat(NatSpan r, NatView a, const MontModulus& mod) noexcept;
// r = a + b mod m and a - b mod m (a, b < m).
void mod_add(NatSpan r, NatView a, NatView b, const MontModulus& mod) noexcept;
void mod_sub(NatSpan r, NatView a, NatView b, const MontModulus& mod) noexcept;

// r = a^e in Montgomery form (a < m in Montgomery form, r too), for a secret exponent e:
// left-to-right fixed 4-bit windows over the exp_bits low bits of e (exp_bits is public and
// at most 64 * e.size()), every window a table lookup that reads all 16 entries. r may alias a.
void mont_exp(NatSpan r, NatView a, NatView e, std::size_t exp_bits, const MontModulus& mod) noexcept;
// The same for a public exponent (RSA's e): square-and-multiply, skipping zero bits.
void mont_exp_vartime(NatSpan r, NatView a, NatView e, const MontModulus& mod) noexcept;
// r = a^e mod m with a < m and r plain (not in Montgomery form), for a public exponent: what
// mont_from_nat, mont_exp_vartime and mont_to_nat give together. Where mod.ifma is set and
// rr52 is mont_rr52's value for mod (n limbs), the value goes into radix 2^52 by one
// product with it and stays there: no conversions through R mod m. rr52 may be empty.
void mod_exp_vartime(NatSpan r, NatView a, NatView e, const MontModulus& mod, NatView rr52) noexcept;
// r = R52^2 mod m (R52 = 2^(52 k), src/bignum/nat_ifma.cpp) where mod.ifma is set, for
// mod_exp_vartime; else r = 0. r has mod.n limbs.
void mont_rr52(NatSpan r, const MontModulus& mod) noexcept;

// One exponentiation of mont_exp2: r = a^e in Montgomery form modulo *mod.
struct ExpJob {
  NatSpan r;
  NatView a;
  NatView e;
  const MontModulus* mod;
};
// Two independent mont_exp (RSA's CRT halves), each over exp_bits bits of its exponent:
// the results of mont_exp(x.r, x.a, x.e, exp_bits, *x.mod) and the same for y. Where both
// moduli have ifma set and the same limb count (up to 32), the IFMA kernel runs the two in
// one instruction stream, which hides its latency; otherwise one after the other. x and y
// must not share storage.
void mont_exp2(const ExpJob& x, const ExpJob& y, std::size_t exp_bits) noexcept;

}  // namespace tessera::bignum

namespace tessera::bignum {

// r = x mod m for any m > 0 (even moduli too: RSA's p - 1), r.size() == m.size(): one
// shift-and-subtract step per bit of x (64 x.size() steps), each a masked subtraction.
// Constant time in x and m; for secrets such as d mod (p - 1).
void nat_mod(NatSpan r, NatView x, NatView m) noexcept;
// The same with the quotient: q = x / m (q.size() == x.size()), r = x mod m.
void nat_divmod(NatSpan q, NatSpan r, NatView x, NatView m) noexcept;
// r = gcd(a, b) (a, b, r of one length; not both zero): Stein's binary algorithm run for
// a fixed 2 w n + w n steps, each branch a masked select. Constant time in a and b.
void nat_gcd(NatSpan r, NatView a, NatView b) noexcept;

}  // namespace tessera::bignum

namespace tessera::bignum {

// The Jacobi symbol (a / n) in {-1, 0, 1} for odd n > 0 (a, n of one length): the binary
// algorithm (Cohen, "A Course in Computational Algebraic Number Theory", Algorithm
// 1.4.10, with subtraction in place of division). Variable time: for public values only
// (FFDHE's public-key check: for a safe prime p = 2q + 1, y^q = 1 mod p exactly when
// (y / p) = 1, which this computes in far less time than the exponentiation).
int nat_jacobi_vartime(NatView a, NatView n) noexcept;

}  // namespace tessera::bignum
