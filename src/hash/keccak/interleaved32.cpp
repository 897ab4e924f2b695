// Keccak-f[1600] on bit-interleaved 32-bit lanes (FIPS 202, Section 3.3, Algorithm 7, with
// the step mappings of Section 3.2), for CPUs with 32-bit registers (Cortex-M, -m32).
//
// The technique ("Keccak implementation overview", Bertoni, Daemen, Peeters, Van Assche,
// Van Keer, Section 2.1): each 64-bit lane is held as two 32-bit words, its even bits
// (bit 2k of the lane at bit k) and its odd bits (bit 2k + 1 at bit k). Theta's XORs, chi
// and iota work word by word; a 64-bit rotation by r becomes two 32-bit rotations:
//   r = 2s:     even' = rotl32(even, s),     odd' = rotl32(odd, s)
//   r = 2s + 1: even' = rotl32(odd, s + 1),  odd' = rotl32(even, s)
// (the lane bit 2k of the result is bit 2k - r of the input: odd when r is odd). A plain
// 32-bit build instead emulates each 64-bit rotation with four shifts and two ORs across a
// register pair. The round constants are interleaved once (kRoundConstantsInterleaved32,
// keccak.hpp).
//
// The sponge (src/hash/sponge.hpp) keeps standard lanes: f1600_interleaved32 converts the 25
// lanes in and out on every call, and the block loops below convert the state once per call
// and each block's rate lanes. tests/equivalence/keccak_kernels_test.cpp checks both forms
// and the block loops against f1600_portable in every build. Where the kernel table uses them:
// kernels.cpp and docs/embedded.md ("32-bit code paths").
#include "hash/keccak/keccak.hpp"

