// libFuzzer target: ML-KEM decapsulation with arbitrary ciphertexts and keys (FIPS 203,
// Algorithm 21), seed-form and expanded. Input: selector byte (parameter set, key form),
// then the ciphertext, then the key (zero padded). Properties: no crash, no sanitizer
// report; decapsulation is deterministic; an expanded key parses iff its ek passes s7.2
// and its H(ek) matches (s7.3), and then re-encodes to the same bytes; the expanded form
// of a seed-form key decapsulates exactly like the seed; the one-shot decapsulation from
// the dk bytes accepts the same keys as from_bytes and gives the same key.
#include <tessera/mlkem.hpp>
#include <tessera/sha3.hpp>

#include "fuzz_input.hpp"

#include <array>
#include <cstring>
#include <span>

namespace {

using tessera::fuzz::check;

template <class Kem>
void run(tessera::fuzz::Input& in, bool expanded_form) {
  const auto ct = in.template take<Kem::ct_bytes>();
  if (!expanded_form) {
    const auto seed = in.template take<Kem::seed_bytes>();
    auto dk = Kem::DecapsulationKey::from_seed(seed);
    check(dk.has_value());
    auto k1 = Kem::decapsulate(*dk, ct);
    auto k2 = Kem::decapsulate(*dk, ct);
    check(k1.has_value() && k2.has_value());
    check(std::memcmp(k1->data(), k2->data(), 32) == 0);
    // The expanded form of the same key gives the same key (valid or implicit rejection).
    auto dk2 = Kem::DecapsulationKey::from_bytes(dk->bytes().span());
    check(dk2.has_value());
    auto k3 = Kem::decapsulate(*dk2, ct);
    check(k3.has_value() && std::memcmp(k1->data(), k3->data(), 32) == 0);
    // So does the one-shot decapsulation from those bytes.
    auto k4 = Kem::decapsulate(std::span<const std::uint8_t>(dk->bytes().span()), ct);
    check(k4.has_value() && std::memcmp(k1->data(), k4->data(), 32) == 0);
  } else {
    const auto dk = in.template take<Kem::dk_bytes>();
    auto key = Kem::DecapsulationKey::from_bytes(dk);
    // Accepted iff the ek inside is valid and H(ek) matches.
    const auto ek = std::span(dk).subspan(Kem::params.dk_pke_bytes(), Kem::ek_bytes);
    std::array<std::uint8_t, 32> h{};
    tessera::sha3_256(ek, h);
    const bool hash_ok = std::memcmp(h.data(), dk.data() + Kem::params.dk_pke_bytes() + Kem::ek_bytes, 32) == 0;
    check(key.has_value() == (hash_ok && Kem::EncapsulationKey::from_bytes(ek).has_value()));
    // The one-shot decapsulation from the bytes accepts the same keys, with the same result.
    auto once = Kem::decapsulate(std::span<const std::uint8_t>(dk), ct);
    check(once.has_value() == key.has_value());
    if (key) {
      check(std::memcmp(key->bytes().data(), dk.data(), dk.size()) == 0);
      auto k = Kem::decapsulate(*key, ct);
      check(k.has_value() && std::memcmp(k->data(), once->data(), 32) == 0);
      // A wrong ciphertext length is an error, never a key.
      check(!Kem::decapsulate(*key, std::span(ct).first(Kem::ct_bytes - 1)).has_value());
    }
    check(!Kem::DecapsulationKey::from_bytes(std::span(dk).first(Kem::dk_bytes - 1)).has_value());
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
