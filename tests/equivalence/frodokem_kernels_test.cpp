// FrodoKEM kernels (src/frodokem/kernels.hpp): every entry of every SIMD backend's table
// against the portable kernel, on random 16-bit inputs and on boundary values (0, 1,
// 0x7FFF, 0x8000, 0xFFFF), for every dimension n the parameter sets use and for the
// shapes the KEM calls them with (8-row batches of A, the 8 x n products of decapsulation).
// Outputs are compared exactly. Backends this build or CPU lacks are SKIPPED.
#include <tessera/backend.hpp>

#include "frodokem/kernels.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace tessera::test {
namespace {

using frodokem::Kernels;

class FrodoKemKernelEquivalence : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    if (GetParam() == Backend::portable) GTEST_SKIP() << "portable is the reference";
    if (!backend_available(GetParam()))
      GTEST_SKIP() << "backend " << backend_name(GetParam()) << " is not available on this CPU/build";
    if (&frodokem::kernels_for(GetParam()) == &frodokem::kernels_for(Backend::portable))
      GTEST_SKIP() << "backend " << backend_name(GetParam()) << " has no FrodoKEM kernels";
  }
  const Kernels& simd() const { return frodokem::kernels_for(GetParam()); }
  const Kernels& ref() const { return frodokem::kernels_for(Backend::portable); }
  std::mt19937_64 rng{0xf20d0u + static_cast<unsigned>(GetParam())};

  std::vector<std::uint16_t> random_u16(std::size_t count, int round) {
    std::vector<std::uint16_t> v(count);
    for (auto& x : v) x = static_cast<std::uint16_t>(rng());
    if (round % 3 == 0) {
      const std::uint16_t edges[] = {0, 1, 0x7FFF, 0x8000, 0xFFFF};
      for (std::size_t i = 0; i < count; i += 5) v[i] = edges[(i / 5 + static_cast<std::size_t>(round)) % 5];
    }
    if (round % 7 == 1)
      for (auto& x : v) x = 0xFFFF;
    return v;
  }
  // Small signed entries (the secret matrices), as two's complement uint16.
  std::vector<std::uint16_t> small_u16(std::size_t count) {
    std::vector<std::uint16_t> v(count);
    for (auto& x : v) x = static_cast<std::uint16_t>(static_cast<int>(rng() % 25) - 12);
    return v;
  }
};

constexpr std::size_t kDims[] = {640, 976, 1344, 16, 48};
constexpr std::size_t kStrides[] = {0, 32, 48};  // extra entries per row (SHAKE rows are padded)

TEST_P(FrodoKemKernelEquivalence, MulAddAs) {
  int round = 0;
  for (std::size_t n : kDims)
    for (std::size_t pad : kStrides)
      for (std::size_t nrows : {4u, 8u}) {
        SCOPED_TRACE("n=" + std::to_string(n) + " pad=" + std::to_string(pad) + " rows=" + std::to_string(nrows));
        const std::size_t stride = n + pad;
        auto a = random_u16(nrows * stride, round);
        auto st = round % 2 ? random_u16(8 * n, round + 1) : small_u16(8 * n);
        auto out0 = random_u16(nrows * 8, round + 2);
        auto out1 = out0;
        ref().mul_add_as(out0.data(), a.data(), stride, nrows, st.data(), n);
        simd().mul_add_as(out1.data(), a.data(), stride, nrows, st.data(), n);
        EXPECT_EQ(out0, out1);
        ++round;
      }
}

TEST_P(FrodoKemKernelEquivalence, MulAddSa) {
  int round = 0;
  for (std::size_t n : kDims)
    for (std::size_t pad : kStrides)
      for (std::size_t r0 : {0u, 8u}) {
        SCOPED_TRACE("n=" + std::to_string(n) + " pad=" + std::to_string(pad) + " r0=" + std::to_string(r0));
        const std::size_t stride = n + pad, nrows = 8, s_stride = n + 16;
        auto a = random_u16(nrows * stride, round);
        auto s = round % 2 ? random_u16(8 * s_stride, round + 1) : small_u16(8 * s_stride);
        auto out0 = random_u16(8 * n, round + 2);
        auto out1 = out0;
        ref().mul_add_sa(out0.data(), a.data(), stride, nrows, s.data() + r0, s_stride, n);
        simd().mul_add_sa(out1.data(), a.data(), stride, nrows, s.data() + r0, s_stride, n);
        EXPECT_EQ(out0, out1);
        ++round;
      }
}

