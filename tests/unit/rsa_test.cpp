// RSA key objects and primitives on a fixed 1024-bit key (rsa_test_support.hpp), with no
// OpenSSL: import from components and DER (byte-exact re-export), every documented key
// check with its error and what(), the ranges and lengths of RSAEP/RSADP/RSASP1/RSAVP1,
// and the wiping of private state on move, destruction and a failed to_der.
#include <tessera/rsa.hpp>

#include "rsa_test_support.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <new>
#include <random>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

using namespace tessera;
using test::Bytes;
using test::RsaComponents;
using test::failed_with;

RsaComponents fixed() { return test::components(test::rsa_keys::k1024); }

TEST(RsaKeys, FixedKeyImportsAndExportsByteForByte) {
  const RsaComponents c = fixed();
  const Bytes der = test::from_hex(test::rsa_keys::k1024_der);
  ASSERT_EQ(test::private_der(c), der) << "the test's DER writer";
  // 8 components, 5 components, DER: the same key, written back as OpenSSL wrote it.
  auto k8 = test::private_key(c);
  ASSERT_TRUE(k8) << k8.what();
  EXPECT_EQ(test::der_of(*k8), der);
  auto k5 = rsa::PrivateKey::from_components(c.n, c.e, c.d, c.p, c.q);
  ASSERT_TRUE(k5) << k5.what();
  EXPECT_EQ(test::der_of(*k5), der);
  auto kd = rsa::PrivateKey::from_der(der);
  ASSERT_TRUE(kd) << kd.what();
  EXPECT_EQ(test::der_of(*kd), der);
  // The public half.
  const rsa::PublicKey& pk = kd->public_key();
  EXPECT_EQ(pk.modulus_bits(), 1024u);
  EXPECT_EQ(pk.modulus_bytes(), 128u);
  EXPECT_EQ(test::block_bytes(pk.modulus()), c.n);
  EXPECT_EQ(test::block_bytes(pk.public_exponent()), c.e);
  EXPECT_EQ(test::der_of(pk), test::public_der(c));
  auto pc = rsa::PublicKey::from_components(c.n, c.e);
  ASSERT_TRUE(pc) << pc.what();
  EXPECT_EQ(test::der_of(*pc), test::public_der(c));
  auto pd = rsa::PublicKey::from_der(test::public_der(c));
  ASSERT_TRUE(pd) << pd.what();
  EXPECT_EQ(test::der_of(*pd), test::public_der(c));
}

TEST(RsaKeys, LeadingZerosInComponentsAreIgnored) {
  RsaComponents c = fixed();
  const Bytes der = test::private_der(c);
  for (Bytes* x : {&c.n, &c.e, &c.d, &c.p, &c.q, &c.dp, &c.dq, &c.qinv}) x->insert(x->begin(), 3, 0);
  auto k = test::private_key(c);
  ASSERT_TRUE(k) << k.what();
  EXPECT_EQ(test::der_of(*k), der);
  auto k5 = rsa::PrivateKey::from_components(c.n, c.e, c.d, c.p, c.q);
  ASSERT_TRUE(k5) << k5.what();
  EXPECT_EQ(test::der_of(*k5), der);
  auto pk = rsa::PublicKey::from_components(c.n, c.e);
  ASSERT_TRUE(pk) << pk.what();
  EXPECT_EQ(test::block_bytes(pk->public_exponent()), test::from_hex("010001"));
  EXPECT_EQ(pk->modulus_bytes(), 128u);
}

