// SHA-512 compression (FIPS 180-4, Section 6.4.2) for x86-64: the message schedule of two
// blocks at a time in ymm registers (128-bit lane 0 = block A, lane 1 = block B, two words
// per lane), the rounds in between. The schedule of the next pair of blocks is computed
// between the rounds of the current pair (two schedule steps per eight rounds) and costs
// little round throughput.
// Include only from files compiled with AVX2 + BMI2 flags. Ops gives the vector sigma
// functions of the schedule and the Rounds type (sha512_avx2.cpp: shifts and PSHUFB,
// ScalarRounds below; sha512_avx512.cpp: VPRORQ, VPTERNLOGQ, rounds split between the
// scalar and vector units).
#pragma once

#include "hash/sha2/kernels.hpp"

#include "common/secret.hpp"

#include <immintrin.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>

// Every helper below must inline into compress512 (the working variables and the schedule
// ring then stay in registers).
#define TESSERA_SHA512_INLINE [[gnu::always_inline]] inline

namespace tessera::sha2::x86 {

// One round of Step 3 in AT&T syntax on the asm operands named a..h (b..h renamed by the
// caller). h accumulates T1 = h + (K_t + W_t) + Sigma1(e) + Ch(e,f,g), with Ch added as
// (e & f) + (~e & g) (disjoint bits; ANDN), then d += T1 (the new e) and h += Maj(a,b,c),
// Maj = ((a ^ b) & bc) ^ b where bc = b ^ c is the previous round's a ^ b (this round
// leaves a ^ b in ab and overwrites bc; the next round swaps the two). Sigma0(a) goes to
// s0 and is added to the new a at the start of the next round (and by the caller after
// the last), off the path of this round's e. w is the byte offset of K_t + W_t from wk.
// 22 ALU instructions and two register moves (eliminated at rename) per round, in 12
// registers (s0, ab and, after Maj, bc double as scratch): clang with a frame pointer and
// sanitizers cannot give an asm statement 13. Written as asm because GCC 12 and clang 14
// spill the working variables of an intrinsics version. Zen 4, 16 KiB: intrinsics 3.06
// TSC ticks per byte, this 3.07 (a 13-register order 2.96; other 12-register orders
// 3.08-3.47: instruction order matters).
#define TESSERA_SHA512_ROUND(a, b, d, e, f, g, h, bc, ab, w) \
  "addq " #w "(%[wk]), %[" #h "]\n\t" \
  "addq %[s0], %[" #a "]\n\t" \
  "rorx $41, %[" #e "], %[" #ab "]\n\t" \
  "rorx $18, %[" #e "], %[s0]\n\t" \
  "xorq %[s0], %[" #ab "]\n\t" \
  "rorx $14, %[" #e "], %[s0]\n\t" \
  "xorq %[s0], %[" #ab "]\n\t" \
  "movq %[" #f "], %[s0]\n\t" \
  "andq %[" #e "], %[s0]\n\t" \
  "addq %[s0], %[" #h "]\n\t" \
  "andn %[" #g "], %[" #e "], %[s0]\n\t" \
  "addq %[s0], %[" #h "]\n\t" \
  "addq %[" #ab "], %[" #h "]\n\t" \
  "movq %[" #a "], %[" #ab "]\n\t" \
  "xorq %[" #b "], %[" #ab "]\n\t" \
  "andq %[" #ab "], %[" #bc "]\n\t" \
  "xorq %[" #b "], %[" #bc "]\n\t" \
  "addq %[" #h "], %[" #d "]\n\t" \
  "addq %[" #bc "], %[" #h "]\n\t" \
  "rorx $39, %[" #a "], %[" #bc "]\n\t" \
  "rorx $34, %[" #a "], %[s0]\n\t" \
  "xorq %[s0], %[" #bc "]\n\t" \
  "rorx $28, %[" #a "], %[s0]\n\t" \
  "xorq %[" #bc "], %[s0]\n\t"

// The message schedule of a pair of blocks (Step 1), group j = W_2j, W_2j+1 of both blocks,
// written with K added to wk[4j..4j+3] = {A: W_2j, W_2j+1; B: W_2j, W_2j+1}.
template <class Ops>
struct Schedule {
  __m256i x[8];  // groups j-8..j-1 (ring, index j & 7)

