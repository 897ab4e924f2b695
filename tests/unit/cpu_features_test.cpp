// CPU feature detection (src/cpu/features.cpp): prints what was detected, and on Linux
// aarch64 checks the HWCAP-derived flags against the ID registers read directly (MRS from
// EL0, which Linux, and qemu-user, emulate when HWCAP_CPUID is set) and, under qemu-user,
// against the CPU model named by QEMU_CPU.
#include "cpu/features.hpp"

#include <tessera/backend.hpp>

#include "hash/keccak/keccak.hpp"
#include "hash/sha2/kernels.hpp"
#include "mldsa/kernels.hpp"
#include "mlkem/kernels.hpp"
#include "frodokem/kernels.hpp"
#include "symmetric/aes.hpp"
#include "symmetric/chacha20.hpp"
#include "symmetric/gcm.hpp"
#include "tessera_config.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#if defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#endif

namespace tessera {
namespace {

TEST(CpuFeatures, Print) {
  const cpu::Features& f = cpu::features();
  std::printf("features: %s\n", cpu::feature_string());
  std::printf("aarch64: asimd=%d aes=%d pmull=%d sha1=%d sha2=%d sha3=%d sha512=%d sve=%d sve2=%d\n",
              f.neon, f.arm_aes, f.arm_pmull, f.arm_sha1, f.arm_sha2, f.arm_sha3, f.arm_sha512,
              f.arm_sve, f.arm_sve2);
  std::printf("best backend: %s\n", std::string(backend_name(best_backend())).c_str());
  RecordProperty("features", cpu::feature_string());
}

TEST(CpuFeatures, NeonAvailableExactlyWithAdvancedSimd) {
  const cpu::Features& f = cpu::features();
  EXPECT_EQ(backend_available(Backend::neon), TESSERA_HAVE_NEON && f.neon);
#if defined(__aarch64__) && TESSERA_HAVE_NEON
  if (f.neon) {
    EXPECT_EQ(best_backend(), Backend::neon);
  }
#endif
  // The crypto extensions operate on the SIMD registers.
  if (!f.neon) {
    EXPECT_FALSE(f.arm_aes || f.arm_pmull || f.arm_sha2 || f.arm_sha3 || f.arm_sha512);
  }
  if (f.arm_pmull) {
    EXPECT_TRUE(f.arm_aes);  // ID_AA64ISAR0_EL1.AES = 0b0010 includes 0b0001
  }
  if (f.arm_sha512) {
    EXPECT_TRUE(f.arm_sha2);  // ID_AA64ISAR0_EL1.SHA2 = 0b0010 includes 0b0001
  }
}

// Which kernel tables the neon backend accelerates: a table equal to portable's is shared
// (cpu::table_for), so the bench reports such a primitive as "portable".
// TESSERA_CPU_DISABLE (src/cpu/features.cpp): every name in the list reads as absent, and the
// tables built from the features follow (the cpu.disable-list CTest entries set it).
TEST(CpuFeatures, DisableListIsApplied) {
  const char* list = std::getenv("TESSERA_CPU_DISABLE");
  if (list == nullptr) GTEST_SKIP() << "TESSERA_CPU_DISABLE not set (the cpu.disable-list tests set it)";
  const std::string features = std::string(" ") + cpu::feature_string() + " ";
  std::printf("TESSERA_CPU_DISABLE=%s\nfeatures: %s\n", list, cpu::feature_string());
  for (std::string_view rest = list; !rest.empty();) {
    const std::size_t comma = rest.find(',');
    const std::string name(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    EXPECT_EQ(features.find(" " + name + " "), std::string::npos) << name << " still reported";
  }
  const cpu::Features& f = cpu::features();
  // What the tables pick when the features are masked.
#if TESSERA_HAVE_AVX2
  if (!f.sha) {
    EXPECT_NE(sha2::kernels_for(Backend::avx2).compress256, &sha2::compress256_shani);
  }
#endif
  if (!f.arm_sha2) {
    EXPECT_EQ(sha2::kernels_for(Backend::neon).compress256, &sha2::compress256_portable);
  }
  if (!f.arm_sha512) {
    EXPECT_EQ(sha2::kernels_for(Backend::neon).compress512, &sha2::compress512_portable);
  }
  if (!f.aesni && !f.arm_aes) {
    EXPECT_EQ(aes::kernels_arm_ce(), nullptr);
    EXPECT_EQ(aes::kernels_aesni(), nullptr);
  }
#if TESSERA_HAVE_NEON
  if (!f.arm_aes) {  // the NEON bitsliced AES (aes_neon_bs.cpp), in AES-GCM too
    EXPECT_EQ(aes::kernels_for(Backend::neon).ctr32, &aes::ctr32_neon_bs);
    EXPECT_EQ(gcm::kernels_for(Backend::neon).aes, &aes::kernels_for(Backend::neon));
  }
#endif
}

TEST(CpuFeatures, NeonTablesSayWhatTheyAccelerate) {
  if (!backend_available(Backend::neon)) GTEST_SKIP() << "neon not available";
  std::string portable, accelerated;
  auto note = [&](const char* name, bool same) { (same ? portable : accelerated) += std::string(" ") + name; };
  note("mlkem", &mlkem::kernels_for(Backend::neon) == &mlkem::kernels_for(Backend::portable));
  note("mldsa", &mldsa::kernels_for(Backend::neon) == &mldsa::kernels_for(Backend::portable));
  note("frodokem", &frodokem::kernels_for(Backend::neon) == &frodokem::kernels_for(Backend::portable));
  note("keccak", &keccak::kernels_for(Backend::neon) == &keccak::kernels_for(Backend::portable));
  note("sha2", &sha2::kernels_for(Backend::neon) == &sha2::kernels_for(Backend::portable));
  note("aes", &aes::kernels_for(Backend::neon) == &aes::kernels_for(Backend::portable));
  note("gcm", &gcm::kernels_for(Backend::neon) == &gcm::kernels_for(Backend::portable));
  note("chacha20", &chacha::kernels_for(Backend::neon) == &chacha::kernels_for(Backend::portable));
  note("poly1305", &poly1305::kernels_for(Backend::neon) == &poly1305::kernels_for(Backend::portable));
  std::printf("neon tables: accelerated:%s\n             portable:%s\n",
              accelerated.empty() ? " none" : accelerated.c_str(), portable.empty() ? " none" : portable.c_str());
  RecordProperty("neon_portable", portable);
}

#if defined(__aarch64__) && defined(__linux__)

// Field [lsb+3:lsb] of an ID register (Arm ARM D17.1.3: 4-bit ID fields).
constexpr unsigned field(std::uint64_t reg, unsigned lsb) { return (reg >> lsb) & 0xF; }

TEST(CpuFeatures, HwcapsMatchIdRegisters) {
  if (std::getenv("TESSERA_CPU_DISABLE") != nullptr) GTEST_SKIP() << "TESSERA_CPU_DISABLE masks the detected features";
  if (!(getauxval(AT_HWCAP) & (1UL << 11))) GTEST_SKIP() << "no HWCAP_CPUID: ID registers not readable at EL0";
  std::uint64_t isar0 = 0, pfr0 = 0;
  __asm__ volatile("mrs %0, ID_AA64ISAR0_EL1" : "=r"(isar0));
  __asm__ volatile("mrs %0, ID_AA64PFR0_EL1" : "=r"(pfr0));
  std::printf("ID_AA64ISAR0_EL1=%016llx ID_AA64PFR0_EL1=%016llx\n", static_cast<unsigned long long>(isar0),
              static_cast<unsigned long long>(pfr0));
  const cpu::Features& f = cpu::features();
  // ID_AA64PFR0_EL1.AdvSIMD [23:20]: 0b1111 = not implemented.
  EXPECT_EQ(f.neon, field(pfr0, 20) != 0xF);
  // ID_AA64ISAR0_EL1: AES [7:4] (1 AES, 2 AES+PMULL), SHA1 [11:8], SHA2 [15:12] (1 SHA256,
  // 2 SHA256+SHA512), SHA3 [35:32].
  EXPECT_EQ(f.arm_aes, field(isar0, 4) >= 1);
  EXPECT_EQ(f.arm_pmull, field(isar0, 4) >= 2);
  EXPECT_EQ(f.arm_sha1, field(isar0, 8) >= 1);
  EXPECT_EQ(f.arm_sha2, field(isar0, 12) >= 1);
  EXPECT_EQ(f.arm_sha512, field(isar0, 12) >= 2);
  EXPECT_EQ(f.arm_sha3, field(isar0, 32) >= 1);
  // ID_AA64PFR0_EL1.SVE [35:32].
  EXPECT_EQ(f.arm_sve, field(pfr0, 32) >= 1);
}

// Under qemu-user the CPU model is known: QEMU_CPU=cortex-a53 (Armv8.0 with the crypto
// extension: AES, PMULL, SHA1, SHA256; no SHA3, SHA512, SVE), QEMU_CPU=max (everything QEMU
// implements). Elsewhere (real hardware, another model) the test is skipped.
TEST(CpuFeatures, MatchQemuCpuModel) {
  if (std::getenv("TESSERA_CPU_DISABLE") != nullptr) GTEST_SKIP() << "TESSERA_CPU_DISABLE masks the detected features";
  const char* model = std::getenv("QEMU_CPU");
  const std::string_view m = model ? model : "";
  const cpu::Features& f = cpu::features();
  if (m == "cortex-a53" || m == "cortex-a57" || m == "cortex-a72") {
    EXPECT_TRUE(f.neon && f.arm_aes && f.arm_pmull && f.arm_sha1 && f.arm_sha2);
    EXPECT_FALSE(f.arm_sha3 || f.arm_sha512 || f.arm_sve || f.arm_sve2);
  } else if (m == "max") {
    EXPECT_TRUE(f.neon && f.arm_aes && f.arm_pmull && f.arm_sha1 && f.arm_sha2 && f.arm_sha3 &&
                f.arm_sha512 && f.arm_sve && f.arm_sve2);
  } else {
    GTEST_SKIP() << "QEMU_CPU is '" << m << "': no expected feature set";
  }
}

#endif

}  // namespace
}  // namespace tessera
