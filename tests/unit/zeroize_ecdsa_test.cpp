// Zeroization of ECDSA signing (src/ec/ecdsa*, rfc6979.hpp; the machinery is
// zeroize_support.hpp): no copy of the private key d or of the nonce k, big-endian or as
// little-endian limbs, left on the stack by sign_deterministic, sign (hedged), sign_der and
// sign_internal, P-256 and P-384, on every backend. (The hedged k is unknown to the test:
// for sign and sign_der only d is looked for.) The scalar code below leaves limb copies of
// k and d in its frames (Scalar::from_bytes_reduce / from_bytes_checked, and P-384
// ecdsa_sign_core); the signing entry points wipe that stack (secure_zero_stack).
#include "zeroize_support.hpp"

#include <tessera/ecdsa.hpp>

#include "ec/message_hash.hpp"
#include "ec/rfc6979.hpp"
#include "ec/weierstrass.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace tessera::zeroize {
namespace {

template <class E>
struct EcdsaFixture {
  using C = typename E::Curve;
  static constexpr std::size_t sb = C::scalar_bytes;
  std::array<u8, sb> d = test_array<sb>(0xEC05 + sb);
  const Bytes msg = test_bytes(100, 0xEC06);  // public
  std::unique_ptr<typename E::PrivateKey> sk;
  std::array<u8, sb> k{};  // the RFC 6979 nonce of (d, msg)
  std::vector<Secret> secrets;

  EcdsaFixture() {
    d[0] &= 0x7F;  // below n
    auto r = E::PrivateKey::from_bytes(d);
    EXPECT_TRUE(r);
    sk = std::make_unique<typename E::PrivateKey>(std::move(*r));
    typename E::Digest h;
    E::hash(msg, h);
    std::array<u8, sb> h1{};
    ec::bits2int<C::order_bits, sb>(h, h1);
    ec::Scalar<C>::from_bytes_reduce(h1).to_bytes(h1);
    ec::Rfc6979<typename E::Hash, C::order_bits> gen(d, h1, {});
    gen.next(k, ec::GroupOrder<C>::n);
    Bytes d_le(d.rbegin(), d.rend()), k_le(k.rbegin(), k.rend());
    secrets = {
        {"d", bytes_of(d)}, {"d (little-endian limbs)", d_le, 8},
        {"k", bytes_of(k)}, {"k (little-endian limbs)", k_le, 8},
    };
  }
};

template <class E>
EcdsaFixture<E>& fixture() {
  static EcdsaFixture<E> f;
  return f;
}

// The key objects ECDSA signs with: d gone after destruction and after a move.
template <class E>
void objects() {
  auto& f = fixture<E>();
  using Sk = typename E::PrivateKey;
  auto check = [&](const char* what, const Bytes& image) {
    EXPECT_EQ(find_secrets(image, f.secrets), std::vector<std::string>{}) << E::name << " " << what;
  };
  check("PrivateKey (from_bytes)", destroyed_bytes<Sk>([&] { return std::move(*Sk::from_bytes(f.d)); }));
  check("moved-from PrivateKey", moved_from_bytes<Sk>([&] { return f.sk->clone(); }));
  check("Result<Signature>", destroyed_bytes<Result<typename E::Signature>>([&] { return E::sign(*f.sk, f.msg); }));
}

template <class E>
void stack() {
  auto& f = fixture<E>();
  auto secrets = [&] { return f.secrets; };
  bool ok = false;
  expect_no_residue(current_case("sign_deterministic"), [&] {
    auto sig = E::sign_deterministic(*f.sk, f.msg);
    ok = sig.has_value();
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("sign (hedged)"), [&] { ok = E::sign(*f.sk, f.msg).has_value(); }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("sign_der"), [&] { ok = E::sign_der(*f.sk, f.msg).has_value(); }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("sign_internal"), [&] { ok = E::sign_internal(*f.sk, f.msg, f.k).has_value(); },
                    secrets);
  EXPECT_TRUE(ok);
}

const Case kStack[] = {{"ECDSA-P-256-SHA2-256", stack<EcdsaP256Sha256>},
                       {"ECDSA-P-384-SHA2-384", stack<EcdsaP384Sha384>}};
const Case kObjects[] = {{"ECDSA-P-256-SHA2-256", objects<EcdsaP256Sha256>},
                         {"ECDSA-P-384-SHA2-384", objects<EcdsaP384Sha384>}};
TESSERA_ZEROIZE_OBJECTS(Ecdsa, kObjects);
TESSERA_ZEROIZE_STACK(Ecdsa, kStack);

}  // namespace
}  // namespace tessera::zeroize
