// Clocks. ticks() is the cheapest fine-grained counter the platform has:
//   x86-64:  RDTSC fenced by LFENCE (so earlier work has finished and later work has not
//            started). On current Intel/AMD CPUs the TSC runs at a constant rate, not at
//            the core clock: with turbo, "cycles" are TSC ticks.
//   aarch64: CNTVCT_EL0 after ISB (the generic timer, typically 24-100 MHz: a sample must
//            span many ticks; the runner batches calls accordingly).
//   other:   clock_gettime(CLOCK_MONOTONIC) in nanoseconds.
// Wall time (what "took N seconds" and ops/s use) always comes from steady_clock.
#pragma once

#include <chrono>
#include <cstdint>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif
#include <time.h>

namespace tessera::bench {

inline std::uint64_t ticks() noexcept {
#if defined(__x86_64__)
  _mm_lfence();
  const std::uint64_t t = __rdtsc();
  _mm_lfence();
  return t;
#elif defined(__aarch64__)
  std::uint64_t t;
  __asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(t) : : "memory");
  return t;
#else
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000u + static_cast<std::uint64_t>(ts.tv_nsec);
#endif
}

// "rdtsc", "cntvct_el0" or "clock_gettime".
const char* tick_source() noexcept;

using WallClock = std::chrono::steady_clock;

inline double seconds_since(WallClock::time_point start) noexcept {
  return std::chrono::duration<double>(WallClock::now() - start).count();
}

// CPU time the calling thread has used, in seconds (CLOCK_THREAD_CPUTIME_ID); 0 where the
// platform lacks it. Read before and after a timed phase, never inside it: with the wall
// time it gives the share of a core the thread actually got (--threads on a busy machine).
inline double thread_cpu_seconds() noexcept {
#if defined(CLOCK_THREAD_CPUTIME_ID)
  timespec ts;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return 0;
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
#else
  return 0;
#endif
}

// Counter ticks per second, measured against steady_clock over about `seconds`.
double measure_tick_rate(double seconds);

}  // namespace tessera::bench
