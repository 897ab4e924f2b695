list(APPEND TESSERA_SOURCES
  mldsa/portable.cpp
  mldsa/kernels.cpp
  mldsa/sampling.cpp
  mldsa/prehash.cpp
  mldsa/keys.cpp
  mldsa/mldsa.cpp)
tessera_simd_sources(TESSERA_SOURCES
  AVX2   mldsa/kernels/avx2.cpp
  AVX512 mldsa/kernels/avx512.cpp
  NEON   mldsa/kernels/neon.cpp mldsa/kernels/neon_rounding.cpp mldsa/kernels/neon_packing.cpp
         mldsa/kernels/neon_sampling.cpp)
