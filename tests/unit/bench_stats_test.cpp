// bench/stats: percentiles, summaries and rates on synthetic samples with known answers.
#include "stats.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

namespace tessera::bench {
namespace {

TEST(BenchStats, EmptyInputGivesZeros) {
  const Summary s = summarize({});
  EXPECT_EQ(s.samples, 0u);
  EXPECT_EQ(s.mean, 0);
  EXPECT_EQ(s.median, 0);
  EXPECT_EQ(s.p99, 0);
  EXPECT_EQ(percentile_sorted({}, 50), 0);
}

TEST(BenchStats, SingleSampleIsEveryStatistic) {
  const std::vector<double> v{1234.5};
  const Summary s = summarize(v);
  EXPECT_EQ(s.samples, 1u);
  for (double x : {s.mean, s.min, s.median, s.p90, s.p99, s.max}) EXPECT_DOUBLE_EQ(x, 1234.5);
}

TEST(BenchStats, OddCountMedianIsMiddleValue) {
  const std::vector<double> v{9, 1, 5, 3, 7};  // unsorted on purpose
  const Summary s = summarize(v);
  EXPECT_DOUBLE_EQ(s.median, 5);
  EXPECT_DOUBLE_EQ(s.mean, 5);
  EXPECT_DOUBLE_EQ(s.min, 1);
  EXPECT_DOUBLE_EQ(s.max, 9);
  // h = 4 * 0.9 = 3.6: 7 + 0.6 * (9 - 7).
  EXPECT_DOUBLE_EQ(s.p90, 8.2);
  // h = 4 * 0.99 = 3.96: 7 + 0.96 * 2.
  EXPECT_DOUBLE_EQ(s.p99, 8.92);
}

TEST(BenchStats, EvenCountMedianIsMeanOfMiddleTwo) {
  const std::vector<double> v{40, 10, 30, 20};
  const Summary s = summarize(v);
  EXPECT_DOUBLE_EQ(s.median, 25);
  EXPECT_DOUBLE_EQ(s.mean, 25);
  // h = 3 * 0.9 = 2.7: 30 + 0.7 * 10.
  EXPECT_DOUBLE_EQ(s.p90, 37);
}

TEST(BenchStats, PercentilesOfOneToHundredOne) {
  std::vector<double> v(101);
  std::iota(v.begin(), v.end(), 1.0);  // 1..101: rank h = p exactly
  EXPECT_DOUBLE_EQ(percentile_sorted(v, 0), 1);
  EXPECT_DOUBLE_EQ(percentile_sorted(v, 50), 51);
  EXPECT_DOUBLE_EQ(percentile_sorted(v, 90), 91);
  EXPECT_DOUBLE_EQ(percentile_sorted(v, 99), 100);
  EXPECT_DOUBLE_EQ(percentile_sorted(v, 100), 101);
  EXPECT_DOUBLE_EQ(percentile_sorted(v, 150), 101);  // clamped
  EXPECT_DOUBLE_EQ(percentile_sorted(v, -5), 1);
}

TEST(BenchStats, HeavyTailMovesP99NotMedian) {
  // 990 fast samples and 10 slow ones (an ML-DSA signing-like tail).
  std::vector<double> v(990, 1000.0);
  v.insert(v.end(), 10, 50000.0);
  std::shuffle(v.begin(), v.end(), std::mt19937(7));
  const Summary s = summarize(v);
  EXPECT_DOUBLE_EQ(s.median, 1000);
  EXPECT_DOUBLE_EQ(s.p90, 1000);
  // h = 999 * 0.99 = 989.01: between v[989] = 1000 and v[990] = 50000.
  EXPECT_NEAR(s.p99, 1000 + 0.01 * 49000, 1e-6);
  EXPECT_DOUBLE_EQ(s.mean, (990 * 1000.0 + 10 * 50000.0) / 1000);
  EXPECT_DOUBLE_EQ(s.max, 50000);
}

TEST(BenchStats, PerSecond) {
  EXPECT_DOUBLE_EQ(per_second(91234, 1.0), 91234);
  EXPECT_DOUBLE_EQ(per_second(500, 0.25), 2000);
  EXPECT_DOUBLE_EQ(per_second(10, 0), 0);
  EXPECT_DOUBLE_EQ(per_second(10, -1), 0);
}

}  // namespace
}  // namespace tessera::bench
