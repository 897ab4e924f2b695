// Lookup tables shared by the SIMD ML-DSA kernels (plain data: safe to include anywhere).
#pragma once

#include <array>
#include <cstdint>

namespace tessera::mldsa {

// kLeftPack8[m] lists, in order, the lanes i < 8 with bit i of m set (then zeros): a
// permutation that moves the accepted lanes of a vector to its front.
inline constexpr auto kLeftPack8 = [] {
  std::array<std::array<std::uint8_t, 8>, 256> t{};
  for (int m = 0; m < 256; ++m) {
    int n = 0;
    for (int i = 0; i < 8; ++i)
      if (m >> i & 1) t[m][n++] = static_cast<std::uint8_t>(i);
  }
  return t;
}();

}  // namespace tessera::mldsa
