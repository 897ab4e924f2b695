// Montgomery exponentiation of the naturals with AVX-512 IFMA (bignum/nat.hpp: mont_exp,
// mont_exp2 and mont_exp_vartime use it when mont_init set MontModulus::ifma).
//
// Radix 2^52: a value below 2m is k = ceil((64 n + 2) / 52) digits of 52 bits, held in
// L = ceil(k / 4) 256-bit vectors of four 64-bit lanes, so that 4m < R52 = 2^(52 k). The
// product is the Almost Montgomery Multiplication (Gueron and Krasnov, "Accelerating Big
// Integer Arithmetic Using Intel IFMA Extensions", ARITH 2016): r = a b R52^-1 mod m with
// r < 2m for a, b < 2m, reduced below m only once, at the end of the exponentiation. Per
// digit b_i of b (one "round"), with acc_0 the exact digit 0 in a scalar register:
//   u = (acc_0 + a_0 b_i) m' mod 2^52;  acc_0 = (acc_0 + a_0 b_i + u m_0) / 2^52 (exact);
//   acc += lo(a b_i) + lo(u m)   (VPMADD52LUQ: the low 52 bits of each digit's product);
//   acc /= 2^52                  (a one-lane shift; the old digit 0 is dropped);
//   acc_0 += acc's new lane 0;
//   acc += hi(a b_i) + hi(u m)   (VPMADD52HUQ: the high 52 bits, which belong one digit up
//                                 and so land in place after the shift).
// The lanes are not normalised during the product (each stays below 4 k 2^52 < 2^61); it
// ends with a carry normalisation: one parallel step, then the carry-lookahead of generate
// and propagate lane masks. The round's u depends on the previous round's vector through
// one multiply-add, a shift and an extraction (for up to 5 vectors, an extraction and
// scalar products computed a round ahead: digit0_ahead); mont_exp2 therefore runs two independent
// exponentiations (RSA's two CRT halves) in one instruction stream ("ways"), so that each
// way's latency is covered by the other's multiply-adds.
//
// Values move between the R64 = 2^(64 n) form of nat.cpp and the R52 form by one AMM each
// way: with C = 2^(104 k - 64 n) mod m, AMM(x R64, C) = x R52, and AMM(x R52, R64 mod m)
// = x R64. C is the Montgomery product of 2^d, d = 104 k - 128 n (4 <= d < 104, since
// 52 k >= 64 n + 2), and R64^2 mod m: one multiplication per exponentiation.
// mod_exp_vartime's values are plain: AMM(a, R52^2 mod m) = a R52 in, AMM(x R52, 1) out, with
// R52^2 mod m computed once per key (mont_rr52: RSA's public state keeps it).
//
// Constant time: the same instructions for every value (the round count, the windows and
// the lane positions are public); the window table is read whole, each entry blended in
// under a lane mask. Valgrind cannot run AVX-512 code: tests/unit (against the portable
// kernel and OpenSSL's BIGNUM) and tests/timing cover it. The frames are wiped by the callers' secure_zero_stack
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
#include <utility>

