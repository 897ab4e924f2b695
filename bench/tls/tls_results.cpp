#include "tls/tls_results.hpp"

#include "results.hpp"

#include <algorithm>
#include <cstdio>

namespace tessera::bench {
namespace {

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::size_t group_order(const std::string& g) {
  const auto* it = std::find_if(std::begin(kTlsGroups), std::end(kTlsGroups), [&](const char* k) { return g == k; });
  return static_cast<std::size_t>(it - std::begin(kTlsGroups));
}

const TlsRow* find_row(const std::vector<TlsRow>& rows, const std::string& impl, const std::string& group) {
  for (const TlsRow& r : rows) {
    if (r.implementation == impl && r.group == group && r.status == TlsStatus::measured) return &r;
  }
  return nullptr;
}

}  // namespace

std::size_t TlsRun::failures() const {
  std::size_t n = 0;
  for (const TlsRow& r : rows) {
    n += r.status == TlsStatus::error ? 1 : 0;
    n += r.mismatches;
    n += r.hrr_error.empty() ? 0 : 1;
  }
  return n;
}

double tls_overhead(const std::vector<TlsRow>& rows, const TlsRow& r) {
  if (r.status != TlsStatus::measured || r.handshakes_per_sec <= 0) return -1;
  const TlsRow* base = find_row(rows, r.implementation, kTlsBaselineGroup);
  if (base == nullptr) base = find_row(rows, "openssl", kTlsBaselineGroup);
  if (base == nullptr) return -1;
  return base->handshakes_per_sec / r.handshakes_per_sec - 1;
}

std::string tls_legend() {
  return "Full TLS 1.3 handshakes in one process over a memory BIO pair, ECDSA P-256 certificate, no "
         "resumption. Client/Server µs: p50 CPU time in that side's SSL_do_handshake calls; Handshakes/s includes "
         "SSL_new/SSL_free of both sides. ClientHello/ServerHello: bytes of the handshake messages. vs X25519: "
         "X25519's handshakes/s / this row's - 1 (the same implementation's X25519, else openssl's; marked *). "
         "HRR extra µs: client + server p50 more when the client's only key share is for a group the server does "
         "not accept (X25519, for X25519 itself secp256r1) and the server asks again. n/a: the implementation "
         "lacks the group";
}

std::string tls_table(const std::vector<TlsRow>& rows) {
  if (rows.empty()) return {};
  std::vector<const TlsRow*> sorted;
  for (const TlsRow& r : rows) sorted.push_back(&r);
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const TlsRow* a, const TlsRow* b) { return group_order(a->group) < group_order(b->group); });
  std::vector<std::vector<std::string>> t{{"Group", "Implementation", "Handshakes/s", "Client us (p50)",
                                           "Server us (p50)", "ClientHello", "ServerHello", "vs X25519",
                                           "HRR extra us"}};
  for (const TlsRow* r : sorted) {
    if (r->status == TlsStatus::not_available) {
      t.push_back({r->group, r->implementation, "n/a", "n/a", "n/a", "n/a", "n/a", "n/a", "n/a"});
      continue;
    }
    if (r->status == TlsStatus::error) {
      t.push_back({r->group, r->implementation, "error: " + r->reason, "-", "-", "-", "-", "-", "-"});
      continue;
    }
    std::string overhead = "-";
    if (const double o = tls_overhead(rows, *r); o >= -0.999) {
      const bool own = find_row(rows, r->implementation, kTlsBaselineGroup) != nullptr;
      overhead = r->group == kTlsBaselineGroup && own ? "baseline" : fmt("%+.1f %%", o * 100) + (own ? "" : " *");
    }
    std::string hrr = "-";
    if (!r->hrr_error.empty()) {
      hrr = "error: " + r->hrr_error;
    } else if (r->hrr_measured) {
      hrr = fmt("%+.0f", r->hrr_extra_us());
    }
    t.push_back({r->group, r->implementation, fmt("%.0f", r->handshakes_per_sec) + (r->mismatches ? " (mismatch)" : ""),
                 fmt("%.1f", r->client_us_p50), fmt("%.1f", r->server_us_p50),
                 std::to_string(r->client_hello_bytes) + " B", std::to_string(r->server_hello_bytes) + " B", overhead,
                 hrr});
  }
  return markdown(t);
}

nlohmann::json tls_json_record(const TlsRow& r, const MachineInfo& machine) {
  nlohmann::json j = {
      {"implementation", r.implementation},
      {"algorithm", "TLS 1.3 " + r.group},
      {"operation", "handshake"},
      {"kind", "tls"},
      {"backend", "none"},
      {"acceleration", ""},
      {"implementation_version", r.version},
      {"label", r.group},
      {"block_bytes", 0},
      {"calls", r.handshakes},
      {"seconds", r.seconds},
      {"batch", 1},
      {"samples", r.ticks.samples},
      {"ops_per_sec", r.handshakes_per_sec},
      {"cycles_per_op", r.ticks.mean},
      {"cycles_min", r.ticks.min},
      {"cycles_median", r.ticks.median},
      {"cycles_p90", r.ticks.p90},
      {"cycles_p99", r.ticks.p99},
      {"cycles_max", r.ticks.max},
      {"cycle_counter", machine.tick_source},
      {"counter_hz", machine.tick_rate},
      {"cpu", machine.cpu},
      {"compiler", machine.compiler},
      {"build_type", machine.build_type},
      {"tessera_version", machine.tessera_version},
      {"tls_group", r.group},
      {"tls_client_us_p50", r.client_us_p50},
      {"tls_server_us_p50", r.server_us_p50},
      {"tls_client_hello_bytes", r.client_hello_bytes},
      {"tls_server_hello_bytes", r.server_hello_bytes},
      {"tls_group_mismatches", r.mismatches},
  };
  if (r.hrr_measured) {
    j["tls_hrr_decoy_group"] = r.hrr_decoy;
    j["tls_hrr_client_us_p50"] = r.hrr_client_us_p50;
    j["tls_hrr_server_us_p50"] = r.hrr_server_us_p50;
    j["tls_hrr_extra_us"] = r.hrr_extra_us();
  }
  return j;
}

}  // namespace tessera::bench