// p < q is a valid key too (RFC 8017 does not order the primes); the 5-component form
// computes qinv = p^-1 mod q, and the key signs as the original does.
TEST(RsaKeys, SwappedPrimesGiveTheSameOperation) {
  const RsaComponents c = fixed();
  auto a = test::private_key(c);
  auto b = rsa::PrivateKey::from_components(c.n, c.e, c.d, c.q, c.p);
  ASSERT_TRUE(a && b) << (b ? "" : b.what());
  std::mt19937 rng(7);
  for (int i = 0; i < 8; ++i) {
    Bytes x = test::random_bytes_vec(rng, 128);
    x[0] &= 0x7F;  // < n (n's top byte is 0xca)
    auto sa = rsa::rsasp1(*a, x);
    auto sb = rsa::rsasp1(*b, x);
    ASSERT_TRUE(sa && sb);
    EXPECT_EQ(test::block_bytes(*sa), test::block_bytes(*sb));
  }
  // Its DER lists q first and the matching dp, dq.
  const Bytes der = test::der_of(*b);
  auto again = rsa::PrivateKey::from_der(der);
  ASSERT_TRUE(again) << again.what();
  EXPECT_EQ(test::der_of(*again), der);
  EXPECT_NE(der, test::private_der(c));
}

// --- Public key checks (RFC 8017 3.1 as the header narrows it) ---

TEST(RsaKeyChecks, PublicComponents) {
  const RsaComponents c = fixed();
  const Bytes n = c.n, e = c.e;
  const Bytes one{1}, two{2};
  // The modulus: odd, 1024..4096 bits.
  EXPECT_TRUE(failed_with(rsa::PublicKey::from_components(test::be_add(n, one), e), Error::invalid_key, "RSA modulus"));
  Bytes small(128, 0xFF);
  small[0] = 0x7F;  // 1023 bits, odd
  EXPECT_TRUE(failed_with(rsa::PublicKey::from_components(small, test::from_hex("03")), Error::invalid_key, "RSA modulus"));
  Bytes large(513, 0xFF);
  large[0] = 0x01;  // 4097 bits
  EXPECT_TRUE(failed_with(rsa::PublicKey::from_components(large, test::from_hex("03")), Error::invalid_key, "RSA modulus"));
  Bytes huge(600, 0xFF);  // more limbs than any key
  EXPECT_TRUE(failed_with(rsa::PublicKey::from_components(huge, test::from_hex("03")), Error::invalid_key, "RSA modulus"));
  EXPECT_TRUE(failed_with(rsa::PublicKey::from_components({}, e), Error::invalid_key, "RSA modulus"));
  EXPECT_TRUE(failed_with(rsa::PublicKey::from_components(Bytes(128, 0), e), Error::invalid_key, "RSA modulus"));
  // The exponent: odd, 3 <= e < n.
  for (const Bytes& bad : {test::from_hex("010000"), test::from_hex("010002"), test::from_hex("02"), one,
                           test::from_hex("00"), Bytes{}, Bytes(4, 0), n, test::be_add(n, two),
                           Bytes(129, 0xFF)})
    EXPECT_TRUE(failed_with(rsa::PublicKey::from_components(n, bad), Error::invalid_key, "RSA public exponent"))
        << test::to_hex(bad);
  // The edges that are valid: e = 3, e = n - 2 (odd, below n); n of exactly 1024 and 4096
  // bits (a public key needs no factorization).
  EXPECT_TRUE(rsa::PublicKey::from_components(n, test::from_hex("03")));
  EXPECT_TRUE(rsa::PublicKey::from_components(n, test::be_sub(n, two)));
  Bytes n4096(512, 0xFF);
  auto big = rsa::PublicKey::from_components(n4096, test::from_hex("010001"));
  ASSERT_TRUE(big) << big.what();
  EXPECT_EQ(big->modulus_bits(), 4096u);
  EXPECT_EQ(big->modulus_bytes(), 512u);
  Bytes n1024(128, 0);
  n1024[0] = 0x80;
  n1024[127] = 1;
  auto least = rsa::PublicKey::from_components(n1024, test::from_hex("03"));
  ASSERT_TRUE(least) << least.what();
  EXPECT_EQ(least->modulus_bits(), 1024u);
}

