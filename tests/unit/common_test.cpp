// Constant-time helpers, secret wiping, Result<T>.
#include <tessera/result.hpp>
#include <tessera/secret.hpp>

#include "common/bytes.hpp"
#include "common/ct.hpp"
#include "common/secret.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <type_traits>
#include <vector>

namespace tessera {
namespace {

TEST(ConstantTime, MasksMatchComparisonsExhaustivelyOnSmallRangesAndAtEdges) {
  std::vector<std::uint32_t> values;
  for (std::uint32_t v = 0; v < 300; ++v) values.push_back(v);
  for (std::uint32_t v : {0x7FFFFFFFu, 0x80000000u, 0x80000001u, 0xFFFFFFFEu, 0xFFFFFFFFu}) values.push_back(v);
  for (std::uint32_t a : values) {
    EXPECT_EQ(ct::mask_is_zero(a), a == 0 ? 0xFFFFFFFFu : 0u);
    for (std::uint32_t b : values) {
      ASSERT_EQ(ct::mask_eq(a, b), a == b ? 0xFFFFFFFFu : 0u) << a << " " << b;
      ASSERT_EQ(ct::mask_lt(a, b), a < b ? 0xFFFFFFFFu : 0u) << a << " " << b;
    }
  }
  EXPECT_EQ(ct::mask_is_zero(std::uint64_t{0}), ~std::uint64_t{0});
  EXPECT_EQ(ct::mask_is_zero(std::uint64_t{1} << 63), 0u);
}

TEST(ConstantTime, SelectAndConditionalMove) {
  EXPECT_EQ(ct::select<std::uint32_t>(0xFFFFFFFFu, 7, 9), 7u);
  EXPECT_EQ(ct::select<std::uint32_t>(0, 7, 9), 9u);
  EXPECT_EQ(ct::mask_from_bit<std::uint8_t>(1), 0xFF);
  EXPECT_EQ(ct::mask_from_bit<std::uint8_t>(0), 0);
  std::vector<std::uint8_t> dst = {1, 2, 3}, src = {4, 5, 6};
  ct::cmov_bytes(dst, src, 0x00);
  EXPECT_EQ(dst, (std::vector<std::uint8_t>{1, 2, 3}));
  ct::cmov_bytes(dst, src, 0xFF);
  EXPECT_EQ(dst, src);
  EXPECT_EQ(ct::mask_bytes_eq(dst, src), 0xFF);
  for (std::size_t i = 0; i < 3; ++i) {
    for (int bit = 0; bit < 8; ++bit) {
      auto other = src;
      other[i] ^= static_cast<std::uint8_t>(1 << bit);
      EXPECT_EQ(ct::mask_bytes_eq(other, src), 0);
    }
  }
}

TEST(Bytes, LittleEndianRoundTrips) {
  std::uint8_t b[8];
  bytes::store_le64(b, 0x0102030405060708ull);
  EXPECT_EQ(b[0], 0x08);
  EXPECT_EQ(b[7], 0x01);
  EXPECT_EQ(bytes::load_le64(b), 0x0102030405060708ull);
  EXPECT_EQ(bytes::load_le32(b), 0x05060708u);
  EXPECT_EQ(bytes::load_le_partial(b, 3), 0x060708u);
  EXPECT_EQ(bytes::load_le_partial(b, 0), 0u);
}

TEST(Secret, SecureZeroAndSecretArrayWipe) {
  std::uint8_t buf[32];
  std::memset(buf, 0xAB, sizeof buf);
  secure_zero(buf, sizeof buf);
  for (std::uint8_t x : buf) EXPECT_EQ(x, 0);

  SecretArray<4> a(std::span<const std::uint8_t, 4>(std::array<std::uint8_t, 4>{1, 2, 3, 4}));
  SecretArray<4> b = std::move(a);
  EXPECT_EQ(b[3], 4);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(a[i], 0) << "moved-from secret must be wiped";
  SecretArray<4> c = b.clone();
  EXPECT_EQ(c[0], 1);
  b.wipe();
  EXPECT_EQ(b[0], 0);
  EXPECT_EQ(c[0], 1);

  struct Poly { std::int16_t c[4]; } p{{1, 2, 3, 4}};
  { ZeroOnExit wipe(p); }
  EXPECT_EQ(p.c[0], 0);
  EXPECT_EQ(p.c[3], 0);
}

TEST(ResultType, ValueAndError) {
  Result<int> ok = 5;
  ASSERT_TRUE(ok);
  EXPECT_EQ(*ok, 5);
  Result<int> bad = Error::invalid_length;
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(), Error::invalid_length);
  EXPECT_STREQ(error_message(Error::invalid_length), "invalid length");
  Result<void> v;
  EXPECT_TRUE(v);
  Result<void> e = Error::invalid_key;
  EXPECT_EQ(e.error(), Error::invalid_key);
  for (int i = 1; i <= static_cast<int>(Error::authentication_failed); ++i) {
    EXPECT_STRNE(error_message(static_cast<Error>(i)), "unknown error") << i;
  }
}

// Result<T> assigns like Result<void>: value over error, error over value, value over value;
// the value it held is destroyed (a key object wipes itself) when it is replaced.
TEST(ResultType, Assignable) {
  Result<int> r = Error::invalid_key;
  r = Result<int>(7);
  ASSERT_TRUE(r);
  EXPECT_EQ(*r, 7);
  r = Result<int>(Error::unsupported);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), Error::unsupported);
  const Result<int> other = 9;
  r = other;
  EXPECT_EQ(*r, 9);
  Result<int>& alias = r;
  r = alias;  // self-assignment keeps the value
  EXPECT_EQ(*r, 9);

  // The replaced value's destructor runs (for a key object, the destructor is its wipe; the
  // wipe itself is tested by tests/unit/zeroize_*). Its bytes cannot be read back here: the
  // Failure stored over them has padding whose contents the compiler chooses.
  struct Counted {
    int* destroyed;
    ~Counted() { ++*destroyed; }
  };
  int destroyed = 0;
  {
    Result<Counted> counted = Counted{&destroyed};
    destroyed = 0;  // the temporary's destructor
    counted = Result<Counted>(Error::invalid_length);
    EXPECT_EQ(destroyed, 1);
    EXPECT_EQ(counted.error(), Error::invalid_length);
  }
  EXPECT_EQ(destroyed, 1);  // an error holds nothing to destroy
  static_assert(!std::is_copy_assignable_v<Result<SecretArray<8>>>);  // secrets: explicit copies only
  static_assert(std::is_move_assignable_v<Result<SecretArray<8>>>);
}

// A failure names what was wrong; a bare Error leaves what() empty. Forwarding keeps it.
TEST(ResultType, FailureNamesTheArgument) {
  Result<int> r = fail(Error::invalid_length, "AES-GCM nonce");
  EXPECT_EQ(r.error(), Error::invalid_length);
  EXPECT_STREQ(r.what(), "AES-GCM nonce");
  Result<void> v = r.failure();
  EXPECT_EQ(v.error(), Error::invalid_length);
  EXPECT_STREQ(v.what(), "AES-GCM nonce");
  Result<int> bare = Error::invalid_key;
  EXPECT_STREQ(bare.what(), "");
}

TEST(ResultTypeDeathTest, AccessingTheWrongAlternativeTraps) {
  Result<int> bad = Error::invalid_length;
  EXPECT_DEATH((void)bad.value(), "");
  Result<int> ok = 1;
  EXPECT_DEATH((void)ok.error(), "");
}

}  // namespace
}  // namespace tessera