TEST_P(FrodoKemKernelEquivalence, Sample) {
  static const std::uint16_t kCdf640[13] = {4643, 13363, 20579, 25843, 29227, 31145, 32103,
                                            32525, 32689, 32745, 32762, 32766, 32767};
  static const std::uint16_t kCdf976[11] = {5638, 15915, 23689, 28571, 31116, 32217, 32613, 32731, 32760, 32766, 32767};
  static const std::uint16_t kCdf1344[7] = {9142, 23462, 30338, 32361, 32725, 32765, 32767};
  struct T { const std::uint16_t* cdf; int len; };
  for (T t : {T{kCdf640, 13}, T{kCdf976, 11}, T{kCdf1344, 7}}) {
    // Every 16-bit input once, plus odd counts (tails of the vector loops).
    std::vector<std::uint16_t> all(65536);
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<std::uint16_t>(i);
    auto a = all, b = all;
    ref().sample(a.data(), a.size(), t.cdf, t.len);
    simd().sample(b.data(), b.size(), t.cdf, t.len);
    EXPECT_EQ(a, b) << "cdf_len " << t.len;
    // Random inputs; counts with every tail length after the 16- and 8-entry steps.
    int round = 0;
    for (std::size_t count : {1u, 7u, 8u, 9u, 15u, 16u, 17u, 23u, 24u, 31u, 33u, 100u, 5120u}) {
      auto c = random_u16(count, round++), d = c;
      ref().sample(c.data(), count, t.cdf, t.len);
      simd().sample(d.data(), count, t.cdf, t.len);
      EXPECT_EQ(c, d) << "cdf_len " << t.len << ", count " << count;
    }
  }
}

TEST_P(FrodoKemKernelEquivalence, ExtractX8) {
  keccak::State8 st;
  for (auto& lane : st.lanes)
    for (auto& x : lane) x = rng();
  for (std::size_t lanes : {21u, 17u, 8u, 3u, 25u}) {
    std::vector<std::uint8_t> a(8 * 203, 0), b(8 * 203, 0);
    std::uint8_t* pa[8];
    std::uint8_t* pb[8];
    for (int j = 0; j < 8; ++j) {  // rows at any byte offset (the interface takes byte pointers)
      pa[j] = a.data() + 203 * j + j % 3;
      pb[j] = b.data() + 203 * j + j % 3;
    }
    ref().extract_x8(st, pa, lanes);
    simd().extract_x8(st, pb, lanes);
    EXPECT_EQ(a, b) << lanes << " lanes";
  }
}

// The neon table's own kernels (docs/aarch64.md): every entry (the matrix products,
// Frodo.Sample, the row extraction, dot_lanes/dot_finish), so that the tests above compare
// NEON code with portable code.
TEST_P(FrodoKemKernelEquivalence, NeonTableEntries) {
  if (GetParam() != Backend::neon) GTEST_SKIP() << "neon table only";
  const Kernels& n = simd();
  const Kernels& p = ref();
  EXPECT_NE(n.mul_add_as, p.mul_add_as);
  EXPECT_NE(n.mul_add_sa, p.mul_add_sa);
  EXPECT_NE(n.sample, p.sample);
  EXPECT_NE(n.extract_x8, p.extract_x8);
  EXPECT_NE(n.dot_lanes, p.dot_lanes);
  EXPECT_NE(n.dot_finish, p.dot_finish);
}

// dot_lanes over the blocks of a whole row batch (the last one partial, as for n = 640 and
// 976), then dot_finish: the accumulator layout is each kernel's own, the sums must agree.
// The last round has every entry 0xFFFF on both sides (the largest products and sums, where
// 16-bit accumulation wraps most).
TEST_P(FrodoKemKernelEquivalence, DotLanes) {
  int round = 0;
  for (std::size_t n : {std::size_t{640}, std::size_t{976}, std::size_t{1344}, std::size_t{1344}}) {
    SCOPED_TRACE("n=" + std::to_string(n) + " round " + std::to_string(round));
    const bool all_ones = round == 3;
    auto st = all_ones ? std::vector<std::uint16_t>(8 * n, 0xFFFF) : round % 2 ? random_u16(8 * n, round) : small_u16(8 * n);
    auto out0 = random_u16(64, round + 1);
    auto out1 = out0;
    alignas(64) std::uint32_t acc0[frodokem::kDotAccWords] = {};
    alignas(64) std::uint32_t acc1[frodokem::kDotAccWords] = {};
    const std::size_t row_lanes = n / 4;
    for (std::size_t blk = 0; 21 * blk < row_lanes; ++blk) {
      keccak::State8 s8;
      for (auto& lane : s8.lanes)
        for (auto& x : lane) x = all_ones || (round + static_cast<int>(blk)) % 5 == 0 ? ~std::uint64_t{0} : rng();
      const std::size_t lanes = row_lanes - 21 * blk < 21 ? row_lanes - 21 * blk : 21;
      ref().dot_lanes(acc0, s8, lanes, st.data(), n, 84 * blk);
      simd().dot_lanes(acc1, s8, lanes, st.data(), n, 84 * blk);
    }
    ref().dot_finish(out0.data(), acc0);
    simd().dot_finish(out1.data(), acc1);
    EXPECT_EQ(out0, out1);
    ++round;
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, FrodoKemKernelEquivalence, ::testing::ValuesIn(kAllBackends),
                         [](const ::testing::TestParamInfo<Backend>& p) {
                           return std::string(backend_name(p.param));
                         });

}  // namespace
}  // namespace tessera::test