// Every private check, each failing with its own what(); afterwards the valid key still
// loads and signs as before (no state kept between calls).
TEST(RsaKeyChecks, PrivateComponents) {
  const RsaComponents good = fixed();
  Bytes x(128, 0x5A);
  auto before = test::private_key(good);
  ASSERT_TRUE(before);
  auto s_before = rsa::rsasp1(*before, x);
  ASSERT_TRUE(s_before);

  const Bytes one{1};
  const Bytes pm1 = test::be_sub(good.p, one), qm1 = test::be_sub(good.q, one);
  struct Case {
    const char* name;
    void (*edit)(RsaComponents&, const Bytes& pm1, const Bytes& qm1);
    const char* what;
  };
  const Case cases[] = {
      {"n even", [](RsaComponents& k, const Bytes&, const Bytes&) { k.n = test::be_add(k.n, Bytes{1}); }, "RSA modulus"},
      {"e even", [](RsaComponents& k, const Bytes&, const Bytes&) { k.e = test::from_hex("010000"); }, "RSA public exponent"},
      {"e = 1", [](RsaComponents& k, const Bytes&, const Bytes&) { k.e = Bytes{1}; }, "RSA public exponent"},
      {"e = n", [](RsaComponents& k, const Bytes&, const Bytes&) { k.e = k.n; }, "RSA public exponent"},
      {"p even", [](RsaComponents& k, const Bytes&, const Bytes&) { k.p = test::be_add(k.p, Bytes{1}); }, "prime p"},
      {"q even", [](RsaComponents& k, const Bytes&, const Bytes&) { k.q = test::be_add(k.q, Bytes{1}); }, "prime q"},
      {"p = 1", [](RsaComponents& k, const Bytes&, const Bytes&) { k.p = Bytes{1}; }, "prime p"},
      {"q = 0", [](RsaComponents& k, const Bytes&, const Bytes&) { k.q = Bytes{0}; }, "prime q"},
      {"p longer than n", [](RsaComponents& k, const Bytes&, const Bytes&) { k.p = Bytes(136 + 8, 0x33); }, "prime p"},
      {"p + 2 (n != p q)", [](RsaComponents& k, const Bytes&, const Bytes&) { k.p = test::be_add(k.p, Bytes{2}); }, "n != p q"},
      {"q = n, p = 1", [](RsaComponents& k, const Bytes&, const Bytes&) { k.q = k.n; k.p = Bytes{1}; }, "prime p"},
      {"q = n, p = 3", [](RsaComponents& k, const Bytes&, const Bytes&) { k.q = k.n; k.p = Bytes{3}; }, "n != p q"},
      {"d = n", [](RsaComponents& k, const Bytes&, const Bytes&) { k.d = k.n; }, "RSA private key: d"},
      {"d = n + 1", [](RsaComponents& k, const Bytes&, const Bytes&) { k.d = test::be_add(k.n, Bytes{1}); }, "RSA private key: d"},
      {"d longer than n", [](RsaComponents& k, const Bytes&, const Bytes&) { k.d = Bytes(137, 1); }, "RSA private key: d"},
      {"d + 1", [](RsaComponents& k, const Bytes&, const Bytes&) { k.d = test::be_add(k.d, Bytes{1}); }, "dp"},
      {"d = 0", [](RsaComponents& k, const Bytes&, const Bytes&) { k.d = Bytes{0}; }, "dp"},
      {"dp + 1", [](RsaComponents& k, const Bytes&, const Bytes&) { k.dp = test::be_add(k.dp, Bytes{1}); }, "dp"},
      {"dp - 1", [](RsaComponents& k, const Bytes&, const Bytes&) { k.dp = test::be_sub(k.dp, Bytes{1}); }, "dp"},
      {"dp = 0", [](RsaComponents& k, const Bytes&, const Bytes&) { k.dp = Bytes{0}; }, "dp"},
      {"dp + (p - 1)", [](RsaComponents& k, const Bytes& p1, const Bytes&) { k.dp = test::be_add(k.dp, p1); }, "dp"},
      {"dp longer than p", [](RsaComponents& k, const Bytes&, const Bytes&) { k.dp = Bytes(72, 1); }, "dp"},
      {"dq + 1", [](RsaComponents& k, const Bytes&, const Bytes&) { k.dq = test::be_add(k.dq, Bytes{1}); }, "dq"},
      {"dq = 0", [](RsaComponents& k, const Bytes&, const Bytes&) { k.dq = Bytes{0}; }, "dq"},
      {"dq + (q - 1)", [](RsaComponents& k, const Bytes&, const Bytes& q1) { k.dq = test::be_add(k.dq, q1); }, "dq"},
      {"dp, dq swapped", [](RsaComponents& k, const Bytes&, const Bytes&) { std::swap(k.dp, k.dq); }, "dp"},
      {"qinv + 1", [](RsaComponents& k, const Bytes&, const Bytes&) { k.qinv = test::be_add(k.qinv, Bytes{1}); }, "qinv"},
      {"qinv - 1", [](RsaComponents& k, const Bytes&, const Bytes&) { k.qinv = test::be_sub(k.qinv, Bytes{1}); }, "qinv"},
      {"qinv = 0", [](RsaComponents& k, const Bytes&, const Bytes&) { k.qinv = Bytes{0}; }, "qinv"},
      {"qinv + p", [](RsaComponents& k, const Bytes&, const Bytes&) { k.qinv = test::be_add(k.qinv, k.p); }, "qinv"},
      {"p, q swapped (qinv for p > q)", [](RsaComponents& k, const Bytes&, const Bytes&) { std::swap(k.p, k.q); std::swap(k.dp, k.dq); }, "qinv"},
  };
  for (const Case& cs : cases) {
    RsaComponents k = good;
    cs.edit(k, pm1, qm1);
    EXPECT_TRUE(failed_with(test::private_key(k), Error::invalid_key, cs.what)) << cs.name;
  }
  // After all of that, the valid key loads and computes the same signature.
  auto after = test::private_key(good);
  ASSERT_TRUE(after) << after.what();
  auto s_after = rsa::rsasp1(*after, x);
  ASSERT_TRUE(s_after);
  EXPECT_EQ(test::block_bytes(*s_after), test::block_bytes(*s_before));
  EXPECT_EQ(test::der_of(*after), test::from_hex(test::rsa_keys::k1024_der));
}

