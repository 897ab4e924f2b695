// ML-DSA self-contained tests (no vector files): exhaustive arithmetic over Z_q against
// exact integer definitions (FIPS 204 Algorithms 35, 36, 39, 40), NTT and constants,
// samplers, every truncated/extended input length, round trips with bit flips, context
// length and the Context type, malformed signatures (hints, padding, z range), and the key
// objects: round trips of both encodings, the private-key checks (eta range, t0, tr),
// signing equal to sign_internal, wiping on move and destruction.
#include <tessera/mldsa.hpp>

#include "mldsa/kernels.hpp"
#include "mldsa/zetas.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <concepts>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <new>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace {

using namespace tessera;
using namespace tessera::mldsa;
using test::Bytes;

constexpr std::int32_t q = kQ;

// ---- Exact reference definitions (plain integer arithmetic, straight from FIPS 204) ----

std::int64_t mod(std::int64_t a, std::int64_t m) { return ((a % m) + m) % m; }
// r mod+- a: the representative in (-a/2, a/2] (a even).
std::int64_t mod_pm(std::int64_t r, std::int64_t a) {
  std::int64_t x = mod(r, a);
  if (x > a / 2) x -= a;
  return x;
}
void ref_power2round(std::int32_t r, std::int32_t& r1, std::int32_t& r0) {
  r0 = static_cast<std::int32_t>(mod_pm(r, 1 << kD));
  r1 = (r - r0) >> kD;
}
void ref_decompose(std::int32_t r, std::int32_t gamma2, std::int32_t& r1, std::int32_t& r0) {
  std::int64_t x0 = mod_pm(r, 2 * gamma2);
  if (r - x0 == q - 1) {
    r1 = 0;
    r0 = static_cast<std::int32_t>(x0 - 1);
  } else {
    r1 = static_cast<std::int32_t>((r - x0) / (2 * gamma2));
    r0 = static_cast<std::int32_t>(x0);
  }
}
std::int32_t ref_highbits(std::int32_t r, std::int32_t g2) { std::int32_t a, b; ref_decompose(r, g2, a, b); return a; }
std::int32_t ref_use_hint(int h, std::int32_t r, std::int32_t g2) {
  const std::int32_t m = (q - 1) / (2 * g2);
  std::int32_t r1, r0;
  ref_decompose(r, g2, r1, r0);
  if (h == 1 && r0 > 0) return (r1 + 1) % m;
  if (h == 1 && r0 <= 0) return static_cast<std::int32_t>(mod(r1 - 1, m));
  return r1;
}

const Kernels& K() { return kPortableKernels; }

// Fills p with the 256 consecutive values base, base+1, ... (clamped to q - 1).
void fill_run(Poly& p, std::int32_t base) {
  for (int j = 0; j < kN; ++j) p.coeffs[j] = std::min(base + j, q - 1);
}

// ---- Constants ----

TEST(MlDsaConstants, Zetas) {
  // Independent recomputation: zeta^i by repeated multiplication, then bit-reversal.
  std::int64_t pw[256];
  pw[0] = 1;
  for (int i = 1; i < 256; ++i) pw[i] = pw[i - 1] * 1753 % q;
  for (int i = 0; i < 256; ++i) {
    int br = 0;
    for (int b = 0; b < 8; ++b) br |= ((i >> b) & 1) << (7 - b);
    const std::int64_t expect = pw[br] * ((std::int64_t{1} << 32) % q) % q;
    EXPECT_EQ(mod(kZetasMont[i], q), expect) << i;
    EXPECT_LE(std::abs(kZetasMont[i]), q / 2);
  }
  EXPECT_EQ(pw[255] * 1753 % q, q - 1);  // zeta^256 = -1: a primitive 512th root of unity
  EXPECT_EQ(mod(static_cast<std::int64_t>(kQInv) * q, std::int64_t{1} << 32), 1);
  EXPECT_EQ(mod(kMont, q), (std::int64_t{1} << 32) % q);
  // kInvNttFactor * 256 = 2^64 mod q.
  const std::int64_t two64 = ((std::int64_t{1} << 32) % q) * ((std::int64_t{1} << 32) % q) % q;
  EXPECT_EQ(mod(static_cast<std::int64_t>(kInvNttFactor) * 256, q), two64);
  // kInvNttLastZeta * 2^32 = -zeta^BitRev8(1) * 2^32 * kInvNttFactor mod q, centered.
  const std::int64_t mont = (std::int64_t{1} << 32) % q;
  EXPECT_EQ(mod(static_cast<std::int64_t>(kInvNttLastZeta) * mont, q),
            mod(mod(-static_cast<std::int64_t>(kZetasMont[1]), q) * mod(kInvNttFactor, q), q));
  EXPECT_LE(std::abs(kInvNttLastZeta), q / 2);
}

