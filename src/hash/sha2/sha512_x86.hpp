// SHA-512 compression (FIPS 180-4, Section 6.4.2) for x86-64: the message schedule of two
// blocks at a time in ymm registers (128-bit lane 0 = block A, lane 1 = block B, two words
// per lane), the rounds in scalar code (compiled with BMI1/BMI2: RORX, ANDN). The vector
// and scalar work run on different execution units, so the schedule of the next pair of
// blocks is computed between the rounds of the current pair (two schedule steps per eight
// rounds) and costs almost no round throughput.
// Include only from files compiled with AVX2 + BMI2 flags; Ops gives the vector sigma
// functions (sha512_avx2.cpp: shifts and PSHUFB; sha512_avx512.cpp: VPRORQ, VPTERNLOGQ).
#pragma once

#include "hash/sha2/kernels.hpp"

#include <tessera/secret.hpp>

#include <immintrin.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>

// Everything below is one unrolled function per backend: every helper must inline (the
// working variables and the schedule ring then stay in registers).
#define TESSERA_SHA512_INLINE [[gnu::always_inline]] inline

namespace tessera::sha2::x86 {

// Section 4.1.3: Sigma0, Sigma1 of the rounds (RORX with -mbmi2).
TESSERA_SHA512_INLINE std::uint64_t big_sigma0(std::uint64_t x) noexcept { return std::rotr(x, 28) ^ std::rotr(x, 34) ^ std::rotr(x, 39); }
TESSERA_SHA512_INLINE std::uint64_t big_sigma1(std::uint64_t x) noexcept { return std::rotr(x, 14) ^ std::rotr(x, 18) ^ std::rotr(x, 41); }

// Keeps the compiler from reassociating a sum (the order below sets the critical paths).
TESSERA_SHA512_INLINE std::uint64_t pin(std::uint64_t x) noexcept {
  __asm__("" : "+r"(x));
  return x;
}

// One round of Step 3 (b..h renamed by the caller). Ch(e,f,g) = (e & f) ^ (~e & g) (ANDN);
// Maj(a,b,c) = ((a ^ b) & (b ^ c)) ^ b, where b ^ c is the previous round's a ^ b (bc).
// wk = K_t + W_t from the schedule buffer. (c enters only through bc.)
// The sums are ordered for short dependency chains, 4 cycles per round each:
// e' = (d + (h + wk + Ch)) + Sigma1(e) and a' = ((h + wk + Ch + Sigma1(e)) + Maj) + Sigma0(a).
TESSERA_SHA512_INLINE void round(std::uint64_t a, std::uint64_t b, std::uint64_t /*c*/, std::uint64_t& d,
                                 std::uint64_t e, std::uint64_t f, std::uint64_t g, std::uint64_t& h,
                                 std::uint64_t wk, std::uint64_t& bc) noexcept {
  const std::uint64_t ab = a ^ b;
  const std::uint64_t hkc = pin(h + wk + ((e & f) ^ (~e & g)));
  const std::uint64_t s1 = big_sigma1(e);
  const std::uint64_t t1 = pin(hkc + s1);
  const std::uint64_t maj = (ab & bc) ^ b;
  bc = ab;
  d = pin(d + hkc) + s1;
  h = pin(t1 + maj) + big_sigma0(a);
}

// The message schedule of a pair of blocks (Step 1), group j = W_2j, W_2j+1 of both blocks,
// written with K added to wk[4j..4j+3] = {A: W_2j, W_2j+1; B: W_2j, W_2j+1}.
template <class Ops>
struct Schedule {
  __m256i x[8];  // groups j-8..j-1 (ring, index j & 7)

  // Step j of 40 (j < 8: load and byte-swap; j >= 8: the recurrence
  // W_t = s1(W_t-2) + W_t-7 + s0(W_t-15) + W_t-16 for t = 2j, 2j + 1).
  template <int J>
  TESSERA_SHA512_INLINE void step(const std::uint8_t* pa, const std::uint8_t* pb, std::uint64_t* wk) noexcept {
    if constexpr (J < 8) {
      const __m256i bswap = _mm256_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7,
                                            8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
      const __m256i m = _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(pb + 16 * J),
                                            reinterpret_cast<const __m128i*>(pa + 16 * J));
      x[J] = _mm256_shuffle_epi8(m, bswap);
    } else {
      const __m256i w15 = _mm256_alignr_epi8(x[(J - 7) & 7], x[J & 7], 8);        // W_t-15, W_t-14
      const __m256i w7 = _mm256_alignr_epi8(x[(J - 3) & 7], x[(J - 4) & 7], 8);   // W_t-7, W_t-6
      const __m256i partial = _mm256_add_epi64(_mm256_add_epi64(x[J & 7], w7), Ops::sigma0(w15));
      x[J & 7] = _mm256_add_epi64(partial, Ops::sigma1(x[(J - 1) & 7]));
    }
    const __m256i k = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(kK512 + 2 * J)));
    _mm256_store_si256(reinterpret_cast<__m256i*>(wk + 4 * J), _mm256_add_epi64(x[J & 7], k));
  }

  template <int... J>
  TESSERA_SHA512_INLINE void steps(const std::uint8_t* pa, const std::uint8_t* pb, std::uint64_t* wk,
                    std::integer_sequence<int, J...>) noexcept {
    (step<J>(pa, pb, wk), ...);
  }
};

