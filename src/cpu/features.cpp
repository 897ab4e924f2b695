#include "cpu/features.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>

#if defined(__x86_64__)
#include <cpuid.h>
#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#endif

namespace tessera::cpu {
namespace {

// The features by the names feature_string() and TESSERA_CPU_DISABLE use.
struct Named {
  bool Features::*member;
  const char* name;
};
constexpr Named kNamed[] = {
    {&Features::avx2, "avx2"}, {&Features::bmi2, "bmi2"}, {&Features::aesni, "aes"},
    {&Features::pclmul, "pclmul"}, {&Features::sha, "sha"}, {&Features::vaes, "vaes"},
    {&Features::vpclmulqdq, "vpclmulqdq"}, {&Features::avx512f, "avx512f"}, {&Features::avx512dq, "avx512dq"},
    {&Features::avx512bw, "avx512bw"}, {&Features::avx512vl, "avx512vl"}, {&Features::avx512ifma, "avx512ifma"},
    {&Features::avx512vbmi, "avx512vbmi"}, {&Features::avx512vbmi2, "avx512vbmi2"}, {&Features::neon, "asimd"},
    {&Features::arm_aes, "aes"}, {&Features::arm_pmull, "pmull"}, {&Features::arm_sha1, "sha1"},
    {&Features::arm_sha2, "sha2"}, {&Features::arm_sha3, "sha3"}, {&Features::arm_sha512, "sha512"},
    {&Features::arm_sve, "sve"}, {&Features::arm_sve2, "sve2"}};

// TESSERA_CPU_DISABLE=name[,name...]: the named features read as absent, so that tests can
// run every fallback on a CPU that has the feature (e.g. aes,pmull,sha2 under
// QEMU_CPU=cortex-a53 gives the portable AES, GHASH and SHA-256). Names as feature_string()
// prints them; unknown names are ignored. Read where there is a process environment only
// (not on bare metal, whose only backend is portable anyway).
[[maybe_unused]] void apply_disable_list(Features& f) noexcept {
#if defined(__unix__) || defined(__APPLE__) || defined(_WIN32)
  const char* list = std::getenv("TESSERA_CPU_DISABLE");
  if (list == nullptr) return;
  for (const char* p = list; *p != '\0';) {
    const char* end = p;
    while (*end != '\0' && *end != ',') ++end;
    const auto len = static_cast<std::size_t>(end - p);
    for (const Named& e : kNamed) {
      if (std::strlen(e.name) == len && std::strncmp(e.name, p, len) == 0) f.*(e.member) = false;
    }
    p = *end == ',' ? end + 1 : end;
  }
#else
  (void)f;
#endif
}

#if defined(__x86_64__)
std::uint64_t xgetbv0() noexcept {
  std::uint32_t lo = 0, hi = 0;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (static_cast<std::uint64_t>(hi) << 32) | lo;
}
#endif

Features detect() noexcept {
  Features f;
#if defined(__x86_64__)
  unsigned a = 0, b = 0, c = 0, d = 0;
  const unsigned max_leaf = __get_cpuid_max(0, nullptr);
  if (max_leaf >= 1 && __get_cpuid(1, &a, &b, &c, &d)) {
    f.sse2 = (d >> 26) & 1;
    f.ssse3 = (c >> 9) & 1;
    f.sse41 = (c >> 19) & 1;
    f.popcnt = (c >> 23) & 1;
    f.aesni = (c >> 25) & 1;
    f.pclmul = (c >> 1) & 1;
    const bool osxsave = (c >> 27) & 1;
    f.avx = (c >> 28) & 1;
    if (osxsave) {
      const std::uint64_t xcr0 = xgetbv0();
      f.os_avx = (xcr0 & 0x6) == 0x6;                 // XMM and YMM state
      f.os_avx512 = f.os_avx && (xcr0 & 0xE0) == 0xE0;  // opmask, ZMM_Hi256, Hi16_ZMM
    }
  }
  if (max_leaf >= 7) {
    __cpuid_count(7, 0, a, b, c, d);
    f.bmi1 = (b >> 3) & 1;
    f.avx2 = (b >> 5) & 1;
    f.bmi2 = (b >> 8) & 1;
    f.avx512f = (b >> 16) & 1;
    f.avx512dq = (b >> 17) & 1;
    f.adx = (b >> 19) & 1;
    f.avx512ifma = (b >> 21) & 1;
    f.sha = (b >> 29) & 1;
    f.avx512bw = (b >> 30) & 1;
    f.avx512vl = (b >> 31) & 1;
    f.avx512vbmi = (c >> 1) & 1;
    f.avx512vbmi2 = (c >> 6) & 1;
    f.vaes = (c >> 9) & 1;
    f.vpclmulqdq = (c >> 10) & 1;
  }
  apply_disable_list(f);
  // Without OS support the instructions fault: treat the features as absent.
  if (!f.os_avx) f.avx = f.avx2 = f.vaes = f.vpclmulqdq = false;
  if (!f.os_avx512) {
    f.avx512f = f.avx512dq = f.avx512bw = f.avx512vl = false;
    f.avx512ifma = f.avx512vbmi = f.avx512vbmi2 = false;
  }
#elif defined(__aarch64__) && defined(__linux__)
  // The kernel sets the HWCAP bits from the ID registers (Arm ARM D19.2: ID_AA64PFR0_EL1.AdvSIMD,
  // ID_AA64ISAR0_EL1.{AES,SHA1,SHA2,SHA3}, ID_AA64ZFR0_EL1.SVEver) and only for features it
  // enables at EL0, so a set bit means the instructions run. Bit numbers: Linux
  // arch/arm64/include/uapi/asm/hwcap.h.
  const unsigned long hw = getauxval(AT_HWCAP);
  const unsigned long hw2 = getauxval(AT_HWCAP2);
  f.neon = (hw >> 1) & 1;         // HWCAP_ASIMD
  f.arm_aes = (hw >> 3) & 1;      // HWCAP_AES    (AESE, AESD, AESMC, AESIMC)
  f.arm_pmull = (hw >> 4) & 1;    // HWCAP_PMULL  (PMULL/PMULL2 1Q <- 1D)
  f.arm_sha1 = (hw >> 5) & 1;     // HWCAP_SHA1
  f.arm_sha2 = (hw >> 6) & 1;     // HWCAP_SHA2   (SHA256H, SHA256H2, SHA256SU0/1)
  f.arm_sha3 = (hw >> 17) & 1;    // HWCAP_SHA3   (EOR3, RAX1, XAR, BCAX)
  f.arm_sha512 = (hw >> 21) & 1;  // HWCAP_SHA512 (SHA512H, SHA512H2, SHA512SU0/1)
  f.arm_sve = (hw >> 22) & 1;     // HWCAP_SVE
  f.arm_sve2 = (hw2 >> 1) & 1;    // HWCAP2_SVE2
#if defined(HWCAP_ASIMD) && defined(HWCAP_SHA512) && defined(HWCAP2_SVE2)
  static_assert(HWCAP_ASIMD == (1UL << 1) && HWCAP_AES == (1UL << 3) && HWCAP_PMULL == (1UL << 4) &&
                HWCAP_SHA1 == (1UL << 5) && HWCAP_SHA2 == (1UL << 6) && HWCAP_SHA3 == (1UL << 17) &&
                HWCAP_SHA512 == (1UL << 21) && HWCAP_SVE == (1UL << 22) && HWCAP2_SVE2 == (1UL << 1));
#endif
  apply_disable_list(f);
  // Without SIMD the crypto instructions (they operate on V registers) cannot run either.
  if (!f.neon) f.arm_aes = f.arm_pmull = f.arm_sha1 = f.arm_sha2 = f.arm_sha3 = f.arm_sha512 = false;
#elif defined(__aarch64__)
  // Other aarch64 systems: no HWCAP. Advanced SIMD is part of every Armv8-A application
  // profile implementation that runs a general-purpose OS; the optional extensions stay off.
  f.neon = true;
#endif
  return f;
}

}  // namespace

const Features& features() noexcept {
  static const Features f = detect();
  return f;
}

const char* feature_string() noexcept {
  static const char* const s = [] {
    static char buf[256];
    const Features& f = features();
    std::size_t n = 0;
    for (const Named& e : kNamed) {
      if (!(f.*(e.member))) continue;
      const std::size_t len = std::strlen(e.name);
      if (n + len + 2 > sizeof buf) break;
      if (n != 0) buf[n++] = ' ';
      std::memcpy(buf + n, e.name, len);
      n += len;
    }
    buf[n] = '\0';
    return static_cast<const char*>(buf);
  }();
  return s;
}

}  // namespace tessera::cpu