// ---- Exhaustive scalar arithmetic over Z_q ----

TEST(MlDsaArith, Reductions) {
  // reduce32 over its whole documented input range would be 4e9 values; check every value
  // in [-2q, 2q] (exhaustive around the classes used) plus the extremes.
  for (std::int32_t a = -2 * q; a <= 2 * q; ++a) {
    const std::int32_t r = reduce32(a);
    ASSERT_EQ(mod(r, q), mod(a, q)) << a;
    ASSERT_LE(std::abs(r), 6283008);
  }
  // Over the whole input range r is linear between the points where the quotient
  // t = (a + 2^22) >> 23 changes, so checking both ends of every block is exhaustive for
  // the bound.
  constexpr std::int64_t lim = (std::int64_t{1} << 31) - (1 << 22) - 1;
  std::int32_t hi = 0, lo = 0;
  for (std::int64_t t = -256; t <= 256; ++t) {
    for (std::int64_t a : {(t << 23) - (1 << 22), (t << 23) + (1 << 22) - 1}) {
      a = std::clamp(a, -lim, lim);
      const std::int32_t r = reduce32(static_cast<std::int32_t>(a));
      ASSERT_EQ(mod(r, q), mod(a, q)) << a;
      hi = std::max(hi, r);
      lo = std::min(lo, r);
    }
  }
  EXPECT_EQ(hi, 6283008);
  EXPECT_GE(lo, -6283008);
  for (std::int32_t a = -q + 1; a < q; ++a) ASSERT_EQ(caddq(a), mod(a, q)) << a;
  // Montgomery reduction: every a in Z_q times 2^32 comes back to a; bound on large inputs.
  for (std::int32_t a = 0; a < q; ++a) {
    const std::int32_t r = montgomery_reduce(static_cast<std::int64_t>(a) * kMont);
    ASSERT_EQ(mod(r, q), a);
    ASSERT_LT(std::abs(r), q);
  }
  std::mt19937_64 rng(1);
  for (int i = 0; i < 1000000; ++i) {
    const std::int64_t a = static_cast<std::int64_t>(rng() >> 8) - (std::int64_t{1} << 55);
    const std::int32_t r = montgomery_reduce(a);
    // r * 2^32 == a mod q
    ASSERT_EQ(mod(static_cast<std::int64_t>(r) * ((std::int64_t{1} << 32) % q), q), mod(a, q));
    ASSERT_LT(std::abs(static_cast<std::int64_t>(r)), std::abs(a) / (std::int64_t{1} << 32) + q / 2 + 1);
  }
}

TEST(MlDsaArith, Power2RoundExhaustive) {
  Poly r, t1, t0;
  for (std::int32_t base = 0; base < q; base += kN) {
    fill_run(r, base);
    K().power2round(t1, t0, r);
    for (int j = 0; j < kN; ++j) {
      std::int32_t e1, e0;
      ref_power2round(r.coeffs[j], e1, e0);
      ASSERT_EQ(t1.coeffs[j], e1) << r.coeffs[j];
      ASSERT_EQ(t0.coeffs[j], e0) << r.coeffs[j];
    }
  }
}

TEST(MlDsaArith, DecomposeAndUseHintExhaustive) {
  for (std::int32_t g2 : {(q - 1) / 88, (q - 1) / 32}) {
    Poly r, r1, r0, h0, h1, u0, u1;
    for (int j = 0; j < kN; ++j) {
      h0.coeffs[j] = 0;
      h1.coeffs[j] = 1;
    }
    for (std::int32_t base = 0; base < q; base += kN) {
      fill_run(r, base);
      K().decompose(r1, r0, r, g2);
      K().use_hint(u0, r, h0, g2);
      K().use_hint(u1, r, h1, g2);
      for (int j = 0; j < kN; ++j) {
        std::int32_t e1, e0;
        ref_decompose(r.coeffs[j], g2, e1, e0);
        ASSERT_EQ(r1.coeffs[j], e1) << r.coeffs[j];
        ASSERT_EQ(r0.coeffs[j], e0) << r.coeffs[j];
        ASSERT_EQ(u0.coeffs[j], ref_use_hint(0, r.coeffs[j], g2)) << r.coeffs[j];
        ASSERT_EQ(u1.coeffs[j], ref_use_hint(1, r.coeffs[j], g2)) << r.coeffs[j];
      }
    }
  }
}

