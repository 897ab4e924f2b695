// A program outside the Tessera tree: hashes "abc" and checks the FIPS 202 example digest.
#include <tessera/sha3.hpp>

#include <array>
#include <cstdio>
#include <cstring>

int main() {
  const std::uint8_t abc[3] = {'a', 'b', 'c'};
  std::array<std::uint8_t, 32> d{};
  tessera::sha3_256(abc, d);
  static const std::uint8_t expected[32] = {
      0x3a, 0x98, 0x5d, 0xa7, 0x4f, 0xe2, 0x25, 0xb2, 0x04, 0x5c, 0x17, 0x2d, 0x6b, 0xd3, 0x90, 0xbd,
      0x85, 0x5f, 0x08, 0x6e, 0x3e, 0x9d, 0x52, 0x5b, 0x46, 0xbf, 0xe2, 0x45, 0x11, 0x43, 0x15, 0x32};
  if (std::memcmp(d.data(), expected, 32) != 0) {
    std::puts("SHA3-256(\"abc\") mismatch");
    return 1;
  }
  std::puts("ok");
  return 0;
}
