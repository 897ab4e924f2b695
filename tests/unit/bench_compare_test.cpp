// bench/compare (tessera-bench compare): saved --json runs side by side on made-up records
// with known medians and rates, the machine summary, and the errors for bad files.
#include "compare.hpp"
#include "report.hpp"
#include "schema_check.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace tessera::bench {
namespace {

using nlohmann::json;

MachineInfo machine(std::string compiler, double hz = 2.5e9) {
  return {.cpu = "Test CPU", .cpu_features = "", .kernel = "", .tessera_version = "0.1.0",
          .compiler = std::move(compiler), .build_type = "Release", .build_flags = "", .tick_source = "rdtsc", .tick_rate = hz};
}

Measurement measurement(double ops_per_sec, double median) {
  Measurement m;
  m.calls = 100;
  m.seconds = 100 / ops_per_sec;
  m.ops_per_sec = ops_per_sec;
  m.ticks_per_call = {.samples = 100, .mean = median * 1.2, .min = median * 0.9, .median = median,
                      .p90 = median * 1.1, .p99 = median * 1.5, .max = median * 2};
  return m;
}

json kem_record(const char* operation, double ops, double median, const MachineInfo& mi) {
  const Case c = ops_case("ML-KEM-768", operation, 192, nullptr, "ML-KEM 768");
  return json_record(c, "avx2", "avx2 (NTT)", "0.1.0", measurement(ops, median), mi);
}

json hash_record(std::size_t block, double ops, double median, const MachineInfo& mi) {
  const Case c = bytes_case("SHA3-256", "hash", block, nullptr);
  return json_record(c, "avx2", "avx2 (Keccak)", "0.1.0", measurement(ops, median), mi);
}

ResultFile file(std::string label, json records) {
  return {.path = label + ".json", .label = label, .records = std::move(records)};
}

TEST(BenchCompare, DifferencesAgainstTheFirstFile) {
  const MachineInfo gcc = machine("GNU 12.2.0"), iar = machine("IAR 9.50");
  // B: key gen p50 1000 -> 800 (-20%), 1000 -> 1250 ops/s (+25%); encap only in A; decap only in B.
  const std::vector<ResultFile> files{
      file("A", json::array({kem_record("key gen", 1000, 1000, gcc), kem_record("encap", 2000, 500, gcc),
                             hash_record(1024, 100000, 10240, gcc), hash_record(16384, 10000, 81920, gcc)})),
      file("B", json::array({kem_record("key gen", 1250, 800, iar), kem_record("decap", 900, 1100, iar),
                             hash_record(1024, 50000, 20480, iar)}))};
  const std::string t = compare_table(files);
  EXPECT_NE(t.find("| Algorithm "), std::string::npos) << t;
  EXPECT_NE(t.find("B p50 vs A"), std::string::npos) << t;
  EXPECT_NE(t.find("B rate vs A"), std::string::npos) << t;
  // key gen: both files, the differences computed.
  EXPECT_NE(t.find("| key gen "), std::string::npos);
  EXPECT_NE(t.find("p50 1000 cyc, 1000 ops/s"), std::string::npos) << t;
  EXPECT_NE(t.find("p50 800 cyc, 1250 ops/s"), std::string::npos) << t;
  EXPECT_NE(t.find("-20.0%"), std::string::npos) << t;
  EXPECT_NE(t.find("+25.0%"), std::string::npos) << t;
  // Throughput rows are told apart by size: 1 KiB 10.00 -> 20.00 cyc/B (+100%), rate -50%.
  EXPECT_NE(t.find("hash 1KiB"), std::string::npos) << t;
  EXPECT_NE(t.find("hash 16KiB"), std::string::npos) << t;
  EXPECT_NE(t.find("+100.0%"), std::string::npos) << t;
  EXPECT_NE(t.find("-50.0%"), std::string::npos) << t;
  // 5 rows (+ header and rule); rows in only one file show n/a.
  EXPECT_EQ(std::count(t.begin(), t.end(), '\n'), 7) << t;
  const auto line_of = [&](const std::string& op) {
    const auto at = t.find("| " + op + " ");
    return t.substr(at, t.find('\n', at) - at);
  };
  EXPECT_NE(line_of("encap").find("n/a"), std::string::npos);
  EXPECT_NE(line_of("decap").find("n/a"), std::string::npos);
  EXPECT_NE(line_of("hash 16KiB").find("n/a"), std::string::npos);
  EXPECT_EQ(line_of("key gen").find("n/a"), std::string::npos);

  const std::string s = compare_summary(files);
  EXPECT_NE(s.find("A: A.json (4 records, 4 rows)"), std::string::npos) << s;
  EXPECT_NE(s.find("IAR 9.50"), std::string::npos) << s;
  EXPECT_NE(s.find("Differ between the files: Compiler"), std::string::npos) << s;
  EXPECT_EQ(s.find("counters tick at different rates"), std::string::npos) << s;
  EXPECT_TRUE(compare_threads_table(files).empty());
}

TEST(BenchCompare, ThreeFilesAndDifferentCounters) {
  const std::vector<ResultFile> files{file("A", json::array({kem_record("key gen", 1000, 1000, machine("g"))})),
                                      file("B", json::array({kem_record("key gen", 500, 2000, machine("g"))})),
                                      file("C", json::array({kem_record("key gen", 2000, 500, machine("g", 1e9))}))};
  const std::string t = compare_table(files);
  EXPECT_NE(t.find("C p50 vs A"), std::string::npos) << t;
  EXPECT_NE(t.find("+100.0%"), std::string::npos) << t;  // B p50
  EXPECT_NE(t.find("-50.0%"), std::string::npos) << t;   // B rate, C p50
  EXPECT_NE(compare_summary(files).find("counters tick at different rates"), std::string::npos);
}

// tessera-fw-bench's records (scripts/fw-bench-json.py): instructions under qemu -icount,
// labelled as such, with no rate, and never compared with cycles.
TEST(BenchCompare, InstructionCountsAreLabelledAsInstructions) {
  const auto icount = [](json r, const char* compiler) {
    r["cycle_counter"] = "qemu_icount";
    r["counter_hz"] = 1e9;
    r["compiler"] = compiler;
    return r;
  };
  const json schema = json::parse(embedded_schema_text());
  const json gcc = icount(kem_record("key gen", 400, 2500000, machine("g")), "arm-none-eabi-gcc 12.2.1");
  const json clang = icount(kem_record("key gen", 500, 2000000, machine("g")), "clang 14.0.6");
  const json sha = icount(hash_record(1024, 2000, 409600, machine("g")), "clang 14.0.6");
  EXPECT_TRUE(check_results(schema, json::array({gcc, clang, sha})).empty());
  const std::vector<ResultFile> files{file("A", json::array({gcc})), file("B", json::array({clang, sha}))};
  // The cells of a table's row whose first cell is `first`, trimmed.
  const auto row = [](const std::string& table, const std::string& first) {
    std::vector<std::string> cells;
    const auto at = table.find("| " + first + " ");
    if (at == std::string::npos) return cells;
    std::string line = table.substr(at + 1, table.find('\n', at) - at - 1), cell;
    for (std::size_t i = 0, bar; i < line.size(); i = bar + 1) {
      bar = std::min(line.find('|', i), line.size());
      cell = line.substr(i, bar - i);
      cell.erase(0, cell.find_first_not_of(' '));
      cell.erase(cell.find_last_not_of(' ') + 1);
      cells.push_back(cell);
    }
    return cells;
  };
  const std::string t = compare_table(files);
  using Cells = std::vector<std::string>;
  EXPECT_EQ(row(t, "ML-KEM-768"),
            (Cells{"ML-KEM-768", "key gen", "tessera", "avx2", "p50 2.50M instr", "p50 2.00M instr", "-20.0%", "n/a"}))
      << t;
  EXPECT_EQ(row(t, "SHA3-256"),
            (Cells{"SHA3-256", "hash 1KiB", "tessera", "avx2", "n/a", "p50 400.00 instr/B", "n/a", "n/a"}))
      << t;
  const std::string s = compare_summary(files);
  EXPECT_NE(s.find("qemu_icount (instructions under emulation, not cycles; no rate)"), std::string::npos) << s;
  EXPECT_NE(s.find("Differ between the files: Compiler"), std::string::npos) << s;
  // Against a file of cycles: no difference of p50 (other units) and none of rates.
  const std::vector<ResultFile> mixed{file("A", json::array({kem_record("key gen", 1000, 1000, machine("g"))})),
                                      file("B", json::array({clang}))};
  const std::string m = compare_table(mixed);
  EXPECT_EQ(row(m, "ML-KEM-768"), (Cells{"ML-KEM-768", "key gen", "tessera", "avx2", "p50 1000 cyc, 1000 ops/s",
                                         "p50 2.00M instr", "n/a", "n/a"}))
      << m;
}

TEST(BenchCompare, ThreadsColumns) {
  json a = kem_record("key gen", 1000, 1000, machine("g"));
  a["threads"] = 2;
  a["threads_ops_per_sec"] = 1900.0;
  a["threads_scaling"] = 1.9;
  json b = kem_record("key gen", 1000, 1000, machine("g"));
  b["threads"] = 2;
  b["threads_ops_per_sec"] = 1995.0;
  b["threads_scaling"] = 1.995;
  const std::vector<ResultFile> files{file("A", json::array({a})), file("B", json::array({b}))};
  const std::string t = compare_threads_table(files);
  EXPECT_NE(t.find("2 x: 1900 ops/s (1.90x)"), std::string::npos) << t;
  EXPECT_NE(t.find("2 x: 1995 ops/s (2.00x)"), std::string::npos) << t;
  EXPECT_NE(t.find("+5.0%"), std::string::npos) << t;
  const std::string h = compare_html(files);
  EXPECT_EQ(h.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(h.find("<h2>Threads</h2>"), std::string::npos);
  EXPECT_EQ(h.find("http"), std::string::npos);
  EXPECT_EQ(h.find("<script"), std::string::npos);
}

TEST(BenchCompare, EmbeddedSchemaAcceptsTheBenchRecords) {
  const json schema = json::parse(embedded_schema_text());
  json r = kem_record("key gen", 1000, 1000, machine("g"));
  EXPECT_TRUE(check_results(schema, json::array({r})).empty());
  r["threads"] = 2;  // the optional --threads fields
  r["threads_ops_per_sec"] = 1900.0;
  r["threads_per_thread_ops_per_sec"] = json::array({950.0, 950.0});
  EXPECT_TRUE(check_results(schema, json::array({r})).empty());
  r["threads"] = 1;  // below the minimum: a one-thread run has no threads_* fields
  EXPECT_FALSE(check_results(schema, json::array({r})).empty());
}

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/bench_compare_" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

TEST(BenchCompare, BadFilesAreRefusedWithTheReason) {
  ResultFile f;
  std::string error;
  EXPECT_FALSE(load_result_file(::testing::TempDir() + "/no-such-file.json", f, error));
  EXPECT_NE(error.find("cannot open"), std::string::npos) << error;

  EXPECT_FALSE(load_result_file(write_temp("garbage.json", "{ not json"), f, error));
  EXPECT_NE(error.find("not JSON"), std::string::npos) << error;

  EXPECT_FALSE(load_result_file(write_temp("empty.json", "[]"), f, error));
  EXPECT_NE(error.find("expected at least 1"), std::string::npos) << error;

  json r = kem_record("key gen", 1000, 1000, machine("g"));
  r.erase("cycles_median");
  EXPECT_FALSE(load_result_file(write_temp("missing.json", json::array({r}).dump()), f, error));
  EXPECT_NE(error.find("record 0: missing cycles_median"), std::string::npos) << error;

  const std::string good = write_temp("good.json", json::array({kem_record("encap", 1, 1, machine("g"))}).dump());
  EXPECT_TRUE(load_result_file(good, f, error)) << error;
  EXPECT_EQ(f.records.size(), 1u);
}

TEST(BenchCompare, ExitCodes) {
  const std::string good = write_temp("a.json", json::array({kem_record("encap", 1, 1, machine("g"))}).dump());
  const std::string bad = write_temp("bad.json", "[1]");
  const auto run = [](std::vector<std::string_view> args) { return run_compare(args, "tessera-bench"); };
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  EXPECT_EQ(run({good}), 2);                       // one file
  EXPECT_EQ(run({good, bad}), 2);                  // invalid
  EXPECT_EQ(run({good, "--no-such-option"}), 2);
  EXPECT_EQ(run({good, good, "--md"}), 2);         // --md without a file
  const std::string md = ::testing::TempDir() + "/bench_compare_out.md";
  EXPECT_EQ(run({good, good, "--md", md}), 0);
  EXPECT_EQ(run({good, good, "--html", ::testing::TempDir() + "/no-such-dir/x.html"}), 1);
  const std::string out = testing::internal::GetCapturedStdout();
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("needs at least two result files"), std::string::npos) << err;
  EXPECT_NE(err.find("record 0: not an object"), std::string::npos) << err;
  EXPECT_NE(out.find("+0.0%"), std::string::npos) << out;
  std::ifstream in(md);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("| ML-KEM-768 "), std::string::npos) << text;
}

}  // namespace
}  // namespace tessera::bench
