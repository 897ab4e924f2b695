// SHA-2 compression kernels (FIPS 180-4, Sections 6.2.2 and 6.4.2): every SHA-256 and
// SHA-512 kernel this build has and the CPU can run (SHA-NI, the AVX2 and AVX-512 SHA-512
// schedules, the Armv8 SHA-256 and Armv8.2 SHA-512 instructions) against the portable one, on
// boundary chaining values and blocks (all zero, all ones, every single bit of a block) and
// random ones, 0 to 41 blocks per call, from unaligned buffers. Kernels the CPU or build
// lacks are SKIPPED with the reason. (tests/unit/sha2_test.cpp runs each backend's table the
// same way through the public API.)
#include <tessera/backend.hpp>

#include "cpu/features.hpp"
#include "hash/sha2/kernels.hpp"
#include "tessera_config.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace tessera::test {
namespace {

using Bytes = std::vector<std::uint8_t>;

template <class Word>
using Compress = void (*)(Word (&)[8], const std::uint8_t*, std::size_t) noexcept;

// One kernel against the portable one for a chaining value and nblocks blocks at block_bytes
// (64 or 128) each, read from an odd address.
template <class Word>
void expect_same(Compress<Word> kernel, Compress<Word> portable, const Word (&h)[8], const Bytes& blocks,
                 std::size_t nblocks, const char* what) {
  constexpr std::size_t kBlockBytes = 16 * sizeof(Word);
  ASSERT_GE(blocks.size(), kBlockBytes * nblocks);
  Bytes unaligned(kBlockBytes * nblocks + 1);
  if (nblocks != 0) std::memcpy(unaligned.data() + 1, blocks.data(), kBlockBytes * nblocks);
  Word a[8], b[8];
  std::memcpy(a, h, sizeof a);
  std::memcpy(b, h, sizeof b);
  kernel(a, unaligned.data() + 1, nblocks);
  portable(b, blocks.data(), nblocks);
  for (int i = 0; i < 8; ++i) ASSERT_EQ(a[i], b[i]) << what << ": word " << i << " after " << nblocks << " blocks";
}

template <class Word>
void check_kernel(Compress<Word> kernel, Compress<Word> portable, const char* name) {
  constexpr std::size_t kBlockBytes = 16 * sizeof(Word);
  std::mt19937_64 rng(512);
  auto random_words = [&](Word (&h)[8]) {
    for (Word& w : h) w = static_cast<Word>(rng());
  };
  // Boundary values: zero and all-ones chaining values and blocks, and each single bit of a
  // block set (a different bit position per block of a run).
  const Word zero[8] = {};
  Word ones[8];
  for (Word& w : ones) w = static_cast<Word>(~Word{0});
  const Bytes zeros(kBlockBytes * 4, 0x00), ffs(kBlockBytes * 4, 0xFF);
  for (std::size_t n = 0; n <= 4; ++n) {
    expect_same<Word>(kernel, portable, zero, zeros, n, name);
    expect_same<Word>(kernel, portable, ones, ffs, n, name);
    expect_same<Word>(kernel, portable, zero, ffs, n, name);
    expect_same<Word>(kernel, portable, ones, zeros, n, name);
  }
  for (std::size_t bit = 0; bit < 8 * kBlockBytes; ++bit) {
    Bytes block(kBlockBytes, 0);
    block[bit / 8] = static_cast<std::uint8_t>(1u << (bit % 8));
    Word h[8];
    random_words(h);
    expect_same<Word>(kernel, portable, h, block, 1, name);
  }
  // Random chaining values and blocks: 0-9 blocks many times, and long runs (10-41).
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t n = static_cast<std::size_t>(trial % 10);
    Bytes blocks(kBlockBytes * n);
    for (auto& byte : blocks) byte = static_cast<std::uint8_t>(rng());
    Word h[8];
    random_words(h);
    expect_same<Word>(kernel, portable, h, blocks, n, name);
  }
  for (std::size_t n = 10; n <= 41; ++n) {
    Bytes blocks(kBlockBytes * n);
    for (auto& byte : blocks) byte = static_cast<std::uint8_t>(rng());
    Word h[8];
    random_words(h);
    expect_same<Word>(kernel, portable, h, blocks, n, name);
  }
}

