#include "compare.hpp"

#include "results.hpp"
#include "schema_check.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <optional>

namespace tessera::bench {
namespace {

using nlohmann::json;

// The cycle_counter of instruction counts under qemu -icount (bench-result.schema.json).
constexpr const char* kInstructionCounter = "qemu_icount";

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

// What a table row shows of one record.
struct Entry {
  std::string implementation, algorithm, operation, backend;
  Kind kind = Kind::ops;
  std::size_t block_bytes = 0;
  double p50 = 0;   // counter ticks per operation (ops), per byte (bytes)
  double rate = 0;  // ops/s (ops), bytes/s (bytes)
  // cycle_counter "qemu_icount" (scripts/fw-bench-json.py): p50 counts instructions under
  // emulation and rate is in the emulator's virtual time, so it is never shown.
  bool instructions = false;
  std::optional<unsigned> threads;
  double threads_rate = 0, threads_scaling = 0;
};

std::string key_of(const Entry& e) {
  return e.implementation + "|" + e.algorithm + "|" + e.operation + "|" +
         (e.kind == Kind::bytes ? size_label(e.block_bytes) : std::string()) + "|" + e.backend;
}

std::string operation_of(const Entry& e) {
  return e.kind == Kind::bytes ? e.operation + " " + size_label(e.block_bytes) : e.operation;
}

// The file's records by row key (the schema guarantees the fields read here); a key seen
// twice keeps the last record, as the bench's own tables do.
std::map<std::string, Entry> entries(const ResultFile& f, std::vector<std::string>* order = nullptr,
                                     std::size_t* duplicates = nullptr) {
  std::map<std::string, Entry> out;
  for (const json& r : f.records) {
    Entry e;
    e.implementation = r.at("implementation").get<std::string>();
    e.algorithm = r.at("algorithm").get<std::string>();
    e.operation = r.at("operation").get<std::string>();
    e.backend = r.at("backend").get<std::string>();
    e.kind = r.at("kind").get<std::string>() == "bytes" ? Kind::bytes : Kind::ops;
    e.block_bytes = r.at("block_bytes").get<std::size_t>();
    e.p50 = e.kind == Kind::bytes ? r.at("cycles_per_byte_median").get<double>() : r.at("cycles_median").get<double>();
    e.rate = e.kind == Kind::bytes ? r.at("bytes_per_sec").get<double>() : r.at("ops_per_sec").get<double>();
    e.instructions = r.at("cycle_counter").get<std::string>() == kInstructionCounter;
    if (r.contains("threads") && r.contains("threads_ops_per_sec")) {
      e.threads = r.at("threads").get<unsigned>();
      e.threads_rate = r.at("threads_ops_per_sec").get<double>();
      e.threads_scaling = r.value("threads_scaling", 0.0);
    }
    const std::string k = key_of(e);
    if (out.contains(k)) {
      if (duplicates) ++*duplicates;
    } else if (order) {
      order->push_back(k);
    }
    out[k] = e;
  }
  return out;
}

std::string ticks_text(Kind kind, double v, const char* unit) {
  if (kind == Kind::bytes) return fmt("%.2f ", v) + unit + "/B";
  return (v >= 1e6 ? fmt("%.2fM ", v / 1e6) : v >= 1e4 ? fmt("%.1fk ", v / 1e3) : fmt("%.0f ", v)) + unit;
}

std::string cell(const Entry& e) {
  if (e.instructions) return "p50 " + ticks_text(e.kind, e.p50, "instr");
  return "p50 " + ticks_text(e.kind, e.p50, "cyc") + ", " + format_rate(e.kind, e.rate);
}

// (other / base - 1) in %, "n/a" when either is unknown.
std::string change(double base, double other) {
  if (!(base > 0) || !(other > 0)) return "n/a";
  return fmt("%+.1f%%", (other / base - 1) * 100);
}
// Instructions compare only with instructions, and have no rate.
std::string p50_change(const Entry& base, const Entry& e) {
  return base.instructions == e.instructions ? change(base.p50, e.p50) : "n/a";
}
std::string rate_change(const Entry& base, const Entry& e) {
  return base.instructions || e.instructions ? "n/a" : change(base.rate, e.rate);
}

// Row keys of all files: the first file's order, then what each later file adds.
std::vector<std::string> all_keys(const std::vector<ResultFile>& files) {
  std::vector<std::string> keys;
  for (const ResultFile& f : files) {
    std::vector<std::string> order;
    entries(f, &order);
    for (const std::string& k : order) {
      if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
    }
  }
  return keys;
}

// A machine field of a file: its first record's value, "(mixed)" appended when records differ.
std::string field(const ResultFile& f, const char* name) {
  std::string first;
  bool mixed = false;
  for (std::size_t i = 0; i < f.records.size(); ++i) {
    const json& v = f.records[i].at(name);
    const std::string s = v.is_string() ? v.get<std::string>() : v.dump();
    if (i == 0) first = s;
    mixed = mixed || s != first;
  }
  return first + (mixed ? " (mixed)" : "");
}

std::string counter(const ResultFile& f) {
  if (field(f, "cycle_counter") == kInstructionCounter)
    return std::string(kInstructionCounter) + " (instructions under emulation, not cycles; no rate)";
  return field(f, "cycle_counter") + " at " + fmt("%.3f GHz", f.records.at(0).at("counter_hz").get<double>() / 1e9);
}

std::string distinct(const ResultFile& f, const char* name) {
  std::vector<std::string> seen;
  for (const json& r : f.records) {
    const std::string v = r.at(name).get<std::string>();
    if (std::find(seen.begin(), seen.end(), v) == seen.end()) seen.push_back(v);
  }
  std::string s;
  for (const std::string& v : seen) s += (s.empty() ? "" : ", ") + v;
  return s;
}

struct SummaryField {
  const char* title;
  std::string (*value)(const ResultFile&);
};
const SummaryField kSummary[] = {
    {"CPU", [](const ResultFile& f) { return field(f, "cpu"); }},
    {"Compiler", [](const ResultFile& f) { return field(f, "compiler") + ", " + field(f, "build_type"); }},
    {"Tessera", [](const ResultFile& f) { return field(f, "tessera_version"); }},
    {"Counter", counter},
    {"Backends", [](const ResultFile& f) { return distinct(f, "backend"); }},
    {"Implementations", [](const ResultFile& f) { return distinct(f, "implementation"); }},
};

// The counters tick at different rates (beyond 1%): p50 columns are then not the same unit.
bool counters_differ(const std::vector<ResultFile>& files) {
  const double base = files.at(0).records.at(0).at("counter_hz").get<double>();
  return std::any_of(files.begin(), files.end(), [&](const ResultFile& f) {
    const double hz = f.records.at(0).at("counter_hz").get<double>();
    return base > 0 && std::fabs(hz / base - 1) > 0.01;
  });
}

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) {
    std::fprintf(stderr, "tessera-bench compare: cannot write %s\n", path.c_str());
    return false;
  }
  return true;
}

}  // namespace

