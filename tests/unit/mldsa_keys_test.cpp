// ML-DSA key objects (no vector files): round trips of both private-key encodings and of the
// public key, the private-key checks (eta range, t0, tr) and the errors that name them, every
// truncated/extended key length, signing equal to sign_internal for every way a key is made,
// wiping on move and destruction, and keys made under one backend used under another.
#include <tessera/mldsa.hpp>

#include "mldsa/kernels.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <new>
#include <optional>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using namespace tessera;
using namespace tessera::mldsa;
using test::Bytes;

const Kernels& K() { return kernels_for(Backend::portable); }

// What from_bytes reports for each failed check of a private key (Result::what()).
constexpr const char* kEtaCheck = "ML-DSA private key (s1 or s2 coefficient outside [-eta, eta])";
constexpr const char* kT0Check = "ML-DSA private key (t0 does not match s1, s2)";
constexpr const char* kTrCheck = "ML-DSA private key (tr does not match the public key)";

template <class D>
class MlDsaKeys : public ::testing::Test {};
using Sets = ::testing::Types<MlDsa44, MlDsa65, MlDsa87>;
TYPED_TEST_SUITE(MlDsaKeys, Sets);

using test::random_bytes_vec;
using test::resized;
template <std::size_t N>
Bytes to_vec(const SecretArray<N>& s) { return Bytes(s.data(), s.data() + N); }

// Keys are made only by the library (built in place inside the Result that returns them).
static_assert(!std::is_default_constructible_v<MlDsa65::PublicKey> &&
              !std::is_default_constructible_v<MlDsa65::PrivateKey> &&
              !std::is_default_constructible_v<MlDsa65::KeyPair>);
static_assert(!std::is_copy_constructible_v<MlDsa65::PrivateKey> && !std::is_copy_assignable_v<MlDsa65::PrivateKey>);
static_assert(std::is_nothrow_move_constructible_v<MlDsa65::PrivateKey> &&
              std::is_nothrow_move_assignable_v<MlDsa65::PrivateKey>);

TYPED_TEST(MlDsaKeys, KeyObjects) {
  using D = TypeParam;
  std::mt19937 rng(12);
  const Bytes xi = random_bytes_vec(rng, 32);
  auto kp = D::keygen_internal(xi);
  ASSERT_TRUE(kp);
  const auto& sk = kp->private_key;
  EXPECT_TRUE(sk.public_key() == kp->public_key);
  EXPECT_EQ(sk.public_key().tr(), compute_tr(kp->public_key.bytes()));
  ASSERT_TRUE(sk.has_seed());
  auto seed = sk.seed();
  ASSERT_TRUE(seed);
  EXPECT_EQ(to_vec(*seed), xi);
  auto from_seed = D::PrivateKey::from_seed(xi);
  ASSERT_TRUE(from_seed);
  const Bytes sk_bytes = to_vec(sk.bytes());
  EXPECT_EQ(to_vec(from_seed->bytes()), sk_bytes);
  EXPECT_TRUE(std::equal(sk_bytes.begin(), sk_bytes.begin() + 32, kp->public_key.bytes().begin()));  // rho
  EXPECT_TRUE(std::equal(sk_bytes.begin() + 64, sk_bytes.begin() + 128, kp->public_key.tr().begin()));

  // bytes() round trips: the public key...
  auto pk = D::PublicKey::from_bytes(kp->public_key.bytes());
  ASSERT_TRUE(pk);
  EXPECT_TRUE(*pk == kp->public_key);
  EXPECT_EQ(pk->tr(), kp->public_key.tr());
  EXPECT_TRUE(std::ranges::equal(pk->bytes(), kp->public_key.bytes()));
  // ...and the private key; its public key is the original one, and it has no seed.
  auto imported = D::PrivateKey::from_bytes(sk_bytes);
  ASSERT_TRUE(imported);
  EXPECT_EQ(to_vec(imported->bytes()), sk_bytes);
  EXPECT_TRUE(imported->public_key() == kp->public_key);
  EXPECT_EQ(imported->public_key().tr(), kp->public_key.tr());
  EXPECT_FALSE(imported->has_seed());
  auto no_seed = imported->seed();
  ASSERT_FALSE(no_seed);
  EXPECT_EQ(no_seed.error(), Error::unsupported);
  EXPECT_STREQ(no_seed.what(), "ML-DSA private key imported without its seed xi");
  auto clone = imported->clone();
  EXPECT_EQ(to_vec(clone.bytes()), sk_bytes);
  EXPECT_FALSE(clone.has_seed());

  // Signing with the key object gives what sign_internal gives on M' = 0 || 0 || M with rnd
  // = 0, for the generated, the seed, the imported and the cloned key, and for a key
  // moved around; the imported key's public key verifies.
  const Bytes msg = {1, 2, 3}, rnd(32, 0);
  Bytes m_prime = {0, 0};
  m_prime.insert(m_prime.end(), msg.begin(), msg.end());
  auto want = D::sign_internal(sk, m_prime, rnd);
  ASSERT_TRUE(want);
  auto moved = std::move(*imported);
  auto moved_again = D::PrivateKey::from_seed(Bytes(32, 0));
  ASSERT_TRUE(moved_again);
  *moved_again = std::move(moved);
  using Sk = typename D::PrivateKey;
  for (const Sk* key : std::initializer_list<const Sk*>{&sk, &*from_seed, &clone, &*moved_again}) {
    auto s = D::sign(*key, msg, {}, mldsa::Signing::deterministic);
    ASSERT_TRUE(s);
    EXPECT_EQ(*s, *want);
    auto si = D::sign_internal(*key, m_prime, rnd);
    ASSERT_TRUE(si);
    EXPECT_EQ(*si, *want);
    EXPECT_TRUE(D::verify(key->public_key(), msg, *s));
    EXPECT_TRUE(D::verify(*pk, msg, *s));
  }
  // Result<T> is assignable: a key replaced in place.
  auto r = D::PrivateKey::from_bytes(Bytes(3));
  EXPECT_EQ(r.error(), Error::invalid_length);
  EXPECT_STREQ(r.what(), "ML-DSA private key");
  r = D::PrivateKey::from_bytes(sk_bytes);
  ASSERT_TRUE(r);
  EXPECT_EQ(to_vec(r->bytes()), sk_bytes);
}

