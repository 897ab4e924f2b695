// The --html report: one page, inline CSS and SVG only (no scripts, no fonts, no links), so
// it can be archived with the results and opened offline.
#include "report_sections.hpp"
#include "results.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tessera::bench {

std::string html_escape(const std::string& s) {
  std::string o;
  for (char ch : s) {
    switch (ch) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      default: o += ch;
    }
  }
  return o;
}

namespace {

std::string esc(const std::string& s) { return html_escape(s); }

std::string num(double v, const char* f = "%.1f") {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::string series_name(const RunRecord& r) {
  return r.c.implementation == "tessera" ? "tessera " + r.backend : r.c.implementation;
}

const char* series_color(const RunRecord& r) {
  if (r.c.implementation == "tessera") return r.backend == "portable" ? "#8fa8c8" : "#1f5fa8";
  if (r.c.implementation == "openssl") return "#c0392b";
  if (r.c.implementation == "liboqs") return "#27864a";
  if (r.c.implementation == "wolfssl") return "#d9822b";
  return "#777777";
}

constexpr int kLabelWidth = 230;
constexpr int kBarWidth = 520;
constexpr int kChartWidth = kLabelWidth + kBarWidth + 330;  // room for "p50 ..., <rate>, N.NNx the fastest"
constexpr int kRow = 18;

// Speed by the median: operations (bytes) per counter tick at p50, 0 if unknown.
double median_speed(const RunRecord& r) {
  const double cost = median_cost(r);
  return cost > 0 ? 1 / cost : 0;
}

// One chart per algorithm: for each operation a heading row, then one bar per
// implementation/backend, its length the p50 speed scaled to the fastest in that operation
// (so bar ratios are p50 ratios), labelled with the p50 and the mean rate.
std::string algorithm_chart(const std::vector<const RunRecord*>& recs) {
  std::vector<std::string> ops;
  for (const RunRecord* r : recs) {
    const std::string op = row_operation(r->c);
    if (std::find(ops.begin(), ops.end(), op) == ops.end()) ops.push_back(op);
  }
  std::string body;
  int y = 4;
  for (const std::string& op : ops) {
    double max = 0;
    for (const RunRecord* r : recs) {
      if (row_operation(r->c) == op) max = std::max(max, median_speed(*r));
    }
    body += "<text x=\"0\" y=\"" + std::to_string(y + 13) + "\" class=\"op\">" + esc(op) + "</text>\n";
    y += kRow + 2;
    for (const RunRecord* r : recs) {
      if (row_operation(r->c) != op) continue;
      const double speed = median_speed(*r);
      const double w = max > 0 ? std::max(1.0, kBarWidth * speed / max) : 1.0;
      // The ratio to the fastest bar of the operation: this p50 / the fastest p50.
      const double behind = speed > 0 ? max / speed : 0;
      const std::string text = format_cell(*r) + (behind <= 0 ? std::string()
                                                  : behind < 1.0005 ? std::string(", fastest")
                                                                    : num(behind, ", %.2fx the fastest"));
      body += "<text x=\"" + std::to_string(kLabelWidth - 6) + "\" y=\"" + std::to_string(y + 12) +
              "\" text-anchor=\"end\">" + esc(series_name(*r)) + "</text>";
      body += "<rect x=\"" + std::to_string(kLabelWidth) + "\" y=\"" + std::to_string(y + 2) + "\" width=\"" +
              num(w) + "\" height=\"" + std::to_string(kRow - 4) + "\" fill=\"" + series_color(*r) + "\"><title>" +
              esc(series_name(*r) + ": " + text) + "</title></rect>";
      body += "<text x=\"" + num(kLabelWidth + w + 6) + "\" y=\"" + std::to_string(y + 12) + "\">" +
              esc(text) + "</text>\n";
      y += kRow;
    }
    y += 6;
  }
  return "<svg width=\"" + std::to_string(kChartWidth) + "\" height=\"" +
         std::to_string(y) + "\" viewBox=\"0 0 " + std::to_string(kChartWidth) + " " + std::to_string(y) +
         "\" role=\"img\">\n" + body + "</svg>\n";
}

// Improvement of the accelerated backend over portable (portable p50 / accelerated p50 - 1),
// one bar per Tessera case.
std::string gains_chart(const std::vector<RunRecord>& records, const std::string& accelerated) {
  struct Gain {
    std::string label;
    double percent;
  };
  std::vector<Gain> gains;
  for (const RunRecord& a : records) {
    if (a.c.implementation != "tessera" || a.backend != accelerated) continue;
    for (const RunRecord& p : records) {
      if (p.c.implementation != "tessera" || p.backend != "portable" || row_key(p.c) != row_key(a.c)) continue;
      if (const double speedup = median_speedup(p, a); speedup > 0)
        gains.push_back({a.c.algorithm + " " + row_operation(a.c), (speedup - 1) * 100});
      break;
    }
  }
  if (gains.empty()) return {};
  double lo = 0, hi = 0;
  for (const Gain& g : gains) {
    lo = std::min(lo, g.percent);
    hi = std::max(hi, g.percent);
  }
  if (hi - lo < 1) hi = lo + 1;
  const double scale = kBarWidth / (hi - lo);
  const double zero = kLabelWidth + 40 + (-lo) * scale;
  std::string body;
  int y = 4;
  for (const Gain& g : gains) {
    const double x0 = g.percent >= 0 ? zero : zero + g.percent * scale;
    const double w = std::max(1.0, std::fabs(g.percent) * scale);
    body += "<text x=\"" + std::to_string(kLabelWidth + 34) + "\" y=\"" + std::to_string(y + 12) +
            "\" text-anchor=\"end\">" + esc(g.label) + "</text>";
    body += "<rect x=\"" + num(x0) + "\" y=\"" + std::to_string(y + 2) + "\" width=\"" + num(w) + "\" height=\"" +
            std::to_string(kRow - 4) + "\" fill=\"" + (g.percent >= 0 ? "#1f5fa8" : "#c0392b") + "\"/>";
    body += "<text x=\"" + num(g.percent >= 0 ? x0 + w + 6 : zero + 6) + "\" y=\"" + std::to_string(y + 12) + "\">" +
            num(g.percent, "%+.0f%%") + "</text>\n";
    y += kRow;
  }
  body += "<line x1=\"" + num(zero) + "\" y1=\"0\" x2=\"" + num(zero) + "\" y2=\"" + std::to_string(y + 4) +
          "\" stroke=\"#333\"/>\n";
  const int width = kChartWidth + 80;
  return "<svg width=\"" + std::to_string(width) + "\" height=\"" +
         std::to_string(y + 6) + "\" viewBox=\"0 0 " + std::to_string(width) + " " + std::to_string(y + 6) +
         "\" role=\"img\">\n" + body + "</svg>\n";
}

// Tessera's backends other than portable, in run order (the gains charts' subjects).
std::vector<std::string> accelerated_backends(const std::vector<RunRecord>& records) {
  std::vector<std::string> out;
  for (const RunRecord& r : records) {
    if (r.c.implementation == "tessera" && r.backend != "portable" &&
        std::find(out.begin(), out.end(), r.backend) == out.end())
      out.push_back(r.backend);
  }
  return out;
}

}  // namespace

// A markdown table (from tables.cpp) as an HTML table.
std::string html_table(const std::string& md) {
  std::string out = "<table>\n";
  std::size_t pos = 0;
  int line_no = 0;
  while (pos < md.size()) {
    const std::size_t end = md.find('\n', pos);
    const std::string line = md.substr(pos, end - pos);
    pos = end == std::string::npos ? md.size() : end + 1;
    if (line_no++ == 1) continue;  // the |---| rule
    out += "<tr>";
    std::size_t c = 1;
    while (c < line.size()) {
      const std::size_t next = line.find('|', c);
      if (next == std::string::npos) break;
      std::string cell = line.substr(c, next - c);
      const auto a = cell.find_first_not_of(' '), b = cell.find_last_not_of(' ');
      cell = a == std::string::npos ? std::string() : cell.substr(a, b - a + 1);
      const char* tag = line_no == 1 ? "th" : "td";
      const char* cls = cell == "not built" || cell == "n/a" || cell == "-" ? " class=\"na\"" : "";
      out += std::string("<") + tag + cls + ">" + esc(cell) + "</" + tag + ">";
      c = next + 1;
    }
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

std::string html_report(const std::vector<RunRecord>& records, const std::vector<Implementation>& impls,
                        const MachineInfo& machine, Backend best, const TlsRun* tls) {
  std::string h =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>Tessera benchmark</title>\n<style>\n"
      "body{font-family:sans-serif;margin:24px;color:#222;max-width:1300px}\n"
      "table{border-collapse:collapse;margin:8px 0 20px}td,th{border:1px solid #ccc;padding:3px 8px;"
      "font-size:13px;text-align:left}th{background:#eef2f7}td.na{color:#999}\n"
      "p.nm{color:#777}\n"
      "svg{display:block;margin:4px 0 18px}svg text{font:12px sans-serif}svg text.op{font-weight:bold}\n"
      ".legend span{display:inline-block;margin-right:14px}.legend i{display:inline-block;width:12px;"
      "height:12px;margin-right:4px;vertical-align:middle}\n"
      "</style>\n</head>\n<body>\n<h1>Tessera benchmark</h1>\n";

  // The --report sections (the same tables and computed sentences as the markdown report),
  // with the portable-vs-accelerated chart in the acceleration section.
  for (const ReportSection& sec : report_sections(records, impls, machine, best, tls)) {
    h += "<h2>" + esc(sec.title) + "</h2>\n";
    if (!sec.sentences.empty()) {
      h += "<p>";
      for (std::size_t i = 0; i < sec.sentences.size(); ++i) {
        if (i) h += ' ';
        h += esc(as_sentence(sec.sentences[i]));
      }
      h += "</p>\n";
    }
    for (const std::string& n : sec.not_measured) h += "<p class=\"nm\">" + esc(as_sentence(n)) + "</p>\n";
    if (sec.title == "Acceleration impact") {
      for (const std::string& accelerated : accelerated_backends(records)) {
        if (const std::string gains = gains_chart(records, accelerated); !gains.empty()) {
          h += "<p>Improvement of " + esc(accelerated) + " over the portable kernels per operation, from the "
               "median (p50) time per operation: portable p50 / " + esc(accelerated) + " p50 &minus; 1.</p>\n" +
               gains;
        }
      }
    }
    for (const ReportTable& t : sec.tables)
      h += "<p>" + esc(as_sentence(t.caption)) + "</p>\n" + html_table(t.markdown);
  }

  if (const std::string threads = threads_table(records); !threads.empty()) {
    h += "<h2>Threads</h2>\n<p>" + esc(threads_legend()) + ".</p>\n" + html_table(threads);
  }

  h += "<h2>Speed by algorithm</h2>\n<p>Each bar is 1 / the median (p50) counter ticks per operation (per "
       "byte for hashes and AEAD), scaled to the operation's fastest implementation, so bar lengths compare "
       "medians; beside it the p50, the mean rate (operations per second or MiB/s) and the ratio of its p50 to the "
       "fastest one's. Longer is faster.</p>\n"
       "<p class=\"legend\">";
  std::vector<std::string> seen;
  for (const RunRecord& r : records) {
    const std::string s = series_name(r);
    if (std::find(seen.begin(), seen.end(), s) != seen.end()) continue;
    seen.push_back(s);
    h += std::string("<span><i style=\"background:") + series_color(r) + "\"></i>" + esc(s) + "</span>";
  }
  h += "</p>\n";
  std::vector<std::string> algorithms;
  for (const RunRecord& r : records) {
    if (std::find(algorithms.begin(), algorithms.end(), r.c.algorithm) == algorithms.end())
      algorithms.push_back(r.c.algorithm);
  }
  for (const std::string& a : algorithms) {
    std::vector<const RunRecord*> recs;
    for (const RunRecord& r : records) {
      if (r.c.algorithm == a) recs.push_back(&r);
    }
    h += "<h3>" + esc(a) + "</h3>\n" + algorithm_chart(recs);
  }

  h += "<h2>All results</h2>\n<table>\n<tr><th>Implementation</th><th>Backend / path</th><th>Algorithm</th>"
       "<th>Operation</th><th>Rate</th><th>Cycles (mean)</th><th>p50</th><th>p90</th><th>p99</th>"
       "<th>Calls</th></tr>\n";
  for (const RunRecord& r : records) {
    const Summary& t = r.m.ticks_per_call;
    const double per = r.c.kind == Kind::bytes ? static_cast<double>(r.c.bytes_per_op) : 1.0;
    const char* f = r.c.kind == Kind::bytes ? "%.2f/B" : "%.0f";
    h += "<tr><td>" + esc(r.c.implementation) + "</td><td>" +
         esc(r.c.implementation == "tessera" ? r.backend + (r.acceleration.empty() ? "" : ": " + r.acceleration)
                                             : r.acceleration) +
         "</td><td>" + esc(r.c.algorithm) + "</td><td>" + esc(row_operation(r.c)) +
         (r.c.message_bytes ? " (" + std::to_string(r.c.message_bytes) + "-byte message)" : std::string()) +
         (r.c.public_key_bytes ? " (client share " + std::to_string(r.c.public_key_bytes) + " B, server share " +
                                     std::to_string(r.c.ciphertext_bytes) + " B)"
                               : std::string()) +
         "</td><td>" + esc(format_rate(r.c.kind, rate(r))) + "</td><td>" + num(t.mean / per, f) + "</td><td>" +
         num(t.median / per, f) + "</td><td>" + num(t.p90 / per, f) + "</td><td>" + num(t.p99 / per, f) +
         "</td><td>" + std::to_string(r.m.calls) + "</td></tr>\n";
  }
  h += "</table>\n<p>Cycles are " + esc(machine.tick_source) +
       " counter ticks per operation (per byte for throughput cases); see docs/bench.md for the "
       "methodology.</p>\n</body>\n</html>\n";
  return h;
}

}  // namespace tessera::bench