struct Vars {
  std::uint64_t a, b, c, d, e, f, g, h;
};

// Rounds 8C..8C+7 of one block (wk offset Lane: 0 = block A, 2 = block B), then, when
// Next, schedule steps 2C' and 2C'+1 of the next pair (C' = C + 10 Lane / 2).
template <int C, int Lane>
TESSERA_SHA512_INLINE void eight_rounds(Vars& v, std::uint64_t& bc, const std::uint64_t* wk) noexcept {
  constexpr int t = 8 * C;
  auto w = [&](int i) { return wk[4 * ((t + i) / 2) + Lane + ((t + i) & 1)]; };
  round(v.a, v.b, v.c, v.d, v.e, v.f, v.g, v.h, w(0), bc);
  round(v.h, v.a, v.b, v.c, v.d, v.e, v.f, v.g, w(1), bc);
  round(v.g, v.h, v.a, v.b, v.c, v.d, v.e, v.f, w(2), bc);
  round(v.f, v.g, v.h, v.a, v.b, v.c, v.d, v.e, w(3), bc);
  round(v.e, v.f, v.g, v.h, v.a, v.b, v.c, v.d, w(4), bc);
  round(v.d, v.e, v.f, v.g, v.h, v.a, v.b, v.c, w(5), bc);
  round(v.c, v.d, v.e, v.f, v.g, v.h, v.a, v.b, w(6), bc);
  round(v.b, v.c, v.d, v.e, v.f, v.g, v.h, v.a, w(7), bc);
}

// Steps 2-4 for one block of the pair whose schedule is in wk; when Next, steps
// 20 Lane / 2 .. 20 Lane / 2 + 19 of the next pair's schedule (na, nb -> nwk) in between.
template <class Ops, int Lane, bool Next, int... C>
TESSERA_SHA512_INLINE void block_rounds(std::uint64_t (&hv)[8], const std::uint64_t* wk, Schedule<Ops>& s,
                         const std::uint8_t* na, const std::uint8_t* nb, std::uint64_t* nwk,
                         std::integer_sequence<int, C...>) noexcept {
  // Step 2.
  Vars v{hv[0], hv[1], hv[2], hv[3], hv[4], hv[5], hv[6], hv[7]};
  std::uint64_t bc = v.b ^ v.c;
  // Step 3 (the schedule of Step 1 is already in wk).
  constexpr int kFirstStep = 10 * Lane;  // Lane 0: steps 0..19, Lane 2: steps 20..39
  (
      [&]() __attribute__((always_inline)) {
        eight_rounds<C, Lane>(v, bc, wk);
        if constexpr (Next) {
          s.template step<kFirstStep + 2 * C>(na, nb, nwk);
          s.template step<kFirstStep + 2 * C + 1>(na, nb, nwk);
        }
      }(),
      ...);
  // Step 4.
  hv[0] += v.a; hv[1] += v.b; hv[2] += v.c; hv[3] += v.d;
  hv[4] += v.e; hv[5] += v.f; hv[6] += v.g; hv[7] += v.h;
}

// FIPS 180-4, Section 6.4.2 (SHA-512 hash computation), two blocks per schedule pass.
template <class Ops>
inline void compress512(std::uint64_t (&hv)[8], const std::uint8_t* p, std::size_t nblocks) noexcept {
  if (nblocks == 0) return;
  alignas(32) std::uint64_t wk[2][160];
  using Steps = std::make_integer_sequence<int, 40>;
  using Chunks = std::make_integer_sequence<int, 10>;
  Schedule<Ops> s;
  // The last block of an odd count is paired with itself (its lane-1 schedule is unused).
  s.steps(p, nblocks >= 2 ? p + 128 : p, wk[0], Steps{});
  int cur = 0;
  for (;;) {
    const std::size_t pair = nblocks >= 2 ? 2 : 1;
    const std::uint8_t* next = p + 128 * pair;
    const std::size_t left = nblocks - pair;
    if (left == 0) {
      block_rounds<Ops, 0, false>(hv, wk[cur], s, nullptr, nullptr, nullptr, Chunks{});
      if (pair == 2) block_rounds<Ops, 2, false>(hv, wk[cur], s, nullptr, nullptr, nullptr, Chunks{});
      break;
    }
    // More blocks follow, so this pair is full (only the last pair can be a single block).
    const std::uint8_t* nb = left >= 2 ? next + 128 : next;
    block_rounds<Ops, 0, true>(hv, wk[cur], s, next, nb, wk[cur ^ 1], Chunks{});
    block_rounds<Ops, 2, true>(hv, wk[cur], s, next, nb, wk[cur ^ 1], Chunks{});
    p = next;
    nblocks = left;
    cur ^= 1;
  }
  secure_zero(wk, sizeof wk);  // the schedule derives from possibly secret input
}

}  // namespace tessera::sha2::x86

#undef TESSERA_SHA512_INLINE
