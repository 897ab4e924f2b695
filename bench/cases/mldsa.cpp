// ML-DSA (FIPS 204) key generation, signing and verification, all three parameter sets,
// through the public API (include/tessera/mldsa.hpp). Message: 32 bytes (kMessageBytes, in
// the label and in JSON as message_bytes), empty context, pure ML-DSA. What each timed call
// includes:
//   key gen              generate_key(): xi from the OS entropy source, Algorithm 6, and the
//                        key objects' precomputation (NTTs of s1, s2 and t1 * 2^d; NTT(t0)
//                        from them; the public key copied into the KeyPair), built in place
//                        in the returned Result
//   sign                 PrivateKey::from_bytes(skEncode bytes) then sign(): bytes in, as
//                        liboqs' OQS_SIG_sign and the other peers take them, so compare peers
//                        on this row. The import is checked (skDecode, ExpandA, t and
//                        Power2Round recomputed, t0 and tr compared), then Algorithms 2 and 7,
//                        hedged (rnd from the OS entropy source)
//   sign (key object)    sign() with a parsed PrivateKey: Algorithms 2 and 7 only (no skDecode,
//                        no NTT of s1/s2/t0 and, with TESSERA_CACHE_MATRIX, no ExpandA)
//   verify               PublicKey::from_bytes(pk bytes) then verify(): pkDecode, ExpandA and
//                        tr = H(pk) in the same Keccak lanes, NTT(t1 * 2^d), Algorithms 3 and 8
//   verify (key object)  verify() with a parsed PublicKey: Algorithms 3 and 8 only
// Rejection sampling makes signing's cost vary, hence p50/p90/p99. Keys and signatures are
// made once per case, outside the timed region, under the backend being measured.
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

// The key pair as bytes and as objects, and a signature (key objects are tens of KiB:
// kept on the heap, in the shared Material).
template <class S>
struct Material {
  std::vector<std::uint8_t> pk_bytes, sk_bytes;
  std::optional<typename S::PublicKey> pk;
  std::optional<typename S::PrivateKey> sk;
  typename S::Signature sig{};
  std::array<std::uint8_t, kMessageBytes> msg = message();

  Material() {
    auto kp = S::generate_key();
    if (!kp) setup_failed("generate_key");
    pk_bytes.assign(kp->public_key.bytes().begin(), kp->public_key.bytes().end());
    const auto encoded = kp->private_key.bytes();
    sk_bytes.assign(encoded.data(), encoded.data() + encoded.size());
    auto parsed_pk = S::PublicKey::from_bytes(pk_bytes);
    auto parsed_sk = S::PrivateKey::from_bytes(sk_bytes);
    if (!parsed_pk || !parsed_sk) setup_failed("from_bytes");
    pk.emplace(*parsed_pk);
    sk.emplace(std::move(*parsed_sk));
    auto s = S::sign(*sk, msg);
    if (!s) setup_failed("sign");
    sig = *s;
    if (!S::verify(*pk, msg, sig)) setup_failed("verify");
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
      auto sk = S::PrivateKey::from_bytes(m->sk_bytes);
      if (!sk) setup_failed("PrivateKey::from_bytes");
      auto sig = S::sign(*sk, m->msg);
      do_not_optimize(&sig);
    });
  }, true);
  add("sign (key object)", [] {
    auto m = std::make_shared<Material<S>>();
    return Op([m] {
      auto sig = S::sign(*m->sk, m->msg);
      do_not_optimize(&sig);
    });
  }, true);
  add("verify", [] {
    auto m = std::make_shared<Material<S>>();
    return Op([m] {
      auto pk = S::PublicKey::from_bytes(m->pk_bytes);
      bool ok = pk && S::verify(*pk, m->msg, m->sig);
      do_not_optimize(&ok);
    });
  }, true);
  add("verify (key object)", [] {
    auto m = std::make_shared<Material<S>>();
    return Op([m] {
      bool ok = S::verify(*m->pk, m->msg, m->sig);
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
