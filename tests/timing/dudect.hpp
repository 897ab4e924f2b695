// A dudect-style statistical timing test (O. Reparaz, J. Balasch, I. Verbauwhede, "Dude, is
// my code constant time?", DATE 2017; https://github.com/oreparaz/dudect).
//
// An operation is run many times on inputs of two classes (class 0 and class 1, typically
// "fixed" and "random" secret inputs), the classes interleaved in random order, and each run
// is timed with the cycle counter. If the two timing distributions differ, the running time
// depends on the class, i.e. on the secret input. Welch's t-test compares them:
//   - once on all measurements,
//   - once per crop: only the measurements below a percentile of the pooled distribution
//     (dudect's 100 percentiles 1 - 0.5^(10 (i + 1) / 100), from 6.7 % to 99.9 %), which
//     removes the upper tail (interrupts, preemption, other processes) that otherwise hides
//     small differences,
//   - once on the squared deviation from the class mean (dudect's second-order test: a
//     difference in spread rather than in mean), on the measurements below the 90th
//     percentile of the warm-up, so that a few preemptions do not dominate it,
//   - and, beyond dudect, as a paired test: the measurements come in pairs, one of each class
//     in random order, and the one-sample t-test of the pair differences (whole and cropped
//     on the larger of the two) cancels whatever drifts more slowly than two calls. On a
//     shared machine that is most of the noise: another process on the same core moves the
//     running time between modes that last for seconds (lag-1 correlation of the measured
//     times 0.94 here, under load), and the paired test needed a third of the unpaired
//     test's standard error.
// The largest |t| over the tests with enough measurements is the verdict: dudect reads
// |t| > 10 as "definitely not constant time"; here 4.5 < |t| <= 10 is "suspicious" (warned
// about, not failed) and only |t| > 10 fails, because the machines that run this are shared
// and noisy. A pass is not a proof: see docs/security.md, "Statistical timing test".
//
// Random interleaving is what makes the test valid on a noisy machine: whatever the other
// processes, the frequency governor or the timer do, they do it to both classes alike (it
// only costs power, i.e. more measurements are needed). What must NOT differ between the
// classes is anything else the harness does around the measured call: a Target prepares
// every input of a batch ahead of time, writing every slot the same way whichever its class,
// and copies input i into the same working buffers with the same code for both classes
// (load), so that the caches and the branch predictor are in the same state whichever class
// comes next. Both rules were learned here the hard way (timing_test.cpp says where): a
// constant-time function gives |t| well above 4.5 when they are broken.
//
// Usage:
//   struct MyTarget {
//     std::size_t batch_size() const;                // inputs prepared at a time (even)
//     void prepare(std::span<const std::uint8_t> classes);  // inputs for one batch (untimed);
//                                                    // positions 2k, 2k+1 are one pair
//     void load(std::size_t i);                      // input i -> working buffers (untimed)
//     void run();                                    // the timed operation
//   };
//   Report r = measure(target, Options::from_env());
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>
#include <span>
#include <string>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <x86intrin.h>
#define TESSERA_TIMING_X86 1
// LFENCE by inline asm: the portable32 preset's -m32 code targets i686 without SSE2, where
// _mm_lfence does not compile (steady_clock instead lost the canary's power: |t| 1.9-2.7 on a
// loaded host). Its tests run on x86-64 hosts, which all have LFENCE (SSE2).
#define TESSERA_TIMING_LFENCE() __asm__ __volatile__("lfence" ::: "memory")
#else
#define TESSERA_TIMING_X86 0
#endif

