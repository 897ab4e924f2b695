// ML-DSA kernels (FIPS 204, Sections 7.4-7.5, Appendix B): every entry of every SIMD
// backend's kernel table against the portable kernel, on random inputs spanning each
// kernel's documented input bounds (src/mldsa/kernels.hpp) and on boundary inputs
// (0, +-1, q - 1, the bound itself). The SIMD kernels promise bit-for-bit equal outputs,
// so outputs are compared exactly. Backends this build or CPU lacks are SKIPPED.
#include <tessera/backend.hpp>

#include "mldsa/kernels.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace tessera::test {
namespace {

using mldsa::Kernels;
using mldsa::kN;
using mldsa::kQ;
using mldsa::Poly;

constexpr std::int32_t kGamma2s[] = {(kQ - 1) / 88, (kQ - 1) / 32};
constexpr int kRounds = 200;

class MlDsaKernelEquivalence : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    if (GetParam() == Backend::portable) GTEST_SKIP() << "portable is the reference";
    if (!backend_available(GetParam()))
      GTEST_SKIP() << "backend " << backend_name(GetParam()) << " is not available on this CPU/build";
    if (&mldsa::kernels_for(GetParam()) == &mldsa::kernels_for(Backend::portable))
      GTEST_SKIP() << "backend " << backend_name(GetParam()) << " has no ML-DSA kernels";
  }
  const Kernels& simd() const { return mldsa::kernels_for(GetParam()); }
  const Kernels& ref() const { return mldsa::kernels_for(Backend::portable); }
  std::mt19937_64 rng{0x5eed0000u + static_cast<unsigned>(GetParam())};

  std::int32_t uniform(std::int32_t lo, std::int32_t hi) {  // [lo, hi]
    return std::uniform_int_distribution<std::int32_t>(lo, hi)(rng);
  }
  // Random polynomial in [lo, hi]; every fourth one also carries the extremes.
  Poly random_poly(std::int32_t lo, std::int32_t hi, int round) {
    Poly p;
    for (int i = 0; i < kN; ++i) p.coeffs[i] = uniform(lo, hi);
    if (round % 4 == 0) {
      const std::int32_t edges[] = {lo, hi, 0, 1, -1, lo + 1, hi - 1};
      for (int i = 0; i < kN; i += 3) {
        const std::int32_t e = edges[(i / 3 + round) % 7];
        if (e >= lo && e <= hi) p.coeffs[i] = e;
      }
    }
    return p;
  }
};

::testing::AssertionResult same(const Poly& a, const Poly& b) {
  for (int i = 0; i < kN; ++i)
    if (a.coeffs[i] != b.coeffs[i])
      return ::testing::AssertionFailure() << "coefficient " << i << ": simd " << a.coeffs[i] << " vs portable "
                                           << b.coeffs[i];
  return ::testing::AssertionSuccess();
}

TEST_P(MlDsaKernelEquivalence, Ntt) {
  for (int r = 0; r < kRounds; ++r) {
    const Poly in = random_poly(-(kQ - 1), kQ - 1, r);  // any < q
    Poly a = in, b = in;
    simd().ntt(a);
    ref().ntt(b);
    ASSERT_TRUE(same(a, b)) << "round " << r;
    for (int i = 0; i < kN; ++i) ASSERT_LT(std::abs(a.coeffs[i]), 9 * kQ);
  }
}

TEST_P(MlDsaKernelEquivalence, InvNtt) {
  for (int r = 0; r < kRounds; ++r) {
    const Poly in = random_poly(-(kQ - 1), kQ - 1, r);
    Poly a = in, b = in;
    simd().invntt_tomont(a);
    ref().invntt_tomont(b);
    ASSERT_TRUE(same(a, b)) << "round " << r;
    for (int i = 0; i < kN; ++i) ASSERT_LT(std::abs(a.coeffs[i]), kQ);
  }
}

