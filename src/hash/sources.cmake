list(APPEND TESSERA_SOURCES
  hash/keccak/compact.cpp
  hash/keccak/interleaved32.cpp
  hash/keccak/portable.cpp
  hash/keccak/kernels.cpp
  hash/sha3.cpp)
tessera_simd_sources(TESSERA_SOURCES
  AVX2   hash/keccak/avx2.cpp
  AVX512 hash/keccak/avx512.cpp
  NEON   hash/keccak/neon.cpp
         hash/keccak/aarch64.cpp
  NEON_SHA3 hash/keccak/neon_sha3.cpp)
include(hash/sha2.cmake)
include(hash/sha1.cmake)
