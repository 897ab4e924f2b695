#include "options.hpp"

#include "tls/tls_results.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

namespace tessera::bench {
namespace {

constexpr double kQuickSeconds = 0.05;

std::string parse_backends(std::string_view list, std::vector<Backend>& out) {
  while (true) {
    const std::size_t comma = list.find(',');
    const std::string_view name = list.substr(0, comma);
    Result<Backend> b = parse_backend(name);
    if (!b) {
      return "unknown backend '" + std::string(name) + "'; available: " + available_backends();
    }
    if (!backend_available(*b)) {
      return "backend '" + std::string(name) + "' is not available on this CPU/build; available: " +
             available_backends();
    }
    out.push_back(*b);
    if (comma == std::string_view::npos) return {};
    list.remove_prefix(comma + 1);
  }
}

std::string parse_seconds(std::string_view text, double& out) {
  // std::from_chars for double is in libstdc++ 11+ and libc++ 17+; strtod keeps clang 14
  // with libc++ working too.
  const std::string s(text);
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(v) || v <= 0 || v > 3600) {
    return "--seconds needs a number of seconds in (0, 3600], got '" + s + "'";
  }
  out = v;
  return {};
}

// Threads beyond this are a typo rather than a machine (each thread keeps its samples).
constexpr unsigned long kMaxThreads = 1024;

std::string parse_threads(std::string_view text, unsigned& out) {
  const std::string s(text);
  char* end = nullptr;
  const unsigned long v = std::strtoul(s.c_str(), &end, 10);
  if (s.empty() || s[0] < '0' || s[0] > '9' || end != s.c_str() + s.size() || v < 1 || v > kMaxThreads) {
    return "--threads needs a whole number of threads in [1, " + std::to_string(kMaxThreads) + "], got '" + s + "'";
  }
  out = static_cast<unsigned>(v);
  return {};
}

// --tls-groups: each name one of kTlsGroups (case as written there; matched without case).
std::string parse_tls_groups(std::string_view list, std::vector<std::string>& out) {
  std::string known;
  for (const char* g : kTlsGroups) known += std::string(known.empty() ? "" : ", ") + g;
  while (true) {
    const std::size_t comma = list.find(',');
    const std::string name(list.substr(0, comma));
    const auto* it = std::find_if(std::begin(kTlsGroups), std::end(kTlsGroups), [&](const char* g) {
      return name.size() == std::string_view(g).size() &&
             std::equal(name.begin(), name.end(), g, [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
             });
    });
    if (it == std::end(kTlsGroups)) return "--tls-groups: unknown group '" + name + "'; known: " + known;
    out.emplace_back(*it);
    if (comma == std::string_view::npos) return {};
    list.remove_prefix(comma + 1);
  }
}

}  // namespace

std::string available_backends() {
  std::string s;
  for (Backend b : kAllBackends) {
    if (!backend_available(b)) continue;
    if (!s.empty()) s += ' ';
    s += backend_name(b);
  }
  return s;
}

