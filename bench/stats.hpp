// Statistics over timing samples. Pure functions on numbers: tests/unit/bench_stats_test.cpp
// checks them against hand-computed answers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace tessera::bench {

// The p-th percentile (0 <= p <= 100) of ascending-sorted values, interpolating linearly
// between the two nearest ranks (Hyndman-Fan type 7, numpy's default): rank
// h = (n - 1) * p / 100, value = v[floor h] + (h - floor h) * (v[floor h + 1] - v[floor h]).
// So p50 of an even count is the mean of the middle two. Empty input: 0.
double percentile_sorted(std::span<const double> sorted, double p);

// Summary of per-operation cost samples (counter ticks per call).
struct Summary {
  std::size_t samples = 0;
  double mean = 0, min = 0, median = 0, p90 = 0, p99 = 0, max = 0;
};
Summary summarize(std::span<const double> samples);  // copies and sorts

// Events per second; 0 when seconds <= 0.
double per_second(double count, double seconds);

}  // namespace tessera::bench
