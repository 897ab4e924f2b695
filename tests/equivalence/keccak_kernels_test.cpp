// Keccak-f[1600] kernels (FIPS 202, Section 3.3, Algorithm 7): a known-answer check of
// f1600_portable, the compact and the bit-interleaved 32-bit forms (built on every target),
// then every kernel of every backend the host has (single-state, 4-way and
// 8-way) against f1600_portable on boundary states (zero, all ones, every single bit) and
// random states, including long chains of repeated permutations. Backends this build or CPU
// lacks are SKIPPED with the reason.
#include <tessera/backend.hpp>

#include "cpu/features.hpp"
#include "hash/keccak/keccak.hpp"
#include "tessera_config.hpp"
#if TESSERA_HAVE_NEON
#include "hash/keccak/neon.hpp"
#endif

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace tessera::test {
namespace {

using keccak::State4;
using keccak::State8;
using Lanes = std::uint64_t[25];
using F1 = void (*)(std::uint64_t (&)[25]) noexcept;

// Keccak-f[1600] of the all-zero state and of that result again: the first lanes of the
// Keccak team's published intermediate values (KeccakF-1600-IntermediateValues.txt).
void expect_zero_state_known_answer(F1 f) {
  std::uint64_t s[25] = {};
  f(s);
  EXPECT_EQ(s[0], 0xF1258F7940E1DDE7ull);
  EXPECT_EQ(s[1], 0x84D5CCF933C0478Aull);
  f(s);
  EXPECT_EQ(s[0], 0x2D5C954DF96ECB3Cull);
  EXPECT_EQ(s[1], 0x6A332CD07057B56Dull);
  EXPECT_EQ(s[24], 0x20D06CD26A8FBF5Cull);
}
TEST(KeccakPortable, KnownAnswerZeroState) { expect_zero_state_known_answer(&keccak::f1600_portable); }
// The compact permutation (f1600_portable's body in builds for size).
TEST(KeccakPortable, CompactKnownAnswerZeroState) { expect_zero_state_known_answer(&keccak::f1600_compact); }
// The bit-interleaved 32-bit permutation (interleaved32.cpp), both forms and the one the
// build's optimization picks.
TEST(KeccakInterleaved32, KnownAnswerZeroState) {
  expect_zero_state_known_answer(&keccak::f1600_interleaved32);
  expect_zero_state_known_answer(&keccak::f1600_interleaved32_compact);
  expect_zero_state_known_answer(&keccak::f1600_interleaved32_unrolled);
}

// The states every kernel is run on: boundary cases, then random ones.
std::vector<std::vector<std::uint64_t>> test_states(std::size_t count_random) {
  std::vector<std::vector<std::uint64_t>> v;
  v.emplace_back(25, 0);
  v.emplace_back(25, ~0ull);
  for (int bit = 0; bit < 1600; ++bit) {  // every single-bit state
    std::vector<std::uint64_t> s(25, 0);
    s[bit / 64] = 1ull << (bit % 64);
    v.push_back(s);
  }
  for (int bit = 0; bit < 1600; bit += 7) {  // all ones but one bit
    std::vector<std::uint64_t> s(25, ~0ull);
    s[bit / 64] ^= 1ull << (bit % 64);
    v.push_back(s);
  }
  std::mt19937_64 rng(0x4B656363616B);
  for (std::size_t i = 0; i < count_random; ++i) {
    std::vector<std::uint64_t> s(25);
    for (auto& x : s) x = rng();
    v.push_back(s);
  }
  return v;
}

std::string lanes_diff(const std::uint64_t* got, const std::uint64_t* want) {
  for (int i = 0; i < 25; ++i) {
    if (got[i] != want[i]) return "first differing lane " + std::to_string(i);
  }
  return "equal";
}

void expect_single_matches(F1 f, const char* name) {
  const auto states = test_states(2000);
  for (std::size_t t = 0; t < states.size(); ++t) {
    Lanes got, want;
    for (int i = 0; i < 25; ++i) got[i] = want[i] = states[t][i];
    f(got);
    keccak::f1600_portable(want);
    ASSERT_TRUE(std::equal(got, got + 25, want)) << name << " state #" << t << ": " << lanes_diff(got, want);
  }
  // A chain: 1000 permutations of the same state, compared after each.
  Lanes got = {}, want = {};
  for (int r = 0; r < 1000; ++r) {
    f(got);
    keccak::f1600_portable(want);
    ASSERT_TRUE(std::equal(got, got + 25, want)) << name << " chain step " << r << ": " << lanes_diff(got, want);
  }
}

// N-way: instance j of batch b takes states[(b * N + j * 13) % size], so each instance
// slot sees every kind of state and the N instances of a batch differ.
template <int N>
void expect_multi_matches(void (*f)(keccak::StateN<N>&) noexcept, const char* name) {
  const auto states = test_states(1000);
  const std::size_t batches = states.size();
  for (std::size_t b = 0; b < batches; ++b) {
    keccak::StateN<N> s{};
    Lanes want[N];
    for (int j = 0; j < N; ++j) {
      const auto& src = states[(b * N + static_cast<std::size_t>(j) * 13) % states.size()];
      for (int i = 0; i < 25; ++i) s.lanes[i][j] = want[j][i] = src[i];
    }
    f(s);
    for (int j = 0; j < N; ++j) {
      keccak::f1600_portable(want[j]);
      Lanes got;
      for (int i = 0; i < 25; ++i) got[i] = s.lanes[i][j];
      ASSERT_TRUE(std::equal(got, got + 25, want[j]))
          << name << " batch " << b << " instance " << j << ": " << lanes_diff(got, want[j]);
    }
  }
  // A chain of 300 permutations with distinct random starting states.
  std::mt19937_64 rng(N);
  keccak::StateN<N> s{};
  Lanes want[N];
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < 25; ++i) s.lanes[i][j] = want[j][i] = rng();
  for (int r = 0; r < 300; ++r) {
    f(s);
    for (int j = 0; j < N; ++j) {
      keccak::f1600_portable(want[j]);
      for (int i = 0; i < 25; ++i)
        ASSERT_EQ(s.lanes[i][j], want[j][i]) << name << " chain step " << r << " instance " << j << " lane " << i;
    }
  }
}

// ---- The tables of every backend.

class KeccakBackend : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    if (!backend_available(GetParam())) {
      GTEST_SKIP() << "backend " << backend_name(GetParam()) << " is not available on this CPU/build";
    }
  }
  const keccak::Kernels& k() const { return keccak::kernels_for(GetParam()); }
};