bool load_result_file(const std::string& path, ResultFile& out, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open " + path;
    return false;
  }
  json records;
  try {
    records = json::parse(in);
  } catch (const json::exception& e) {
    error = path + ": not JSON: " + e.what();
    return false;
  }
  static const json schema = json::parse(embedded_schema_text());
  const std::vector<std::string> problems = check_results(schema, records);
  if (!problems.empty()) {
    error = path + ": not a tessera-bench --json file (bench/schema/bench-result.schema.json): " +
            std::to_string(problems.size()) + " problem(s)";
    for (std::size_t i = 0; i < problems.size() && i < 5; ++i) error += "\n  " + problems[i];
    if (problems.size() > 5) error += "\n  ...";
    return false;
  }
  out.path = path;
  out.records = std::move(records);
  return true;
}

std::string compare_summary(const std::vector<ResultFile>& files) {
  std::string s;
  for (const ResultFile& f : files) {
    std::size_t duplicates = 0;
    const std::size_t rows = entries(f, nullptr, &duplicates).size();
    s += f.label + ": " + f.path + " (" + std::to_string(f.records.size()) + " records, " + std::to_string(rows) +
         " rows" + (duplicates ? ", " + std::to_string(duplicates) + " repeated: the last kept" : std::string()) +
         ")\n";
    for (const SummaryField& sf : kSummary) {
      s += "   " + std::string(sf.title) + ":" + std::string(17 - std::string(sf.title).size(), ' ') + sf.value(f) + "\n";
    }
  }
  std::string same, differ;
  for (const SummaryField& sf : kSummary) {
    const std::string first = sf.value(files.at(0));
    // The counter rate is measured at each start: equal within 1% is the same counter.
    const bool all_same =
        sf.value == counter
            ? !counters_differ(files) && std::all_of(files.begin(), files.end(), [&](const ResultFile& f) {
                return field(f, "cycle_counter") == field(files[0], "cycle_counter");
              })
            : std::all_of(files.begin(), files.end(), [&](const ResultFile& f) { return sf.value(f) == first; });
    std::string& list = all_same ? same : differ;
    list += (list.empty() ? "" : ", ") + std::string(sf.title);
  }
  s += "Differ between the files: " + (differ.empty() ? std::string("nothing above") : differ) + "\n";
  s += "Same in all files: " + (same.empty() ? std::string("nothing above") : same) + "\n";
  if (counters_differ(files)) {
    s += "Note: the counters tick at different rates, so p50 columns count different units; compare the rates "
         "(ops/s, MiB/s), or the p50 differences only as a rough guide.\n";
  }
  return s;
}

