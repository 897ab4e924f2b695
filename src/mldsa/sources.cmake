list(APPEND TESSERA_SOURCES
  mldsa/portable.cpp
  mldsa/kernels.cpp
  mldsa/sampling.cpp
  mldsa/mldsa.cpp)
