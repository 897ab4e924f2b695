// Lining a peer's cases up with Tessera's rows by what the peer computes, not by its name
// alone. Names differ between libraries and versions: liboqs up to 0.15 calls the unsalted
// round-3 FrodoKEM "FrodoKEM-640-AES", which is Tessera's eFrodoKEM-640-AES (Tessera's
// FrodoKEM-640-AES is the salted variant, its ciphertext 2 * len_sec bytes longer); liboqs
// 0.16 has both, named as Tessera names them. Pure functions of names and sizes, so
// tests/unit/bench_results_test.cpp checks them without any peer installed.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tessera::bench {

// The Tessera KEM a peer's KEM computes: among Tessera's KEMs the peer's name can denote
// (the same name, or its FrodoKEM/eFrodoKEM twin: same dimension and matrix generator,
// salted or not), the one with this ciphertext and shared-secret size. Sizes from the
// Tessera headers. Empty when none matches (a variant Tessera lacks, an unknown name).
//   tessera_kem_for("FrodoKEM-640-AES", 9720, 16) == "eFrodoKEM-640-AES"
//   tessera_kem_for("FrodoKEM-640-AES", 9752, 16) == "FrodoKEM-640-AES"
std::string tessera_kem_for(std::string_view peer_name, std::size_t ciphertext_bytes,
                            std::size_t shared_secret_bytes);

// A peer case's text-line label: `label` as it is when the peer's name is Tessera's, else
// with the peer and the Tessera variant it computes appended, so the peer's own name stays
// visible: "FrodoKEM 640-AES" -> "FrodoKEM 640-AES (liboqs; = eFrodoKEM)".
std::string matched_label(std::string_view label, std::string_view implementation, std::string_view peer_name,
                          std::string_view tessera_name);

}  // namespace tessera::bench
