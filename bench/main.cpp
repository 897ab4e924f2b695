// tessera-bench: runs the registered cases (bench/cases/*.cpp) on the chosen backends, and
// with --peers the peer adapters (bench/peers/*.cpp) compiled in; prints wolfCrypt-style
// lines after a machine header, then the summary tables; --json/--csv/--html write files.
#include "compare.hpp"
#include "hybrid_tables.hpp"
#include "machine.hpp"
#include "options.hpp"
#include "registry.hpp"
#include "report.hpp"
#include "report_sections.hpp"
#include "results.hpp"
#include "runner.hpp"
#include "threaded_runner.hpp"
#include "tls/run.hpp"

#include <tessera/backend.hpp>

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tb = tessera::bench;

namespace {

// The turns of tb::run_interleaved: short enough that a drift of the machine's speed over
// seconds reaches every case of a row alike.
constexpr double kSliceSeconds = 0.05;

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

bool selected(const tb::Case& c, const tb::Options& o) {
  if (!o.algorithms.empty() && std::none_of(o.algorithms.begin(), o.algorithms.end(),
                                            [&](const std::string& a) { return same_name(a, c.algorithm); }))
    return false;
  return !o.filter || std::regex_search(c.filter_key(), *o.filter);
}

std::vector<std::size_t> block_sizes(const std::vector<tb::Implementation>& impls) {
  std::vector<std::size_t> sizes;
  for (const tb::Implementation& impl : impls) {
    for (const tb::Case& c : impl.cases) {
      if (c.kind == tb::Kind::bytes && std::find(sizes.begin(), sizes.end(), c.block_bytes) == sizes.end())
        sizes.push_back(c.block_bytes);
    }
  }
  std::sort(sizes.begin(), sizes.end());
  return sizes;
}

// Tessera first, then every known peer: built (its cases) or not. A peer loaded at run
// time gives one implementation per library (--peer NAME=PATH, else the default search):
// NAME, then NAME#2, NAME#3, ... in the order given; one that cannot be loaded is kept
// with the reason.
std::vector<tb::Implementation> implementations(bool with_peers, const std::string& version,
                                                const std::vector<tb::Options::PeerPath>& peer_paths) {
  std::vector<tb::Implementation> impls;
  impls.push_back({.name = "tessera", .built = true, .missing = {}, .reason = {}, .version = version, .cases = tb::registry()});
  if (!with_peers) return impls;
  for (std::string_view name : tb::kKnownPeers) {
    std::vector<std::string> paths;
    for (const auto& pp : peer_paths) {
      if (pp.name == name) paths.push_back(pp.path);
    }
    const tb::Peer* p = tb::find_peer(name);
    if (p == nullptr || !p->load) {
      if (!paths.empty()) {
        std::fprintf(stderr, "tessera-bench: --peer %.*s=...: %s; the path is ignored\n", static_cast<int>(name.size()),
                     name.data(), p == nullptr ? "that peer is not built" : "that peer is linked at build time");
      }
      tb::Implementation impl;
      impl.name = std::string(name);
      if (p != nullptr) {
        impl.built = true;
        impl.version = p->version();
        impl.cases = p->cases();
      }
      impls.push_back(std::move(impl));
      continue;
    }
    if (paths.empty()) paths.push_back({});
    for (std::size_t i = 0; i < paths.size(); ++i) {
      tb::PeerInstance inst = p->load(paths[i]);
      tb::Implementation impl;
      impl.name = std::string(name) + (i == 0 ? "" : "#" + std::to_string(i + 1));
      impl.built = inst.usable;
      impl.missing = inst.usable ? std::string() : "not loaded";
      impl.reason = inst.problem;
      impl.version = inst.version + (paths[i].empty() ? "" : " (" + paths[i] + ")");
      for (tb::Case& c : inst.cases) c.implementation = impl.name;
      impl.cases = std::move(inst.cases);
      impls.push_back(std::move(impl));
    }
  }
  return impls;
}

// Progress on stderr: one rewritten line on a terminal, one line per case otherwise.
class Progress {
 public:
  Progress(bool on, std::size_t total) : on_(on), tty_(isatty(STDERR_FILENO) == 1), total_(total) {}
  void step(const std::string& what) {
    if (!on_) return;
    ++done_;
    if (tty_) {
      std::fprintf(stderr, "\r\033[K[%zu/%zu] %s", done_, total_, what.c_str());
    } else {
      std::fprintf(stderr, "[%zu/%zu] %s\n", done_, total_, what.c_str());
    }
    std::fflush(stderr);
  }
  void clear() {
    if (on_ && tty_) std::fputs("\r\033[K", stderr);
  }