TEST(RsaKeyChecks, FiveComponentForm) {
  const RsaComponents g = fixed();
  const Bytes one{1}, two{2};
  auto five = [](const Bytes& n, const Bytes& e, const Bytes& d, const Bytes& p, const Bytes& q) {
    return rsa::PrivateKey::from_components(n, e, d, p, q);
  };
  EXPECT_TRUE(failed_with(five(test::be_add(g.n, one), g.e, g.d, g.p, g.q), Error::invalid_key, "RSA modulus"));
  EXPECT_TRUE(failed_with(five(g.n, test::from_hex("010000"), g.d, g.p, g.q), Error::invalid_key, "RSA public exponent"));
  EXPECT_TRUE(failed_with(five(g.n, g.e, g.d, test::be_add(g.p, one), g.q), Error::invalid_key, "prime p"));
  EXPECT_TRUE(failed_with(five(g.n, g.e, g.d, g.p, test::be_add(g.q, one)), Error::invalid_key, "prime q"));
  EXPECT_TRUE(failed_with(five(g.n, g.e, g.d, Bytes{1}, g.q), Error::invalid_key, "prime p"));
  EXPECT_TRUE(failed_with(five(g.n, g.e, g.d, g.p, Bytes{1}), Error::invalid_key, "prime q"));
  EXPECT_TRUE(failed_with(five(g.n, g.e, g.d, test::be_add(g.p, two), g.q), Error::invalid_key, "RSA private key"));
  EXPECT_TRUE(failed_with(five(g.n, g.e, g.n, g.p, g.q), Error::invalid_key, "RSA private key: d"));
  EXPECT_TRUE(failed_with(five(g.n, g.e, Bytes{0}, g.p, g.q), Error::invalid_key, "RSA private key"));
  EXPECT_TRUE(failed_with(five(g.n, g.e, test::be_add(g.d, one), g.p, g.q), Error::invalid_key, "dp"));
  EXPECT_TRUE(five(g.n, g.e, g.d, g.p, g.q));
}

