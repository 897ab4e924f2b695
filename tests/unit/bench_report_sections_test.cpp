// bench/report_sections and bench/recommend: the --report structure on made-up records
// (every section present and in order, a table with rows where its data exists, "not
// measured: <reason>" where it does not) and the recommendation rule (lowest p50, 3 % ties).
// bench/tests/check_report.cmake checks the same structure on a real --quick run.
#include "recommend.hpp"
#include "report_sections.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace tessera::bench {
namespace {

Measurement measurement(double median, double p99_factor = 1.5) {
  Measurement m;
  m.calls = 100;
  m.seconds = 0.05;
  m.ops_per_sec = 2000;
  m.ticks_per_call = {.samples = 100, .mean = median * 1.2, .min = median * 0.9, .median = median,
                      .p90 = median * 1.1, .p99 = median * p99_factor, .max = median * 2};
  return m;
}

Case op(const char* implementation, const char* algorithm, const char* operation) {
  Case c = ops_case(algorithm, operation, 192, nullptr);
  c.implementation = implementation;
  return c;
}

RunRecord rec(const char* implementation, const char* algorithm, const char* operation, const char* backend,
              double median, const char* accel = "") {
  return {.c = op(implementation, algorithm, operation), .backend = backend, .acceleration = accel, .version = "1",
          .m = measurement(median), .threaded = {}};
}

Implementation impl(const char* name, bool built, std::vector<Case> cases = {}) {
  Implementation i;
  i.name = name;
  i.built = built;
  i.version = built ? std::string(name) + " 1.0" : std::string();
  i.cases = std::move(cases);
  return i;
}

// Rows below the header and the rule of a markdown table.
std::size_t data_rows(const std::string& md) {
  return static_cast<std::size_t>(std::max<std::ptrdiff_t>(0, std::count(md.begin(), md.end(), '\n') - 2));
}

const ReportSection& section(const std::vector<ReportSection>& s, std::string_view title) {
  auto it = std::find_if(s.begin(), s.end(), [&](const ReportSection& x) { return x.title == title; });
  EXPECT_NE(it, s.end()) << title;
  return *it;
}

bool mentions(const std::vector<std::string>& lines, const std::string& text) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(text) != l.npos; });
}

// Every section of kReportSections, in order; each has a table with a row, or says why not.
void expect_structure(const std::vector<ReportSection>& sections) {
  ASSERT_EQ(sections.size(), std::size(kReportSections));
  for (std::size_t i = 0; i < sections.size(); ++i) {
    const ReportSection& s = sections[i];
    EXPECT_EQ(s.title, kReportSections[i]);
    for (const ReportTable& t : s.tables) EXPECT_GE(data_rows(t.markdown), 1u) << s.title << ": " << t.caption;
    if (s.title != "Method") {
      EXPECT_TRUE(!s.tables.empty() || mentions(s.not_measured, "not measured: ")) << s.title;
    }
    for (const std::string& n : s.not_measured) {
      const std::size_t at = n.find("not measured: ");
      ASSERT_NE(at, std::string::npos) << n;
      EXPECT_GT(n.size(), at + 14) << "no reason: " << n;
    }
  }
}

// A run with everything: Tessera on portable and avx2, liboqs beside it, wolfSSL not built.
std::vector<RunRecord> full_run() {
  std::vector<RunRecord> r;
  for (const char* b : {"portable", "avx2"}) {
    const double f = std::string(b) == "portable" ? 2.0 : 1.0;
    r.push_back(rec("tessera", "ML-KEM-768", "key gen", b, 10000 * f, b));
    r.push_back(rec("tessera", "ML-KEM-768", "encap", b, 12000 * f, b));
    r.push_back(rec("tessera", "ML-DSA-65", "sign", b, 90000 * f, b));
    r.push_back(rec("tessera", "FrodoKEM-640-SHAKE", "encap", b, 900000 * f, b));
    r.push_back(rec("tessera", "X25519MLKEM768", "key gen", b, 50000 * f, b));
    r.push_back(rec("tessera", "X25519MLKEM768", "encap", b, 90000 * f, b));
    r.push_back(rec("tessera", "X25519", "key gen", b, 39000 * f, b));
    r.push_back(rec("tessera", "X25519", "agree", b, 39000 * f, b));
  }
  for (RunRecord& x : r) {
    if (x.c.algorithm == "X25519MLKEM768") {
      x.c.public_key_bytes = 1216;
      x.c.ciphertext_bytes = 1120;
    }
  }
  r.push_back(rec("liboqs", "ML-KEM-768", "key gen", "none", 10200, "avx2"));  // within 3 %: a tie
  r.push_back(rec("liboqs", "ML-KEM-768", "encap", "none", 18000, "avx2"));    // 50 % slower
  r.push_back(rec("liboqs", "ML-DSA-65", "sign", "none", 80000, "avx2"));      // faster
  return r;
}

