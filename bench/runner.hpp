// Runs one case: warm-up, then timed batches until the time budget is spent.
#pragma once

#include "registry.hpp"
#include "stats.hpp"

#include <cstdint>
#include <vector>

namespace tessera::bench {

struct RunConfig {
  double seconds = 1.0;         // timed phase (wall clock), at least one sample
  double warmup_seconds = 0.1;  // untimed calls first: caches, branch predictors, clocks
  // A sample times `batch` consecutive calls; the batch is chosen after warm-up so one
  // sample spans at least this many counter ticks and this long, keeping the counter's
  // own cost and resolution (coarse on aarch64) below about 1% of a sample.
  double min_sample_ticks = 2000;
  double min_sample_seconds = 1e-6;
};

struct Measurement {
  std::uint64_t calls = 0;  // timed calls
  double seconds = 0;       // wall time of the timed phase
  std::uint64_t batch = 1;  // calls per sample
  Summary ticks_per_call;   // counter ticks per call, over the samples
  double ops_per_sec = 0;   // calls / seconds
  double cpu_seconds = 0;   // the thread's CPU time over the timed phase (0: unknown)
};

// cpu_seconds / seconds: the share of a core the timed phase got (about 1 on an idle core);
// 0 if unknown.
double cpu_share(const Measurement& m);

Measurement run_case(const Op& op, const RunConfig& config);

// The cases of one row side by side (Tessera's and the peers' computing the same thing): each
// warmed up, then timed in turns of slice_seconds (config.seconds in all per case), so that a
// machine whose speed drifts (a shared VM, a clock that changes) slows them alike and their
// ratio stays close to what a quiet machine gives. One Measurement per op, in order.
std::vector<Measurement> run_interleaved(const std::vector<const Op*>& ops, const RunConfig& config,
                                         double slice_seconds);

}  // namespace tessera::bench