// --- The primitives: lengths and ranges (include/tessera/rsa.hpp) ---

TEST(RsaPrimitives, RangesAndLengths) {
  const RsaComponents c = fixed();
  auto sk = test::private_key(c);
  ASSERT_TRUE(sk);
  const rsa::PublicKey& pk = sk->public_key();
  const std::size_t k = pk.modulus_bytes();
  const Bytes n = test::be_pad(c.n, k);
  const Bytes one{1}, two{2};
  const Bytes v0(k, 0), v1 = test::be_pad(one, k), v2 = test::be_pad(two, k);
  const Bytes nm2 = test::be_sub(n, two), nm1 = test::be_sub(n, one);
  const Bytes np1 = test::be_pad(test::be_add(n, one), k), vmax(k, 0xFF);
  // RSASP1 / RSAVP1: all of [0, n - 1].
  for (const Bytes& x : {v0, v1, v2, nm2, nm1}) {
    auto s = rsa::rsasp1(*sk, x);
    ASSERT_TRUE(s) << s.what() << " x = " << test::to_hex(x);
    ASSERT_EQ(s->size, k);
    auto m = rsa::rsavp1(pk, s->bytes());
    ASSERT_TRUE(m) << m.what();
    EXPECT_EQ(test::block_bytes(*m), x);
  }
  // 0, 1 and n - 1 are their own powers (d and e odd).
  EXPECT_EQ(test::block_bytes(*rsa::rsasp1(*sk, v0)), v0);
  EXPECT_EQ(test::block_bytes(*rsa::rsasp1(*sk, v1)), v1);
  EXPECT_EQ(test::block_bytes(*rsa::rsasp1(*sk, nm1)), nm1);
  EXPECT_EQ(test::block_bytes(*rsa::rsavp1(pk, nm1)), nm1);
  for (const Bytes& x : {n, np1, vmax}) {
    EXPECT_TRUE(failed_with(rsa::rsasp1(*sk, x), Error::invalid_argument, "RSA representative out of range"));
    EXPECT_TRUE(failed_with(rsa::rsavp1(pk, x), Error::invalid_argument, "RSA representative out of range"));
  }
  // RSAEP / RSADP: only 1 < x < n - 1.
  for (const Bytes& x : {v2, nm2}) {
    auto cx = rsa::rsaep(pk, x);
    ASSERT_TRUE(cx) << cx.what();
    auto m = rsa::rsadp(*sk, cx->bytes());
    ASSERT_TRUE(m) << m.what();
    EXPECT_EQ(test::block_bytes(*m), x);
    // RSADP is RSASP1 on the same input.
    auto s = rsa::rsasp1(*sk, cx->bytes());
    ASSERT_TRUE(s);
    EXPECT_EQ(test::block_bytes(*s), x);
  }
  for (const Bytes& x : {v0, v1, nm1, n, np1, vmax}) {
    EXPECT_TRUE(failed_with(rsa::rsaep(pk, x), Error::invalid_argument, "RSA representative out of range")) << test::to_hex(x);
    EXPECT_TRUE(failed_with(rsa::rsadp(*sk, x), Error::invalid_argument, "RSA representative out of range")) << test::to_hex(x);
  }
  // Exactly k bytes in (even for a value that would fit).
  for (const std::size_t len : {std::size_t{0}, k - 1, k + 1, std::size_t{1}, 2 * k}) {
    Bytes x(len, 0);
    if (len > 0) x.back() = 2;
    EXPECT_TRUE(failed_with(rsa::rsasp1(*sk, x), Error::invalid_length, "RSA representative")) << len;
    EXPECT_TRUE(failed_with(rsa::rsavp1(pk, x), Error::invalid_length, "RSA representative")) << len;
    EXPECT_TRUE(failed_with(rsa::rsaep(pk, x), Error::invalid_length, "RSA representative")) << len;
    EXPECT_TRUE(failed_with(rsa::rsadp(*sk, x), Error::invalid_length, "RSA representative")) << len;
  }
}