INSTANTIATE_TEST_SUITE_P(Backends, KeccakBackend, ::testing::ValuesIn(kAllBackends),
                         [](const ::testing::TestParamInfo<Backend>& i) { return std::string(backend_name(i.param)); });

TEST(KeccakPortable, CompactMatchesPortable) { expect_single_matches(&keccak::f1600_compact, "f1600_compact"); }
TEST(KeccakInterleaved32, MatchesPortable) {
  expect_single_matches(&keccak::f1600_interleaved32, "f1600_interleaved32");
}
TEST(KeccakInterleaved32, CompactFormMatchesPortable) {
  expect_single_matches(&keccak::f1600_interleaved32_compact, "f1600_interleaved32_compact");
}
TEST(KeccakInterleaved32, UnrolledFormMatchesPortable) {
  expect_single_matches(&keccak::f1600_interleaved32_unrolled, "f1600_interleaved32_unrolled");
}
TEST_P(KeccakBackend, SingleStateMatchesPortable) { expect_single_matches(k().f1600, "f1600"); }
TEST_P(KeccakBackend, FourWayMatchesPortable) { expect_multi_matches<4>(k().f1600_x4, "f1600_x4"); }
TEST_P(KeccakBackend, EightWayMatchesPortable) { expect_multi_matches<8>(k().f1600_x8, "f1600_x8"); }

// absorb_blocks / squeeze_blocks against the sponge loop written with f1600_portable, for
// the rates of SHA3-512/384/256/224 and SHAKE128 (9, 13, 17, 18, 21 lanes), the extremes
// 1 and 25, and 0..6 blocks, from random and boundary states.
using AbsorbFn = void (*)(std::uint64_t (&)[25], const std::uint8_t*, std::size_t, std::size_t) noexcept;
using SqueezeFn = void (*)(std::uint64_t (&)[25], std::uint8_t*, std::size_t, std::size_t) noexcept;

