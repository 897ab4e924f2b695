// Keccak-f[1600] in its smallest form (FIPS 202, Algorithm 7, with the step mappings of
// Section 3.2 written as loops over lanes): the permutation of builds for size (-Os, the
// Cortex-M presets), where f1600_portable calls it (portable.cpp). About a fifth of the code
// of the unrolled rounds, and slower. tests/equivalence/keccak_kernels_test.cpp checks it
// against f1600_portable and the Keccak team's intermediate values in every build.
#include "hash/keccak/keccak.hpp"

#include <array>
#include <bit>

namespace tessera::keccak {

void f1600_compact(std::uint64_t (&a)[25]) noexcept {
  for (int round = 0; round < kRounds; ++round) {
    std::uint64_t c[5];
    for (int x = 0; x < 5; ++x) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];  // theta, step 1
    for (int x = 0; x < 5; ++x) {
      const std::uint64_t d = c[(x + 4) % 5] ^ std::rotl(c[(x + 1) % 5], 1);  // step 2
      for (int y = 0; y < 25; y += 5) a[y + x] ^= d;                          // step 3
    }
    // rho and pi: the lane at step t of the cycle goes to the place of step t + 1.
    std::uint64_t moving = a[kRhoPiCycle[0]];
    for (std::size_t t = 0; t < 24; ++t) {
      const std::size_t to = kRhoPiCycle[(t + 1) % 24];
      const std::uint64_t displaced = a[to];
      a[to] = std::rotl(moving, kRho[kRhoPiCycle[t]]);
      moving = displaced;
    }
    for (int y = 0; y < 25; y += 5) {  // chi: A'[x,y] = A[x,y] ^ (~A[x+1,y] & A[x+2,y])
      for (int x = 0; x < 5; ++x) c[x] = a[y + x];
      for (int x = 0; x < 5; ++x) a[y + x] = c[x] ^ (~c[(x + 1) % 5] & c[(x + 2) % 5]);
    }
    a[0] ^= kRoundConstants[round];  // iota
  }
}

}  // namespace tessera::keccak
