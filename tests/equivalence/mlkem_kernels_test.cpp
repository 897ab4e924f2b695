// ML-KEM kernels (src/mlkem/kernels.hpp): every kernel of every backend the host has, against
// the portable kernel, on boundary inputs (the extremes of each documented input bound, all
// zero, alternating signs) and random inputs within the bounds. The SIMD kernels are meant to
// be bit-for-bit equal to the portable ones, so outputs are compared exactly; the documented
// output bounds are checked too. Exhaustive where the input space is small: reduce and tomont
// on every int16, Compress_d on every x in [0, q), Decompress_d and ByteDecode_12 on every
// d-bit value, CBD on every byte value. Backends this build or CPU lacks are SKIPPED with the
// reason.
#include <tessera/backend.hpp>
#include <tessera/sha3.hpp>

#include "cpu/features.hpp"
#include "mlkem/kernels.hpp"
#include "mlkem/sponge_lanes.hpp"
#include "support/backends.hpp"
#include "tessera_config.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

namespace tessera::test {
namespace {

using mlkem::Kernels;
using mlkem::kQ;
using Poly = std::array<std::int16_t, 256>;

class MlKemKernelEquivalence : public PerBackend {
 protected:
  const Kernels& simd() const { return mlkem::kernels_for(GetParam()); }
  const Kernels& ref() const { return mlkem::kernels_for(Backend::portable); }
  std::mt19937_64 rng{0x4D4C4B454D};

