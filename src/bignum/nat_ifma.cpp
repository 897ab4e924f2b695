// Montgomery exponentiation of the naturals with AVX-512 IFMA (bignum/nat.hpp: mont_exp and
// mont_exp_vartime use it when mont_init set MontModulus::ifma).
//
// Radix 2^52: a value below 2m is k = ceil((64 n + 2) / 52) digits of 52 bits, held in
// V = ceil((k + 1) / 8) vectors of eight 64-bit lanes, so that 4m < R52 = 2^(52 k) and the
// digits shifted up one lane still fit. The product is the Almost Montgomery Multiplication
// (Gueron and Krasnov, "Accelerating Big Integer Arithmetic Using Intel IFMA Extensions",
// ARITH 2016): r = a b R52^-1 mod m with r < 2m for a, b < 2m, reduced below m only once,
// at the end of the exponentiation. Per digit b_i of b (one "round"):
//   acc += a b_i  (VPMADD52LUQ adds the low 52 bits of each product to its digit,
//                  VPMADD52HUQ the high 52 bits to the digit above, through a copy of a
//                  shifted up one lane);
//   u = acc_0 m' mod 2^52;  acc += u m (the same way);  acc /= 2^52 (a lane shift).
// Digit 0 is kept exactly in a scalar register s (the lanes are not normalised, and the
// vector's own digit 0 is shifted out unread): s is computed from lane 1 before the round's
// u m terms are added, plus those terms' share of digit 1 (lo(u m_1) + hi(u m_0)) and the
// carry out of digit 0, so the chain u -> next u stays in scalar registers. The a b terms
// go to one accumulator and the u m terms to another, which halves the dependent
// multiply-adds per round. Each product ends with a carry normalisation (one parallel step,
// then the carry-lookahead of generate and propagate lane masks).
//
// Values move between the R64 = 2^(64 n) form of nat.cpp and the R52 form by one AMM each
// way: with C = 2^(104 k - 64 n) mod m, AMM(x R64, C) = x R52, and AMM(x R52, R64 mod m)
// = x R64. C is R64 mod m doubled d = 104 k - 128 n times (4 <= d < 104, since
// 52 k >= 64 n + 2), a few modular additions per exponentiation.
//
// Constant time: the same instructions for every value (the round count, the windows and
// the lane positions are public); the window table is read whole with masks. Valgrind
// cannot run AVX-512 code: tests/unit (against the portable kernel and OpenSSL's BIGNUM)
// and tests/timing cover it. The frames are wiped by the callers' secure_zero_stack
// (src/rsa/rsa_primitives.cpp) as for the other kernels; the arrays here are wiped here.
//
// Compiled with the AVX-512 flags plus -mavx512ifma (src/bignum/sources.cmake); chosen by
// mont_init only on the avx512 backend where the CPU has IFMA, for 8 <= n <= 64.
// GCC 12's AVX-512 intrinsics pass _mm512_undefined_*() as the unused merge source, which
// its own -Wuninitialized / -Wmaybe-uninitialized then rejects.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include "bignum/nat.hpp"
#include "bignum/nat_ifma.hpp"
#include "bignum/nat_window.hpp"

#include "common/secret.hpp"

#include <immintrin.h>

#include <cstdint>
#include <cstring>
#include <type_traits>