TEST_P(MlDsaKernelEquivalence, Pointwise) {
  for (int r = 0; r < kRounds; ++r) {
    Poly x[8], y[8];
    for (int i = 0; i < 8; ++i) {
      x[i] = random_poly(-(9 * kQ - 1), 9 * kQ - 1, r + i);  // any < 9q
      y[i] = random_poly(-(9 * kQ - 1), 9 * kQ - 1, r + i + 1);
    }
    Poly a, b;
    simd().pointwise(a, x[0], y[0]);
    ref().pointwise(b, x[0], y[0]);
    ASSERT_TRUE(same(a, b)) << "pointwise, round " << r;
    for (int i = 0; i < kN; ++i) ASSERT_LT(std::abs(a.coeffs[i]), kQ);
    // pointwise_acc's first operand is a row of A_hat: any < q (kernels.hpp).
    for (int i = 0; i < 8; ++i) x[i] = random_poly(-(kQ - 1), kQ - 1, r + i);
    const int n = 1 + r % 8;
    simd().pointwise_acc(a, x, y, n);
    ref().pointwise_acc(b, x, y, n);
    ASSERT_TRUE(same(a, b)) << "pointwise_acc n = " << n << ", round " << r;
    for (int i = 0; i < kN; ++i) ASSERT_LT(std::abs(a.coeffs[i]), kQ);
  }
}

TEST_P(MlDsaKernelEquivalence, ReduceFreeze) {
  const std::int32_t top = (1 << 30) + ((1 << 30) - (1 << 22) - 1);  // 2^31 - 2^22 - 1
  for (int r = 0; r < kRounds; ++r) {
    Poly in = random_poly(-top, top, r);
    Poly a = in, b = in;
    simd().reduce(a);
    ref().reduce(b);
    ASSERT_TRUE(same(a, b)) << "reduce, round " << r;
    in = random_poly(-(kQ - 1), top, r);
    a = in;
    b = in;
    simd().freeze(a);
    ref().freeze(b);
    ASSERT_TRUE(same(a, b)) << "freeze, round " << r;
    for (int i = 0; i < kN; ++i) ASSERT_TRUE(a.coeffs[i] >= 0 && a.coeffs[i] < kQ);
  }
}

TEST_P(MlDsaKernelEquivalence, Power2RoundDecomposeHints) {
  for (int r = 0; r < kRounds; ++r) {
    const Poly t = random_poly(0, kQ - 1, r), u = random_poly(0, kQ - 1, r + 1);
    Poly a1, a0, b1, b0;
    simd().power2round(a1, a0, t);
    ref().power2round(b1, b0, t);
    ASSERT_TRUE(same(a1, b1) && same(a0, b0)) << "power2round, round " << r;
    Poly h = random_poly(0, 1, r);
    for (std::int32_t g2 : kGamma2s) {
      simd().decompose(a1, a0, t, g2);
      ref().decompose(b1, b0, t, g2);
      ASSERT_TRUE(same(a1, b1)) << "decompose r1, gamma2 " << g2 << ", round " << r;
      ASSERT_TRUE(same(a0, b0)) << "decompose r0, gamma2 " << g2 << ", round " << r;
      // r + z near r (few hints) and unrelated (many hints).
      Poly near = t;
      for (int i = 0; i < kN; ++i) near.coeffs[i] = (t.coeffs[i] + uniform(-g2 / 8, g2 / 8) + kQ) % kQ;
      for (const Poly* rz : {static_cast<const Poly*>(&near), &u}) {
        const unsigned ca = simd().make_hint(a1, t, *rz, g2), cb = ref().make_hint(b1, t, *rz, g2);
        ASSERT_EQ(ca, cb) << "make_hint count, round " << r;
        ASSERT_TRUE(same(a1, b1)) << "make_hint, round " << r;
      }
      simd().use_hint(a1, t, h, g2);
      ref().use_hint(b1, t, h, g2);
      ASSERT_TRUE(same(a1, b1)) << "use_hint, gamma2 " << g2 << ", round " << r;
    }
  }
}

