// bench/threaded_runner (tessera-bench --threads): N threads, each with its own op and its
// own inputs, started together and stopped together; the counts and rates it reports add up.
// Built into bench-unit-tests; it needs only threaded_runner.cpp, stats.cpp and the library,
// so the ThreadSanitizer build (scripts/ci-security.sh run_tsan: threads-tests, no bench)
// can compile it too and check that the runner itself is race-free.
#include "threaded_runner.hpp"

#include <tessera/mlkem.hpp>
#include <tessera/sha3.hpp>

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

namespace tessera::bench {
namespace {

using u8 = std::uint8_t;

// Short phases: the test checks the bookkeeping, not speed (and stays quick under TSan).
constexpr RunConfig kConfig{.seconds = 0.05, .warmup_seconds = 0.01};

void expect_consistent(const ThreadedMeasurement& t, std::size_t threads) {
  ASSERT_EQ(t.threads, threads);
  ASSERT_EQ(t.per_thread.size(), threads);
  std::uint64_t calls = 0;
  std::size_t samples = 0;
  double longest = 0;
  for (const Measurement& m : t.per_thread) {
    EXPECT_GE(m.calls, 1u);
    EXPECT_GE(m.seconds, kConfig.seconds);  // nobody stops before the common deadline
    EXPECT_GT(m.ops_per_sec, 0);
    EXPECT_GT(m.ticks_per_call.median, 0);
    EXPECT_EQ(m.calls, m.batch * m.ticks_per_call.samples);
    calls += m.calls;
    samples += m.ticks_per_call.samples;
    longest = std::max(longest, m.seconds);
  }
  EXPECT_EQ(t.calls, calls);
  EXPECT_EQ(t.ticks_per_call.samples, samples);
  EXPECT_DOUBLE_EQ(t.seconds, longest);
  EXPECT_DOUBLE_EQ(t.ops_per_sec, static_cast<double>(calls) / longest);
}

// SHA3-256 of a 1 KiB buffer: each thread hashes its own buffer into its own digest, and
// counts its calls in its own counter (written only by that thread while it runs).
TEST(BenchThreadedRunner, Sha3OwnBuffersOnThreeThreads) {
  constexpr std::size_t kN = 3;
  struct Input {
    std::array<u8, 1024> message{};
    std::array<u8, 32> digest{};
    std::uint64_t calls = 0;
    std::thread::id ran_on{};
  };
  std::array<Input, kN> inputs{};
  std::vector<Op> ops;
  for (std::size_t i = 0; i < kN; ++i) {
    inputs[i].message.fill(static_cast<u8>(i));
    ops.push_back([in = &inputs[i]] {
      sha3_256(in->message, in->digest);
      ++in->calls;
      in->ran_on = std::this_thread::get_id();
    });
  }
  const ThreadedMeasurement t = run_threaded(ops, kConfig);
  expect_consistent(t, kN);
  std::array<u8, 32> expected{};
  for (std::size_t i = 0; i < kN; ++i) {
    sha3_256(inputs[i].message, expected);
    EXPECT_EQ(inputs[i].digest, expected) << "thread " << i;
    // Warm-up calls plus the timed ones, all on one thread other than this one.
    EXPECT_GT(inputs[i].calls, t.per_thread[i].calls);
    EXPECT_NE(inputs[i].ran_on, std::this_thread::get_id());
    for (std::size_t j = 0; j < i; ++j) EXPECT_NE(inputs[i].ran_on, inputs[j].ran_on);
  }
}

// ML-KEM-512 encapsulation to per-thread keys, as tessera-bench --threads runs a KEM case:
// one prepare() per thread (its own key pair), then all threads at once.
TEST(BenchThreadedRunner, MlKem512EncapsOwnKeysOnTwoThreads) {
  using mlkem::MlKem512;
  constexpr std::size_t kN = 2;
  std::atomic<int> failures{0};  // only touched when a call fails
  std::vector<Op> ops;
  for (std::size_t i = 0; i < kN; ++i) {
    auto kp = MlKem512::generate_key();
    ASSERT_TRUE(kp);
    auto key = std::make_shared<MlKem512::KeyPair>(std::move(*kp));
    ops.push_back([key, &failures] {
      auto e = MlKem512::encapsulate(key->public_key);
      if (!e) failures.fetch_add(1, std::memory_order_relaxed);
    });
  }
  const ThreadedMeasurement t = run_threaded(ops, kConfig);
  expect_consistent(t, kN);
  EXPECT_EQ(failures.load(), 0);
}

TEST(BenchThreadedRunner, OneThreadAndScaling) {
  std::uint64_t calls = 0;
  const std::vector<Op> ops{[&calls] { ++calls; }};
  const ThreadedMeasurement t = run_threaded(ops, kConfig);
  expect_consistent(t, 1);
  Measurement single;
  single.ops_per_sec = t.ops_per_sec / 2;
  EXPECT_DOUBLE_EQ(thread_scaling(t, single), 2.0);
  single.ops_per_sec = 0;
  EXPECT_EQ(thread_scaling(t, single), 0.0);
}

}  // namespace
}  // namespace tessera::bench
