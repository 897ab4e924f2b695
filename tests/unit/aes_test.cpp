// AES: the bitsliced S-box against its definition, and the tessera::Aes API contract.
#include <tessera/aes.hpp>

#include "support/backends.hpp"
#include "symmetric/aes.hpp"

#include <gtest/gtest.h>

#include <array>
#include <vector>

namespace tessera::test {
namespace {

// GF(2^8) multiplication modulo x^8 + x^4 + x^3 + x + 1 (FIPS 197, Section 4.2).
std::uint8_t gf_mul(std::uint8_t a, std::uint8_t b) {
  std::uint8_t p = 0;
  for (int i = 0; i < 8; ++i) {
    if (b & 1) p ^= a;
    const bool hi = a & 0x80;
    a = static_cast<std::uint8_t>(a << 1);
    if (hi) a ^= 0x1B;
    b >>= 1;
  }
  return p;
}

// FIPS 197, Section 5.1.1: multiplicative inverse (0 -> 0), then the affine map with 0x63.
std::uint8_t sbox_reference(std::uint8_t x) {
  std::uint8_t inv = 0;
  for (int y = 1; y < 256 && x != 0; ++y) {
    if (gf_mul(x, static_cast<std::uint8_t>(y)) == 1) inv = static_cast<std::uint8_t>(y);
  }
  std::uint8_t s = 0x63;
  for (int i = 0; i < 8; ++i) {
    const int bit = ((inv >> i) ^ (inv >> ((i + 4) % 8)) ^ (inv >> ((i + 5) % 8)) ^
                     (inv >> ((i + 6) % 8)) ^ (inv >> ((i + 7) % 8))) & 1;
    s ^= static_cast<std::uint8_t>(bit << i);
  }
  return s;
}

TEST(AesPortable, SboxCircuitMatchesDefinition) {
  for (int base = 0; base < 256; base += 16) {
    std::uint8_t state[16];
    for (int i = 0; i < 16; ++i) state[i] = static_cast<std::uint8_t>(base + i);
    aes::sub_bytes_portable(state);
    for (int i = 0; i < 16; ++i) {
      ASSERT_EQ(state[i], sbox_reference(static_cast<std::uint8_t>(base + i))) << "x = " << base + i;
    }
  }
  EXPECT_EQ(sbox_reference(0x00), 0x63);  // FIPS 197, Table 4
  EXPECT_EQ(sbox_reference(0x53), 0xED);
}

class AesApi : public PerBackend {};

TEST_P(AesApi, KeyLengths) {
  Aes aes;
  EXPECT_FALSE(aes.has_key());
  for (std::size_t n = 0; n <= 40; ++n) {
    std::vector<std::uint8_t> key(n, 7);
    auto r = aes.set_key(key);
    const bool valid = n == 16 || n == 24 || n == 32;
    EXPECT_EQ(r.has_value(), valid) << n;
    if (!valid) {
      EXPECT_EQ(r.error(), Error::invalid_length);
      EXPECT_STREQ(r.what(), "AES key");
      EXPECT_FALSE(aes.has_key());
    }
  }
  aes.clear();
  EXPECT_FALSE(aes.has_key());
}

TEST_P(AesApi, BufferErrors) {
  Aes aes;
  std::vector<std::uint8_t> in(32, 1), out(32, 9);
  auto no_key = aes.encrypt_blocks(in, out);
  ASSERT_FALSE(no_key.has_value());
  EXPECT_EQ(no_key.error(), Error::invalid_state);
  EXPECT_STREQ(no_key.what(), "AES key (none set)");
  EXPECT_EQ(out, std::vector<std::uint8_t>(32, 0));
  std::array<std::uint8_t, 16> ctr{};
  auto no_key_ctr = aes.ctr32_xor(ctr, in, out);
  ASSERT_FALSE(no_key_ctr.has_value());
  EXPECT_EQ(no_key_ctr.error(), Error::invalid_state);
  EXPECT_STREQ(no_key_ctr.what(), "AES key (none set)");
  ASSERT_TRUE(aes.set_key(std::vector<std::uint8_t>(16, 3)).has_value());
  for (std::size_t n : {1u, 15u, 17u, 31u}) {
    std::vector<std::uint8_t> i2(n, 1), o2(n, 9);
    auto r = aes.encrypt_blocks(i2, o2);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error(), Error::invalid_length);
    EXPECT_STREQ(r.what(), "AES input (whole 16-byte blocks)");
    EXPECT_EQ(o2, std::vector<std::uint8_t>(n, 0));
  }
  std::vector<std::uint8_t> short_out(16, 9);
  auto short_r = aes.encrypt_blocks(in, short_out);
  ASSERT_FALSE(short_r.has_value());
  EXPECT_EQ(short_r.error(), Error::invalid_length);
  EXPECT_STREQ(short_r.what(), "AES output");
  EXPECT_EQ(short_out, std::vector<std::uint8_t>(16, 0));
  std::array<std::uint8_t, 16> c0{};
  auto ctr_r = aes.ctr32_xor(c0, std::span(in).first(20), short_out);
  ASSERT_FALSE(ctr_r.has_value());
  EXPECT_EQ(ctr_r.error(), Error::invalid_length);
  EXPECT_STREQ(ctr_r.what(), "AES-CTR output");
  // In place equals out of place.
  ASSERT_TRUE(aes.encrypt_blocks(in, out).has_value());
  ASSERT_TRUE(aes.encrypt_blocks(in, in).has_value());
  EXPECT_EQ(in, out);
  // CTR over a partial block equals the prefix of the full-block result.
  std::array<std::uint8_t, 16> c1{}, c2{};
  std::vector<std::uint8_t> msg(37, 5), full(37), part(20);
  ASSERT_TRUE(aes.ctr32_xor(c1, msg, full).has_value());
  ASSERT_TRUE(aes.ctr32_xor(c2, std::span(msg).first(20), part).has_value());
  EXPECT_EQ(std::vector<std::uint8_t>(full.begin(), full.begin() + 20), part);
  EXPECT_EQ(c1[15], 3);
  EXPECT_EQ(c2[15], 2);
}

TESSERA_INSTANTIATE_PER_BACKEND(AesApi);

}  // namespace
}  // namespace tessera::test