  // Step j of 40 (j < 8: load and byte-swap; j >= 8: the recurrence
  // W_t = s1(W_t-2) + W_t-7 + s0(W_t-15) + W_t-16 for t = 2j, 2j + 1). j is public. With a
  // constant j (the unrolled paths) the ring stays in registers; with j known only at run
  // time (the rolled path) it lives in memory.
  TESSERA_SHA512_INLINE void step(int j, const std::uint8_t* pa, const std::uint8_t* pb, std::uint64_t* wk) noexcept {
    if (j < 8) {
      const __m256i bswap = _mm256_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7,
                                            8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
      const __m256i m = _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(pb + 16 * j),
                                            reinterpret_cast<const __m128i*>(pa + 16 * j));
      x[j] = _mm256_shuffle_epi8(m, bswap);
    } else {
      const __m256i w15 = _mm256_alignr_epi8(x[(j - 7) & 7], x[j & 7], 8);       // W_t-15, W_t-14
      const __m256i w7 = _mm256_alignr_epi8(x[(j - 3) & 7], x[(j - 4) & 7], 8);  // W_t-7, W_t-6
      const __m256i partial = _mm256_add_epi64(_mm256_add_epi64(x[j & 7], w7), Ops::sigma0(w15));
      x[j & 7] = _mm256_add_epi64(partial, Ops::sigma1(x[(j - 1) & 7]));
    }
    const __m256i k = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(kK512 + 2 * j)));
    _mm256_store_si256(reinterpret_cast<__m256i*>(wk + 4 * j), _mm256_add_epi64(x[j & 7], k));
  }

  template <int... J>
  TESSERA_SHA512_INLINE void steps(const std::uint8_t* pa, const std::uint8_t* pb, std::uint64_t* wk,
                    std::integer_sequence<int, J...>) noexcept {
    (step(J, pa, pb, wk), ...);
  }
};

// The scalar rounds (TESSERA_SHA512_ROUND); the avx2 backend's. A Rounds type gives the
// working variables (State), Step 2 (load), eight rounds of Step 3 and Step 4 (add_to).
struct ScalarRounds {
  struct State {
    std::uint64_t a, b, c, d, e, f, g, h;
    std::uint64_t bc;  // b ^ c
    std::uint64_t s0;  // Sigma0 of the last round, added to a at the start of the next
  };

  TESSERA_SHA512_INLINE static State load(const std::uint64_t (&hv)[8]) noexcept {
    return State{hv[0], hv[1], hv[2], hv[3], hv[4], hv[5], hv[6], hv[7], hv[1] ^ hv[2], 0};
  }

  // Eight rounds; K_t + W_t of round i is word 4(i / 2) + (i % 2) of w.
  TESSERA_SHA512_INLINE static void eight(State& v, const std::uint64_t* w) noexcept {
    std::uint64_t ab;
    __asm__(TESSERA_SHA512_ROUND(a, b, d, e, f, g, h, x, y, 0)
            TESSERA_SHA512_ROUND(h, a, c, d, e, f, g, y, x, 8)
            TESSERA_SHA512_ROUND(g, h, b, c, d, e, f, x, y, 32)
            TESSERA_SHA512_ROUND(f, g, a, b, c, d, e, y, x, 40)
            TESSERA_SHA512_ROUND(e, f, h, a, b, c, d, x, y, 64)
            TESSERA_SHA512_ROUND(d, e, g, h, a, b, c, y, x, 72)
            TESSERA_SHA512_ROUND(c, d, f, g, h, a, b, x, y, 96)
            TESSERA_SHA512_ROUND(b, c, e, f, g, h, a, y, x, 104)
            : [a] "+r"(v.a), [b] "+r"(v.b), [c] "+r"(v.c), [d] "+r"(v.d), [e] "+r"(v.e), [f] "+r"(v.f),
              [g] "+r"(v.g), [h] "+r"(v.h), [x] "+r"(v.bc), [s0] "+r"(v.s0), [y] "=&r"(ab)
            : [wk] "r"(w), "m"(*reinterpret_cast<const std::uint64_t(*)[14]>(w))
            : "cc");
  }

  TESSERA_SHA512_INLINE static void add_to(std::uint64_t (&hv)[8], const State& v) noexcept {
    hv[0] += v.a + v.s0; hv[1] += v.b; hv[2] += v.c; hv[3] += v.d;
    hv[4] += v.e; hv[5] += v.f; hv[6] += v.g; hv[7] += v.h;
  }
};

// Which schedule steps run between the rounds of a block (two-block schedule passes).
enum class Steps {
  none,      // none: the last pair
  next_half, // the next pair's steps 10 Lane + 2C, + 1 after chunk C (half in each block)
  self,      // this pair's steps 4C+4..4C+7 after chunk C (chunk C needs steps up to 4C+3)
};

