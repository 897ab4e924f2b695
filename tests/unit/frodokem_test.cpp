// FrodoKEM / eFrodoKEM API tests on every backend, all twelve variants (typed tests):
// round trips, implicit rejection of modified ciphertexts (the rejection key F(c || s) is
// returned, never an error), every wrong input length rejected, determinism of the
// *_internal entry points and agreement of every backend with the portable one.
#include "support/backends.hpp"

#include <tessera/frodokem.hpp>
#include <tessera/sha3.hpp>

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <vector>

namespace tessera::test {
namespace {

using namespace tessera::frodokem;

template <class C>
std::vector<std::uint8_t> to_vec(const C& c) {
  return std::vector<std::uint8_t>(c.begin(), c.end());
}

template <class K>
class FrodoKemApi : public ::testing::Test {
 protected:
  // Runs f once under each backend this host has.
  template <class F>
  void for_each_backend(F f) {
    for (Backend b : kAllBackends) {
      auto forced = BackendOverride::force(b);
      if (!forced) continue;
      SCOPED_TRACE(std::string(backend_name(b)));
      f(b);
    }
  }
  std::mt19937_64 rng{42};
  std::vector<std::uint8_t> random_bytes(std::size_t n) {
    std::vector<std::uint8_t> v(n);
    for (auto& x : v) x = static_cast<std::uint8_t>(rng());
    return v;
  }
};

using AllVariants = ::testing::Types<FrodoKem640Aes, FrodoKem640Shake, FrodoKem976Aes, FrodoKem976Shake,
                                     FrodoKem1344Aes, FrodoKem1344Shake, EFrodoKem640Aes, EFrodoKem640Shake,
                                     EFrodoKem976Aes, EFrodoKem976Shake, EFrodoKem1344Aes, EFrodoKem1344Shake>;
class VariantNames {
 public:
  template <class K>
  static std::string GetName(int) {
    std::string s = K::params.name;
    for (auto& c : s)
      if (c == '-') c = '_';
    return s;
  }
};
TYPED_TEST_SUITE(FrodoKemApi, AllVariants, VariantNames);

TYPED_TEST(FrodoKemApi, RoundTripsAndImplicitRejection) {
  using K = TypeParam;
  this->for_each_backend([&](Backend) {
    for (int i = 0; i < 2; ++i) {
      auto kp = K::keygen();
      ASSERT_TRUE(kp);
      auto enc = K::encaps(kp->pk);
      ASSERT_TRUE(enc);
      auto ss = K::decaps(kp->sk.span(), enc->ct);
      ASSERT_TRUE(ss);
      EXPECT_EQ(to_vec(ss->span()), to_vec(enc->shared_secret.span()));
      // Modified ciphertexts: in c1, in c2, in the salt (FrodoKEM), at both ends.
      std::vector<std::size_t> where = {0, K::ct_bytes / 2, K::params.c1_bytes(), K::params.c1_bytes() + 1,
                                        K::ct_bytes - 1};
      for (std::size_t pos : where) {
        auto ct = enc->ct;
        ct[pos] ^= static_cast<std::uint8_t>(1u << (pos % 8));
        auto bad = K::decaps(kp->sk.span(), ct);
        ASSERT_TRUE(bad) << "a modified ciphertext is not an error";
        EXPECT_NE(to_vec(bad->span()), to_vec(enc->shared_secret.span())) << "byte " << pos;
        // The rejection key is F(c || s) with s the first len_sec bytes of sk.
        std::vector<std::uint8_t> fin(ct.begin(), ct.end());
        fin.insert(fin.end(), kp->sk.data(), kp->sk.data() + K::s_bytes);
        std::vector<std::uint8_t> expect(K::shared_secret_bytes);
        if (K::params.n == 640) shake128(fin, expect);
        else shake256(fin, expect);
        EXPECT_EQ(to_vec(bad->span()), expect) << "byte " << pos;
      }
    }
  });
}

TYPED_TEST(FrodoKemApi, EveryWrongLengthRejected) {
  using K = TypeParam;
  auto kp = K::keygen();
  ASSERT_TRUE(kp);
  auto enc = K::encaps(kp->pk);
  ASSERT_TRUE(enc);
  auto big = this->random_bytes(K::sk_bytes + 2);
  auto lengths = [](std::size_t good) {
    std::vector<std::size_t> v = {0, 1, good - 1, good + 1};
    if (good >= 16) v.push_back(good - 16);
    return v;
  };
  for (std::size_t len : lengths(K::pk_bytes)) {
    auto r = K::encaps({big.data(), len});
    ASSERT_FALSE(r) << len;
    EXPECT_EQ(r.error(), Error::invalid_length);
  }
  for (std::size_t len : lengths(K::sk_bytes)) {
    auto r = K::decaps({big.data(), len}, enc->ct);
    ASSERT_FALSE(r) << len;
    EXPECT_EQ(r.error(), Error::invalid_length);
  }
  for (std::size_t len : lengths(K::ct_bytes)) {
    auto r = K::decaps(kp->sk.span(), {big.data(), len});
    ASSERT_FALSE(r) << len;
    EXPECT_EQ(r.error(), Error::invalid_length);
  }
  const std::size_t s = K::s_bytes, se = K::seed_se_bytes, z = K::z_bytes;
  for (std::size_t d : {std::size_t{1}, std::size_t{0} - 1}) {
    EXPECT_FALSE(K::keygen_internal({big.data(), s + d}, {big.data(), se}, {big.data(), z}));
    EXPECT_FALSE(K::keygen_internal({big.data(), s}, {big.data(), se + d}, {big.data(), z}));
    EXPECT_FALSE(K::keygen_internal({big.data(), s}, {big.data(), se}, {big.data(), z + d}));
    EXPECT_FALSE(K::encaps_internal(kp->pk, {big.data(), K::mu_bytes + d}, {big.data(), K::salt_bytes}));
    if (K::salt_bytes != 0 || d == 1) {
      EXPECT_FALSE(K::encaps_internal(kp->pk, {big.data(), K::mu_bytes}, {big.data(), K::salt_bytes + d}));
    }
  }
  auto r = K::keygen_internal({big.data(), s}, {big.data(), se}, {big.data(), z + 1});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), Error::invalid_length);
}