ParseResult parse_options(std::span<const std::string_view> args) {
  ParseResult r;
  Options& o = r.options;
  bool seconds_given = false;
  for (std::size_t i = 0; i < args.size() && r.ok(); ++i) {
    std::string_view arg = args[i];
    std::optional<std::string_view> inline_value;  // --opt=value
    if (const std::size_t eq = arg.find('='); arg.starts_with("--") && eq != std::string_view::npos) {
      inline_value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
    }
    const auto value = [&](std::string_view& out) {
      if (inline_value) {
        out = *inline_value;
      } else if (i + 1 < args.size()) {
        out = args[++i];
      } else {
        r.error = std::string(arg) + " needs a value";
        return false;
      }
      return true;
    };
    const auto flag = [&] {
      if (inline_value) r.error = std::string(arg) + " takes no value";
      return r.ok();
    };
    std::string_view v;
    if (arg == "--help" || arg == "-h") {
      if (flag()) o.help = true;
    } else if (arg == "--list") {
      if (flag()) o.list = true;
    } else if (arg == "--quick") {
      if (flag()) o.quick = true;
    } else if (arg == "--compare-backends") {
      if (flag()) o.compare_backends = true;
    } else if (arg == "--peers") {
      if (flag()) o.peers = true;
    } else if (arg == "--availability") {
      if (flag()) o.availability = true;
    } else if (arg == "--progress") {
      if (flag()) o.progress = true;
    } else if (arg == "--csv" || arg == "--html" || arg == "--report") {
      if (value(v)) {
        if (v.empty()) r.error = std::string(arg) + " needs a file name";
        (arg == "--csv" ? o.csv_path : arg == "--html" ? o.html_path : o.report_path) = v;
      }
    } else if (arg == "--algorithm") {
      if (value(v)) {
        while (true) {
          const std::size_t comma = v.find(',');
          const std::string_view name = v.substr(0, comma);
          if (name.empty()) {
            r.error = "--algorithm needs a comma-separated list of names (see --list)";
            break;
          }
          o.algorithms.emplace_back(name);
          if (comma == std::string_view::npos) break;
          v.remove_prefix(comma + 1);
        }
      }
    } else if (arg == "--backend") {
      if (value(v)) r.error = parse_backends(v, o.backends);
    } else if (arg == "--threads") {
      if (value(v)) r.error = parse_threads(v, o.threads);
    } else if (arg == "--seconds") {
      if (value(v)) r.error = parse_seconds(v, o.seconds);
      seconds_given = true;
    } else if (arg == "--json") {
      if (value(v)) {
        if (v.empty()) r.error = "--json needs a file name";
        o.json_path = v;
      }
    } else if (arg == "--tls") {
      if (flag()) o.tls = true;
    } else if (arg == "--tls-groups") {
      if (value(v)) r.error = parse_tls_groups(v, o.tls_groups);
      o.tls = true;
    } else if (arg == "--peer") {
      if (value(v)) {
        const std::size_t eq = v.find('=');
        Options::PeerPath p{.name = std::string(v.substr(0, eq)),
                            .path = eq == std::string_view::npos ? std::string() : std::string(v.substr(eq + 1))};
        if (p.name.empty() || p.path.empty()) r.error = "--peer needs NAME=PATH, got '" + std::string(v) + "'";
        o.peer_paths.push_back(std::move(p));
      }
      o.peers = true;
    } else if (arg == "--tls-provider") {
      if (value(v)) {
        const std::size_t colon = v.find(':');
        Options::TlsProvider p{.name = std::string(v.substr(0, colon)),
                               .path = colon == std::string_view::npos ? std::string() : std::string(v.substr(colon + 1))};
        if (p.name.empty() || (colon != std::string_view::npos && p.path.empty()))
          r.error = "--tls-provider needs NAME or NAME:PATH, got '" + std::string(v) + "'";
        o.tls_providers.push_back(std::move(p));
      }
      o.tls = true;
    } else if (arg == "--filter") {
      if (value(v)) {
        o.filter_text = v;
        try {
          o.filter.emplace(o.filter_text, std::regex::ECMAScript);
        } catch (const std::regex_error& e) {
          r.error = "--filter: invalid regular expression '" + o.filter_text + "': " + e.what();
        }
      }
    } else {
      r.error = "unknown option '" + std::string(args[i]) + "'";
    }
  }
  if (r.ok() && o.compare_backends && !o.backends.empty())
    r.error = "--compare-backends runs portable and the best backend; it takes no --backend";
  // The report measures what its sections need; --algorithm/--filter still choose the cases,
  // and an explicit --backend list is kept (the acceleration section then says what is missing).
  if (r.ok() && !o.report_path.empty()) {
    o.peers = true;
    if (o.backends.empty()) o.compare_backends = o.all_backends = true;
  }
  if (o.quick && !seconds_given) o.seconds = kQuickSeconds;
  o.warmup_seconds = std::min(0.1, o.seconds / 5);
  return r;
}