#if TESSERA_NAT_IFMA
namespace tessera::bignum {

namespace {

using u64 = std::uint64_t;
__extension__ typedef unsigned __int128 u128;  // __extension__: -Wpedantic
using Vec = __m256i;                           // four digits
constexpr u64 kMask52 = (u64{1} << 52) - 1;
constexpr std::size_t kMaxVectors = 20;  // n = 64: k = 79 digits
constexpr std::size_t kMaxVectors2 = 10;  // mont_exp2: two ways of up to n = 32 (k = 40)

std::size_t digits_for(std::size_t n) noexcept { return (64 * n + 2 + 51) / 52; }
std::size_t vectors_for(std::size_t k) noexcept { return (k + 3) / 4; }

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
template <std::size_t L>
struct Modulus52 {
  alignas(32) u64 m[4 * L];
  u64 m0inv;  // -m^-1 mod 2^52
  std::size_t k;
};

// One way of an AMM: r = a b R52^-1 mod m, r < 2m (a, b < 2m, digits < 2^52, lanes >= k
// zero). r may alias a or b.
template <std::size_t L>
struct Amm {
  u64* r;
  const u64* a;
  const u64* b;
  const Modulus52<L>* mod;
};

// The digits of R (lane 0 replaced by d0, the exact digit 0) normalised below 2^52 each and
// stored to r. Lane j is below 2^61 on entry and the value below 2^(52 k).
template <std::size_t L>
[[gnu::always_inline]] inline void normalise(u64* r, Vec (&R)[L], u64 d0) noexcept {
  const Vec z = _mm256_setzero_si256();
  const Vec mask = _mm256_set1_epi64x(static_cast<long long>(kMask52));
  R[0] = _mm256_mask_set1_epi64(R[0], 1, static_cast<long long>(d0));
  Vec c[L];
#pragma GCC unroll 32
  for (std::size_t v = 0; v < L; ++v) c[v] = _mm256_srli_epi64(R[v], 52);
  // One parallel carry step: lanes below 2^52 + 2^9.
#pragma GCC unroll 32
  for (std::size_t v = 0; v < L; ++v)
    R[v] = _mm256_add_epi64(_mm256_and_si256(R[v], mask), _mm256_alignr_epi64(c[v], v > 0 ? c[v - 1] : z, 3));
  // The last carries (0 or 1) by lookahead: lane j generates when >= 2^52 and propagates when
  // = 2^52 - 1; the carries in are ((G << 1) + P) ^ P over the lane masks.
  u64 gen[2] = {0, 0}, prop[2] = {0, 0};  // lane j is bit j % 64 of word j / 64
#pragma GCC unroll 32
  for (std::size_t v = 0; v < L; ++v) {
    gen[v / 16] |= static_cast<u64>(_mm256_cmpgt_epu64_mask(R[v], mask)) << (4 * (v % 16));
    prop[v / 16] |= static_cast<u64>(_mm256_cmpeq_epu64_mask(R[v], mask)) << (4 * (v % 16));
  }
  unsigned long long sum0, sum1;
  const unsigned char c0 = _addcarry_u64(0, gen[0] << 1, prop[0], &sum0);
  (void)_addcarry_u64(c0, (gen[1] << 1) | (gen[0] >> 63), prop[1], &sum1);
  const u64 cin[2] = {sum0 ^ prop[0], sum1 ^ prop[1]};
  const Vec one = _mm256_set1_epi64x(1);
#pragma GCC unroll 32
  for (std::size_t v = 0; v < L; ++v) {
    const auto kv = static_cast<__mmask8>((cin[v / 16] >> (4 * (v % 16))) & 0xf);
    R[v] = _mm256_and_si256(_mm256_mask_add_epi64(R[v], kv, R[v], one), mask);
    _mm256_store_si256(reinterpret_cast<Vec*>(r + 4 * v), R[v]);
  }
}

// Whether amm<L, W> computes the next digit 0 ahead (see amm). Measured on Zen 4 (TSC
// ticks per AMM with its normalisation, median of 2001 runs of 100 chained squarings;
// before -> ahead): 2 ways of 5 vectors (RSA-2048's CRT halves) 436 -> 398, 1 x 5 354 ->
// 337; 2 x 8 866 -> 888, 2 x 10 1394 -> 1471, 1 x 10 884 -> 898: taken up to 5 vectors.
constexpr bool digit0_ahead(std::size_t vectors) noexcept { return vectors <= 5; }

// W independent AMMs of the same digit count, their rounds interleaved.
// With digit0_ahead, round i computes the next round's digit 0 in the scalar unit from
// lane 1 of the accumulator as it was before the round (available one round earlier than
// lane 0 after the shift): acc = (acc + a_0 b_i + u m_0) / 2^52 + R_1 + lo(a_1 b_i) +
// lo(u m_1), the value the shift would bring down. The round's u then no longer waits for
// the shift and the extraction.
template <std::size_t L, std::size_t W>
void amm(const Amm<L> (&job)[W]) noexcept {
  constexpr bool kAhead = digit0_ahead(L);
  const Vec z = _mm256_setzero_si256();
  Vec R[W][L];
  u64 acc[W], a0[W], a1[W], m0[W], m1[W], m0inv[W];
#pragma GCC unroll 2
  for (std::size_t w = 0; w < W; ++w) {
    acc[w] = 0;
    a0[w] = job[w].a[0];
    a1[w] = job[w].a[1];
    m0[w] = job[w].mod->m[0];
    m1[w] = job[w].mod->m[1];
    m0inv[w] = job[w].mod->m0inv;
#pragma GCC unroll 32
    for (std::size_t v = 0; v < L; ++v) R[w][v] = z;
  }
  const std::size_t k = job[0].mod->k;
  for (std::size_t i = 0; i < k; ++i) {
    Vec B[W], U[W];
#pragma GCC unroll 2
    for (std::size_t w = 0; w < W; ++w) {  // the exact digit 0, and u
      const u64 bi = job[w].b[i];
      u128 t = static_cast<u128>(a0[w]) * bi + acc[w];
      const u64 u = (static_cast<u64>(t) * m0inv[w]) & kMask52;
      t += static_cast<u128>(u) * m0[w];  // = 0 mod 2^52
      acc[w] = static_cast<u64>(t >> 52);
      if constexpr (kAhead)
        acc[w] += static_cast<u64>(_mm256_extract_epi64(R[w][0], 1)) + ((a1[w] * bi) & kMask52) + ((m1[w] * u) & kMask52);
      B[w] = _mm256_set1_epi64x(static_cast<long long>(bi));
      U[w] = _mm256_set1_epi64x(static_cast<long long>(u));
    }
    const auto lo = [&](std::size_t w) {
      const auto* a = reinterpret_cast<const Vec*>(job[w].a);
      const auto* m = reinterpret_cast<const Vec*>(job[w].mod->m);
#pragma GCC unroll 32
      for (std::size_t v = 0; v < L; ++v) {
        R[w][v] = _mm256_madd52lo_epu64(R[w][v], _mm256_load_si256(a + v), B[w]);
        R[w][v] = _mm256_madd52lo_epu64(R[w][v], _mm256_load_si256(m + v), U[w]);
      }
    };
    const auto shift = [&](std::size_t w) {
#pragma GCC unroll 32
      for (std::size_t v = 0; v < L; ++v) R[w][v] = _mm256_alignr_epi64(v + 1 < L ? R[w][v + 1] : z, R[w][v], 1);
      if constexpr (!kAhead) acc[w] += static_cast<u64>(_mm_cvtsi128_si64(_mm256_castsi256_si128(R[w][0])));
    };
    const auto hi = [&](std::size_t w) {
      const auto* a = reinterpret_cast<const Vec*>(job[w].a);
      const auto* m = reinterpret_cast<const Vec*>(job[w].mod->m);
#pragma GCC unroll 32
      for (std::size_t v = 0; v < L; ++v) {
        R[w][v] = _mm256_madd52hi_epu64(R[w][v], _mm256_load_si256(a + v), B[w]);
        R[w][v] = _mm256_madd52hi_epu64(R[w][v], _mm256_load_si256(m + v), U[w]);
      }
    };
    // The order of the steps as measured fastest: way by way when digit 0 is ahead, else
    // step by step across the ways.
    if constexpr (kAhead) {
#pragma GCC unroll 2
      for (std::size_t w = 0; w < W; ++w) {
        lo(w);
        shift(w);
        hi(w);
      }
    } else {
#pragma GCC unroll 2
      for (std::size_t w = 0; w < W; ++w) lo(w);
#pragma GCC unroll 2
      for (std::size_t w = 0; w < W; ++w) shift(w);
#pragma GCC unroll 2
      for (std::size_t w = 0; w < W; ++w) hi(w);
    }
  }
#pragma GCC unroll 2
  for (std::size_t w = 0; w < W; ++w) normalise<L>(job[w].r, R[w], acc[w]);
}

template <std::size_t L>
void amm1(u64* r, const u64* a, const u64* b, const Modulus52<L>& mod) noexcept {
  const Amm<L> job[1] = {{r, a, b, &mod}};
  amm<L, 1>(job);
}

// The window of the IFMA exponentiation: 5 bits (a 32-entry table; 205 multiplications for
// a 1024-bit exponent instead of 256, for 16 more to fill the table) for mont_exp2 of up to
// 20 digits (RSA-2048's CRT halves: tables of 2 x 32 x 160 bytes); 4 bits otherwise (the
// tables of the larger sizes, and FFDHE's short exponents, which gain nothing from 5).
constexpr unsigned window_bits(std::size_t vectors, std::size_t ways) noexcept { return ways == 2 && vectors <= 5 ? 5 : 4; }

// One exponentiation's state (wiped on exit).
template <std::size_t L, unsigned Window = kExpWindow>
struct State {
  static constexpr unsigned entries = 1u << Window;
  Modulus52<L> mod;
  alignas(32) u64 table[entries][4 * L];
  alignas(32) u64 acc[4 * L];
  alignas(32) u64 pick[4 * L];
  alignas(32) u64 conv[4 * L];  // C, then R64 mod m
  Limb wide[kNatMaxLimbs + 1];
  Limb out[kNatMaxLimbs];
};

// Sets up s.mod and s.table[1] = a R52 (a in R64 form), s.table[0] = R52 mod m.
template <std::size_t L, unsigned Window>
void enter(State<L, Window>& s, NatView a, const MontModulus& mod) noexcept {
  const std::size_t n = mod.n, k = digits_for(n);
  s.mod.k = k;
  s.mod.m0inv = mod.m0inv & kMask52;  // -m^-1 mod 2^64, reduced
  to_digits(s.mod.m, 4 * L, mod.m, n, k);
  // C = 2^d R64 mod m = MontMul(2^d, R64^2 mod m), d = 104 k - 128 n (public, below 104).
  const std::size_t d = 104 * k - 128 * n;
  std::memset(s.wide, 0, n * sizeof(Limb));
  s.wide[d / kLimbBits] = Limb{1} << (d % kLimbBits);
  mont_mul(NatSpan(s.out, n), NatView(s.wide, n), NatView(mod.rr, n), mod);
  to_digits(s.conv, 4 * L, s.out, n, k);
  to_digits(s.acc, 4 * L, mod.one, n, k);
  amm1<L>(s.table[0], s.acc, s.conv, s.mod);
  to_digits(s.acc, 4 * L, a.data(), n, k);
  amm1<L>(s.table[1], s.acc, s.conv, s.mod);
}

// r = acc R64 / R52 mod m, below m (the R64 form of nat.cpp).
template <std::size_t L, unsigned Window>
void leave(NatSpan r, State<L, Window>& s, const MontModulus& mod) noexcept {
  const std::size_t n = mod.n;
  to_digits(s.conv, 4 * L, mod.one, n, s.mod.k);
  amm1<L>(s.acc, s.acc, s.conv, s.mod);
  // acc < 2m may exceed n limbs by one bit (wide[n]): subtract m once unless acc < m.
  from_digits(s.wide, n + 1, s.acc, s.mod.k);
  const Limb borrow = nat_sub(NatSpan(s.out, n), NatView(s.wide, n), mod.modulus());
  nat_select(NatSpan(s.out, n), NatView(s.wide, n), mask_from_bit(static_cast<Limb>(borrow & (s.wide[n] ^ 1u))));
  std::memcpy(r.data(), s.out, n * sizeof(Limb));
}

// s[w].pick = s[w].table[digit[w]] for each way, reading every entry: entry j is blended
// in under the lane mask of digit == j (a compare into a mask register, no branch or
// address on the digit).
template <std::size_t L, std::size_t W, unsigned Window>
void pick_entries(State<L, Window> (&s)[W], const Limb (&digit)[W]) noexcept {
  Vec p[W][L], d[W];
#pragma GCC unroll 2
  for (std::size_t w = 0; w < W; ++w) {
    d[w] = _mm256_set1_epi64x(static_cast<long long>(digit[w]));
#pragma GCC unroll 32
    for (std::size_t v = 0; v < L; ++v) p[w][v] = _mm256_setzero_si256();
  }
  for (unsigned j = 0; j < s[0].entries; ++j) {
    const Vec vj = _mm256_set1_epi64x(static_cast<long long>(j));
#pragma GCC unroll 2
    for (std::size_t w = 0; w < W; ++w) {
      const __mmask8 hit = _mm256_cmpeq_epi64_mask(d[w], vj);
      const auto* t = reinterpret_cast<const Vec*>(s[w].table[j]);
#pragma GCC unroll 32
      for (std::size_t v = 0; v < L; ++v) p[w][v] = _mm256_mask_mov_epi64(p[w][v], hit, _mm256_load_si256(t + v));
    }
  }
#pragma GCC unroll 2
  for (std::size_t w = 0; w < W; ++w)
#pragma GCC unroll 32
    for (std::size_t v = 0; v < L; ++v) _mm256_store_si256(reinterpret_cast<Vec*>(s[w].pick) + v, p[w][v]);
}

// The W exponentiations of job (the same limb count and exp_bits), their AMMs interleaved.
template <std::size_t L, std::size_t W>
void exp_secret(const ExpJob (&job)[W], std::size_t exp_bits) noexcept {
  constexpr unsigned kWindow = window_bits(L, W);
  State<L, kWindow> s[W];
  Amm<L> op[W];
  for (std::size_t w = 0; w < W; ++w) enter(s[w], job[w].a, *job[w].mod);
  for (unsigned j = 2; j < s[0].entries; ++j) {
    for (std::size_t w = 0; w < W; ++w) op[w] = {s[w].table[j], s[w].table[j - 1], s[w].table[1], &s[w].mod};
    amm<L, W>(op);
  }
  for (std::size_t w = 0; w < W; ++w) std::memcpy(s[w].acc, s[w].table[0], sizeof(s[w].acc));
  const std::size_t windows = (exp_bits + kWindow - 1) / kWindow;
  for (std::size_t i = windows; i-- > 0;) {
    for (std::size_t w = 0; w < W; ++w) op[w] = {s[w].acc, s[w].acc, s[w].acc, &s[w].mod};
    for (unsigned q = 0; q < kWindow; ++q) amm<L, W>(op);
    Limb digit[W];
    for (std::size_t w = 0; w < W; ++w) {
      digit[w] = exp_window_digit<kWindow>(job[w].e, exp_bits, i);
      op[w].b = s[w].pick;
    }
    pick_entries(s, digit);
    secure_zero(digit, sizeof(digit));
    amm<L, W>(op);
  }
  for (std::size_t w = 0; w < W; ++w) leave(job[w].r, s[w], *job[w].mod);
  secure_zero_object(s);
}

template <std::size_t L>
void exp_public(NatSpan r, NatView a, NatView e, const MontModulus& mod) noexcept {
  State<L> s;
  enter(s, a, mod);
  std::memcpy(s.acc, s.table[0], sizeof(s.acc));
  for (std::size_t i = nat_bit_length_vartime(e); i-- > 0;) {
    amm1<L>(s.acc, s.acc, s.acc, s.mod);
    if (((e[i / kLimbBits] >> (i % kLimbBits)) & 1u) != 0) amm1<L>(s.acc, s.acc, s.table[1], s.mod);  // e is public
  }
  leave(r, s, mod);
  secure_zero_object(s);
}

// r = a^e mod m, all plain (mod_exp_vartime, e > 0): a R52 = AMM(a, R52^2 mod m), the
// square-and-multiply of exp_public from e's second bit down, and out of radix 2^52 by
// AMM(acc, 1) = (acc + u m) / R52 < m + 2m / R52, i.e. at most m (then m - m = 0).
template <std::size_t L>
void exp_plain_public(NatSpan r, NatView a, NatView e, const MontModulus& mod, NatView rr52) noexcept {
  struct {
    Modulus52<L> mod;
    alignas(32) u64 base[4 * L], acc[4 * L], t[4 * L];
    Limb wide[kNatMaxLimbs + 1], out[kNatMaxLimbs];
  } s;
  const std::size_t n = mod.n, k = digits_for(n);
  s.mod.k = k;
  s.mod.m0inv = mod.m0inv & kMask52;
  to_digits(s.mod.m, 4 * L, mod.m, n, k);
  to_digits(s.t, 4 * L, rr52.data(), n, k);
  to_digits(s.acc, 4 * L, a.data(), n, k);
  amm1<L>(s.base, s.acc, s.t, s.mod);
  std::memcpy(s.acc, s.base, sizeof(s.acc));
  for (std::size_t i = nat_bit_length_vartime(e) - 1; i-- > 0;) {
    amm1<L>(s.acc, s.acc, s.acc, s.mod);
    if (((e[i / kLimbBits] >> (i % kLimbBits)) & 1u) != 0) amm1<L>(s.acc, s.acc, s.base, s.mod);  // e is public
  }
  std::memset(s.t, 0, sizeof(s.t));
  s.t[0] = 1;
  amm1<L>(s.acc, s.acc, s.t, s.mod);
  from_digits(s.wide, n, s.acc, k);
  const Limb borrow = nat_sub(NatSpan(s.out, n), NatView(s.wide, n), mod.modulus());
  nat_select(NatSpan(s.out, n), NatView(s.wide, n), mask_from_bit(borrow));
  std::memcpy(r.data(), s.out, n * sizeof(Limb));
  secure_zero_object(s);
}

// Calls f with the vector count for n limbs as a compile-time constant (up to Max).
template <std::size_t Max, class F>
void with_vectors(std::size_t n, F f) noexcept {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    const std::size_t l = vectors_for(digits_for(n));
    (void)((l == I + 1 ? (f(std::integral_constant<std::size_t, I + 1>{}), true) : false) || ...);
  }(std::make_index_sequence<Max>{});
}

}  // namespace

