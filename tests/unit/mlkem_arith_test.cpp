// ML-KEM arithmetic: exhaustive checks of the modular reductions and of Compress/Decompress
// against exact integer arithmetic, the zeta table against its definition, and every kernel
// of every backend against straightforward implementations of FIPS 203.
#include "mlkem/field.hpp"
#include "mlkem/kernels.hpp"

#include "support/backends.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <vector>

namespace tessera::mlkem {
namespace {

constexpr std::int64_t q = kQ;

std::int64_t mod_q(std::int64_t a) { return ((a % q) + q) % q; }
std::int64_t pow_mod(std::int64_t b, std::int64_t e) {
  std::int64_t r = 1;
  for (; e > 0; --e) r = r * b % q;
  return r;
}
constexpr std::int64_t kRInv = 169;  // 2^-16 mod q
static_assert((65536 * kRInv) % 3329 == 1);

TEST(MlKemField, MontgomeryReduceExhaustive) {
  // Every input the contract allows: -q * 2^15 <= a < q * 2^15.
  const std::int64_t lim = q << 15;
  std::int64_t bad = 0;
  for (std::int64_t a = -lim; a < lim; ++a) {
    const std::int16_t r = field::montgomery_reduce(static_cast<std::int32_t>(a));
    bad += (r <= -q || r >= q) || ((static_cast<std::int64_t>(r) * 65536 - a) % q != 0);
  }
  EXPECT_EQ(bad, 0);
  EXPECT_EQ(field::montgomery_reduce(static_cast<std::int32_t>(lim)), q);  // why the bound is strict
}

TEST(MlKemField, BarrettReduceExhaustive) {
  for (std::int32_t a = -32768; a <= 32767; ++a) {
    const std::int16_t r = field::barrett_reduce(static_cast<std::int16_t>(a));
    ASSERT_TRUE(r >= -(q - 1) / 2 && r <= (q - 1) / 2) << a;
    ASSERT_EQ(mod_q(r), mod_q(a)) << a;
    const std::int16_t c = field::reduce_canonical(static_cast<std::int16_t>(a));
    ASSERT_EQ(c, mod_q(a)) << a;
  }
}

TEST(MlKemField, FqmulAndConstants) {
  EXPECT_EQ(mod_q(field::kMont), mod_q(65536));
  EXPECT_EQ(mod_q(field::kMontSquared), mod_q(65536LL * 65536));
  EXPECT_EQ(mod_q(field::kInvNttFactor * 128LL), mod_q(65536LL * 65536));
  for (std::int32_t a = -q + 1; a < q; a += 7)
    for (std::int32_t b = -q + 1; b < q; b += 13) {
      const std::int16_t r = field::fqmul(static_cast<std::int16_t>(a), static_cast<std::int16_t>(b));
      ASSERT_LT(std::abs(r), q);
      ASSERT_EQ(mod_q(r), mod_q(static_cast<std::int64_t>(a) * b * kRInv));
    }
}

// kZetas[i] = 17^BitRev7(i) * 2^16 mod q (FIPS 203, Appendix A), recomputed independently.
TEST(MlKemField, ZetaTable) {
  for (int i = 0; i < 128; ++i) {
    int br = 0;
    for (int b = 0; b < 7; ++b) if (i & (1 << b)) br |= 1 << (6 - b);
    const std::int64_t want = mod_q(pow_mod(17, br) * 65536);
    EXPECT_EQ(mod_q(field::kZetas[static_cast<std::size_t>(i)]), want) << i;
    EXPECT_LE(std::abs(field::kZetas[static_cast<std::size_t>(i)]), q / 2);
  }
  EXPECT_EQ(pow_mod(17, 128), q - 1);  // 17 is a primitive 256-th root of unity
}

// Compress_d(x) = round(2^d / q * x) mod 2^d and Decompress_d(y) = round(q / 2^d * y), by
// exact rational rounding (q odd, so no ties for Compress; ties round up for Decompress).
std::uint32_t compress_exact(std::int64_t x, int d) {
  return static_cast<std::uint32_t>(((2 * (x << d) + q) / (2 * q)) % (1LL << d));
}
std::uint32_t decompress_exact(std::int64_t y, int d) {
  return static_cast<std::uint32_t>((2 * q * y + (1LL << d)) / (2LL << d));
}

TEST(MlKemField, CompressDecompressAllDAllX) {
  for (int d = 1; d <= 11; ++d) {
    for (std::int64_t x = 0; x < q; ++x) ASSERT_EQ(field::compress(static_cast<std::uint32_t>(x), d), compress_exact(x, d)) << d << " " << x;
    for (std::int64_t y = 0; y < (1LL << d); ++y) ASSERT_EQ(field::decompress(static_cast<std::uint32_t>(y), d), decompress_exact(y, d)) << d << " " << y;
  }
}

// Reference ByteEncode_d / ByteDecode_d (FIPS 203, Algorithms 5 and 6), bit by bit.
std::vector<std::uint8_t> encode_ref(const std::int16_t* a, int d) {
  std::vector<std::uint8_t> out(32 * static_cast<std::size_t>(d), 0);
  for (int i = 0; i < 256; ++i)
    for (int j = 0; j < d; ++j) {
      const int bit = (a[i] >> j) & 1;
      out[static_cast<std::size_t>((i * d + j) / 8)] |= static_cast<std::uint8_t>(bit << ((i * d + j) % 8));
    }
  return out;
}
std::array<std::int16_t, 256> decode_ref(const std::uint8_t* b, int d) {
  std::array<std::int16_t, 256> a{};
  for (int i = 0; i < 256; ++i)
    for (int j = 0; j < d; ++j)
      a[static_cast<std::size_t>(i)] = static_cast<std::int16_t>(a[static_cast<std::size_t>(i)] | (((b[(i * d + j) / 8] >> ((i * d + j) % 8)) & 1) << j));
  return a;
}

std::int16_t negacyclic_coeff(const std::int16_t* a, const std::int16_t* b, int k) {
  std::int64_t s = 0;
  for (int i = 0; i < 256; ++i) {
    const int j = k - i;
    if (j >= 0) s += static_cast<std::int64_t>(a[i]) * b[j];
    else s -= static_cast<std::int64_t>(a[i]) * b[j + 256];
  }
  return static_cast<std::int16_t>(mod_q(s));
}

// The rolled NTTs (the -Os build's ntt and invntt) against the portable kernels, bit for bit,
// on random inputs and at the input bounds (ntt: |a| < q; invntt: |a| < 2^14).
TEST(MlKemPortable, RolledNttsMatchTheKernels) {
  std::mt19937_64 rng(0x4E5454);
  for (int rep = 0; rep < 200; ++rep) {
    alignas(32) std::int16_t a[256], b[256], c[256], d[256];
    for (int i = 0; i < 256; ++i) {
      const auto r = rng();
      a[i] = rep == 0 ? static_cast<std::int16_t>(q - 1) : rep == 1 ? static_cast<std::int16_t>(1 - q)
                                                         : static_cast<std::int16_t>(static_cast<std::int64_t>(r % (2 * q - 1)) - (q - 1));
      c[i] = rep == 0 ? static_cast<std::int16_t>((1 << 14) - 1) : rep == 1 ? static_cast<std::int16_t>(1 - (1 << 14))
                                                                  : static_cast<std::int16_t>(static_cast<std::int64_t>((r >> 20) % ((1 << 15) - 1)) - ((1 << 14) - 1));
    }
    std::copy(a, a + 256, b);
    std::copy(c, c + 256, d);
    portable::ntt(a);
    portable::ntt_rolled(b);
    portable::invntt(c);
    portable::invntt_rolled(d);
    ASSERT_TRUE(std::equal(a, a + 256, b)) << "ntt, input #" << rep;
    ASSERT_TRUE(std::equal(c, c + 256, d)) << "invntt, input #" << rep;
  }
}

class MlKemKernels : public test::PerBackend {
 protected:
  const Kernels& k() { return kernels(); }
  std::mt19937_64 rng{12345};
  std::int16_t uniform(std::int32_t lo, std::int32_t hi) {  // [lo, hi]
    return static_cast<std::int16_t>(lo + static_cast<std::int32_t>(rng() % static_cast<std::uint64_t>(hi - lo + 1)));
  }
};

TEST_P(MlKemKernels, ReduceAndTomontExhaustive) {
  for (std::int32_t base = -32768; base < 32768; base += 256) {
    alignas(32) std::int16_t a[256], b[256];
    for (int i = 0; i < 256; ++i) a[i] = b[i] = static_cast<std::int16_t>(base + i);
    k().reduce(a);
    k().tomont(b);
    for (int i = 0; i < 256; ++i) {
      ASSERT_EQ(a[i], mod_q(base + i));
      ASSERT_LT(std::abs(b[i]), q);
      ASSERT_EQ(mod_q(b[i]), mod_q(static_cast<std::int64_t>(base + i) * 65536));
    }
  }
}

TEST_P(MlKemKernels, CompressDecompressAllX) {
  struct D {
    int d;
    void (*c)(std::uint8_t*, const std::int16_t*) noexcept;
    void (*dc)(std::int16_t*, const std::uint8_t*) noexcept;
  };
  const D ds[] = {{1, k().compress_d1, k().decompress_d1},   {4, k().compress_d4, k().decompress_d4},
                  {5, k().compress_d5, k().decompress_d5},   {10, k().compress_d10, k().decompress_d10},
                  {11, k().compress_d11, k().decompress_d11}};
  for (const D& d : ds) {
    for (std::int32_t base = 0; base < q; base += 256) {  // every x in [0, q)
      alignas(32) std::int16_t a[256];
      for (int i = 0; i < 256; ++i) a[i] = static_cast<std::int16_t>((base + i) % q);
      std::uint8_t out[352];
      d.c(out, a);
      const auto got = decode_ref(out, d.d);
      for (int i = 0; i < 256; ++i) ASSERT_EQ(static_cast<std::uint32_t>(got[static_cast<std::size_t>(i)]), compress_exact(a[i], d.d)) << d.d << " " << a[i];
    }
    for (std::int32_t base = 0; base < (1 << d.d); base += 256) {  // every y in [0, 2^d)
      alignas(32) std::int16_t y[256], a[256];
      for (int i = 0; i < 256; ++i) y[i] = static_cast<std::int16_t>((base + i) % (1 << d.d));
      const auto bytes = encode_ref(y, d.d);
      d.dc(a, bytes.data());
      for (int i = 0; i < 256; ++i) ASSERT_EQ(static_cast<std::uint32_t>(a[i]), decompress_exact(y[i], d.d)) << d.d << " " << y[i];
    }
  }
}

TEST_P(MlKemKernels, ByteEncodeDecode12) {
  for (int rep = 0; rep < 64; ++rep) {
    alignas(32) std::int16_t a[256], b[256];
    for (auto& x : a) x = uniform(0, 4095);
    std::uint8_t out[384];
    k().byte_encode12(out, a);
    EXPECT_EQ(std::vector<std::uint8_t>(out, out + 384), encode_ref(a, 12));
    k().byte_decode12(b, out);
    for (int i = 0; i < 256; ++i) ASSERT_EQ(a[i], b[i]);
  }
}

// NTT, basemul_acc and invntt against the schoolbook product in Z_q[X]/(X^256 + 1), at the
// edges of the input bounds each kernel documents.
TEST_P(MlKemKernels, NttMultiplicationMatchesSchoolbook) {
  for (int rep = 0; rep < 20; ++rep) {
    for (int kk = 2; kk <= 4; ++kk) {
      // a: |a| < q into ntt, then reduced to [0, 4096) (the bound basemul_acc allows for a);
      // b: |b| < q into ntt, then Barrett-reduced (|b| < q).
      std::vector<std::int16_t> a(256 * kk), b(256 * kk), an(256 * kk), bn(256 * kk), cache(128 * kk);
      for (int i = 0; i < 256 * kk; ++i) {
        a[static_cast<std::size_t>(i)] = uniform(-q + 1, q - 1);
        b[static_cast<std::size_t>(i)] = uniform(-q + 1, q - 1);
      }
      an = a;
      bn = b;
      for (int p = 0; p < kk; ++p) {
        k().ntt(an.data() + 256 * p);
        k().ntt(bn.data() + 256 * p);
        for (int i = 0; i < 256; ++i) {
          ASSERT_LT(std::abs(an[static_cast<std::size_t>(256 * p + i)]), 8 * q);
          ASSERT_LT(std::abs(bn[static_cast<std::size_t>(256 * p + i)]), 8 * q);
        }
        k().reduce(an.data() + 256 * p);
        for (int i = 0; i < 256; ++i) {  // move a's residues up to [q, 4096) where possible
          auto& x = an[static_cast<std::size_t>(256 * p + i)];
          if (x + q < 4096 && (rng() & 1)) x = static_cast<std::int16_t>(x + q);
          bn[static_cast<std::size_t>(256 * p + i)] = field::barrett_reduce(bn[static_cast<std::size_t>(256 * p + i)]);
        }
        k().mulcache(cache.data() + 128 * p, bn.data() + 256 * p);
        for (int i = 0; i < 128; ++i) ASSERT_LT(std::abs(cache[static_cast<std::size_t>(128 * p + i)]), q);
      }
      alignas(32) std::int16_t r[256];
      k().basemul_acc(r, an.data(), bn.data(), cache.data(), kk);
      for (int i = 0; i < 256; ++i) ASSERT_LT(std::abs(r[i]), q);
      k().invntt(r);  // times R: cancels the R^-1 of basemul_acc
      for (int i = 0; i < 256; ++i) {
        ASSERT_LT(std::abs(r[i]), q);
        std::int64_t want = 0;
        for (int p = 0; p < kk; ++p) want += negacyclic_coeff(a.data() + 256 * p, b.data() + 256 * p, i);
        ASSERT_EQ(mod_q(r[i]), mod_q(want)) << "coefficient " << i;
      }
    }
  }
}

TEST_P(MlKemKernels, InvNttBoundAtLimit) {
  alignas(32) std::int16_t a[256];
  for (int rep = 0; rep < 100; ++rep) {
    for (auto& x : a) x = uniform(-(1 << 14) + 1, (1 << 14) - 1);
    if (rep == 0) for (auto& x : a) x = (1 << 14) - 1;
    if (rep == 1) for (int i = 0; i < 256; ++i) a[i] = static_cast<std::int16_t>(i & 1 ? (1 << 14) - 1 : -(1 << 14) + 1);
    std::int16_t orig[256];
    std::copy(a, a + 256, orig);
    k().invntt(a);
    for (int i = 0; i < 256; ++i) ASSERT_LT(std::abs(a[i]), q);
    // ntt(invntt(x)) = x * R (invntt multiplies by R)
    k().ntt(a);
    for (int i = 0; i < 256; ++i) ASSERT_EQ(mod_q(a[i]), mod_q(static_cast<std::int64_t>(orig[i]) * 65536)) << i;
  }
}

// Algorithm 8, literally: bits b, f_i = sum_j b[2 i eta + j] - sum_j b[2 i eta + eta + j].
TEST_P(MlKemKernels, CbdMatchesAlgorithm8) {
  for (int eta = 2; eta <= 3; ++eta) {
    for (int rep = 0; rep < 50; ++rep) {
      std::uint8_t buf[192];
      for (auto& x : buf) x = static_cast<std::uint8_t>(rng());
      alignas(32) std::int16_t r[256];
      if (eta == 2) k().cbd2(r, buf);
      else k().cbd3(r, buf);
      auto bit = [&](int i) { return (buf[i / 8] >> (i % 8)) & 1; };
      for (int i = 0; i < 256; ++i) {
        int x = 0, y = 0;
        for (int j = 0; j < eta; ++j) {
          x += bit(2 * i * eta + j);
          y += bit(2 * i * eta + eta + j);
        }
        ASSERT_EQ(r[i], x - y);
      }
    }
  }
}

TEST_P(MlKemKernels, RejUniformMatchesAlgorithm7) {
  for (int rep = 0; rep < 50; ++rep) {
    std::vector<std::uint8_t> buf(168 * 4);
    for (auto& x : buf) x = static_cast<std::uint8_t>(rng() | (rep & 1 ? 0xF0 : 0));  // many rejections on odd reps
    std::vector<std::int16_t> want;
    for (std::size_t j = 0; j + 3 <= buf.size() && want.size() < 256; j += 3) {
      const int d1 = buf[j] + 256 * (buf[j + 1] % 16), d2 = buf[j + 1] / 16 + 16 * buf[j + 2];
      if (d1 < q) want.push_back(static_cast<std::int16_t>(d1));
      if (d2 < q && want.size() < 256) want.push_back(static_cast<std::int16_t>(d2));
    }
    alignas(32) std::int16_t r[256];
    // In two chunks of whole blocks, as the sampler calls it.
    unsigned ctr = k().rej_uniform(r, 0, 256, buf.data(), 168);
    ctr = k().rej_uniform(r, ctr, 256, buf.data() + 168, static_cast<unsigned>(buf.size() - 168));
    ASSERT_EQ(ctr, want.size());
    for (unsigned i = 0; i < ctr; ++i) ASSERT_EQ(r[i], want[i]);
  }
}

TESSERA_INSTANTIATE_PER_BACKEND(MlKemKernels);

}  // namespace
}  // namespace tessera::mlkem