void expect_sponge_loops_match(AbsorbFn absorb, SqueezeFn squeeze, const char* name) {
  std::mt19937_64 rng(0x53706F6E6765);
  std::vector<std::uint8_t> buf(8 * 25 * 6), got_out(buf.size()), want_out(buf.size());
  for (std::size_t rate_lanes : {1, 9, 13, 17, 18, 21, 25}) {
    for (std::size_t nblocks = 0; nblocks <= 6; ++nblocks) {
      for (int trial = 0; trial < 6; ++trial) {
        Lanes got, want;
        for (int i = 0; i < 25; ++i) got[i] = want[i] = trial == 0 ? 0 : trial == 1 ? ~0ull : rng();
        for (auto& b : buf) b = static_cast<std::uint8_t>(rng());
        absorb(got, buf.data(), nblocks, rate_lanes);
        for (std::size_t b = 0; b < nblocks; ++b) {
          for (std::size_t i = 0; i < rate_lanes; ++i) {
            std::uint64_t w = 0;
            for (int k = 7; k >= 0; --k) w = (w << 8) | buf[8 * (b * rate_lanes + i) + static_cast<std::size_t>(k)];
            want[i] ^= w;
          }
          keccak::f1600_portable(want);
        }
        ASSERT_TRUE(std::equal(got, got + 25, want))
            << name << " absorb rate_lanes " << rate_lanes << " blocks " << nblocks << ": " << lanes_diff(got, want);
        std::fill(got_out.begin(), got_out.end(), 0xA5);
        std::fill(want_out.begin(), want_out.end(), 0xA5);
        squeeze(got, got_out.data(), nblocks, rate_lanes);
        for (std::size_t b = 0; b < nblocks; ++b) {
          keccak::f1600_portable(want);
          for (std::size_t i = 0; i < 8 * rate_lanes; ++i)
            want_out[8 * rate_lanes * b + i] = static_cast<std::uint8_t>(want[i / 8] >> (8 * (i % 8)));
        }
        ASSERT_TRUE(std::equal(got, got + 25, want))
            << name << " squeeze state, rate_lanes " << rate_lanes << " blocks " << nblocks << ": " << lanes_diff(got, want);
        ASSERT_EQ(got_out, want_out) << name << " squeeze output, rate_lanes " << rate_lanes << " blocks " << nblocks;
      }
    }
  }
}

// The block loops keep the state interleaved across blocks and convert only the rate lanes.
TEST(KeccakInterleaved32, SpongeLoopsMatchPortable) {
  expect_sponge_loops_match(&keccak::absorb_blocks_interleaved32, &keccak::squeeze_blocks_interleaved32,
                            "interleaved32");
}

TEST_P(KeccakBackend, SpongeLoopsMatchPortable) {
  const std::string name(backend_name(GetParam()));
  expect_sponge_loops_match(k().absorb_blocks, k().squeeze_blocks, name.c_str());
}

// The sponges pass byte strings at any address: absorb_blocks / squeeze_blocks of every table
// against the portable loops with input and output at odd addresses, for the rates the
// library uses (SHA3-512/384/256/224, SHAKE256, SHAKE128: 9, 13, 17, 18, 17, 21 lanes).
TEST_P(KeccakBackend, SpongeLoopsAtOddAddresses) {
  std::mt19937_64 rng(0x4F6464);
  std::vector<std::uint8_t> in(1 + 8 * 21 * 5), got_out(3 + 8 * 21 * 5, 0x5A), want_out = got_out;
  for (std::size_t rate_lanes : {9, 13, 17, 18, 21}) {
    for (std::size_t nblocks : {0, 1, 2, 5}) {
      Lanes got, want;
      for (int i = 0; i < 25; ++i) got[i] = want[i] = rng();
      for (auto& b : in) b = static_cast<std::uint8_t>(rng());
      k().absorb_blocks(got, in.data() + 1, nblocks, rate_lanes);
      keccak::absorb_blocks_portable(want, in.data() + 1, nblocks, rate_lanes);
      ASSERT_TRUE(std::equal(got, got + 25, want)) << "absorb rate_lanes " << rate_lanes << " blocks " << nblocks;
      k().squeeze_blocks(got, got_out.data() + 3, nblocks, rate_lanes);
      keccak::squeeze_blocks_portable(want, want_out.data() + 3, nblocks, rate_lanes);
      ASSERT_TRUE(std::equal(got, got + 25, want)) << "squeeze rate_lanes " << rate_lanes << " blocks " << nblocks;
      ASSERT_EQ(got_out, want_out) << "squeeze output, rate_lanes " << rate_lanes << " blocks " << nblocks;
    }
  }
}

