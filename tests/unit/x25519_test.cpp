// X25519 (RFC 7748): the Section 5.2 vectors and iterated test, the Section 6.1
// Diffie-Hellman example, the key objects and their errors, low-order points (the all-zero
// secret is Error::invalid_key), twist points, non-canonical u and the ignored top bit, both
// field paths (64-bit and 32-bit) through the same ladder, and OpenSSL's EVP_PKEY_X25519 as
// an independent implementation on random keys.
#include <tessera/x25519.hpp>

#include "ec/field25519_32.hpp"
#include "ec/field25519_64.hpp"
#if defined(__x86_64__)
#include "ec/field25519_mulx.hpp"  // x86-64 only
#endif
#include "cpu/features.hpp"
#include "ec/x25519_base.hpp"
#include "ec/x25519_internal.hpp"
#include "ec/x25519_ladder.hpp"

#include "x25519_rfc7748_vectors.hpp"

#include "support/acvp.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>
#include <openssl/bn.h>
#include <openssl/evp.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace tessera;
using test::Bytes;
using test::from_hex;
using Enc = std::array<std::uint8_t, 32>;

Enc enc(const char* hex) {
  const Bytes b = from_hex(hex);
  Enc e{};
  EXPECT_EQ(b.size(), 32u);
  std::memcpy(e.data(), b.data(), std::min<std::size_t>(b.size(), 32));
  return e;
}
Enc to_enc(std::span<const std::uint8_t, 32> s) {
  Enc e;
  std::memcpy(e.data(), s.data(), 32);
  return e;
}

template <class F>
Enc ladder(const Enc& k, const Enc& u) {
  Enc o{};
  ec::x25519_detail::x25519<F>(o.data(), k.data(), u.data());
  return o;
}
#if defined(__x86_64__)
bool have_mulx() { return cpu::features().bmi2 && cpu::features().adx; }
using Mulx = ec::field25519_mulx::Field;
#else
// No MULX/ADX field outside x86-64: the checks that use it never run (a stand-in type keeps
// them compiling).
bool have_mulx() { return false; }
using Mulx = ec::field25519_64::Field;
#endif

Enc library(const Enc& k, const Enc& u) {
  auto r = x25519(k, u);
  EXPECT_TRUE(r.has_value());
  return r ? to_enc(r->span()) : Enc{};
}

// RFC 7748, Section 5.2 (x25519_rfc7748_vectors.hpp).
using test::rfc7748::kAfter1;
using test::rfc7748::kAfter1000;
using test::rfc7748::kAfter1000000;
using test::rfc7748::Vector;
constexpr const auto& kRfcVectors = test::rfc7748::kVectors;

TEST(X25519Rfc7748, Section5_2Vectors) {
  for (const Vector& v : kRfcVectors) {
    const Enc k = enc(v.scalar), u = enc(v.u), want = enc(v.out);
    EXPECT_EQ(library(k, u), want) << v.scalar;
    EXPECT_EQ(ladder<ec::field25519_64::Field>(k, u), want) << "64-bit path";
    EXPECT_EQ(ladder<ec::field25519_32::Field>(k, u), want) << "32-bit path";
    if (have_mulx()) {
      EXPECT_EQ(ladder<Mulx>(k, u), want) << "MULX/ADX path";
    }
  }
}

// RFC 7748, Section 5.2: k = u = 9; each round (k, u) = (X25519(k, u), k).
template <class Fn>
Enc iterate(int rounds, Fn&& fn) {
  Enc k{}, u{};
  k[0] = 9;
  u[0] = 9;
  for (int i = 0; i < rounds; ++i) {
    const Enc r = fn(k, u);
    u = k;
    k = r;
  }
  return k;
}

TEST(X25519Rfc7748, IteratedOnceAndThousand) {
  EXPECT_EQ(iterate(1, library), enc(kAfter1));
  EXPECT_EQ(iterate(1000, library), enc(kAfter1000));
  EXPECT_EQ(iterate(1000, ladder<ec::field25519_64::Field>), enc(kAfter1000)) << "64-bit path";
  EXPECT_EQ(iterate(1000, ladder<ec::field25519_32::Field>), enc(kAfter1000)) << "32-bit path";
  if (have_mulx()) {
    EXPECT_EQ(iterate(1000, ladder<Mulx>), enc(kAfter1000)) << "MULX/ADX path";
  }
}

