#include "runner.hpp"

#include "timer.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace tessera::bench {

Measurement run_case(const Op& op, const RunConfig& config) {
  // Warm-up; it also measures the cost of a call to size the batch.
  std::uint64_t warm_calls = 0;
  const auto warm_start = WallClock::now();
  const std::uint64_t warm_t0 = ticks();
  double warm_elapsed = 0;
  do {
    op();
    ++warm_calls;
  } while ((warm_elapsed = seconds_since(warm_start)) < config.warmup_seconds);
  const double warm_ticks = static_cast<double>(ticks() - warm_t0);
  const double ticks_per_call = warm_ticks / static_cast<double>(warm_calls);
  const double tick_rate = warm_elapsed > 0 ? warm_ticks / warm_elapsed : 0;

  const double min_ticks = std::max(config.min_sample_ticks, config.min_sample_seconds * tick_rate);
  Measurement m;
  m.batch = ticks_per_call > 0 ? static_cast<std::uint64_t>(std::ceil(min_ticks / ticks_per_call)) : 1;
  m.batch = std::max<std::uint64_t>(m.batch, 1);

  std::vector<double> samples;
  const auto expected = config.seconds * tick_rate / (ticks_per_call * static_cast<double>(m.batch) + 1);
  samples.reserve(static_cast<std::size_t>(std::clamp(expected * 1.25, 16.0, 1e7)));
  const double batch = static_cast<double>(m.batch);
  const double cpu_start = thread_cpu_seconds();
  const auto start = WallClock::now();
  do {
    const std::uint64_t t0 = ticks();
    for (std::uint64_t i = 0; i < m.batch; ++i) op();
    const std::uint64_t t1 = ticks();
    samples.push_back(static_cast<double>(t1 - t0) / batch);
    m.calls += m.batch;
  } while ((m.seconds = seconds_since(start)) < config.seconds);
  const double cpu_end = thread_cpu_seconds();
  m.cpu_seconds = cpu_start > 0 ? cpu_end - cpu_start : 0;

  m.ticks_per_call = summarize(samples);
  m.ops_per_sec = per_second(static_cast<double>(m.calls), m.seconds);
  return m;
}

double cpu_share(const Measurement& m) { return m.seconds > 0 && m.cpu_seconds > 0 ? m.cpu_seconds / m.seconds : 0; }

}  // namespace tessera::bench