TEST(MlDsaArith, MakeHintExhaustive) {
  // For every r in Z_q and a pseudorandom z (small, as -ct0 in signing, and the edges
  // +-gamma2, and occasionally arbitrary): h = [HighBits(r) != HighBits(r + z)].
  std::mt19937 rng(7);
  for (std::int32_t g2 : {(q - 1) / 88, (q - 1) / 32}) {
    Poly r, rz, h;
    for (std::int32_t base = 0; base < q; base += kN) {
      fill_run(r, base);
      for (int j = 0; j < kN; ++j) {
        std::int32_t z;
        switch (rng() % 4) {
          case 0: z = static_cast<std::int32_t>(rng() % (2 * g2 + 1)) - g2; break;
          case 1: z = (rng() & 1) ? g2 : -g2; break;
          case 2: z = static_cast<std::int32_t>(rng() % q); break;
          default: z = static_cast<std::int32_t>(rng() % 2001) - 1000; break;
        }
        rz.coeffs[j] = static_cast<std::int32_t>(mod(static_cast<std::int64_t>(r.coeffs[j]) + z, q));
      }
      const unsigned ones = K().make_hint(h, r, rz, g2);
      unsigned count = 0;
      for (int j = 0; j < kN; ++j) {
        const int expect = ref_highbits(r.coeffs[j], g2) != ref_highbits(rz.coeffs[j], g2);
        ASSERT_EQ(h.coeffs[j], expect) << r.coeffs[j] << " " << rz.coeffs[j];
        count += static_cast<unsigned>(expect);
      }
      ASSERT_EQ(ones, count);
    }
  }
}

TEST(MlDsaArith, NormCheck) {
  Poly a{};
  for (std::int32_t bound : {1, 78, (1 << 17) - 78, (q - 1) / 32}) {
    for (std::int32_t v : {bound - 1, bound, bound + 1, -(bound - 1), -bound, -bound - 1, 0}) {
      for (int pos : {0, 255}) {
        a = Poly{};
        a.coeffs[pos] = v;
        const std::uint32_t expect = std::abs(v) >= bound ? 0xFFFFFFFFu : 0u;
        EXPECT_EQ(K().norm_exceeds(a, bound), expect) << v << " " << bound;
      }
    }
  }
}

// ---- NTT ----

TEST(MlDsaArith, NttMultiplicationMatchesSchoolbook) {
  std::mt19937 rng(3);
  for (int iter = 0; iter < 20; ++iter) {
    Poly a, b, a_hat, b_hat, c;
    for (int j = 0; j < kN; ++j) {
      a.coeffs[j] = static_cast<std::int32_t>(rng() % (2 * q - 1)) - (q - 1);  // any < q
      b.coeffs[j] = static_cast<std::int32_t>(rng() % q);
    }
    a_hat = a;
    b_hat = b;
    K().ntt(a_hat);
    K().ntt(b_hat);
    for (int j = 0; j < kN; ++j) ASSERT_LT(std::abs(a_hat.coeffs[j]), 9 * q);
    K().pointwise(c, a_hat, b_hat);
    K().invntt_tomont(c);
    // c = a * b * 2^-32 * 2^32 = a * b in Z_q[X]/(X^256 + 1).
    std::vector<std::int64_t> ref(kN, 0);
    for (int i = 0; i < kN; ++i)
      for (int j = 0; j < kN; ++j) {
        const std::int64_t p = mod(static_cast<std::int64_t>(a.coeffs[i]) * b.coeffs[j], q);
        if (i + j < kN) ref[i + j] += p;
        else ref[i + j - kN] -= p;
      }
    for (int j = 0; j < kN; ++j) {
      ASSERT_LT(std::abs(c.coeffs[j]), q);
      ASSERT_EQ(mod(c.coeffs[j], q), mod(ref[j], q)) << j;
    }
    // NTT then inverse: a * 2^32.
    Poly back = a;
    K().ntt(back);
    K().reduce(back);
    K().invntt_tomont(back);
    for (int j = 0; j < kN; ++j)
      ASSERT_EQ(mod(back.coeffs[j], q), mod(static_cast<std::int64_t>(a.coeffs[j]) * ((std::int64_t{1} << 32) % q), q));
  }
}

// ---- Samplers and packing ----

