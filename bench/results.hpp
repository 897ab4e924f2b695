// What a run produced, and the summaries made from it: the portable-vs-accelerated table
// (--compare-backends), the side-by-side peer table (--peers), the availability table,
// CSV and the self-contained HTML report (html.cpp). Pure functions of their inputs, so
// tests/unit/bench_results_test.cpp can check them on made-up records.
#pragma once

#include "machine.hpp"
#include "registry.hpp"
#include "runner.hpp"
#include "threaded_runner.hpp"

#include <tessera/backend.hpp>

#include <optional>
#include <string>
#include <vector>

namespace tessera::bench {

struct RunRecord {
  Case c;                    // what was measured (implementation, algorithm, operation, ...)
  std::string backend;       // Tessera's kernel backend, "none" for peers
  std::string acceleration;  // c.acceleration(backend) at run time, "" if unknown
  std::string version;       // implementation version
  Measurement m;
  std::optional<ThreadedMeasurement> threaded;  // --threads N > 1, public-key cases
};

// The cases one implementation offers (Tessera's registry, or a peer's cases()).
struct Implementation {
  std::string name;     // "tessera", "openssl", ...
  bool built = false;   // false: a known peer not compiled in, or its library not loaded
  std::string missing = "not built";  // shown instead of results when !built ("not loaded")
  std::string reason;                 // why not loaded (the Peers line and the report)
  std::string version;
  std::vector<Case> cases;
};

// "ML-KEM-768|encap|" or "SHA3-256|hash|1KiB": rows of the summary tables.
std::string row_key(const Case& c);
// "encap", or "hash 1KiB" for throughput cases.
std::string row_operation(const Case& c);
// ops/s for ops cases, bytes/s for bytes cases: the mean rate (calls / wall seconds).
double rate(const RunRecord& r);
// "91234 ops/s" or "512.3 MiB/s".
std::string format_rate(Kind kind, double rate);

// The median (p50) counter ticks per call, per byte for bytes cases: what every summary
// ratio compares. On a busy machine preempted calls pull the mean (and so the rate) but
// barely move the median.
double median_cost(const RunRecord& r);
// How much faster `other` is than `base`: base p50 / other p50 (1.25: other takes 80% of
// base's time per operation). 0 when either median is 0 (unknown).
double median_speedup(const RunRecord& base, const RunRecord& other);
// Counter ticks as every table prints them: "9016", "28.6k", "1.02M".
std::string format_ticks(double ticks);
// A summary cell: the median a ratio comes from and the mean rate beside it,
// "p50 15.0k cyc, 169240 ops/s" or "p50 5.00 cyc/B, 512.0 MiB/s".
std::string format_cell(const RunRecord& r);

// A markdown table from rows of cells (the first row is the header), columns padded to the
// widest cell so it also reads well as plain text.
std::string markdown(const std::vector<std::vector<std::string>>& rows);

// Markdown table: | Algorithm | Operation | portable | <accelerated> | Accelerated parts |
// Improvement (p50) |, one row per Tessera case measured on both "portable" and
// `accelerated`; Improvement = portable p50 / accelerated p50 - 1. Empty if none.
std::string compare_backends_table(const std::vector<RunRecord>& records, const std::string& accelerated);
// What its cells and Improvement mean, one sentence, for printing with the table.
std::string compare_backends_legend(const std::string& accelerated);

// Markdown table with Tessera (records on tessera_backend) and every known peer side by
// side; peer cells carry "(N.NNx)" = Tessera p50 / peer p50 (>1: the peer is faster).
// Missing cells: "n/a" (the implementation lacks the operation), "not built" (adapter not
// compiled).
std::string peers_table(const std::vector<RunRecord>& records, const std::vector<Implementation>& impls,
                        const std::string& tessera_backend);
// What its cells mean, one sentence, for printing with the table.
std::string peers_legend();

// Markdown table: algorithm x implementation; cell = acceleration on `best` (Tessera) or the
// peer's code path, "-" if the implementation lacks the algorithm, "not built".
std::string availability_table(const std::vector<Implementation>& impls, Backend best);

// --threads: | Algorithm | Operation | Backend | 1 thread | N threads | Scaling |, one row per
// record with a threaded measurement; Scaling = N-thread aggregate ops/s / 1-thread ops/s.
// Empty if none.
std::string threads_table(const std::vector<RunRecord>& records);
std::string threads_legend();

// One CSV line per record, with a header line.
std::string csv(const std::vector<RunRecord>& records);

// A single self-contained HTML page: the --report sections (report_sections.hpp), inline
// SVG bar charts of the portable-vs-accelerated gains (p50 ratios) and of the speed per
// implementation (1 / p50, labelled with the ratio to the fastest), all results. No
// scripts, no external references.
// HTML building blocks (html.cpp): text escaped for HTML, and a markdown table from
// markdown() as an HTML <table>.
std::string html_escape(const std::string& s);
std::string html_table(const std::string& md);

struct TlsRun;  // tls/tls_results.hpp
// tls: the --tls rows for the "Hybrid KEMs" section (nullptr: --tls did not run).
std::string html_report(const std::vector<RunRecord>& records, const std::vector<Implementation>& impls,
                        const MachineInfo& machine, Backend best, const TlsRun* tls = nullptr);

}  // namespace tessera::bench