#include "common/bytes.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace tessera::keccak {
namespace {

using Word = std::uint32_t;
// The state: lane i = x + 5y as w[2i] (even bits) and w[2i + 1] (odd bits).
using Words = Word[50];

// Hacker's Delight (2nd ed.), Section 7-2, the outer perfect unshuffle of a 32-bit word:
// bits 0, 2, .., 30 to bits 0..15 and bits 1, 3, .., 31 to bits 16..31; shuffle is its
// inverse. Four delta swaps each; no branch or index on the data.
constexpr Word unshuffle(Word x) noexcept {
  Word t = (x ^ (x >> 1)) & 0x22222222u;
  x ^= t ^ (t << 1);
  t = (x ^ (x >> 2)) & 0x0C0C0C0Cu;
  x ^= t ^ (t << 2);
  t = (x ^ (x >> 4)) & 0x00F000F0u;
  x ^= t ^ (t << 4);
  t = (x ^ (x >> 8)) & 0x0000FF00u;
  x ^= t ^ (t << 8);
  return x;
}
constexpr Word shuffle(Word x) noexcept {
  Word t = (x ^ (x >> 8)) & 0x0000FF00u;
  x ^= t ^ (t << 8);
  t = (x ^ (x >> 4)) & 0x00F000F0u;
  x ^= t ^ (t << 4);
  t = (x ^ (x >> 2)) & 0x0C0C0C0Cu;
  x ^= t ^ (t << 2);
  t = (x ^ (x >> 1)) & 0x22222222u;
  x ^= t ^ (t << 1);
  return x;
}
static_assert(unshuffle(0x55555555u) == 0x0000FFFFu && unshuffle(0xAAAAAAAAu) == 0xFFFF0000u);
static_assert(shuffle(unshuffle(0x12345678u)) == 0x12345678u);

// A 64-bit lane to its even and odd words, and back.
inline void to_interleaved(std::uint64_t lane, Word& even, Word& odd) noexcept {
  const Word lo = unshuffle(static_cast<Word>(lane));
  const Word hi = unshuffle(static_cast<Word>(lane >> 32));
  even = (lo & 0xFFFFu) | (hi << 16);
  odd = (lo >> 16) | (hi & 0xFFFF0000u);
}
inline std::uint64_t from_interleaved(Word even, Word odd) noexcept {
  const Word lo = shuffle((even & 0xFFFFu) | (odd << 16));
  const Word hi = shuffle((even >> 16) | (odd & 0xFFFF0000u));
  return (std::uint64_t{hi} << 32) | lo;
}

// The 25 lanes lanes[0], lanes[stride], .. (stride N for a state of a StateN<N>) to words and
// back. Out of line: one copy for the permutation, the block loops and the x4/x8 loops.
[[gnu::noinline]] void load_state(const std::uint64_t* lanes, std::size_t stride, Words& w) noexcept {
  for (std::size_t i = 0; i < 25; ++i) to_interleaved(lanes[i * stride], w[2 * i], w[2 * i + 1]);
}
[[gnu::noinline]] void store_state(const Words& w, std::uint64_t* lanes, std::size_t stride) noexcept {
  for (std::size_t i = 0; i < 25; ++i) lanes[i * stride] = from_interleaved(w[2 * i], w[2 * i + 1]);
}

// ---- The loop form (builds for size): compact.cpp's loops on word pairs.

// Out of line (as is rounds_unrolled): one copy for the permutation and both block loops.
[[gnu::noinline]] void rounds_compact(Words& w) noexcept {
  for (int round = 0; round < kRounds; ++round) {
    // Theta (Algorithm 1). c[2 + 2X], c[3 + 2X]: column X's parity, even and odd words,
    // with column 4 copied before column 0 and column 0 after column 4, so that columns
    // X - 1 and X + 1 start at words 2X and 2X + 4 without a modulo (a division at -Os).
    // The loop's x counts words, x = 2X.
    Word c[14];
    for (int i = 0; i < 10; ++i) c[i + 2] = w[i] ^ w[i + 10] ^ w[i + 20] ^ w[i + 30] ^ w[i + 40];
    c[0] = c[10];
    c[1] = c[11];
    c[12] = c[2];
    c[13] = c[3];
    for (int x = 0; x < 10; x += 2) {
      // D[x] = C[x - 1] ^ rotl64(C[x + 1], 1): the rotation by 1 swaps the halves and
      // rotates the (new) even one by 1.
      const Word d_even = c[x] ^ std::rotl(c[x + 5], 1);
      const Word d_odd = c[x + 1] ^ c[x + 4];
      for (int i = x; i < 50; i += 10) {
        w[i] ^= d_even;
        w[i + 1] ^= d_odd;
      }
    }
    // Rho and pi (Algorithms 2 and 3) in place along the cycle: the lane at step t goes to
    // the place of step t + 1, rotated by its offset r = kRho[lane]. The swap of halves for
    // an odd r is a mask (r is public; the mask only keeps the loop branch-free).
    Word m_even = w[2 * kRhoPiCycle[0]], m_odd = w[2 * kRhoPiCycle[0] + 1];
    for (std::size_t t = 0; t < 24; ++t) {
      const std::size_t to = 2u * kRhoPiCycle[t == 23 ? 0 : t + 1];
      const Word next_even = w[to], next_odd = w[to + 1];
      const int r = kRho[kRhoPiCycle[t]];
      const Word swap = (m_even ^ m_odd) & (Word{0} - static_cast<Word>(r & 1));
      w[to] = std::rotl(m_even ^ swap, (r + 1) >> 1);
      w[to + 1] = std::rotl(m_odd ^ swap, r >> 1);
      m_even = next_even;
      m_odd = next_odd;
    }
    // Chi (Algorithm 4), plane by plane: A'[x] = A[x] ^ (~A[x + 1] & A[x + 2]); lane x + 1 is
    // two words on, so both halves go in one loop over the plane's ten words (copied with
    // its first four after it: no modulo).
    for (int y = 0; y < 50; y += 10) {
      for (int i = 0; i < 10; ++i) c[i] = w[y + i];
      for (int i = 0; i < 4; ++i) c[i + 10] = c[i];
      for (int i = 0; i < 10; ++i) w[y + i] = c[i] ^ (~c[i + 2] & c[i + 4]);
    }
    // Iota (Algorithm 6).
    w[0] ^= kRoundConstantsInterleaved32[round][0];
    w[1] ^= kRoundConstantsInterleaved32[round][1];
  }
}

// ---- The unrolled form: one round from a into e with constant indices (the loops below
// are unrolled whole, so every index, rotation amount and swap is a constant).

[[gnu::always_inline]] inline void round_unrolled(const Word* a, Word* e, Word rc_even, Word rc_odd) noexcept {
  Word c[10];
#pragma GCC unroll 10
  for (int i = 0; i < 10; ++i) c[i] = a[i] ^ a[i + 10] ^ a[i + 20] ^ a[i + 30] ^ a[i + 40];
  Word d[10];
#pragma GCC unroll 5
  for (int x = 0; x < 5; ++x) {
    const int xm = 2 * ((x + 4) % 5), xp = 2 * ((x + 1) % 5);
    d[2 * x] = c[xm] ^ std::rotl(c[xp + 1], 1);
    d[2 * x + 1] = c[xm + 1] ^ c[xp];
  }
#pragma GCC unroll 5
  for (int y = 0; y < 5; ++y) {
    // Plane y of B = pi(rho(theta(A))): B[x, y] = rotl64(A[x', x] ^ D[x'], r[x', x]) with
    // x' = x + 3y (pi: A'[x, y] = A[(x + 3y) mod 5, x]).
    Word be[5], bo[5];
#pragma GCC unroll 5
    for (int x = 0; x < 5; ++x) {
      const int xs = (x + 3 * y) % 5, src = xs + 5 * x, r = kRho[src];
      const Word ae = a[2 * src] ^ d[2 * xs], ao = a[2 * src + 1] ^ d[2 * xs + 1];
      if (r % 2 == 0) {
        be[x] = std::rotl(ae, r / 2);
        bo[x] = std::rotl(ao, r / 2);
      } else {
        be[x] = std::rotl(ao, (r + 1) / 2);
        bo[x] = std::rotl(ae, r / 2);
      }
    }
    // Chi.
#pragma GCC unroll 5
    for (int x = 0; x < 5; ++x) {
      e[2 * (x + 5 * y)] = be[x] ^ (~be[(x + 1) % 5] & be[(x + 2) % 5]);
      e[2 * (x + 5 * y) + 1] = bo[x] ^ (~bo[(x + 1) % 5] & bo[(x + 2) % 5]);
    }
  }
  // Iota.
  e[0] ^= rc_even;
  e[1] ^= rc_odd;
}

// One round per iteration, from one array into the other (a -> e, then e -> a, ...): one
// copy of the round (1.4 KiB on Cortex-M7) instead of two, for a pointer swap per round.
// GCC 12's partial redundancy elimination at -O2/-O3 keeps values across the round that
// then spill: the loop body on Cortex-M7 is 649 instructions, 375 of them loads and stores,
// against 491 and 224 without it (and at -Os, where PRE is off).
#if defined(__GNUC__) && !defined(__clang__)
[[gnu::optimize("no-tree-pre")]]
#endif
[[gnu::noinline]] void rounds_unrolled(Words& a) noexcept {
  Words e;
  Word* from = a;
  Word* to = e;
  for (int round = 0; round < kRounds; ++round) {
    round_unrolled(from, to, kRoundConstantsInterleaved32[round][0], kRoundConstantsInterleaved32[round][1]);
    Word* const t = from;
    from = to;
    to = t;
  }
  static_assert(kRounds % 2 == 0, "the last round writes a");
}

// The rounds of f1600_interleaved32 and its block loops: the loop form in builds for size
// (-DTESSERA_KECCAK_INTERLEAVED32_UNROLLED=0|1 overrides this, for re-measuring).
inline constexpr bool kLoopForm =
#if defined(TESSERA_KECCAK_INTERLEAVED32_UNROLLED)
    TESSERA_KECCAK_INTERLEAVED32_UNROLLED == 0;
#elif defined(__OPTIMIZE_SIZE__)
    true;
#else
    false;
#endif

inline void rounds(Words& w) noexcept {
  if constexpr (kLoopForm) rounds_compact(w);
  else rounds_unrolled(w);
}

}  // namespace

