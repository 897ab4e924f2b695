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
#elif !defined(__aarch64__)
#include <time.h>
#endif

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

// Counter ticks per second, measured against steady_clock over about `seconds`.
double measure_tick_rate(double seconds);

}  // namespace tessera::bench