TEST(X25519Rfc7748, IteratedMillion) {
  if (!test::slow_tests_enabled()) GTEST_SKIP() << "1,000,000 iterations: set TESSERA_SLOW_TESTS=1 to run";
  EXPECT_EQ(iterate(1000000, library), enc(kAfter1000000));
}

// RFC 7748, Section 6.1.
TEST(X25519Rfc7748, Section6_1DiffieHellman) {
  const Enc a = enc("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
  const Enc a_pub = enc("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
  const Enc b = enc("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
  const Enc b_pub = enc("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
  const Enc k = enc("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
  auto alice = X25519::PrivateKey::from_bytes(a);
  auto bob = X25519::PrivateKey::from_bytes(b);
  ASSERT_TRUE(alice && bob);
  EXPECT_EQ(to_enc(alice->public_key().bytes()), a_pub);
  EXPECT_EQ(to_enc(bob->public_key().bytes()), b_pub);
  EXPECT_EQ(to_enc(alice->bytes().span()), a);  // the scalar as given (not clamped)
  auto bob_pk = X25519::PublicKey::from_bytes(b_pub);
  auto alice_pk = X25519::PublicKey::from_bytes(a_pub);
  ASSERT_TRUE(bob_pk && alice_pk);
  auto k1 = X25519::agree(*alice, *bob_pk);
  auto k2 = X25519::agree(*bob, *alice_pk);
  ASSERT_TRUE(k1 && k2);
  EXPECT_EQ(to_enc(k1->span()), k);
  EXPECT_EQ(to_enc(k2->span()), k);
  auto kp = X25519::keygen_internal(a);
  ASSERT_TRUE(kp);
  EXPECT_EQ(to_enc(kp->public_key.bytes()), a_pub);
  EXPECT_EQ(to_enc(kp->private_key.public_key().bytes()), a_pub);
}

TEST(X25519Keys, WrongLengthsAreNamedErrors) {
  for (std::size_t n : {0u, 1u, 31u, 33u, 64u}) {
    const Bytes b(n, 0x42);
    auto pk = X25519::PublicKey::from_bytes(b);
    ASSERT_FALSE(pk);
    EXPECT_EQ(pk.error(), Error::invalid_length);
    EXPECT_STREQ(pk.what(), "X25519 public key");
    auto sk = X25519::PrivateKey::from_bytes(b);
    ASSERT_FALSE(sk);
    EXPECT_EQ(sk.error(), Error::invalid_length);
    EXPECT_STREQ(sk.what(), "X25519 private key");
    auto kp = X25519::keygen_internal(b);
    ASSERT_FALSE(kp);
    EXPECT_EQ(kp.error(), Error::invalid_length);
    const Bytes ok(32, 9);
    auto r1 = x25519(b, ok);
    ASSERT_FALSE(r1);
    EXPECT_EQ(r1.error(), Error::invalid_length);
    EXPECT_STREQ(r1.what(), "X25519 scalar");
    auto r2 = x25519(ok, b);
    ASSERT_FALSE(r2);
    EXPECT_EQ(r2.error(), Error::invalid_length);
    EXPECT_STREQ(r2.what(), "X25519 u-coordinate");
  }
}

TEST(X25519Keys, GenerateKeyIsRandomAndConsistent) {
  auto a = X25519::generate_key();
  auto b = X25519::generate_key();
  ASSERT_TRUE(a && b);
  EXPECT_NE(to_enc(a->private_key.bytes().span()), to_enc(b->private_key.bytes().span()));
  const Enc k = to_enc(a->private_key.bytes().span());
  Enc nine{};
  nine[0] = 9;
  EXPECT_EQ(to_enc(a->public_key.bytes()), library(k, nine));
  EXPECT_EQ(to_enc(a->private_key.public_key().bytes()), library(k, nine));
  auto ab = X25519::agree(a->private_key, b->public_key);
  auto ba = X25519::agree(b->private_key, a->public_key);
  ASSERT_TRUE(ab && ba);
  EXPECT_EQ(to_enc(ab->span()), to_enc(ba->span()));
  const X25519::PrivateKey copy = a->private_key.clone();
  EXPECT_EQ(to_enc(copy.bytes().span()), k);
  EXPECT_EQ(to_enc(copy.public_key().bytes()), to_enc(a->public_key.bytes()));
}

// u-coordinates of points of small order (RFC 7748, Section 7: 0, 1, p - 1 and the two of
// order 8), their non-canonical encodings (p, p + 1) and all of them with bit 255 set.
std::vector<Enc> low_order_points() {
  std::vector<Enc> v = {
      enc("0000000000000000000000000000000000000000000000000000000000000000"),  // 0
      enc("0100000000000000000000000000000000000000000000000000000000000000"),  // 1
      enc("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),  // p - 1
      enc("e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800"),  // order 8
      enc("5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157"),  // order 8
      enc("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),  // p (= 0)
      enc("eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),  // p + 1 (= 1)
  };
  const std::size_t n = v.size();
  for (std::size_t i = 0; i < n; ++i) {
    Enc e = v[i];
    e[31] |= 0x80;
    v.push_back(e);
  }
  return v;
}

TEST(X25519LowOrder, AllZeroSecretIsInvalidKey) {
  std::mt19937 rng(7);
  for (int round = 0; round < 4; ++round) {
    auto kp = X25519::generate_key();
    ASSERT_TRUE(kp);
    const Enc k = to_enc(kp->private_key.bytes().span());
    for (const Enc& u : low_order_points()) {
      EXPECT_EQ(library(k, u), Enc{}) << "raw X25519 of a low-order point is 0: " << test::to_hex(u);
      auto pk = X25519::PublicKey::from_bytes(u);
      ASSERT_TRUE(pk) << "every 32-byte string is a public key";
      auto ss = X25519::agree(kp->private_key, *pk);
      ASSERT_FALSE(ss) << test::to_hex(u);
      EXPECT_EQ(ss.error(), Error::invalid_key);
      EXPECT_STREQ(ss.what(), "X25519 public key (low order: all-zero shared secret)");
    }
  }
}

// p as a BIGNUM, and whether u^3 + A u^2 + u (A = 486662) is a square mod p (RFC 7748,
// Section 4.1; u is on the curve iff it is, else on the twist).
bool on_curve(unsigned long u) {
  BN_CTX* c = BN_CTX_new();
  BIGNUM *p = BN_new(), *x = BN_new(), *r = BN_new(), *t = BN_new(), *e = BN_new();
  BN_set_bit(p, 255);
  BN_sub_word(p, 19);
  BN_set_word(x, u);
  BN_set_word(t, 486662);
  BN_mod_sqr(r, x, p, c);     // u^2
  BN_mod_mul(t, t, r, p, c);  // A u^2
  BN_mod_mul(r, r, x, p, c);  // u^3
  BN_mod_add(r, r, t, p, c);
  BN_mod_add(r, r, x, p, c);
  BN_copy(e, p);
  BN_sub_word(e, 1);
  BN_rshift1(e, e);
  BN_mod_exp(t, r, e, p, c);  // Euler's criterion
  const bool square = BN_is_one(t) || BN_is_zero(t);
  BN_free(p); BN_free(x); BN_free(r); BN_free(t); BN_free(e);
  BN_CTX_free(c);
  return square;
}

// OpenSSL's X25519(k, u) through EVP_PKEY_derive; false if OpenSSL refuses (it rejects the
// all-zero result as well).
bool openssl_x25519(const Enc& k, const Enc& u, Enc& out) {
  EVP_PKEY* sk = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, nullptr, k.data(), 32);
  EVP_PKEY* pk = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, nullptr, u.data(), 32);
  EVP_PKEY_CTX* ctx = sk ? EVP_PKEY_CTX_new(sk, nullptr) : nullptr;
  std::size_t n = 32;
  const bool ok = ctx && pk && EVP_PKEY_derive_init(ctx) == 1 && EVP_PKEY_derive_set_peer(ctx, pk) == 1 &&
                  EVP_PKEY_derive(ctx, out.data(), &n) == 1 && n == 32;
  EVP_PKEY_CTX_free(ctx);
  EVP_PKEY_free(pk);
  EVP_PKEY_free(sk);
  return ok;
}

TEST(X25519Twist, TwistPointsComputeWithoutError) {
  int twist = 0;
  for (unsigned long u = 2; u < 64 && twist < 5; ++u) {
    if (on_curve(u)) continue;
    ++twist;
    Enc ue{};
    ue[0] = static_cast<std::uint8_t>(u);
    auto kp = X25519::generate_key();
    ASSERT_TRUE(kp);
    auto pk = X25519::PublicKey::from_bytes(ue);
    ASSERT_TRUE(pk);
    auto ss = X25519::agree(kp->private_key, *pk);
    ASSERT_TRUE(ss) << "twist point u = " << u << ": RFC 7748 computes on the twist";
    Enc want{};
    ASSERT_TRUE(openssl_x25519(to_enc(kp->private_key.bytes().span()), ue, want));
    EXPECT_EQ(to_enc(ss->span()), want) << "u = " << u;
  }
  EXPECT_EQ(twist, 5) << "found fewer twist points than expected";
}

TEST(X25519Encoding, NonCanonicalUIsReducedAndTopBitIgnored) {
  std::mt19937 rng(8);
  for (int round = 0; round < 8; ++round) {
    Enc k;
    for (auto& b : k) b = static_cast<std::uint8_t>(rng());
    // u = p + c for c = 2..18 encodes c (p + 0 and p + 1 are the low-order cases).
    for (unsigned c = 2; c < 19; ++c) {
      Enc small{}, big;
      small[0] = static_cast<std::uint8_t>(c);
      big.fill(0xff);
      big[31] = 0x7f;
      big[0] = static_cast<std::uint8_t>(0xed + c);  // p = 2^255 - 19 ends in ...ffed
      EXPECT_EQ(library(k, big), library(k, small)) << "u = p + " << c;
    }
    Enc u;
    for (auto& b : u) b = static_cast<std::uint8_t>(rng());
    Enc hi = u, lo = u;
    hi[31] |= 0x80;
    lo[31] &= 0x7f;
    EXPECT_EQ(library(k, hi), library(k, lo));
    EXPECT_EQ(ladder<ec::field25519_32::Field>(k, hi), library(k, lo));
    // The output is canonical: below p, bit 255 clear.
    EXPECT_EQ(library(k, u)[31] & 0x80, 0);
  }
}

// Clamping (RFC 7748, Section 5, decodeScalar25519): bits 0-2 and 255 of the scalar do not
// matter, bit 254 is always set.
TEST(X25519Encoding, ScalarIsClamped) {
  std::mt19937 rng(9);
  Enc u{};
  u[0] = 9;
  for (int round = 0; round < 8; ++round) {
    Enc k;
    for (auto& b : k) b = static_cast<std::uint8_t>(rng());
    Enc k2 = k;
    k2[0] ^= 7;
    k2[31] ^= 0x80;
    Enc k3 = k;
    k3[31] ^= 0x40;  // bit 254 flipped: clamping sets it either way
    EXPECT_EQ(library(k, u), library(k2, u));
    EXPECT_EQ(library(k, u), library(k3, u));
  }
}

TEST(X25519Paths, SixtyFourAndThirtyTwoBitAgree) {
  std::mt19937 rng(10);
  for (int round = 0; round < 100; ++round) {
    Enc k, u;
    for (auto& b : k) b = static_cast<std::uint8_t>(rng());
    for (auto& b : u) b = static_cast<std::uint8_t>(rng());
    const Enc want = ladder<ec::field25519_64::Field>(k, u);
    EXPECT_EQ(ladder<ec::field25519_32::Field>(k, u), want);
    if (have_mulx()) {
      EXPECT_EQ(ladder<Mulx>(k, u), want);
    }
    EXPECT_EQ(library(k, u), want);
  }
  // The library was built with one of them (TESSERA_EC_32BIT or no __int128: 32-bit).
  std::printf("library field: %s\n", ec::x25519_field_name());
}

// OpenSSL libcrypto as an independent implementation: the same public keys from the same
// private keys, the same shared secrets, and the same results for arbitrary u.
TEST(X25519Differential, MatchesOpenSsl) {
  std::mt19937 rng(11);
  constexpr int kKeys = 300;
  std::vector<Enc> priv(kKeys), pub(kKeys);
  for (int i = 0; i < kKeys; ++i) {
    for (auto& b : priv[i]) b = static_cast<std::uint8_t>(rng());
    EVP_PKEY* key = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, nullptr, priv[i].data(), 32);
    ASSERT_NE(key, nullptr);
    std::size_t n = 32;
    ASSERT_EQ(EVP_PKEY_get_raw_public_key(key, pub[i].data(), &n), 1);
    EVP_PKEY_free(key);
    auto sk = X25519::PrivateKey::from_bytes(priv[i]);
    ASSERT_TRUE(sk);
    ASSERT_EQ(to_enc(sk->public_key().bytes()), pub[i]) << "key " << i;
  }
  for (int i = 0; i < kKeys; ++i) {
    const int j = (i * 7 + 3) % kKeys;
    Enc want{};
    ASSERT_TRUE(openssl_x25519(priv[i], pub[j], want));
    auto sk = X25519::PrivateKey::from_bytes(priv[i]);
    auto pk = X25519::PublicKey::from_bytes(pub[j]);
    ASSERT_TRUE(sk && pk);
    auto ss = X25519::agree(*sk, *pk);
    ASSERT_TRUE(ss);
    EXPECT_EQ(to_enc(ss->span()), want) << "pair " << i << ", " << j;
    // An arbitrary 32-byte u (curve or twist, possibly non-canonical or with bit 255 set).
    Enc u;
    for (auto& b : u) b = static_cast<std::uint8_t>(rng());
    Enc want_u{};
    ASSERT_TRUE(openssl_x25519(priv[i], u, want_u));
    EXPECT_EQ(library(priv[i], u), want_u) << "u " << test::to_hex(u);
  }
}

// The fixed-base table (x25519_base.hpp): every entry T[i][j] = (j + 1) 16^i B recomputed
// with the Montgomery ladder on u = 9 (its u-coordinate (Z + Y)/(Z - Y), from the cached
// form: (2Z + (Y + X) + (Y - X)) / (2Z - (Y + X) - (Y - X))), for both field paths.
template <class F>
void check_table() {
  using E = ec::x25519_detail::Edwards<F>;
  using Fe = typename F::Fe;
  const auto& tab = E::table();
  Enc nine{};
  nine[0] = 9;
  for (int i = 0; i < 64; ++i) {
    for (int j = 0; j < 8; ++j) {
      const auto& c = tab.entry[i][j];
      Fe num, den, s;
      F::add(s, c.ypx, c.ymx);
      F::add(num, c.z2, s);
      F::carry(s);
      F::sub(den, c.z2, s);
      ec::x25519_detail::invert<F>(den, den);
      F::mul(num, num, den);
      Enc got{};
      F::to_bytes(got.data(), num);
      Enc want{};
      if (i == 63 && j == 7) {
        // 8 16^63 = 2^255 does not fit the 255-bit ladder: 2^254 (2B).
        Enc two{}, k{};
        two[0] = 2;
        k[31] = 0x40;
        const Enc u2 = [&] { Enc o{}; ec::x25519_detail::montgomery_ladder<F>(o.data(), two.data(), nine.data()); return o; }();
        ec::x25519_detail::montgomery_ladder<F>(want.data(), k.data(), u2.data());
      } else {
        Enc k{};  // (j + 1) 16^i, little-endian
        const int bit = 4 * i;
        k[bit / 8] = static_cast<std::uint8_t>((j + 1) << (bit % 8));
        if ((bit % 8) == 4 && j + 1 >= 16) k[bit / 8 + 1] = static_cast<std::uint8_t>((j + 1) >> 4);
        ec::x25519_detail::montgomery_ladder<F>(want.data(), k.data(), nine.data());
      }
      ASSERT_EQ(got, want) << "T[" << i << "][" << j << "]";
    }
  }
}
TEST(X25519FixedBase, TableRecomputedWithLadder) {
  check_table<ec::field25519_64::Field>();
  check_table<ec::field25519_32::Field>();
  if (have_mulx()) check_table<Mulx>();
}

TEST(X25519FixedBase, MatchesLadderOnRandomAndEdgeScalars) {
  std::mt19937 rng(12);
  Enc nine{};
  nine[0] = 9;
  std::vector<Enc> scalars;
  for (std::uint8_t fill : {0x00, 0xff, 0x88, 0x77, 0x80, 0x08}) {
    Enc k;
    k.fill(fill);
    scalars.push_back(k);
  }
  for (int i = 0; i < 300; ++i) {
    Enc k;
    for (auto& b : k) b = static_cast<std::uint8_t>(rng());
    scalars.push_back(k);
  }
  for (const Enc& k : scalars) {
    const Enc want = ladder<ec::field25519_64::Field>(k, nine);
    Enc got64{}, got32{}, lib{};
    ec::x25519_detail::Edwards<ec::field25519_64::Field>::base(got64.data(), k.data());
    ec::x25519_detail::Edwards<ec::field25519_32::Field>::base(got32.data(), k.data());
    ec::x25519_base(lib.data(), k.data());
    ASSERT_EQ(got64, want) << test::to_hex(k);
    ASSERT_EQ(got32, want) << test::to_hex(k);
    if (have_mulx()) {
      Enc gotx{};
      ec::x25519_detail::Edwards<Mulx>::base(gotx.data(), k.data());
      ASSERT_EQ(gotx, want) << test::to_hex(k);
    }
    ASSERT_EQ(lib, want) << test::to_hex(k);
  }
}

}  // namespace