TEST(MlDsaArith, RejEtaCoefficients) {
  // CoeffFromHalfByte (Algorithm 15) for every nibble.
  for (int eta : {2, 4}) {
    for (int z = 0; z < 16; ++z) {
      std::uint8_t buf[1] = {static_cast<std::uint8_t>(z | (z << 4))};
      std::int32_t out[2] = {99, 99};
      const unsigned n = K().rej_eta(out, 2, buf, 1, eta);
      if (eta == 2 && z < 15) {
        ASSERT_EQ(n, 2u);
        EXPECT_EQ(out[0], 2 - z % 5);
      } else if (eta == 4 && z < 9) {
        ASSERT_EQ(n, 2u);
        EXPECT_EQ(out[0], 4 - z);
      } else {
        EXPECT_EQ(n, 0u);
      }
    }
  }
}

TEST(MlDsaArith, PackingRoundTrips) {
  std::mt19937 rng(5);
  Poly a, b;
  std::uint8_t buf[32 * 20];
  for (int eta : {2, 4}) {
    for (int j = 0; j < kN; ++j) a.coeffs[j] = static_cast<std::int32_t>(rng() % (2 * eta + 1)) - eta;
    K().pack_eta(buf, a, eta);
    EXPECT_EQ(K().unpack_eta(b, buf, eta), 0u);
    EXPECT_EQ(0, std::memcmp(&a, &b, sizeof a));
  }
  // eta = 2 encodes eta - s in 3 bits: 5, 6, 7 are malformed.
  std::memset(buf, 0xFF, 96);
  EXPECT_EQ(K().unpack_eta(b, buf, 2), 0xFFFFFFFFu);
  for (int bits : {17, 19}) {
    const std::int32_t g1 = 1 << bits;
    for (int j = 0; j < kN; ++j) a.coeffs[j] = static_cast<std::int32_t>(rng() % (2 * g1)) - g1 + 1;
    K().pack_z(buf, a, bits);
    K().unpack_z(b, buf, bits);
    EXPECT_EQ(0, std::memcmp(&a, &b, sizeof a));
  }
  for (int j = 0; j < kN; ++j) a.coeffs[j] = static_cast<std::int32_t>(rng() % (1 << 13)) - (1 << 12) + 1;
  K().pack_t0(buf, a);
  K().unpack_t0(b, buf);
  EXPECT_EQ(0, std::memcmp(&a, &b, sizeof a));
  for (int j = 0; j < kN; ++j) a.coeffs[j] = static_cast<std::int32_t>(rng() % 1024);
  K().pack_t1(buf, a);
  K().unpack_t1(b, buf);
  EXPECT_EQ(0, std::memcmp(&a, &b, sizeof a));
}

// ---- Pre-hash ----

TEST(MlDsaPreHash, OidsAndLengths) {
  // FIPS 204 Section 5.4 / NIST CSOR: 2.16.840.1.101.3.4.2.x.
  const std::pair<PreHash, int> last[] = {
      {PreHash::sha2_256, 1},     {PreHash::sha2_384, 2},     {PreHash::sha2_512, 3},
      {PreHash::sha2_224, 4},     {PreHash::sha2_512_224, 5}, {PreHash::sha2_512_256, 6},
      {PreHash::sha3_224, 7},     {PreHash::sha3_256, 8},     {PreHash::sha3_384, 9},
      {PreHash::sha3_512, 10},    {PreHash::shake128, 11},    {PreHash::shake256, 12}};
  for (auto [ph, x] : last) {
    const Bytes expect = test::from_hex("0609608648016503040200");
    Bytes got(prehash_oid(ph).begin(), prehash_oid(ph).end());
    Bytes e = expect;
    e[10] = static_cast<std::uint8_t>(x);
    EXPECT_EQ(got, e) << static_cast<int>(ph);
  }
  EXPECT_EQ(prehash_digest_bytes(PreHash::shake128), 32u);
  EXPECT_EQ(prehash_digest_bytes(PreHash::shake256), 64u);
  EXPECT_EQ(prehash_digest_bytes(PreHash::sha2_512_224), 28u);
  std::uint8_t d[64];
  std::memset(d, 0xAA, sizeof d);
  ASSERT_TRUE(prehash(PreHash::sha2_256, Bytes{'a', 'b', 'c'}, std::span<std::uint8_t>(d, 32)));
  EXPECT_EQ(test::to_hex(std::span<const std::uint8_t>(d, 32)),  // FIPS 180-4 example
            "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD");
  std::memset(d, 0xAA, sizeof d);
  auto r = prehash(PreHash::sha2_512, Bytes{1, 2, 3}, std::span<std::uint8_t>(d, 32));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), Error::invalid_length);
  for (int i = 0; i < 32; ++i) EXPECT_EQ(d[i], 0) << "digest not zeroed on error";
  EXPECT_EQ(prehash(PreHash::sha3_256, Bytes{}, std::span<std::uint8_t>(d, 31)).error(), Error::invalid_length);
  EXPECT_TRUE(prehash(PreHash::sha3_256, Bytes{}, std::span<std::uint8_t>(d, 32)));
  EXPECT_EQ(test::to_hex(std::span<const std::uint8_t>(d, 32)),
            "A7FFC6F8BF1ED76651C14756A061D662F580FF4DE43B49FA82D80A4B80F8434A");
}