// absorb_lanes_xN / extract_lanes_xN against the portable loops, for every first lane and
// count (first + nlanes <= 25), with byte strings at odd addresses and guard bytes after
// them (a kernel must neither read nor write beyond 8 nlanes bytes: the guards of the output
// must survive, and the input guards hold values that would change the state if read).
template <int N>
using AbsorbLanesFn = void (*)(keccak::StateN<N>&, const std::uint8_t* const[N], std::size_t, std::size_t) noexcept;
template <int N>
using ExtractLanesFn = void (*)(const keccak::StateN<N>&, std::uint8_t* const[N], std::size_t, std::size_t) noexcept;

template <int N>
void expect_lane_transfers_match(AbsorbLanesFn<N> absorb, ExtractLanesFn<N> extract, const char* name) {
  std::mt19937_64 rng(0x4C616E6573 + N);
  constexpr std::size_t kGuard = 16, kMax = 8 * 25;
  for (std::size_t first = 0; first < 25; ++first) {
    for (std::size_t nlanes = 0; first + nlanes <= 25; ++nlanes) {
      keccak::StateN<N> got{}, want{};
      for (auto& l : got.lanes)
        for (auto& w : l) w = rng();
      want = got;
      std::vector<std::vector<std::uint8_t>> in(N, std::vector<std::uint8_t>(1 + kMax + kGuard));
      const std::uint8_t* ip[N];
      for (int j = 0; j < N; ++j) {
        for (auto& b : in[j]) b = static_cast<std::uint8_t>(rng());
        ip[j] = in[j].data() + 1;  // odd address
      }
      absorb(got, ip, first, nlanes);
      keccak::absorb_lanes_portable<N>(want, ip, first, nlanes);
      for (int i = 0; i < 25; ++i)
        for (int j = 0; j < N; ++j)
          ASSERT_EQ(got.lanes[i][j], want.lanes[i][j])
              << name << " absorb first " << first << " nlanes " << nlanes << " lane " << i << " state " << j;
      std::vector<std::vector<std::uint8_t>> o1(N, std::vector<std::uint8_t>(1 + kMax + kGuard, 0x5A)), o2 = o1;
      std::uint8_t* p1[N];
      std::uint8_t* p2[N];
      for (int j = 0; j < N; ++j) {
        p1[j] = o1[j].data() + 3;
        p2[j] = o2[j].data() + 3;
      }
      extract(got, p1, first, nlanes);
      keccak::extract_lanes_portable<N>(want, p2, first, nlanes);
      ASSERT_EQ(o1, o2) << name << " extract first " << first << " nlanes " << nlanes;
    }
  }
}

TEST_P(KeccakBackend, LaneTransfersMatchPortable) {
  const std::string name(backend_name(GetParam()));
  expect_lane_transfers_match<4>(k().absorb_lanes_x4, k().extract_lanes_x4, name.c_str());
  expect_lane_transfers_match<8>(k().absorb_lanes_x8, k().extract_lanes_x8, name.c_str());
}

struct NamedLaneKernels {
  const char* name;
  Backend needs;
  AbsorbLanesFn<4> a4;
  ExtractLanesFn<4> e4;
  AbsorbLanesFn<8> a8;
  ExtractLanesFn<8> e8;
};