std::string compare_table(const std::vector<ResultFile>& files) {
  std::vector<std::map<std::string, Entry>> maps;
  for (const ResultFile& f : files) maps.push_back(entries(f));
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> header{"Algorithm", "Operation", "Implementation", "Backend"};
  for (std::size_t i = 0; i < files.size(); ++i) {
    header.push_back(files[i].label);
    if (i > 0) {
      header.push_back(files[i].label + " p50 vs " + files[0].label);
      header.push_back(files[i].label + " rate vs " + files[0].label);
    }
  }
  rows.push_back(header);
  for (const std::string& k : all_keys(files)) {
    const Entry* any = nullptr;
    for (const auto& m : maps) {
      if (const auto it = m.find(k); it != m.end() && !any) any = &it->second;
    }
    const auto base_it = maps[0].find(k);
    const Entry* base = base_it == maps[0].end() ? nullptr : &base_it->second;
    std::vector<std::string> row{any->algorithm, operation_of(*any), any->implementation, any->backend};
    for (std::size_t i = 0; i < files.size(); ++i) {
      const auto it = maps[i].find(k);
      const Entry* e = it == maps[i].end() ? nullptr : &it->second;
      row.push_back(e ? cell(*e) : "n/a");
      if (i == 0) continue;
      row.push_back(e && base ? p50_change(*base, *e) : "n/a");
      row.push_back(e && base ? rate_change(*base, *e) : "n/a");
    }
    rows.push_back(row);
  }
  return markdown(rows);
}

std::string compare_threads_table(const std::vector<ResultFile>& files) {
  std::vector<std::map<std::string, Entry>> maps;
  for (const ResultFile& f : files) maps.push_back(entries(f));
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> header{"Algorithm", "Operation", "Implementation", "Backend"};
  for (std::size_t i = 0; i < files.size(); ++i) {
    header.push_back(files[i].label + " threads: ops/s (scaling)");
    if (i > 0) header.push_back(files[i].label + " rate vs " + files[0].label);
  }
  rows.push_back(header);
  for (const std::string& k : all_keys(files)) {
    const Entry* any = nullptr;
    for (const auto& m : maps) {
      if (const auto it = m.find(k); it != m.end() && it->second.threads && !any) any = &it->second;
    }
    if (!any) continue;
    const auto base_it = maps[0].find(k);
    const Entry* base = base_it != maps[0].end() && base_it->second.threads ? &base_it->second : nullptr;
    std::vector<std::string> row{any->algorithm, operation_of(*any), any->implementation, any->backend};
    for (std::size_t i = 0; i < files.size(); ++i) {
      const auto it = maps[i].find(k);
      const Entry* e = it != maps[i].end() && it->second.threads ? &it->second : nullptr;
      row.push_back(e ? std::to_string(*e->threads) + " x: " + format_rate(Kind::ops, e->threads_rate) +
                            fmt(" (%.2fx)", e->threads_scaling)
                      : "n/a");
      if (i > 0) row.push_back(e && base ? change(base->threads_rate, e->threads_rate) : "n/a");
    }
    rows.push_back(row);
  }
  return rows.size() > 1 ? markdown(rows) : std::string();
}

std::string compare_legend() {
  return "cells: median (p50) counter ticks per operation (per byte for throughput) and the mean rate; "
         "'p50 vs' = this file's p50 / the first file's - 1 (negative: faster), 'rate vs' = this file's rate / "
         "the first file's - 1 (positive: faster); n/a: the row is not in that file; files counted with "
         "qemu_icount (tessera-fw-bench, scripts/fw-bench-json.py) show instructions per operation under "
         "emulation ('instr', 'instr/B'; not cycles), no rate, and p50 differences only against instructions";
}

