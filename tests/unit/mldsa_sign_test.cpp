// ML-DSA signing and verification (no vector files): the API shape (the Context type, the
// header's example), round trips with bit flips for pure ML-DSA, HashML-DSA and external mu,
// every wrong input length and context length with the errors that name the argument, a
// failing entropy source, and malformed signatures (hints, padding, z range).
#include <tessera/mldsa.hpp>
#include <tessera/random.hpp>

#include "support/hex.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <concepts>
#include <cstring>
#include <random>
#include <string_view>
#include <utility>
#include <vector>

namespace {

using namespace tessera;
using namespace tessera::mldsa;
using test::Bytes;

template <class D>
class MlDsaSign : public ::testing::Test {};
using Sets = ::testing::Types<MlDsa44, MlDsa65, MlDsa87>;
TYPED_TEST_SUITE(MlDsaSign, Sets);

// The result failed with this error, and what() names the argument.
template <class R>
void expect_failure(const R& r, Error code, const char* what) {
  ASSERT_FALSE(r) << what;
  EXPECT_EQ(r.error(), code) << what;
  EXPECT_STREQ(r.what(), what);
  EXPECT_EQ(r.failure().code, code);
  EXPECT_STREQ(r.failure().what, what);
}

using test::random_bytes_vec;
using test::resized;
template <std::size_t N>
Bytes to_vec(const SecretArray<N>& s) { return Bytes(s.data(), s.data() + N); }

// The context is a type of its own: a byte span in its place does not compile, and neither
// does a public key given as bytes.
template <class D>
concept SignTakesSpanContext = requires(const typename D::PrivateKey& sk, std::span<const std::uint8_t> s) {
  D::sign(sk, s, s);
};
template <class D>
concept VerifyTakesSpanContext = requires(const typename D::PublicKey& pk, std::span<const std::uint8_t> s) {
  D::verify(pk, s, s, s);
};
template <class D>
concept VerifyTakesPublicKeyBytes = requires(std::span<const std::uint8_t> s) { D::verify(s, s, s); };
template <class D>
concept SignTakesContext = requires(const typename D::PrivateKey& sk, std::span<const std::uint8_t> s) {
  { D::sign(sk, s, Context(s)) } -> std::same_as<Result<typename D::Signature>>;
  { D::sign_prehash(sk, PreHash::sha3_256, s, Context(s)) } -> std::same_as<Result<typename D::Signature>>;
};
static_assert(!SignTakesSpanContext<MlDsa44> && !SignTakesSpanContext<MlDsa65> && !SignTakesSpanContext<MlDsa87>);
static_assert(!VerifyTakesSpanContext<MlDsa44> && !VerifyTakesSpanContext<MlDsa87>);
static_assert(!VerifyTakesPublicKeyBytes<MlDsa44> && !VerifyTakesPublicKeyBytes<MlDsa87>);
static_assert(SignTakesContext<MlDsa44> && SignTakesContext<MlDsa65> && SignTakesContext<MlDsa87>);
static_assert(std::string_view(MlDsa87::name) == "ML-DSA-87");

// The example at the top of include/tessera/mldsa.hpp, verbatim, compiled with -Werror.
tessera::Result<void> example(std::span<const std::uint8_t> message) {
  using tessera::MlDsa65;
  auto kp = MlDsa65::generate_key();  // Result<KeyPair>
  if (!kp) return kp.error();
  const tessera::Context ctx("my-protocol v1");
  auto sig = MlDsa65::sign(kp->private_key, message, ctx);  // hedged by default
  if (!sig) return sig.error();
  if (!MlDsa65::verify(kp->public_key, message, *sig, ctx)) return tessera::Error::invalid_state;

  // Keys that arrive as bytes are parsed and checked once, then used any number of times.
  const auto pk_bytes = kp->public_key.bytes();
  const auto sk_bytes = kp->private_key.bytes();  // SecretArray: wiped on scope exit
  auto pk = MlDsa65::PublicKey::from_bytes(pk_bytes);          // Error::invalid_length
  auto sk = MlDsa65::PrivateKey::from_bytes(sk_bytes.span());  // ... or Error::invalid_key
  if (!pk || !sk) return tessera::Error::invalid_key;
  auto sig2 = MlDsa65::sign(*sk, message, ctx);
  if (!sig2 || !MlDsa65::verify(*pk, message, *sig2, ctx)) return tessera::Error::invalid_state;
  return {};
}
TEST(MlDsaSignShape, HeaderExample) { EXPECT_TRUE(example(Bytes{'h', 'i'})); }

TYPED_TEST(MlDsaSign, RoundTripsAndBitFlips) {
  using D = TypeParam;
  std::mt19937 rng(11);
  for (int iter = 0; iter < 6; ++iter) {
    auto kp = D::generate_key();
    ASSERT_TRUE(kp);
    const auto& pk = kp->public_key;
    const Bytes msg = random_bytes_vec(rng, rng() % 300);
    const Bytes ctx_bytes = random_bytes_vec(rng, iter == 0 ? 255 : rng() % 40);
    const Context ctx(ctx_bytes);
    const auto mode = iter % 2 ? mldsa::Signing::deterministic : mldsa::Signing::hedged;
    auto sig = D::sign(kp->private_key, msg, ctx, mode);
    ASSERT_TRUE(sig);
    ASSERT_TRUE(D::verify(pk, msg, *sig, ctx));
    // Bit flips: message, context, signature, public key.
    if (!msg.empty()) {
      Bytes m2 = msg;
      m2[rng() % m2.size()] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
      EXPECT_FALSE(D::verify(pk, m2, *sig, ctx));
    }
    Bytes c2 = ctx_bytes;
    if (c2.empty()) c2.push_back(0);
    else c2[rng() % c2.size()] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
    EXPECT_FALSE(D::verify(pk, msg, *sig, Context(c2)));
    for (int f = 0; f < 40; ++f) {
      auto s2 = *sig;
      // Bits of c~, z and the hint count region; flipping any must invalidate.
      const std::size_t pos = rng() % s2.size();
      s2[pos] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
      EXPECT_FALSE(D::verify(pk, msg, s2, ctx)) << "flip at byte " << pos;
    }
    Bytes pk2(pk.bytes().begin(), pk.bytes().end());
    pk2[rng() % pk2.size()] ^= 1;
    auto pk2_key = D::PublicKey::from_bytes(pk2);
    ASSERT_TRUE(pk2_key);  // any string of the right length is a public key
    EXPECT_FALSE(D::verify(*pk2_key, msg, *sig, ctx));
    // Deterministic signing is deterministic; hedged differs across calls.
    auto d1 = D::sign(kp->private_key, msg, ctx, mldsa::Signing::deterministic);
    auto d2 = D::sign(kp->private_key, msg, ctx, mldsa::Signing::deterministic);
    ASSERT_TRUE(d1 && d2);
    EXPECT_EQ(*d1, *d2);
    auto h1 = D::sign(kp->private_key, msg, ctx);
    auto h2 = D::sign(kp->private_key, msg, ctx);
    ASSERT_TRUE(h1 && h2);
    EXPECT_NE(*h1, *h2);
    // External mu (pieces) gives the same deterministic signature; pre-hash round trip.
    auto b = D::mu_builder(pk, ctx);
    ASSERT_TRUE(b);
    b->update(std::span<const std::uint8_t>(msg).first(msg.size() / 3));
    b->update(std::span<const std::uint8_t>(msg).subspan(msg.size() / 3));
    const Mu mu = b->final();
    auto sm = D::sign_mu(kp->private_key, mu, mldsa::Signing::deterministic);
    ASSERT_TRUE(sm);
    EXPECT_EQ(*sm, *d1);
    EXPECT_TRUE(D::verify_mu(pk, mu, *d1));
    auto b2 = MuBuilder::from_tr(pk.tr(), ctx);  // the same from the key's tr
    ASSERT_TRUE(b2);
    b2->update(msg);
    EXPECT_EQ(b2->final(), mu);
    for (PreHash ph : {PreHash::sha3_256, PreHash::shake128, PreHash::shake256, PreHash::sha3_512}) {
      auto sp = D::sign_prehash(kp->private_key, ph, msg, ctx);
      ASSERT_TRUE(sp);
      EXPECT_TRUE(D::verify_prehash(pk, ph, msg, *sp, ctx));
      EXPECT_FALSE(D::verify(pk, msg, *sp, ctx));  // domain separation
      EXPECT_FALSE(D::verify_prehash(pk, PreHash::sha3_384, msg, *sp, ctx));
    }
    // SHA-2 digests supplied by the caller work without SHA-2 in the library.
    const Bytes digest = random_bytes_vec(rng, 32);
    auto sd = D::sign_digest(kp->private_key, PreHash::sha2_256, digest, ctx);
    ASSERT_TRUE(sd);
    EXPECT_TRUE(D::verify_digest(pk, PreHash::sha2_256, digest, *sd, ctx));
    EXPECT_FALSE(D::verify_digest(pk, PreHash::sha3_256, digest, *sd, ctx));
  }
}

TYPED_TEST(MlDsaSign, WrongLengthsRejected) {
  using D = TypeParam;
  auto kp = D::generate_key();
  ASSERT_TRUE(kp);
  const Bytes msg = {9, 9};
  auto sig = D::sign(kp->private_key, msg);
  ASSERT_TRUE(sig);
  const auto& sk = kp->private_key;
  const auto& pk = kp->public_key;
  const Bytes rnd(32, 1), mu(64, 2), digest(32, 3), tr(64, 4);
  for (int delta : {-1, +1}) {
    auto n = [delta](std::size_t s) { return s + static_cast<std::size_t>(delta); };
    // Error::invalid_length, and what() names the argument.
    expect_failure(D::sign_internal(sk, msg, Bytes(n(32), 0)), Error::invalid_length, "ML-DSA rnd (32 bytes)");
    expect_failure(D::sign_internal_mu(sk, mu, Bytes(n(32), 0)), Error::invalid_length, "ML-DSA rnd (32 bytes)");
    expect_failure(D::sign_internal_mu(sk, Bytes(n(64), 0), rnd), Error::invalid_length, "ML-DSA mu (64 bytes)");
    expect_failure(D::sign_mu(sk, Bytes(n(64), 0)), Error::invalid_length, "ML-DSA mu (64 bytes)");
    expect_failure(D::sign_digest(sk, PreHash::sha3_256, Bytes(n(32), 0)), Error::invalid_length,
                   "HashML-DSA digest (wrong length for the pre-hash)");
    expect_failure(MuBuilder::from_tr(Bytes(n(64), 0)), Error::invalid_length, "ML-DSA tr (64 bytes)");
    expect_failure(MuBuilder::from_tr_raw(Bytes(n(64), 0)), Error::invalid_length, "ML-DSA tr (64 bytes)");
    const Bytes sig_bad = resized(*sig, n(D::signature_bytes));
    EXPECT_FALSE(D::verify(pk, msg, sig_bad));
    EXPECT_FALSE(D::verify_internal(pk, msg, sig_bad));
    EXPECT_FALSE(D::verify_mu(pk, mu, sig_bad));
    EXPECT_FALSE(D::verify_mu(pk, Bytes(n(64), 0), *sig));
    EXPECT_FALSE(D::verify_prehash(pk, PreHash::sha3_256, msg, sig_bad));
    EXPECT_FALSE(D::verify_digest(pk, PreHash::sha3_256, Bytes(n(32), 0), *sig));
  }
  EXPECT_FALSE(D::verify(pk, msg, Bytes{}));
  // A value that is not a PreHash: rejected by sign_digest, and by sign_prehash (whose
  // pre-hash call fails first; its failure is forwarded).
  const auto bad_ph = static_cast<PreHash>(99);
  expect_failure(D::sign_digest(sk, bad_ph, digest), Error::invalid_argument, "HashML-DSA pre-hash (not a PreHash value)");
  expect_failure(D::sign_prehash(sk, bad_ph, msg), Error::invalid_argument, "HashML-DSA pre-hash (not a PreHash value)");
  EXPECT_FALSE(D::verify_digest(pk, bad_ph, digest, *sig));
  EXPECT_FALSE(D::verify_prehash(pk, bad_ph, msg, *sig));
}

TYPED_TEST(MlDsaSign, ContextLength) {
  using D = TypeParam;
  auto kp = D::generate_key();
  ASSERT_TRUE(kp);
  const Bytes msg = {5}, b255(255, 7), b256(256, 7);
  const Context ctx255(b255), ctx256(b256);
  auto ok = D::sign(kp->private_key, msg, ctx255);
  ASSERT_TRUE(ok);
  EXPECT_TRUE(D::verify(kp->public_key, msg, *ok, ctx255));
  constexpr const char* kTooLong = "ML-DSA context (more than 255 bytes)";
  expect_failure(D::sign(kp->private_key, msg, ctx256), Error::invalid_argument, kTooLong);
  expect_failure(D::sign_prehash(kp->private_key, PreHash::sha3_256, msg, ctx256), Error::invalid_argument, kTooLong);
  expect_failure(D::sign_digest(kp->private_key, PreHash::sha3_256, Bytes(32), ctx256), Error::invalid_argument,
                 kTooLong);
  expect_failure(D::mu_builder(kp->public_key, ctx256), Error::invalid_argument, kTooLong);
  expect_failure(MuBuilder::from_tr(kp->public_key.tr(), ctx256), Error::invalid_argument, kTooLong);
  EXPECT_FALSE(D::verify(kp->public_key, msg, *ok, ctx256));
  EXPECT_FALSE(D::verify_prehash(kp->public_key, PreHash::sha3_256, msg, *ok, ctx256));
  EXPECT_FALSE(D::verify_digest(kp->public_key, PreHash::sha3_256, Bytes(32), *ok, ctx256));
  // A context given as text is its bytes.
  auto t = D::sign(kp->private_key, msg, Context("abc"), mldsa::Signing::deterministic);
  ASSERT_TRUE(t);
  EXPECT_TRUE(D::verify(kp->public_key, msg, *t, Context(Bytes{'a', 'b', 'c'})));
}

TYPED_TEST(MlDsaSign, MalformedSignaturesRejected) {
  using D = TypeParam;
  constexpr Params P = D::params;
  constexpr std::size_t hint_off = P.c_tilde_bytes() + 32 * P.l * (1 + P.gamma1_bits);
  auto kp = D::keygen_internal(Bytes(32, 0x42));
  ASSERT_TRUE(kp);
  // Find a deterministic signature whose hint has >= 2 ones in one polynomial and free padding.
  for (int attempt = 0; attempt < 50; ++attempt) {
    const Bytes msg = {static_cast<std::uint8_t>(attempt)};
    auto sig = D::sign(kp->private_key, msg, {}, mldsa::Signing::deterministic);
    ASSERT_TRUE(sig);
    ASSERT_TRUE(D::verify(kp->public_key, msg, *sig));
    const std::uint8_t* y = sig->data() + hint_off;
    const int total = y[P.omega + P.k - 1];
    const int first_count = y[P.omega];
    if (first_count < 2 || total >= P.omega) continue;
    // Indices not strictly increasing: swap the first two of polynomial 0.
    auto s = *sig;
    std::swap(s[hint_off], s[hint_off + 1]);
    EXPECT_FALSE(D::verify(kp->public_key, msg, s));
    // Repeated index.
    s = *sig;
    s[hint_off + 1] = s[hint_off];
    EXPECT_FALSE(D::verify(kp->public_key, msg, s));
    // Nonzero padding after the last used index.
    s = *sig;
    s[hint_off + P.omega - 1] = 1;
    EXPECT_FALSE(D::verify(kp->public_key, msg, s));
    // Too many hints (count above omega), and counts that decrease.
    s = *sig;
    s[hint_off + P.omega + P.k - 1] = static_cast<std::uint8_t>(P.omega + 1);
    EXPECT_FALSE(D::verify(kp->public_key, msg, s));
    s = *sig;
    s[hint_off + P.omega] = static_cast<std::uint8_t>(total + 1);
    EXPECT_FALSE(D::verify(kp->public_key, msg, s));
    // z out of range: first coefficient encoded as 0, i.e. z = gamma1.
    s = *sig;
    s[P.c_tilde_bytes()] = 0;
    s[P.c_tilde_bytes() + 1] = 0;
    s[P.c_tilde_bytes() + 2] &= 0xF0;
    EXPECT_FALSE(D::verify(kp->public_key, msg, s));
    return;
  }
  FAIL() << "no suitable signature found";
}

// A failing entropy source: key generation and hedged signing fail with the entropy
// source's own failure (forwarded, naming the source); deterministic signing needs none.
bool failing_source(std::uint8_t*, std::size_t) noexcept { return false; }
TEST(MlDsaSignShape, EntropyFailureForwarded) {
  auto kp = MlDsa44::keygen_internal(Bytes(32, 3));
  ASSERT_TRUE(kp);
  const Bytes msg = {1};
  // Installing a source makes the DRBG reseed from it before its next output.
  std::uint8_t probe[16];
  set_entropy_source(failing_source);
  auto rb = random_bytes(probe);
  set_entropy_source(failing_source);
  auto g = MlDsa44::generate_key();
  set_entropy_source(failing_source);
  auto s = MlDsa44::sign(kp->private_key, msg);
  set_entropy_source(failing_source);
  auto m = MlDsa44::sign_mu(kp->private_key, Bytes(64, 1));
  auto d = MlDsa44::sign(kp->private_key, msg, {}, mldsa::Signing::deterministic);
  set_entropy_source(nullptr);
  ASSERT_FALSE(rb);
  expect_failure(g, Error::randomness_failure, rb.what());
  expect_failure(s, Error::randomness_failure, rb.what());
  expect_failure(m, Error::randomness_failure, rb.what());
  EXPECT_TRUE(d);
  EXPECT_TRUE(MlDsa44::generate_key());  // the OS source again
}

}  // namespace