std::vector<Implementation> full_impls() {
  return {impl("tessera", true, {op("tessera", "ML-KEM-768", "key gen"), op("tessera", "ML-DSA-65", "sign"),
                                 op("tessera", "FrodoKEM-640-SHAKE", "encap"),
                                 op("tessera", "X25519MLKEM768", "encap")}),
          impl("openssl", true, {}), impl("liboqs", true, {op("liboqs", "ML-KEM-768", "key gen")}),
          impl("wolfssl", false)};
}

TEST(BenchReportSections, EverySectionWithTablesFromTheRun) {
  MachineInfo machine;
  machine.cpu = "Test CPU";
  machine.kernel = "Linux 6.1 x86_64";
  const std::vector<ReportSection> s = report_sections(full_run(), full_impls(), machine, Backend::avx2);
  expect_structure(s);
  for (const char* title : {"Platform", "ML-KEM", "ML-DSA", "FrodoKEM", "Hybrid KEMs", "Acceleration impact",
                            "Acceleration status per implementation", "Recommendation by algorithm",
                            "Availability"})
    EXPECT_FALSE(section(s, title).tables.empty()) << title;
  EXPECT_NE(section(s, "Platform").tables[0].markdown.find("Linux 6.1 x86_64"), std::string::npos);
  EXPECT_NE(section(s, "Platform").tables[0].markdown.find("not built"), std::string::npos);  // wolfssl
  // ML-DSA: the side-by-side table and the sign p99 table (p99 = 1.5 x p50 here).
  const ReportSection& mldsa = section(s, "ML-DSA");
  ASSERT_EQ(mldsa.tables.size(), 2u);
  EXPECT_NE(mldsa.tables[1].markdown.find("1.50"), std::string::npos) << mldsa.tables[1].markdown;
  EXPECT_TRUE(mentions(mldsa.sentences, "p99 is 1.50 times its p50"));
  // FrodoKEM: Tessera only, and liboqs built without it.
  EXPECT_TRUE(mentions(section(s, "FrodoKEM").not_measured, "Peers: not measured: none of the peers built here"));
  // Hybrids: shares, parts (all measured: 50000 / (10000 + 39000), 90000 / (12000 + 78000)), roles; no --tls.
  const ReportSection& hybrid = section(s, "Hybrid KEMs");
  EXPECT_EQ(hybrid.tables.size(), 3u);
  EXPECT_NE(hybrid.tables[0].markdown.find("1216 B"), std::string::npos);
  EXPECT_TRUE(mentions(hybrid.sentences, "1.000 to 1.020 over 2 operations; 2 of them within +3 %"))
      << hybrid.sentences[0];
  EXPECT_TRUE(mentions(hybrid.not_measured, "TLS handshakes: not measured: run with --tls"));
  // Acceleration: portable is twice avx2's p50 everywhere: +100 %; liboqs's code path listed.
  const ReportSection& accel = section(s, "Acceleration impact");
  EXPECT_TRUE(mentions(accel.sentences, "avx2 over portable: a median improvement of 100 %")) << accel.sentences[0];
  ASSERT_EQ(accel.tables.size(), 2u);
  EXPECT_NE(accel.tables[1].markdown.find("liboqs"), std::string::npos);
  const std::string md = markdown_report(s, machine);
  for (std::string_view title : kReportSections)
    EXPECT_NE(md.find("\n## " + std::string(title) + "\n"), std::string::npos) << title;
}