namespace tessera::timing {

// dudect's thresholds.
inline constexpr double kSuspiciousT = 4.5;  // "probably not constant time": warned about
inline constexpr double kLeakT = 10.0;       // "definitely not constant time": fails

// ---- Timer ------------------------------------------------------------------------------

// The time-stamp counter, fenced so that the measured call is neither started before the
// first read nor still running at the second one (Intel's "How to Benchmark Code Execution
// Times", 2010; AMD documents the same use of LFENCE + RDTSC / RDTSCP + LFENCE):
//   begin: LFENCE; RDTSC; LFENCE       (earlier instructions done; later ones wait)
//   end:   RDTSCP; LFENCE              (RDTSCP waits for the call; later ones wait for it)
// Without RDTSCP the end is LFENCE; RDTSC; LFENCE. Elsewhere std::chrono::steady_clock (ns).
// On x86-64 the TSC ticks at a constant rate (invariant TSC), whatever the core clock:
// "cycles" below are TSC ticks.
class Timer {
 public:
  Timer() noexcept {
#if TESSERA_TIMING_X86
    unsigned a = 0, b = 0, c = 0, d = 0;
    have_rdtscp_ = __get_cpuid(0x80000001u, &a, &b, &c, &d) != 0 && (d & (1u << 27)) != 0;
    name_ = have_rdtscp_ ? "lfence+rdtsc / rdtscp+lfence (TSC ticks)" : "lfence+rdtsc+lfence (TSC ticks)";
#endif
  }
  const char* name() const noexcept { return name_; }
  const char* unit() const noexcept { return TESSERA_TIMING_X86 ? "cycles" : "ns"; }

  // The counter's step: the greatest common divisor of many back-to-back differences. 1 on
  // a TSC that counts every tick; some virtual machines' TSCs advance in steps (26 ticks on
  // one AMD EPYC VM here).
  std::uint64_t step() const noexcept {
    std::uint64_t g = 0;
    for (int i = 0; i < 4096 && g != 1; ++i) {
      const std::uint64_t t0 = begin();
      const std::uint64_t d = end() - t0;
      g = std::gcd(g, d);
    }
    return g == 0 ? 1 : g;
  }

  static std::uint64_t begin() noexcept {
#if TESSERA_TIMING_X86
    TESSERA_TIMING_LFENCE();
    const std::uint64_t t = __rdtsc();
    TESSERA_TIMING_LFENCE();
    return t;
#else
    return now_ns();
#endif
  }
  std::uint64_t end() const noexcept {
#if TESSERA_TIMING_X86
    std::uint64_t t;
    if (have_rdtscp_) {
      unsigned aux;
      t = __rdtscp(&aux);
    } else {
      TESSERA_TIMING_LFENCE();
      t = __rdtsc();
    }
    TESSERA_TIMING_LFENCE();
    return t;
#else
    return now_ns();
#endif
  }

 private:
  static std::uint64_t now_ns() noexcept {
    return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                          std::chrono::steady_clock::now().time_since_epoch())
                                          .count());
  }
  bool have_rdtscp_ = false;
  const char* name_ = "std::chrono::steady_clock (ns)";
};

// ---- Statistics -------------------------------------------------------------------------

// Mean and variance of a stream (Welford), mergeable (Chan et al.).
struct Moments {
  double n = 0, mean = 0, m2 = 0;
  void push(double x) noexcept {
    n += 1;
    const double d = x - mean;
    mean += d / n;
    m2 += d * (x - mean);
  }
  void merge(const Moments& o) noexcept {
    if (o.n == 0) return;
    const double total = n + o.n;
    const double d = o.mean - mean;
    mean += d * o.n / total;
    m2 += o.m2 + d * d * n * o.n / total;
    n = total;
  }
  double variance() const noexcept { return n > 1 ? m2 / (n - 1) : 0; }
};

// Welch's t statistic of two samples: (mean0 - mean1) / sqrt(var0/n0 + var1/n1).
struct Welch {
  Moments c[2];
  void push(double x, int cls) noexcept { c[cls].push(x); }
  void merge(const Welch& o) noexcept {
    c[0].merge(o.c[0]);
    c[1].merge(o.c[1]);
  }
  double min_n() const noexcept { return std::min(c[0].n, c[1].n); }
  double standard_error() const noexcept {
    return std::sqrt(c[0].variance() / c[0].n + c[1].variance() / c[1].n);
  }
  double t() const noexcept {
    const double se = standard_error();
    if (c[0].n < 2 || c[1].n < 2) return 0;
    if (se == 0) return c[0].mean == c[1].mean ? 0 : (c[0].mean > c[1].mean ? HUGE_VAL : -HUGE_VAL);
    return (c[0].mean - c[1].mean) / se;
  }
};