TYPED_TEST(MlDsaKeys, PrivateKeyChecks) {
  using D = TypeParam;
  constexpr Params P = D::params;
  constexpr std::size_t eta_bytes = 32 * static_cast<std::size_t>(P.eta_bits());
  constexpr std::size_t s2_off = 128 + P.l * eta_bytes, t0_off = s2_off + P.k * eta_bytes;
  auto kp = D::keygen_internal(Bytes(32, 7));
  ASSERT_TRUE(kp);
  const Bytes good = to_vec(kp->private_key.bytes());
  ASSERT_TRUE(D::PrivateKey::from_bytes(good));
  // Error::invalid_key, and what() names the check that failed.
  auto expect_invalid = [&](const Bytes& bad, const char* what, const char* check) {
    auto r = D::PrivateKey::from_bytes(bad);
    ASSERT_FALSE(r) << what;
    EXPECT_EQ(r.error(), Error::invalid_key) << what;
    EXPECT_STREQ(r.what(), check) << what;
  };
  std::mt19937 rng(13);
  for (int i = 0; i < 8; ++i) {
    Bytes b = good;  // a flipped bit of t0 (anywhere in it)
    const std::size_t pos = t0_off + rng() % (P.k * 416);
    b[pos] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
    expect_invalid(b, "t0 bit", kT0Check);
    b = good;  // a flipped bit of tr
    b[64 + rng() % 64] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
    expect_invalid(b, "tr bit", kTrCheck);
    b = good;  // rho: another matrix, so another t
    b[rng() % 32] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
    expect_invalid(b, "rho bit", kT0Check);
  }
  // s1 / s2 coefficients out of [-eta, eta] (the encoding eta - s above 2 eta); the first
  // and the last coefficient of each.
  const std::size_t last_s2 = t0_off - 1;
  for (std::size_t pos : {std::size_t{128}, s2_off - 1, s2_off, last_s2}) {
    Bytes b = good;
    b[pos] = 0xFF;
    expect_invalid(b, "eta range", kEtaCheck);
  }
  // An s1 coefficient changed within the range: well formed, but t0 no longer matches.
  Bytes b = good;
  b[128] ^= 0x01;
  expect_invalid(b, "s1 changed", kT0Check);
  // K is not derived from anything the key holds: another K is another valid key.
  b = good;
  b[40] ^= 0x80;
  auto other = D::PrivateKey::from_bytes(b);
  ASSERT_TRUE(other);
  EXPECT_EQ(to_vec(other->bytes()), b);
  auto s1 = D::sign(kp->private_key, Bytes{1}, {}, mldsa::Signing::deterministic);
  auto s2 = D::sign(*other, Bytes{1}, {}, mldsa::Signing::deterministic);
  ASSERT_TRUE(s1 && s2);
  EXPECT_NE(*s1, *s2);
  EXPECT_TRUE(D::verify(kp->public_key, Bytes{1}, *s2));
}

