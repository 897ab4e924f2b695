// tessera-bench compare A.json B.json [C.json ...] [--md FILE] [--html FILE]: the records of
// saved --json runs side by side, e.g. one board with two compilers (GCC vs IAR with the
// same settings), two boards, or before and after a change.
//
// A row is implementation + algorithm + operation + size (throughput cases) + backend. Each
// file's cell is its p50 (counter ticks per operation, per byte for throughput) and its mean
// rate; the files after the first also get the difference of each against the first file's,
// in %. A row a file lacks is "n/a". Every file is checked against the schema compiled into
// the bench (schema_check.hpp) before anything is printed.
#pragma once

#include <nlohmann/json.hpp>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::bench {

struct ResultFile {
  std::string path;
  std::string label;       // "A", "B", ... in column headers
  nlohmann::json records;  // the validated array
};

// Reads and validates one file; on failure returns false and sets `error` (what is wrong
// and where, the first few schema problems).
bool load_result_file(const std::string& path, ResultFile& out, std::string& error);

// Each file's machine, compiler and contents, and which of those differ between the files.
std::string compare_summary(const std::vector<ResultFile>& files);
// | Algorithm | Operation | Implementation | Backend | A | B | B p50 vs A | B rate vs A | ...
std::string compare_table(const std::vector<ResultFile>& files);
// The records with a --threads measurement: N-thread ops/s and scaling per file, and the
// difference of the aggregate rate against the first file's. Empty if no file has one.
std::string compare_threads_table(const std::vector<ResultFile>& files);
std::string compare_legend();
// A self-contained HTML page with the summary and the tables.
std::string compare_html(const std::vector<ResultFile>& files);

// The subcommand; args exclude "compare". Exit status 0, 1 (an output file could not be
// written) or 2 (bad usage, unreadable or invalid input).
int run_compare(std::span<const std::string_view> args, std::string_view program);

}  // namespace tessera::bench