inline constexpr int kCrops = 100;

// dudect's crop levels: p = 1 - 0.5^(10 (i + 1) / 100), i = 0..99 (6.7 % ... 99.9 %).
inline double crop_fraction(int i) noexcept { return 1.0 - std::pow(0.5, 10.0 * (i + 1) / kCrops); }

// One test's outcome.
struct TestResult {
  std::string name;  // "all", "crop 41.2% (p=0.293)", "2nd order (p<0.90)"
  double t = 0;
  double n0 = 0, n1 = 0;
  double mean0 = 0, mean1 = 0;
  double se = 0;  // standard error of mean0 - mean1
};

// Streams measurements into every test.
// The crops are taken at the percentiles of the WHOLE run's pooled measurements, not of a
// first batch as in dudect: on a shared machine the distribution drifts (another process on
// the sibling hyperthread moves most calls from one mode to another for seconds at a time),
// and thresholds from the first second can end up below everything, or above it. To choose
// them at the end without storing every measurement, each class keeps a histogram with
// bins 1/1024 of their value wide (an HDR histogram: exact below 1024, then 1024 bins per
// octave) holding, per bin, the count and the sums of (x - bin start) and its square: exact
// means and variances of any union of bins. A crop is the set of bins up to the one holding
// its percentile (so it keeps at least that fraction; crops that keep the same bins are
// one test). The thresholds depend on both classes alike, so under "no leak" they favour
// neither.
// The second-order test (dudect's: the squared deviation from the running class mean, a
// difference in spread) is streamed, on the measurements below the 90th percentile of the
// warm-up sample.
class Statistics {
 public:
  static constexpr int kSubBits = 10;
  static constexpr std::uint64_t kSub = std::uint64_t{1} << kSubBits;
  static constexpr int kMaxBits = 44;  // 2^44 ticks: hours
  static constexpr std::size_t kBins = static_cast<std::size_t>(kMaxBits - kSubBits + 1) << kSubBits;

  Statistics(double second_order_threshold, double min_per_class)
      : second_threshold_(second_order_threshold), min_per_class_(min_per_class), bins_(2 * kBins) {}

  static std::size_t bin_of(std::uint64_t x) noexcept {
    x = std::min<std::uint64_t>(x, (std::uint64_t{1} << kMaxBits) - 1);
    if (x < kSub) return static_cast<std::size_t>(x);
    const int octave = 63 - __builtin_clzll(x);
    const int shift = octave - kSubBits;
    return (static_cast<std::size_t>(shift + 1) << kSubBits) + static_cast<std::size_t>((x >> shift) - kSub);
  }
  static std::uint64_t bin_start(std::size_t b) noexcept {
    if (b < kSub) return b;
    const int shift = static_cast<int>(b >> kSubBits) - 1;
    return (kSub + (b & (kSub - 1))) << shift;
  }

  // One measurement of class cls.
  void push(std::uint64_t ticks, int cls) noexcept {
    const std::size_t b = bin_of(ticks);
    Bin& bin = bins_[2 * b + static_cast<std::size_t>(cls)];
    const double d = static_cast<double>(ticks - std::min(ticks, bin_start(b)));
    bin.n += 1;
    bin.s1 += d;
    bin.s2 += d * d;
    top_ = std::max(top_, b);
    n_ += 1;
    const double x = static_cast<double>(ticks);
    if (x < second_threshold_) {
      low_.push(x, cls);
      // Centered with the running class mean, as dudect does (it converges quickly).
      if (low_.c[cls].n > 100) {
        const double dev = x - low_.c[cls].mean;
        second_.push(dev * dev, cls);
      }
    }
  }