// Random round trips; blinding does not change the (deterministic) result.
TEST(RsaPrimitives, RoundTripsAndDeterminism) {
  auto sk = test::private_key(fixed());
  ASSERT_TRUE(sk);
  const rsa::PublicKey& pk = sk->public_key();
  std::mt19937 rng(2024);
  for (int i = 0; i < 20; ++i) {
    Bytes x = test::random_bytes_vec(rng, 128);
    x[0] &= 0x7F;
    auto s1 = rsa::rsasp1(*sk, x), s2 = rsa::rsasp1(*sk, x);
    ASSERT_TRUE(s1 && s2);
    EXPECT_EQ(test::block_bytes(*s1), test::block_bytes(*s2));
    auto v = rsa::rsavp1(pk, s1->bytes());
    ASSERT_TRUE(v);
    EXPECT_EQ(test::block_bytes(*v), x);
    auto c = rsa::rsaep(pk, x);
    ASSERT_TRUE(c);
    auto m = rsa::rsadp(*sk, c->bytes());
    ASSERT_TRUE(m);
    EXPECT_EQ(m->size, 128u);
    EXPECT_EQ(test::block_bytes(*m), x);
  }
}

// --- Secrets wiped (include/tessera/rsa.hpp: the private state and the blinding pair are
// PrivateKey's last members). The object's bytes are read through memcpy into a buffer (reading an object's
// representation is defined; nothing is written into the key). ---

static_assert(std::is_standard_layout_v<rsa::PrivateKey>);
static_assert(sizeof(rsa::PrivateKey) == sizeof(rsa::PublicKey) + rsa::kPrivateStateBytes + rsa::kBlindingStateBytes,
              "the private state and the blinding pair are the last members, with no padding after them");
constexpr std::size_t kStateOffset = sizeof(rsa::PublicKey);
constexpr std::size_t kBlindingOffset = kStateOffset + rsa::kPrivateStateBytes;

Bytes object_bytes(const void* p, std::size_t n) {
  Bytes b(n);
  std::memcpy(b.data(), p, n);
  return b;
}
Bytes private_state(const rsa::PrivateKey& k) {
  const Bytes all = object_bytes(&k, sizeof k);
  return Bytes(all.begin() + static_cast<std::ptrdiff_t>(kStateOffset), all.end());
}
Bytes public_part(const rsa::PrivateKey& k) { return object_bytes(&k, kStateOffset); }
Bytes blinding_part(const rsa::PrivateKey& k) {
  const Bytes all = object_bytes(&k, sizeof k);
  return Bytes(all.begin() + static_cast<std::ptrdiff_t>(kBlindingOffset), all.end());
}
bool all_zero(const Bytes& b) {
  for (const std::uint8_t x : b)
    if (x != 0) return false;
  return true;
}

TEST(RsaSecrets, MoveConstructionWipesTheSource) {
  auto r = rsa::PrivateKey::from_der(test::from_hex(test::rsa_keys::k1024_der));
  ASSERT_TRUE(r);
  const Bytes state = private_state(*r), pub = public_part(*r);
  ASSERT_FALSE(all_zero(state));
  rsa::PrivateKey moved(std::move(*r));
  EXPECT_TRUE(all_zero(private_state(*r))) << "moved-from private state not wiped";
  EXPECT_EQ(private_state(moved), state);
  EXPECT_EQ(public_part(moved), pub);
  EXPECT_EQ(test::der_of(moved), test::from_hex(test::rsa_keys::k1024_der));
}

