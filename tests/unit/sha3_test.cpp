#include <tessera/sha3.hpp>
#include "support/hex.hpp"
#include <gtest/gtest.h>
using namespace tessera;
TEST(Sha3, Abc) {
  const std::uint8_t abc[3] = {'a', 'b', 'c'};
  std::array<std::uint8_t, 32> d{};
  sha3_256(abc, d);
  EXPECT_EQ(test::to_hex(d), "3A985DA74FE225B2045C172D6BD390BD855F086E3E9D525B46BFE24511431532");
}
