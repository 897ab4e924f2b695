// Keccak-f[1600], portable C++ (FIPS 202, Section 3.3, Algorithm 7).
// The state is 25 lanes A[x + 5y]. Each round is written out with constant indices so the
// compiler keeps the lanes in registers; two rounds per loop iteration ping-pong between
// the arrays a and e.
#include "hash/keccak/keccak.hpp"

#include <bit>

namespace tessera::keccak {
namespace {

// One round: theta, rho and pi (b[y][2x+3y] = ROT(a[x][y] ^ d[x], r[x][y])), chi; iota
// is applied by the caller. Rotation offsets r are FIPS 202 Table 2 (recomputed by
// tests/unit/keccak_constants_test.cpp).
[[gnu::always_inline]] inline void round(const std::uint64_t (&a)[25], std::uint64_t (&e)[25]) noexcept {
  const std::uint64_t c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];
  const std::uint64_t c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
  const std::uint64_t c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
  const std::uint64_t c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
  const std::uint64_t c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];
  const std::uint64_t d0 = c4 ^ std::rotl(c1, 1);
  const std::uint64_t d1 = c0 ^ std::rotl(c2, 1);
  const std::uint64_t d2 = c1 ^ std::rotl(c3, 1);
  const std::uint64_t d3 = c2 ^ std::rotl(c4, 1);
  const std::uint64_t d4 = c3 ^ std::rotl(c0, 1);
  // Plane y = 0.
  const std::uint64_t b00 = a[0] ^ d0;
  const std::uint64_t b10 = std::rotl(a[6] ^ d1, 44);
  const std::uint64_t b20 = std::rotl(a[12] ^ d2, 43);
  const std::uint64_t b30 = std::rotl(a[18] ^ d3, 21);
  const std::uint64_t b40 = std::rotl(a[24] ^ d4, 14);
  e[0] = b00 ^ (~b10 & b20);
  e[1] = b10 ^ (~b20 & b30);
  e[2] = b20 ^ (~b30 & b40);
  e[3] = b30 ^ (~b40 & b00);
  e[4] = b40 ^ (~b00 & b10);
  // Plane y = 1.
  const std::uint64_t b01 = std::rotl(a[3] ^ d3, 28);
  const std::uint64_t b11 = std::rotl(a[9] ^ d4, 20);
  const std::uint64_t b21 = std::rotl(a[10] ^ d0, 3);
  const std::uint64_t b31 = std::rotl(a[16] ^ d1, 45);
  const std::uint64_t b41 = std::rotl(a[22] ^ d2, 61);
  e[5] = b01 ^ (~b11 & b21);
  e[6] = b11 ^ (~b21 & b31);
  e[7] = b21 ^ (~b31 & b41);
  e[8] = b31 ^ (~b41 & b01);
  e[9] = b41 ^ (~b01 & b11);
  // Plane y = 2.
  const std::uint64_t b02 = std::rotl(a[1] ^ d1, 1);
  const std::uint64_t b12 = std::rotl(a[7] ^ d2, 6);
  const std::uint64_t b22 = std::rotl(a[13] ^ d3, 25);
  const std::uint64_t b32 = std::rotl(a[19] ^ d4, 8);
  const std::uint64_t b42 = std::rotl(a[20] ^ d0, 18);
  e[10] = b02 ^ (~b12 & b22);
  e[11] = b12 ^ (~b22 & b32);
  e[12] = b22 ^ (~b32 & b42);
  e[13] = b32 ^ (~b42 & b02);
  e[14] = b42 ^ (~b02 & b12);
  // Plane y = 3.
  const std::uint64_t b03 = std::rotl(a[4] ^ d4, 27);
  const std::uint64_t b13 = std::rotl(a[5] ^ d0, 36);
  const std::uint64_t b23 = std::rotl(a[11] ^ d1, 10);
  const std::uint64_t b33 = std::rotl(a[17] ^ d2, 15);
  const std::uint64_t b43 = std::rotl(a[23] ^ d3, 56);
  e[15] = b03 ^ (~b13 & b23);
  e[16] = b13 ^ (~b23 & b33);
  e[17] = b23 ^ (~b33 & b43);
  e[18] = b33 ^ (~b43 & b03);
  e[19] = b43 ^ (~b03 & b13);
  // Plane y = 4.
  const std::uint64_t b04 = std::rotl(a[2] ^ d2, 62);
  const std::uint64_t b14 = std::rotl(a[8] ^ d3, 55);
  const std::uint64_t b24 = std::rotl(a[14] ^ d4, 39);
  const std::uint64_t b34 = std::rotl(a[15] ^ d0, 41);
  const std::uint64_t b44 = std::rotl(a[21] ^ d1, 2);
  e[20] = b04 ^ (~b14 & b24);
  e[21] = b14 ^ (~b24 & b34);
  e[22] = b24 ^ (~b34 & b44);
  e[23] = b34 ^ (~b44 & b04);
  e[24] = b44 ^ (~b04 & b14);
}

}  // namespace

void f1600_portable(std::uint64_t (&state)[25]) noexcept {
  std::uint64_t a[25], e[25];
  for (int i = 0; i < 25; ++i) a[i] = state[i];
  for (int r = 0; r < kRounds; r += 2) {
    round(a, e);
    e[0] ^= kRoundConstants[r];      // iota
    round(e, a);
    a[0] ^= kRoundConstants[r + 1];  // iota
  }
  for (int i = 0; i < 25; ++i) state[i] = a[i];
}

void f1600_x4_portable(State4& s) noexcept { f1600_xn_portable(s); }
void f1600_x8_portable(State8& s) noexcept { f1600_xn_portable(s); }

}  // namespace tessera::keccak