TEST(RsaSecrets, MoveAssignmentWipesTheSource) {
  const Bytes der = test::from_hex(test::rsa_keys::k1024_der);
  auto a = rsa::PrivateKey::from_der(der);
  RsaComponents other = fixed();
  auto b = rsa::PrivateKey::from_components(other.n, other.e, other.d, other.q, other.p);  // primes swapped
  ASSERT_TRUE(a && b);
  const Bytes state = private_state(*a);
  ASSERT_NE(state, private_state(*b));
  *b = std::move(*a);
  EXPECT_TRUE(all_zero(private_state(*a))) << "moved-from private state not wiped";
  EXPECT_EQ(private_state(*b), state);
  EXPECT_EQ(test::der_of(*b), der);
  // Self-assignment keeps the key.
  rsa::PrivateKey& alias = *b;
  *b = std::move(alias);
  EXPECT_EQ(private_state(*b), state);
}

TEST(RsaSecrets, DestructorWipes) {
  auto r = rsa::PrivateKey::from_der(test::from_hex(test::rsa_keys::k1024_der));
  ASSERT_TRUE(r);
  ASSERT_TRUE(all_zero(blinding_part(*r)));
  const Bytes x(r->public_key().modulus_bytes(), 0x01);
  ASSERT_TRUE(rsa::rsasp1(*r, x));  // the key now holds a blinding pair
  ASSERT_FALSE(all_zero(blinding_part(*r)));
  const Bytes state = private_state(*r);
  alignas(rsa::PrivateKey) static unsigned char storage[sizeof(rsa::PrivateKey)];
  auto* k = ::new (static_cast<void*>(storage)) rsa::PrivateKey(std::move(*r));
  EXPECT_EQ(private_state(*k), state);
  k->~PrivateKey();
  // The storage (a live unsigned char array) after the key's lifetime ended.
  const Bytes after(storage + kStateOffset, storage + sizeof storage);
  EXPECT_TRUE(all_zero(after)) << "destroyed key's private state or blinding pair not wiped";
}

TEST(RsaSecrets, PrivateToDerTooSmallFailsAndZeroes) {
  auto k = rsa::PrivateKey::from_der(test::from_hex(test::rsa_keys::k1024_der));
  ASSERT_TRUE(k);
  const std::size_t len = test::der_of(*k).size();
  for (std::size_t size = 0; size < len; ++size) {
    Bytes buf(size, 0xAA);
    EXPECT_TRUE(failed_with(k->to_der(buf), Error::invalid_length, "RSA private key DER")) << size;
    EXPECT_TRUE(all_zero(buf)) << "buffer of " << size << " bytes not wiped";
  }
  Bytes exact(len, 0xAA);
  auto n = k->to_der(exact);
  ASSERT_TRUE(n);
  EXPECT_EQ(*n, len);
  EXPECT_EQ(exact, test::from_hex(test::rsa_keys::k1024_der));
}

TEST(RsaSecrets, PublicToDerTooSmallFails) {
  auto k = rsa::PublicKey::from_der(test::public_der(fixed()));
  ASSERT_TRUE(k);
  const std::size_t len = test::der_of(*k).size();
  for (std::size_t size = 0; size < len; ++size) {
    Bytes buf(size, 0xAA);
    EXPECT_TRUE(failed_with(k->to_der(buf), Error::invalid_length, "RSA public key DER")) << size;
  }
  Bytes exact(len);
  auto n = k->to_der(exact);
  ASSERT_TRUE(n);
  EXPECT_EQ(*n, len);
  EXPECT_EQ(exact, test::public_der(fixed()));
}

}  // namespace