 private:
  bool on_, tty_;
  std::size_t total_, done_ = 0;
};

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) {
    std::fprintf(stderr, "tessera-bench: cannot write %s\n", path.c_str());
    return false;
  }
  return true;
}

int run(const tb::Options& o) {
  const tb::MachineInfo machine = tb::machine_info();
  const tessera::Backend best = tessera::best_backend();
  std::vector<tb::Implementation> impls = implementations(o.peers || o.availability, machine.tessera_version, o.peer_paths);

  // --algorithm names must exist in some implementation.
  for (const std::string& a : o.algorithms) {
    bool known = false;
    std::string names;
    for (const tb::Implementation& impl : impls) {
      for (const tb::Case& c : impl.cases) {
        known = known || same_name(a, c.algorithm);
        if (names.find(" " + c.algorithm + ",") == std::string::npos) names += " " + c.algorithm + ",";
      }
    }
    if (!known) {
      if (!names.empty()) names.pop_back();
      std::fprintf(stderr, "tessera-bench: unknown algorithm '%s'; known:%s%s\n", a.c_str(), names.c_str(),
                   o.peers ? "" : " (add --peers for the peers' algorithms)");
      return 2;
    }
  }
  std::size_t count = 0;
  for (tb::Implementation& impl : impls) {
    std::erase_if(impl.cases, [&](const tb::Case& c) { return !selected(c, o); });
    count += impl.cases.size();
  }

  if (o.list) {
    for (const tb::Implementation& impl : impls) {
      for (const tb::Case& c : impl.cases) std::fputs(tb::format_list_line(c).c_str(), stdout);
    }
    return 0;
  }
  if (o.availability) {
    std::fputs(tb::availability_table(impls, best).c_str(), stdout);
    return 0;
  }
  if (count == 0) {
    std::fprintf(stderr, "tessera-bench: no case matches the --algorithm/--filter selection (see --list)\n");
    return 2;
  }

  // --tls: the providers load now, so that a bad --tls-provider fails before the cases run.
  tb::TlsBench tls;
  if (o.tls) {
    tb::TlsConfig config{.seconds = o.seconds, .tick_rate = machine.tick_rate, .groups = o.tls_groups, .providers = {}};
    for (const tb::Options::TlsProvider& p : o.tls_providers) config.providers.push_back({p.name, p.path});
    if (const std::string error = tls.open(config); !error.empty()) {
      std::fprintf(stderr, "tessera-bench: --tls: %s\n", error.c_str());
      return 2;
    }
  }

  std::vector<tessera::Backend> backends = o.backends;
  if (o.compare_backends) {
    backends = {tessera::Backend::portable};
    // --report: every accelerated backend too (avx2 on an AVX-512 machine), the best one last
    // so that the summary tables use it.
    for (tessera::Backend b : tessera::kAllBackends) {
      if (o.all_backends && b != tessera::Backend::portable && b != best && tessera::backend_available(b))
        backends.push_back(b);
    }
    if (best != tessera::Backend::portable) backends.push_back(best);
  }
  if (backends.empty()) backends.push_back(tessera::active_backend());

  std::fputs(tb::format_header(machine, backends, block_sizes(impls), o.seconds).c_str(), stdout);
  if (o.peers) {  // the libraries actually loaded (e.g. OpenSSL 3.5 run through its own loader)
    std::string line;
    for (std::size_t i = 1; i < impls.size(); ++i)
      line += (i > 1 ? "; " : "") + impls[i].name + " " + (impls[i].built ? impls[i].version : impls[i].missing + (impls[i].reason.empty() ? "" : " (" + impls[i].reason + ")"));
    std::printf("Peers:     %s\n", line.c_str());
  }

  const std::size_t jobs = impls[0].cases.size() * backends.size() + (count - impls[0].cases.size());
  // --threads runs Tessera's public-key cases a second time.
  const std::size_t threaded = o.threads > 1 ? static_cast<std::size_t>(std::count_if(
                                                   impls[0].cases.begin(), impls[0].cases.end(),
                                                   [](const tb::Case& c) { return c.kind == tb::Kind::ops; })) *
                                                   backends.size()
                                             : 0;
  const double estimate = static_cast<double>(jobs + threaded) * (o.seconds + o.warmup_seconds + 0.01);
  Progress progress(o.progress || (isatty(STDERR_FILENO) == 1 && estimate > 3), jobs);

  const tb::RunConfig config{.seconds = o.seconds, .warmup_seconds = o.warmup_seconds};
  std::vector<tb::RunRecord> records;
  nlohmann::json json = nlohmann::json::array();
  int failures = 0;
  auto prepare = [&](const tb::Case& c) {
    tb::Op op = c.prepare();
    if (!op) {  // a peer could not set up the case (its errors are on stderr)
      progress.clear();
      std::fprintf(stderr, "tessera-bench: %s %s (%s): setup failed, skipped\n", c.algorithm.c_str(),
                   c.operation.c_str(), c.implementation.c_str());
      ++failures;
    }
    return op;
  };
  // With --peers, the peers' cases of a row run interleaved with Tessera's on the backend the
  // side-by-side table uses (tb::run_interleaved); their results wait here for their section
  // (none for a peer case whose setup failed: it was reported then).
  std::vector<std::pair<const tb::Case*, std::optional<tb::Measurement>>> peer_results;
  const tessera::Backend table_backend = backends.back();
  auto interleaved = [&](const tb::Case& c, const tb::Op& op, tessera::Backend b) {
    std::vector<const tb::Case*> row;
    if (o.peers && b == table_backend)
      for (std::size_t i = 1; i < impls.size(); ++i)
        for (const tb::Case& p : impls[i].cases)
          if (p.algorithm == c.algorithm && p.operation == c.operation) row.push_back(&p);
    if (row.empty()) return tb::run_case(op, config);
    std::vector<tb::Op> peer_ops;
    std::vector<const tb::Op*> ops{&op};
    for (const tb::Case* p : row) peer_ops.push_back(prepare(*p));
    for (const tb::Op& p : peer_ops) ops.push_back(p ? &p : nullptr);
    std::erase(ops, nullptr);
    const std::vector<tb::Measurement> ms = tb::run_interleaved(ops, config, kSliceSeconds);
    for (std::size_t i = 0, k = 1; i < row.size(); ++i)
      peer_results.emplace_back(row[i], peer_ops[i] ? std::optional(ms[k++]) : std::nullopt);
    return ms[0];
  };
  auto measure = [&](const tb::Case& c, const std::string& backend, tessera::Backend b, const std::string& version) {
    progress.step(c.algorithm + " " + c.operation + " (" + c.implementation +
                  (c.implementation == "tessera" ? " " + backend : std::string()) + ")");
    const auto done = std::find_if(peer_results.begin(), peer_results.end(), [&](const auto& r) { return r.first == &c; });
    const bool ran = done != peer_results.end();  // a peer's case, run next to Tessera's
    if (ran && !done->second) return;
    const tb::Op op = ran ? tb::Op() : prepare(c);
    if (!ran && !op) return;
    const tb::Measurement m = ran ? *done->second : c.implementation == "tessera" ? interleaved(c, op, b)
                                                                                  : tb::run_case(op, config);
    progress.clear();
    std::fputs(tb::format_line(c, m).c_str(), stdout);
    std::fflush(stdout);
    const std::string accel = c.acceleration ? c.acceleration(b) : std::string();
    records.push_back({.c = c, .backend = backend, .acceleration = accel, .version = version, .m = m, .threaded = {}});
    json.push_back(tb::json_record(c, backend, accel, version, m, machine));
    // --threads: the same case on N threads at once, each with its own keys and inputs
    // (prepare() once per thread, here, untimed), right after its one-thread run.
    if (o.threads > 1 && c.kind == tb::Kind::ops && c.implementation == "tessera") {
      std::vector<tb::Op> ops{op};
      while (ops.size() < o.threads) {
        ops.push_back(c.prepare());
        if (!ops.back()) break;
      }
      if (!ops.back()) {
        std::fprintf(stderr, "tessera-bench: %s %s: setup for thread %zu failed, --threads skipped\n",
                     c.algorithm.c_str(), c.operation.c_str(), ops.size());
        ++failures;
        return;
      }
      tb::ThreadedMeasurement t = tb::run_threaded(ops, config);
      std::fputs(tb::format_threads_line(c, m, t).c_str(), stdout);
      std::fflush(stdout);
      tb::add_threads_fields(json.back(), m, t);
      if (const double load = tb::load_average_1min(); load >= 0) json.back()["threads_load_average"] = load;
      records.back().threaded = std::move(t);
    }
  };

  for (tessera::Backend b : backends) {
    auto forced = tessera::BackendOverride::force(b);
    if (!forced) {  // parse_options checked availability; kept for safety
      std::fprintf(stderr, "tessera-bench: cannot use backend %s\n", std::string(tessera::backend_name(b)).c_str());
      return 2;
    }
    const std::string name(tessera::backend_name(b));
    if (backends.size() > 1 && !impls[0].cases.empty()) std::printf("\nBackend: %s\n", name.c_str());
    for (const tb::Case& c : impls[0].cases) measure(c, name, b, machine.tessera_version);
  }
  for (std::size_t i = 1; i < impls.size(); ++i) {
    const tb::Implementation& impl = impls[i];
    if (impl.cases.empty()) continue;
    std::printf("\nPeer: %s (%s)\n", impl.name.c_str(), impl.version.c_str());
    for (const tb::Case& c : impl.cases) measure(c, "none", best, impl.version);
  }
  progress.clear();

  if (o.compare_backends) {
    const std::string accelerated(tessera::backend_name(best));
    if (best == tessera::Backend::portable) {
      std::printf("\nPortable vs accelerated: no accelerated backend on this CPU/build (available: %s)\n",
                  tb::available_backends().c_str());
    } else {
      std::printf("\nPortable vs accelerated (%s). %s\n\n%s", accelerated.c_str(),
                  tb::compare_backends_legend(accelerated).c_str(),
                  tb::compare_backends_table(records, accelerated).c_str());
    }
  }
  // The hybrids against their halves, on the backend the side-by-side table uses.
  const std::string summary_backend(tessera::backend_name(backends.back()));
  if (const std::string parts = tb::hybrid_parts_table(records, summary_backend); !parts.empty()) {
    std::printf("\nHybrid vs its parts (%s). %s\n\n%s", summary_backend.c_str(), tb::hybrid_parts_legend().c_str(),
                parts.c_str());
    std::printf("\nHybrid TLS roles (%s). %s\n\n%s", summary_backend.c_str(), tb::hybrid_roles_legend().c_str(),
                tb::hybrid_roles_table(records, impls, summary_backend).c_str());
  }
  if (const std::string threads = tb::threads_table(records); !threads.empty()) {
    std::printf("\nThreads (%u at once, each its own keys; load average %s). %s\n\n%s", o.threads,
                tb::load_average().c_str(), tb::threads_legend().c_str(), threads.c_str());
  }
  if (o.peers) {
    const std::string& tessera_backend = summary_backend;
    std::printf("\nSide by side. %s\n\n%s", tb::peers_legend().c_str(),
                tb::peers_table(records, impls, tessera_backend).c_str());
    std::printf("\nAvailability (Tessera: code path on the best backend, %s):\n\n%s",
                std::string(tessera::backend_name(best)).c_str(), tb::availability_table(impls, best).c_str());
  }

  tb::TlsRun tls_run;
  if (o.tls) {
    std::printf("\nTLS 1.3 handshakes (ECDSA P-256 certificate, %.3g s per group):\n", o.seconds);
    tls_run = tls.run([](const tb::TlsRow& r) {
      if (r.status == tb::TlsStatus::measured) {
        std::printf("TLS %-20s %-18s %6zu handshakes took %5.3f sec, %8.1f handshakes/s, client p50 %.1f us, "
                    "server p50 %.1f us, ClientHello %zu B, ServerHello %zu B\n",
                    r.group.c_str(), r.implementation.c_str(), r.handshakes, r.seconds, r.handshakes_per_sec,
                    r.client_us_p50, r.server_us_p50, r.client_hello_bytes, r.server_hello_bytes);
      } else if (r.status == tb::TlsStatus::error) {
        std::fprintf(stderr, "tessera-bench: TLS %s (%s): %s\n", r.group.c_str(), r.implementation.c_str(),
                     r.reason.c_str());
      }
      if (!r.hrr_error.empty())
        std::fprintf(stderr, "tessera-bench: TLS %s (%s) with HelloRetryRequest: %s\n", r.group.c_str(),
                     r.implementation.c_str(), r.hrr_error.c_str());
      std::fflush(stdout);
    });
    failures += static_cast<int>(tls_run.failures());
    std::printf("\nTLS 1.3 handshakes (OpenSSL %s). %s\n\n%s", tls_run.openssl_version.c_str(),
                tb::as_sentence(tb::tls_legend()).c_str(), tb::tls_table(tls_run.rows).c_str());
    for (const tb::TlsRow& r : tls_run.rows) {
      if (r.status == tb::TlsStatus::measured) json.push_back(tb::tls_json_record(r, machine));
    }
  } else {
    tls_run.not_run = o.report_path.empty() || !tb::tls_default_on()
                          ? "run with --tls (--report turns it on only when libssl is built and tessera.so is found)"
                          : "run with --tls";
  }

  bool written = true;
  if (!o.json_path.empty()) written = write_file(o.json_path, json.dump(2) + "\n") && written;
  if (!o.csv_path.empty()) written = write_file(o.csv_path, tb::csv(records)) && written;
  if (!o.html_path.empty()) written = write_file(o.html_path, tb::html_report(records, impls, machine, best, &tls_run)) && written;
  if (!o.report_path.empty()) {
    written = write_file(o.report_path,
                         tb::markdown_report(tb::report_sections(records, impls, machine, best, &tls_run), machine)) &&
              written;
  }
  return written && failures == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string_view program = argc > 0 ? std::string_view(argv[0]) : "tessera-bench";
  const std::vector<std::string_view> args(argv + (argc > 0 ? 1 : 0), argv + argc);
  if (!args.empty() && args[0] == "compare") return tb::run_compare(std::span(args).subspan(1), program);
  tb::ParseResult parsed = tb::parse_options(args);
  if (!parsed.ok()) {
    std::fprintf(stderr, "tessera-bench: %s\n\n%s", parsed.error.c_str(), tb::usage(program).c_str());
    return 2;
  }
  if (parsed.options.help) {
    std::fputs(tb::usage(program).c_str(), stdout);
    return 0;
  }
  if (tessera::Result<void> env = tessera::environment_backend_status(); !env) {
    std::fprintf(stderr, "tessera-bench: TESSERA_BACKEND: %s; available: %s\n",
                 tessera::error_message(env.error()), tb::available_backends().c_str());
    return 2;
  }
  // The report's "Hybrid KEMs" section has the TLS table whenever it can be measured.
  if (!parsed.options.report_path.empty() && tb::tls_default_on()) parsed.options.tls = true;
  return run(parsed.options);
}