// Steps 2-4 for one block of the pair whose schedule is in wk, with schedule steps of
// (sa, sb -> swk) in between as Mode says.
template <class Ops, int Lane, Steps Mode, int... C>
TESSERA_SHA512_INLINE void block_rounds(std::uint64_t (&hv)[8], const std::uint64_t* wk, Schedule<Ops>& s,
                                        const std::uint8_t* sa, const std::uint8_t* sb, std::uint64_t* swk,
                                        std::integer_sequence<int, C...>) noexcept {
  using Rounds = typename Ops::Rounds;
  // Step 2.
  typename Rounds::State v = Rounds::load(hv);
  // Step 3 (the schedule of Step 1 is in wk, up to step 4C+3 before chunk C). Rounds
  // 8C..8C+7 use words 16C + Lane + 4(i / 2) + (i % 2) of wk. Without schedule steps in
  // between, a loop (a tenth of the code of the unrolled chunks).
  if constexpr (Mode == Steps::none) {
    for (int c = 0; c < 10; ++c) Rounds::eight(v, wk + 16 * c + Lane);
  } else {
    (
        [&]() __attribute__((always_inline)) {
          Rounds::eight(v, wk + 16 * C + Lane);
          if constexpr (Mode == Steps::next_half) {
            s.step(10 * Lane + 2 * C, sa, sb, swk);
            s.step(10 * Lane + 2 * C + 1, sa, sb, swk);
          } else if constexpr (Mode == Steps::self && C < 9) {
            s.step(4 * C + 4, sa, sb, swk);
            s.step(4 * C + 5, sa, sb, swk);
            s.step(4 * C + 6, sa, sb, swk);
            s.step(4 * C + 7, sa, sb, swk);
          }
        }(),
        ...);
  }
  // Step 4.
  Rounds::add_to(hv, v);
}

// block_rounds with the chunks as a loop and the schedule steps at run time (Mode none or
// next_half): an eighth of the code, for runs of blocks too short to keep the unrolled
// version cached.
template <class Ops, int Lane, Steps Mode>
TESSERA_SHA512_INLINE void block_rounds_rolled(std::uint64_t (&hv)[8], const std::uint64_t* wk, Schedule<Ops>& s,
                                               const std::uint8_t* sa, const std::uint8_t* sb,
                                               std::uint64_t* swk) noexcept {
  static_assert(Mode != Steps::self);
  using Rounds = typename Ops::Rounds;
  typename Rounds::State v = Rounds::load(hv);
  for (int c = 0; c < 10; ++c) {
    Rounds::eight(v, wk + 16 * c + Lane);
    if constexpr (Mode == Steps::next_half) {
      s.step(10 * Lane + 2 * c, sa, sb, swk);
      s.step(10 * Lane + 2 * c + 1, sa, sb, swk);
    }
  }
  Rounds::add_to(hv, v);
}

template <class Ops, bool Rolled, int Lane, Steps Mode>
TESSERA_SHA512_INLINE void one_block(std::uint64_t (&hv)[8], const std::uint64_t* wk, Schedule<Ops>& s,
                                     const std::uint8_t* sa, const std::uint8_t* sb, std::uint64_t* swk) noexcept {
  if constexpr (Rolled) {
    block_rounds_rolled<Ops, Lane, Mode>(hv, wk, s, sa, sb, swk);
  } else {
    block_rounds<Ops, Lane, Mode>(hv, wk, s, sa, sb, swk, std::make_integer_sequence<int, 10>{});
  }
}

