// The scalar Keccak-f[1600] round (FIPS 202, Section 3.3, Algorithm 7), shared by the
// portable kernel (portable.cpp) and the BMI1/2 build of the same code (avx2.cpp).
//
// Everything here has internal linkage (anonymous namespace): the two files compile it with
// different target flags, and an inline function with external linkage could be merged by
// the linker into one copy that uses BMI instructions on a CPU without them.
#pragma once

#include "common/bytes.hpp"
#include "hash/keccak/keccak.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>

namespace tessera::keccak {
namespace {

// Lane complementing (Bertoni, Daemen, Peeters, Van Assche, Van Keer: "Keccak
// implementation overview", Section 2.2). Chi, a[x] ^= ~a[x+1] & a[x+2], costs a NOT per
// lane on an ISA without an and-not instruction (x86-64 before BMI1). Holding the six
// lanes (1,0), (2,0), (3,1), (2,2), (2,3), (0,4) complemented -- the mask below, the
// "bebigokimisa" pattern -- makes every B lane entering chi have a fixed, known complement
// (theta and rho/pi carry an all-ones complement through: theta's parities of complemented
// columns are complemented, rotations leave all-ones unchanged). De Morgan then rewrites
// each chi output as b0 ^ (b1 | b2), b0 ^ (b1 & b2) or the form with one input
// complemented, so that the output lands in the same six-lane pattern. One NOT per plane
// remains (the "nb" values below). derive: for each plane, with mB the complement of each
// B lane and mE that of each output lane, enumerate (b1 ^ n1) op (b2 ^ n2) for
// op in {&, |} and keep the forms whose residual complement mB[x] ^ mE[x] ^ (op == |) is 0,
// or 1 when the complemented input is b[x] itself; the table below is the result, and
// tests/equivalence/keccak_kernels_test.cpp checks the kernel against the plain round.
//
// With an and-not instruction (BMI1 andn, Arm bic) the plain round is as short and needs no
// complementing at entry and exit.
inline constexpr bool kComplementLanes =
#if (defined(__x86_64__) || defined(_M_X64) || defined(__i386__)) && !defined(__BMI__)
    true;
#else
    false;
#endif

// The complemented lanes, as indices x + 5y.
inline constexpr int kComplemented[6] = {1, 2, 8, 12, 17, 20};

template <bool Complemented>
[[gnu::always_inline]] inline void complement_lanes(std::uint64_t (&a)[25]) noexcept {
  if constexpr (Complemented) {
    for (int i : kComplemented) a[i] = ~a[i];
  }
}

// One round from a into e, iota included (round constant rc). b_n is the rho+pi image
// that lands at position n = x + 5y, e = chi(b) plane by plane.
template <bool Complemented>
[[gnu::always_inline]] inline void scalar_round(const std::uint64_t (&a)[25], std::uint64_t (&e)[25],
                                                std::uint64_t rc) noexcept {
  using U = std::uint64_t;
  // Theta (Algorithm 1).
  const U c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];
  const U c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
  const U c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
  const U c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
  const U c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];
  const U d0 = c4 ^ std::rotl(c1, 1);
  const U d1 = c0 ^ std::rotl(c2, 1);
  const U d2 = c1 ^ std::rotl(c3, 1);
  const U d3 = c2 ^ std::rotl(c4, 1);
  const U d4 = c3 ^ std::rotl(c0, 1);
  // Rho (Algorithm 2, Table 2 offsets) and pi (Algorithm 3), then chi (Algorithm 4) and,
  // on lane 0, iota (Algorithm 6). Plain chi: e[x] = b[x] ^ (~b[x+1] & b[x+2]).
  {  // Plane y = 0.
    const U b0 = a[0] ^ d0;
    const U b1 = std::rotl(a[6] ^ d1, 44);
    const U b2 = std::rotl(a[12] ^ d2, 43);
    const U b3 = std::rotl(a[18] ^ d3, 21);
    const U b4 = std::rotl(a[24] ^ d4, 14);
    if constexpr (Complemented) {
      e[0] = b0 ^ (b1 | b2) ^ rc;
      e[1] = b1 ^ (~b2 | b3);
      e[2] = b2 ^ (b3 & b4);
      e[3] = b3 ^ (b4 | b0);
      e[4] = b4 ^ (b0 & b1);
    } else {
      e[0] = b0 ^ (~b1 & b2) ^ rc;
      e[1] = b1 ^ (~b2 & b3);
      e[2] = b2 ^ (~b3 & b4);
      e[3] = b3 ^ (~b4 & b0);
      e[4] = b4 ^ (~b0 & b1);
    }
  }
  {  // Plane y = 1.
    const U b0 = std::rotl(a[3] ^ d3, 28);
    const U b1 = std::rotl(a[9] ^ d4, 20);
    const U b2 = std::rotl(a[10] ^ d0, 3);
    const U b3 = std::rotl(a[16] ^ d1, 45);
    const U b4 = std::rotl(a[22] ^ d2, 61);
    if constexpr (Complemented) {
      e[5] = b0 ^ (b1 | b2);
      e[6] = b1 ^ (b2 & b3);
      e[7] = b2 ^ (b3 | ~b4);
      e[8] = b3 ^ (b4 | b0);
      e[9] = b4 ^ (b0 & b1);
    } else {
      e[5] = b0 ^ (~b1 & b2);
      e[6] = b1 ^ (~b2 & b3);
      e[7] = b2 ^ (~b3 & b4);
      e[8] = b3 ^ (~b4 & b0);
      e[9] = b4 ^ (~b0 & b1);
    }
  }
  {  // Plane y = 2.
    const U b0 = std::rotl(a[1] ^ d1, 1);
    const U b1 = std::rotl(a[7] ^ d2, 6);
    const U b2 = std::rotl(a[13] ^ d3, 25);
    const U b3 = std::rotl(a[19] ^ d4, 8);
    const U b4 = std::rotl(a[20] ^ d0, 18);
    if constexpr (Complemented) {
      const U nb3 = ~b3;
      e[10] = b0 ^ (b1 | b2);
      e[11] = b1 ^ (b2 & b3);
      e[12] = b2 ^ (nb3 & b4);
      e[13] = nb3 ^ (b4 | b0);
      e[14] = b4 ^ (b0 & b1);
    } else {
      e[10] = b0 ^ (~b1 & b2);
      e[11] = b1 ^ (~b2 & b3);
      e[12] = b2 ^ (~b3 & b4);
      e[13] = b3 ^ (~b4 & b0);
      e[14] = b4 ^ (~b0 & b1);
    }
  }
  {  // Plane y = 3.
    const U b0 = std::rotl(a[4] ^ d4, 27);
    const U b1 = std::rotl(a[5] ^ d0, 36);
    const U b2 = std::rotl(a[11] ^ d1, 10);
    const U b3 = std::rotl(a[17] ^ d2, 15);
    const U b4 = std::rotl(a[23] ^ d3, 56);
    if constexpr (Complemented) {
      const U nb3 = ~b3;
      e[15] = b0 ^ (b1 & b2);
      e[16] = b1 ^ (b2 | b3);
      e[17] = b2 ^ (nb3 | b4);
      e[18] = nb3 ^ (b4 & b0);
      e[19] = b4 ^ (b0 | b1);
    } else {
      e[15] = b0 ^ (~b1 & b2);
      e[16] = b1 ^ (~b2 & b3);
      e[17] = b2 ^ (~b3 & b4);
      e[18] = b3 ^ (~b4 & b0);
      e[19] = b4 ^ (~b0 & b1);
    }
  }
  {  // Plane y = 4.
    const U b0 = std::rotl(a[2] ^ d2, 62);
    const U b1 = std::rotl(a[8] ^ d3, 55);
    const U b2 = std::rotl(a[14] ^ d4, 39);
    const U b3 = std::rotl(a[15] ^ d0, 41);
    const U b4 = std::rotl(a[21] ^ d1, 2);
    if constexpr (Complemented) {
      const U nb1 = ~b1;
      e[20] = b0 ^ (nb1 & b2);
      e[21] = nb1 ^ (b2 | b3);
      e[22] = b2 ^ (b3 & b4);
      e[23] = b3 ^ (b4 | b0);
      e[24] = b4 ^ (b0 & b1);
    } else {
      e[20] = b0 ^ (~b1 & b2);
      e[21] = b1 ^ (~b2 & b3);
      e[22] = b2 ^ (~b3 & b4);
      e[23] = b3 ^ (~b4 & b0);
      e[24] = b4 ^ (~b0 & b1);
    }
  }
}