std::string compare_html(const std::vector<ResultFile>& files) {
  std::string h =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>Tessera benchmark comparison</title>\n<style>\n"
      "body{font-family:sans-serif;margin:24px;color:#222;max-width:1500px}\n"
      "table{border-collapse:collapse;margin:8px 0 20px}td,th{border:1px solid #ccc;padding:3px 8px;"
      "font-size:13px;text-align:left}th{background:#eef2f7}td.na{color:#999}\n"
      "</style>\n</head>\n<body>\n<h1>Tessera benchmark comparison</h1>\n<h2>Files</h2>\n<table>\n<tr><th></th>";
  for (const ResultFile& f : files) h += "<th>" + html_escape(f.label + ": " + f.path) + "</th>";
  h += "</tr>\n";
  for (const SummaryField& sf : kSummary) {
    h += "<tr><th>" + html_escape(sf.title) + "</th>";
    for (const ResultFile& f : files) h += "<td>" + html_escape(sf.value(f)) + "</td>";
    h += "</tr>\n";
  }
  h += "</table>\n";
  if (counters_differ(files))
    h += "<p>The counters tick at different rates: compare the rates, not the p50 columns.</p>\n";
  h += "<h2>Operations</h2>\n<p>" + html_escape(compare_legend()) + ".</p>\n" + html_table(compare_table(files));
  if (const std::string t = compare_threads_table(files); !t.empty())
    h += "<h2>Threads</h2>\n" + html_table(t);
  return h + "</body>\n</html>\n";
}

int run_compare(std::span<const std::string_view> args, std::string_view program) {
  const std::string usage = "usage: " + std::string(program) +
                            " compare A.json B.json [C.json...] [--md FILE] [--html FILE]\n"
                            "Differences are against the first file. Exit status: 0 success, 1 an output file "
                            "could not be written, 2 bad usage or input.\n";
  std::vector<std::string> paths;
  std::string md_path, html_path;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (a == "--help" || a == "-h") {
      std::fputs(usage.c_str(), stdout);
      return 0;
    }
    if (a == "--md" || a == "--html") {
      if (i + 1 >= args.size() || args[i + 1].empty()) {
        std::fprintf(stderr, "tessera-bench compare: %s needs a file name\n\n%s", std::string(a).c_str(), usage.c_str());
        return 2;
      }
      (a == "--md" ? md_path : html_path) = args[++i];
    } else if (a.starts_with("-")) {
      std::fprintf(stderr, "tessera-bench compare: unknown option '%s'\n\n%s", std::string(a).c_str(), usage.c_str());
      return 2;
    } else {
      paths.emplace_back(a);
    }
  }
  if (paths.size() < 2) {
    std::fprintf(stderr, "tessera-bench compare: needs at least two result files (tessera-bench --json FILE), got %zu\n\n%s",
                 paths.size(), usage.c_str());
    return 2;
  }
  if (paths.size() > 26) {
    std::fprintf(stderr, "tessera-bench compare: at most 26 files (labelled A to Z)\n");
    return 2;
  }
  std::vector<ResultFile> files;
  for (const std::string& p : paths) {
    ResultFile f;
    std::string error;
    if (!load_result_file(p, f, error)) {
      std::fprintf(stderr, "tessera-bench compare: %s\n", error.c_str());
      return 2;
    }
    f.label = std::string(1, static_cast<char>('A' + files.size()));
    files.push_back(std::move(f));
  }
  const std::string summary = compare_summary(files);
  const std::string table = compare_table(files);
  const std::string threads = compare_threads_table(files);
  std::printf("Comparing %zu result files; differences against %s.\n\n%s\n%s.\n\n%s", files.size(),
              files[0].label.c_str(), summary.c_str(), compare_legend().c_str(), table.c_str());
  if (!threads.empty()) std::printf("\nThreads (--threads runs).\n\n%s", threads.c_str());

  bool written = true;
  if (!md_path.empty()) {
    std::string md = "# Tessera benchmark comparison\n\n```\n" + summary + "```\n\n" + compare_legend() + ".\n\n" + table;
    if (!threads.empty()) md += "\n## Threads\n\n" + threads;
    written = write_file(md_path, md) && written;
  }
  if (!html_path.empty()) written = write_file(html_path, compare_html(files)) && written;
  return written ? 0 : 1;
}

}  // namespace tessera::bench
