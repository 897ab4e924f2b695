#include "results.hpp"

#include <algorithm>
#include <cstdio>
#include <map>

namespace tessera::bench {
namespace {

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

}  // namespace

std::string markdown(const std::vector<std::vector<std::string>>& rows) {
  if (rows.empty()) return {};
  std::vector<std::size_t> width(rows[0].size(), 3);
  for (const auto& r : rows) {
    for (std::size_t i = 0; i < r.size() && i < width.size(); ++i) width[i] = std::max(width[i], r[i].size());
  }
  std::string out;
  auto line = [&](const std::vector<std::string>& r) {
    out += '|';
    for (std::size_t i = 0; i < width.size(); ++i) {
      const std::string cell = i < r.size() ? r[i] : std::string();
      out += ' ' + cell + std::string(width[i] - cell.size(), ' ') + " |";
    }
    out += '\n';
  };
  line(rows[0]);
  out += '|';
  for (std::size_t w : width) out += std::string(w + 2, '-') + '|';
  out += '\n';
  for (std::size_t i = 1; i < rows.size(); ++i) line(rows[i]);
  return out;
}

namespace {

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char ch : s) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return q + "\"";
}

// Row keys in first-seen order.
std::vector<std::string> ordered_keys(const std::vector<RunRecord>& records) {
  std::vector<std::string> keys;
  for (const RunRecord& r : records) {
    const std::string k = row_key(r.c);
    if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
  }
  return keys;
}

const RunRecord* find_record(const std::vector<RunRecord>& records, const std::string& key,
                             const std::string& implementation, const std::string* backend) {
  const RunRecord* found = nullptr;
  for (const RunRecord& r : records) {
    if (r.c.implementation != implementation || row_key(r.c) != key) continue;
    if (backend && r.backend != *backend) continue;
    found = &r;  // the last one wins
  }
  return found;
}

}  // namespace

std::string row_key(const Case& c) {
  return c.algorithm + "|" + c.operation + "|" + (c.kind == Kind::bytes ? size_label(c.block_bytes) : "");
}

std::string row_operation(const Case& c) {
  return c.kind == Kind::bytes ? c.operation + " " + size_label(c.block_bytes) : c.operation;
}

double rate(const RunRecord& r) {
  return r.c.kind == Kind::bytes ? r.m.ops_per_sec * static_cast<double>(r.c.bytes_per_op) : r.m.ops_per_sec;
}

std::string format_rate(Kind kind, double v) {
  if (kind == Kind::bytes) return fmt("%.1f MiB/s", v / (1024.0 * 1024.0));
  return fmt(v >= 100 ? "%.0f ops/s" : "%.2f ops/s", v);
}

double median_cost(const RunRecord& r) {
  const double per = r.c.kind == Kind::bytes ? static_cast<double>(r.c.bytes_per_op) : 1.0;
  return per > 0 ? r.m.ticks_per_call.median / per : 0;
}

double median_speedup(const RunRecord& base, const RunRecord& other) {
  const double b = median_cost(base), o = median_cost(other);
  return b > 0 && o > 0 ? b / o : 0;
}

std::string format_ticks(double v) {
  return v >= 1e6 ? fmt("%.2fM", v / 1e6) : v >= 1e4 ? fmt("%.1fk", v / 1e3) : fmt("%.0f", v);
}

std::string format_cell(const RunRecord& r) {
  const double v = median_cost(r);
  const std::string cost = r.c.kind == Kind::bytes ? fmt("%.2f cyc/B", v) : format_ticks(v) + " cyc";
  return "p50 " + cost + ", " + format_rate(r.c.kind, rate(r));
}

std::string compare_backends_table(const std::vector<RunRecord>& records, const std::string& accelerated) {
  const std::string portable = "portable";
  std::vector<std::vector<std::string>> rows{{"Algorithm", "Operation", "portable", accelerated + " (accelerated)",
                                              "Accelerated parts", "Improvement (p50)"}};
  for (const std::string& key : ordered_keys(records)) {
    const RunRecord* p = find_record(records, key, "tessera", &portable);
    const RunRecord* a = find_record(records, key, "tessera", &accelerated);
    if (!p || !a) continue;
    const double speedup = median_speedup(*p, *a);
    const std::string gain = speedup > 0 ? fmt("%+.0f%%", (speedup - 1) * 100) : "n/a";
    rows.push_back({p->c.algorithm, row_operation(p->c), format_cell(*p), format_cell(*a),
                    a->acceleration.empty() ? "?" : a->acceleration, gain});
  }
  return rows.size() > 1 ? markdown(rows) : std::string();
}

