// tessera-bench built without libssl: --tls says why instead of measuring.
#include "tls/run.hpp"

namespace tessera::bench {

struct TlsBench::State {};

TlsBench::TlsBench() = default;
TlsBench::~TlsBench() = default;

bool tls_default_on() { return false; }

std::string TlsBench::open(const TlsConfig&) {
  return "this tessera-bench was built without libssl (no OpenSSL 3 libssl found at configure time)";
}

TlsRun TlsBench::run(const std::function<void(const TlsRow&)>&) {
  TlsRun r;
  r.not_run = open({});
  return r;
}

}  // namespace tessera::bench