bool mont_exp_ifma_supports(std::size_t n) noexcept {
  return n >= 8 && n <= kNatMaxLimbs && vectors_for(digits_for(n)) <= kMaxVectors;
}

bool mont_exp2_ifma_supports(std::size_t n) noexcept {
  return mont_exp_ifma_supports(n) && vectors_for(digits_for(n)) <= kMaxVectors2;
}

void mont_exp_ifma(NatSpan r, NatView a, NatView e, std::size_t exp_bits, const MontModulus& mod) noexcept {
  const ExpJob job[1] = {{r, a, e, &mod}};
  with_vectors<kMaxVectors>(mod.n, [&](auto l) { exp_secret<decltype(l)::value, 1>(job, exp_bits); });
}

void mont_exp2_ifma(const ExpJob& x, const ExpJob& y, std::size_t exp_bits) noexcept {
  const ExpJob job[2] = {x, y};
  with_vectors<kMaxVectors2>(x.mod->n, [&](auto l) { exp_secret<decltype(l)::value, 2>(job, exp_bits); });
}

void mont_exp_vartime_ifma(NatSpan r, NatView a, NatView e, const MontModulus& mod) noexcept {
  with_vectors<kMaxVectors>(mod.n, [&](auto l) { exp_public<decltype(l)::value>(r, a, e, mod); });
}

void mod_exp_vartime_ifma(NatSpan r, NatView a, NatView e, const MontModulus& mod, NatView rr52) noexcept {
  with_vectors<kMaxVectors>(mod.n, [&](auto l) { exp_plain_public<decltype(l)::value>(r, a, e, mod, rr52); });
}

// R52^2 = 2^(104 k) mod m: the Montgomery product of 2^d (d = 104 k - 128 n, as in enter) and
// R64^2 is 2^(104 k - 64 n); one more product with R64^2 multiplies it by R64.
void mont_rr52_ifma(NatSpan r, const MontModulus& mod) noexcept {
  const std::size_t n = mod.n, d = 104 * digits_for(n) - 128 * n;
  Limb t[kNatMaxLimbs] = {};
  t[d / kLimbBits] = Limb{1} << (d % kLimbBits);
  mont_mul(NatSpan(t, n), NatView(t, n), NatView(mod.rr, n), mod);
  mont_mul(r, NatView(t, n), NatView(mod.rr, n), mod);
  secure_zero(t, sizeof(t));
}

}  // namespace tessera::bignum
#endif
