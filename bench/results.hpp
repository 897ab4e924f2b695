// What a run produced, and the summaries made from it: the portable-vs-accelerated table
// (--compare-backends), the side-by-side peer table (--peers), the availability table,
// CSV and the self-contained HTML report (html.cpp). Pure functions of their inputs, so
// tests/unit/bench_results_test.cpp can check them on made-up records.
#pragma once

#include "machine.hpp"
#include "registry.hpp"
#include "runner.hpp"

#include <tessera/backend.hpp>

#include <string>
#include <vector>

namespace tessera::bench {

struct RunRecord {
  Case c;                    // what was measured (implementation, algorithm, operation, ...)
  std::string backend;       // Tessera's kernel backend, "none" for peers
  std::string acceleration;  // c.acceleration(backend) at run time, "" if unknown
  std::string version;       // implementation version
  Measurement m;
};

// The cases one implementation offers (Tessera's registry, or a peer's cases()).
struct Implementation {
  std::string name;     // "tessera", "openssl", ...
  bool built = false;   // false: a known peer whose adapter was not compiled
  std::string version;
  std::vector<Case> cases;
};

// "ML-KEM-768|encap|" or "SHA3-256|hash|1KiB": rows of the summary tables.
std::string row_key(const Case& c);
// "encap", or "hash 1KiB" for throughput cases.
std::string row_operation(const Case& c);
// ops/s for ops cases, bytes/s for bytes cases.
double rate(const RunRecord& r);
// "91234 ops/s" or "512.3 MiB/s".
std::string format_rate(Kind kind, double rate);

// Markdown table: | Algorithm | Operation | portable | <best> | Improvement |, one row per
// Tessera case measured on both "portable" and `accelerated`. Empty if none.
std::string compare_backends_table(const std::vector<RunRecord>& records, const std::string& accelerated);

// Markdown table with Tessera (records on tessera_backend) and every known peer side by
// side; peer cells carry "(N.NNx)" = peer rate / Tessera rate. Missing cells: "n/a" (the
// implementation lacks the operation), "not built" (adapter not compiled).
std::string peers_table(const std::vector<RunRecord>& records, const std::vector<Implementation>& impls,
                        const std::string& tessera_backend);

// Markdown table: algorithm x implementation; cell = acceleration on `best` (Tessera) or the
// peer's code path, "-" if the implementation lacks the algorithm, "not built".
std::string availability_table(const std::vector<Implementation>& impls, Backend best);

// One CSV line per record, with a header line.
std::string csv(const std::vector<RunRecord>& records);

// A single self-contained HTML page: machine, availability, inline SVG bar charts of the
// rates per implementation and of the portable-vs-accelerated gains, all results. No
// scripts, no external references.
std::string html_report(const std::vector<RunRecord>& records, const std::vector<Implementation>& impls,
                        const MachineInfo& machine, Backend best);

}  // namespace tessera::bench