std::string usage(std::string_view program) {
  std::string u = "usage: " + std::string(program) + " [options]\n"
                  "       " + std::string(program) + " compare A.json B.json [C.json...] [--md FILE] [--html FILE]\n";
  u += R"(
Measures Tessera's algorithms (and, with --peers, other libraries' on the same inputs);
prints wolfCrypt-style lines after a machine header, then summary tables.

  --backend NAME[,NAME...]  run on these kernel backends (portable, avx2, avx512, neon);
                            default: the active one (best available, or TESSERA_BACKEND)
  --compare-backends        run on portable and on the best backend; print a table of the
                            improvement per operation
  --peers                   also run the peer libraries (OpenSSL and liboqs loaded at run
                            time, wolfSSL if compiled in); print them side by side with Tessera and an
                            availability table. A row's cases (Tessera's on the table's
                            backend and the peers') are timed in turns of 0.05 s, so a
                            machine whose speed drifts slows them alike
  --peer NAME=PATH          load this library for a run-time peer instead of searching
                            (openssl=/path/to/libcrypto.so.3); repeatable: two OpenSSL
                            builds side by side (columns openssl, openssl#2, ...); a
                            library that cannot be loaded is reported, not fatal.
                            Implies --peers
  --availability            print the availability table (algorithm x implementation), exit
  --seconds S               timed seconds per case (default 1.0)
  --quick                   short run for smoke tests (0.05 s per case)
  --algorithm NAME[,NAME]   only these algorithms (exact names, e.g. ML-KEM-768; see --list)
  --filter REGEX            only cases whose "algorithm operation" matches (ECMAScript regex)
  --threads N               also run each public-key case (KEM, signature, X25519, ECDH,
                            ECDSA; Tessera's) on N threads at once, each with its own
                            keys: aggregate ops/s and scaling against one thread
  --list                    list the cases (after --algorithm/--filter; with --peers, the
                            peers' too) and exit
  --json FILE               also write the results as a JSON array to FILE
  --csv FILE                also write the results as CSV to FILE
  --html FILE               also write a self-contained HTML report to FILE: the --report
                            sections and SVG charts
  --report FILE             also write a markdown report to FILE: method, platform, ML-KEM,
                            ML-DSA, FrodoKEM, hybrid KEMs, acceleration impact and status,
                            recommendation by algorithm (lowest p50; within 3 % a tie),
                            availability, TLS handshakes (--tls is on when tessera.so
                            is found); each a table of this run plus sentences computed
                            from it, or "not measured: <reason>". Turns on --peers and,
                            without --backend, runs every available backend
  --tls                     also run full TLS 1.3 handshakes through libssl (client and
                            server in this process, memory BIOs, ECDSA P-256 certificate)
                            for X25519, secp256r1, secp384r1, X25519MLKEM768,
                            SecP256r1MLKEM768, SecP384r1MLKEM1024, MLKEM768, MLKEM1024
                            (X-Wing where offered), on the Tessera provider and OpenSSL's
                            default provider: handshakes/s, client and server us, hello
                            sizes, overhead against X25519, HelloRetryRequest cost
  --tls-groups NAME[,NAME]  only these groups (implies --tls)
  --tls-provider NAME[:PATH]  also another provider (e.g. oqsprovider; PATH: its module
                            file, else OpenSSL's modules folder); tessera:PATH replaces
                            the built-in tessera.so path. Repeatable; implies --tls
  --progress                progress line on stderr (default: only when stderr is a terminal
                            and the run takes more than a few seconds)
  --help                    this text

compare: the records of two or more --json files side by side (by implementation,
algorithm, operation, size and backend), with each file's p50 and rate difference in %
against the first file, and each file's machine and compiler summarised on top.

Exit status: 0 success, 1 a run or output failure, 2 bad options or backend.
Available backends here: )";
  u += available_backends();
  u += '\n';
  return u;
}

}  // namespace tessera::bench
