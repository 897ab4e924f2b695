// Keccak-f[1600] permutation kernels (FIPS 202, Section 3). Only the permutation lives
// here; the sponge (src/hash/sponge.hpp) is shared by every backend.
#pragma once

#include <tessera/backend.hpp>

#include "common/bytes.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

namespace tessera::keccak {

inline constexpr int kRounds = 24;

// Round constants RC[i_r] (FIPS 202, Algorithm 5 and 6); recomputed from rc(t) by
// tests/unit/keccak_constants_test.cpp.
inline constexpr std::uint64_t kRoundConstants[kRounds] = {
    0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
    0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
    0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
    0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
    0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
    0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008};

// The round constants in bit-interleaved form (interleaved32.cpp): {even, odd}, where bit k
// of the even word is bit 2k of RC[i_r] and bit k of the odd word is bit 2k + 1. Generated
// from kRoundConstants by
//   for rc in RC: print(hex(sum((rc >> 2*k & 1) << k for k in range(32))),
//                       hex(sum((rc >> 2*k+1 & 1) << k for k in range(32))))
// and recomputed from rc(t) by tests/unit/keccak_constants_test.cpp.
inline constexpr std::uint32_t kRoundConstantsInterleaved32[kRounds][2] = {
    {0x00000001, 0x00000000}, {0x00000000, 0x00000089}, {0x00000000, 0x8000008B}, {0x00000000, 0x80008080},
    {0x00000001, 0x0000008B}, {0x00000001, 0x00008000}, {0x00000001, 0x80008088}, {0x00000001, 0x80000082},
    {0x00000000, 0x0000000B}, {0x00000000, 0x0000000A}, {0x00000001, 0x00008082}, {0x00000000, 0x00008003},
    {0x00000001, 0x0000808B}, {0x00000001, 0x8000000B}, {0x00000001, 0x8000008A}, {0x00000001, 0x80000081},
    {0x00000000, 0x80000081}, {0x00000000, 0x80000008}, {0x00000000, 0x00000083}, {0x00000000, 0x80008003},
    {0x00000001, 0x80008088}, {0x00000000, 0x80000088}, {0x00000001, 0x00008000}, {0x00000000, 0x80008082}};

// Rotation offsets r[x + 5y] (FIPS 202, Table 2).
inline constexpr int kRho[25] = {0,  1,  62, 28, 27, 36, 44, 6,  55, 20, 3,  10, 43,
                                 25, 39, 41, 45, 15, 21, 8,  18, 2,  61, 56, 14};

// rho and pi together move lane (x, y) to (y, 2x + 3y), rotated by rho's offset of (x, y)
// (Algorithms 2 and 3). From lane (1, 0) these moves visit the 24 lanes other than (0, 0) in
// one cycle (Algorithm 3's walk), so the loop forms (compact.cpp, interleaved32.cpp) do both
// steps in place along it: kRhoPiCycle[t] is the lane index x + 5y at step t.
constexpr std::array<std::uint8_t, 24> make_rho_pi_cycle() noexcept {
  std::array<std::uint8_t, 24> c{};
  int x = 1, y = 0;
  for (int t = 0; t < 24; ++t) {
    c[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(x + 5 * y);
    const int next_y = (2 * x + 3 * y) % 5;
    x = y;
    y = next_y;
  }
  return c;
}
inline constexpr std::array<std::uint8_t, 24> kRhoPiCycle = make_rho_pi_cycle();
static_assert(kRhoPiCycle[0] == 1 && kRhoPiCycle[1] == 10 && kRhoPiCycle[23] == 6);

// Whether the portable table's single-state kernels (f1600, absorb_blocks, squeeze_blocks,
// and the x4/x8 loops over f1600) are the bit-interleaved 32-bit ones (interleaved32.cpp)
// instead of f1600_portable's: chosen by measurement, see kernels.cpp. f1600_portable itself
// stays the 64-bit oracle. -DTESSERA_KECCAK_INTERLEAVED32=0|1 overrides the choice at
// compile time (for re-measuring).
inline constexpr bool kUseInterleaved32 =
#if defined(TESSERA_KECCAK_INTERLEAVED32)
    TESSERA_KECCAK_INTERLEAVED32 != 0;
#elif UINTPTR_MAX == 0xFFFFFFFFu
    true;
#else
    false;
#endif

// N independent states, interleaved lane by lane: lanes[i][j] is lane i of state j, so a
// SIMD kernel loads lane i of all N states with one vector load.
template <int N>
struct alignas(64) StateN {
  static constexpr int kWays = N;
  std::uint64_t lanes[25][N];
};
using State4 = StateN<4>;
using State8 = StateN<8>;

// The permutation kernels of one backend.
struct Kernels {
  void (*f1600)(std::uint64_t (&state)[25]) noexcept;
  void (*f1600_x4)(State4& s) noexcept;
  void (*f1600_x8)(State8& s) noexcept;
  // True when f1600_x8 is a native 8-way kernel (callers then batch by 8 rather than 4).
  bool x8_native;
  // Single-state sponge loops (FIPS 202, Algorithm 8) with blocks of rate_lanes whole lanes
  // (1..25; bytes little-endian), keeping the state in registers across blocks where the
  // kernel can. absorb_blocks: nblocks times, XOR the next block of in into the state and
  // permute. squeeze_blocks: nblocks times, permute and write the first rate_lanes lanes
  // to out.
  void (*absorb_blocks)(std::uint64_t (&state)[25], const std::uint8_t* in, std::size_t nblocks,
                        std::size_t rate_lanes) noexcept;
  void (*squeeze_blocks)(std::uint64_t (&state)[25], std::uint8_t* out, std::size_t nblocks,
                         std::size_t rate_lanes) noexcept;
  // Lane transfers of the batched sponges (hash/shake_batch.hpp), whole 64-bit lanes,
  // little-endian, first + nlanes <= 25: absorb_lanes XORs in[j][0 .. 8 nlanes) into lanes
  // [first, first + nlanes) of state j; extract_lanes writes those lanes of state j to
  // out[j][0 .. 8 nlanes). SIMD versions transpose 4x4 / 8x8 blocks of lanes in registers.
  void (*absorb_lanes_x4)(State4& s, const std::uint8_t* const in[4], std::size_t first,
                          std::size_t nlanes) noexcept;
  void (*absorb_lanes_x8)(State8& s, const std::uint8_t* const in[8], std::size_t first,
                          std::size_t nlanes) noexcept;
  void (*extract_lanes_x4)(const State4& s, std::uint8_t* const out[4], std::size_t first,
                           std::size_t nlanes) noexcept;
  void (*extract_lanes_x8)(const State8& s, std::uint8_t* const out[8], std::size_t first,
                           std::size_t nlanes) noexcept;

  friend bool operator==(const Kernels&, const Kernels&) = default;
};

// The kernels of the active backend, and of a given one (tests, benchmarks; the portable
// table for a backend this build or CPU lacks).
const Kernels& kernels() noexcept;
const Kernels& kernels_for(Backend b) noexcept;

// Each backend's table, built in its kernel file (portable.cpp, avx2.cpp, avx512.cpp; the SIMD
// ones only in builds that compile them) from the table of the backend below it; picked by
// kernels.cpp.
namespace portable {
Kernels table() noexcept;
}  // namespace portable
namespace avx2 {
Kernels table() noexcept;
}  // namespace avx2
namespace avx512 {
Kernels table() noexcept;
}  // namespace avx512

// Portable kernels (always built; the oracle for the others).
void f1600_portable(std::uint64_t (&state)[25]) noexcept;
// The same permutation as loops (compact.cpp): f1600_portable's body in builds for size.
void f1600_compact(std::uint64_t (&state)[25]) noexcept;
// Keccak-f[1600] on 32-bit bit-interleaved lanes (interleaved32.cpp): converts the 25 lanes
// in, runs the 24 rounds on even/odd 32-bit halves, converts back. The loop form
// (size-conscious) and the unrolled form (one round per iteration, constant indices);
// f1600_interleaved32 is the loop form in builds for size, the unrolled one otherwise.
void f1600_interleaved32(std::uint64_t (&state)[25]) noexcept;
void f1600_interleaved32_compact(std::uint64_t (&state)[25]) noexcept;
void f1600_interleaved32_unrolled(std::uint64_t (&state)[25]) noexcept;
// f1600_interleaved32 on each of the N states, converted straight from and to the lane-major
// StateN (no 64-bit copy of the state on the stack as well).
void f1600_x4_interleaved32(State4& s) noexcept;
void f1600_x8_interleaved32(State8& s) noexcept;
// The sponge loops of f1600_interleaved32, the state kept interleaved across blocks: only
// the rate lanes of each input or output block are converted, the state once per call.
void absorb_blocks_interleaved32(std::uint64_t (&state)[25], const std::uint8_t* in, std::size_t nblocks,
                                 std::size_t rate_lanes) noexcept;
void squeeze_blocks_interleaved32(std::uint64_t (&state)[25], std::uint8_t* out, std::size_t nblocks,
                                  std::size_t rate_lanes) noexcept;
void f1600_x4_portable(State4& s) noexcept;
void f1600_x8_portable(State8& s) noexcept;
void absorb_blocks_portable(std::uint64_t (&state)[25], const std::uint8_t* in, std::size_t nblocks,
                            std::size_t rate_lanes) noexcept;
void squeeze_blocks_portable(std::uint64_t (&state)[25], std::uint8_t* out, std::size_t nblocks,
                             std::size_t rate_lanes) noexcept;

// Lane transfers, one 64-bit load/store per lane and state (Kernels::absorb_lanes_xN,
// extract_lanes_xN): lane first + i of state j <-> bytes 8i..8i+7 of in[j] / out[j]. The
// N pointers are copied into locals once (a store through out[j] could alias in/out
// themselves, which would make the compiler reload them after every store) and a lane's N
// words are loaded before they are stored. qemu instruction counts on aarch64 (cortex-a53,
// scripts/insn-profile.py): the extractions of one ML-DSA-65 key generation take 7,310 in
// this form and took 15,302 with the pointers reloaded (docs/aarch64.md).
template <int N>
inline void absorb_lanes_portable(StateN<N>& s, const std::uint8_t* const in[N], std::size_t first,
                                  std::size_t nlanes) noexcept {
  const std::uint8_t* p[N];
  for (int j = 0; j < N; ++j) p[j] = in[j];
  for (std::size_t i = 0; i < nlanes; ++i) {
    std::uint64_t w[N];
    for (int j = 0; j < N; ++j) w[j] = bytes::load_le64(p[j] + 8 * i);
    for (int j = 0; j < N; ++j) s.lanes[first + i][j] ^= w[j];
  }
}
template <int N>
inline void extract_lanes_portable(const StateN<N>& s, std::uint8_t* const out[N], std::size_t first,
                                   std::size_t nlanes) noexcept {
  std::uint8_t* p[N];
  for (int j = 0; j < N; ++j) p[j] = out[j];
  for (std::size_t i = 0; i < nlanes; ++i) {
    std::uint64_t w[N];
    for (int j = 0; j < N; ++j) w[j] = s.lanes[first + i][j];
    for (int j = 0; j < N; ++j) bytes::store_le64(p[j] + 8 * i, w[j]);
  }
}
void absorb_lanes_x4_portable(State4& s, const std::uint8_t* const in[4], std::size_t first,
                              std::size_t nlanes) noexcept;
void absorb_lanes_x8_portable(State8& s, const std::uint8_t* const in[8], std::size_t first,
                              std::size_t nlanes) noexcept;
void extract_lanes_x4_portable(const State4& s, std::uint8_t* const out[4], std::size_t first,
                               std::size_t nlanes) noexcept;
void extract_lanes_x8_portable(const State8& s, std::uint8_t* const out[8], std::size_t first,
                               std::size_t nlanes) noexcept;

// Runs the single-state permutation on each of the N interleaved states.
template <int N>
inline void f1600_xn_portable(StateN<N>& s) noexcept {
  for (int j = 0; j < N; ++j) {
    std::uint64_t one[25];
    for (int i = 0; i < 25; ++i) one[i] = s.lanes[i][j];
    f1600_portable(one);
    for (int i = 0; i < 25; ++i) s.lanes[i][j] = one[i];
  }
}

// SIMD kernels, defined only in builds that compile them (tessera_config.hpp).
void f1600_x4_avx2(State4& s) noexcept;
void f1600_avx512(std::uint64_t (&state)[25]) noexcept;
void f1600_x4_avx512(State4& s) noexcept;
void f1600_x8_avx512(State8& s) noexcept;
// The intrinsics versions of the lane-parallel AVX-512 kernels (the tables use the
// register-allocated asm ones above; these are kept for the equivalence tests and for
// re-measuring on other cores and compilers).
void f1600_x4_avx512_intrin(State4& s) noexcept;
void f1600_x8_avx512_intrin(State8& s) noexcept;
// Alternative single-state kernels, kept for the equivalence tests and for measuring which
// one each backend's table should use (see kernels.cpp).
void f1600_avx512_lanes(std::uint64_t (&state)[25]) noexcept;  // each lane in its own xmm
void f1600_avx512_rows(std::uint64_t (&state)[25]) noexcept;   // five zmm rows
void f1600_scalar_bmi(std::uint64_t (&state)[25]) noexcept;    // scalar, built with BMI1/2
void absorb_blocks_scalar_bmi(std::uint64_t (&state)[25], const std::uint8_t* in, std::size_t nblocks,
                              std::size_t rate_lanes) noexcept;
void squeeze_blocks_scalar_bmi(std::uint64_t (&state)[25], std::uint8_t* out, std::size_t nblocks,
                               std::size_t rate_lanes) noexcept;
void f1600_x8_avx2(State8& s) noexcept;                          // two 4-way AVX2 passes
// The sponge loops of the AVX-512 table around f1600_avx512, which has no fused version: the
// state goes through memory between blocks. Defined in kernels.cpp (built without SIMD flags).
void absorb_blocks_avx512(std::uint64_t (&state)[25], const std::uint8_t* in, std::size_t nblocks,
                          std::size_t rate_lanes) noexcept;
void squeeze_blocks_avx512(std::uint64_t (&state)[25], std::uint8_t* out, std::size_t nblocks,
                           std::size_t rate_lanes) noexcept;
// SIMD lane transfers: AVX2 4x4 transposes (x8: both halves), AVX-512 8x8 transposes with
// masked loads/stores for the last nlanes % 8 lanes.
void absorb_lanes_x4_avx2(State4& s, const std::uint8_t* const in[4], std::size_t first, std::size_t nlanes) noexcept;
void absorb_lanes_x8_avx2(State8& s, const std::uint8_t* const in[8], std::size_t first, std::size_t nlanes) noexcept;
void extract_lanes_x4_avx2(const State4& s, std::uint8_t* const out[4], std::size_t first,
                           std::size_t nlanes) noexcept;
void extract_lanes_x8_avx2(const State8& s, std::uint8_t* const out[8], std::size_t first,
                           std::size_t nlanes) noexcept;
void absorb_lanes_x8_avx512(State8& s, const std::uint8_t* const in[8], std::size_t first,
                            std::size_t nlanes) noexcept;
void extract_lanes_x8_avx512(const State8& s, std::uint8_t* const out[8], std::size_t first,
                             std::size_t nlanes) noexcept;

}  // namespace tessera::keccak