TEST(BenchReportSections, NotMeasuredSaysWhy) {
  // Tessera alone (no --peers), one backend, no FrodoKEM, no hybrid.
  const std::vector<RunRecord> records{rec("tessera", "ML-KEM-768", "key gen", "avx2", 10000, "avx2 (NTT)"),
                                       rec("tessera", "ML-DSA-65", "verify", "avx2", 30000, "avx2 (NTT)")};
  const std::vector<Implementation> impls{impl("tessera", true, {records[0].c, records[1].c})};
  const std::vector<ReportSection> s = report_sections(records, impls, MachineInfo{}, Backend::avx2);
  expect_structure(s);
  EXPECT_TRUE(mentions(section(s, "ML-KEM").not_measured, "Peers: not measured: run with --peers"));
  EXPECT_TRUE(mentions(section(s, "ML-DSA").not_measured, "Signing p50/p99: not measured: no sign case"));
  EXPECT_TRUE(section(s, "FrodoKEM").tables.empty());
  EXPECT_TRUE(mentions(section(s, "FrodoKEM").not_measured, "not measured: no FrodoKEM case selected"));
  EXPECT_TRUE(mentions(section(s, "Hybrid KEMs").not_measured, "not measured: no hybrid KEM case selected"));
  EXPECT_TRUE(mentions(section(s, "Acceleration impact").not_measured,
                       "Tessera: not measured: run with --compare-backends"));
  EXPECT_TRUE(mentions(section(s, "Recommendation by algorithm").not_measured,
                       "Comparison with peers: not measured: run with --peers"));
  EXPECT_NE(section(s, "Recommendation by algorithm").tables[0].markdown.find("only one implementation measured"),
            std::string::npos);
  // Peers considered but none built.
  const std::vector<ReportSection> unbuilt = report_sections(
      records, {impls[0], impl("openssl", false), impl("liboqs", false), impl("wolfssl", false)}, MachineInfo{},
      Backend::avx2);
  expect_structure(unbuilt);
  EXPECT_TRUE(mentions(section(unbuilt, "ML-KEM").not_measured, "Peers: not measured: no peer adapter is built"));
  // A CPU without an accelerated backend.
  const std::vector<RunRecord> portable{rec("tessera", "ML-KEM-768", "key gen", "portable", 10000, "portable")};
  const std::vector<ReportSection> p = report_sections(portable, impls, MachineInfo{}, Backend::portable);
  EXPECT_TRUE(mentions(section(p, "Acceleration impact").not_measured, "no accelerated backend on this CPU/build"));
  // Nothing ran at all: still every section, each saying so.
  expect_structure(report_sections({}, {impl("tessera", true)}, MachineInfo{}, Backend::avx2));
}

TEST(BenchRecommend, LowestMedianWithTiesWithinThreePercent) {
  const std::vector<RunRecord> records{
      rec("tessera", "ML-KEM-768", "encap", "portable", 5000),  // not a candidate: not the summary backend
      rec("tessera", "ML-KEM-768", "encap", "avx2", 10000),
      rec("liboqs", "ML-KEM-768", "encap", "none", 10250),   // 2.5 % slower: tied
      rec("openssl", "ML-KEM-768", "encap", "none", 12000),  // 20 % slower
      rec("tessera", "ML-DSA-65", "sign", "avx2", 100000),
      rec("liboqs", "ML-DSA-65", "sign", "none", 80000),  // 25 % faster than tessera
      rec("tessera", "X25519", "agree", "avx2", 39000),   // alone
  };
  const std::vector<Recommendation> recs = recommendations(records, "avx2");
  ASSERT_EQ(recs.size(), 3u);
  ASSERT_EQ(recs[0].fastest.size(), 2u);
  EXPECT_EQ(recs[0].fastest[0].name, "tessera (avx2)");
  EXPECT_EQ(recs[0].fastest[1].name, "liboqs");
  ASSERT_EQ(recs[0].others.size(), 1u);
  EXPECT_NEAR(recs[0].margin(), 0.20, 1e-9);
  ASSERT_EQ(recs[1].fastest.size(), 1u);
  EXPECT_EQ(recs[1].fastest[0].name, "liboqs");
  EXPECT_NEAR(recs[1].margin(), 0.25, 1e-9);
  EXPECT_TRUE(recs[2].others.empty());
  const std::string table = recommendation_table(recs);
  EXPECT_NE(table.find("tie: tessera (avx2) (p50 10.0k cyc), liboqs (p50 10.2k cyc)"), std::string::npos) << table;
  EXPECT_NE(table.find("| +20 %"), std::string::npos) << table;
  EXPECT_NE(table.find("| +25 %"), std::string::npos) << table;
  EXPECT_EQ(recommendation_summary(recs),
            "liboqs is fastest in 1 of 2 operations measured by two or more implementations; 1 tie");
  EXPECT_NE(recommendation_rule("avx2").find("within 3 %"), std::string::npos);
}

TEST(BenchReportSections, HtmlHasTheSameSections) {
  const std::string h = html_report(full_run(), full_impls(), MachineInfo{}, Backend::avx2);
  for (std::string_view title : kReportSections)
    EXPECT_NE(h.find("<h2>" + std::string(title) + "</h2>"), std::string::npos) << title;
  EXPECT_NE(h.find("TLS handshakes: not measured"), std::string::npos);
  EXPECT_NE(h.find("the fastest"), std::string::npos);  // chart labels carry the ratio to the fastest
}

}  // namespace
}  // namespace tessera::bench