// Every truncated and extended length is rejected, and nothing is built.
TYPED_TEST(MlDsaKeys, EveryWrongKeyLengthRejected) {
  using D = TypeParam;
  auto kp = D::keygen_internal(Bytes(32, 9));
  ASSERT_TRUE(kp);
  const Bytes pk = resized(kp->public_key.bytes(), D::public_key_bytes + 64);
  const Bytes sk = resized(to_vec(kp->private_key.bytes()), D::private_key_bytes + 64);
  for (std::size_t n = 0; n <= D::public_key_bytes + 64; ++n) {
    if (n == D::public_key_bytes) continue;
    auto r = D::PublicKey::from_bytes(std::span<const std::uint8_t>(pk).first(n));
    ASSERT_FALSE(r) << n;
    ASSERT_EQ(r.error(), Error::invalid_length) << n;
    ASSERT_STREQ(r.what(), "ML-DSA public key") << n;
  }
  for (std::size_t n = 0; n <= D::private_key_bytes + 64; ++n) {
    if (n == D::private_key_bytes) continue;
    auto r = D::PrivateKey::from_bytes(std::span<const std::uint8_t>(sk).first(n));
    ASSERT_FALSE(r) << n;
    ASSERT_EQ(r.error(), Error::invalid_length) << n;
    ASSERT_STREQ(r.what(), "ML-DSA private key") << n;
  }
  for (std::size_t n = 0; n <= 64; ++n) {
    if (n == 32) continue;
    auto s = D::PrivateKey::from_seed(Bytes(n, 1));
    ASSERT_EQ(s.error(), Error::invalid_length) << n;
    ASSERT_STREQ(s.what(), "ML-DSA seed xi (32 bytes)") << n;
    auto k = D::keygen_internal(Bytes(n, 1));
    ASSERT_EQ(k.error(), Error::invalid_length) << n;
    ASSERT_STREQ(k.what(), "ML-DSA seed xi (32 bytes)") << n;
  }
}

// The private key's secrets (xi, K, the NTT forms of s1, s2, t0, and their encodings) as
// 16-byte windows; finds which occur in a memory region.
template <class D>
std::vector<std::string> secrets_in(std::span<const std::uint8_t> region, const Bytes& xi, const Bytes& sk) {
  constexpr Params P = D::params;
  constexpr std::size_t eta_bytes = 32 * static_cast<std::size_t>(P.eta_bits());
  std::vector<std::pair<std::string, Bytes>> secrets = {{"xi", xi},
                                                        {"K", Bytes(sk.begin() + 32, sk.begin() + 64)},
                                                        {"s1||s2||t0 (encoded)", Bytes(sk.begin() + 128, sk.end())}};
  for (int i = 0; i < P.l + 2 * P.k; ++i) {  // s1_hat, s2_hat, t0_hat as the key holds them
    Poly p;
    const std::uint8_t* in = sk.data() + 128 + static_cast<std::size_t>(i) * eta_bytes;
    if (i < P.l + P.k) (void)K().unpack_eta(p, in, P.eta);
    else K().unpack_t0(p, sk.data() + 128 + (P.l + P.k) * eta_bytes + static_cast<std::size_t>(i - P.l - P.k) * 416);
    K().ntt(p);
    const auto* b = reinterpret_cast<const std::uint8_t*>(p.coeffs);
    secrets.push_back({"NTT-domain polynomial " + std::to_string(i), Bytes(b, b + sizeof p)});
  }
  std::vector<std::string> found;
  for (const auto& [name, bytes] : secrets)
    for (std::size_t off = 0; off + 16 <= bytes.size(); off += bytes.size() > 256 ? 120 : 8)
      if (std::search(region.begin(), region.end(), bytes.begin() + off, bytes.begin() + off + 16) != region.end()) {
        found.push_back(name);
        break;
      }
  return found;
}

