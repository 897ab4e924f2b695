#include "report_sections.hpp"

#include "hybrid_tables.hpp"
#include "options.hpp"
#include "recommend.hpp"
#include "tls/tls_results.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>

namespace tessera::bench {
namespace {

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::string ticks(double v) { return format_ticks(v); }

std::string join(const std::vector<std::string>& items, const char* sep = ", ") {
  std::string s;
  for (const std::string& i : items) s += (s.empty() ? "" : sep) + i;
  return s;
}

template <class T>
void add_unique(std::vector<T>& v, const T& x) {
  if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
}

using Filter = std::function<bool(const std::string& algorithm)>;

// What every section needs to know about the run.
struct Run {
  const std::vector<RunRecord>& records;
  const std::vector<Implementation>& impls;
  const MachineInfo& machine;
  Backend best;
  std::string tessera_backend;                // Tessera's backend in the summary tables
  std::vector<std::string> tessera_backends;  // every backend Tessera ran on, in run order
  bool peers_run = false;                     // --peers (or --report): the known peers were considered
  std::vector<std::string> built_peers, unbuilt_peers;
  std::vector<std::string> unbuilt_reasons;  // per unbuilt peer: "not built" or "not loaded: ..."

  std::vector<RunRecord> select(const Filter& f) const {
    std::vector<RunRecord> out;
    for (const RunRecord& r : records) {
      if (f(r.c.algorithm)) out.push_back(r);
    }
    return out;
  }
  // Why the peers' side of a section is empty: nothing to add, or what would fill it.
  std::string peers_gap(const std::vector<RunRecord>& selected, const std::string& what) const {
    if (!peers_run) return "run with --peers (or --report)";
    if (built_peers.empty()) return "no peer adapter is built (TESSERA_PEER_*; docs/bench.md, Peers)";
    const bool any = std::any_of(selected.begin(), selected.end(),
                                 [](const RunRecord& r) { return r.c.implementation != "tessera"; });
    return any ? std::string() : "none of the peers built here (" + join(built_peers) + ") has " + what;
  }
};

Run make_run(const std::vector<RunRecord>& records, const std::vector<Implementation>& impls,
             const MachineInfo& machine, Backend best) {
  Run run{.records = records, .impls = impls, .machine = machine, .best = best, .tessera_backend = {},
          .tessera_backends = {}, .peers_run = impls.size() > 1, .built_peers = {}, .unbuilt_peers = {},
          .unbuilt_reasons = {}};
  for (const RunRecord& r : records) {
    if (r.c.implementation != "tessera") continue;
    run.tessera_backend = r.backend;
    add_unique(run.tessera_backends, r.backend);
  }
  if (run.tessera_backend.empty()) run.tessera_backend = std::string(backend_name(best));
  for (const Implementation& impl : impls) {
    if (impl.name == "tessera") continue;
    (impl.built ? run.built_peers : run.unbuilt_peers).push_back(impl.name);
    if (!impl.built) run.unbuilt_reasons.push_back(impl.missing);
  }
  return run;
}

bool starts_with(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

bool is_hybrid(const std::string& algorithm) {
  return std::any_of(std::begin(kHybridParts), std::end(kHybridParts),
                     [&](const HybridParts& h) { return algorithm == h.hybrid; });
}

ReportSection method(const Run& run) {
  double seconds = 0;
  for (const RunRecord& r : run.records) seconds = std::max(seconds, r.m.seconds);
  ReportSection s{.title = "Method", .sentences = {}, .not_measured = {}, .tables = {}};
  s.sentences = {
      "Each case runs untimed for a warm-up, then timed for " + fmt("%.2g", seconds) +
          " s at most in this run; public-key operations are timed one call per sample, so their percentiles "
          "are per operation, throughput cases in batches of at least 2000 counter ticks",
      "Keys, ciphertexts and signatures are made before the timed region; a row without \"(key object)\" starts "
      "from the key's bytes (parsing and checking included), a \"(key object)\" row from a key already parsed, "
      "and peers run the same operations on the same inputs (the same 32-byte message for signatures)",
      "Peers run at the same time as Tessera: a row's cases (Tessera's on the summary backend and the peers') "
      "are timed in turns of 0.05 s, so a drift of the machine's speed reaches them alike",
      "Every figure is the median (p50) counter ticks per operation (per byte for throughput), beside it the "
      "mean rate; every ratio is of p50s: Improvement = portable p50 / accelerated p50 - 1, peer factor "
      "(N.NNx) = Tessera p50 / peer p50, >1: the peer is faster",
      "The bench does not pin CPUs or change frequency settings (docs/bench.md, Methodology)"};
  return s;
}

ReportSection platform(const Run& run) {
  const MachineInfo& m = run.machine;
  ReportSection s{.title = "Platform", .sentences = {}, .not_measured = {}, .tables = {}};
  std::vector<std::vector<std::string>> rows{
      {"Item", "Value"},
      {"Tessera", m.tessera_version},
      {"CPU", m.cpu},
      {"CPU features", m.cpu_features.empty() ? "none" : m.cpu_features},
      {"Kernel", m.kernel.empty() ? "unknown" : m.kernel},
      {"Compiler", m.compiler + ", " + m.build_type + (m.build_flags.empty() ? "" : ", " + m.build_flags)},
      {"Counter", m.tick_source + " at " + fmt("%.3f", m.tick_rate / 1e9) + " GHz"},
      {"Tessera backends measured", join(run.tessera_backends)},
      {"Best backend here", std::string(backend_name(run.best))},
      {"Backends available here", available_backends()},
  };
  for (const Implementation& impl : run.impls) {
    if (impl.name != "tessera") rows.push_back({"Peer " + impl.name, impl.built ? impl.version : impl.missing + (impl.reason.empty() ? "" : " (" + impl.reason + ")")});
  }
  s.tables.push_back({"The machine, the build and the libraries found", markdown(rows)});
  s.sentences.push_back("Cycles are " + m.tick_source + " ticks at " + fmt("%.3f", m.tick_rate / 1e9) +
                        " GHz, the counter's constant rate, so under turbo or power saving they are not core cycles");
  if (!run.peers_run) s.not_measured.push_back("Peers: not measured: run with --peers (or --report)");
  return s;
}

// "tessera (avx2), liboqs liboqs 0.16.0": who measured the selected records.
std::string measured_by(const Run& run, const std::vector<RunRecord>& selected) {
  std::vector<std::string> names;
  for (const Implementation& impl : run.impls) {
    const bool any = std::any_of(selected.begin(), selected.end(),
                                 [&](const RunRecord& r) { return r.c.implementation == impl.name; });
    if (!any) continue;
    names.push_back(impl.name == "tessera" ? "tessera (" + join(run.tessera_backends) + ")"
                                           : impl.name + " (" + impl.version + ")");
  }
  return join(names);
}

// ML-KEM, ML-DSA, FrodoKEM: the side-by-side table over the family's rows.
ReportSection family(const Run& run, const std::string& title, const Filter& in_family) {
  ReportSection s{.title = title, .sentences = {}, .not_measured = {}, .tables = {}};
  const std::vector<RunRecord> selected = run.select(in_family);
  if (selected.empty()) {
    s.not_measured.push_back("not measured: no " + title + " case selected (--algorithm/--filter)");
    return s;
  }
  s.tables.push_back({"All implementations, Tessera on " + run.tessera_backend + "; " + peers_legend(),
                      peers_table(selected, run.impls, run.tessera_backend)});
  s.sentences.push_back("Measured here by " + measured_by(run, selected));
  if (const std::string summary = recommendation_summary(recommendations(selected, run.tessera_backend));
      !summary.empty())
    s.sentences.push_back(summary + " (lowest p50; within 3 % is a tie)");
  if (const std::string gap = run.peers_gap(selected, title); !gap.empty())
    s.not_measured.push_back("Peers: not measured: " + gap);
  return s;
}

// ML-DSA signing loops a random number of times (rejection sampling): p99 beside p50.
void add_sign_tail(const Run& run, ReportSection& s, const std::vector<RunRecord>& selected) {
  std::vector<std::vector<std::string>> rows{{"Algorithm", "Operation", "Implementation", "p50", "p99", "p99 / p50"}};
  double lo = 0, hi = 0;
  for (const RunRecord& r : selected) {
    if (!starts_with(r.c.operation, "sign")) continue;
    if (r.c.implementation == "tessera" && r.backend != run.tessera_backend) continue;
    const Summary& t = r.m.ticks_per_call;
    if (t.median <= 0) continue;
    const double ratio = t.p99 / t.median;
    lo = rows.size() == 1 ? ratio : std::min(lo, ratio);
    hi = rows.size() == 1 ? ratio : std::max(hi, ratio);
    rows.push_back({r.c.algorithm, r.c.operation,
                    r.c.implementation == "tessera" ? "tessera (" + r.backend + ")" : r.c.implementation,
                    ticks(t.median) + " cyc", ticks(t.p99) + " cyc", fmt("%.2f", ratio)});
  }
  if (rows.size() == 1) {
    s.not_measured.push_back("Signing p50/p99: not measured: no sign case selected (--filter)");
    return;
  }
  s.tables.push_back({"Signing, median and 99th percentile counter ticks per operation (rejection sampling repeats "
                      "the signing loop a random number of times; on a busy machine preemptions also reach p99)",
                      markdown(rows)});
  s.sentences.push_back("Signing's p99 is " + fmt("%.2f", lo) + (hi > lo ? " to " + fmt("%.2f", hi) : "") +
                        " times its p50 over the " + std::to_string(rows.size() - 1) + " sign rows");
}

ReportSection hybrids(const Run& run) {
  ReportSection s{.title = "Hybrid KEMs", .sentences = {}, .not_measured = {}, .tables = {}};
  const std::vector<RunRecord> selected = run.select(is_hybrid);
  if (selected.empty()) {
    s.not_measured.push_back("not measured: no hybrid KEM case selected (--algorithm/--filter)");
    return s;
  }
  std::vector<std::vector<std::string>> shares{{"Hybrid", "Client share (public key)", "Server share (ciphertext)",
                                                "Both"}};
  std::vector<std::string> seen;
  for (const RunRecord& r : selected) {
    if (r.c.public_key_bytes == 0 || std::find(seen.begin(), seen.end(), r.c.algorithm) != seen.end()) continue;
    seen.push_back(r.c.algorithm);
    shares.push_back({r.c.algorithm, std::to_string(r.c.public_key_bytes) + " B",
                      std::to_string(r.c.ciphertext_bytes) + " B",
                      std::to_string(r.c.public_key_bytes + r.c.ciphertext_bytes) + " B"});
  }
  if (shares.size() > 1) s.tables.push_back({"Bytes on the wire per key exchange", markdown(shares)});

  const std::string& backend = run.tessera_backend;
  if (const std::string parts = hybrid_parts_table(run.records, backend); !parts.empty())
    s.tables.push_back({"Hybrid vs the sum of its parts (" + backend + "): " + hybrid_parts_legend(), parts});
  if (const std::vector<double> ratios = hybrid_parts_ratios(run.records, backend); !ratios.empty()) {
    const auto [lo, hi] = std::minmax_element(ratios.begin(), ratios.end());
    const auto within = std::count_if(ratios.begin(), ratios.end(),
                                      [](double r) { return r <= 1 + kHybridOverheadLimit; });
    s.sentences.push_back("Hybrid / sum of parts is " + fmt("%.3f", *lo) +
                          (*hi > *lo ? " to " + fmt("%.3f", *hi) : "") + " over " + std::to_string(ratios.size()) +
                          " operations; " + std::to_string(within) + " of them within +3 %");
  } else {
    std::vector<std::string> missing;
    for (const HybridParts& h : kHybridParts) {
      if (std::find(seen.begin(), seen.end(), h.hybrid) == seen.end()) continue;
      for (const char* part : {h.mlkem, h.curve}) {
        const bool ran = std::any_of(run.records.begin(), run.records.end(),
                                     [&](const RunRecord& r) { return r.c.algorithm == part; });
        if (!ran) add_unique(missing, std::string(part));
      }
    }
    s.not_measured.push_back("Hybrid vs its parts: not measured: add " + join(missing) + " to the run");
  }
  if (const std::string roles = hybrid_roles_table(run.records, run.impls, backend); !roles.empty()) {
    s.tables.push_back({"TLS roles (" + backend + "): " + hybrid_roles_legend(), roles});
    for (const RunRecord& r : selected) {
      if (r.c.implementation != "tessera" || r.backend != backend || r.c.operation != "encap") continue;
      s.sentences.push_back("Tessera's " + r.c.algorithm + " server (encap from the client's share) takes p50 " +
                            ticks(median_cost(r)) + " ticks and sends " + std::to_string(r.c.ciphertext_bytes) +
                            " B");
      break;  // one example sentence; the table has every hybrid
    }
  }
  if (const std::string gap = run.peers_gap(selected, "a hybrid KEM"); !gap.empty())
    s.not_measured.push_back("Peers: not measured: " + gap);
  return s;
}

// The --tls table, or why it is missing; a sentence on the Tessera provider's hybrid.
void add_tls(ReportSection& s, const TlsRun* tls) {
  if (tls == nullptr || !tls->ran) {
    s.not_measured.push_back("TLS handshakes: not measured: " +
                             (tls != nullptr && !tls->not_run.empty() ? tls->not_run : std::string("run with --tls")));
    return;
  }
  if (tls->rows.empty()) {
    s.not_measured.push_back("TLS handshakes: not measured: no TLS group selected (--tls-groups)");
    return;
  }
  s.tables.push_back({"TLS 1.3 handshakes (OpenSSL " + tls->openssl_version + "): " + tls_legend(),
                      tls_table(tls->rows)});
  std::size_t measured = 0, na = 0, errors = 0;
  for (const TlsRow& r : tls->rows) {
    measured += r.status == TlsStatus::measured ? 1 : 0;
    na += r.status == TlsStatus::not_available ? 1 : 0;
    errors += r.status == TlsStatus::error ? 1 : 0;
  }
  s.sentences.push_back(std::to_string(measured) + " group/implementation pairs measured, every handshake on the "
                        "group asked for, " + std::to_string(na) + " n/a, " + std::to_string(errors) + " failed");
  for (const TlsRow& r : tls->rows) {
    if (r.implementation != "tessera provider" || r.group != "X25519MLKEM768" || r.status != TlsStatus::measured)
      continue;
    const double o = tls_overhead(tls->rows, r);
    s.sentences.push_back("With the Tessera provider an X25519MLKEM768 handshake runs at " +
                          fmt("%.0f", r.handshakes_per_sec) + " handshakes/s" +
                          (o >= -0.999 ? ", " + fmt("%+.1f", o * 100) + " % time against X25519" : std::string()) +
                          (r.hrr_measured ? "; a HelloRetryRequest adds " + fmt("%.0f", r.hrr_extra_us()) + " µs"
                                          : std::string()));
  }
}

ReportSection acceleration_impact(const Run& run) {
  ReportSection s{.title = "Acceleration impact", .sentences = {}, .not_measured = {}, .tables = {}};
  const bool portable = std::find(run.tessera_backends.begin(), run.tessera_backends.end(), "portable") !=
                        run.tessera_backends.end();
  bool any = false;
  for (const std::string& b : run.tessera_backends) {
    if (b == "portable" || !portable) continue;
    const std::string table = compare_backends_table(run.records, b);
    if (table.empty()) continue;
    any = true;
    s.tables.push_back({"Tessera, portable vs " + b + ": " + compare_backends_legend(b), table});
    std::vector<double> gains;
    std::string best_row;
    double best_gain = -1e9;
    for (const RunRecord& a : run.records) {
      if (a.c.implementation != "tessera" || a.backend != b) continue;
      for (const RunRecord& p : run.records) {
        if (p.c.implementation != "tessera" || p.backend != "portable" || row_key(p.c) != row_key(a.c)) continue;
        if (const double speedup = median_speedup(p, a); speedup > 0) {
          gains.push_back((speedup - 1) * 100);
          if (gains.back() > best_gain) {
            best_gain = gains.back();
            best_row = a.c.algorithm + " " + row_operation(a.c);
          }
        }
      }
    }
    if (gains.empty()) continue;
    std::vector<double> sorted = gains;
    std::sort(sorted.begin(), sorted.end());
    const double median = sorted.size() % 2 ? sorted[sorted.size() / 2]
                                            : (sorted[sorted.size() / 2 - 1] + sorted[sorted.size() / 2]) / 2;
    s.sentences.push_back(b + " over portable: a median improvement of " + fmt("%.0f %%", median) + " over " +
                          std::to_string(gains.size()) + " operations, from " + fmt("%.0f %%", sorted.front()) +
                          " to " + fmt("%.0f %%", sorted.back()) + ", the highest on " + best_row);
  }
  if (!any) {
    if (run.best == Backend::portable) {
      s.not_measured.push_back("Tessera: not measured: no accelerated backend on this CPU/build (available: " +
                               available_backends() + ")");
    } else {
      s.not_measured.push_back("Tessera: not measured: run with --compare-backends (or --report without --backend)");
    }
  }
  // Peers are measured as built: one code path each, no portable run of theirs to set against it.
  std::vector<std::vector<std::string>> rows{{"Implementation", "Algorithm", "Code path (as reported)"}};
  std::vector<std::string> seen;
  for (const RunRecord& r : run.records) {
    if (r.c.implementation == "tessera") continue;
    const std::string key = r.c.implementation + "|" + r.c.algorithm;
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(key);
    rows.push_back({r.c.implementation, r.c.algorithm, r.acceleration.empty() ? "not reported" : r.acceleration});
  }
  if (rows.size() > 1) {
    s.tables.push_back({"Peers: the code path each reports (one build each, so no portable baseline)", markdown(rows)});
  } else if (const std::string gap = run.peers_gap(run.records, "an algorithm of this run"); !gap.empty()) {
    s.not_measured.push_back("Peers: not measured: " + gap);
  }
  return s;
}

ReportSection acceleration_status(const Run& run) {
  ReportSection s{.title = "Acceleration status per implementation", .sentences = {}, .not_measured = {},
                  .tables = {}};
  struct Path {
    std::string implementation, version, path;
    std::vector<std::string> algorithms;
  };
  std::vector<Path> paths;
  for (const RunRecord& r : run.records) {
    const bool tessera = r.c.implementation == "tessera";
    const std::string path = tessera ? (r.acceleration.empty() ? r.backend + " (accelerated parts not reported)"
                                                                : r.acceleration)
                                     : (r.acceleration.empty() ? "not reported" : r.acceleration);
    auto it = std::find_if(paths.begin(), paths.end(), [&](const Path& p) {
      return p.implementation == r.c.implementation && p.path == path;
    });
    if (it == paths.end()) {
      paths.push_back({r.c.implementation, r.version, path, {}});
      it = paths.end() - 1;
    }
    add_unique(it->algorithms, r.c.algorithm);
  }
  std::vector<std::vector<std::string>> rows{{"Implementation", "Version", "Code path", "Algorithms"}};
  for (const Path& p : paths) rows.push_back({p.implementation, p.version, p.path, join(p.algorithms)});
  for (std::size_t i = 0; i < run.unbuilt_peers.size(); ++i)
    rows.push_back({run.unbuilt_peers[i], "-", run.unbuilt_reasons[i], "-"});
  if (rows.size() == 1) {
    s.not_measured.push_back("not measured: no case ran");
    return s;
  }
  s.tables.push_back({"Code paths measured in this run, Tessera per backend", markdown(rows)});
  // On the best backend measured: which of Tessera's algorithms ran accelerated kernels.
  std::vector<std::string> accelerated, all;
  for (const RunRecord& r : run.records) {
    if (r.c.implementation != "tessera" || r.backend != run.tessera_backend) continue;
    add_unique(all, r.c.algorithm);
    if (names_accelerated_path(r.acceleration)) add_unique(accelerated, r.c.algorithm);
  }
  if (!all.empty())
    s.sentences.push_back("On " + run.tessera_backend + ", " + std::to_string(accelerated.size()) + " of Tessera's " +
                          std::to_string(all.size()) + " algorithms measured ran accelerated kernels" +
                          (accelerated.empty() ? "" : " (" + join(accelerated) + ")"));
  if (!run.peers_run) s.not_measured.push_back("Peers: not measured: run with --peers (or --report)");
  return s;
}

ReportSection recommendation(const Run& run) {
  ReportSection s{.title = "Recommendation by algorithm", .sentences = {}, .not_measured = {}, .tables = {}};
  const std::vector<Recommendation> recs = recommendations(run.records, run.tessera_backend);
  if (recs.empty()) {
    s.not_measured.push_back("not measured: no case ran");
    return s;
  }
  s.sentences.push_back(recommendation_rule(run.tessera_backend));
  if (const std::string summary = recommendation_summary(recs); !summary.empty()) {
    s.sentences.push_back(summary);
  } else if (const std::string gap = run.peers_gap(run.records, "an algorithm of this run"); !gap.empty()) {
    s.not_measured.push_back("Comparison with peers: not measured: " + gap);
  }
  s.tables.push_back({"Fastest implementation measured here, per algorithm and operation", recommendation_table(recs)});
  return s;
}

ReportSection availability(const Run& run) {
  ReportSection s{.title = "Availability", .sentences = {}, .not_measured = {}, .tables = {}};
  const bool any = std::any_of(run.impls.begin(), run.impls.end(),
                               [](const Implementation& i) { return !i.cases.empty(); });
  if (!any) {
    s.not_measured.push_back("not measured: no case selected");
    return s;
  }
  s.tables.push_back({"Algorithm x implementation: the code path (Tessera: on " + std::string(backend_name(run.best)) +
                          "), \"-\" if the implementation lacks the algorithm, \"not built\" if its adapter was not "
                          "compiled, \"not loaded: ...\" if its library could not be loaded",
                      availability_table(run.impls, run.best)});
  std::vector<std::string> counts;
  std::vector<std::string> algorithms;
  for (const Implementation& impl : run.impls) {
    for (const Case& c : impl.cases) add_unique(algorithms, c.algorithm);
  }
  for (const Implementation& impl : run.impls) {
    if (!impl.built) continue;
    std::vector<std::string> has;
    for (const Case& c : impl.cases) add_unique(has, c.algorithm);
    counts.push_back(impl.name + " " + std::to_string(has.size()));
  }
  s.sentences.push_back("Of the " + std::to_string(algorithms.size()) +
                        " algorithms selected, each implementation has: " + join(counts) +
                        (run.unbuilt_peers.empty() ? "" : "; not built: " + join(run.unbuilt_peers)));
  if (!run.peers_run) s.not_measured.push_back("Peers: not measured: run with --peers (or --report)");
  return s;
}

}  // namespace

std::string as_sentence(std::string s) {
  if (!s.empty() && s.back() != '.') s += '.';
  return s;
}

std::vector<ReportSection> report_sections(const std::vector<RunRecord>& records,
                                           const std::vector<Implementation>& impls, const MachineInfo& machine,
                                           Backend best, const TlsRun* tls) {
  const Run run = make_run(records, impls, machine, best);
  std::vector<ReportSection> sections;
  sections.push_back(method(run));
  sections.push_back(platform(run));
  sections.push_back(family(run, "ML-KEM", [](const std::string& a) { return starts_with(a, "ML-KEM-"); }));
  const Filter mldsa = [](const std::string& a) { return starts_with(a, "ML-DSA-"); };
  sections.push_back(family(run, "ML-DSA", mldsa));
  if (const std::vector<RunRecord> selected = run.select(mldsa); !selected.empty())
    add_sign_tail(run, sections.back(), selected);
  sections.push_back(family(run, "FrodoKEM", [](const std::string& a) {
    return starts_with(a, "FrodoKEM-") || starts_with(a, "eFrodoKEM-");
  }));
  sections.push_back(hybrids(run));
  add_tls(sections.back(), tls);
  sections.push_back(acceleration_impact(run));
  sections.push_back(acceleration_status(run));
  sections.push_back(recommendation(run));
  sections.push_back(availability(run));
  return sections;
}

std::string markdown_report(const std::vector<ReportSection>& sections, const MachineInfo& machine) {
  std::string md = "# Tessera benchmark report\n\nTessera " + machine.tessera_version + " on " + machine.cpu +
                   ". Every table and sentence below is computed from this run's measurements.\n";
  for (const ReportSection& s : sections) {
    md += "\n## " + s.title + "\n\n";
    if (!s.sentences.empty()) {
      std::string paragraph;
      for (const std::string& t : s.sentences) {
        if (!paragraph.empty()) paragraph += ' ';
        paragraph += as_sentence(t);
      }
      md += paragraph + "\n\n";
    }
    for (const std::string& n : s.not_measured) md += as_sentence(n) + "\n\n";
    for (const ReportTable& t : s.tables) md += as_sentence(t.caption) + "\n\n" + t.markdown + "\n";
    md.pop_back();  // one blank line before the next heading
  }
  return md;
}

}  // namespace tessera::bench
