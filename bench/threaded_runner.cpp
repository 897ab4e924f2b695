#include "threaded_runner.hpp"

#include "timer.hpp"

#include <algorithm>
#include <barrier>
#include <cmath>
#include <thread>

namespace tessera::bench {
namespace {

// What one thread measured; written once, after its timed phase, into its own slot.
struct ThreadResult {
  Measurement m;
  std::vector<double> samples;
};

}  // namespace

ThreadedMeasurement run_threaded(std::span<const Op> ops, const RunConfig& config) {
  const std::size_t n = ops.size();
  std::vector<ThreadResult> results(n);
  WallClock::time_point start{};  // written by the barrier's completion step only
  std::barrier sync(static_cast<std::ptrdiff_t>(n), [&start]() noexcept { start = WallClock::now(); });

  auto body = [&](std::size_t index) {
    const Op& op = ops[index];
    // Warm-up on this thread (its caches, its DRBG, the core's clock); as in run_case() it
    // sizes the batch from the cost of a call.
    std::uint64_t warm_calls = 0;
    const auto warm_start = WallClock::now();
    const std::uint64_t warm_t0 = ticks();
    double warm_elapsed = 0;
    do {
      op();
      ++warm_calls;
    } while ((warm_elapsed = seconds_since(warm_start)) < config.warmup_seconds);
    const double warm_ticks = static_cast<double>(ticks() - warm_t0);
    const double per_call = warm_ticks / static_cast<double>(warm_calls);
    const double tick_rate = warm_elapsed > 0 ? warm_ticks / warm_elapsed : 0;
    const double min_ticks = std::max(config.min_sample_ticks, config.min_sample_seconds * tick_rate);
    std::uint64_t batch = per_call > 0 ? static_cast<std::uint64_t>(std::ceil(min_ticks / per_call)) : 1;
    batch = std::max<std::uint64_t>(batch, 1);

    std::vector<double> samples;
    const double expected = config.seconds * tick_rate / (per_call * static_cast<double>(batch) + 1);
    samples.reserve(static_cast<std::size_t>(std::clamp(expected * 1.25, 16.0, 1e7)));

    sync.arrive_and_wait();  // every thread warmed up; `start` is set
    const auto t_start = start;
    // Timed phase: each sample is `batch` calls of this thread's op between two reads of the
    // counter; the loop test reads steady_clock (vDSO, no lock) against the common deadline.
    std::uint64_t calls = 0;
    double elapsed = 0;
    const double cpu_start = thread_cpu_seconds();
    do {
      const std::uint64_t t0 = ticks();
      for (std::uint64_t i = 0; i < batch; ++i) op();
      const std::uint64_t t1 = ticks();
      samples.push_back(static_cast<double>(t1 - t0) / static_cast<double>(batch));
      calls += batch;
    } while ((elapsed = seconds_since(t_start)) < config.seconds);
    const double cpu_end = thread_cpu_seconds();

    ThreadResult& out = results[index];
    out.m.calls = calls;
    out.m.seconds = elapsed;
    out.m.batch = batch;
    out.m.ops_per_sec = per_second(static_cast<double>(calls), elapsed);
    out.m.cpu_seconds = cpu_start > 0 ? cpu_end - cpu_start : 0;
    out.samples = std::move(samples);
  };

  {
    std::vector<std::jthread> threads;
    threads.reserve(n);
    for (std::size_t i = 0; i < n; ++i) threads.emplace_back(body, i);
  }  // joined: every result is visible from here

  ThreadedMeasurement t;
  t.threads = static_cast<unsigned>(n);
  std::vector<double> all;
  for (ThreadResult& r : results) {
    r.m.ticks_per_call = summarize(r.samples);
    t.calls += r.m.calls;
    t.seconds = std::max(t.seconds, r.m.seconds);
    t.cpu_seconds += r.m.cpu_seconds;
    all.insert(all.end(), r.samples.begin(), r.samples.end());
    t.per_thread.push_back(r.m);
  }
  t.ticks_per_call = summarize(all);
  t.ops_per_sec = per_second(static_cast<double>(t.calls), t.seconds);
  return t;
}

double thread_scaling(const ThreadedMeasurement& threaded, const Measurement& single) {
  return threaded.ops_per_sec > 0 && single.ops_per_sec > 0 ? threaded.ops_per_sec / single.ops_per_sec : 0;
}

double thread_cpu_share(const ThreadedMeasurement& t) {
  const double wall = t.seconds * static_cast<double>(t.threads);
  return wall > 0 && t.cpu_seconds > 0 ? t.cpu_seconds / wall : 0;
}

double thread_cpu_efficiency(const ThreadedMeasurement& t, const Measurement& single) {
  if (!(t.cpu_seconds > 0) || !(single.cpu_seconds > 0) || t.calls == 0 || single.calls == 0) return 0;
  return (static_cast<double>(t.calls) / t.cpu_seconds) /
         (static_cast<double>(single.calls) / single.cpu_seconds);
}

}  // namespace tessera::bench
