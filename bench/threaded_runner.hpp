// --threads N: one case on N threads at once, for the aggregate throughput of a multi-core
// server (N TLS handshakes in parallel) and how it scales against one thread.
//
// Each thread gets its own Op (the caller runs prepare() once per thread, so each has its own
// keys, ciphertexts and signatures) and does what run_case() does on its own: warm-up, then
// timed samples with its own counter and its own sample vector. No lock and no shared write
// on the timed path: the threads meet at a std::barrier after their warm-ups, whose
// completion step takes the common start time, and each stops at the first sample end past
// start + seconds (so they stop together, give or take one sample). Only after the timed
// phase does a thread write its result, into its own slot.
//
// Depends only on runner.hpp, timer.hpp and stats.cpp, so the ThreadSanitizer build
// (no bench, TESSERA_BUILD_BENCH=OFF) can compile it into threads-tests.
#pragma once

#include "runner.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace tessera::bench {

struct ThreadedMeasurement {
  unsigned threads = 0;
  std::uint64_t calls = 0;     // timed calls of all threads
  double seconds = 0;          // common start to the end of the last thread's last sample
  double ops_per_sec = 0;      // aggregate: calls / seconds
  Summary ticks_per_call;      // counter ticks per call over every thread's samples
  double cpu_seconds = 0;      // CPU time of all threads over their timed phases (0: unknown)
  std::vector<Measurement> per_thread;  // each thread's own calls, seconds, rate, summary
};

// Runs ops[i] on thread i (ops.size() threads, at least 1). config as for run_case().
ThreadedMeasurement run_threaded(std::span<const Op> ops, const RunConfig& config);

// N-thread aggregate ops/s / one-thread ops/s; 0 if either is unknown.
double thread_scaling(const ThreadedMeasurement& threaded, const Measurement& single);

// The mean share of a core each thread got: cpu_seconds / (threads x seconds); 0 if unknown.
double thread_cpu_share(const ThreadedMeasurement& threaded);

// Calls per CPU-second on N threads / calls per CPU-second on one: 1 when the threads slow
// each other down not at all (no shared lock, cache line or memory-bandwidth limit), whatever
// other processes take from the cores. N x this is the scaling to expect on N idle cores.
// 0 if unknown.
double thread_cpu_efficiency(const ThreadedMeasurement& threaded, const Measurement& single);

}  // namespace tessera::bench
