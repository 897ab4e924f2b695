// bench/runner: run_case and run_interleaved (tessera-bench --peers times a row's cases in
// turns). Checks the bookkeeping and the order of the calls, not speed.
#include "runner.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

namespace tessera::bench {
namespace {

constexpr RunConfig kConfig{.seconds = 0.2, .warmup_seconds = 0.01};

void expect_consistent(const Measurement& m) {
  EXPECT_GE(m.calls, 1u);
  EXPECT_GE(m.seconds, kConfig.seconds * 0.99);  // every turn runs its full share
  EXPECT_GT(m.ops_per_sec, 0);
  EXPECT_EQ(m.calls, m.batch * m.ticks_per_call.samples);
}

TEST(BenchRunner, RunCaseCountsItsCalls) {
  std::size_t calls = 0;
  const Op op = [&] { ++calls; };
  const Measurement m = run_case(op, kConfig);
  expect_consistent(m);
  EXPECT_GT(calls, m.calls);  // the warm-up's calls are not counted
}

TEST(BenchRunner, InterleavedCasesTakeTurns) {
  // Runs of consecutive calls of one op, and the calls of each.
  std::vector<int> runs;
  std::size_t seen[3] = {};
  auto call = [&](int k) {
    if (runs.empty() || runs.back() != k) runs.push_back(k);
    ++seen[k];
  };
  const Op a = [&] { call(0); };
  const Op b = [&] { call(1); };
  const Op c = [&] { call(2); };
  const std::vector<Measurement> ms = run_interleaved({&a, &b, &c}, kConfig, 0.02);
  ASSERT_EQ(ms.size(), 3u);
  for (const Measurement& m : ms) expect_consistent(m);
  // Warm-ups (a, b, c), then 10 turns of a, b, c: 3 + 30 runs.
  ASSERT_EQ(runs.size(), 33u);
  for (std::size_t i = 0; i < runs.size(); ++i) EXPECT_EQ(runs[i], static_cast<int>(i % 3)) << "run " << i;
  // Each op's counted calls are its calls minus its warm-up's.
  for (std::size_t k = 0; k < 3; ++k) EXPECT_LT(ms[k].calls, seen[k]);
}

TEST(BenchRunner, OneCaseInterleavedIsOneCase) {
  const Op a = [] {};
  const std::vector<Measurement> ms = run_interleaved({&a}, kConfig, 0.05);
  ASSERT_EQ(ms.size(), 1u);
  expect_consistent(ms[0]);
}

}  // namespace
}  // namespace tessera::bench
