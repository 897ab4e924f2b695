// Backend selection: names, availability, overrides, and the kernel table that follows.
#include <tessera/backend.hpp>

#include "cpu/features.hpp"
#include "hash/keccak/keccak.hpp"

#include <gtest/gtest.h>

namespace tessera {
namespace {

TEST(Backend, NamesRoundTrip) {
  for (Backend b : kAllBackends) {
    auto parsed = parse_backend(backend_name(b));
    ASSERT_TRUE(parsed);
    EXPECT_EQ(*parsed, b);
  }
  auto bad = parse_backend("sse9");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(), Error::unknown_backend);
  EXPECT_FALSE(parse_backend(""));
  EXPECT_FALSE(parse_backend("AVX2"));
}

TEST(Backend, BestIsAvailableAndPortableAlwaysIs) {
  EXPECT_TRUE(backend_available(Backend::portable));
  EXPECT_TRUE(backend_available(best_backend()));
  const cpu::Features& f = cpu::features();
  if (backend_available(Backend::avx512)) {
    EXPECT_TRUE(f.avx512f && f.avx512bw && f.avx512vl && f.os_avx512);
  }
  if (backend_available(Backend::avx2)) {
    EXPECT_TRUE(f.avx2 && f.os_avx);
  }
#if !defined(__x86_64__)
  EXPECT_FALSE(backend_available(Backend::avx2));
  EXPECT_FALSE(backend_available(Backend::avx512));
#endif
#if !defined(__aarch64__)
  EXPECT_FALSE(backend_available(Backend::neon));
#endif
}

TEST(Backend, OverrideForcesAndRestores) {
  const Backend before = active_backend();
  for (Backend b : kAllBackends) {
    auto forced = BackendOverride::force(b);
    if (!backend_available(b)) {
      ASSERT_FALSE(forced) << backend_name(b);
      EXPECT_EQ(forced.error(), Error::backend_unavailable);
      EXPECT_EQ(active_backend(), before) << "a refused override must change nothing";
      continue;
    }
    ASSERT_TRUE(forced);
    EXPECT_EQ(active_backend(), b);
    EXPECT_EQ(&keccak::kernels(), &keccak::kernels_for(b));
    {
      auto inner = BackendOverride::force(Backend::portable);
      ASSERT_TRUE(inner);
      EXPECT_EQ(active_backend(), Backend::portable);
    }
    EXPECT_EQ(active_backend(), b);
  }
  EXPECT_EQ(active_backend(), before);
}

}  // namespace
}  // namespace tessera
