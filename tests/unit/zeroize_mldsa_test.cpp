// Zeroization of ML-DSA-44/65/87 (see zeroize_test.cpp): private keys wiped on destruction
// and move; no secret left on the stack by key generation, from_seed, from_bytes of the
// encoded key, bytes(), and signing (hedged, deterministic, internal, pure and external mu).
#include "zeroize_support.hpp"

#include <tessera/mldsa.hpp>
#include <tessera/sha3.hpp>

#include <gtest/gtest.h>

namespace tessera::zeroize {
namespace {

template <class D>
struct MlDsaFixture {
  static constexpr int k = D::params.k, l = D::params.l;
  static constexpr std::size_t s12_bytes = 32 * static_cast<std::size_t>(D::params.eta_bits()) * (k + l);
  std::array<u8, 32> xi = test_array<32>(0xD5A1 + k), rnd = test_array<32>(0xD5A2 + k);
  const Bytes msg = test_bytes(100, 0xD5A3);  // public
  std::unique_ptr<typename D::KeyPair> kp;
  Bytes sk;
  std::array<u8, 64> mu{};
  std::vector<Secret> secrets;

  MlDsaFixture() {
    auto r = D::keygen_internal(xi);
    EXPECT_TRUE(r);
    kp = std::make_unique<typename D::KeyPair>(std::move(*r));
    sk = bytes_of(kp->private_key.bytes().span());
    auto b = D::mu_builder(kp->public_key);
    EXPECT_TRUE(b);
    b->update(msg);
    const auto m = b->final();
    std::copy(m.begin(), m.end(), mu.begin());
    // KeyGen: (rho, rho', K) = H(xi || k || l, 128); Sign: rho'' = H(K || rnd || mu, 64),
    // with rnd = 0 for deterministic signing.
    std::array<u8, 34> h_in{};
    std::copy(xi.begin(), xi.end(), h_in.begin());
    h_in[32] = static_cast<u8>(k), h_in[33] = static_cast<u8>(l);
    std::array<u8, 128> seeds;
    shake256(h_in, seeds);
    const std::span<const u8> key_k(seeds.data() + 96, 32);
    std::array<u8, 64> rho_pp, rho_pp_det;
    shake256(concat({key_k, rnd, mu}), rho_pp);
    const std::array<u8, 32> zero{};
    shake256(concat({key_k, zero, mu}), rho_pp_det);
    secrets = {
        {"xi", bytes_of(xi)},
        {"rnd", bytes_of(rnd)},
        {"rho'", Bytes(seeds.begin() + 32, seeds.begin() + 96)},
        {"K", bytes_of(key_k)},
        {"rho''", bytes_of(rho_pp)},
        {"rho'' (deterministic)", bytes_of(rho_pp_det)},
        {"s1||s2 (encoded)", Bytes(sk.begin() + 128, sk.begin() + 128 + static_cast<std::ptrdiff_t>(s12_bytes))},
        {"t0 (encoded)", Bytes(sk.begin() + 128 + static_cast<std::ptrdiff_t>(s12_bytes), sk.end())},
    };
  }
};

template <class D>
MlDsaFixture<D>& fixture() {
  static MlDsaFixture<D> f;
  return f;
}

template <class D>
void objects() {
  auto& f = fixture<D>();
  auto check = [&](const char* what, const Bytes& image) {
    EXPECT_EQ(find_secrets(image, f.secrets), std::vector<std::string>{}) << D::name << " " << what;
  };
  using Sk = typename D::PrivateKey;
  check("PrivateKey (from_seed)", destroyed_bytes<Sk>([&] { return std::move(*Sk::from_seed(f.xi)); }));
  check("PrivateKey (from_bytes)", destroyed_bytes<Sk>([&] { return std::move(*Sk::from_bytes(f.sk)); }));
  check("PrivateKey (clone)", destroyed_bytes<Sk>([&] { return f.kp->private_key.clone(); }));
  check("moved-from PrivateKey", moved_from_bytes<Sk>([&] { return f.kp->private_key.clone(); }));
  check("move-assigned-from PrivateKey", move_assigned_from_bytes<Sk>([&] { return f.kp->private_key.clone(); }));
  check("KeyPair", destroyed_bytes<typename D::KeyPair>([&] { return std::move(*D::keygen_internal(f.xi)); }));
  check("moved-from KeyPair", moved_from_bytes<typename D::KeyPair>([&] { return std::move(*D::keygen_internal(f.xi)); }));
  check("Result<PrivateKey>", destroyed_bytes<Result<Sk>>([&] { return Sk::from_seed(f.xi); }));
  check("moved-from Result<PrivateKey>", moved_from_bytes<Result<Sk>>([&] { return Sk::from_seed(f.xi); }));
  check("bytes()", destroyed_bytes<SecretArray<D::private_key_bytes>>([&] { return f.kp->private_key.bytes(); }));
}

template <class D>
void stack() {
  auto& f = fixture<D>();
  auto secrets = [&] { return f.secrets; };
  const auto& kp = *f.kp;
  bool ok = false;
  expect_no_residue(current_case("keygen_internal"), [&] { ok = D::keygen_internal(f.xi).has_value(); }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("from_seed"), [&] { ok = D::PrivateKey::from_seed(f.xi).has_value(); }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("from_bytes"), [&] { ok = D::PrivateKey::from_bytes(f.sk).has_value(); }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("bytes()"), [&] { ok = kp.private_key.bytes()[0] == f.sk[0]; }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("sign_internal_mu"), [&] {
    auto sig = D::sign_internal_mu(kp.private_key, f.mu, f.rnd);
    ok = sig && D::verify_mu(kp.public_key, f.mu, *sig);
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("sign_mu (deterministic)"), [&] {
    ok = D::sign_mu(kp.private_key, f.mu, mldsa::Signing::deterministic).has_value();
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("sign (hedged)"), [&] { ok = D::sign(kp.private_key, f.msg).has_value(); }, secrets);
  EXPECT_TRUE(ok);
}

const Case kObjects[] = {{"ML-DSA-44", objects<MlDsa44>}, {"ML-DSA-65", objects<MlDsa65>}, {"ML-DSA-87", objects<MlDsa87>}};
const Case kStack[] = {{"ML-DSA-44", stack<MlDsa44>}, {"ML-DSA-65", stack<MlDsa65>}, {"ML-DSA-87", stack<MlDsa87>}};
TESSERA_ZEROIZE_OBJECTS(MlDsa, kObjects);
TESSERA_ZEROIZE_STACK(MlDsa, kStack);

}  // namespace
}  // namespace tessera::zeroize
