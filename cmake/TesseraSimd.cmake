# Which SIMD kernels this build compiles. Each SIMD source file gets its own target
# flags (set_source_files_properties), so one binary runs on any CPU of its
# architecture: the backend is chosen at run time (src/cpu).
set(TESSERA_X86_64 OFF)
set(TESSERA_AARCH64 OFF)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(TESSERA_X86_64 ON)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
  set(TESSERA_AARCH64 ON)
endif()

set(TESSERA_HAVE_AVX2 OFF)
set(TESSERA_HAVE_AVX512 OFF)
set(TESSERA_HAVE_NEON OFF)
if(TESSERA_ENABLE_SIMD AND TESSERA_X86_64)
  set(TESSERA_HAVE_AVX2 ON)
  set(TESSERA_HAVE_AVX512 ON)
elseif(TESSERA_ENABLE_SIMD AND TESSERA_AARCH64)
  set(TESSERA_HAVE_NEON ON)
endif()

set(TESSERA_AVX2_FLAGS -mavx2 -mbmi -mbmi2 -mpopcnt)
set(TESSERA_AVX512_FLAGS -mavx2 -mbmi -mbmi2 -mpopcnt -mavx512f -mavx512bw -mavx512vl -mavx512dq)

# aarch64: Advanced SIMD (NEON) is part of the base architecture, so NEON files need no
# flag. The crypto extensions are optional (FEAT_AES/PMULL/SHA2 from Armv8.0, FEAT_SHA3 and
# FEAT_SHA512 from Armv8.2) and get per-file flags, as the x86 files do:
#   NEON_CRYPTO  AESE/AESMC, PMULL (GHASH), SHA256H/SHA256SU*   (+crypto = +aes+sha2)
#   NEON_SHA3    EOR3/RAX1/XAR/BCAX (Keccak), SHA512H/SHA512SU* (+sha3 = +sha2+sha3+sha512)
# Such a file's kernels are reached only through a table that checked the feature at run
# time (cpu::features().arm_aes, arm_pmull, arm_sha2, arm_sha3, arm_sha512; see
# docs/architecture.md). A kernels/neon.cpp would be listed as, e.g.:
#   tessera_simd_sources(TESSERA_SOURCES
#     AVX2 mlkem/kernels/avx2.cpp  AVX512 mlkem/kernels/avx512.cpp  NEON mlkem/kernels/neon.cpp)
#   tessera_simd_sources(TESSERA_SOURCES NEON_CRYPTO symmetric/aes_neon.cpp
#                                        NEON_SHA3 hash/keccak/neon_sha3.cpp)
set(TESSERA_NEON_FLAGS "")
set(TESSERA_NEON_CRYPTO_FLAGS -march=armv8-a+crypto)
set(TESSERA_NEON_SHA3_FLAGS -march=armv8.2-a+sha3)

# tessera_simd_sources(<list-var> AVX2 <files...> AVX512 <files...> NEON <files...>
#                      NEON_CRYPTO <files...> NEON_SHA3 <files...>)
# appends the files this build compiles to <list-var> and sets their flags: the AVX2 and
# AVX512 ones only in x86-64 SIMD builds, the NEON* ones only in aarch64 SIMD builds
# (TESSERA_HAVE_*); other builds neither compile them nor see their flags.
function(tessera_simd_sources out)
  cmake_parse_arguments(ARG "" "" "AVX2;AVX512;NEON;NEON_CRYPTO;NEON_SHA3" ${ARGN})
  set(files ${${out}})
  foreach(kind AVX2 AVX512 NEON NEON_CRYPTO NEON_SHA3)
    if(kind MATCHES "^NEON")
      set(enabled ${TESSERA_HAVE_NEON})
    else()
      set(enabled ${TESSERA_HAVE_${kind}})
    endif()
    if(enabled AND ARG_${kind})
      if(TESSERA_${kind}_FLAGS)
        set_source_files_properties(${ARG_${kind}} PROPERTIES COMPILE_OPTIONS "${TESSERA_${kind}_FLAGS}")
      endif()
      list(APPEND files ${ARG_${kind}})
    endif()
  endforeach()
  set(${out} ${files} PARENT_SCOPE)
endfunction()