#if TESSERA_NAT_IFMA
namespace tessera::bignum {

namespace {

using u64 = std::uint64_t;
using Vec = __m512i;
constexpr u64 kMask52 = (u64{1} << 52) - 1;
constexpr std::size_t kMaxVectors = 10;  // n = 64: k = 79 digits

std::size_t digits_for(std::size_t n) noexcept { return (64 * n + 2 + 51) / 52; }
std::size_t vectors_for(std::size_t k) noexcept { return (k + 1 + 7) / 8; }

// 64-bit limbs (n of them) into k 52-bit digits, zero-padded to lanes digits; and back.
void to_digits(u64* d, std::size_t lanes, const Limb* x, std::size_t n, std::size_t k) noexcept {
  for (std::size_t i = 0; i < lanes; ++i) {
    u64 v = 0;
    if (i < k) {
      const std::size_t bit = 52 * i, limb = bit / 64, off = bit % 64;
      if (limb < n) v = x[limb] >> off;
      if (off > 12 && limb + 1 < n) v |= x[limb + 1] << (64 - off);
    }
    d[i] = v & kMask52;
  }
}

void from_digits(Limb* x, std::size_t n, const u64* d, std::size_t k) noexcept {
  for (std::size_t i = 0; i < n; ++i) x[i] = 0;
  for (std::size_t i = 0; i < k; ++i) {
    const std::size_t bit = 52 * i, limb = bit / 64, off = bit % 64;
    if (limb < n) x[limb] |= d[i] << off;
    if (off > 12 && limb + 1 < n) x[limb + 1] |= d[i] >> (64 - off);
  }
}

// The modulus in radix 2^52 (public or secret: RSA's p and q).
template <std::size_t V>
struct Modulus52 {
  alignas(64) u64 m[8 * V];
  u64 m0inv;  // -m^-1 mod 2^52
  std::size_t k;
};

// r = a b R52^-1 mod m, r < 2m (a, b < 2m, digits < 2^52, lanes >= k zero). r may alias.
template <std::size_t V>
void amm(u64* r, const u64* a, const u64* b, const Modulus52<V>& mod) noexcept {
  const Vec z = _mm512_setzero_si512();
  Vec A[V], Au[V], M[V], Mu[V], P[V], Q[V];
#pragma GCC unroll 16
  for (std::size_t v = 0; v < V; ++v) {
    A[v] = _mm512_load_si512(a + 8 * v);
    M[v] = _mm512_load_si512(mod.m + 8 * v);
    P[v] = z;
    Q[v] = z;
  }
#pragma GCC unroll 16
  for (std::size_t v = 0; v < V; ++v) {  // lane j holds digit j - 1
    Au[v] = _mm512_alignr_epi64(A[v], v > 0 ? A[v - 1] : z, 7);
    Mu[v] = _mm512_alignr_epi64(M[v], v > 0 ? M[v - 1] : z, 7);
  }
  const u64 a0 = a[0], m0 = mod.m[0], m1 = mod.m[1];
  u64 s = 0;  // digit 0 exactly, before the round's a b_i term
  for (std::size_t i = 0; i < mod.k; ++i) {
    const u64 bi = b[i];
    const Vec vb = _mm512_set1_epi64(static_cast<long long>(bi));
    const u64 xq = static_cast<u64>(_mm_extract_epi64(_mm512_castsi512_si128(Q[0]), 1));
#pragma GCC unroll 16
    for (std::size_t v = 0; v < V; ++v) {
      P[v] = _mm512_madd52lo_epu64(P[v], A[v], vb);
      P[v] = _mm512_madd52hi_epu64(P[v], Au[v], vb);
    }
    const u64 x = static_cast<u64>(_mm_extract_epi64(_mm512_castsi512_si128(P[0]), 1)) + xq;
    const u64 t0 = s + ((a0 * bi) & kMask52);
    const u64 u = (t0 * mod.m0inv) & kMask52;
    unsigned long long um0_hi;
    const u64 um0 = _mulx_u64(u, m0, &um0_hi);
    const u64 carry = (t0 + (um0 & kMask52)) >> 52;  // t0 + lo(u m_0) = 0 mod 2^52
    s = x + carry + ((u * m1) & kMask52) + ((static_cast<u64>(um0_hi) << 12) | (um0 >> 52));
    const Vec vu = _mm512_set1_epi64(static_cast<long long>(u));
#pragma GCC unroll 16
    for (std::size_t v = 0; v < V; ++v) {
      Q[v] = _mm512_madd52lo_epu64(Q[v], M[v], vu);
      Q[v] = _mm512_madd52hi_epu64(Q[v], Mu[v], vu);
    }
#pragma GCC unroll 16
    for (std::size_t v = 0; v < V; ++v) {
      P[v] = _mm512_alignr_epi64(v + 1 < V ? P[v + 1] : z, P[v], 1);
      Q[v] = _mm512_alignr_epi64(v + 1 < V ? Q[v + 1] : z, Q[v], 1);
    }
  }
  // acc = P + Q with digit 0 = s; each lane is below 2^61 (4 k terms below 2^52 each).
  const Vec mask = _mm512_set1_epi64(static_cast<long long>(kMask52));
  Vec c[V];
#pragma GCC unroll 16
  for (std::size_t v = 0; v < V; ++v) {
    P[v] = _mm512_add_epi64(P[v], Q[v]);
    if (v == 0) P[0] = _mm512_mask_set1_epi64(P[0], 1, static_cast<long long>(s));
    c[v] = _mm512_srli_epi64(P[v], 52);
  }
  // One parallel carry step: lanes below 2^52 + 2^9.
#pragma GCC unroll 16
  for (std::size_t v = 0; v < V; ++v)
    P[v] = _mm512_add_epi64(_mm512_and_si512(P[v], mask), _mm512_alignr_epi64(c[v], v > 0 ? c[v - 1] : z, 7));
  // The last carries (0 or 1) by lookahead: lane j generates when >= 2^52 and propagates when
  // = 2^52 - 1; the carries in are ((G << 1) + P) ^ P over the lane masks.
  u64 gen[2] = {0, 0}, prop[2] = {0, 0};  // lane j is bit j % 64 of word j / 64
#pragma GCC unroll 16
  for (std::size_t v = 0; v < V; ++v) {
    gen[v / 8] |= static_cast<u64>(_mm512_cmpgt_epu64_mask(P[v], mask)) << (8 * (v % 8));
    prop[v / 8] |= static_cast<u64>(_mm512_cmpeq_epu64_mask(P[v], mask)) << (8 * (v % 8));
  }
  unsigned long long sum0, sum1;
  const unsigned char c0 = _addcarry_u64(0, gen[0] << 1, prop[0], &sum0);
  (void)_addcarry_u64(c0, (gen[1] << 1) | (gen[0] >> 63), prop[1], &sum1);
  const u64 cin[2] = {sum0 ^ prop[0], sum1 ^ prop[1]};
  const Vec one = _mm512_set1_epi64(1);
#pragma GCC unroll 16
  for (std::size_t v = 0; v < V; ++v) {
    const auto kv = static_cast<__mmask8>(cin[v / 8] >> (8 * (v % 8)));
    P[v] = _mm512_and_si512(_mm512_mask_add_epi64(P[v], kv, P[v], one), mask);
    _mm512_store_si512(r + 8 * v, P[v]);
  }
}

// The exponentiation's state (wiped on exit).
template <std::size_t V>
struct State {
  Modulus52<V> mod;
  alignas(64) u64 table[1u << kExpWindow][8 * V];
  alignas(64) u64 acc[8 * V];
  alignas(64) u64 pick[8 * V];
  alignas(64) u64 conv[8 * V];  // C, then R64 mod m
  Limb wide[kNatMaxLimbs + 1];
  Limb out[kNatMaxLimbs];
};

// Sets up s.mod and s.table[1] = a R52 (a in R64 form), s.table[0] = R52 mod m.
template <std::size_t V>
void enter(State<V>& s, NatView a, const MontModulus& mod) noexcept {
  const std::size_t n = mod.n, k = digits_for(n);
  s.mod.k = k;
  s.mod.m0inv = mod.m0inv & kMask52;  // -m^-1 mod 2^64, reduced
  to_digits(s.mod.m, 8 * V, mod.m, n, k);
  std::memcpy(s.out, mod.one, n * sizeof(Limb));
  for (std::size_t d = 104 * k - 128 * n; d > 0; --d) mod_add(NatSpan(s.out, n), NatView(s.out, n), NatView(s.out, n), mod);
  to_digits(s.conv, 8 * V, s.out, n, k);
  to_digits(s.acc, 8 * V, mod.one, n, k);
  amm<V>(s.table[0], s.acc, s.conv, s.mod);
  to_digits(s.acc, 8 * V, a.data(), n, k);
  amm<V>(s.table[1], s.acc, s.conv, s.mod);
}

// r = acc R64 / R52 mod m, below m (the R64 form of nat.cpp).
template <std::size_t V>
void leave(NatSpan r, State<V>& s, const MontModulus& mod) noexcept {
  const std::size_t n = mod.n;
  to_digits(s.conv, 8 * V, mod.one, n, s.mod.k);
  amm<V>(s.acc, s.acc, s.conv, s.mod);
  // acc < 2m may exceed n limbs by one bit (wide[n]): subtract m once unless acc < m.
  from_digits(s.wide, n + 1, s.acc, s.mod.k);
  const Limb borrow = nat_sub(NatSpan(s.out, n), NatView(s.wide, n), mod.modulus());
  nat_select(NatSpan(s.out, n), NatView(s.wide, n), mask_from_bit(static_cast<Limb>(borrow & (s.wide[n] ^ 1u))));
  std::memcpy(r.data(), s.out, n * sizeof(Limb));
}

template <std::size_t V>
void exp_secret(NatSpan r, NatView a, NatView e, std::size_t exp_bits, const MontModulus& mod) noexcept {
  State<V> s;
  enter(s, a, mod);
  for (unsigned j = 2; j < (1u << kExpWindow); ++j) amm<V>(s.table[j], s.table[j - 1], s.table[1], s.mod);
  std::memcpy(s.acc, s.table[0], sizeof(s.acc));
  const std::size_t windows = (exp_bits + kExpWindow - 1) / kExpWindow;
  for (std::size_t w = windows; w-- > 0;) {
    for (unsigned q = 0; q < kExpWindow; ++q) amm<V>(s.acc, s.acc, s.acc, s.mod);
    // pick = table[digit], reading every entry under a mask.
    const Limb digit = exp_window_digit(e, exp_bits, w);
    Vec p[V];
#pragma GCC unroll 16
    for (std::size_t v = 0; v < V; ++v) p[v] = _mm512_setzero_si512();
    for (unsigned j = 0; j < (1u << kExpWindow); ++j) {
      const Vec hit = _mm512_set1_epi64(static_cast<long long>(window_entry_mask(digit, j)));
#pragma GCC unroll 16
      for (std::size_t v = 0; v < V; ++v)
        p[v] = _mm512_or_si512(p[v], _mm512_and_si512(_mm512_load_si512(s.table[j] + 8 * v), hit));
    }
#pragma GCC unroll 16
    for (std::size_t v = 0; v < V; ++v) _mm512_store_si512(s.pick + 8 * v, p[v]);
    amm<V>(s.acc, s.acc, s.pick, s.mod);
  }
  leave(r, s, mod);
  secure_zero_object(s);
}

template <std::size_t V>
void exp_public(NatSpan r, NatView a, NatView e, const MontModulus& mod) noexcept {
  State<V> s;
  enter(s, a, mod);
  std::memcpy(s.acc, s.table[0], sizeof(s.acc));
  for (std::size_t i = nat_bit_length_vartime(e); i-- > 0;) {
    amm<V>(s.acc, s.acc, s.acc, s.mod);
    if (((e[i / kLimbBits] >> (i % kLimbBits)) & 1u) != 0) amm<V>(s.acc, s.acc, s.table[1], s.mod);  // e is public
  }
  leave(r, s, mod);
  secure_zero_object(s);
}

// Calls f with the vector count for mod's digits as a compile-time constant.
template <class F>
void with_vectors(const MontModulus& mod, F f) noexcept {
  switch (vectors_for(digits_for(mod.n))) {
    case 2: return f(std::integral_constant<std::size_t, 2>{});
    case 3: return f(std::integral_constant<std::size_t, 3>{});
    case 4: return f(std::integral_constant<std::size_t, 4>{});
    case 5: return f(std::integral_constant<std::size_t, 5>{});
    case 6: return f(std::integral_constant<std::size_t, 6>{});
    case 7: return f(std::integral_constant<std::size_t, 7>{});
    case 8: return f(std::integral_constant<std::size_t, 8>{});
    case 9: return f(std::integral_constant<std::size_t, 9>{});
    default: return f(std::integral_constant<std::size_t, kMaxVectors>{});
  }
}

}  // namespace

bool mont_exp_ifma_supports(std::size_t n) noexcept {
  return n >= 8 && n <= kNatMaxLimbs && vectors_for(digits_for(n)) <= kMaxVectors;
}

void mont_exp_ifma(NatSpan r, NatView a, NatView e, std::size_t exp_bits, const MontModulus& mod) noexcept {
  with_vectors(mod, [&](auto v) { exp_secret<decltype(v)::value>(r, a, e, exp_bits, mod); });
}

void mont_exp_vartime_ifma(NatSpan r, NatView a, NatView e, const MontModulus& mod) noexcept {
  with_vectors(mod, [&](auto v) { exp_public<decltype(v)::value>(r, a, e, mod); });
}

}  // namespace tessera::bignum
#endif
