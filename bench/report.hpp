// Output: wolfCrypt-style text lines (wolfcrypt/benchmark/benchmark.c, English words, no
// HW/SW device column) with Tessera's additions, and JSON records.
//
// bytes: "%-24s %5.0f %s took %5.3f seconds, %8.3f %s/s Cycles per byte = %6.2f"
//        + " (p50 %.2f, p99 %.2f)" cycles per byte of the median and 99th-percentile sample
// ops:   "%-6s %5d %8s   %6d ops took %5.3f sec, avg %5.3f ms, %.3f ops/sec"
//        + ", %.0f cycles, p50 %.0f, p90 %.0f, p99 %.0f" cycles per operation (mean, percentiles)
//        + ", client share %zu B, server share %zu B" on KEM lines: public-key and ciphertext bytes
#pragma once

#include "machine.hpp"
#include "registry.hpp"
#include "runner.hpp"
#include "threaded_runner.hpp"

#include <tessera/backend.hpp>

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace tessera::bench {

// The machine header and wolfCrypt's "... Benchmark (block bytes N, min S sec each)" line.
std::string format_header(const MachineInfo& machine, const std::vector<Backend>& backends,
                          const std::vector<std::size_t>& block_sizes, double seconds);

std::string format_line(const Case& c, const Measurement& m);

// The --threads line under a case's line: "<label> <strength> <operation> x2 threads  N ops
// took S sec, R ops/sec aggregate, 1.95x one thread, p50 T (per thread: R1, R2 ops/sec)".
std::string format_threads_line(const Case& c, const Measurement& single, const ThreadedMeasurement& t);

// Adds the optional threads_* fields (bench/schema) to a JSON record.
void add_threads_fields(nlohmann::json& record, const Measurement& single, const ThreadedMeasurement& t);

// One --list line: implementation, algorithm, operation, size.
std::string format_list_line(const Case& c);

// One record of the --json array (fields: bench/schema/bench-result.schema.json). The first
// form is for Tessera cases; the second takes the backend name ("none" for peers), the
// code path and the implementation's version.
nlohmann::json json_record(const Case& c, Backend backend, const Measurement& m,
                           const MachineInfo& machine);
nlohmann::json json_record(const Case& c, std::string_view backend, const std::string& acceleration,
                           const std::string& version, const Measurement& m, const MachineInfo& machine);

}  // namespace tessera::bench