// Deterministic entry points give the same bytes on every backend.
TYPED_TEST(FrodoKemApi, BackendsAgree) {
  using K = TypeParam;
  auto rnd = this->random_bytes(K::s_bytes + K::seed_se_bytes + K::z_bytes + K::mu_bytes + K::salt_bytes);
  const std::uint8_t* p = rnd.data();
  std::vector<std::uint8_t> pk0, sk0, ct0, ss0;
  this->for_each_backend([&](Backend) {
    auto kp = K::keygen_internal({p, K::s_bytes}, {p + K::s_bytes, K::seed_se_bytes},
                                 {p + K::s_bytes + K::seed_se_bytes, K::z_bytes});
    ASSERT_TRUE(kp);
    const std::uint8_t* q = p + K::s_bytes + K::seed_se_bytes + K::z_bytes;
    auto enc = K::encaps_internal(kp->pk, {q, K::mu_bytes}, {q + K::mu_bytes, K::salt_bytes});
    ASSERT_TRUE(enc);
    auto again = K::encaps_internal(kp->pk, {q, K::mu_bytes}, {q + K::mu_bytes, K::salt_bytes});
    ASSERT_TRUE(again);
    EXPECT_EQ(to_vec(enc->ct), to_vec(again->ct));
    if (pk0.empty()) {
      pk0 = to_vec(kp->pk);
      sk0 = to_vec(kp->sk.span());
      ct0 = to_vec(enc->ct);
      ss0 = to_vec(enc->shared_secret.span());
    } else {
      EXPECT_EQ(to_vec(kp->pk), pk0);
      EXPECT_EQ(to_vec(kp->sk.span()), sk0);
      EXPECT_EQ(to_vec(enc->ct), ct0);
      EXPECT_EQ(to_vec(enc->shared_secret.span()), ss0);
    }
  });
}

}  // namespace
}  // namespace tessera::test