// A PrivateKey built in a buffer we own: after a move its storage holds no secret, and
// after destruction neither does the storage of the key moved to (zeroize_test.cpp does the
// same for other key types).
TYPED_TEST(MlDsaKeys, PrivateKeyWipedOnMoveAndDestruction) {
  using D = TypeParam;
  using Sk = typename D::PrivateKey;
  const Bytes xi(32, 0x5A);
  auto kp = D::keygen_internal(xi);
  ASSERT_TRUE(kp);
  const Bytes sk = to_vec(kp->private_key.bytes());
  alignas(Sk) static std::uint8_t a_mem[sizeof(Sk)], b_mem[sizeof(Sk)];
  std::memset(a_mem, 0xCC, sizeof a_mem);
  std::memset(b_mem, 0xCC, sizeof b_mem);
  Sk* a = ::new (a_mem) Sk(D::PrivateKey::from_seed(xi).value());
  ASSERT_GT(secrets_in<D>(a_mem, xi, sk).size(), 3u) << "the search finds the secrets of a live key";
  Sk* b = ::new (b_mem) Sk(std::move(*std::launder(a)));
  EXPECT_EQ(secrets_in<D>(a_mem, xi, sk), std::vector<std::string>{}) << "moved-from key";
  EXPECT_FALSE(std::launder(a)->has_seed());
  EXPECT_EQ(to_vec(std::launder(b)->bytes()), sk);
  std::launder(a)->~Sk();
  std::launder(b)->~Sk();
  EXPECT_EQ(secrets_in<D>(b_mem, xi, sk), std::vector<std::string>{}) << "destroyed key";
  // Move assignment wipes its source too.
  a = ::new (a_mem) Sk(D::PrivateKey::from_bytes(sk).value());
  auto target = D::PrivateKey::from_seed(Bytes(32, 1));
  ASSERT_TRUE(target);
  *target = std::move(*std::launder(a));
  EXPECT_EQ(secrets_in<D>(a_mem, xi, sk), std::vector<std::string>{}) << "moved-from key (assignment)";
  std::launder(a)->~Sk();
}

// The whole API once per backend, and key objects made under one backend used under
// another (the SIMD kernels are bit-for-bit equal, NTT domain included).
class MlDsaPerBackend : public test::PerBackend {};
TEST_P(MlDsaPerBackend, RoundTrip) {
  static std::optional<MlDsa65::KeyPair> first;  // made under the first backend that runs
  static std::optional<MlDsa65::Signature> first_sig;
  auto kp = MlDsa65::keygen_internal(Bytes(32, 1));
  ASSERT_TRUE(kp);
  const Bytes msg = {1, 2, 3};
  auto sig = MlDsa65::sign(kp->private_key, msg, {}, mldsa::Signing::deterministic);
  ASSERT_TRUE(sig);
  EXPECT_TRUE(MlDsa65::verify(kp->public_key, msg, *sig));
  auto sk = MlDsa65::PrivateKey::from_bytes(kp->private_key.bytes().span());
  ASSERT_TRUE(sk);
  auto sig2 = MlDsa65::sign(*sk, msg, {}, mldsa::Signing::deterministic);
  ASSERT_TRUE(sig2);
  EXPECT_EQ(*sig2, *sig);
  if (!first) {
    first.emplace(std::move(*kp));
    first_sig = *sig;
    return;
  }
  auto sig3 = MlDsa65::sign(first->private_key, msg, {}, mldsa::Signing::deterministic);
  ASSERT_TRUE(sig3);
  EXPECT_EQ(*sig3, *first_sig);
  EXPECT_TRUE(MlDsa65::verify(first->public_key, msg, *sig));
}
TESSERA_INSTANTIATE_PER_BACKEND(MlDsaPerBackend);

}  // namespace
