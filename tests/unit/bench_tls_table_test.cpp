// The --tls table and overhead rule (bench/tls/tls_results.hpp) on made-up rows with known
// rates: kTlsGroups order whatever the insertion order, the overhead against the same
// implementation's X25519 or else openssl's (marked *), n/a and error rows, HRR cells, and
// the failure count.
#include "tls/tls_results.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using namespace tessera::bench;

TlsRow measured(std::string impl, std::string group, double per_sec, double client_us, double server_us) {
  TlsRow r;
  r.implementation = std::move(impl);
  r.group = std::move(group);
  r.status = TlsStatus::measured;
  r.handshakes = 100;
  r.handshakes_per_sec = per_sec;
  r.client_us_p50 = client_us;
  r.server_us_p50 = server_us;
  r.client_hello_bytes = 1400;
  r.server_hello_bytes = 1200;
  return r;
}

std::size_t line_of(const std::string& table, const std::string& needle) {
  const std::size_t at = table.find(needle);
  EXPECT_NE(at, std::string::npos) << needle << " not in\n" << table;
  return at;
}

TEST(BenchTlsTable, OrderOverheadAndStatusCells) {
  std::vector<TlsRow> rows;
  rows.push_back(measured("tessera provider", "X25519MLKEM768", 800, 500, 400));
  rows.push_back(measured("openssl", "X25519MLKEM768", 500, 700, 600));
  TlsRow na;
  na.implementation = "tessera provider";
  na.group = "X-Wing";
  rows.push_back(na);
  TlsRow err;
  err.implementation = "openssl";
  err.group = "MLKEM768";
  err.status = TlsStatus::error;
  err.reason = "no such group";
  rows.push_back(err);
  TlsRow base = measured("openssl", "X25519", 1000, 300, 250);
  base.hrr_measured = true;
  base.hrr_client_us_p50 = 350;
  base.hrr_server_us_p50 = 270;
  rows.push_back(base);

  // Overheads: X25519's rate / the row's - 1, the tessera provider against openssl's X25519.
  EXPECT_DOUBLE_EQ(tls_overhead(rows, rows[0]), 0.25);
  EXPECT_DOUBLE_EQ(tls_overhead(rows, rows[1]), 1.0);
  EXPECT_DOUBLE_EQ(tls_overhead(rows, rows[4]), 0.0);
  EXPECT_LT(tls_overhead(rows, rows[2]), 0) << "n/a row: unknown";

  const std::string t = tls_table(rows);
  EXPECT_LT(line_of(t, "| X25519 "), line_of(t, "| X25519MLKEM768 ")) << "kTlsGroups order";
  EXPECT_LT(line_of(t, "| X25519MLKEM768 "), line_of(t, "| MLKEM768 "));
  EXPECT_LT(line_of(t, "| MLKEM768 "), line_of(t, "| X-Wing "));
  line_of(t, "| baseline ");
  line_of(t, "| +25.0 % * ");  // another implementation's X25519: marked
  line_of(t, "| +100.0 % ");
  line_of(t, "| +70 ");  // HRR: 350 + 270 - 300 - 250
  line_of(t, "| error: no such group ");
  line_of(t, "| n/a ");

  TlsRun run;
  run.rows = rows;
  EXPECT_EQ(run.failures(), 1u) << "the error row";
  run.rows[0].mismatches = 2;
  run.rows[4].hrr_error = "alert";
  EXPECT_EQ(run.failures(), 4u);
  EXPECT_NE(tls_table(run.rows).find("800 (mismatch)"), std::string::npos);
  EXPECT_EQ(tls_table({}), "");
}

}  // namespace
