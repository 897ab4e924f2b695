// bench/report: the wolfCrypt-style lines and JSON records, on made-up measurements.
#include "report.hpp"

#include <gtest/gtest.h>

namespace tessera::bench {
namespace {

Measurement measurement(std::uint64_t calls, double seconds, double mean, double median, double p99) {
  Measurement m;
  m.calls = calls;
  m.seconds = seconds;
  m.ops_per_sec = per_second(static_cast<double>(calls), seconds);
  // samples is a size_t (32 bits on -m32, where the braced init would narrow calls).
  m.ticks_per_call = {.samples = static_cast<std::size_t>(calls), .mean = mean, .min = median, .median = median,
                      .p90 = median, .p99 = p99, .max = p99};
  return m;
}

TEST(BenchReport, BytesLineFollowsWolfCrypt) {
  const Case c = bytes_case("SHA3-256", "hash", 1024, nullptr);
  EXPECT_EQ(c.label, "SHA3-256 1KiB");
  const Measurement m = measurement(512 * 1024, 1.0, 5.10 * 1024, 5.0 * 1024, 6.0 * 1024);
  EXPECT_EQ(format_line(c, m),
            "SHA3-256 1KiB              512 MiB took 1.000 seconds,  512.000 MiB/s "
            "Cycles per byte =   5.10 (p50 5.00, p99 6.00)\n");
}

TEST(BenchReport, SmallAmountsUseKiBAndBytes) {
  const Case c = bytes_case("SHAKE128x4", "squeeze", 1024, nullptr, 4, "SHAKE128x4-squeeze");
  EXPECT_EQ(c.bytes_per_op, 4096u);
  EXPECT_EQ(format_line(c, measurement(2, 0.5, 4096, 4096, 4096)).substr(0, 52),
            "SHAKE128x4-squeeze 1KiB      8 KiB took 0.500 second");
  const Case tiny = bytes_case("X", "hash", 100, nullptr);
  EXPECT_EQ(format_line(tiny, measurement(3, 1.0, 100, 100, 100)).substr(0, 36),
            "X 100B                     300 bytes");
}

TEST(BenchReport, OpsLineFollowsWolfCrypt) {
  const Case c = ops_case("ML-KEM-768", "key gen", 192, nullptr, "ML-KEM 768");
  const Measurement m = measurement(91234, 1.0, 28411, 28000, 30000);
  EXPECT_EQ(format_line(c, m),
            "ML-KEM 768   192  key gen     91234 ops took 1.000 sec, avg 0.011 ms, 91234.000 ops/sec, "
            "28411 cycles, p50 28000, p90 28000, p99 30000\n");
}

TEST(BenchReport, JsonRecordFields) {
  MachineInfo machine;
  machine.cpu = "cpu";
  machine.tick_source = "rdtsc";
  const Case bytes = bytes_case("SHAKE128", "absorb", 16384, nullptr);
  const nlohmann::json b = json_record(bytes, Backend::portable, measurement(1000, 2.0, 16384 * 5.0, 0, 0), machine);
  EXPECT_EQ(b["implementation"], "tessera");
  EXPECT_EQ(b["algorithm"], "SHAKE128");
  EXPECT_EQ(b["operation"], "absorb");
  EXPECT_EQ(b["backend"], "portable");
  EXPECT_EQ(b["kind"], "bytes");
  EXPECT_EQ(b["block_bytes"], 16384);
  EXPECT_DOUBLE_EQ(b["ops_per_sec"].get<double>(), 500);
  EXPECT_DOUBLE_EQ(b["bytes_per_sec"].get<double>(), 500.0 * 16384);
  EXPECT_DOUBLE_EQ(b["cycles_per_byte"].get<double>(), 5.0);

  const Case ops = ops_case("ML-DSA-65", "sign", 192, nullptr);
  const nlohmann::json o = json_record(ops, Backend::portable, measurement(10, 1.0, 100, 90, 400), machine);
  EXPECT_EQ(o["kind"], "ops");
  EXPECT_EQ(o["strength"], 192);
  EXPECT_DOUBLE_EQ(o["cycles_median"].get<double>(), 90);
  EXPECT_DOUBLE_EQ(o["cycles_p99"].get<double>(), 400);
  EXPECT_FALSE(o.contains("bytes_per_sec"));
  EXPECT_FALSE(o.contains("message_bytes"));

  Case sign = ops_case("ML-DSA-44", "sign", 128, nullptr);
  sign.message_bytes = 32;
  sign.acceleration = [](Backend which) { return std::string(backend_name(which)) + "!"; };
  const nlohmann::json s = json_record(sign, Backend::portable, measurement(10, 1.0, 100, 90, 400), machine);
  EXPECT_EQ(s["message_bytes"], 32);
  EXPECT_EQ(s["acceleration"], "portable!");
  const nlohmann::json p = json_record(sign, "none", "asm", "OpenSSL 3.0", measurement(10, 1.0, 100, 90, 400), machine);
  EXPECT_EQ(p["backend"], "none");
  EXPECT_EQ(p["acceleration"], "asm");
  EXPECT_EQ(p["implementation_version"], "OpenSSL 3.0");
}

TEST(BenchReport, ListLineAndFilterKey) {
  const Case c = bytes_case("SHA3-512", "hash", 16384, nullptr);
  EXPECT_EQ(c.filter_key(), "SHA3-512 hash");
  EXPECT_EQ(format_list_line(c), "tessera    SHA3-512         hash       16KiB\n");
}

TEST(BenchReport, ThreadsLineAndJsonFields) {
  const Case c = ops_case("ML-KEM-768", "key gen", 192, nullptr, "ML-KEM 768");
  Measurement single = measurement(1000, 1.0, 1200, 1000, 1500);
  single.cpu_seconds = 0.5;  // half a core
  ThreadedMeasurement t;
  t.cpu_seconds = 1.0;  // two threads, half a core each: 1900 calls per CPU-second vs 2000
  t.threads = 2;
  t.calls = 1900;
  t.seconds = 1.0;
  t.ops_per_sec = 1900;
  t.ticks_per_call.median = 1050;
  t.ticks_per_call.p99 = 1600;
  t.per_thread = {measurement(950, 1.0, 1, 1, 1), measurement(950, 0.99, 1, 1, 1)};
  EXPECT_EQ(format_threads_line(c, single, t),
            "ML-KEM 768   192  key gen x2 threads   1900 ops took 1.000 sec, 1900.000 ops/sec aggregate, "
            "1.90x one thread, p50 1050 (per thread: 950, 960 ops/sec), CPU share 0.50 (one thread 0.50), "
            "0.95 per CPU-second\n");
  nlohmann::json r = json_record(c, "avx2", "avx2 (NTT)", "0.1.0", single, MachineInfo{});
  EXPECT_FALSE(r.contains("threads"));
  add_threads_fields(r, single, t);
  EXPECT_EQ(r["threads"], 2);
  EXPECT_EQ(r["threads_calls"], 1900);
  EXPECT_DOUBLE_EQ(r["threads_ops_per_sec"].get<double>(), 1900);
  EXPECT_DOUBLE_EQ(r["threads_scaling"].get<double>(), 1.9);
  EXPECT_DOUBLE_EQ(r["threads_cycles_median"].get<double>(), 1050);
  EXPECT_EQ(r["threads_per_thread_ops_per_sec"].size(), 2u);
  EXPECT_DOUBLE_EQ(r["threads_cpu_efficiency"].get<double>(), 0.95);
  EXPECT_DOUBLE_EQ(r["cpu_seconds"].get<double>(), 0.5);
}

}  // namespace
}  // namespace tessera::bench
