#include "peer_match.hpp"

#include <tessera/frodokem.hpp>
#include <tessera/hybrid.hpp>
#include <tessera/mlkem.hpp>

namespace tessera::bench {
namespace {

struct KemShape {
  std::string_view name;
  std::size_t ciphertext_bytes, shared_secret_bytes;
};

constexpr KemShape shape(const mlkem::Params& p) { return {p.name, p.ct_bytes(), mlkem::kSharedSecretBytes}; }
constexpr KemShape shape(const frodokem::Params& p) { return {p.name, p.ct_bytes(), p.ss_bytes()}; }
template <class K>
constexpr KemShape shape() { return {K::name, K::ciphertext_bytes, K::shared_secret_bytes}; }

// Every KEM Tessera benchmarks, with the sizes its own parameter sets give.
constexpr KemShape kTesseraKems[] = {
    shape(mlkem::kMlKem512),           shape(mlkem::kMlKem768),           shape(mlkem::kMlKem1024),
    shape(frodokem::kFrodoKem640Aes),  shape(frodokem::kFrodoKem640Shake),  shape(frodokem::kFrodoKem976Aes),
    shape(frodokem::kFrodoKem976Shake), shape(frodokem::kFrodoKem1344Aes), shape(frodokem::kFrodoKem1344Shake),
    shape(frodokem::kEFrodoKem640Aes), shape(frodokem::kEFrodoKem640Shake), shape(frodokem::kEFrodoKem976Aes),
    shape(frodokem::kEFrodoKem976Shake), shape(frodokem::kEFrodoKem1344Aes), shape(frodokem::kEFrodoKem1344Shake),
    shape<X25519MlKem768>(),           shape<SecP256r1MlKem768>(),        shape<SecP384r1MlKem1024>(),
    shape<XWing>(),
};

// What a name denotes up to FrodoKEM's salt: "eFrodoKEM-640-AES" and "FrodoKEM-640-AES"
// both give "FrodoKEM-640-AES"; other names are their own family.
std::string_view family(std::string_view name) {
  if (name.starts_with("eFrodoKEM-")) name.remove_prefix(1);
  return name;
}

}  // namespace

std::string tessera_kem_for(std::string_view peer_name, std::size_t ciphertext_bytes,
                            std::size_t shared_secret_bytes) {
  for (const KemShape& k : kTesseraKems) {
    if (family(k.name) == family(peer_name) && k.ciphertext_bytes == ciphertext_bytes &&
        k.shared_secret_bytes == shared_secret_bytes)
      return std::string(k.name);
  }
  return {};
}

std::string matched_label(std::string_view label, std::string_view implementation, std::string_view peer_name,
                          std::string_view tessera_name) {
  if (peer_name == tessera_name) return std::string(label);
  // The Tessera variant: its name up to the parameter set ("eFrodoKEM" of "eFrodoKEM-640-AES").
  const std::string_view variant = tessera_name.substr(0, tessera_name.find('-'));
  return std::string(label) + " (" + std::string(implementation) + "; = " + std::string(variant) + ")";
}

}  // namespace tessera::bench