  // One pair: a class-0 and a class-1 measurement made one after the other (either order).
  void push_pair(std::uint64_t ticks0, std::uint64_t ticks1) noexcept {
    const std::size_t b = bin_of(std::max(ticks0, ticks1));
    PairBin& bin = pair_bins_[b];
    const double d = static_cast<double>(ticks0) - static_cast<double>(ticks1);
    bin.n += 1;
    bin.s1 += d;
    bin.s2 += d * d;
    pair_top_ = std::max(pair_top_, b);
    pairs_ += 1;
  }

  std::vector<TestResult> results() const {
    std::vector<TestResult> out;
    auto add = [&](std::string name, const Welch& w) {
      if (w.min_n() < min_per_class_) return;  // too few to say anything
      out.push_back({std::move(name), w.t(), w.c[0].n, w.c[1].n, w.c[0].mean, w.c[1].mean, w.standard_error()});
    };
    // Paired tests: one-sample t of the differences, cropped on the larger of the two.
    {
      double n = 0, s1 = 0, s2 = 0;
      int next_crop = 0;
      auto add_paired = [&](std::string name) {
        if (n < min_per_class_ || n < 2) return;
        const double mean = s1 / n;
        const double var = std::max(0.0, (s2 - s1 * s1 / n) / (n - 1));
        const double se = std::sqrt(var / n);
        const double t = se > 0 ? mean / se : (mean == 0 ? 0 : std::copysign(HUGE_VAL, mean));
        out.push_back({std::move(name), t, n, n, mean, 0, se});
      };
      for (std::size_t b = 0; b <= pair_top_; ++b) {
        const PairBin& bin = pair_bins_[b];
        if (bin.n == 0) continue;
        n += bin.n;
        s1 += bin.s1;
        s2 += bin.s2;
        if (next_crop < kCrops && n >= crop_fraction(next_crop) * pairs_) {
          char name[56];
          std::snprintf(name, sizeof name, "paired, crop %.1f%% (p=%.3f)", 100.0 * n / pairs_,
                        crop_fraction(next_crop));
          add_paired(name);
          while (next_crop < kCrops && n >= crop_fraction(next_crop) * pairs_) ++next_crop;
        }
      }
      add_paired("paired, all");
    }
    Welch acc;
    double seen = 0;
    int next_crop = 0;
    for (std::size_t b = 0; b <= top_; ++b) {
      for (int c = 0; c < 2; ++c) {
        const Bin& bin = bins_[2 * b + static_cast<std::size_t>(c)];
        if (bin.n == 0) continue;
        Moments m;
        m.n = bin.n;
        m.mean = static_cast<double>(bin_start(b)) + bin.s1 / bin.n;
        m.m2 = std::max(0.0, bin.s2 - bin.s1 * bin.s1 / bin.n);
        acc.c[c].merge(m);
        seen += bin.n;
      }
      // Every crop level reached inside this bin gives one test (the first one named).
      if (next_crop < kCrops && seen >= crop_fraction(next_crop) * n_) {
        char name[48];
        std::snprintf(name, sizeof name, "crop %.1f%% (p=%.3f)", 100.0 * seen / n_, crop_fraction(next_crop));
        add(name, acc);
        while (next_crop < kCrops && seen >= crop_fraction(next_crop) * n_) ++next_crop;
      }
    }
    add("all", acc);
    add("2nd order (p<0.90)", second_);
    return out;
  }

  double measurements() const noexcept { return n_; }

 private:
  struct Bin {
    double n = 0, s1 = 0, s2 = 0;  // count, sums of (x - bin start) and its square
  };
  struct PairBin {
    double n = 0, s1 = 0, s2 = 0;  // count, sums of x0 - x1 and its square
  };
  double second_threshold_, min_per_class_;
  std::vector<Bin> bins_;  // [bin][class]
  std::vector<PairBin> pair_bins_ = std::vector<PairBin>(kBins);  // by max(x0, x1)
  std::size_t top_ = 0, pair_top_ = 0;
  double n_ = 0, pairs_ = 0;
  Welch low_, second_;
};

// ---- The measurement loop ---------------------------------------------------------------

