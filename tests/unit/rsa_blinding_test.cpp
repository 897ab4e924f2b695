// The blinding pair a private key keeps and renews (src/rsa/rsa_blinding.hpp): results
// stay right across renewals and redraws, from many threads on one key, and a failing
// random source fails the operation and leaves no pair behind.
#include <tessera/random.hpp>
#include <tessera/rsa.hpp>

#include "rsa_test_support.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

namespace {

using namespace tessera;
using test::Bytes;

// The pair's storage: PrivateKey's last member (tests/unit/rsa_test.cpp checks the layout).
Bytes blinding_bytes(const rsa::PrivateKey& k) {
  Bytes b(rsa::kBlindingStateBytes);
  std::memcpy(b.data(), reinterpret_cast<const unsigned char*>(&k) + sizeof k - b.size(), b.size());
  return b;
}
bool all_zero(const Bytes& b) {
  for (const std::uint8_t x : b)
    if (x != 0) return false;
  return true;
}

// x^d (RSASP1) checked with e (RSAVP1).
bool signs_right(const rsa::PrivateKey& sk, const Bytes& x) {
  auto s = rsa::rsasp1(sk, x);
  if (!s) return false;
  auto v = rsa::rsavp1(sk.public_key(), s->bytes());
  return v && test::block_bytes(*v) == x;
}

Bytes representative(std::mt19937& rng) {
  Bytes x = test::random_bytes_vec(rng, 128);
  x[0] &= 0x7F;  // below the 1024-bit n
  return x;
}

TEST(RsaBlinding, RenewedEachOperationAndRedrawn) {
  auto sk = rsa::PrivateKey::from_der(test::from_hex(test::rsa_keys::k1024_der));
  ASSERT_TRUE(sk);
  std::mt19937 rng(17);
  Bytes before = blinding_bytes(*sk);
  EXPECT_TRUE(all_zero(before)) << "a new key holds no pair";
  for (int i = 0; i < 3 * 32 + 5; ++i) {  // past three redraws (every 32 operations)
    ASSERT_TRUE(signs_right(*sk, representative(rng))) << "operation " << i;
    const Bytes after = blinding_bytes(*sk);
    EXPECT_NE(after, before) << "the pair was not renewed by operation " << i;
    before = after;
  }
}

TEST(RsaBlinding, OneKeyFromManyThreads) {
  auto sk = rsa::PrivateKey::from_der(test::from_hex(test::rsa_keys::k1024_der));
  ASSERT_TRUE(sk);
  const rsa::PrivateKey& key = *sk;
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      std::mt19937 rng(100 + t);
      for (int i = 0; i < 50; ++i)
        if (!signs_right(key, representative(rng))) ++wrong;
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
}

bool failing_source(std::uint8_t*, std::size_t) noexcept { return false; }

TEST(RsaBlinding, FailingRandomSourceFailsTheOperation) {
  auto sk = rsa::PrivateKey::from_der(test::from_hex(test::rsa_keys::k1024_der));
  ASSERT_TRUE(sk);
  std::mt19937 rng(5);
  const Bytes x = representative(rng);
  set_entropy_source(failing_source);
  auto s = rsa::rsasp1(*sk, x);
  auto m = rsa::rsadp(*sk, x);
  set_entropy_source(nullptr);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error(), Error::randomness_failure);
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error(), Error::randomness_failure);
  EXPECT_TRUE(all_zero(blinding_bytes(*sk))) << "a failed draw left a pair";
  EXPECT_TRUE(signs_right(*sk, x)) << "the key works again with a working source";
}

}  // namespace