// ---- API: typed over the three parameter sets ----

template <class D>
class MlDsaApi : public ::testing::Test {};
using Sets = ::testing::Types<MlDsa44, MlDsa65, MlDsa87>;
TYPED_TEST_SUITE(MlDsaApi, Sets);

Bytes random_bytes_vec(std::mt19937& rng, std::size_t n) {
  Bytes b(n);
  for (auto& x : b) x = static_cast<std::uint8_t>(rng());
  return b;
}
Bytes resized(std::span<const std::uint8_t> s, std::size_t n) {
  Bytes b(s.begin(), s.end());
  b.resize(n, 0);
  return b;
}
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
static_assert(!std::is_copy_constructible_v<MlDsa65::PrivateKey> && !std::is_copy_assignable_v<MlDsa65::PrivateKey>);
static_assert(std::is_nothrow_move_constructible_v<MlDsa65::PrivateKey> &&
              std::is_nothrow_move_assignable_v<MlDsa65::PrivateKey>);
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
TEST(MlDsaApiShape, HeaderExample) { EXPECT_TRUE(example(Bytes{'h', 'i'})); }

TYPED_TEST(MlDsaApi, RoundTripsAndBitFlips) {
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

TYPED_TEST(MlDsaApi, KeyObjects) {
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
  r = D::PrivateKey::from_bytes(sk_bytes);
  ASSERT_TRUE(r);
  EXPECT_EQ(to_vec(r->bytes()), sk_bytes);
}

TYPED_TEST(MlDsaApi, PrivateKeyChecks) {
  using D = TypeParam;
  constexpr Params P = D::params;
  constexpr std::size_t eta_bytes = 32 * static_cast<std::size_t>(P.eta_bits());
  constexpr std::size_t s2_off = 128 + P.l * eta_bytes, t0_off = s2_off + P.k * eta_bytes;
  auto kp = D::keygen_internal(Bytes(32, 7));
  ASSERT_TRUE(kp);
  const Bytes good = to_vec(kp->private_key.bytes());
  ASSERT_TRUE(D::PrivateKey::from_bytes(good));
  auto expect_invalid = [&](const Bytes& bad, const char* what) {
    auto r = D::PrivateKey::from_bytes(bad);
    ASSERT_FALSE(r) << what;
    EXPECT_EQ(r.error(), Error::invalid_key) << what;
  };
  std::mt19937 rng(13);
  for (int i = 0; i < 8; ++i) {
    Bytes b = good;  // a flipped bit of t0 (anywhere in it)
    const std::size_t pos = t0_off + rng() % (P.k * 416);
    b[pos] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
    expect_invalid(b, "t0 bit");
    b = good;  // a flipped bit of tr
    b[64 + rng() % 64] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
    expect_invalid(b, "tr bit");
    b = good;  // rho: another matrix, so another t
    b[rng() % 32] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
    expect_invalid(b, "rho bit");
  }
  // s1 / s2 coefficients out of [-eta, eta] (the encoding eta - s above 2 eta); the first
  // and the last coefficient of each.
  const std::size_t last_s2 = t0_off - 1;
  for (std::size_t pos : {std::size_t{128}, s2_off - 1, s2_off, last_s2}) {
    Bytes b = good;
    b[pos] = 0xFF;
    expect_invalid(b, "eta range");
  }
  // An s1 coefficient changed within the range: well formed, but t0 no longer matches.
  Bytes b = good;
  b[128] ^= 0x01;
  expect_invalid(b, "s1 changed");
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
TYPED_TEST(MlDsaApi, EveryWrongKeyLengthRejected) {
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
  }
  for (std::size_t n = 0; n <= D::private_key_bytes + 64; ++n) {
    if (n == D::private_key_bytes) continue;
    auto r = D::PrivateKey::from_bytes(std::span<const std::uint8_t>(sk).first(n));
    ASSERT_FALSE(r) << n;
    ASSERT_EQ(r.error(), Error::invalid_length) << n;
  }
  for (std::size_t n = 0; n <= 64; ++n) {
    if (n == 32) continue;
    ASSERT_EQ(D::PrivateKey::from_seed(Bytes(n, 1)).error(), Error::invalid_length) << n;
    ASSERT_EQ(D::keygen_internal(Bytes(n, 1)).error(), Error::invalid_length) << n;
  }
}

TYPED_TEST(MlDsaApi, WrongLengthsRejected) {
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
    EXPECT_EQ(D::sign_internal(sk, msg, Bytes(n(32), 0)).error(), Error::invalid_length);
    EXPECT_EQ(D::sign_internal_mu(sk, mu, Bytes(n(32), 0)).error(), Error::invalid_length);
    EXPECT_EQ(D::sign_internal_mu(sk, Bytes(n(64), 0), rnd).error(), Error::invalid_length);
    EXPECT_EQ(D::sign_mu(sk, Bytes(n(64), 0)).error(), Error::invalid_length);
    EXPECT_EQ(D::sign_digest(sk, PreHash::sha3_256, Bytes(n(32), 0)).error(), Error::invalid_length);
    EXPECT_EQ(MuBuilder::from_tr(Bytes(n(64), 0)).error(), Error::invalid_length);
    EXPECT_EQ(MuBuilder::from_tr_raw(Bytes(n(64), 0)).error(), Error::invalid_length);
    const Bytes sig_bad = resized(*sig, n(D::signature_bytes));
    EXPECT_FALSE(D::verify(pk, msg, sig_bad));
    EXPECT_FALSE(D::verify_internal(pk, msg, sig_bad));
    EXPECT_FALSE(D::verify_mu(pk, mu, sig_bad));
    EXPECT_FALSE(D::verify_mu(pk, Bytes(n(64), 0), *sig));
    EXPECT_FALSE(D::verify_prehash(pk, PreHash::sha3_256, msg, sig_bad));
    EXPECT_FALSE(D::verify_digest(pk, PreHash::sha3_256, Bytes(n(32), 0), *sig));
  }
  EXPECT_FALSE(D::verify(pk, msg, Bytes{}));
}