// [[maybe_unused]]: a build with no SIMD kernel (portable32, Cortex-M) calls neither.
[[maybe_unused]] void check256(Compress<std::uint32_t> k, const char* name) {
  check_kernel<std::uint32_t>(k, &sha2::compress256_portable, name);
}
[[maybe_unused]] void check512(Compress<std::uint64_t> k, const char* name) {
  check_kernel<std::uint64_t>(k, &sha2::compress512_portable, name);
}

TEST(Sha2Equivalence, Sha256ShaNi) {
#if TESSERA_HAVE_AVX2
  if (!sha2::shani_available()) GTEST_SKIP() << "the CPU has no SHA-NI (CPUID SHA, SSSE3, SSE4.1)";
  check256(&sha2::compress256_shani, "compress256_shani");
#else
  GTEST_SKIP() << "not an x86-64 SIMD build (no shani.cpp)";
#endif
}

TEST(Sha2Equivalence, Sha512Avx2) {
#if TESSERA_HAVE_AVX2
  if (!backend_available(Backend::avx2)) GTEST_SKIP() << "backend avx2 is not available on this CPU";
  check512(&sha2::compress512_avx2, "compress512_avx2");
#else
  GTEST_SKIP() << "not an x86-64 SIMD build (no sha512_avx2.cpp)";
#endif
}

TEST(Sha2Equivalence, Sha512Avx512) {
#if TESSERA_HAVE_AVX512
  if (!backend_available(Backend::avx512)) GTEST_SKIP() << "backend avx512 is not available on this CPU";
  check512(&sha2::compress512_avx512, "compress512_avx512");
#else
  GTEST_SKIP() << "not an x86-64 SIMD build (no sha512_avx512.cpp)";
#endif
}

TEST(Sha2Equivalence, Sha256Neon) {
#if TESSERA_HAVE_NEON
  if (!backend_available(Backend::neon)) GTEST_SKIP() << "backend neon is not available on this CPU";
  if (!cpu::features().arm_sha2) {
    GTEST_SKIP() << "the CPU has no FEAT_SHA256 (HWCAP 'sha2'), or TESSERA_CPU_DISABLE masks it";
  }
  check256(&sha2::compress256_neon, "compress256_neon");
#else
  GTEST_SKIP() << "not an aarch64 SIMD build (no sha256_neon.cpp)";
#endif
}

// The FEAT_SHA512 kernel (sha512_neon.cpp: SHA512H, SHA512H2, SHA512SU0, SHA512SU1), run only
// where the CPU has it (QEMU_CPU=max; not cortex-a53) and TESSERA_CPU_DISABLE does not mask
// 'sha512'.
TEST(Sha2Equivalence, Sha512Neon) {
#if TESSERA_HAVE_NEON
  if (!backend_available(Backend::neon)) GTEST_SKIP() << "backend neon is not available on this CPU";
  if (!cpu::features().arm_sha512) {
    GTEST_SKIP() << "the CPU has no FEAT_SHA512 (HWCAP 'sha512'; e.g. Cortex-A53/A72), or TESSERA_CPU_DISABLE masks it";
  }
  check512(&sha2::compress512_neon, "compress512_neon");
#else
  GTEST_SKIP() << "not an aarch64 SIMD build (no sha512_neon.cpp)";
#endif
}

// The neon table takes each instruction kernel exactly when the CPU has the feature (after
// TESSERA_CPU_DISABLE), the portable kernel otherwise.
TEST(Sha2Tables, NeonTableTakesTheInstructionsWhereTheCpuHasThem) {
#if TESSERA_HAVE_NEON
  if (!backend_available(Backend::neon)) GTEST_SKIP() << "backend neon is not available on this CPU";
  const sha2::Kernels& t = sha2::kernels_for(Backend::neon);
  const cpu::Features& f = cpu::features();
  EXPECT_EQ(t.compress256, f.arm_sha2 ? &sha2::compress256_neon : &sha2::compress256_portable) << "arm_sha2 " << f.arm_sha2;
  EXPECT_EQ(t.compress512, f.arm_sha512 ? &sha2::compress512_neon : &sha2::compress512_portable)
      << "arm_sha512 " << f.arm_sha512;
#else
  GTEST_SKIP() << "not an aarch64 SIMD build";
#endif
}

}  // namespace
}  // namespace tessera::test
