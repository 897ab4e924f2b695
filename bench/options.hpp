// Command-line options of tessera-bench. Parsing is separate from running so that it can
// be tested: parse_options() never exits and never prints.
#pragma once

#include <tessera/backend.hpp>

#include <optional>
#include <regex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::bench {

struct Options {
  std::vector<Backend> backends;  // --backend a,b: run every case on each; empty: the active one
  double seconds = 1.0;           // --seconds S: timed phase of each case
  double warmup_seconds = 0.1;
  bool quick = false;             // --quick: 0.05 s per case (smoke tests)
  bool list = false;              // --list
  bool help = false;              // --help
  bool compare_backends = false;  // --compare-backends: portable vs the best backend, table
  bool peers = false;             // --peers: also run the peer adapters, side-by-side table
  bool availability = false;      // --availability: print the availability table and exit
  bool progress = false;          // --progress: progress line on stderr even if not a TTY
  unsigned threads = 1;           // --threads N: also run each public-key case on N threads at once
  std::string json_path;          // --json FILE
  std::string csv_path;           // --csv FILE
  std::string html_path;          // --html FILE
  // --report FILE: the markdown report (bench/report_sections.hpp). It turns on --peers and,
  // without --backend, all_backends: the report compares portable with every accelerated
  // backend and Tessera with every peer built.
  std::string report_path;
  bool all_backends = false;      // run every available backend, the best one last
  std::vector<std::string> algorithms;  // --algorithm A[,B...]: exact names (checked by main)
  std::string filter_text;        // --filter REGEX, searched in "algorithm operation"
  std::optional<std::regex> filter;
  // --tls: full TLS 1.3 handshakes per group and implementation (bench/tls/run.hpp), after
  // the cases. --tls-groups / --tls-provider imply it; --report turns it on when tessera.so
  // is found (main.cpp: tls_default_on()).
  bool tls = false;
  std::vector<std::string> tls_groups;  // --tls-groups A[,B...]: names from kTlsGroups
  struct TlsProvider {
    std::string name, path;  // --tls-provider NAME[:PATH]
  };
  std::vector<TlsProvider> tls_providers;
  // --peer NAME=PATH (repeatable, implies --peers): the library file a run-time peer loads
  // (openssl: a libcrypto.so.3) instead of the default search; several for one peer are
  // compared side by side.
  struct PeerPath {
    std::string name, path;
  };
  std::vector<PeerPath> peer_paths;
};

struct ParseResult {
  Options options;
  std::string error;  // empty on success
  bool ok() const { return error.empty(); }
};

// args excludes the program name. Backend names are checked against what this CPU and
// build support; an error names the available backends.
ParseResult parse_options(std::span<const std::string_view> args);

std::string usage(std::string_view program);

// "portable avx2 avx512": the backends this CPU and build support.
std::string available_backends();

}  // namespace tessera::bench