// Decompose and UseHint on every residue class near the interval ends (the corner case
// r - r0 = q - 1 included).
TEST_P(MlDsaKernelEquivalence, DecomposeBoundaries) {
  for (std::int32_t g2 : kGamma2s) {
    std::vector<std::int32_t> vals;
    for (std::int32_t c = 0; c <= (kQ - 1) / (2 * g2); ++c)
      for (std::int32_t d = -3; d <= 3; ++d) {
        const std::int64_t v = static_cast<std::int64_t>(c) * 2 * g2 + d;
        const std::int64_t w = v + g2;
        if (v >= 0 && v < kQ) vals.push_back(static_cast<std::int32_t>(v));
        if (w >= 0 && w < kQ) vals.push_back(static_cast<std::int32_t>(w));
      }
    for (std::int32_t d = 0; d < 8; ++d) vals.push_back(kQ - 1 - d);
    for (std::size_t off = 0; off < vals.size(); off += kN) {
      Poly t{}, h{}, a1, a0, b1, b0;
      for (int i = 0; i < kN; ++i) {
        t.coeffs[i] = vals[(off + static_cast<std::size_t>(i)) % vals.size()];
        h.coeffs[i] = i & 1;
      }
      simd().decompose(a1, a0, t, g2);
      ref().decompose(b1, b0, t, g2);
      ASSERT_TRUE(same(a1, b1) && same(a0, b0)) << "gamma2 " << g2;
      simd().use_hint(a1, t, h, g2);
      ref().use_hint(b1, t, h, g2);
      ASSERT_TRUE(same(a1, b1)) << "use_hint, gamma2 " << g2;
    }
  }
}

// Every r in [0, q), in runs of 256: Power2Round, Decompose and UseHint with h = 0 and 1
// (both gamma2), and MakeHint against r + d mod q for d = 1 and q - 1 (each crossing of a
// HighBits boundary in both directions) and one random d per run. The same inputs as the
// portable exhaustive unit tests (tests/unit/mldsa_test.cpp), compared bit for bit.
TEST_P(MlDsaKernelEquivalence, RoundingExhaustive) {
  Poly t, up, down, far, h0, h1, a1, a0, b1, b0;
  for (int i = 0; i < kN; ++i) {
    h0.coeffs[i] = 0;
    h1.coeffs[i] = 1;
  }
  for (std::int32_t base = 0; base < kQ; base += kN) {
    const std::int32_t d = uniform(0, kQ - 1);
    for (int i = 0; i < kN; ++i) {
      const std::int32_t v = std::min(base + i, kQ - 1);
      t.coeffs[i] = v;
      up.coeffs[i] = (v + 1) % kQ;
      down.coeffs[i] = (v + kQ - 1) % kQ;
      far.coeffs[i] = static_cast<std::int32_t>((static_cast<std::int64_t>(v) + d) % kQ);
    }
    simd().power2round(a1, a0, t);
    ref().power2round(b1, b0, t);
    ASSERT_TRUE(same(a1, b1) && same(a0, b0)) << "power2round, base " << base;
    for (std::int32_t g2 : kGamma2s) {
      simd().decompose(a1, a0, t, g2);
      ref().decompose(b1, b0, t, g2);
      ASSERT_TRUE(same(a1, b1) && same(a0, b0)) << "decompose, gamma2 " << g2 << ", base " << base;
      for (const Poly* h : {&h0, &h1}) {
        simd().use_hint(a1, t, *h, g2);
        ref().use_hint(b1, t, *h, g2);
        ASSERT_TRUE(same(a1, b1)) << "use_hint h = " << h->coeffs[0] << ", gamma2 " << g2 << ", base " << base;
      }
      for (const Poly* rz : {&up, &down, &far}) {
        const unsigned ca = simd().make_hint(a1, t, *rz, g2), cb = ref().make_hint(b1, t, *rz, g2);
        ASSERT_EQ(ca, cb) << "make_hint count, gamma2 " << g2 << ", base " << base;
        ASSERT_TRUE(same(a1, b1)) << "make_hint, gamma2 " << g2 << ", base " << base;
      }
    }
  }
}

