// Zeroization of the hybrid KEMs (X25519MLKEM768, SecP256r1MLKEM768, SecP384r1MLKEM1024,
// X-Wing; see zeroize_test.cpp): key objects, encapsulations and shared secrets wiped on
// destruction; no seed, ephemeral key, half secret or combined secret left on the stack by
// key generation, parsing, encapsulation and decapsulation. (The halves' own intermediates
// are covered by the ML-KEM, X25519 and P-curve suites.)
#include "zeroize_support.hpp"

#include <tessera/hybrid.hpp>

#include <gtest/gtest.h>

namespace tessera::zeroize {
namespace {

// A valid private-key encoding of H (every DH scalar below every curve order) and the
// encapsulation randomness, then the secrets the operations produce.
template <class H>
struct HybridFixture {
  std::array<u8, H::private_key_bytes> seeds = test_array<H::private_key_bytes>(0x4B1D + H::private_key_bytes);
  std::array<u8, H::encaps_seed_bytes> rnd = test_array<H::encaps_seed_bytes>(0x4B1E + H::encaps_seed_bytes);
  std::unique_ptr<typename H::KeyPair> kp;
  typename H::Ciphertext ct{}, bad_ct{};
  std::vector<Secret> secrets;

  HybridFixture() {
    for (std::size_t i = 0; i < seeds.size(); ++i) seeds[i] &= 0x7f;  // scalars < every order
    for (std::size_t i = 0; i < rnd.size(); ++i) rnd[i] &= 0x7f;
    auto r = H::keygen_internal(seeds);
    EXPECT_TRUE(r) << r.what();
    if (!r) return;
    kp = std::make_unique<typename H::KeyPair>(std::move(*r));
    auto enc = H::encaps_internal(kp->public_key, rnd);
    EXPECT_TRUE(enc);
    if (!enc) return;
    ct = enc->ciphertext;
    bad_ct = ct;
    bad_ct[H::ciphertext_bytes / 2] ^= 1;  // inside the ML-KEM ciphertext: implicit rejection
    auto rej = H::decapsulate(kp->private_key, bad_ct);
    EXPECT_TRUE(rej);
    secrets = {{"private key (seeds)", bytes_of(seeds)},
               {"encapsulation randomness", bytes_of(rnd)},
               {"shared secret", bytes_of(enc->shared_secret.span())},
               {"shared secret (rejected ciphertext)", bytes_of(rej->span())}};
    // Each half of a concatenated secret on its own (16-byte windows of the 32/48-byte halves).
    const auto ss = enc->shared_secret.span();
    secrets.push_back({"shared secret, first half", Bytes(ss.begin(), ss.begin() + 32)});
    secrets.push_back({"shared secret, second half", Bytes(ss.end() - 32, ss.end())});
  }
};

template <class H>
HybridFixture<H>& fixture() {
  static HybridFixture<H> f;
  return f;
}

template <class H>
void objects() {
  auto& f = fixture<H>();
  ASSERT_TRUE(f.kp);
  auto check = [&](const char* what, const Bytes& image) {
    EXPECT_EQ(find_secrets(image, f.secrets), std::vector<std::string>{}) << H::name << " " << what;
  };
  check("KeyPair", destroyed_bytes<typename H::KeyPair>([&] { return std::move(*H::keygen_internal(f.seeds)); }));
  check("PrivateKey", destroyed_bytes<typename H::PrivateKey>([&] { return std::move(*H::PrivateKey::from_bytes(f.seeds)); }));
  check("Encapsulation",
        destroyed_bytes<typename H::Encapsulation>([&] { return std::move(*H::encaps_internal(f.kp->public_key, f.rnd)); }));
  check("Result<SharedSecret>",
        destroyed_bytes<Result<typename H::SharedSecret>>([&] { return H::decapsulate(f.kp->private_key, f.ct); }));
  check("bytes()", destroyed_bytes<SecretArray<H::private_key_bytes>>([&] { return f.kp->private_key.bytes(); }));
}

template <class H>
void stack() {
  auto& f = fixture<H>();
  ASSERT_TRUE(f.kp);
  auto secrets = [&] { return f.secrets; };
  bool ok = false;
  expect_no_residue(current_case("keygen_internal"), [&] { ok = H::keygen_internal(f.seeds).has_value(); }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("bytes()"), [&] { ok = f.kp->private_key.bytes()[0] == f.seeds[0]; }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("encaps_internal"), [&] {
    auto e = H::encaps_internal(f.kp->public_key, f.rnd);
    ok = e && e->ciphertext == f.ct;
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("decapsulate"), [&] { ok = H::decapsulate(f.kp->private_key, f.ct).has_value(); }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("decapsulate (rejected ciphertext)"),
                    [&] { ok = H::decapsulate(f.kp->private_key, f.bad_ct).has_value(); }, secrets);
  EXPECT_TRUE(ok);
}

const Case kObjects[] = {{"X25519MLKEM768", objects<X25519MlKem768>},
                         {"SecP256r1MLKEM768", objects<SecP256r1MlKem768>},
                         {"SecP384r1MLKEM1024", objects<SecP384r1MlKem1024>},
                         {"X-Wing", objects<XWing>}};
const Case kStack[] = {{"X25519MLKEM768", stack<X25519MlKem768>},
                       {"SecP256r1MLKEM768", stack<SecP256r1MlKem768>},
                       {"SecP384r1MLKEM1024", stack<SecP384r1MlKem1024>},
                       {"X-Wing", stack<XWing>}};
TESSERA_ZEROIZE_OBJECTS(Hybrid, kObjects);
TESSERA_ZEROIZE_STACK(Hybrid, kStack);

}  // namespace
}  // namespace tessera::zeroize
