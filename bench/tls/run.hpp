// `tessera-bench --tls`: full TLS 1.3 handshakes per group and implementation (docs/bench.md,
// "--tls"). Implementations: "tessera provider" (tessera.so next to the default provider in
// its own OSSL_LIB_CTX, preferred by property query), "openssl" (the default provider alone)
// and any --tls-provider NAME[:PATH]. Built with libssl (run.cpp, implementations.cpp) or
// without it (unavailable.cpp, which says so).
#pragma once

#include "tls/tls_results.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tessera::bench {

struct TlsProviderSpec {
  std::string name;  // the row label and the provider's name (its property "provider=NAME")
  std::string path;  // the module file; empty: the default places (see tls_provider_path)
};

struct TlsConfig {
  double seconds = 1.0;     // timed seconds per group and implementation (half of it for HRR)
  double tick_rate = 0;     // counter ticks per second, for the microseconds
  std::vector<std::string> groups;          // empty: every kTlsGroups entry
  std::vector<TlsProviderSpec> providers;   // --tls-provider; "tessera" overrides the built-in path
};

// Whether --report turns --tls on: libssl was found at build time and tessera.so is found.
bool tls_default_on();

class TlsBench {
 public:
  TlsBench();
  ~TlsBench();
  TlsBench(const TlsBench&) = delete;
  TlsBench& operator=(const TlsBench&) = delete;

  // Loads the implementations; "" on success, else why not (a provider that does not load).
  std::string open(const TlsConfig& config);
  // Every group on every implementation; on_row is called as each row is done.
  TlsRun run(const std::function<void(const TlsRow&)>& on_row);

 private:
  struct State;
  std::unique_ptr<State> s_;
};

}  // namespace tessera::bench
