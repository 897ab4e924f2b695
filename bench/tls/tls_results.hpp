// What `tessera-bench --tls` measured: one row per (TLS group, implementation), and the
// table, JSON record and report text made from them. Free of OpenSSL (the handshakes are
// run by bench/tls/run.cpp, built only when libssl is found), so tessera_bench_core, the
// report sections and their unit tests use these without linking libssl.
#pragma once

#include "machine.hpp"
#include "stats.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace tessera::bench {

// The groups --tls measures, in table order (X-Wing only where some implementation has it).
inline constexpr const char* kTlsGroups[] = {"X25519",         "secp256r1",          "secp384r1",
                                             "X25519MLKEM768", "SecP256r1MLKEM768", "SecP384r1MLKEM1024",
                                             "MLKEM768",       "MLKEM1024",          "X-Wing"};
// The baseline of the overhead column.
inline constexpr const char* kTlsBaselineGroup = "X25519";

enum class TlsStatus { measured, not_available, error };

struct TlsRow {
  std::string implementation;  // "tessera provider", "openssl", or a --tls-provider NAME
  std::string version;         // the provider's (or OpenSSL's) version string
  std::string group;           // one of kTlsGroups
  TlsStatus status = TlsStatus::not_available;
  std::string reason;          // n/a: why; error: the failure

  std::size_t handshakes = 0;  // timed, each checked to negotiate `group`
  double seconds = 0;          // wall time of the timed handshakes (with SSL_new/SSL_free)
  double handshakes_per_sec = 0;
  double client_us_p50 = 0, server_us_p50 = 0;  // CPU in each side's SSL_do_handshake calls
  Summary ticks;                                // client + server counter ticks per handshake
  std::size_t client_hello_bytes = 0, server_hello_bytes = 0;  // handshake messages, 4-byte header included
  std::size_t mismatches = 0;  // handshakes that negotiated another group (counted as failures)

  // HelloRetryRequest: the client's only key share is for hrr_decoy, which the server does
  // not accept; the server asks for `group`. Measured only when the plain handshake worked.
  std::string hrr_decoy;
  bool hrr_measured = false;
  std::string hrr_error;  // non-empty: the HRR handshakes failed
  double hrr_client_us_p50 = 0, hrr_server_us_p50 = 0;
  double hrr_handshakes_per_sec = 0;
  // Extra microseconds of client + server CPU for the retry (p50s against the plain handshake).
  double hrr_extra_us() const { return hrr_client_us_p50 + hrr_server_us_p50 - client_us_p50 - server_us_p50; }
};

struct TlsRun {
  bool ran = false;               // --tls (or --report with the provider built) ran
  std::string not_run;            // why not, when !ran and it was asked for or is reported
  std::string openssl_version;    // libssl's at run time (3.5 when started through its loader)
  std::vector<TlsRow> rows;
  std::size_t failures() const;   // error rows, mismatches and failed HRR runs
};

// | Group | Implementation | Handshakes/s | Client µs p50 | Server µs p50 | ClientHello | ServerHello |
// vs X25519 | HRR extra µs |, one row per TlsRow in kTlsGroups order. Empty if no rows.
std::string tls_table(const std::vector<TlsRow>& rows);
std::string tls_legend();
// The overhead column's value for row r: X25519's handshakes/s / r's - 1 (0.25: a handshake
// takes 25 % longer), against the same implementation's X25519 row, or openssl's if the
// implementation has no X25519 of its own (the Tessera provider leaves X25519 to the default
// provider). Negative when unknown.
double tls_overhead(const std::vector<TlsRow>& rows, const TlsRow& r);

// The --json record of a measured row (kind "tls"; bench/schema/bench-result.schema.json).
nlohmann::json tls_json_record(const TlsRow& r, const MachineInfo& machine);

}  // namespace tessera::bench