TYPED_TEST(MlDsaApi, ContextLength) {
  using D = TypeParam;
  auto kp = D::generate_key();
  ASSERT_TRUE(kp);
  const Bytes msg = {5}, b255(255, 7), b256(256, 7);
  const Context ctx255(b255), ctx256(b256);
  auto ok = D::sign(kp->private_key, msg, ctx255);
  ASSERT_TRUE(ok);
  EXPECT_TRUE(D::verify(kp->public_key, msg, *ok, ctx255));
  auto r = D::sign(kp->private_key, msg, ctx256);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), Error::invalid_argument);
  EXPECT_EQ(D::sign_prehash(kp->private_key, PreHash::sha3_256, msg, ctx256).error(), Error::invalid_argument);
  EXPECT_EQ(D::sign_digest(kp->private_key, PreHash::sha3_256, Bytes(32), ctx256).error(), Error::invalid_argument);
  EXPECT_EQ(D::mu_builder(kp->public_key, ctx256).error(), Error::invalid_argument);
  EXPECT_EQ(MuBuilder::from_tr(kp->public_key.tr(), ctx256).error(), Error::invalid_argument);
  EXPECT_FALSE(D::verify(kp->public_key, msg, *ok, ctx256));
  EXPECT_FALSE(D::verify_prehash(kp->public_key, PreHash::sha3_256, msg, *ok, ctx256));
  EXPECT_FALSE(D::verify_digest(kp->public_key, PreHash::sha3_256, Bytes(32), *ok, ctx256));
  // A context given as text is its bytes.
  auto t = D::sign(kp->private_key, msg, Context("abc"), mldsa::Signing::deterministic);
  ASSERT_TRUE(t);
  EXPECT_TRUE(D::verify(kp->public_key, msg, *t, Context(Bytes{'a', 'b', 'c'})));
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
TYPED_TEST(MlDsaApi, PrivateKeyWipedOnMoveAndDestruction) {
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

TYPED_TEST(MlDsaApi, MalformedSignaturesRejected) {
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
