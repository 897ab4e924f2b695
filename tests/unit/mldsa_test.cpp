// ML-DSA self-contained tests of the arithmetic (no vector files): exhaustive arithmetic over
// Z_q against exact integer definitions (FIPS 204 Algorithms 35, 36, 39, 40), the NTT and its
// constants, samplers, packing, and the HashML-DSA pre-hashes. The key objects are tested in
// mldsa_keys_test.cpp, signing and verification in mldsa_sign_test.cpp.
#include <tessera/mldsa.hpp>

#include "mldsa/kernels.hpp"
#include "mldsa/sampling.hpp"
#include "mldsa/zetas.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <random>
#include <span>
#include <utility>
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

const Kernels& K() { return kernels_for(Backend::portable); }

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

// RejNTTPoly one entry at a time (the small-stack verification's stream of A_hat) equals
// ExpandA's matrix (Algorithm 32, batched in SHAKE lanes) entry by entry, for the three
// matrix shapes, with the portable and the active kernels.
TEST(MlDsaSampling, RejNttPolyIsExpandAEntry) {
  std::mt19937_64 rng(0xA11CE);
  for (const mldsa::Kernels* kern : {&mldsa::kernels_for(Backend::portable), &mldsa::kernels()}) {
    for (const auto& [k, l] : {std::pair{4, 4}, std::pair{6, 5}, std::pair{8, 7}}) {
      std::uint8_t rho[32];
      for (auto& b : rho) b = static_cast<std::uint8_t>(rng());
      std::vector<Poly> a_hat(static_cast<std::size_t>(k * l));
      mldsa::expand_a(*kern, a_hat.data(), k, l, rho);
      for (int r = 0; r < k; ++r) {
        for (int c = 0; c < l; ++c) {
          Poly entry;
          mldsa::rej_ntt_poly(*kern, entry, rho, r, c);
          EXPECT_EQ(0, std::memcmp(&entry, &a_hat[static_cast<std::size_t>(r * l + c)], sizeof entry))
              << (kern == &mldsa::kernels_for(Backend::portable) ? "portable" : "active") << " kernels, " << k << "x"
              << l << " entry (" << r << ", " << c << ")";
        }
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
  EXPECT_STREQ(r.what(), "HashML-DSA digest (wrong length for the pre-hash)");
  for (int i = 0; i < 32; ++i) EXPECT_EQ(d[i], 0) << "digest not zeroed on error";
  EXPECT_EQ(prehash(PreHash::sha3_256, Bytes{}, std::span<std::uint8_t>(d, 31)).error(), Error::invalid_length);
  auto bad_ph = prehash(static_cast<PreHash>(99), Bytes{}, std::span<std::uint8_t>(d, 0));
  ASSERT_FALSE(bad_ph);
  EXPECT_EQ(bad_ph.error(), Error::invalid_argument);
  EXPECT_STREQ(bad_ph.what(), "HashML-DSA pre-hash (not a PreHash value)");
  EXPECT_TRUE(prehash(PreHash::sha3_256, Bytes{}, std::span<std::uint8_t>(d, 32)));
  EXPECT_EQ(test::to_hex(std::span<const std::uint8_t>(d, 32)),
            "A7FFC6F8BF1ED76651C14756A061D662F580FF4DE43B49FA82D80A4B80F8434A");
}

}  // namespace
