// Zeroization of X25519 (see zeroize_test.cpp for the method): key generation and agreement
// leave no private scalar, clamped scalar or shared secret on the stack, on every backend
// (the ladder's and the fixed-base table walk's temporaries are wiped: the kernels' state
// structs by the kernels, their frames by x25519.cpp), and no stack byte depends on the
// scalar (the differential run with two different scalars). Key objects leave nothing of
// the scalar when destroyed.
#include "zeroize_support.hpp"

#include <tessera/x25519.hpp>

#include <gtest/gtest.h>

#include <array>
#include <new>

namespace tessera::zeroize {
namespace {

struct Fixture {
  Bytes k = test_bytes(32, 0x25519), k2 = test_bytes(32, 0x25520), peer_k = test_bytes(32, 0x25521);
  Bytes peer_pk, ss;
  std::vector<Secret> secrets;
  Fixture() {
    auto peer = X25519::PrivateKey::from_bytes(peer_k);
    auto sk = X25519::PrivateKey::from_bytes(k);
    EXPECT_TRUE(peer && sk);
    peer_pk = bytes_of(peer->public_key().bytes());
    auto pk = X25519::PublicKey::from_bytes(peer_pk);
    auto z = X25519::agree(*sk, *pk);
    EXPECT_TRUE(z);
    ss = bytes_of(z->span());
    Bytes clamped = k;
    clamped[0] &= 248;
    clamped[31] = static_cast<u8>((clamped[31] & 127) | 64);
    secrets = {{"private scalar", k}, {"clamped scalar", clamped}, {"shared secret", ss}, {"peer scalar", peer_k}};
  }
};
Fixture& fixture() {
  static Fixture f;
  return f;
}

void objects() {
  auto& f = fixture();
  RawStorage<X25519::PrivateKey> storage;
  auto r = X25519::PrivateKey::from_bytes(f.k);
  ASSERT_TRUE(r);
  auto* sk = ::new (storage.get()) X25519::PrivateKey(std::move(*r));
  EXPECT_NE(find_secrets(storage.bytes(), f.secrets), std::vector<std::string>{}) << "the live key holds k";
  sk->~PrivateKey();
  EXPECT_EQ(find_secrets(storage.bytes(), f.secrets), std::vector<std::string>{});
}

void stack() {
  auto& f = fixture();
  bool ok = false;
  auto secrets = [&] { return f.secrets; };
  expect_no_residue(current_case("keygen_internal"), [&] {
    auto kp = X25519::keygen_internal(f.k);
    ok = kp.has_value();
  }, secrets);
  EXPECT_TRUE(ok);
  auto sk = X25519::PrivateKey::from_bytes(f.k);
  auto pk = X25519::PublicKey::from_bytes(f.peer_pk);
  ASSERT_TRUE(sk && pk);
  expect_no_residue(current_case("agree"), [&] {
    auto z = X25519::agree(*sk, *pk);
    ok = z && bytes_of(z->span()) == f.ss;
  }, secrets);
  EXPECT_TRUE(ok);
  // The raw function with two different scalars in the same heap buffer: no stack byte
  // may differ between the runs (the output goes to the heap).
  Bytes scalar(32), out(32);
  std::array<u8, 32> u{};
  for (std::size_t i = 0; i < 32; ++i) u[i] = f.peer_pk[i];
  expect_no_secret_dependent_residue(
      current_case("x25519"), [&] { scalar = f.k; }, [&] { scalar = f.k2; },
      [&] { tessera::x25519(std::span<const u8, 32>(scalar.data(), 32), u, std::span<u8, 32>(out.data(), 32)); });
}

const Case kObjects[] = {{"X25519", objects}};
const Case kStack[] = {{"X25519", stack}};
TESSERA_ZEROIZE_OBJECTS(X25519, kObjects);
TESSERA_ZEROIZE_STACK(X25519, kStack);

}  // namespace
}  // namespace tessera::zeroize
