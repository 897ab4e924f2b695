// bench/results: the summary tables, CSV and HTML report on made-up records; and
// bench/peer_match: which Tessera row a peer's KEM lines up with.
#include "peer_match.hpp"
#include "results.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tessera::bench {
namespace {

// A mean rate and a median (counter ticks per call) chosen apart, as on a busy machine
// where preempted calls pull the mean: the tables must take their ratios from the median.
Measurement measurement(double ops_per_sec, double median) {
  Measurement m;
  m.calls = 100;
  m.seconds = 100 / ops_per_sec;
  m.ops_per_sec = ops_per_sec;
  m.ticks_per_call = {.samples = 100, .mean = median * 1.2, .min = median * 0.9, .median = median,
                      .p90 = median * 1.1, .p99 = median * 1.5, .max = median * 2};
  return m;
}

RunRecord record(Case c, std::string backend, double ops_per_sec, double median = 950, std::string accel = {}) {
  return {.c = std::move(c), .backend = std::move(backend), .acceleration = std::move(accel), .version = "1",
          .m = measurement(ops_per_sec, median), .threaded = {}};
}

Case kem(const char* operation, const char* implementation = "tessera", const char* algorithm = "ML-KEM-768") {
  Case c = ops_case(algorithm, operation, 192, nullptr, "ML-KEM 768");
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

// The trimmed cells of the markdown row whose first two cells are algorithm and operation
// (empty if none), so checks do not depend on the column padding.
std::vector<std::string> cells(const std::string& table, const std::string& algorithm, const std::string& operation) {
  std::size_t pos = 0;
  while (pos < table.size()) {
    std::size_t end = table.find('\n', pos);
    if (end == std::string::npos) end = table.size();
    std::vector<std::string> row;
    for (std::size_t c = pos + 1; c < end;) {
      const std::size_t next = table.find('|', c);
      if (next == std::string::npos || next > end) break;
      std::string cell = table.substr(c, next - c);
      const auto first = cell.find_first_not_of(' '), last = cell.find_last_not_of(' ');
      row.push_back(first == std::string::npos ? std::string() : cell.substr(first, last - first + 1));
      c = next + 1;
    }
    if (row.size() >= 2 && row[0] == algorithm && row[1] == operation) return row;
    pos = end + 1;
  }
  return {};
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

TEST(BenchResults, MedianCostAndCells) {
  const RunRecord fast = record(kem("encap"), "avx2", 169240, 15002);
  EXPECT_DOUBLE_EQ(median_cost(fast), 15002);
  EXPECT_EQ(format_cell(fast), "p50 15.0k cyc, 169240 ops/s");
  EXPECT_EQ(format_cell(record(kem("decap"), "avx2", 950, 1.5e6)), "p50 1.50M cyc, 950 ops/s");
  EXPECT_EQ(format_cell(record(kem("decap"), "avx2", 2e6, 1234)), "p50 1234 cyc, 2000000 ops/s");
  // Throughput: per byte of all the instances a call processes.
  const RunRecord h = record(bytes_case("SHAKE128x4", "absorb", 1024, nullptr, 4), "avx2", 1024, 4096 * 5.0);
  EXPECT_DOUBLE_EQ(median_cost(h), 5.0);
  EXPECT_EQ(format_cell(h), "p50 5.00 cyc/B, 4.0 MiB/s");
  // base p50 / other p50; unknown (0) medians give no ratio.
  EXPECT_DOUBLE_EQ(median_speedup(record(kem("encap"), "portable", 1, 1500), fast), 1500 / 15002.0);
  EXPECT_DOUBLE_EQ(median_speedup(record(kem("encap"), "portable", 1, 0), fast), 0);
  EXPECT_DOUBLE_EQ(median_speedup(fast, record(kem("encap"), "portable", 1, 0)), 0);
}

TEST(BenchResults, CompareBackendsImprovementFromMedians) {
  // encap: the mean rate says the accelerated backend is 10% slower (preempted calls), the
  // medians say it takes 2/3 of the time: +50%.
  const std::vector<RunRecord> records{record(kem("key gen"), "portable", 1000, 1500, "portable"),
                                       record(kem("encap"), "portable", 2000, 900, "portable"),
                                       record(kem("decap"), "portable", 2000, 0, "portable"),
                                       record(kem("key gen"), "avx2", 1500, 1000, "avx2 (Keccak x4)"),
                                       record(kem("encap"), "avx2", 1800, 600, "avx2 (Keccak x4)"),
                                       record(kem("decap"), "avx2", 2000, 800, "avx2 (Keccak x4)")};
  const std::string t = compare_backends_table(records, "avx2");
  EXPECT_NE(t.find("| Algorithm "), std::string::npos) << t;
  EXPECT_NE(t.find("avx2 (accelerated)"), std::string::npos) << t;
  EXPECT_NE(t.find("Improvement (p50)"), std::string::npos) << t;
  using Row = std::vector<std::string>;
  EXPECT_EQ(cells(t, "ML-KEM-768", "key gen"), (Row{"ML-KEM-768", "key gen", "p50 1500 cyc, 1000 ops/s",
                                                     "p50 1000 cyc, 1500 ops/s", "avx2 (Keccak x4)", "+50%"}))
      << t;
  EXPECT_EQ(cells(t, "ML-KEM-768", "encap"), (Row{"ML-KEM-768", "encap", "p50 900 cyc, 2000 ops/s",
                                                   "p50 600 cyc, 1800 ops/s", "avx2 (Keccak x4)", "+50%"}))
      << t;
  EXPECT_EQ(t.find("-10%"), std::string::npos) << t;
  // decap: no portable median, no improvement.
  EXPECT_EQ(cells(t, "ML-KEM-768", "decap"), (Row{"ML-KEM-768", "decap", "p50 0 cyc, 2000 ops/s",
                                                   "p50 800 cyc, 2000 ops/s", "avx2 (Keccak x4)", "n/a"}))
      << t;
  EXPECT_EQ(count(t, "\n"), 5);  // header, rule, three rows
  EXPECT_EQ(compare_backends_table(records, "avx512"), "");
  EXPECT_NE(compare_backends_legend("avx2").find("portable p50 / avx2 p50 - 1"), std::string::npos);
}

TEST(BenchResults, PeersTableShowsMedianRatiosNotApplicableAndNotBuilt) {
  // The peer's mean rate is 1.25x Tessera's, its median time half: the ratio is 2.00x.
  const std::vector<RunRecord> records{record(kem("encap"), "avx2", 1000, 1000),
                                       record(kem("encap", "liboqs"), "none", 1250, 500),
                                       record(kem("decap (expanded dk)", "liboqs"), "none", 900, 1100)};
  std::vector<Implementation> impls{impl("tessera", true), impl("openssl", true), impl("liboqs", true),
                                    impl("wolfssl", false)};
  const std::string t = peers_table(records, impls, "avx2");
  EXPECT_NE(t.find("tessera (avx2)"), std::string::npos) << t;
  EXPECT_NE(t.find("| p50 1000 cyc, 1000 ops/s |"), std::string::npos) << t;
  EXPECT_NE(t.find("p50 500 cyc, 1250 ops/s (2.00x)"), std::string::npos) << t;
  EXPECT_EQ(t.find("1.25x"), std::string::npos) << t;
  // Tessera did not run "decap (expanded dk)" here: its cell is n/a and the peer has no ratio.
  EXPECT_NE(t.find("| decap (expanded dk) | n/a"), std::string::npos) << t;
  EXPECT_NE(t.find("p50 1100 cyc, 900 ops/s "), std::string::npos) << t;
  EXPECT_EQ(count(t, "not built"), 2) << t;  // wolfssl on both rows
  EXPECT_EQ(count(t, "| n/a"), 3) << t;      // openssl twice, Tessera once
  EXPECT_NE(peers_legend().find("Tessera p50 / peer p50"), std::string::npos);
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
  const std::string s = csv({record(c, "portable", 10, 950, "avx2 (NTT, Keccak)")});
  EXPECT_EQ(count(s, "\n"), 2);
  EXPECT_NE(s.find("tessera,1,ML-KEM-768,decap,ops,0,0,portable,\"avx2 (NTT, Keccak)\",100,"), std::string::npos) << s;
}

TEST(BenchResults, HtmlIsSelfContainedWithCharts) {
  // key gen: the same mean rate on both backends, but avx2's median is 2/3 of portable's
  // (+50%); liboqs has the highest rate and the slowest median.
  const std::vector<RunRecord> records{record(kem("key gen"), "portable", 1000, 1500),
                                       record(kem("key gen"), "avx2", 1000, 1000),
                                       record(kem("key gen", "liboqs"), "none", 1700, 2000, "avx2"),
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
  EXPECT_EQ(h.find("+0%"), std::string::npos);
  // Bars by median speed: avx2 (p50 1000) fills the width, liboqs (p50 2000) half of it.
  EXPECT_NE(h.find("width=\"520.0\" height=\"14\" fill=\"#1f5fa8\""), std::string::npos) << h;
  EXPECT_NE(h.find("width=\"260.0\" height=\"14\" fill=\"#27864a\""), std::string::npos) << h;
  EXPECT_NE(h.find("p50 2000 cyc, 1700 ops/s"), std::string::npos);
  EXPECT_NE(h.find("not built"), std::string::npos);
  EXPECT_NE(h.find("liboqs 0.16.0"), std::string::npos);
}

TEST(PeerMatch, FrodoKemBySizes) {
  // liboqs <= 0.15: "FrodoKEM-*" is the unsalted round-3 KEM, Tessera's eFrodoKEM.
  EXPECT_EQ(tessera_kem_for("FrodoKEM-640-AES", 9720, 16), "eFrodoKEM-640-AES");
  EXPECT_EQ(tessera_kem_for("FrodoKEM-640-SHAKE", 9720, 16), "eFrodoKEM-640-SHAKE");
  EXPECT_EQ(tessera_kem_for("FrodoKEM-976-AES", 15744, 24), "eFrodoKEM-976-AES");
  EXPECT_EQ(tessera_kem_for("FrodoKEM-976-SHAKE", 15744, 24), "eFrodoKEM-976-SHAKE");
  EXPECT_EQ(tessera_kem_for("FrodoKEM-1344-AES", 21632, 32), "eFrodoKEM-1344-AES");
  EXPECT_EQ(tessera_kem_for("FrodoKEM-1344-SHAKE", 21632, 32), "eFrodoKEM-1344-SHAKE");
  // The salted KEM (liboqs 0.16's "FrodoKEM-*"): 2 * len_sec bytes of salt more.
  EXPECT_EQ(tessera_kem_for("FrodoKEM-640-AES", 9752, 16), "FrodoKEM-640-AES");
  EXPECT_EQ(tessera_kem_for("FrodoKEM-976-SHAKE", 15792, 24), "FrodoKEM-976-SHAKE");
  EXPECT_EQ(tessera_kem_for("FrodoKEM-1344-AES", 21696, 32), "FrodoKEM-1344-AES");
  // liboqs 0.16's "eFrodoKEM-*" names; the sizes decide even against the name.
  EXPECT_EQ(tessera_kem_for("eFrodoKEM-640-SHAKE", 9720, 16), "eFrodoKEM-640-SHAKE");
  EXPECT_EQ(tessera_kem_for("eFrodoKEM-1344-SHAKE", 21632, 32), "eFrodoKEM-1344-SHAKE");
  EXPECT_EQ(tessera_kem_for("eFrodoKEM-640-AES", 9752, 16), "FrodoKEM-640-AES");
}

TEST(PeerMatch, NoMatchIsEmpty) {
  EXPECT_EQ(tessera_kem_for("FrodoKEM-640-AES", 9736, 16), "");   // neither variant's ciphertext
  EXPECT_EQ(tessera_kem_for("FrodoKEM-640-AES", 9720, 32), "");   // shared secret
  EXPECT_EQ(tessera_kem_for("FrodoKEM-640-AES", 15744, 24), "");  // 976's sizes: the name's dimension holds
  EXPECT_EQ(tessera_kem_for("FrodoKEM-640", 9720, 16), "");       // not a Tessera parameter set
  EXPECT_EQ(tessera_kem_for("Kyber768", 1088, 32), "");
  EXPECT_EQ(tessera_kem_for("", 0, 0), "");
}

TEST(PeerMatch, MlKemBySizes) {
  EXPECT_EQ(tessera_kem_for("ML-KEM-512", 768, 32), "ML-KEM-512");
  EXPECT_EQ(tessera_kem_for("ML-KEM-768", 1088, 32), "ML-KEM-768");
  EXPECT_EQ(tessera_kem_for("ML-KEM-1024", 1568, 32), "ML-KEM-1024");
  EXPECT_EQ(tessera_kem_for("ML-KEM-768", 1568, 32), "");
}

TEST(PeerMatch, LabelKeepsThePeersName) {
  EXPECT_EQ(matched_label("FrodoKEM 640-AES", "liboqs", "FrodoKEM-640-AES", "eFrodoKEM-640-AES"),
            "FrodoKEM 640-AES (liboqs; = eFrodoKEM)");
  EXPECT_EQ(matched_label("FrodoKEM 1344-SHAKE", "liboqs", "FrodoKEM-1344-SHAKE", "eFrodoKEM-1344-SHAKE"),
            "FrodoKEM 1344-SHAKE (liboqs; = eFrodoKEM)");
  EXPECT_EQ(matched_label("FrodoKEM 640-AES", "liboqs", "FrodoKEM-640-AES", "FrodoKEM-640-AES"), "FrodoKEM 640-AES");
  EXPECT_EQ(matched_label("ML-KEM 768", "liboqs", "ML-KEM-768", "ML-KEM-768"), "ML-KEM 768");
}

TEST(PeerMatch, MatchedPeerLinesUpWithTheUnsaltedRow) {
  // A liboqs <= 0.15 FrodoKEM-640-AES case as the adapter makes it: on the row its sizes
  // match, decapsulating from the secret-key bytes ("decap").
  const std::string algorithm = tessera_kem_for("FrodoKEM-640-AES", 9720, 16);
  Case peer = peer_ops_case("liboqs", algorithm, "decap", 128, nullptr, "opt C",
                            matched_label("FrodoKEM 640-AES", "liboqs", "FrodoKEM-640-AES", algorithm));
  EXPECT_EQ(peer.label, "FrodoKEM 640-AES (liboqs; = eFrodoKEM)");
  const std::vector<RunRecord> records{record(kem("decap", "tessera", "FrodoKEM-640-AES"), "avx2", 1000, 2.0e6),
                                       record(kem("decap", "tessera", "eFrodoKEM-640-AES"), "avx2", 1000, 1.0e6),
                                       record(kem("decap (key object)", "tessera", "eFrodoKEM-640-AES"), "avx2",
                                              1100, 0.9e6),
                                       record(peer, "none", 500, 2.0e6)};
  const std::vector<Implementation> impls{impl("tessera", true), impl("liboqs", true)};
  const std::string t = peers_table(records, impls, "avx2");
  using Row = std::vector<std::string>;
  EXPECT_EQ(cells(t, "FrodoKEM-640-AES", "decap"), (Row{"FrodoKEM-640-AES", "decap", "p50 2.00M cyc, 1000 ops/s", "n/a"}))
      << t;
  EXPECT_EQ(cells(t, "eFrodoKEM-640-AES", "decap"),
            (Row{"eFrodoKEM-640-AES", "decap", "p50 1.00M cyc, 1000 ops/s", "p50 2.00M cyc, 500 ops/s (0.50x)"}))
      << t;
  EXPECT_EQ(cells(t, "eFrodoKEM-640-AES", "decap (key object)"),
            (Row{"eFrodoKEM-640-AES", "decap (key object)", "p50 900.0k cyc, 1100 ops/s", "n/a"}))
      << t;
}

// --threads: 2 threads, aggregate 1900 ops/s against 1000 on one thread = 1.90x; the table
// (text and HTML) lists only records with a threaded measurement.
TEST(BenchResults, ThreadsTableScaling) {
  RunRecord threaded = record(kem("key gen"), "avx2", 1000, 1000);
  ThreadedMeasurement t;
  t.threads = 2;
  t.calls = 190;
  t.seconds = 0.1;
  t.ops_per_sec = 1900;
  t.ticks_per_call.median = 1050;
  threaded.m.cpu_seconds = 0.1;  // a full core for its 0.1 s
  t.cpu_seconds = 0.2;           // both threads a full core: 950 calls per CPU-second vs 1000
  threaded.threaded = t;
  const std::vector<RunRecord> records{threaded, record(kem("encap"), "avx2", 2000, 500)};
  const std::string table = threads_table(records);
  EXPECT_NE(table.find("| Algorithm  | Operation | Backend | 1 thread"), std::string::npos) << table;
  EXPECT_NE(table.find("| 2 threads "), std::string::npos) << table;
  EXPECT_NE(table.find("| ML-KEM-768 | key gen   | avx2    | p50 1000 cyc, 1000 ops/s | p50 1050 cyc, 1900 ops/s | 1.90x   |"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("| 1.00 / 1.00       | 0.95           |"), std::string::npos) << table;
  EXPECT_EQ(table.find("encap"), std::string::npos) << table;
  EXPECT_TRUE(threads_table({record(kem("encap"), "avx2", 2000, 500)}).empty());
  MachineInfo machine;
  const std::string h = html_report(records, {impl("tessera", true, {kem("key gen")})}, machine, Backend::avx2);
  EXPECT_NE(h.find("<h2>Threads</h2>"), std::string::npos);
  EXPECT_NE(h.find("<td>1.90x</td>"), std::string::npos);
}

}  // namespace
}  // namespace tessera::bench
