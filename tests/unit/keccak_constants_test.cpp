// Recomputes the Keccak-f[1600] constant tables from their definitions in FIPS 202.
#include "hash/keccak/keccak.hpp"

#include <gtest/gtest.h>

namespace tessera::keccak {
namespace {

// FIPS 202, Algorithm 5: rc(t), the output of an LFSR over GF(2)[x]/(x^8+x^6+x^5+x^4+1).
bool rc(int t) {
  if (t % 255 == 0) return true;
  unsigned r = 0x80;  // R = 10000000 (bit 0 of the spec is the most significant here)
  for (int i = 1; i <= t % 255; ++i) {
    const unsigned r0 = 0;
    unsigned R = (r0 << 8) | r;  // R = 0 || R: 9 bits, spec bit j at position 8 - j
    const unsigned b8 = R & 1;    // R[8]
    R ^= b8 << 8;                 // R[0] ^= R[8]
    R ^= b8 << 4;                 // R[4] ^= R[8]
    R ^= b8 << 3;                 // R[5] ^= R[8]
    R ^= b8 << 2;                 // R[6] ^= R[8]
    r = R >> 1;                   // R = Trunc8(R)
  }
  return (r >> 7) & 1;  // R[0]
}

TEST(KeccakConstants, RoundConstantsFollowAlgorithm6) {
  for (int ir = 0; ir < kRounds; ++ir) {
    std::uint64_t expected = 0;
    for (int j = 0; j <= 6; ++j) {
      if (rc(j + 7 * ir)) expected |= std::uint64_t{1} << ((1 << j) - 1);
    }
    EXPECT_EQ(kRoundConstants[ir], expected) << "round " << ir;
  }
}

// The bit-interleaved round constants (interleaved32.cpp): RC[i_r] from rc(t) as above, its
// even bits (2k at k) and odd bits (2k + 1 at k) as two 32-bit words.
TEST(KeccakConstants, InterleavedRoundConstantsFollowAlgorithm6) {
  for (int ir = 0; ir < kRounds; ++ir) {
    std::uint32_t even = 0, odd = 0;
    for (int j = 0; j <= 6; ++j) {
      if (!rc(j + 7 * ir)) continue;
      const int bit = (1 << j) - 1;  // RC[2^j - 1] = rc(j + 7 i_r)
      if (bit % 2 == 0) even |= std::uint32_t{1} << (bit / 2);
      else odd |= std::uint32_t{1} << (bit / 2);
    }
    EXPECT_EQ(kRoundConstantsInterleaved32[ir][0], even) << "round " << ir << ", even bits";
    EXPECT_EQ(kRoundConstantsInterleaved32[ir][1], odd) << "round " << ir << ", odd bits";
  }
}

// FIPS 202, Algorithm 3 (rho): offsets (t+1)(t+2)/2 along the walk (x, y) -> (y, 2x+3y).
TEST(KeccakConstants, RhoOffsetsFollowAlgorithm3) {
  int expected[25] = {};
  int x = 1, y = 0;
  for (int t = 0; t < 24; ++t) {
    expected[x + 5 * y] = ((t + 1) * (t + 2) / 2) % 64;
    const int nx = y, ny = (2 * x + 3 * y) % 5;
    x = nx;
    y = ny;
  }
  for (int i = 0; i < 25; ++i) EXPECT_EQ(kRho[i], expected[i]) << "lane " << i;
}

}  // namespace
}  // namespace tessera::keccak
