// Summaries of the hybrid KEMs (issue 18), from the records of one run:
//
// "Hybrid vs its parts": per hybrid and operation, Tessera's p50 ticks for the hybrid against
// the sum of the p50s of the rows that compute its halves alone, on the same backend:
//   key gen   hybrid key gen              = ML-KEM key gen            + curve key gen
//   encap     hybrid encap (pk bytes in)  = ML-KEM encap (ek bytes in) + curve key gen + agree
//             (a DH "encapsulation": an ephemeral key pair, then agree with the peer's share)
//   decap     hybrid decap (key object)   = ML-KEM decap (key object) + curve agree
//             (the TLS client: its own key made, the server's share parsed and used)
// ratio = hybrid / sum of parts; what a hybrid adds (splitting and concatenating the shares,
// X-Wing's SHA3-256 combiner) should keep it within 3 % of 1.
//
// "Hybrid TLS roles": the client's cost (key gen + decap (key object)) and the server's
// (encap from the client's share bytes) per implementation, with the bytes each side sends
// (client share = public key, server share = ciphertext); peer cells add "(N.NNx)" = Tessera
// p50 / peer p50 as in the side-by-side table (>1: the peer is faster).
//
// Pure functions of their inputs (checked by bench/tests/hybrid_tables_test.cpp).
#pragma once

#include "results.hpp"

#include <string>
#include <vector>

namespace tessera::bench {

// A hybrid and the Tessera algorithms of its halves.
struct HybridParts {
  const char* hybrid;  // "X25519MLKEM768"
  const char* mlkem;   // "ML-KEM-768"
  const char* curve;   // "X25519", "ECDH P-256", "ECDH P-384"
};
inline constexpr HybridParts kHybridParts[] = {
    {"X25519MLKEM768", "ML-KEM-768", "X25519"},
    {"SecP256r1MLKEM768", "ML-KEM-768", "ECDH P-256"},
    {"SecP384r1MLKEM1024", "ML-KEM-1024", "ECDH P-384"},
    {"X-Wing", "ML-KEM-768", "X25519"},
};

// Where a hybrid's cost must stay: hybrid p50 <= (1 + kHybridOverheadLimit) x sum of parts.
inline constexpr double kHybridOverheadLimit = 0.03;

// | Hybrid | Operation | hybrid | ML-KEM part | curve part | sum of parts | hybrid / sum | within +3 % |
// over Tessera's records on `backend`; a part not measured shows "not run" (and no ratio).
// Empty when no hybrid was measured on that backend.
std::string hybrid_parts_table(const std::vector<RunRecord>& records, const std::string& backend);
std::string hybrid_parts_legend();
// The "hybrid / sum" of the table's complete rows, in its order (for the --report sentence).
std::vector<double> hybrid_parts_ratios(const std::vector<RunRecord>& records, const std::string& backend);

// | Hybrid | Role | Sends | tessera (<backend>) | <peer> ... |: client = key gen + decap (key
// object), server = encap. Empty when no hybrid was measured on `backend`.
std::string hybrid_roles_table(const std::vector<RunRecord>& records, const std::vector<Implementation>& impls,
                               const std::string& backend);
std::string hybrid_roles_legend();

}  // namespace tessera::bench
