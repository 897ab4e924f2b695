// Poly1305's two portable kernels on the same inputs: radix 2^26 (32 x 32 -> 64-bit
// products, the kernel of targets without unsigned __int128) and radix 2^44 (64 x 64 ->
// 128), against RFC 8439's vectors (Section 2.5.2, Appendix A.3) and each other.
// On a 32-bit target blocks_portable is the radix-2^26 kernel; the accumulated digest
// (computed with the radix-2^44 kernel on x86-64) then ties it to the 64-bit results.
#include <tessera/aead.hpp>
#include <tessera/sha3.hpp>

#include "support/hex.hpp"
#include "symmetric/chacha20.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <random>
#include <string>

namespace tessera::test {
namespace {

using poly1305::Kernels;
using poly1305::State;

const Kernels kRadix26{poly1305::blocks_radix26, nullptr, "radix26"};

// The tag through the radix-2^26 kernel only, its final partial block included (final()
// would take the radix-2^44 path for it where that kernel is built). `chunk` splits the
// message into update() calls of that many bytes (0: one call).
std::array<std::uint8_t, 16> tag_radix26(std::span<const std::uint8_t> key, std::span<const std::uint8_t> msg,
                                         std::size_t chunk = 0) {
  State st;
  poly1305::init(st, kRadix26, key.data());
  for (std::size_t off = 0; off < msg.size();) {
    const std::size_t n = chunk == 0 ? msg.size() : std::min(chunk, msg.size() - off);
    poly1305::update(st, msg.data() + off, n);
    off += n;
  }
  if (st.buffered != 0) {
    std::uint8_t b[16] = {};
    std::memcpy(b, st.buf, st.buffered);
    b[st.buffered] = 1;
    poly1305::final_block_radix26(st, b);
    st.buffered = 0;
  }
  std::array<std::uint8_t, 16> tag{};
  poly1305::final(st, tag.data());
  return tag;
}

// The tag through the build's portable kernel (radix 2^44 where unsigned __int128 exists).
std::array<std::uint8_t, 16> tag_portable(std::span<const std::uint8_t> key, std::span<const std::uint8_t> msg,
                                          std::size_t chunk = 0) {
  State st;
  poly1305::init(st, poly1305::kernels_portable(), key.data());
  for (std::size_t off = 0; off < msg.size();) {
    const std::size_t n = chunk == 0 ? msg.size() : std::min(chunk, msg.size() - off);
    poly1305::update(st, msg.data() + off, n);
    off += n;
  }
  std::array<std::uint8_t, 16> tag{};
  poly1305::final(st, tag.data());
  return tag;
}

struct Vector {
  const char* name;
  std::string key, msg, tag;
};

std::string rep(const char* hex, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += hex;
  return s;
}

std::vector<Vector> rfc8439_vectors() {
  const std::string zero16 = rep("00", 16);
  return {
      {"2.5.2", "85D6BE7857556D337F4452FE42D506A80103808AFB0DB2FD4ABFF6AF4149F51B",
       "43727970746F6772617068696320466F72756D2052657365617263682047726F7570",  // "Cryptographic Forum Research Group"
       "A8061DC1305136C6C22B8BAF0C0127A9"},
      {"A.3 #1", rep("00", 32), rep("00", 64), zero16},
      // #5-#9: the carries of h + m and of the reduction modulo 2^130 - 5.
      {"A.3 #5", "02" + rep("00", 31), rep("FF", 16), "03" + rep("00", 15)},
      {"A.3 #6", "02" + rep("00", 15) + rep("FF", 16), "02" + rep("00", 15), "03" + rep("00", 15)},
      {"A.3 #7", "01" + rep("00", 31), rep("FF", 16) + "F0" + rep("FF", 15) + "11" + rep("00", 15),
       "05" + rep("00", 15)},
      {"A.3 #8", "01" + rep("00", 31), rep("FF", 16) + "FB" + rep("FE", 15) + rep("01", 16), zero16},
      {"A.3 #9", "02" + rep("00", 31), "FD" + rep("FF", 15), "FA" + rep("FF", 15)},
  };
}

TEST(Poly1305Radix26, Rfc8439Vectors) {
  for (const Vector& v : rfc8439_vectors()) {
    const Bytes key = from_hex(v.key), msg = from_hex(v.msg);
    EXPECT_EQ(to_hex(tag_radix26(key, msg)), v.tag) << v.name << " (radix 2^26)";
    EXPECT_EQ(to_hex(tag_portable(key, msg)), v.tag) << v.name << " (portable kernel)";
    std::array<std::uint8_t, 16> tag{};
    ASSERT_TRUE(poly1305_mac(key, msg, tag).has_value());
    EXPECT_EQ(to_hex(tag), v.tag) << v.name << " (poly1305_mac)";
  }
}

// Keys and messages that keep every limb at its largest: r clamped from all-ones, the
// message all-ones (h + m near 2^131 every block), lengths across the block boundary.
TEST(Poly1305Radix26, ExtremeInputsMatchPortable) {
  for (std::uint8_t fill : {std::uint8_t{0x00}, std::uint8_t{0xFF}, std::uint8_t{0xFE}, std::uint8_t{0x80}}) {
    const Bytes key(32, 0xFF);
    for (std::size_t len : {0u, 1u, 15u, 16u, 17u, 31u, 32u, 33u, 64u, 255u, 256u, 1000u}) {
      const Bytes msg(len, fill);
      EXPECT_EQ(to_hex(tag_radix26(key, msg)), to_hex(tag_portable(key, msg))) << "len " << len;
    }
  }
}

TEST(Poly1305Radix26, RandomInputsMatchPortable) {
  std::mt19937 rng(8439);
  for (int i = 0; i < 2000; ++i) {
    const Bytes key = random_bytes_vec(rng, 32);
    const Bytes msg = random_bytes_vec(rng, rng() % 600);
    const std::size_t chunk = rng() % 40;
    const auto ref = tag_portable(key, msg);
    ASSERT_EQ(to_hex(tag_radix26(key, msg, chunk)), to_hex(ref)) << "case " << i;
    ASSERT_EQ(to_hex(tag_portable(key, msg, chunk)), to_hex(ref)) << "case " << i;
  }
}

// a * b mod p in both radices, on random and on the largest fully-carried operands.
TEST(Poly1305Radix26, MulModMatchesPortable) {
  std::mt19937_64 rng(130);
  constexpr std::uint64_t m44 = (std::uint64_t{1} << 44) - 1, m42 = (std::uint64_t{1} << 42) - 1;
  const auto full = [](std::uint64_t v[3]) {  // fully carried, < p: compare limb by limb
    std::uint64_t one[3] = {1, 0, 0};
    poly1305::mul_mod(v, v, one);
  };
  for (int i = 0; i < 5000; ++i) {
    std::uint64_t a[3] = {rng() & m44, rng() & m44, rng() & m42};
    std::uint64_t b[3] = {rng() & m44, rng() & m44, rng() & m42};
    if (i < 4) {  // all-ones limbs (just below 2^130, i.e. >= p) and p - 1 = 2^130 - 6
      for (auto* v : {a, b}) v[0] = (i & 1) ? m44 : m44 - 5, v[1] = m44, v[2] = m42;
    }
    std::uint64_t x[3], y[3];
    poly1305::mul_mod(x, a, b);
    poly1305::mul_mod_radix26(y, a, b);
    full(x);
    full(y);
    ASSERT_EQ(x[0], y[0]) << i;
    ASSERT_EQ(x[1], y[1]) << i;
    ASSERT_EQ(x[2], y[2]) << i;
  }
}

// 10,000 derived cases (key and message from SHAKE128 of the case number), every tag
// absorbed into SHA3-256. The digest was computed with the radix-2^44 kernel on x86-64;
// on a 32-bit target it checks the radix-2^26 kernel against those results.
TEST(Poly1305Radix26, AccumulatedDigest) {
  Sha3_256 acc26, acc_portable;
  for (std::uint32_t i = 0; i < 10000; ++i) {
    Shake128 xof;
    const std::uint8_t seed[4] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i >> 8),
                                  static_cast<std::uint8_t>(i >> 16), static_cast<std::uint8_t>(i >> 24)};
    ASSERT_TRUE(xof.absorb(seed).has_value());
    std::array<std::uint8_t, 32 + 160> buf{};
    xof.squeeze(buf);
    const std::span<const std::uint8_t> key(buf.data(), 32);
    const std::span<const std::uint8_t> msg(buf.data() + 32, i % 161);
    acc26.update(tag_radix26(key, msg));
    acc_portable.update(tag_portable(key, msg));
  }
  std::array<std::uint8_t, 32> d26{}, dp{};
  acc26.final(d26);
  acc_portable.final(dp);
  EXPECT_EQ(to_hex(d26), to_hex(dp));
  EXPECT_EQ(to_hex(dp), "6D9124015A306D68CD9B34006B7136BD3770B91A980A97F7E682AEE952116EF2");
}

}  // namespace
}  // namespace tessera::test