// reduce and freeze on every value in [-2q, 2q] (freeze from -q + 1) and at both ends of
// each block of reduce32's quotient over the whole input range (as the unit test).
TEST_P(MlDsaKernelEquivalence, ReduceFreezeExhaustive) {
  Poly p;
  auto both = [&](const char* what) -> ::testing::AssertionResult {
    Poly a = p, b = p;
    simd().reduce(a);
    ref().reduce(b);
    if (!same(a, b)) return same(a, b) << " (reduce, " << what << ")";
    if (*std::min_element(p.coeffs, p.coeffs + kN) > -kQ) {  // freeze's input range
      a = p;
      b = p;
      simd().freeze(a);
      ref().freeze(b);
      if (!same(a, b)) return same(a, b) << " (freeze, " << what << ")";
    }
    return ::testing::AssertionSuccess();
  };
  for (std::int32_t base = -2 * kQ; base <= 2 * kQ; base += kN) {
    for (int i = 0; i < kN; ++i) p.coeffs[i] = std::min(base + i, 2 * kQ);
    ASSERT_TRUE(both("run"));
    for (int i = 0; i < kN; ++i) p.coeffs[i] = std::max(p.coeffs[i], -kQ + 1);
    ASSERT_TRUE(both("run, freeze range"));
  }
  constexpr std::int64_t lim = (std::int64_t{1} << 31) - (1 << 22) - 1;
  std::vector<std::int32_t> ends;
  for (std::int64_t t = -256; t <= 256; ++t)
    for (std::int64_t a : {(t << 23) - (1 << 22), (t << 23) + (1 << 22) - 1, (t << 23) - (1 << 22) - 1, t << 23})
      ends.push_back(static_cast<std::int32_t>(std::clamp(a, -lim, lim)));
  for (std::size_t off = 0; off < ends.size(); off += kN) {
    for (int i = 0; i < kN; ++i) p.coeffs[i] = ends[(off + static_cast<std::size_t>(i)) % ends.size()];
    ASSERT_TRUE(both("block ends"));
    for (int i = 0; i < kN; ++i) p.coeffs[i] = std::max(p.coeffs[i], -kQ + 1);  // freeze's input range
    ASSERT_TRUE(both("block ends, freeze range"));
  }
}

// The norm check at the edges of its input range (|a_i| up to 2^31 - 1) and of each bound,
// with the offending coefficient in every position.
TEST_P(MlDsaKernelEquivalence, NormExceedsEdges) {
  const std::int32_t bounds[] = {1, 95232 - 78, 261888 - 196, (1 << 19) - 196, kQ, 0x7FFFFFFF};
  for (std::int32_t bound : bounds) {
    for (std::int32_t v : {0, 1, -1, bound - 1, -(bound - 1), bound, -bound, 0x7FFFFFFF, -0x7FFFFFFF}) {
      for (int pos = 0; pos < kN; pos += 7) {
        Poly p = random_poly(-(bound - 1), bound - 1, pos);
        p.coeffs[pos] = v;
        const std::uint32_t got = simd().norm_exceeds(p, bound);
        ASSERT_EQ(got, ref().norm_exceeds(p, bound)) << "bound " << bound << ", value " << v << ", position " << pos;
        ASSERT_EQ(got, (v >= bound || v <= -bound) ? 0xFFFFFFFFu : 0u);
      }
    }
  }
}

TEST_P(MlDsaKernelEquivalence, NormExceeds) {
  const std::int32_t bounds[] = {1, 2, 78, 95232 - 78, 261888 - 196, (1 << 17) - 78, (1 << 19) - 196, kQ / 2};
  for (int r = 0; r < kRounds; ++r) {
    for (std::int32_t bound : bounds) {
      Poly p = random_poly(-(bound - 1), bound - 1, r);  // below the bound
      ASSERT_EQ(simd().norm_exceeds(p, bound), ref().norm_exceeds(p, bound));
      ASSERT_EQ(simd().norm_exceeds(p, bound), 0u);
      p.coeffs[(r * 37) % kN] = (r & 1) ? bound : -bound;  // exactly at the bound
      ASSERT_EQ(simd().norm_exceeds(p, bound), ref().norm_exceeds(p, bound));
      ASSERT_EQ(simd().norm_exceeds(p, bound), 0xFFFFFFFFu);
    }
  }
}

