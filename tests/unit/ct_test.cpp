// src/common/ct.hpp: ct::mask_bytes_eq on strings of equal and of different lengths.
// (The other constant-time helpers are tested in common_test.cpp; their timing in
// tests/ct.)
#include "common/ct.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <vector>

namespace tessera::test {
namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes filled(std::size_t n) {
  Bytes v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint8_t>(i * 37 + 11);
  return v;
}

TEST(CtMaskBytesEq, EqualLengths) {
  const Bytes a = filled(33);
  Bytes b = a;
  EXPECT_EQ(ct::mask_bytes_eq(a, b), 0xFF);
  for (std::size_t i = 0; i < b.size(); ++i) {
    for (std::uint8_t bit = 1; bit != 0; bit = static_cast<std::uint8_t>(bit << 1)) {
      b[i] ^= bit;
      EXPECT_EQ(ct::mask_bytes_eq(a, b), 0) << i;
      b[i] ^= bit;
    }
  }
  EXPECT_EQ(ct::mask_bytes_eq(std::span<const std::uint8_t>{}, std::span<const std::uint8_t>{}), 0xFF);
}

// Different lengths are never equal, and the longer string is not read past the shorter
// one's end: a prefix compared with the whole string (which agrees on every byte the
// shorter one has, and whose bytes lie right behind it) must still be unequal. Under ASan,
// a read past the separately allocated shorter buffer would be reported.
TEST(CtMaskBytesEq, DifferentLengthsAreNotEqual) {
  const Bytes whole = filled(40);
  const std::span<const std::uint8_t> w(whole);
  for (std::size_t n : {0u, 1u, 16u, 39u}) {
    EXPECT_EQ(ct::mask_bytes_eq(w.first(n), w), 0) << n;
    EXPECT_EQ(ct::mask_bytes_eq(w, w.first(n)), 0) << n;
    const Bytes alone(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(n));  // its own allocation
    EXPECT_EQ(ct::mask_bytes_eq(alone, whole), 0) << n;
    EXPECT_EQ(ct::mask_bytes_eq(whole, alone), 0) << n;
  }
  EXPECT_EQ(ct::mask_bytes_eq(std::span<const std::uint8_t>{}, w.first(1)), 0);
}

}  // namespace
}  // namespace tessera::test
