// The --report FILE.md document (and the matching sections of the --html page): fixed
// sections, in this order, each made of the tables the bench already prints, filtered to the
// section's algorithms, and one or two sentences computed from the same records. Nothing in
// it is written by hand about the results: a section whose data this run did not measure
// says "not measured: <reason>" (what to add to the command line, or why it cannot be).
//
// Pure functions of the run's records, implementations and machine, so
// tests/unit/bench_report_sections_test.cpp can check the structure on made-up records and
// bench/tests/check_report.cmake on a real --quick run.
#pragma once

#include "machine.hpp"
#include "results.hpp"

#include <tessera/backend.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace tessera::bench {

// The section headings, in report order (the tests check each one is present).
inline constexpr std::string_view kReportSections[] = {
    "Method",
    "Platform",
    "ML-KEM",
    "ML-DSA",
    "FrodoKEM",
    "Hybrid KEMs",
    "Acceleration impact",
    "Acceleration status per implementation",
    "Recommendation by algorithm",
    "Availability",
};

struct ReportTable {
  std::string caption;   // what the cells mean (the legend the text output prints)
  std::string markdown;  // from markdown(): header, rule, at least one row
};

struct ReportSection {
  std::string title;                      // one of kReportSections
  std::vector<std::string> sentences;     // computed from the records; one paragraph
  std::vector<std::string> not_measured;  // "[what: ]not measured: <reason>", one per gap
  std::vector<ReportTable> tables;
};

// Every section of kReportSections, in order. The backend of Tessera's cells is the last
// one Tessera ran on (the best one with --report / --compare-backends), as in the text output.
// tls: what --tls measured, shown in "Hybrid KEMs" (nullptr or not run: "not measured").
std::vector<ReportSection> report_sections(const std::vector<RunRecord>& records,
                                           const std::vector<Implementation>& impls, const MachineInfo& machine,
                                           Backend best, const TlsRun* tls = nullptr);

// s with a final period (the sentences and captions are stored without one).
std::string as_sentence(std::string s);

// The sections as one markdown document.
std::string markdown_report(const std::vector<ReportSection>& sections, const MachineInfo& machine);

}  // namespace tessera::bench
