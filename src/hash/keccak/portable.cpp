// Keccak-f[1600], portable C++ (FIPS 202, Section 3.3, Algorithm 7).
// The state is 25 lanes A[x + 5y]. Each round is written out with constant indices
// (scalar_round.hpp); two rounds per loop iteration ping-pong between two arrays.
#include "hash/keccak/keccak.hpp"

#include "hash/keccak/scalar_round.hpp"

namespace tessera::keccak {

// The round is in scalar_round.hpp (lane complementing on x86-64 without BMI). GCC 12's
// second scheduling pass (after register allocation) lengthens the spill-heavy round;
// without it the baseline x86-64 build takes 718 TSC cycles per call on Zen 4 instead of
// 800 (the plain round before lane complementing: 848). clang 14: 723.
// Built for size (-Os), the rounds are compact.cpp's loops instead.
#if defined(__OPTIMIZE_SIZE__)
void f1600_portable(std::uint64_t (&state)[25]) noexcept { f1600_compact(state); }
#else
#if defined(__GNUC__) && !defined(__clang__)
[[gnu::optimize("no-schedule-insns2")]]
#endif
void f1600_portable(std::uint64_t (&state)[25]) noexcept {
  std::uint64_t a[25];
  for (int i = 0; i < 25; ++i) a[i] = state[i];
  scalar_rounds<kComplementLanes>(a);
  for (int i = 0; i < 25; ++i) state[i] = a[i];
}
#endif

#if defined(__OPTIMIZE_SIZE__)
// Built for size (-Os, the Cortex-M presets' MinSizeRel): one copy of the permutation, which
// the block loops call, instead of one inlined into each loop (3.5 KiB each on Cortex-M7,
// docs/embedded.md). The state is a plain array between calls (Sponge construction, FIPS 202
// Algorithm 8: absorb is P_i XOR S then f; squeeze is f then the first r bits of S).
void absorb_blocks_portable(std::uint64_t (&state)[25], const std::uint8_t* in, std::size_t nblocks,
                            std::size_t rate_lanes) noexcept {
  for (; nblocks > 0; --nblocks, in += 8 * rate_lanes) {
    for (std::size_t i = 0; i < rate_lanes; ++i) state[i] ^= bytes::load_le64(in + 8 * i);
    f1600_portable(state);
  }
}

void squeeze_blocks_portable(std::uint64_t (&state)[25], std::uint8_t* out, std::size_t nblocks,
                             std::size_t rate_lanes) noexcept {
  for (; nblocks > 0; --nblocks, out += 8 * rate_lanes) {
    f1600_portable(state);
    for (std::size_t i = 0; i < rate_lanes; ++i) bytes::store_le64(out + 8 * i, state[i]);
  }
}
#else
// Built for speed: the state stays in registers (and complemented) across blocks.
#if defined(__GNUC__) && !defined(__clang__)
[[gnu::optimize("no-schedule-insns2")]]
#endif
void absorb_blocks_portable(std::uint64_t (&state)[25], const std::uint8_t* in, std::size_t nblocks,
                            std::size_t rate_lanes) noexcept {
  scalar_absorb_blocks<kComplementLanes>(state, in, nblocks, rate_lanes);
}

#if defined(__GNUC__) && !defined(__clang__)
[[gnu::optimize("no-schedule-insns2")]]
#endif
void squeeze_blocks_portable(std::uint64_t (&state)[25], std::uint8_t* out, std::size_t nblocks,
                             std::size_t rate_lanes) noexcept {
  scalar_squeeze_blocks<kComplementLanes>(state, out, nblocks, rate_lanes);
}
#endif

// The N-way loops run the table's single-state permutation (keccak.hpp, kUseInterleaved32).
void f1600_x4_portable(State4& s) noexcept {
  if constexpr (kUseInterleaved32) f1600_x4_interleaved32(s);
  else f1600_xn_portable(s);
}
void f1600_x8_portable(State8& s) noexcept {
  if constexpr (kUseInterleaved32) f1600_x8_interleaved32(s);
  else f1600_xn_portable(s);
}

void absorb_lanes_x4_portable(State4& s, const std::uint8_t* const in[4], std::size_t first,
                              std::size_t nlanes) noexcept {
  absorb_lanes_portable<4>(s, in, first, nlanes);
}
void absorb_lanes_x8_portable(State8& s, const std::uint8_t* const in[8], std::size_t first,
                              std::size_t nlanes) noexcept {
  absorb_lanes_portable<8>(s, in, first, nlanes);
}
void extract_lanes_x4_portable(const State4& s, std::uint8_t* const out[4], std::size_t first,
                               std::size_t nlanes) noexcept {
  extract_lanes_portable<4>(s, out, first, nlanes);
}
void extract_lanes_x8_portable(const State8& s, std::uint8_t* const out[8], std::size_t first,
                               std::size_t nlanes) noexcept {
  extract_lanes_portable<8>(s, out, first, nlanes);
}

}  // namespace tessera::keccak

namespace tessera::keccak::portable {

// The scalar block kernels: inlined rounds (speed) or calls of f1600_portable (size), above;
// on 32-bit targets the bit-interleaved ones (interleaved32.cpp; the choice: kernels.cpp).
Kernels table() noexcept {
  Kernels k{};
  k.f1600 = kUseInterleaved32 ? f1600_interleaved32 : f1600_portable;
  k.f1600_x4 = f1600_x4_portable;
  k.f1600_x8 = f1600_x8_portable;
  k.x8_native = false;
  k.absorb_blocks = kUseInterleaved32 ? absorb_blocks_interleaved32 : absorb_blocks_portable;
  k.squeeze_blocks = kUseInterleaved32 ? squeeze_blocks_interleaved32 : squeeze_blocks_portable;
  k.absorb_lanes_x4 = absorb_lanes_x4_portable;
  k.absorb_lanes_x8 = absorb_lanes_x8_portable;
  k.extract_lanes_x4 = extract_lanes_x4_portable;
  k.extract_lanes_x8 = extract_lanes_x8_portable;
  return k;
}

}  // namespace tessera::keccak::portable