// Three or more blocks: the first pair's schedule in one pass, then each pair's rounds
// with the next pair's schedule in between. The last pair may be a single block.
template <class Ops, bool Rolled>
TESSERA_SHA512_INLINE void pairs(std::uint64_t (&hv)[8], const std::uint8_t* p, std::size_t nblocks,
                                 std::uint64_t (&wk)[2][160]) noexcept {
  Schedule<Ops> s;  // one per path: a run-time index anywhere would keep every ring in memory
  if constexpr (Rolled) {
    for (int j = 0; j < 40; ++j) s.step(j, p, p + 128, wk[0]);
  } else {
    s.steps(p, p + 128, wk[0], std::make_integer_sequence<int, 40>{});
  }
  int cur = 0;
  for (;;) {
    const std::size_t pair = nblocks >= 2 ? 2 : 1;
    const std::uint8_t* next = p + 128 * pair;
    const std::size_t left = nblocks - pair;
    if (left == 0) {
      one_block<Ops, Rolled, 0, Steps::none>(hv, wk[cur], s, nullptr, nullptr, nullptr);
      if (pair == 2) one_block<Ops, Rolled, 2, Steps::none>(hv, wk[cur], s, nullptr, nullptr, nullptr);
      return;
    }
    // More blocks follow, so this pair is full; a single block after it is paired with
    // itself (its lane-1 schedule is unused).
    const std::uint8_t* nb = left >= 2 ? next + 128 : next;
    one_block<Ops, Rolled, 0, Steps::next_half>(hv, wk[cur], s, next, nb, wk[cur ^ 1]);
    one_block<Ops, Rolled, 2, Steps::next_half>(hv, wk[cur], s, next, nb, wk[cur ^ 1]);
    p = next;
    nblocks = left;
    cur ^= 1;
  }
}

// Up to this many blocks take the rolled loops (see compress512).
inline constexpr std::size_t kRolledMaxBlocks = 16;

// FIPS 180-4, Section 6.4.2 (SHA-512 hash computation), two blocks per schedule pass.
// The schedule of a pair is computed during the rounds of the pair before. One or two
// blocks (short messages, the padding block) compute theirs during the first block's
// rounds (steps 0-3 ahead) instead of waiting for a whole pass: 1 block 598 -> 494 TSC
// ticks on Zen 4. (Longer runs keep the pass ahead: interleaving it there was slower.)
// Runs of 3..kRolledMaxBlocks blocks take rolled loops: the unrolled ones are ~47 KB of
// code (avx512), more than L1i holds between short messages (1 KiB message: 4.6 -> 4.1
// TSC ticks per byte), while long runs gain from the unrolling (16 KiB: 3.15 -> 2.67).
// One or two blocks (short messages, HMAC's keyed and padding blocks), and three or more, in
// frames of their own (not inlined) that compress512 wipes when they return: the schedule
// derives from possibly secret input (HMAC keys, DRBG state), and besides wk the frames hold
// the rings of the message schedule and the working variables the compiler spills around
// the asm rounds (wiping wk alone left ~700 bytes of them: tests/unit/zeroize_hash_test.cpp).
// The short path's frame is the smaller one, so short messages pay no more for the wipe than
// they did for wiping wk.
template <class Ops>
[[gnu::noinline]] void compress512_short(std::uint64_t (&hv)[8], const std::uint8_t* p, std::size_t nblocks) noexcept {
  alignas(32) std::uint64_t wk[160];
  Schedule<Ops> s;
  const std::uint8_t* pb = nblocks == 2 ? p + 128 : p;  // one block: paired with itself
  s.steps(p, pb, wk, std::make_integer_sequence<int, 4>{});
  block_rounds<Ops, 0, Steps::self>(hv, wk, s, p, pb, wk, std::make_integer_sequence<int, 10>{});
  if (nblocks == 2) one_block<Ops, false, 2, Steps::none>(hv, wk, s, nullptr, nullptr, nullptr);
}
template <class Ops>
[[gnu::noinline]] void compress512_long(std::uint64_t (&hv)[8], const std::uint8_t* p, std::size_t nblocks) noexcept {
  alignas(32) std::uint64_t wk[2][160];
  if (nblocks <= kRolledMaxBlocks) {
    pairs<Ops, true>(hv, p, nblocks, wk);
  } else {
    pairs<Ops, false>(hv, p, nblocks, wk);
  }
}

// The frames, with room to spare (g++ 12 -O3, avx2 / avx512: compress512_short 0x588 /
// 0x4c8 bytes, compress512_long 0x1108 / 0xfc8 bytes, each with up to 64 bytes of alignment
// and 6 saved registers).
inline constexpr std::size_t kCompress512ShortFrameBytes = 2048, kCompress512LongFrameBytes = 5120;

template <class Ops>
inline void compress512(std::uint64_t (&hv)[8], const std::uint8_t* p, std::size_t nblocks) noexcept {
  if (nblocks == 0) return;
  if (nblocks <= 2) {
    compress512_short<Ops>(hv, p, nblocks);
    secure_zero_stack(kCompress512ShortFrameBytes);
  } else {
    compress512_long<Ops>(hv, p, nblocks);
    secure_zero_stack(kCompress512LongFrameBytes);
  }
}

}  // namespace tessera::sha2::x86

#undef TESSERA_SHA512_ROUND
#undef TESSERA_SHA512_INLINE
