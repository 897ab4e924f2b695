// The Keccak-f[1600] kernels of the image against f1600_portable, on the target and with the
// target's compiler and flags (tests/equivalence/keccak_kernels_test.cpp runs the full set on
// hosts): the bit-interleaved 32-bit permutation in both forms (interleaved32.cpp), the
// compact one, and the kernel table's f1600, on the all-zero and all-ones states, every
// seventh single-bit state, pseudo-random states and a chain of 64 permutations.
#include "keccak_check.hpp"

#include "hash/keccak/keccak.hpp"

#include <cstdint>

namespace tessera::fw {
namespace {

using F1 = void (*)(std::uint64_t (&)[25]) noexcept;

bool same_as_portable(const std::uint64_t (&in)[25]) {
  const F1 kernels[] = {tessera::keccak::f1600_interleaved32, tessera::keccak::f1600_interleaved32_compact,
                        tessera::keccak::f1600_interleaved32_unrolled, tessera::keccak::f1600_compact,
                        tessera::keccak::kernels().f1600};
  std::uint64_t want[25];
  for (int i = 0; i < 25; ++i) want[i] = in[i];
  tessera::keccak::f1600_portable(want);
  for (F1 f : kernels) {
    std::uint64_t got[25];
    for (int i = 0; i < 25; ++i) got[i] = in[i];
    f(got);
    for (int i = 0; i < 25; ++i)
      if (got[i] != want[i]) return false;
  }
  return true;
}

}  // namespace

bool keccak_kernels_match() {
  bool ok = true;
  std::uint64_t s[25];
  for (std::uint64_t fill : {std::uint64_t{0}, ~std::uint64_t{0}}) {
    for (auto& lane : s) lane = fill;
    ok &= same_as_portable(s);
  }
  for (int bit = 0; bit < 1600; bit += 7) {
    for (auto& lane : s) lane = 0;
    s[bit / 64] = std::uint64_t{1} << (bit % 64);
    ok &= same_as_portable(s);
  }
  std::uint64_t x = 0x4B656363616B;  // xorshift64
  for (int t = 0; t < 32; ++t) {
    for (auto& lane : s) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      lane = x;
    }
    ok &= same_as_portable(s);
  }
  for (int r = 0; r < 64; ++r) {  // a chain: each permutation's output is the next input
    ok &= same_as_portable(s);
    tessera::keccak::f1600_portable(s);
  }
  return ok;
}

}  // namespace tessera::fw
