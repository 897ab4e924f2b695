// ML-DSA (FIPS 204) key generation, signing and verification, all three parameter sets,
// through the public API (include/tessera/mldsa.hpp). Message: 32 bytes (kMessageBytes, in
// the label and in JSON as message_bytes), empty context, pure ML-DSA. What each timed call
// includes:
//   key gen   generate_key(): xi from the OS entropy source, Algorithm 6; outputs pk and the
//             private key (seed and expanded forms)
//   sign      sign(): hedged (rnd from the OS entropy source), Algorithms 2 and 7, from a
//             private key imported from its expanded skEncode bytes (skDecode runs in every
//             call, as in liboqs' OQS_SIG_sign); rejection sampling makes the cost vary,
//             hence p50/p90/p99
//   verify    verify(pk bytes, message, signature bytes): Algorithms 3 and 8 (pkDecode,
//             ExpandA and the tr hash included)
#include "registry.hpp"

#include "hash/keccak/keccak.hpp"
#include "mldsa/kernels.hpp"

#include <tessera/mldsa.hpp>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tessera::bench {
namespace {

constexpr std::size_t kMessageBytes = 32;

std::string mldsa_acceleration(Backend b) {
  return describe_acceleration(
      b, {{"NTT/arithmetic", &mldsa::kernels_for(b) != &mldsa::kernels_for(Backend::portable)},
          {"Keccak x4", keccak::kernels_for(b).f1600_x4 != keccak::kernels_for(Backend::portable).f1600_x4},
          {"Keccak", keccak::kernels_for(b).f1600 != keccak::kernels_for(Backend::portable).f1600}});
}

[[noreturn]] void setup_failed(const char* what) {
  std::fprintf(stderr, "tessera-bench: ML-DSA setup failed: %s\n", what);
  std::abort();
}

std::array<std::uint8_t, kMessageBytes> message() {
  std::array<std::uint8_t, kMessageBytes> m{};
  for (std::size_t i = 0; i < m.size(); ++i) m[i] = static_cast<std::uint8_t>(i * 7 + 1);
  return m;
}

// Public key, private key (re-imported from its expanded bytes) and a signature.
template <class S>
struct Material {
  typename S::PublicKey pk{};
  std::optional<typename S::PrivateKey> sk;
  typename S::Signature sig{};
  std::array<std::uint8_t, kMessageBytes> msg = message();

  Material() {
    auto kp = S::generate_key();
    if (!kp) setup_failed("generate_key");
    pk = kp->public_key;
    const auto expanded = kp->private_key.expanded();
    auto imported = S::PrivateKey::from_expanded(expanded.span());
    if (!imported) setup_failed("from_expanded");
    sk.emplace(std::move(*imported));
    auto s = S::sign(*sk, msg);
    if (!s) setup_failed("sign");
    sig = *s;
    if (!S::verify(pk, msg, sig)) setup_failed("verify");
  }
};

template <class S>
void add_cases(std::vector<Case>& cases, const char* name, int strength, const std::string& label) {
  auto add = [&](const char* operation, std::function<Op()> prepare, bool with_message) {
    Case c = ops_case(name, operation, strength, std::move(prepare),
                      with_message ? label + " msg=" + std::to_string(kMessageBytes) + "B" : label);
    c.acceleration = mldsa_acceleration;
    if (with_message) c.message_bytes = kMessageBytes;
    cases.push_back(std::move(c));
  };
  add("key gen", [] {
    return Op([] {
      auto kp = S::generate_key();
      do_not_optimize(&kp);
    });
  }, false);
  add("sign", [] {
    auto m = std::make_shared<Material<S>>();
    return Op([m] {
      auto sig = S::sign(*m->sk, m->msg);
      do_not_optimize(&sig);
    });
  }, true);
  add("verify", [] {
    auto m = std::make_shared<Material<S>>();
    return Op([m] {
      bool ok = S::verify(m->pk, m->msg, m->sig);
      do_not_optimize(&ok);
    });
  }, true);
}

std::vector<Case> make_cases() {
  std::vector<Case> cases;
  add_cases<MlDsa44>(cases, mldsa::Set44::name, 128, "ML-DSA 44");
  add_cases<MlDsa65>(cases, mldsa::Set65::name, 192, "ML-DSA 65");
  add_cases<MlDsa87>(cases, mldsa::Set87::name, 256, "ML-DSA 87");
  return cases;
}

const Registration kCases{make_cases()};

}  // namespace
}  // namespace tessera::bench