std::vector<NamedLaneKernels> named_lane_kernels() {
  std::vector<NamedLaneKernels> v;
  v.push_back({"portable", Backend::portable, keccak::absorb_lanes_x4_portable, keccak::extract_lanes_x4_portable,
               keccak::absorb_lanes_x8_portable, keccak::extract_lanes_x8_portable});
#if TESSERA_HAVE_AVX2
  v.push_back({"avx2", Backend::avx2, keccak::absorb_lanes_x4_avx2, keccak::extract_lanes_x4_avx2,
               keccak::absorb_lanes_x8_avx2, keccak::extract_lanes_x8_avx2});
#endif
#if TESSERA_HAVE_AVX512
  v.push_back({"avx512", Backend::avx512, nullptr, nullptr, keccak::absorb_lanes_x8_avx512,
               keccak::extract_lanes_x8_avx512});
#endif
  return v;
}

class KeccakLaneKernel : public ::testing::TestWithParam<NamedLaneKernels> {};

INSTANTIATE_TEST_SUITE_P(LaneKernels, KeccakLaneKernel, ::testing::ValuesIn(named_lane_kernels()),
                         [](const ::testing::TestParamInfo<NamedLaneKernels>& i) { return std::string(i.param.name); });

TEST_P(KeccakLaneKernel, MatchesPortable) {
  const NamedLaneKernels& n = GetParam();
  if (!backend_available(n.needs)) {
    GTEST_SKIP() << n.name << " needs backend " << backend_name(n.needs) << ", not available on this CPU";
  }
  if (n.a4 != nullptr) expect_lane_transfers_match<4>(n.a4, n.e4, n.name);
  if (n.a8 != nullptr) expect_lane_transfers_match<8>(n.a8, n.e8, n.name);
}

// ---- Every kernel by name, including those no table uses today (kept so the choice in
// kernels.cpp can be re-measured and changed safely).

struct NamedKernel {
  const char* name;
  Backend needs;
  F1 f1;
  void (*f4)(State4&) noexcept;
  void (*f8)(State8&) noexcept;
  AbsorbFn absorb = nullptr;
  SqueezeFn squeeze = nullptr;
};

std::vector<NamedKernel> named_kernels() {
  std::vector<NamedKernel> v;
  v.push_back({"x1_portable", Backend::portable, keccak::f1600_portable, nullptr, nullptr,
               keccak::absorb_blocks_portable, keccak::squeeze_blocks_portable});
  v.push_back({"x4_portable", Backend::portable, nullptr, keccak::f1600_x4_portable, nullptr});
  v.push_back({"x8_portable", Backend::portable, nullptr, nullptr, keccak::f1600_x8_portable});
  v.push_back({"x1_interleaved32", Backend::portable, keccak::f1600_interleaved32, nullptr, nullptr,
               keccak::absorb_blocks_interleaved32, keccak::squeeze_blocks_interleaved32});
  v.push_back({"x4_interleaved32", Backend::portable, nullptr, keccak::f1600_x4_interleaved32, nullptr});
  v.push_back({"x8_interleaved32", Backend::portable, nullptr, nullptr, keccak::f1600_x8_interleaved32});
#if TESSERA_HAVE_AVX2
  v.push_back({"x1_scalar_bmi", Backend::avx2, keccak::f1600_scalar_bmi, nullptr, nullptr,
               keccak::absorb_blocks_scalar_bmi, keccak::squeeze_blocks_scalar_bmi});
  v.push_back({"x4_avx2", Backend::avx2, nullptr, keccak::f1600_x4_avx2, nullptr});
  v.push_back({"x8_avx2", Backend::avx2, nullptr, nullptr, keccak::f1600_x8_avx2});
#endif
#if TESSERA_HAVE_AVX512
  v.push_back({"x1_avx512", Backend::avx512, keccak::f1600_avx512, nullptr, nullptr});
  v.push_back({"x1_avx512_lanes", Backend::avx512, keccak::f1600_avx512_lanes, nullptr, nullptr});
  v.push_back({"x1_avx512_rows", Backend::avx512, keccak::f1600_avx512_rows, nullptr, nullptr});
  v.push_back({"x4_avx512", Backend::avx512, nullptr, keccak::f1600_x4_avx512, nullptr});
  v.push_back({"x8_avx512", Backend::avx512, nullptr, nullptr, keccak::f1600_x8_avx512});
  v.push_back({"x4_avx512_intrin", Backend::avx512, nullptr, keccak::f1600_x4_avx512_intrin, nullptr});
  v.push_back({"x8_avx512_intrin", Backend::avx512, nullptr, nullptr, keccak::f1600_x8_avx512_intrin});
#endif
#if TESSERA_HAVE_NEON
  // The scalar asm single-state kernel and its sponge loops (aarch64.cpp; no CPU feature).
  v.push_back({"x1_aarch64", Backend::neon, keccak::f1600_aarch64, nullptr, nullptr, keccak::absorb_blocks_aarch64,
               keccak::squeeze_blocks_aarch64});
  // Base Advanced SIMD only (the SHA3 forms need a CPU feature: KeccakNeonSha3 below).
  v.push_back({"x4_neon", Backend::neon, nullptr, keccak::f1600_x4_neon, nullptr});
  v.push_back({"x8_neon", Backend::neon, nullptr, nullptr, keccak::f1600_x8_neon});
#endif
  return v;
}