std::string compare_backends_legend(const std::string& accelerated) {
  return "cells: median (p50) counter ticks per operation (per byte for throughput) and the mean rate; "
         "Improvement = portable p50 / " + accelerated + " p50 - 1";
}

std::string peers_table(const std::vector<RunRecord>& records, const std::vector<Implementation>& impls,
                        const std::string& tessera_backend) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> header{"Algorithm", "Operation", "tessera (" + tessera_backend + ")"};
  for (const Implementation& impl : impls) {
    if (impl.name != "tessera") header.push_back(impl.name);
  }
  rows.push_back(header);
  for (const std::string& key : ordered_keys(records)) {
    const RunRecord* any = nullptr;
    for (const RunRecord& r : records) {
      if (row_key(r.c) == key) {
        any = &r;
        break;
      }
    }
    const RunRecord* t = find_record(records, key, "tessera", &tessera_backend);
    std::vector<std::string> row{any->c.algorithm, row_operation(any->c), t ? format_cell(*t) : "n/a"};
    for (const Implementation& impl : impls) {
      if (impl.name == "tessera") continue;
      if (!impl.built) {
        row.push_back(impl.missing);
        continue;
      }
      const RunRecord* p = find_record(records, key, impl.name, nullptr);
      if (!p) {
        row.push_back("n/a");
        continue;
      }
      std::string cell = format_cell(*p);
      if (const double speedup = t ? median_speedup(*t, *p) : 0; speedup > 0) cell += fmt(" (%.2fx)", speedup);
      row.push_back(cell);
    }
    rows.push_back(row);
  }
  return markdown(rows);
}

std::string peers_legend() {
  return "cells: median (p50) counter ticks per operation (per byte for throughput) and the mean rate; "
         "in parentheses Tessera p50 / peer p50, >1: the peer is faster; n/a: the implementation lacks the "
         "operation; not built: adapter not compiled; not loaded: the peer's library could not be loaded";
}

std::string availability_table(const std::vector<Implementation>& impls, Backend best) {
  std::vector<std::string> algorithms;
  for (const Implementation& impl : impls) {
    for (const Case& c : impl.cases) {
      if (std::find(algorithms.begin(), algorithms.end(), c.algorithm) == algorithms.end())
        algorithms.push_back(c.algorithm);
    }
  }
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> header{"Algorithm"};
  for (const Implementation& impl : impls) header.push_back(impl.name);
  rows.push_back(header);
  for (const std::string& a : algorithms) {
    std::vector<std::string> row{a};
    for (const Implementation& impl : impls) {
      if (!impl.built) {
        row.push_back(impl.missing);
        continue;
      }
      const auto it = std::find_if(impl.cases.begin(), impl.cases.end(),
                                   [&](const Case& c) { return c.algorithm == a; });
      if (it == impl.cases.end()) {
        row.push_back("-");
      } else {
        row.push_back(it->acceleration ? it->acceleration(best) : "yes");
      }
    }
    rows.push_back(row);
  }
  return markdown(rows);
}

std::string csv(const std::vector<RunRecord>& records) {
  std::string out =
      "implementation,version,algorithm,operation,kind,block_bytes,message_bytes,backend,acceleration,"
      "calls,seconds,ops_per_sec,bytes_per_sec,cycles_per_op,cycles_median,cycles_p90,cycles_p99\n";
  for (const RunRecord& r : records) {
    const Summary& t = r.m.ticks_per_call;
    const bool bytes = r.c.kind == Kind::bytes;
    out += csv_field(r.c.implementation) + ',' + csv_field(r.version) + ',' + csv_field(r.c.algorithm) + ',' +
           csv_field(r.c.operation) + ',' + (bytes ? "bytes" : "ops") + ',' + std::to_string(r.c.block_bytes) + ',' +
           std::to_string(r.c.message_bytes) + ',' + csv_field(r.backend) + ',' + csv_field(r.acceleration) + ',' +
           std::to_string(r.m.calls) + ',' + fmt("%.6f", r.m.seconds) + ',' + fmt("%.3f", r.m.ops_per_sec) + ',' +
           (bytes ? fmt("%.1f", rate(r)) : std::string()) + ',' + fmt("%.1f", t.mean) + ',' +
           fmt("%.1f", t.median) + ',' + fmt("%.1f", t.p90) + ',' + fmt("%.1f", t.p99) + '\n';
  }
  return out;
}

}  // namespace tessera::bench