void f1600_interleaved32_compact(std::uint64_t (&state)[25]) noexcept {
  Words w;
  load_state(state, 1, w);
  rounds_compact(w);
  store_state(w, state, 1);
}

void f1600_interleaved32_unrolled(std::uint64_t (&state)[25]) noexcept {
  Words w;
  load_state(state, 1, w);
  rounds_unrolled(w);
  store_state(w, state, 1);
}

void f1600_interleaved32(std::uint64_t (&state)[25]) noexcept {
  Words w;
  load_state(state, 1, w);
  rounds(w);
  store_state(w, state, 1);
}

template <int N>
void f1600_xn_interleaved32(StateN<N>& s) noexcept {
  for (int j = 0; j < N; ++j) {
    Words w;
    load_state(&s.lanes[0][j], N, w);
    rounds(w);
    store_state(w, &s.lanes[0][j], N);
  }
}
void f1600_x4_interleaved32(State4& s) noexcept { f1600_xn_interleaved32(s); }
void f1600_x8_interleaved32(State8& s) noexcept { f1600_xn_interleaved32(s); }

// Sponge construction (FIPS 202, Algorithm 8): absorb is P_i XOR S then f; squeeze is f
// then the first r bits of S. XOR commutes with the interleaving, so each input lane is
// interleaved and XORed into the words; the state is converted at entry and exit only.
void absorb_blocks_interleaved32(std::uint64_t (&state)[25], const std::uint8_t* in, std::size_t nblocks,
                                 std::size_t rate_lanes) noexcept {
  if (nblocks == 0) return;
  Words w;
  load_state(state, 1, w);
  for (; nblocks > 0; --nblocks, in += 8 * rate_lanes) {
    for (std::size_t i = 0; i < rate_lanes; ++i) {
      Word even, odd;
      to_interleaved(bytes::load_le64(in + 8 * i), even, odd);
      w[2 * i] ^= even;
      w[2 * i + 1] ^= odd;
    }
    rounds(w);
  }
  store_state(w, state, 1);
}

void squeeze_blocks_interleaved32(std::uint64_t (&state)[25], std::uint8_t* out, std::size_t nblocks,
                                  std::size_t rate_lanes) noexcept {
  if (nblocks == 0) return;
  Words w;
  load_state(state, 1, w);
  for (; nblocks > 0; --nblocks, out += 8 * rate_lanes) {
    rounds(w);
    for (std::size_t i = 0; i < rate_lanes; ++i)
      bytes::store_le64(out + 8 * i, from_interleaved(w[2 * i], w[2 * i + 1]));
  }
  store_state(w, state, 1);
}

}  // namespace tessera::keccak
