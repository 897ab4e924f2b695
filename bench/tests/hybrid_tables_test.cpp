// bench.hybrid-tables: the "hybrid vs its parts" and "hybrid TLS roles" tables
// (bench/hybrid_tables.hpp) on made-up records, whose medians are chosen so every cell is
// known: the sums, the ratios, the +3 % verdict, "not run" for a part that was not measured,
// the peer ratio and the share sizes; and a hybrid's acceleration column made from its
// halves' (combine_acceleration, registry.hpp). No library needed; exit 0 pass, 1 fail.
#include "hybrid_tables.hpp"
#include "registry.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace tb = tessera::bench;

namespace {

int failures = 0;

void expect_contains(const std::string& text, const std::string& what, const char* name) {
  if (text.find(what) == std::string::npos) {
    std::fprintf(stderr, "FAIL %s: no \"%s\" in\n%s\n", name, what.c_str(), text.c_str());
    ++failures;
  }
}

void expect_absent(const std::string& text, const std::string& what, const char* name) {
  if (text.find(what) != std::string::npos) {
    std::fprintf(stderr, "FAIL %s: unexpected \"%s\" in\n%s\n", name, what.c_str(), text.c_str());
    ++failures;
  }
}

tb::RunRecord record(const char* implementation, const char* algorithm, const char* operation, double median,
                     std::size_t pk = 0, std::size_t ct = 0) {
  tb::Case c = tb::ops_case(algorithm, operation, 192, nullptr);
  c.implementation = implementation;
  c.public_key_bytes = pk;
  c.ciphertext_bytes = ct;
  tb::Measurement m;
  m.calls = 10;
  m.seconds = 1;
  m.ops_per_sec = 10;
  m.ticks_per_call = {.samples = 10, .mean = median, .min = median, .median = median, .p90 = median,
                      .p99 = median, .max = median};
  return {.c = c, .backend = implementation == std::string("tessera") ? "avx2" : "none", .acceleration = {},
          .version = "1", .m = m, .threaded = {}};
}

}  // namespace

int main() {
  std::vector<tb::RunRecord> r{
      // ML-KEM-768 and X25519 alone.
      record("tessera", "ML-KEM-768", "key gen", 30000, 1184, 1088),
      record("tessera", "ML-KEM-768", "encap", 40000, 1184, 1088),
      record("tessera", "ML-KEM-768", "decap (key object)", 20000, 1184, 1088),
      record("tessera", "X25519", "key gen", 10000),
      record("tessera", "X25519", "agree", 50000),
      // X25519MLKEM768: key gen = 40000 exactly the parts, encap 100000 = parts (100000),
      // decap (key object) 77000 = parts 70000 x 1.10.
      record("tessera", "X25519MLKEM768", "key gen", 40000, 1216, 1120),
      record("tessera", "X25519MLKEM768", "encap", 100000, 1216, 1120),
      record("tessera", "X25519MLKEM768", "decap (key object)", 77000, 1216, 1120),
      // SecP256r1MLKEM768 without its curve measured: "not run".
      record("tessera", "SecP256r1MLKEM768", "key gen", 90000, 1249, 1153),
      // OpenSSL: client = 200000 + 117000 + ... (key gen 200000, decap 117000), server 250000.
      record("openssl", "X25519MLKEM768", "key gen", 200000, 1216, 1120),
      record("openssl", "X25519MLKEM768", "encap", 250000, 1216, 1120),
      record("openssl", "X25519MLKEM768", "decap (key object)", 117000, 1216, 1120),
  };

  const std::string parts = tb::hybrid_parts_table(r, "avx2");
  std::printf("%s\n", parts.c_str());
  expect_contains(parts, "| Hybrid ", "parts header");
  expect_contains(parts, "30.0k (ML-KEM-768 key gen)", "parts: ML-KEM key gen");
  expect_contains(parts, "60.0k (X25519 key gen + agree)", "parts: curve of encap");
  expect_contains(parts, "50.0k (X25519 agree)", "parts: curve of decap");
  expect_contains(parts, "| 1.000        | yes", "parts: ratio 1");
  expect_contains(parts, "| 1.100        | no (+10.0 %)", "parts: over the limit");
  expect_contains(parts, "not run (ECDH P-256 key gen)", "parts: curve not measured");
  expect_absent(parts, "X-Wing", "parts: hybrid not measured");
  if (!tb::hybrid_parts_table(r, "portable").empty()) {
    std::fprintf(stderr, "FAIL parts: a table for a backend with no hybrid record\n");
    ++failures;
  }

  std::vector<tb::Implementation> impls(3);
  impls[0].name = "tessera";
  impls[0].built = true;
  impls[1].name = "openssl";
  impls[1].built = true;
  impls[2].name = "wolfssl";
  const std::string roles = tb::hybrid_roles_table(r, impls, "avx2");
  std::printf("%s\n", roles.c_str());
  // Client: Tessera 40000 + 77000 = 117k, OpenSSL 200000 + 117000 = 317k; server 100k vs 250k.
  expect_contains(roles, "| client share 1216 B | p50 117.0k cyc | p50 317.0k cyc (0.37x) | not built", "roles: client");
  expect_contains(roles, "| server share 1120 B | p50 100.0k cyc | p50 250.0k cyc (0.40x) | not built", "roles: server");
  expect_contains(roles, "| SecP256r1MLKEM768 | server: encap", "roles: hybrid with key gen only");
  expect_contains(roles, "server share 1153 B | n/a", "roles: no Tessera encap");

  // The acceleration column of a hybrid: its accelerated halves' parts, portable ones left out.
  using tessera::Backend;
  const std::string both = tb::combine_acceleration(
      Backend::avx2, {{"ML-KEM", "avx2 (NTT/arithmetic, Keccak x4)"}, {"X25519", "avx2 (radix 2^64 (MULX/ADX))"}});
  if (both != "avx2 (ML-KEM: NTT/arithmetic, Keccak x4 + X25519: radix 2^64 (MULX/ADX))") {
    std::fprintf(stderr, "FAIL acceleration: both halves: \"%s\"\n", both.c_str());
    ++failures;
  }
  const std::string one = tb::combine_acceleration(
      Backend::avx2, {{"P-256", "portable (Montgomery, 64-bit limbs)"}, {"ML-KEM", "avx2 (NTT/arithmetic)"}});
  if (one != "avx2 (ML-KEM: NTT/arithmetic)") {
    std::fprintf(stderr, "FAIL acceleration: one half: \"%s\"\n", one.c_str());
    ++failures;
  }
  const std::string none = tb::combine_acceleration(
      Backend::portable, {{"ML-KEM", "portable"}, {"X25519", "portable (radix 2^51 (64-bit))"}});
  if (none != "portable" || tb::names_accelerated_path("portable (radix 2^51 (64-bit))") ||
      tb::names_accelerated_path("") || !tb::names_accelerated_path("avx2 (Keccak)")) {
    std::fprintf(stderr, "FAIL acceleration: no half accelerated: \"%s\"\n", none.c_str());
    ++failures;
  }

  if (failures != 0) {
    std::fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  std::printf("hybrid tables: all checks passed\n");
  return 0;
}
