#include "runner.hpp"

#include "timer.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace tessera::bench {
namespace {

// One case's state while it is measured: its batch (from the warm-up) and its samples.
struct Timed {
  explicit Timed(const Op* o) : op(o) {}
  const Op* op;
  double tick_rate = 0;  // counter ticks per second, from the warm-up
  std::vector<double> samples;
  Measurement m;
};

// Warm-up; it also measures the cost of a call to size the batch.
void warm_up(Timed& t, const RunConfig& config) {
  std::uint64_t warm_calls = 0;
  const auto warm_start = WallClock::now();
  const std::uint64_t warm_t0 = ticks();
  double warm_elapsed = 0;
  do {
    (*t.op)();
    ++warm_calls;
  } while ((warm_elapsed = seconds_since(warm_start)) < config.warmup_seconds);
  const double warm_ticks = static_cast<double>(ticks() - warm_t0);
  const double ticks_per_call = warm_ticks / static_cast<double>(warm_calls);
  t.tick_rate = warm_elapsed > 0 ? warm_ticks / warm_elapsed : 0;
  const double min_ticks = std::max(config.min_sample_ticks, config.min_sample_seconds * t.tick_rate);
  t.m.batch = ticks_per_call > 0 ? static_cast<std::uint64_t>(std::ceil(min_ticks / ticks_per_call)) : 1;
  t.m.batch = std::max<std::uint64_t>(t.m.batch, 1);
  const auto expected = config.seconds * t.tick_rate / (ticks_per_call * static_cast<double>(t.m.batch) + 1);
  t.samples.reserve(static_cast<std::size_t>(std::clamp(expected * 1.25, 16.0, 1e7)));
}

// Timed batches for `seconds` (at least one), added to the case's samples, calls, wall and
// CPU time.
void timed_slice(Timed& t, double seconds) {
  const double batch = static_cast<double>(t.m.batch);
  const double cpu_start = thread_cpu_seconds();
  const auto start = WallClock::now();
  double elapsed = 0;
  do {
    const std::uint64_t t0 = ticks();
    for (std::uint64_t i = 0; i < t.m.batch; ++i) (*t.op)();
    const std::uint64_t t1 = ticks();
    t.samples.push_back(static_cast<double>(t1 - t0) / batch);
    t.m.calls += t.m.batch;
  } while ((elapsed = seconds_since(start)) < seconds);
  const double cpu_end = thread_cpu_seconds();
  t.m.seconds += elapsed;
  // Unknown CPU time (0) stays unknown.
  if (cpu_start > 0 && t.m.cpu_seconds >= 0) t.m.cpu_seconds += cpu_end - cpu_start;
  else t.m.cpu_seconds = -1;
}

Measurement finish(Timed& t) {
  if (t.m.cpu_seconds < 0) t.m.cpu_seconds = 0;
  t.m.ticks_per_call = summarize(t.samples);
  t.m.ops_per_sec = per_second(static_cast<double>(t.m.calls), t.m.seconds);
  return t.m;
}

}  // namespace

Measurement run_case(const Op& op, const RunConfig& config) {
  Timed t(&op);
  warm_up(t, config);
  timed_slice(t, config.seconds);
  return finish(t);
}

std::vector<Measurement> run_interleaved(const std::vector<const Op*>& ops, const RunConfig& config,
                                         double slice_seconds) {
  std::vector<Timed> timed;
  for (const Op* op : ops) timed.emplace_back(op);
  for (Timed& t : timed) warm_up(t, config);
  const int slices = std::max(1, static_cast<int>(std::lround(config.seconds / slice_seconds)));
  for (int s = 0; s < slices; ++s)
    for (Timed& t : timed) timed_slice(t, config.seconds / slices);
  std::vector<Measurement> out;
  for (Timed& t : timed) out.push_back(finish(t));
  return out;
}

double cpu_share(const Measurement& m) { return m.seconds > 0 && m.cpu_seconds > 0 ? m.cpu_seconds / m.seconds : 0; }

}  // namespace tessera::bench