class KeccakKernel : public ::testing::TestWithParam<NamedKernel> {};

INSTANTIATE_TEST_SUITE_P(Kernels, KeccakKernel, ::testing::ValuesIn(named_kernels()),
                         [](const ::testing::TestParamInfo<NamedKernel>& i) { return std::string(i.param.name); });

TEST_P(KeccakKernel, MatchesPortable) {
  const NamedKernel& n = GetParam();
  if (!backend_available(n.needs)) {
    GTEST_SKIP() << n.name << " needs backend " << backend_name(n.needs) << ", not available on this CPU";
  }
  if (n.f1 != nullptr) expect_single_matches(n.f1, n.name);
  if (n.f4 != nullptr) expect_multi_matches<4>(n.f4, n.name);
  if (n.f8 != nullptr) expect_multi_matches<8>(n.f8, n.name);
  if (n.absorb != nullptr) expect_sponge_loops_match(n.absorb, n.squeeze, n.name);
}

// The FEAT_SHA3 kernels (neon_sha3.cpp: EOR3, RAX1, XAR, BCAX), run only where the CPU has
// them (QEMU_CPU=max; not cortex-a53) and TESSERA_CPU_DISABLE does not mask 'sha3'.
#if TESSERA_HAVE_NEON
bool neon_sha3_usable(std::string& why) {
  if (!backend_available(Backend::neon)) {
    why = "backend neon is not available on this CPU";
    return false;
  }
  if (!cpu::features().arm_sha3) {
    why = "the CPU has no FEAT_SHA3 (HWCAP 'sha3'; e.g. Cortex-A53/A72), or TESSERA_CPU_DISABLE masks it";
    return false;
  }
  return true;
}
#endif
TEST(KeccakNeonSha3, FourWayMatchesPortable) {
#if TESSERA_HAVE_NEON
  std::string why;
  if (!neon_sha3_usable(why)) GTEST_SKIP() << "f1600_x4_neon_sha3 not run: " << why;
  expect_multi_matches<4>(keccak::f1600_x4_neon_sha3, "f1600_x4_neon_sha3");
#else
  GTEST_SKIP() << "not an aarch64 SIMD build (no neon_sha3.cpp)";
#endif
}
TEST(KeccakNeonSha3, EightWayMatchesPortable) {
#if TESSERA_HAVE_NEON
  std::string why;
  if (!neon_sha3_usable(why)) GTEST_SKIP() << "f1600_x8_neon_sha3 not run: " << why;
  expect_multi_matches<8>(keccak::f1600_x8_neon_sha3, "f1600_x8_neon_sha3");
#else
  GTEST_SKIP() << "not an aarch64 SIMD build (no neon_sha3.cpp)";
#endif
}

