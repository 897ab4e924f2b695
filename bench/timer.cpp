#include "timer.hpp"

namespace tessera::bench {

const char* tick_source() noexcept {
#if defined(__x86_64__)
  return "rdtsc";
#elif defined(__aarch64__)
  return "cntvct_el0";
#else
  return "clock_gettime";
#endif
}

double measure_tick_rate(double seconds) {
  const auto start = WallClock::now();
  const std::uint64_t t0 = ticks();
  double elapsed = 0;
  while ((elapsed = seconds_since(start)) < seconds) {
  }
  const std::uint64_t t1 = ticks();
  return elapsed > 0 ? static_cast<double>(t1 - t0) / elapsed : 0;
}

}  // namespace tessera::bench
