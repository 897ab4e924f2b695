# FrodoKEM and eFrodoKEM (all six parameter sets each). The SIMD kernel files get their own
# flags and are only called when the CPU has the features (kernel table in kernels.cpp).
list(APPEND TESSERA_SOURCES
  frodokem/kernels.cpp
  frodokem/kernels/portable.cpp
  frodokem/frodokem.cpp
  frodokem/streaming.cpp)
tessera_simd_sources(TESSERA_SOURCES
  AVX2   frodokem/kernels/avx2.cpp
  AVX512 frodokem/kernels/avx512.cpp
  NEON   frodokem/kernels/neon.cpp frodokem/kernels/neon_sample.cpp frodokem/kernels/neon_dot.cpp)
