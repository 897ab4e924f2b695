# SHA-2, HMAC, HKDF (included from hash/sources.cmake).
list(APPEND TESSERA_SOURCES
  hash/sha2.cpp
  hash/sha2/portable.cpp
  hash/sha2/kernels.cpp
  hash/hmac.cpp)
# SHA-NI for SHA-256: compiled with the x86 SIMD kernels, selected at run time only when
# CPUID reports SHA (hash/sha2/kernels.cpp).
# SHA-512 has no x86 instructions before SHA512 (Arrow Lake): its x86 kernels compute the
# message schedule of two blocks in ymm registers (AVX2, or AVX-512VL rotates and
# ternary logic) between scalar BMI2 rounds (hash/sha2/sha512_x86.hpp).
# aarch64: SHA-256 with FEAT_SHA256 (+crypto), SHA-512 with FEAT_SHA512 (+sha3, which is how
# GCC enables the SHA512H/SHA512SU* intrinsics); each taken only where HWCAP reports it.
if(TESSERA_HAVE_AVX2)
  set_source_files_properties(hash/sha2/shani.cpp PROPERTIES COMPILE_OPTIONS "-msha;-mssse3;-msse4.1")
  list(APPEND TESSERA_SOURCES hash/sha2/shani.cpp)
endif()
tessera_simd_sources(TESSERA_SOURCES
  AVX2   hash/sha2/sha512_avx2.cpp
  AVX512 hash/sha2/sha512_avx512.cpp
  NEON_CRYPTO hash/sha2/sha256_neon.cpp
  NEON_SHA3 hash/sha2/sha512_neon.cpp)
