// bench/results: the summary tables, CSV and HTML report on made-up records.
#include "results.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tessera::bench {
namespace {

Measurement measurement(double ops_per_sec) {
  Measurement m;
  m.calls = 100;
  m.seconds = 100 / ops_per_sec;
  m.ops_per_sec = ops_per_sec;
  m.ticks_per_call = {.samples = 100, .mean = 1000, .min = 900, .median = 950, .p90 = 1100, .p99 = 1500, .max = 2000};
  return m;
}

RunRecord record(Case c, std::string backend, double ops_per_sec, std::string accel = {}) {
  return {.c = std::move(c), .backend = std::move(backend), .acceleration = std::move(accel), .version = "1",
          .m = measurement(ops_per_sec)};
}

Case kem(const char* operation, const char* implementation = "tessera") {
  Case c = ops_case("ML-KEM-768", operation, 192, nullptr, "ML-KEM 768");
  c.implementation = implementation;
  return c;
}

Implementation impl(std::string name, bool built, std::vector<Case> cases = {}, std::string version = {}) {
  Implementation i;
  i.name = std::move(name);
  i.built = built;
  i.cases = std::move(cases);
  i.version = std::move(version);
  return i;
}

int count(const std::string& s, const std::string& what) {
  int n = 0;
  for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

TEST(BenchResults, RowKeysSeparateSizesAndOperations) {
  EXPECT_EQ(row_key(kem("encap")), "ML-KEM-768|encap|");
  const Case h = bytes_case("SHA3-256", "hash", 1024, nullptr);
  EXPECT_EQ(row_key(h), "SHA3-256|hash|1KiB");
  EXPECT_EQ(row_operation(h), "hash 1KiB");
  EXPECT_EQ(format_rate(Kind::ops, 91234.4), "91234 ops/s");
  EXPECT_EQ(format_rate(Kind::ops, 12.345), "12.35 ops/s");
  EXPECT_EQ(format_rate(Kind::bytes, 512.0 * 1024 * 1024), "512.0 MiB/s");
}

TEST(BenchResults, RateOfBytesCasesCountsBytes) {
  const RunRecord r = record(bytes_case("SHAKE128x4", "absorb", 1024, nullptr, 4), "portable", 1000);
  EXPECT_DOUBLE_EQ(rate(r), 1000.0 * 4096);
}

TEST(BenchResults, CompareBackendsImprovement) {
  const std::vector<RunRecord> records{record(kem("key gen"), "portable", 1000, "portable"),
                                       record(kem("encap"), "portable", 2000, "portable"),
                                       record(kem("key gen"), "avx2", 1500, "avx2 (Keccak x4)"),
                                       record(kem("encap"), "avx2", 1800, "avx2 (Keccak x4)")};
  const std::string t = compare_backends_table(records, "avx2");
  EXPECT_NE(t.find("| Algorithm "), std::string::npos) << t;
  EXPECT_NE(t.find("avx2 (accelerated)"), std::string::npos) << t;
  EXPECT_NE(t.find("| ML-KEM-768 | key gen   | 1000 ops/s | 1500 ops/s"), std::string::npos) << t;
  EXPECT_NE(t.find("+50%"), std::string::npos) << t;
  EXPECT_NE(t.find("-10%"), std::string::npos) << t;
  EXPECT_EQ(count(t, "\n"), 4);  // header, rule, two rows
  EXPECT_EQ(compare_backends_table(records, "avx512"), "");
}

TEST(BenchResults, PeersTableShowsRatiosNotApplicableAndNotBuilt) {
  const std::vector<RunRecord> records{record(kem("encap"), "avx2", 1000),
                                       record(kem("encap", "liboqs"), "none", 1250),
                                       record(kem("decap (expanded dk)", "liboqs"), "none", 900)};
  std::vector<Implementation> impls{impl("tessera", true), impl("openssl", true), impl("liboqs", true),
                                    impl("wolfssl", false)};
  const std::string t = peers_table(records, impls, "avx2");
  EXPECT_NE(t.find("tessera (avx2)"), std::string::npos) << t;
  EXPECT_NE(t.find("1250 ops/s (1.25x)"), std::string::npos) << t;
  // Tessera did not run "decap (expanded dk)" here: its cell is n/a and the peer has no ratio.
  EXPECT_NE(t.find("| decap (expanded dk) | n/a"), std::string::npos) << t;
  EXPECT_NE(t.find("900 ops/s "), std::string::npos) << t;
  EXPECT_EQ(count(t, "not built"), 2) << t;  // wolfssl on both rows
  EXPECT_EQ(count(t, "| n/a"), 3) << t;      // openssl twice, Tessera once
}

TEST(BenchResults, AvailabilityTable) {
  Case t = kem("encap");
  t.acceleration = [](Backend b) { return b == Backend::portable ? std::string("portable") : std::string("fast"); };
  Case o = peer_ops_case("openssl", "X25519", "agree", 128, nullptr, "asm");
  std::vector<Implementation> impls{impl("tessera", true, {t}), impl("openssl", true, {o}),
                                    impl("wolfssl", false)};
  const std::string a = availability_table(impls, Backend::avx2);
  EXPECT_NE(a.find("| ML-KEM-768 | fast    | -       | not built |"), std::string::npos) << a;
  EXPECT_NE(a.find("| X25519     | -       | asm     | not built |"), std::string::npos) << a;
}

TEST(BenchResults, CsvQuotesAndCountsLines) {
  Case c = kem("decap");
  const std::string s = csv({record(c, "portable", 10, "avx2 (NTT, Keccak)")});
  EXPECT_EQ(count(s, "\n"), 2);
  EXPECT_NE(s.find("tessera,1,ML-KEM-768,decap,ops,0,0,portable,\"avx2 (NTT, Keccak)\",100,"), std::string::npos) << s;
}

TEST(BenchResults, HtmlIsSelfContainedWithCharts) {
  const std::vector<RunRecord> records{record(kem("key gen"), "portable", 1000),
                                       record(kem("key gen"), "avx2", 1500),
                                       record(kem("key gen", "liboqs"), "none", 1700, "avx2"),
                                       record(bytes_case("SHA3-256", "hash", 1024, nullptr), "avx2", 1e5)};
  std::vector<Implementation> impls{impl("tessera", true, {kem("key gen")}),
                                    impl("liboqs", true, {}, "liboqs 0.16.0"), impl("wolfssl", false)};
  MachineInfo machine;
  machine.cpu = "Test <CPU> & co";
  const std::string h = html_report(records, impls, machine, Backend::avx2);
  EXPECT_EQ(h.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(h.find("http://"), std::string::npos);
  EXPECT_EQ(h.find("https://"), std::string::npos);
  EXPECT_EQ(h.find("<script"), std::string::npos);
  EXPECT_NE(h.find("Test &lt;CPU&gt; &amp; co"), std::string::npos);
  EXPECT_EQ(count(h, "<svg "), 3);  // gains, ML-KEM-768, SHA3-256
  EXPECT_EQ(count(h, "<svg "), count(h, "</svg>"));
  EXPECT_EQ(count(h, "<table>"), count(h, "</table>"));
  EXPECT_NE(h.find("+50%"), std::string::npos);
  EXPECT_NE(h.find("not built"), std::string::npos);
  EXPECT_NE(h.find("liboqs 0.16.0"), std::string::npos);
}

}  // namespace
}  // namespace tessera::bench
