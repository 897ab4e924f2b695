// FrodoKEM / eFrodoKEM API tests, all twelve variants (typed tests), through the key objects
// of include/tessera/frodokem.hpp:
//  - round trips on every backend, and implicit rejection of modified ciphertexts (the
//    rejection key F(c || s) is returned, never an error);
//  - every truncated and extended length of pk, sk and ct rejected (Error::invalid_length),
//    and of the inputs of the *_internal functions, what() naming the argument;
//  - inconsistent private keys rejected (Error::invalid_key, what() saying which check): a
//    flipped bit of pkh, a flipped bit of the pk inside sk, an entry of S^T outside the
//    error support;
//  - bytes() round trips, public_key() of a parsed sk, clone();
//  - a destroyed or moved-from PrivateKey leaves no secret byte (s, S^T) in its storage;
//  - determinism of the *_internal entry points and agreement of every backend with portable.
#include "support/backends.hpp"

#include <tessera/frodokem.hpp>
#include <tessera/sha3.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <new>
#include <random>
#include <type_traits>
#include <vector>

namespace tessera::test {
namespace {

using namespace tessera::frodokem;
using Bytes = std::vector<std::uint8_t>;

template <class C>
Bytes to_vec(const C& c) {
  return Bytes(c.begin(), c.end());
}

template <class K>
class FrodoKemApi : public ::testing::Test {
 protected:
  // Runs f once under each backend this host has.
  template <class F>
  void for_each_backend(F f) {
    for (Backend b : kAllBackends) {
      auto forced = BackendOverride::force(b);
      if (!forced) continue;
      SCOPED_TRACE(std::string(backend_name(b)));
      f(b);
    }
  }
  std::mt19937_64 rng{42};
  Bytes random_bytes(std::size_t n) {
    Bytes v(n);
    for (auto& x : v) x = static_cast<std::uint8_t>(rng());
    return v;
  }
  // A key pair from fixed randomness (the key objects are large: kept on the heap here).
  std::unique_ptr<typename K::KeyPair> fixed_key_pair() {
    auto rnd = random_bytes(K::s_bytes + K::seed_se_bytes + K::z_bytes);
    auto kp = K::keygen_internal({rnd.data(), K::s_bytes}, {rnd.data() + K::s_bytes, K::seed_se_bytes},
                                 {rnd.data() + K::s_bytes + K::seed_se_bytes, K::z_bytes});
    if (!kp) return nullptr;
    return std::make_unique<typename K::KeyPair>(std::move(*kp));
  }
};

using AllVariants = ::testing::Types<FrodoKem640Aes, FrodoKem640Shake, FrodoKem976Aes, FrodoKem976Shake,
                                     FrodoKem1344Aes, FrodoKem1344Shake, EFrodoKem640Aes, EFrodoKem640Shake,
                                     EFrodoKem976Aes, EFrodoKem976Shake, EFrodoKem1344Aes, EFrodoKem1344Shake>;
class VariantNames {
 public:
  template <class K>
  static std::string GetName(int) {
    std::string s = K::name;
    for (auto& c : s)
      if (c == '-') c = '_';
    return s;
  }
};
TYPED_TEST_SUITE(FrodoKemApi, AllVariants, VariantNames);

// The byte offsets of the parts of the encoding s || seed_A || b || S^T || pkh.
template <class K>
struct SkLayout {
  static constexpr std::size_t pk = K::s_bytes;
  static constexpr std::size_t st = pk + K::public_key_bytes;
  static constexpr std::size_t pkh = st + K::st_bytes;
  static_assert(pkh + K::pkh_bytes == K::private_key_bytes);
};

TYPED_TEST(FrodoKemApi, RoundTripsAndImplicitRejection) {
  using K = TypeParam;
  static_assert(KemScheme<K>);
  static_assert(std::is_copy_constructible_v<typename K::PublicKey> && std::is_copy_assignable_v<typename K::PublicKey>);
  static_assert(!std::is_copy_constructible_v<typename K::PrivateKey> && !std::is_copy_assignable_v<typename K::PrivateKey>);
  static_assert(std::is_nothrow_move_constructible_v<typename K::PrivateKey> &&
                std::is_nothrow_move_assignable_v<typename K::PrivateKey>);
  this->for_each_backend([&](Backend) {
    for (int i = 0; i < 2; ++i) {
      auto kp = K::generate_key();
      ASSERT_TRUE(kp);
      auto enc = K::encapsulate(kp->public_key);
      ASSERT_TRUE(enc);
      auto ss = K::decapsulate(kp->private_key, enc->ciphertext);
      ASSERT_TRUE(ss);
      EXPECT_EQ(to_vec(ss->span()), to_vec(enc->shared_secret.span()));
      // Modified ciphertexts: in c1, in c2, in the salt (FrodoKEM), at both ends.
      std::vector<std::size_t> where = {0, K::ciphertext_bytes / 2, K::params.c1_bytes(), K::params.c1_bytes() + 1,
                                        K::ciphertext_bytes - 1};
      const auto sk = kp->private_key.bytes();
      for (std::size_t pos : where) {
        auto ct = enc->ciphertext;
        ct[pos] ^= static_cast<std::uint8_t>(1u << (pos % 8));
        auto bad = K::decapsulate(kp->private_key, ct);
        ASSERT_TRUE(bad) << "a modified ciphertext is not an error";
        EXPECT_NE(to_vec(bad->span()), to_vec(enc->shared_secret.span())) << "byte " << pos;
        // The rejection key is F(c || s) with s the first len_sec bytes of sk.
        Bytes fin(ct.begin(), ct.end());
        fin.insert(fin.end(), sk.data(), sk.data() + K::s_bytes);
        Bytes expect(K::shared_secret_bytes);
        if (K::params.n == 640) shake128(fin, expect);
        else shake256(fin, expect);
        EXPECT_EQ(to_vec(bad->span()), expect) << "byte " << pos;
      }
    }
  });
}

// Keys parsed from bytes behave as the generated objects, and give back the same bytes.
TYPED_TEST(FrodoKemApi, BytesRoundTrip) {
  using K = TypeParam;
  auto kp = this->fixed_key_pair();
  ASSERT_TRUE(kp);
  const Bytes pk_bytes = to_vec(kp->public_key.bytes());
  const Bytes sk_bytes = to_vec(kp->private_key.bytes().span());
  EXPECT_EQ(to_vec(kp->private_key.public_key().bytes()), pk_bytes);
  EXPECT_EQ(Bytes(sk_bytes.begin() + SkLayout<K>::pk, sk_bytes.begin() + SkLayout<K>::st), pk_bytes);

  auto pk = K::PublicKey::from_bytes(pk_bytes);
  ASSERT_TRUE(pk);
  EXPECT_EQ(to_vec(pk->bytes()), pk_bytes);
  EXPECT_TRUE(*pk == kp->public_key);
  // pkh = SHAKE(pk, len_sec), the last bytes of sk.
  EXPECT_EQ(to_vec(pk->pkh()), Bytes(sk_bytes.end() - K::pkh_bytes, sk_bytes.end()));

  auto sk = K::PrivateKey::from_bytes(sk_bytes);
  ASSERT_TRUE(sk);
  EXPECT_EQ(to_vec(sk->bytes().span()), sk_bytes);
  EXPECT_TRUE(sk->public_key() == *pk);
  EXPECT_EQ(to_vec(sk->public_key().bytes()), pk_bytes);
  const auto copy = sk->clone();
  EXPECT_EQ(to_vec(copy.bytes().span()), sk_bytes);

  // Encapsulating to the parsed key gives the same ciphertext; the parsed private key and
  // its clone decapsulate it.
  auto rnd = this->random_bytes(K::mu_bytes + K::salt_bytes);
  const std::span<const std::uint8_t> mu(rnd.data(), K::mu_bytes), salt(rnd.data() + K::mu_bytes, K::salt_bytes);
  auto enc = K::encaps_internal(kp->public_key, mu, salt);
  auto enc2 = K::encaps_internal(*pk, mu, salt);
  ASSERT_TRUE(enc && enc2);
  EXPECT_EQ(to_vec(enc->ciphertext), to_vec(enc2->ciphertext));
  for (const auto* key : std::initializer_list<const typename K::PrivateKey*>{&kp->private_key, &*sk, &copy}) {
    auto ss = K::decapsulate(*key, enc->ciphertext);
    ASSERT_TRUE(ss);
    EXPECT_EQ(to_vec(ss->span()), to_vec(enc->shared_secret.span()));
  }
}

TYPED_TEST(FrodoKemApi, EveryWrongLengthRejected) {
  using K = TypeParam;
  auto kp = this->fixed_key_pair();
  ASSERT_TRUE(kp);
  auto big = this->random_bytes(2 * K::private_key_bytes);
  // Every truncated length, and extended ones up to twice the size.
  // Every truncated length, and extended ones up to twice the size; what() names the argument.
  auto check = [&](std::size_t good, auto call, const char* what) {
    for (std::size_t len = 0; len <= 2 * good; ++len) {
      if (len == good) continue;
      auto r = call(std::span<const std::uint8_t>(big.data(), len));
      ASSERT_FALSE(r) << len;
      ASSERT_EQ(r.error(), Error::invalid_length) << len;
      ASSERT_STREQ(r.what(), what) << len;
    }
  };
  check(K::public_key_bytes, [](auto b) { return K::PublicKey::from_bytes(b); }, "FrodoKEM public key");
  check(K::private_key_bytes, [](auto b) { return K::PrivateKey::from_bytes(b); }, "FrodoKEM private key");
  check(K::ciphertext_bytes, [&](auto b) { return K::decapsulate(kp->private_key, b); }, "FrodoKEM ciphertext");

  const std::size_t s = K::s_bytes, se = K::seed_se_bytes, z = K::z_bytes;
  auto expect_length_error = [](const auto& r, const char* what) {
    ASSERT_FALSE(r) << what;
    EXPECT_EQ(r.error(), Error::invalid_length) << what;
    EXPECT_STREQ(r.what(), what);
  };
  for (std::size_t d : {std::size_t{1}, std::size_t{0} - 1}) {
    expect_length_error(K::keygen_internal({big.data(), s + d}, {big.data(), se}, {big.data(), z}),
                        "FrodoKEM s (len_sec bits)");
    expect_length_error(K::keygen_internal({big.data(), s}, {big.data(), se + d}, {big.data(), z}),
                        "FrodoKEM seed_SE (len_SE bits)");
    expect_length_error(K::keygen_internal({big.data(), s}, {big.data(), se}, {big.data(), z + d}),
                        "FrodoKEM z (len_A bits)");
    expect_length_error(K::encaps_internal(kp->public_key, {big.data(), K::mu_bytes + d}, {big.data(), K::salt_bytes}),
                        "FrodoKEM mu (len_sec bits)");
    if (K::salt_bytes != 0 || d == 1) {
      expect_length_error(K::encaps_internal(kp->public_key, {big.data(), K::mu_bytes}, {big.data(), K::salt_bytes + d}),
                          "FrodoKEM salt (len_salt bits)");
    }
  }
  auto r = K::keygen_internal({big.data(), s}, {big.data(), se}, {big.data(), z + 1});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), Error::invalid_length);
}

