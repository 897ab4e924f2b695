list(APPEND TESSERA_SOURCES
  mlkem/kernels.cpp
  mlkem/kernels/portable.cpp
  mlkem/mlkem.cpp
  mlkem/streaming.cpp)
tessera_simd_sources(TESSERA_SOURCES
  AVX2   mlkem/kernels/avx2.cpp
  AVX512 mlkem/kernels/avx512.cpp
  NEON   mlkem/kernels/neon.cpp mlkem/kernels/neon_sample.cpp mlkem/kernels/neon_compress.cpp)