struct Options {
  double seconds = 4.0;               // measurement time per target (warm-up included)
  double warmup_fraction = 0.05;      // the first part is discarded
  double min_per_class = 100;         // a test counts once both classes have this many
  // Slow operations (FrodoKEM on the portable backend: ~10 ms a call) get up to three times
  // the time to reach this many measurements.
  double min_measurements = 600;
  std::string dump_path;              // raw measurements ("class ticks" lines), for analysis

  // TESSERA_TIMING_SECONDS=N: N seconds per target and backend (default 4; 1 in sanitizer
  // builds, where the run checks the harness more than the timing).
  // TESSERA_TIMING_DUMP=file: also write every measurement there ("class ticks" lines).
  static Options from_env() {
    Options o;
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    o.seconds = 1.0;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
    o.seconds = 1.0;
#endif
#endif
    if (const char* s = std::getenv("TESSERA_TIMING_SECONDS")) {
      char* end = nullptr;
      const double v = std::strtod(s, &end);
      if (end != s && v > 0) o.seconds = v;
    }
    if (const char* d = std::getenv("TESSERA_TIMING_DUMP")) o.dump_path = d;
    return o;
  }
};

enum class Verdict { no_evidence, suspicious, leak };
inline const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::no_evidence: return "no evidence of a leak";
    case Verdict::suspicious: return "SUSPICIOUS";
    case Verdict::leak: return "LEAK";
  }
  return "?";
}

struct Report {
  std::string timer, unit;
  double seconds = 0;            // spent measuring (warm-up included)
  double measurements = 0;       // used in the tests (warm-up excluded)
  double warmup = 0;             // measurements discarded at the start
  double median = 0;             // of the warm-up sample
  TestResult max;                // the test with the largest |t|
  double tau = 0;                // max.t / sqrt(n0 + n1): dudect's effect size
  // The smallest difference of class means (same unit) that would have given |t| = 10 with
  // the best crop's variance and counts: what this run could have seen at all.
  double detectable = 0;
  // The timer's step and the smallest effect a LEAK verdict needs (effect_floor()).
  double step = 1, floor = 0;
  std::vector<TestResult> tests;
  Verdict verdict = Verdict::no_evidence;

  double abs_t() const noexcept { return std::fabs(max.t); }
};

inline Verdict verdict_for(double abs_t) noexcept {
  return abs_t > kLeakT ? Verdict::leak : abs_t > kSuspiciousT ? Verdict::suspicious : Verdict::no_evidence;
}

// A test's effect in time units: the mean difference (paired: the mean of the pair
// differences), and for a second-order test the difference of the classes' RMS spreads
// (its means are mean squared deviations).
inline double effect(const TestResult& t) noexcept {
  if (t.name.rfind("paired", 0) == 0) return std::fabs(t.mean0);
  if (t.name.find("2nd") != std::string::npos)
    return std::fabs(std::sqrt(std::max(0.0, t.mean1)) - std::sqrt(std::max(0.0, t.mean0)));
  return std::fabs(t.mean1 - t.mean0);
}

// A tenth of the timer's step. With a stepped counter every call is timed as a multiple of
// the step, and with millions of calls a shift of a fraction of a tick reaches |t| > 10 (seen
// here: 0.2-0.4 ticks, 0.01 % of an AES-GCM call, with a 26-tick step, in either direction
// from run to run): the share of calls falling on either side of a step boundary, which the
// CPU's data-dependent power and clock moves, not the code's instructions. An effect below
// the floor is reported as SUSPICIOUS, never as a LEAK. With a 1-tick counter the floor is
// 0.1 tick and changes nothing.
inline double effect_floor(double step) noexcept { return step / 10; }

// LEAK: some test has |t| > 10 and an effect of at least the floor.
inline Verdict verdict_for(const std::vector<TestResult>& tests, double abs_max_t, double floor) noexcept {
  for (const TestResult& t : tests) {
    if (std::fabs(t.t) > kLeakT && effect(t) >= floor) return Verdict::leak;
  }
  return abs_max_t > kSuspiciousT ? Verdict::suspicious : Verdict::no_evidence;
}

