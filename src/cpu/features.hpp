// CPU feature detection: x86-64 CPUID with XGETBV (the OS must have enabled the register
// state), aarch64 HWCAP. Detected once; read-only afterwards. TESSERA_CPU_DISABLE=name,...
// (names as feature_string() prints them) masks features, so tests can run every fallback.
#pragma once

namespace tessera::cpu {

struct Features {
  // x86-64
  bool sse2 = false, ssse3 = false, sse41 = false, popcnt = false;
  bool avx = false, avx2 = false, bmi1 = false, bmi2 = false, adx = false;
  bool aesni = false, pclmul = false, sha = false, vaes = false, vpclmulqdq = false;
  bool avx512f = false, avx512dq = false, avx512bw = false, avx512vl = false;
  bool avx512ifma = false, avx512vbmi = false, avx512vbmi2 = false;
  bool os_avx = false, os_avx512 = false;  // XCR0 has YMM / opmask+ZMM state enabled
  // aarch64, from Linux's AT_HWCAP/AT_HWCAP2 (getauxval): neon is FEAT_AdvSIMD (HWCAP_ASIMD);
  // FEAT_AES, FEAT_PMULL, FEAT_SHA1, FEAT_SHA256, FEAT_SHA3, FEAT_SHA512 are the optional
  // crypto extensions (the files that use them get the NEON_CRYPTO / NEON_SHA3 flags of
  // cmake/TesseraSimd.cmake); SVE/SVE2 are reported only (no SVE kernels).
  bool neon = false, arm_aes = false, arm_pmull = false, arm_sha2 = false, arm_sha3 = false;
  bool arm_sha512 = false, arm_sha1 = false, arm_sve = false, arm_sve2 = false;
};

const Features& features() noexcept;

// Human-readable list of the features the backends use ("avx2 bmi2 avx512f ...").
const char* feature_string() noexcept;

}  // namespace tessera::cpu