// An encoded private key must be consistent: pkh = SHAKE(pk) and S^T in the error support.
TYPED_TEST(FrodoKemApi, InconsistentPrivateKeyRejected) {
  using K = TypeParam;
  using L = SkLayout<K>;
  auto kp = this->fixed_key_pair();
  ASSERT_TRUE(kp);
  const Bytes good = to_vec(kp->private_key.bytes().span());
  // what() says which check failed (both verdicts are public: pk and pkh are the public parts).
  constexpr const char* kPkhMismatch = "FrodoKEM private key (pkh does not match pk)";
  constexpr const char* kStOutOfRange = "FrodoKEM private key (an entry of S^T outside the error distribution)";
  auto expect_invalid_key = [](const Bytes& b, const char* what, const char* expected_what) {
    auto r = K::PrivateKey::from_bytes(b);
    ASSERT_FALSE(r) << what;
    EXPECT_EQ(r.error(), Error::invalid_key) << what;
    EXPECT_STREQ(r.what(), expected_what) << what;
  };
  for (std::size_t bit : {std::size_t{0}, std::size_t{7}, 8 * K::pkh_bytes - 1}) {
    Bytes b = good;
    b[L::pkh + bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    expect_invalid_key(b, "flipped pkh bit", kPkhMismatch);
  }
  for (std::size_t off : {std::size_t{0}, std::size_t{15}, std::size_t{16}, K::public_key_bytes - 1}) {
    Bytes b = good;
    b[L::pk + off] ^= 0x01;
    expect_invalid_key(b, "flipped pk bit (pkh no longer matches)", kPkhMismatch);
  }
  // S^T entries: 16-bit little endian, two's complement. +-max_error is in the support,
  // +-(max_error + 1) and the extremes are not; s, the first bytes, is never checked.
  auto with_entry = [&](std::size_t i, int v) {
    Bytes b = good;
    const auto u = static_cast<std::uint16_t>(v);
    b[L::st + 2 * i] = static_cast<std::uint8_t>(u);
    b[L::st + 2 * i + 1] = static_cast<std::uint8_t>(u >> 8);
    return b;
  };
  const std::size_t entries = K::st_bytes / 2;
  for (std::size_t i : {std::size_t{0}, entries / 2 + 3, entries - 1}) {
    for (int v : {K::max_error + 1, -(K::max_error + 1), 0x7FFF, -0x8000, 0x100, -0x100})
      expect_invalid_key(with_entry(i, v), "S^T entry out of range", kStOutOfRange);
    for (int v : {K::max_error, -K::max_error, 0}) {
      auto r = K::PrivateKey::from_bytes(with_entry(i, v));
      EXPECT_TRUE(r) << "S^T entry " << v << " is in the support";
    }
  }
  Bytes b = good;
  b[0] ^= 0xFF;
  EXPECT_TRUE(K::PrivateKey::from_bytes(b)) << "s is any string";
}

// True if the storage of a PrivateKey holds nothing but zeros outside the copies of its
// public key and pkh (public, not wiped): s and S^T are gone, wherever the layout put them.
template <class K>
bool only_zero_outside_public(std::span<const std::uint8_t> storage, const typename K::PublicKey& pk) {
  Bytes rest(storage.begin(), storage.end());
  for (auto part : {pk.bytes().subspan(0), pk.pkh().subspan(0)}) {
    auto it = rest.begin();
    while ((it = std::search(it, rest.end(), part.begin(), part.end())) != rest.end()) {
      std::fill(it, it + static_cast<std::ptrdiff_t>(part.size()), std::uint8_t{0});
      it += static_cast<std::ptrdiff_t>(part.size());
    }
  }
  return std::all_of(rest.begin(), rest.end(), [](std::uint8_t x) { return x == 0; });
}

TYPED_TEST(FrodoKemApi, PrivateKeyWipedOnDestructionAndMove) {
  using K = TypeParam;
  using Sk = typename K::PrivateKey;
  auto kp = this->fixed_key_pair();
  ASSERT_TRUE(kp);
  const auto& pk = kp->public_key;
  struct Storage {
    alignas(Sk) std::uint8_t bytes[sizeof(Sk)];
  };
  auto a = std::make_unique<Storage>();
  auto b = std::make_unique<Storage>();
  std::memset(a->bytes, 0xCC, sizeof(Sk));
  std::memset(b->bytes, 0xCC, sizeof(Sk));
  const std::span<const std::uint8_t> sa(a->bytes, sizeof(Sk)), sb(b->bytes, sizeof(Sk));

  // The check sees the secrets while the key is alive.
  Sk* x = ::new (a->bytes) Sk(kp->private_key.clone());
  EXPECT_FALSE(only_zero_outside_public<K>(sa, pk));
  // Move construction wipes the source.
  Sk* y = ::new (b->bytes) Sk(std::move(*x));
  EXPECT_TRUE(only_zero_outside_public<K>(sa, pk)) << "moved-from (construction)";
  EXPECT_EQ(to_vec(y->bytes().span()), to_vec(kp->private_key.bytes().span()));
  // Move assignment wipes the source.
  *x = std::move(*y);
  EXPECT_TRUE(only_zero_outside_public<K>(sb, pk)) << "moved-from (assignment)";
  EXPECT_EQ(to_vec(x->bytes().span()), to_vec(kp->private_key.bytes().span()));
  std::launder(y)->~Sk();
  // Destruction wipes.
  std::launder(x)->~Sk();
  EXPECT_TRUE(only_zero_outside_public<K>(sa, pk)) << "destroyed";

  // A parsed key too (from_bytes through Result<PrivateKey>).
  auto parsed = Sk::from_bytes(kp->private_key.bytes().span());
  ASSERT_TRUE(parsed);
  std::memset(a->bytes, 0xCC, sizeof(Sk));
  x = ::new (a->bytes) Sk(std::move(*parsed));
  std::launder(x)->~Sk();
  EXPECT_TRUE(only_zero_outside_public<K>(sa, pk)) << "destroyed (parsed key)";
}

// Deterministic entry points give the same bytes on every backend.
TYPED_TEST(FrodoKemApi, BackendsAgree) {
  using K = TypeParam;
  auto rnd = this->random_bytes(K::s_bytes + K::seed_se_bytes + K::z_bytes + K::mu_bytes + K::salt_bytes);
  const std::uint8_t* p = rnd.data();
  Bytes pk0, sk0, ct0, ss0;
  this->for_each_backend([&](Backend) {
    auto kp = K::keygen_internal({p, K::s_bytes}, {p + K::s_bytes, K::seed_se_bytes},
                                 {p + K::s_bytes + K::seed_se_bytes, K::z_bytes});
    ASSERT_TRUE(kp);
    EXPECT_TRUE(kp->private_key.public_key() == kp->public_key);
    const std::uint8_t* q = p + K::s_bytes + K::seed_se_bytes + K::z_bytes;
    auto enc = K::encaps_internal(kp->public_key, {q, K::mu_bytes}, {q + K::mu_bytes, K::salt_bytes});
    ASSERT_TRUE(enc);
    auto again = K::encaps_internal(kp->public_key, {q, K::mu_bytes}, {q + K::mu_bytes, K::salt_bytes});
    ASSERT_TRUE(again);
    EXPECT_EQ(to_vec(enc->ciphertext), to_vec(again->ciphertext));
    if (pk0.empty()) {
      pk0 = to_vec(kp->public_key.bytes());
      sk0 = to_vec(kp->private_key.bytes().span());
      ct0 = to_vec(enc->ciphertext);
      ss0 = to_vec(enc->shared_secret.span());
    } else {
      EXPECT_EQ(to_vec(kp->public_key.bytes()), pk0);
      EXPECT_EQ(to_vec(kp->private_key.bytes().span()), sk0);
      EXPECT_EQ(to_vec(enc->ciphertext), ct0);
      EXPECT_EQ(to_vec(enc->shared_secret.span()), ss0);
    }
  });
}

}  // namespace
}  // namespace tessera::test
