// libFuzzer target: ML-KEM decapsulation with arbitrary ciphertexts and keys (FIPS 203,
// Algorithm 21), seed-form and expanded. Input: selector byte (parameter set, key form),
// then the key, then the ciphertext (zero padded). Properties: no crash, no sanitizer
// report; decapsulation is deterministic; an expanded key is accepted iff its H(ek) matches
// (s7.3); an expanded key derived from a seed decapsulates exactly like the seed.
#include <tessera/mlkem.hpp>

#include "fuzz_input.hpp"

#include <cstring>

namespace {

using tessera::fuzz::check;

template <class Kem>
void run(tessera::fuzz::Input& in, bool expanded_form) {
  const auto ct = in.template take<Kem::ct_bytes>();
  if (!expanded_form) {
    const auto seed = in.template take<Kem::seed_bytes>();
    auto k1 = Kem::decaps(seed, ct);
    auto k2 = Kem::decaps(seed, ct);
    check(k1.has_value() && k2.has_value());
    check(std::memcmp(k1->data(), k2->data(), 32) == 0);
    // The expanded form of the same key gives the same key (valid or implicit rejection).
    auto dk = Kem::expand_seed(seed);
    check(dk.has_value());
    check(Kem::check_decapsulation_key(dk->span()).has_value());
    auto k3 = Kem::decaps_expanded(dk->span(), ct);
    check(k3.has_value() && std::memcmp(k1->data(), k3->data(), 32) == 0);
  } else {
    const auto dk = in.template take<Kem::dk_bytes>();
    auto k1 = Kem::decaps_expanded(dk, ct);
    check(k1.has_value() == Kem::check_decapsulation_key(dk).has_value());
    // A wrong length is an error, never a key.
    check(!Kem::decaps_expanded(std::span(dk).first(Kem::dk_bytes - 1), ct).has_value());
    check(!Kem::decaps_expanded(dk, std::span(ct).first(Kem::ct_bytes - 1)).has_value());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tessera::fuzz::Input in(data, size);
  const std::uint8_t sel = in.byte();
  const bool expanded = (sel & 4) != 0;
  switch (sel % 3) {
    case 0: run<tessera::mlkem::MlKem512>(in, expanded); break;
    case 1: run<tessera::mlkem::MlKem768>(in, expanded); break;
    default: run<tessera::mlkem::MlKem1024>(in, expanded); break;
  }
  return 0;
}
