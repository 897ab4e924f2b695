// The report's "Recommendation by algorithm": for each algorithm and operation of a run, the
// implementation with the lowest median (p50) counter ticks, and by how much it beats the
// next one. The rule is stated in the report (recommendation_rule()), so a reader can
// recompute every row from the tables above it:
//
//   candidates  Tessera on the backend of the side-by-side table (the best one measured) and
//               every peer that measured the row; Tessera's other backends are not
//               candidates (a user gets the best one by default);
//   fastest     the lowest p50;
//   tie         every candidate within 3 % of the fastest p50 (p50 <= 1.03 x fastest) is
//               reported with it as a tie: at --quick lengths, or on a shared machine, two
//               medians that close are not reliably ordered;
//   margin      the next candidate outside the tie: its p50 / fastest p50 - 1, in %.
//
// Pure functions of the records (checked by tests/unit/bench_report_sections_test.cpp).
#pragma once

#include "results.hpp"

#include <string>
#include <vector>

namespace tessera::bench {

inline constexpr double kTieTolerance = 0.03;

struct Candidate {
  std::string name;  // "tessera (avx2)", "liboqs"
  double p50 = 0;    // median ticks per operation (per byte for throughput)
};

struct Recommendation {
  std::string algorithm, operation;      // operation as row_operation() prints it
  bool per_byte = false;                 // a throughput row: p50 is ticks per byte
  std::vector<Candidate> fastest;        // the fastest and everything tied with it, fastest first
  std::vector<Candidate> others;         // the rest, fastest first (others[0] is the "next")
  double margin() const;                 // others[0].p50 / fastest[0].p50 - 1; 0 without others
};

// One entry per row key of the records (first-seen order) with at least one candidate.
std::vector<Recommendation> recommendations(const std::vector<RunRecord>& records,
                                            const std::string& tessera_backend);

// | Algorithm | Operation | Fastest (p50) | Next (p50) | Margin (next / fastest - 1) |; empty without recommendations.
std::string recommendation_table(const std::vector<Recommendation>& recs);

// The rule above in one sentence, for printing beside the table.
std::string recommendation_rule(const std::string& tessera_backend);

// "tessera (avx2) is fastest in 9 of 12 comparisons, liboqs in 2; 1 tie", over the rows with
// two or more candidates; empty when no row has two.
std::string recommendation_summary(const std::vector<Recommendation>& recs);

}  // namespace tessera::bench