TEST_P(MlDsaKernelEquivalence, RejUniform) {
  std::vector<std::uint8_t> buf(5 * 168 + 64);
  for (int r = 0; r < kRounds; ++r) {
    for (auto& b : buf) b = static_cast<std::uint8_t>(rng());
    if (r < 2) std::fill(buf.begin(), buf.end(), r == 0 ? 0x00 : 0xFF);  // every candidate accepted / rejected
    if (r % 3 == 0 && r >= 2)  // candidates at q - 1, q, 2^23 - 1 (top bit ignored)
      for (std::size_t i = 0; i + 3 <= buf.size(); i += 9) {
        const std::uint32_t v = (i / 9) % 3 == 0 ? kQ - 1 : ((i / 9) % 3 == 1 ? kQ : 0xFFFFFF);
        buf[i] = static_cast<std::uint8_t>(v);
        buf[i + 1] = static_cast<std::uint8_t>(v >> 8);
        buf[i + 2] = static_cast<std::uint8_t>(v >> 16);
      }
    const std::size_t len = 3 * static_cast<std::size_t>(uniform(0, 5 * 56));
    const unsigned need = static_cast<unsigned>(uniform(0, kN));
    std::int32_t a[kN + 16], b[kN + 16];
    std::fill(a, a + kN + 16, -7);
    std::fill(b, b + kN + 16, -7);
    const unsigned na = simd().rej_uniform(a, need, buf.data(), len);
    const unsigned nb = ref().rej_uniform(b, need, buf.data(), len);
    ASSERT_EQ(na, nb) << "round " << r;
    ASSERT_TRUE(std::equal(a, a + na, b)) << "round " << r;
    ASSERT_TRUE(std::all_of(a + need, a + kN + 16, [](std::int32_t v) { return v == -7; }))
        << "wrote past need, round " << r;
  }
}

TEST_P(MlDsaKernelEquivalence, RejEta) {
  std::vector<std::uint8_t> buf(2 * 136);
  for (int r = 0; r < kRounds; ++r) {
    for (auto& b : buf) b = static_cast<std::uint8_t>(rng());
    if (r < 3) std::fill(buf.begin(), buf.end(), r == 0 ? 0x00 : (r == 1 ? 0xFF : 0x98));  // all in / all out / mixed
    for (int eta : {2, 4}) {
      const std::size_t len = static_cast<std::size_t>(uniform(0, static_cast<std::int32_t>(buf.size())));
      const unsigned need = static_cast<unsigned>(uniform(0, kN));
      std::int32_t a[kN + 16], b[kN + 16];
      std::fill(a, a + kN + 16, -7);
      std::fill(b, b + kN + 16, -7);
      const unsigned na = simd().rej_eta(a, need, buf.data(), len, eta);
      const unsigned nb = ref().rej_eta(b, need, buf.data(), len, eta);
      ASSERT_EQ(na, nb) << "eta " << eta << ", round " << r;
      ASSERT_TRUE(std::equal(a, a + na, b)) << "eta " << eta << ", round " << r;
      ASSERT_TRUE(std::all_of(a + need, a + kN + 16, [](std::int32_t v) { return v == -7; }));
    }
  }
}

