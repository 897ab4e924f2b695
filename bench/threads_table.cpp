// The --threads summary table: each public-key operation on one thread and on N threads at
// once, and the scaling (N-thread aggregate ops/s / 1-thread ops/s; N on N idle cores is
// the ideal).
#include "results.hpp"

#include <cstdio>

namespace tessera::bench {
namespace {

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::string ticks_text(double v) {
  return v >= 1e6 ? fmt("%.2fM cyc", v / 1e6) : v >= 1e4 ? fmt("%.1fk cyc", v / 1e3) : fmt("%.0f cyc", v);
}

}  // namespace

std::string threads_table(const std::vector<RunRecord>& records) {
  std::vector<std::vector<std::string>> rows;
  for (const RunRecord& r : records) {
    if (!r.threaded) continue;
    const ThreadedMeasurement& t = *r.threaded;
    if (rows.empty()) {
      rows.push_back({"Algorithm", "Operation", "Backend", "1 thread", std::to_string(t.threads) + " threads",
                      "Scaling", "CPU share (1 / N)", "Per CPU-second"});
    }
    const double scaling = thread_scaling(t, r.m);
    const double share1 = cpu_share(r.m), shareN = thread_cpu_share(t), efficiency = thread_cpu_efficiency(t, r.m);
    rows.push_back({r.c.algorithm, row_operation(r.c), r.backend, format_cell(r),
                    "p50 " + ticks_text(t.ticks_per_call.median) + ", " + format_rate(Kind::ops, t.ops_per_sec),
                    scaling > 0 ? fmt("%.2fx", scaling) : "n/a",
                    share1 > 0 && shareN > 0 ? fmt("%.2f / ", share1) + fmt("%.2f", shareN) : "n/a",
                    efficiency > 0 ? fmt("%.2f", efficiency) : "n/a"});
  }
  return rows.empty() ? std::string() : markdown(rows);
}

std::string threads_legend() {
  return "1 thread: the single-thread run (median counter ticks per operation, mean ops/s); N threads: every "
         "thread's samples pooled for the median, the aggregate ops/s of all threads (calls / wall seconds from "
         "the common start to the last thread's stop); Scaling = N-thread ops/s / 1-thread ops/s; CPU share = "
         "CPU seconds / wall seconds per thread (below 1: other processes had the core); Per CPU-second = "
         "calls per CPU-second on N threads / on one (1: the threads do not slow each other down; N x this "
         "is the scaling to expect on N idle cores)";
}

}  // namespace tessera::bench