  Poly random_poly(int lo, int hi) {  // uniform in [lo, hi]
    std::uniform_int_distribution<int> d(lo, hi);
    Poly p;
    for (auto& x : p) x = static_cast<std::int16_t>(d(rng));
    return p;
  }
  // Boundary polynomials for inputs bounded by |a| <= m (or [0, m] when nonneg).
  static std::vector<Poly> boundary_polys(int m, bool nonneg) {
    std::vector<Poly> v;
    Poly p;
    p.fill(0);
    v.push_back(p);
    p.fill(static_cast<std::int16_t>(m));
    v.push_back(p);
    if (!nonneg) {
      p.fill(static_cast<std::int16_t>(-m));
      v.push_back(p);
      for (int i = 0; i < 256; ++i) p[static_cast<std::size_t>(i)] = static_cast<std::int16_t>(i % 2 ? -m : m);
      v.push_back(p);
    } else {
      for (int i = 0; i < 256; ++i) p[static_cast<std::size_t>(i)] = static_cast<std::int16_t>(i % 2 ? 0 : m);
      v.push_back(p);
    }
    for (int i = 0; i < 256; ++i) p[static_cast<std::size_t>(i)] = static_cast<std::int16_t>((i * 37) % (m + 1));
    v.push_back(p);
    return v;
  }
  std::vector<std::uint8_t> random_bytes(std::size_t n) {
    std::vector<std::uint8_t> b(n);
    for (auto& x : b) x = static_cast<std::uint8_t>(rng());
    return b;
  }
};

void expect_bound(const Poly& p, int lo, int hi) {
  for (auto x : p) {
    ASSERT_GE(x, lo);
    ASSERT_LE(x, hi);
  }
}

TEST_P(MlKemKernelEquivalence, Ntt) {
  auto inputs = boundary_polys(kQ - 1, false);
  for (int i = 0; i < 2000; ++i) inputs.push_back(random_poly(-(kQ - 1), kQ - 1));
  for (const auto& in : inputs) {
    Poly a = in, b = in;
    ref().ntt(a.data());
    simd().ntt(b.data());
    ASSERT_EQ(a, b);
    expect_bound(b, -8 * kQ + 1, 8 * kQ - 1);
  }
}

TEST_P(MlKemKernelEquivalence, InvNtt) {
  auto inputs = boundary_polys((1 << 14) - 1, false);
  for (int i = 0; i < 2000; ++i) inputs.push_back(random_poly(-(1 << 14) + 1, (1 << 14) - 1));
  for (const auto& in : inputs) {
    Poly a = in, b = in;
    ref().invntt(a.data());
    simd().invntt(b.data());
    ASSERT_EQ(a, b);
    expect_bound(b, -kQ + 1, kQ - 1);
  }
}

TEST_P(MlKemKernelEquivalence, MulcacheAndBasemulAcc) {
  for (int k = 2; k <= 4; ++k) {
    for (int t = 0; t < 600; ++t) {
      std::vector<std::int16_t> a(256 * k), b(256 * k);
      for (int p = 0; p < k; ++p) {
        Poly pa, pb;
        if (t < 4) {  // boundaries: the extremes of both bounds, with both signs
          pa.fill(static_cast<std::int16_t>(t % 2 ? 4095 : -4095));
          pb.fill(static_cast<std::int16_t>(t / 2 ? kQ - 1 : -(kQ - 1)));
        } else {
          pa = random_poly(-4095, 4095);
          pb = random_poly(-(kQ - 1), kQ - 1);
        }
        std::copy(pa.begin(), pa.end(), a.begin() + 256 * p);
        std::copy(pb.begin(), pb.end(), b.begin() + 256 * p);
      }
      std::vector<std::int16_t> cr(128 * k), cs(128 * k);
      for (int p = 0; p < k; ++p) {
        ref().mulcache(cr.data() + 128 * p, b.data() + 256 * p);
        simd().mulcache(cs.data() + 128 * p, b.data() + 256 * p);
      }
      ASSERT_EQ(cr, cs);
      for (auto x : cs) ASSERT_LT(x < 0 ? -x : x, kQ);
      if (t < 4) std::fill(cs.begin(), cs.end(), static_cast<std::int16_t>(t % 3 ? kQ - 1 : -(kQ - 1)));
      Poly r1, r2;
      ref().basemul_acc(r1.data(), a.data(), b.data(), cs.data(), k);
      simd().basemul_acc(r2.data(), a.data(), b.data(), cs.data(), k);
      ASSERT_EQ(r1, r2) << "k = " << k << ", case " << t;
      expect_bound(r2, -kQ + 1, kQ - 1);
    }
  }
}

TEST_P(MlKemKernelEquivalence, ReduceAndTomontExhaustive) {
  for (int base = -32768; base < 32768; base += 256) {
    Poly in;
    for (int i = 0; i < 256; ++i) in[static_cast<std::size_t>(i)] = static_cast<std::int16_t>(base + i);
    Poly a = in, b = in;
    ref().reduce(a.data());
    simd().reduce(b.data());
    ASSERT_EQ(a, b);
    expect_bound(b, 0, kQ - 1);
    a = in;
    b = in;
    ref().tomont(a.data());
    simd().tomont(b.data());
    ASSERT_EQ(a, b);
    expect_bound(b, -kQ + 1, kQ - 1);
  }
}

TEST_P(MlKemKernelEquivalence, Cbd) {
  // Exactly 64 eta bytes (a kernel must not read past them), every byte value in some buffer.
  for (int t = 0; t < 2; ++t) {
    std::vector<std::uint8_t> b2(128), b3(192);
    for (std::size_t i = 0; i < b2.size(); ++i) b2[i] = static_cast<std::uint8_t>(128 * t + i);
    for (std::size_t i = 0; i < b3.size(); ++i) b3[i] = static_cast<std::uint8_t>(t ? 255 - i : i);
    Poly a, b;
    ref().cbd2(a.data(), b2.data());
    simd().cbd2(b.data(), b2.data());
    ASSERT_EQ(a, b);
    ref().cbd3(a.data(), b3.data());
    simd().cbd3(b.data(), b3.data());
    ASSERT_EQ(a, b);
  }
  for (int t = 0; t < 1000; ++t) {
    auto buf = random_bytes(192);
    if (t == 0) std::fill(buf.begin(), buf.end(), 0);
    if (t == 1) std::fill(buf.begin(), buf.end(), 0xFF);
    if (t == 2) std::fill(buf.begin(), buf.end(), 0x0F);
    if (t == 3) std::fill(buf.begin(), buf.end(), 0xF0);
    Poly a, b;
    ref().cbd2(a.data(), buf.data());
    simd().cbd2(b.data(), buf.data());
    ASSERT_EQ(a, b);
    expect_bound(b, -2, 2);
    ref().cbd3(a.data(), buf.data());
    simd().cbd3(b.data(), buf.data());
    ASSERT_EQ(a, b);
    expect_bound(b, -3, 3);
  }
}

// Candidates d1, d2 packed as FIPS 203, Algorithm 7, steps 7-8 read them.
void put_candidates(std::uint8_t* p, unsigned d1, unsigned d2) {
  p[0] = static_cast<std::uint8_t>(d1);
  p[1] = static_cast<std::uint8_t>((d1 >> 8) | (d2 << 4));
  p[2] = static_cast<std::uint8_t>(d2 >> 4);
}

// rej_uniform of the table, and every alternative kernel the table may hide on this CPU.
std::vector<mlkem::RejUniformFn> rej_kernels(Backend b, const Kernels& table) {
  std::vector<mlkem::RejUniformFn> v{table.rej_uniform};
#if TESSERA_HAVE_AVX512
  if (b == Backend::avx512) {
    v.push_back(mlkem::avx512::rej_uniform);
    if (cpu::features().avx512vbmi && cpu::features().avx512vbmi2) v.push_back(mlkem::avx512::rej_uniform_vbmi2);
  }
#endif
  (void)b;
  return v;
}

TEST_P(MlKemKernelEquivalence, RejUniform) {
  const unsigned lens[] = {0, 3, 6, 9, 21, 24, 27, 45, 48, 51, 64, 72, 165, 168, 171, 336, 504, 510};
  for (auto rej : rej_kernels(GetParam(), simd()))
  for (int t = 0; t < 400; ++t) {
    for (unsigned buflen : lens) {
      auto buf = random_bytes(buflen);
      const int kind = t % 7;
      std::uniform_int_distribution<unsigned> mostly_rejected(kQ - 400, 0xFFF);  // ~17% accepted
      for (unsigned i = 0; i + 3 <= buflen; i += 3) {
        if (kind == 1) put_candidates(&buf[i], kQ - 1, kQ);            // accept, reject
        if (kind == 2) put_candidates(&buf[i], kQ, 0xFFF);             // all rejected
        if (kind == 3) put_candidates(&buf[i], 0, (i / 3) % 3329);     // all accepted
        if (kind == 5) put_candidates(&buf[i], mostly_rejected(rng), mostly_rejected(rng));
        if (kind == 6 && (i / 24) % 2) put_candidates(&buf[i], kQ, kQ);  // rejected runs of 16
      }
      const unsigned ctrs[] = {0, 1, 100, 239, 240, 241, 250, 255, 256};
      for (unsigned ctr : ctrs) {
        for (unsigned len : {256u, 255u, 17u}) {
          if (ctr > len) continue;
          Poly a, b;
          a.fill(-1);
          b.fill(-1);
          const unsigned na = ref().rej_uniform(a.data(), ctr, len, buf.data(), buflen);
          const unsigned nb = rej(b.data(), ctr, len, buf.data(), buflen);
          ASSERT_EQ(na, nb) << "buflen " << buflen << " ctr " << ctr << " len " << len;
          // Outputs up to the count agree; nothing at or past len is written (entries between
          // the count and len are scratch space, see kernels.hpp).
          ASSERT_TRUE(std::equal(a.begin(), a.begin() + nb, b.begin())) << "buflen " << buflen << " ctr " << ctr;
          for (unsigned i = len; i < 256; ++i) ASSERT_EQ(b[i], -1) << "write past len at " << i;
        }
      }
    }
  }
}

// Polynomials holding every x in [0, q) once (13 of them), then random ones.
std::vector<Poly> all_residues() {
  std::vector<Poly> v;
  for (int base = 0; base < kQ; base += 256) {
    Poly p;
    for (int i = 0; i < 256; ++i) p[static_cast<std::size_t>(i)] = static_cast<std::int16_t>((base + i) % kQ);
    v.push_back(p);
  }
  return v;
}

template <std::size_t Bytes>
void check_compress(const std::vector<Poly>& inputs, void (*r)(std::uint8_t*, const std::int16_t*) noexcept,
                    void (*s)(std::uint8_t*, const std::int16_t*) noexcept) {
  for (const auto& in : inputs) {
    std::array<std::uint8_t, Bytes> a{}, b{};
    r(a.data(), in.data());
    s(b.data(), in.data());
    ASSERT_EQ(a, b);
  }
}

TEST_P(MlKemKernelEquivalence, CompressAllResidues) {
  auto inputs = all_residues();
  for (int i = 0; i < 200; ++i) inputs.push_back(random_poly(0, kQ - 1));
  for (const auto& p : boundary_polys(kQ - 1, true)) inputs.push_back(p);  // 0, q - 1, ...
  check_compress<32>(inputs, ref().compress_d1, simd().compress_d1);
  check_compress<128>(inputs, ref().compress_d4, simd().compress_d4);
  check_compress<160>(inputs, ref().compress_d5, simd().compress_d5);
  check_compress<320>(inputs, ref().compress_d10, simd().compress_d10);
  check_compress<352>(inputs, ref().compress_d11, simd().compress_d11);
}

template <std::size_t Bytes>
void check_decompress(std::mt19937_64& rng, void (*r)(std::int16_t*, const std::uint8_t*) noexcept,
                      void (*s)(std::int16_t*, const std::uint8_t*) noexcept) {
  for (int t = 0; t < 500; ++t) {
    std::array<std::uint8_t, Bytes> in;
    for (auto& x : in) x = static_cast<std::uint8_t>(t == 0 ? 0 : t == 1 ? 0xFF : rng());
    Poly a, b;
    r(a.data(), in.data());
    s(b.data(), in.data());
    ASSERT_EQ(a, b);
    expect_bound(b, 0, kQ - 1);
  }
}

// ByteEncode_d of the values 0, 1, ..., 2^d - 1, repeated: 2^d / 256 polynomials (at least one).
template <int D>
std::vector<std::array<std::uint8_t, 32 * D>> every_value_encoded() {
  std::vector<std::array<std::uint8_t, 32 * D>> v;
  for (unsigned base = 0; base < std::max(1u << D, 256u); base += 256) {
    std::array<std::uint8_t, 32 * D> b{};
    for (unsigned i = 0; i < 256; ++i) {
      const unsigned y = (base + i) % (1u << D);
      for (unsigned k = 0; k < D; ++k) {
        const unsigned bit = D * i + k;  // Algorithm 5: bit k of value i is bit D i + k
        if ((y >> k) & 1) b[bit / 8] |= static_cast<std::uint8_t>(1u << (bit % 8));
      }
    }
    v.push_back(b);
  }
  return v;
}

template <int D>
void check_decompress_every_value(void (*r)(std::int16_t*, const std::uint8_t*) noexcept,
                                  void (*s)(std::int16_t*, const std::uint8_t*) noexcept) {
  for (const auto& in : every_value_encoded<D>()) {
    Poly a, b;
    r(a.data(), in.data());
    s(b.data(), in.data());
    ASSERT_EQ(a, b) << "d = " << D;
    expect_bound(b, 0, kQ - 1);
  }
}

TEST_P(MlKemKernelEquivalence, DecompressEveryValue) {
  check_decompress_every_value<1>(ref().decompress_d1, simd().decompress_d1);
  check_decompress_every_value<4>(ref().decompress_d4, simd().decompress_d4);
  check_decompress_every_value<5>(ref().decompress_d5, simd().decompress_d5);
  check_decompress_every_value<10>(ref().decompress_d10, simd().decompress_d10);
  check_decompress_every_value<11>(ref().decompress_d11, simd().decompress_d11);
}

TEST_P(MlKemKernelEquivalence, Decompress) {
  check_decompress<32>(rng, ref().decompress_d1, simd().decompress_d1);
  check_decompress<128>(rng, ref().decompress_d4, simd().decompress_d4);
  check_decompress<160>(rng, ref().decompress_d5, simd().decompress_d5);
  check_decompress<320>(rng, ref().decompress_d10, simd().decompress_d10);
  check_decompress<352>(rng, ref().decompress_d11, simd().decompress_d11);
}

TEST_P(MlKemKernelEquivalence, ByteEncodeDecode12) {
  auto inputs = boundary_polys(4095, true);
  for (int i = 0; i < 500; ++i) inputs.push_back(random_poly(0, 4095));
  for (const auto& in : inputs) {
    std::array<std::uint8_t, 384> a{}, b{};
    ref().byte_encode12(a.data(), in.data());
    simd().byte_encode12(b.data(), in.data());
    ASSERT_EQ(a, b);
    Poly da, db;
    ref().byte_decode12(da.data(), a.data());
    simd().byte_decode12(db.data(), a.data());
    ASSERT_EQ(da, db);
    ASSERT_EQ(db, in);
  }
  for (const auto& in : every_value_encoded<12>()) {  // every 12-bit value, 16 polynomials
    Poly da, db;
    ref().byte_decode12(da.data(), in.data());
    simd().byte_decode12(db.data(), in.data());
    ASSERT_EQ(da, db);
    std::array<std::uint8_t, 384> a{}, b{};
    ref().byte_encode12(a.data(), db.data());
    simd().byte_encode12(b.data(), db.data());
    ASSERT_EQ(a, b);
    ASSERT_EQ(b, in);
  }
  for (int t = 0; t < 500; ++t) {
    auto bytes = random_bytes(384);
    Poly da, db;
    ref().byte_decode12(da.data(), bytes.data());
    simd().byte_decode12(db.data(), bytes.data());
    ASSERT_EQ(da, db);
  }
}

// The neon table replaces every kernel (docs/aarch64.md lists them); the tests above then
// compare NEON code with portable code, not the portable kernel with itself.
TEST_P(MlKemKernelEquivalence, NeonTableReplacesEveryKernel) {
  if (GetParam() != Backend::neon) GTEST_SKIP() << "neon table only";
  const Kernels& n = simd();
  const Kernels& p = ref();
  EXPECT_NE(n.ntt, p.ntt);
  EXPECT_NE(n.invntt, p.invntt);
  EXPECT_NE(n.mulcache, p.mulcache);
  EXPECT_NE(n.basemul_acc, p.basemul_acc);
  EXPECT_NE(n.reduce, p.reduce);
  EXPECT_NE(n.tomont, p.tomont);
  EXPECT_NE(n.cbd2, p.cbd2);
  EXPECT_NE(n.cbd3, p.cbd3);
  EXPECT_NE(n.rej_uniform, p.rej_uniform);
  EXPECT_NE(n.compress_d1, p.compress_d1);
  EXPECT_NE(n.compress_d4, p.compress_d4);
  EXPECT_NE(n.compress_d5, p.compress_d5);
  EXPECT_NE(n.compress_d10, p.compress_d10);
  EXPECT_NE(n.compress_d11, p.compress_d11);
  EXPECT_NE(n.decompress_d1, p.decompress_d1);
  EXPECT_NE(n.decompress_d4, p.decompress_d4);
  EXPECT_NE(n.decompress_d5, p.decompress_d5);
  EXPECT_NE(n.decompress_d10, p.decompress_d10);
  EXPECT_NE(n.decompress_d11, p.decompress_d11);
  EXPECT_NE(n.byte_encode12, p.byte_encode12);
  EXPECT_NE(n.byte_decode12, p.byte_decode12);
}

// Unaligned polynomials: the interface does not promise 32-byte alignment.
TEST_P(MlKemKernelEquivalence, UnalignedBuffers) {
  alignas(32) std::int16_t buf_a[256 + 8], buf_b[256 + 8];
  Poly in = random_poly(-(kQ - 1), kQ - 1);
  std::copy(in.begin(), in.end(), buf_a + 1);
  std::copy(in.begin(), in.end(), buf_b + 1);
  ref().ntt(buf_a + 1);
  simd().ntt(buf_b + 1);
  ref().invntt(buf_a + 1);
  simd().invntt(buf_b + 1);
  ref().reduce(buf_a + 1);
  simd().reduce(buf_b + 1);
  EXPECT_TRUE(std::equal(buf_a + 1, buf_a + 257, buf_b + 1));
}

// The Keccak lane scheduler of the algorithm code (mlkem/sponge_lanes.hpp) on the active
// backend's permutation kernels: SHA3-256 and SHAKE128/256 jobs of many lengths, inputs in two
// pieces, several output blocks, and one job fed in increments (parked while it waits), all
// run together, against the one-way SHA-3 functions.
TEST_P(MlKemKernelEquivalence, SpongeLanesMatchSha3) {
  using mlkem::SpongeJob;
  const std::size_t lens[] = {0, 1, 33, 34, 135, 136, 137, 167, 168, 169, 271, 272, 800, 1120, 1184, 1568, 1600};
  std::vector<std::vector<std::uint8_t>> inputs;
  for (auto n : lens) inputs.push_back(random_bytes(n));
  std::vector<SpongeJob> jobs;
  std::vector<std::vector<std::uint8_t>> outs;
  std::vector<std::vector<std::uint8_t>> expect;
  std::uint64_t park[25];
  // Job 0: SHA3-256 of the longest input, fed in steps of 100 bytes.
  const auto& streamed = inputs.back();
  outs.emplace_back(32);
  {
    SpongeJob j;
    j.in[0] = streamed.data();
    j.in_len[0] = streamed.size();
    j.rate = 136;
    j.domain = 0x06;
    j.out = outs.back().data();
    j.out_len = 32;
    j.available = 0;
    j.park = park;
    jobs.push_back(j);
    std::vector<std::uint8_t> e(32);
    sha3_256(streamed, std::span<std::uint8_t, 32>(e.data(), 32));
    expect.push_back(e);
  }
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const auto& in = inputs[i];
    for (int kind = 0; kind < 3; ++kind) {
      SpongeJob j;
      const std::size_t split = in.size() / 3;  // two pieces
      j.in[0] = in.data();
      j.in_len[0] = split;
      j.in[1] = in.data() + split;
      j.in_len[1] = in.size() - split;
      std::vector<std::uint8_t> e;
      if (kind == 0) {
        j.rate = 136;
        j.domain = 0x06;
        e.resize(32);
        sha3_256(in, std::span<std::uint8_t, 32>(e.data(), 32));
      } else if (kind == 1) {
        j.rate = 136;
        j.domain = 0x1F;
        e.resize(300);
        shake256(in, e);
      } else {
        j.rate = 168;
        j.domain = 0x1F;
        e.resize(505);
        shake128(in, e);
      }
      outs.emplace_back(e.size());
      j.out = outs.back().data();
      j.out_len = e.size();
      jobs.push_back(j);
      expect.push_back(e);
    }
  }
  for (std::size_t k = 0; k < jobs.size(); ++k) jobs[k].out = outs[k].data();
  mlkem::SpongeLanes lanes(simd().rej_uniform);
  const int n = static_cast<int>(jobs.size());
  for (std::size_t avail = 0; avail < streamed.size(); avail += 100) {
    jobs[0].available = avail;
    lanes.run(jobs.data(), n, 1, 1 + (n - 1) * static_cast<int>(avail) / static_cast<int>(streamed.size()));
  }
  jobs[0].available = streamed.size();
  lanes.run(jobs.data(), n, 0, n);
  for (std::size_t k = 0; k < jobs.size(); ++k) {
    EXPECT_EQ(jobs[k].status, SpongeJob::done) << "job " << k;
    EXPECT_EQ(outs[k], expect[k]) << "job " << k;
  }
}

// A job that ends alone in its lanes is finished by the one-state sponge loop (SpongeLanes::
// finish_alone): input in two pieces split anywhere (inside a block, on a block boundary,
// either piece empty), outputs of one and of several blocks, both rates; alone from its
// first block, and alone after a shorter job next to it has ended.
TEST_P(MlKemKernelEquivalence, SpongeLanesOneLaneTail) {
  using mlkem::SpongeJob;
  const auto in = random_bytes(1600);
  const std::size_t lens[] = {0, 32, 135, 136, 137, 272, 800, 1120, 1600};
  const std::size_t splits[] = {0, 1, 32, 136, 137, 300, 1600};
  for (std::size_t len : lens) {
    for (std::size_t split : splits) {
      if (split > len) continue;
      for (int kind = 0; kind < 3; ++kind) {
        const unsigned rate = kind == 2 ? 168 : 136;
        const std::uint8_t domain = kind == 0 ? 0x06 : 0x1F;
        const std::size_t out_len = kind == 0 ? 32 : kind == 1 ? 300 : 505;
        std::vector<std::uint8_t> expect(out_len);
        if (kind == 0) sha3_256({in.data(), len}, std::span<std::uint8_t, 32>(expect.data(), 32));
        else if (kind == 1) shake256({in.data(), len}, expect);
        else shake128({in.data(), len}, expect);
        for (int company = 0; company < 2; ++company) {
          std::vector<std::uint8_t> out(out_len), short_out(32), short_expect(32);
          SpongeJob jobs[2];
          jobs[0].in[0] = in.data();
          jobs[0].in_len[0] = split;
          jobs[0].in[1] = in.data() + split;
          jobs[0].in_len[1] = len - split;
          jobs[0].rate = rate;
          jobs[0].domain = domain;
          jobs[0].out = out.data();
          jobs[0].out_len = out_len;
          // company: a one-block SHA3-256 job in the next lane, done after the first step.
          jobs[1].in[0] = in.data() + 7;
          jobs[1].in_len[0] = 40;
          jobs[1].rate = 136;
          jobs[1].domain = 0x06;
          jobs[1].out = short_out.data();
          jobs[1].out_len = 32;
          sha3_256({in.data() + 7, 40}, std::span<std::uint8_t, 32>(short_expect.data(), 32));
          mlkem::run_sponge_jobs(jobs, 1 + company, simd().rej_uniform);
          EXPECT_EQ(jobs[0].status, SpongeJob::done);
          EXPECT_EQ(out, expect) << "len " << len << " split " << split << " kind " << kind << " company " << company;
          if (company) {
            EXPECT_EQ(short_out, short_expect);
          }
        }
      }
    }
  }
}

TESSERA_INSTANTIATE_PER_BACKEND(MlKemKernelEquivalence);

}  // namespace
}  // namespace tessera::test
