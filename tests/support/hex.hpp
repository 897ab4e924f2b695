// Hex and byte-string helpers for tests.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::test {

using Bytes = std::vector<std::uint8_t>;

// Decodes upper- or lower-case hex; fails the current test on malformed input.
Bytes from_hex(std::string_view hex);
std::string to_hex(std::span<const std::uint8_t> bytes);

// A copy of s truncated or extended (with `fill`) to n bytes.
inline Bytes resized(std::span<const std::uint8_t> s, std::size_t n, std::uint8_t fill = 0) {
  Bytes b(s.begin(), s.end());
  b.resize(n, fill);
  return b;
}
// n bytes from a test's (seeded, reproducible) generator.
inline Bytes random_bytes_vec(std::mt19937& rng, std::size_t n) {
  Bytes b(n);
  for (auto& x : b) x = static_cast<std::uint8_t>(rng());
  return b;
}

}  // namespace tessera::test