// Twelve iterations of two rounds, a -> e -> a, so no lane is ever copied. With
// Complemented, a is held in the complemented representation on entry and exit.
template <bool Complemented>
[[gnu::always_inline]] inline void scalar_permute(std::uint64_t (&a)[25]) noexcept {
  std::uint64_t e[25];
  for (int r = 0; r < kRounds; r += 2) {
    scalar_round<Complemented>(a, e, kRoundConstants[r]);
    scalar_round<Complemented>(e, a, kRoundConstants[r + 1]);
  }
}

template <bool Complemented>
[[gnu::always_inline]] inline void scalar_rounds(std::uint64_t (&a)[25]) noexcept {
  complement_lanes<Complemented>(a);
  scalar_permute<Complemented>(a);
  complement_lanes<Complemented>(a);
}

// Kernels::absorb_blocks and squeeze_blocks on the scalar round. The state stays in the
// complemented representation across blocks: XORing message lanes commutes with it, and
// output lanes are un-complemented as they are written.
template <bool Complemented>
[[gnu::always_inline]] inline void scalar_absorb_blocks(std::uint64_t (&state)[25], const std::uint8_t* in,
                                                        std::size_t nblocks, std::size_t rate_lanes) noexcept {
  std::uint64_t a[25];
  for (int i = 0; i < 25; ++i) a[i] = state[i];
  complement_lanes<Complemented>(a);
  for (; nblocks > 0; --nblocks, in += 8 * rate_lanes) {
    for (std::size_t i = 0; i < rate_lanes; ++i) a[i] ^= bytes::load_le64(in + 8 * i);
    scalar_permute<Complemented>(a);
  }
  complement_lanes<Complemented>(a);
  for (int i = 0; i < 25; ++i) state[i] = a[i];
}

template <bool Complemented>
[[gnu::always_inline]] inline void scalar_squeeze_blocks(std::uint64_t (&state)[25], std::uint8_t* out,
                                                         std::size_t nblocks, std::size_t rate_lanes) noexcept {
  std::uint64_t a[25], mask[25] = {};
  for (int i = 0; i < 25; ++i) a[i] = state[i];
  complement_lanes<Complemented>(a);
  complement_lanes<Complemented>(mask);
  for (; nblocks > 0; --nblocks, out += 8 * rate_lanes) {
    scalar_permute<Complemented>(a);
    for (std::size_t i = 0; i < rate_lanes; ++i) bytes::store_le64(out + 8 * i, a[i] ^ mask[i]);
  }
  complement_lanes<Complemented>(a);
  for (int i = 0; i < 25; ++i) state[i] = a[i];
}

}  // namespace
}  // namespace tessera::keccak
