// libFuzzer target: key and signature parsing, with inputs of any length.
// Selector byte (low 2 bits: what; next 2 bits: parameter set), then the bytes to parse:
//   0: ML-KEM encapsulation key (s7.2 modulus check; accepted => encapsulation works and a
//      re-encoding check passes again)
//   1: ML-KEM expanded decapsulation key (s7.3 hash check; accepted => decaps works)
//   2: ML-DSA expanded private key (skDecode with the [-eta, eta] check; accepted => signing
//      works and the key round-trips through expanded())
//   3: ML-DSA signature under a fixed valid key (sigDecode / HintBitUnpack on malformed
//      signatures; the unchanged valid signature verifies, a truncated one never does)
#include <tessera/mldsa.hpp>
#include <tessera/mlkem.hpp>

#include "fuzz_input.hpp"

#include <cstring>
#include <utility>

namespace {

using tessera::fuzz::check;
using u8 = std::uint8_t;

template <class Kem>
void mlkem_ek(std::span<const u8> ek) {
  auto key = Kem::EncapsulationKey::from_bytes(ek);
  if (!key) return;
  check(ek.size() == Kem::ek_bytes);
  check(std::memcmp(key->bytes().data(), ek.data(), ek.size()) == 0);
  const u8 m[32] = {1, 2, 3};
  check(Kem::encaps_internal(*key, m).has_value());
}

template <class Kem>
void mlkem_dk(std::span<const u8> dk) {
  auto key = Kem::DecapsulationKey::from_bytes(dk);
  if (!key) return;
  check(dk.size() == Kem::dk_bytes);
  check(std::memcmp(key->bytes().data(), dk.data(), dk.size()) == 0);
  const typename Kem::Ciphertext ct{};
  check(Kem::decapsulate(*key, ct).has_value());
}

template <class Dsa>
void mldsa_sk(std::span<const u8> sk) {
  auto key = Dsa::PrivateKey::from_bytes(sk);
  if (!key) return;
  check(sk.size() == Dsa::private_key_bytes);
  check(std::memcmp(key->bytes().data(), sk.data(), sk.size()) == 0);
  check(!key->has_seed() && !key->seed().has_value());
  const u8 msg[3] = {'a', 'b', 'c'};
  auto sig = Dsa::sign(*key, msg, {}, tessera::mldsa::Signing::deterministic);
  // An arbitrary (but well-formed) key may in principle exhaust kappa; it must not crash.
  (void)sig;
}

template <class Dsa>
void mldsa_sig(std::span<const u8> bytes) {
  static const auto kp = [] {
    u8 xi[32] = {42};
    auto r = Dsa::keygen_internal(xi);
    return std::move(*r);
  }();
  static const auto valid = *Dsa::sign(kp.private_key, std::span<const u8>(), {}, tessera::mldsa::Signing::deterministic);
  typename Dsa::Signature sig = valid;
  // The input overwrites the tail of a valid signature (z and the hint encoding), so the
  // fuzzer works on the parser rather than on c~.
  const std::size_t n = std::min(bytes.size(), sig.size());
  std::memcpy(sig.data() + sig.size() - n, bytes.data(), n);
  const bool ok = Dsa::verify(kp.public_key, std::span<const u8>(), sig);
  if (sig == valid) check(ok);
  // (Whether a changed signature verifies is not asserted: the point is the parser.)
  check(!Dsa::verify(kp.public_key, std::span<const u8>(), std::span(sig).first(sig.size() - 1)));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tessera::fuzz::Input in(data, size);
  const u8 sel = in.byte();
  const auto bytes = in.rest();
  const int set = (sel >> 2) % 3;
  switch (sel & 3) {
    case 0:
      if (set == 0) mlkem_ek<tessera::mlkem::MlKem512>(bytes);
      else if (set == 1) mlkem_ek<tessera::mlkem::MlKem768>(bytes);
      else mlkem_ek<tessera::mlkem::MlKem1024>(bytes);
      break;
    case 1:
      if (set == 0) mlkem_dk<tessera::mlkem::MlKem512>(bytes);
      else if (set == 1) mlkem_dk<tessera::mlkem::MlKem768>(bytes);
      else mlkem_dk<tessera::mlkem::MlKem1024>(bytes);
      break;
    case 2:
      if (set == 0) mldsa_sk<tessera::MlDsa44>(bytes);
      else if (set == 1) mldsa_sk<tessera::MlDsa65>(bytes);
      else mldsa_sk<tessera::MlDsa87>(bytes);
      break;
    default:
      if (set == 0) mldsa_sig<tessera::MlDsa44>(bytes);
      else if (set == 1) mldsa_sig<tessera::MlDsa65>(bytes);
      else mldsa_sig<tessera::MlDsa87>(bytes);
      break;
  }
  return 0;
}