TEST_P(MlDsaKernelEquivalence, Packing) {
  for (int r = 0; r < kRounds; ++r) {
    std::uint8_t pa[640], pb[640];
    Poly a, b;
    auto check = [&](std::size_t bytes, const char* what) {
      ASSERT_EQ(0, std::memcmp(pa, pb, bytes)) << what << ", round " << r;
    };
    Poly p = random_poly(0, 1023, r);
    if (r < 2)
      for (int i = 0; i < kN; ++i) p.coeffs[i] = r == 0 ? 0 : 1023;
    std::memset(pa, 0xA5, sizeof pa);
    std::memset(pb, 0xA5, sizeof pb);
    simd().pack_t1(pa, p);
    ref().pack_t1(pb, p);
    check(sizeof pa, "pack_t1 (and nothing written past 320 bytes)");
    simd().unpack_t1(a, pa);
    ref().unpack_t1(b, pa);
    ASSERT_TRUE(same(a, b) && same(a, p)) << "unpack_t1";
    p = random_poly(-(1 << 12) + 1, 1 << 12, r);
    simd().pack_t0(pa, p);
    ref().pack_t0(pb, p);
    check(416, "pack_t0");
    simd().unpack_t0(a, pa);
    ref().unpack_t0(b, pa);
    ASSERT_TRUE(same(a, b) && same(a, p)) << "unpack_t0";
    for (std::size_t i = 0; i < 416; ++i) pa[i] = static_cast<std::uint8_t>(r < 2 ? (r == 0 ? 0x00 : 0xFF) : rng());
    simd().unpack_t0(a, pa);  // any 13-bit fields (also outside pack_t0's range)
    ref().unpack_t0(b, pa);
    ASSERT_TRUE(same(a, b)) << "unpack_t0, arbitrary bytes";
    simd().unpack_t1(a, pa);
    ref().unpack_t1(b, pa);
    ASSERT_TRUE(same(a, b)) << "unpack_t1, arbitrary bytes";
    for (int eta : {2, 4}) {
      p = random_poly(-eta, eta, r);
      simd().pack_eta(pa, p, eta);
      ref().pack_eta(pb, p, eta);
      check(static_cast<std::size_t>(32 * (eta == 2 ? 3 : 4)), "pack_eta");
      for (std::size_t i = 0; i < 128; ++i) pa[i] = static_cast<std::uint8_t>(rng());  // malformed too
      if (r < 2) std::memset(pa, r == 0 ? 0x00 : 0xFF, 128);                            // all 0 / all 2^b - 1
      ASSERT_EQ(simd().unpack_eta(a, pa, eta), ref().unpack_eta(b, pa, eta)) << "unpack_eta verdict";
      ASSERT_TRUE(same(a, b)) << "unpack_eta";
    }
    for (int bits : {17, 19}) {
      p = random_poly(-(1 << bits) + 1, 1 << bits, r);
      std::memset(pa, 0xA5, sizeof pa);
      std::memset(pb, 0xA5, sizeof pb);
      simd().pack_z(pa, p, bits);
      ref().pack_z(pb, p, bits);
      check(sizeof pa, "pack_z (and nothing written past 32 (bits + 1) bytes)");
      simd().unpack_z(a, pa, bits);
      ASSERT_TRUE(same(a, p)) << "unpack_z(pack_z)";
      for (std::size_t i = 0; i < 640; ++i) pa[i] = static_cast<std::uint8_t>(rng());
      if (r < 2) std::memset(pa, r == 0 ? 0x00 : 0xFF, sizeof pa);  // every field 0, every field 2^B - 1
      simd().unpack_z(a, pa, bits);
      ref().unpack_z(b, pa, bits);
      ASSERT_TRUE(same(a, b)) << "unpack_z";
    }
    for (int bits : {4, 6}) {
      p = random_poly(0, bits == 6 ? 43 : 15, r);
      if (r < 2)
        for (int i = 0; i < kN; ++i) p.coeffs[i] = r == 0 ? 0 : (bits == 6 ? 43 : 15);
      std::memset(pa, 0xA5, sizeof pa);
      std::memset(pb, 0xA5, sizeof pb);
      simd().pack_w1(pa, p, bits);
      ref().pack_w1(pb, p, bits);
      check(sizeof pa, "pack_w1 (and nothing written past 32 bits bytes)");
    }
  }
}