// The neon table takes the SHA3 kernels exactly when the CPU has FEAT_SHA3 (after
// TESSERA_CPU_DISABLE), the base Advanced SIMD ones otherwise.
TEST(KeccakTables, NeonTableTakesSha3KernelsWhereTheCpuHasThem) {
#if TESSERA_HAVE_NEON
  if (!backend_available(Backend::neon)) GTEST_SKIP() << "backend neon is not available on this CPU";
  const auto& t = keccak::kernels_for(Backend::neon);
  const bool sha3 = cpu::features().arm_sha3;
  EXPECT_EQ(t.f1600_x4, sha3 ? &keccak::f1600_x4_neon_sha3 : &keccak::f1600_x4_neon) << "arm_sha3 " << sha3;
  EXPECT_EQ(t.f1600_x8, sha3 ? &keccak::f1600_x8_neon_sha3 : &keccak::f1600_x8_neon) << "arm_sha3 " << sha3;
#else
  GTEST_SKIP() << "not an aarch64 SIMD build";
#endif
}

// The neon table's single-state entries are the scalar asm kernels of aarch64.cpp, with and
// without FEAT_SHA3 (QEMU_CPU=cortex-a53 and max), not the portable ones any more.
TEST(KeccakTables, NeonTableReplacesSingleStateKernels) {
#if TESSERA_HAVE_NEON
  if (!backend_available(Backend::neon)) GTEST_SKIP() << "backend neon is not available on this CPU";
  const auto& t = keccak::kernels_for(Backend::neon);
  const auto& p = keccak::kernels_for(Backend::portable);
  EXPECT_EQ(t.f1600, &keccak::f1600_aarch64);
  EXPECT_EQ(t.absorb_blocks, &keccak::absorb_blocks_aarch64);
  EXPECT_EQ(t.squeeze_blocks, &keccak::squeeze_blocks_aarch64);
  EXPECT_NE(t.f1600, p.f1600);
  EXPECT_NE(t.absorb_blocks, p.absorb_blocks);
  EXPECT_NE(t.squeeze_blocks, p.squeeze_blocks);
  EXPECT_NE(t.f1600, &keccak::f1600_portable);
  // The batched sponges' lane transfers are keccak.hpp's shared loops (written for
  // aarch64's registers; the portable instance of KeccakLaneKernel checks them).
  EXPECT_EQ(t.absorb_lanes_x4, &keccak::absorb_lanes_x4_portable);
  EXPECT_EQ(t.absorb_lanes_x8, &keccak::absorb_lanes_x8_portable);
  EXPECT_EQ(t.extract_lanes_x4, &keccak::extract_lanes_x4_portable);
  EXPECT_EQ(t.extract_lanes_x8, &keccak::extract_lanes_x8_portable);
#else
  GTEST_SKIP() << "not an aarch64 SIMD build";
#endif
}

// The portable table holds the bit-interleaved single-state kernels exactly when the build
// selects them (keccak.hpp, kUseInterleaved32: 32-bit targets).
TEST(KeccakTables, PortableTableUsesInterleaved32WhereSelected) {
  const auto& t = keccak::kernels_for(Backend::portable);
  if (keccak::kUseInterleaved32) {
    EXPECT_EQ(t.f1600, &keccak::f1600_interleaved32);
    EXPECT_EQ(t.absorb_blocks, &keccak::absorb_blocks_interleaved32);
    EXPECT_EQ(t.squeeze_blocks, &keccak::squeeze_blocks_interleaved32);
  } else {
    EXPECT_EQ(t.f1600, &keccak::f1600_portable);
    EXPECT_EQ(t.absorb_blocks, &keccak::absorb_blocks_portable);
    EXPECT_EQ(t.squeeze_blocks, &keccak::squeeze_blocks_portable);
  }
#if !defined(TESSERA_KECCAK_INTERLEAVED32)  // the rule, unless overridden for measuring
  EXPECT_EQ(keccak::kUseInterleaved32, sizeof(void*) == 4);
#endif
}

// The table choice: when a backend's x8 is declared native, it must not be the portable
// loop, and the active table is one of the per-backend tables.
TEST(KeccakTables, ActiveTableIsTheActiveBackends) {
  EXPECT_EQ(&keccak::kernels(), &keccak::kernels_for(active_backend()));
  for (Backend b : kAllBackends) {
    const auto& t = keccak::kernels_for(b);
    if (t.x8_native) {
      EXPECT_NE(t.f1600_x8, &keccak::f1600_x8_portable) << backend_name(b);
    }
  }
}

}  // namespace
}  // namespace tessera::test