// Runs target for opt.seconds and tests its timings. Class labels are fair coin flips from a
// generator seeded by std::random_device.
template <class Target>
Report measure(Target& target, const Options& opt) {
  const Timer timer;
  std::mt19937_64 rng(std::random_device{}() ^ (std::uint64_t{std::random_device{}()} << 32));
  const std::size_t batch = std::max<std::size_t>(2, target.batch_size() + (target.batch_size() & 1));
  std::vector<std::uint8_t> classes(batch);
  std::vector<std::uint64_t> ticks(batch);

  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };

  // One batch: inputs prepared, then measured in order. The order is a sequence of pairs,
  // each one measurement of either class in random order (a randomized block design): every
  // position is still a fair coin flip, and each pair gives a difference that is free of
  // whatever drifts more slowly than two calls.
  auto run_batch = [&] {
    for (std::size_t i = 0; i < batch; i += 128) {
      std::uint64_t bits = rng();
      for (std::size_t j = i; j < std::min(batch, i + 128); j += 2, bits >>= 1) {
        classes[j] = bits & 1;
        classes[j + 1] = classes[j] ^ 1;
      }
    }
    target.prepare(std::span<const std::uint8_t>(classes));
    for (std::size_t i = 0; i < batch; ++i) {
      target.load(i);
      const std::uint64_t t0 = Timer::begin();
      target.run();
      const std::uint64_t t1 = timer.end();
      ticks[i] = t1 - t0;
    }
  };

  // Warm-up: the first batches are not tested (dudect discards its first batch too: cold
  // caches, page faults, the clock ramping up); they set the second-order threshold.
  std::vector<double> sample;
  while (sample.size() < 100 || elapsed() < opt.warmup_fraction * opt.seconds) {
    run_batch();
    for (std::size_t i = 0; i < batch; ++i) sample.push_back(static_cast<double>(ticks[i]));
  }
  Report r;
  r.warmup = static_cast<double>(sample.size());
  std::sort(sample.begin(), sample.end());
  r.median = sample[sample.size() / 2];
  Statistics stats(sample[sample.size() * 9 / 10], opt.min_per_class);
  sample = {};

  std::FILE* dump = opt.dump_path.empty() ? nullptr : std::fopen(opt.dump_path.c_str(), "w");
  do {
    run_batch();
    for (std::size_t i = 0; i < batch; ++i) stats.push(ticks[i], classes[i]);
    for (std::size_t i = 0; i < batch; i += 2)
      classes[i] == 0 ? stats.push_pair(ticks[i], ticks[i + 1]) : stats.push_pair(ticks[i + 1], ticks[i]);
    if (dump)
      for (std::size_t i = 0; i < batch; ++i)
        std::fprintf(dump, "%u %llu\n", classes[i], static_cast<unsigned long long>(ticks[i]));
  } while (elapsed() < opt.seconds ||
           (stats.measurements() < opt.min_measurements && elapsed() < 3 * opt.seconds));
  if (dump) std::fclose(dump);

  r.seconds = elapsed();
  r.timer = timer.name();
  r.unit = timer.unit();
  r.measurements = stats.measurements();
  r.tests = stats.results();
  double best_se = HUGE_VAL;
  for (const TestResult& t : r.tests) {
    if (std::fabs(t.t) >= std::fabs(r.max.t) || r.max.name.empty()) r.max = t;
    if (t.name.find("2nd") == std::string::npos) best_se = std::min(best_se, t.se);
  }
  r.tau = r.max.n0 + r.max.n1 > 0 ? r.max.t / std::sqrt(r.max.n0 + r.max.n1) : 0;
  r.detectable = std::isfinite(best_se) ? kLeakT * best_se : 0;
  r.step = static_cast<double>(timer.step());
  r.floor = effect_floor(r.step);
  r.verdict = verdict_for(r.tests, r.abs_t(), r.floor);
  return r;
}

}  // namespace tessera::timing