// skEncode's packers (FIPS 204, Algorithm 24) on every representable value at every
// position of an 8-coefficient group (the unit both portable and NEON pack in): t0 over all
// of (-2^12, 2^12], s over all of [-eta, eta] for eta = 2 and 4, each value in each of the 8
// positions, with a 0xA5 canary after the 32 B bytes; unpacking gives the input back.
TEST_P(MlDsaKernelEquivalence, PackT0EtaEveryValue) {
  std::uint8_t pa[416 + 16], pb[416 + 16];
  Poly p, a;
  auto run = [&](std::size_t bytes, auto pack, const char* what, int shift) {
    std::memset(pa, 0xA5, sizeof pa);
    std::memset(pb, 0xA5, sizeof pb);
    pack(simd(), pa);
    pack(ref(), pb);
    ASSERT_EQ(0, std::memcmp(pa, pb, sizeof pb)) << what << ", shift " << shift;
    for (std::size_t i = bytes; i < sizeof pa; ++i) ASSERT_EQ(pa[i], 0xA5) << what << ": byte " << i << " written";
  };
  constexpr std::int32_t kLo = -(1 << 12) + 1, kSpan = 1 << 13;  // t0 in [kLo, 2^12]
  for (int shift = 0; shift < 8; ++shift)
    for (std::int32_t base = 0; base < kSpan; base += kN) {
      for (int i = 0; i < kN; ++i) p.coeffs[i] = kLo + (base + i + shift * 257) % kSpan;
      run(416, [&](const Kernels& k, std::uint8_t* o) { k.pack_t0(o, p); }, "pack_t0", shift);
      simd().unpack_t0(a, pa);
      ASSERT_TRUE(same(a, p)) << "unpack_t0(pack_t0), shift " << shift;
    }
  for (int eta : {2, 4}) {
    const std::size_t bytes = static_cast<std::size_t>(32 * (eta == 2 ? 3 : 4));
    for (int shift = 0; shift < 8 * (2 * eta + 1); ++shift) {
      // Value (i + shift) mod (2 eta + 1) at index i; the shifts put each value at each of
      // the 8 positions of a group, next to every other value.
      for (int i = 0; i < kN; ++i) p.coeffs[i] = -eta + (i * (1 + shift / (2 * eta + 1)) + shift) % (2 * eta + 1);
      run(bytes, [&](const Kernels& k, std::uint8_t* o) { k.pack_eta(o, p, eta); }, "pack_eta", shift);
      ASSERT_EQ(0u, simd().unpack_eta(a, pa, eta));
      ASSERT_TRUE(same(a, p)) << "unpack_eta(pack_eta), eta " << eta << ", shift " << shift;
    }
    for (std::int32_t v : {-eta, eta}) {  // every coefficient at one bound
      for (int i = 0; i < kN; ++i) p.coeffs[i] = v;
      run(bytes, [&](const Kernels& k, std::uint8_t* o) { k.pack_eta(o, p, eta); }, "pack_eta, constant", v);
    }
  }
  for (std::int32_t v : {kLo, 1 << 12, 0}) {  // every coefficient at one bound
    for (int i = 0; i < kN; ++i) p.coeffs[i] = v;
    run(416, [&](const Kernels& k, std::uint8_t* o) { k.pack_t0(o, p); }, "pack_t0, constant", v);
  }
}

// The neon table replaces every kernel (docs/aarch64.md lists them); the tests above then
// compare NEON code with portable code, not the portable kernel with itself.
TEST_P(MlDsaKernelEquivalence, NeonTableReplacesEveryKernel) {
  if (GetParam() != Backend::neon) GTEST_SKIP() << "neon table only";
  const Kernels& n = simd();
  const Kernels& p = ref();
  EXPECT_NE(n.ntt, p.ntt);
  EXPECT_NE(n.invntt_tomont, p.invntt_tomont);
  EXPECT_NE(n.pointwise_acc, p.pointwise_acc);
  EXPECT_NE(n.pointwise, p.pointwise);
  EXPECT_NE(n.reduce, p.reduce);
  EXPECT_NE(n.freeze, p.freeze);
  EXPECT_NE(n.power2round, p.power2round);
  EXPECT_NE(n.decompose, p.decompose);
  EXPECT_NE(n.make_hint, p.make_hint);
  EXPECT_NE(n.use_hint, p.use_hint);
  EXPECT_NE(n.norm_exceeds, p.norm_exceeds);
  EXPECT_NE(n.rej_uniform, p.rej_uniform);
  EXPECT_NE(n.rej_eta, p.rej_eta);
  EXPECT_NE(n.pack_t1, p.pack_t1);
  EXPECT_NE(n.unpack_t1, p.unpack_t1);
  EXPECT_NE(n.pack_t0, p.pack_t0);
  EXPECT_NE(n.unpack_t0, p.unpack_t0);
  EXPECT_NE(n.pack_eta, p.pack_eta);
  EXPECT_NE(n.unpack_eta, p.unpack_eta);
  EXPECT_NE(n.pack_z, p.pack_z);
  EXPECT_NE(n.unpack_z, p.unpack_z);
  EXPECT_NE(n.pack_w1, p.pack_w1);
  static_assert(sizeof(Kernels) == 22 * sizeof(void*), "a new entry: add it above");
}

std::string param_name(const ::testing::TestParamInfo<Backend>& p) { return std::string(backend_name(p.param)); }
INSTANTIATE_TEST_SUITE_P(Backends, MlDsaKernelEquivalence, ::testing::ValuesIn(kAllBackends), param_name);

}  // namespace
}  // namespace tessera::test
