// Keccak-f[1600] in its smallest form (FIPS 202, Algorithm 7, with the step mappings of
// Section 3.2 written as loops over lanes): the permutation of builds for size (-Os, the
// Cortex-M presets), where f1600_portable calls it (portable.cpp). About a fifth of the code
// of the unrolled rounds, and slower. tests/equivalence/keccak_kernels_test.cpp checks it
// against f1600_portable and the Keccak team's intermediate values in every build.
#include "hash/keccak/keccak.hpp"

#include <array>
#include <bit>

namespace tessera::keccak {
namespace {

// rho and pi together move lane (x, y) to (y, 2x + 3y), rotated by rho's offset of (x, y)
// (Algorithms 2 and 3). From lane (1, 0) these moves visit the 24 lanes other than (0, 0) in
// one cycle (Algorithm 3's walk), so both steps are done in place along it: kCycle[t] is the
// lane index x + 5y at step t.
constexpr std::array<std::uint8_t, 24> make_cycle() noexcept {
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
constexpr std::array<std::uint8_t, 24> kCycle = make_cycle();
static_assert(kCycle[0] == 1 && kCycle[1] == 10 && kCycle[23] == 6);

}  // namespace

void f1600_compact(std::uint64_t (&a)[25]) noexcept {
  for (int round = 0; round < kRounds; ++round) {
    std::uint64_t c[5];
    for (int x = 0; x < 5; ++x) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];  // theta, step 1
    for (int x = 0; x < 5; ++x) {
      const std::uint64_t d = c[(x + 4) % 5] ^ std::rotl(c[(x + 1) % 5], 1);  // step 2
      for (int y = 0; y < 25; y += 5) a[y + x] ^= d;                          // step 3
    }
    // rho and pi: the lane at step t of the cycle goes to the place of step t + 1.
    std::uint64_t moving = a[kCycle[0]];
    for (std::size_t t = 0; t < 24; ++t) {
      const std::size_t to = kCycle[(t + 1) % 24];
      const std::uint64_t displaced = a[to];
      a[to] = std::rotl(moving, kRho[kCycle[t]]);
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
