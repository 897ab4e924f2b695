# Constant-time fixed-size integers and Montgomery arithmetic (header-only templates:
# src/bignum/uint.hpp, src/bignum/montgomery.hpp), shared by src/ec/; and the run-time-length naturals (src/bignum/nat.hpp) of RSA and FFDHE.
list(APPEND TESSERA_SOURCES
  bignum/nat.cpp
  bignum/nat_mod.cpp
  bignum/nat_gcd.cpp
  bignum/nat_jacobi.cpp)
# The MULX/ADX Montgomery multiplication of the naturals (inline asm; chosen at run time only
# on CPUs with BMI2 and ADX, on the avx2 and avx512 backends).
tessera_simd_sources(TESSERA_SOURCES AVX2 bignum/nat_mulx.cpp)
# The AVX-512 IFMA exponentiation of the naturals (radix 2^52; chosen at run time only on the
# avx512 backend on CPUs with IFMA).
if(TESSERA_HAVE_AVX512)
  set_source_files_properties(bignum/nat_ifma.cpp PROPERTIES
    COMPILE_OPTIONS "${TESSERA_AVX512_FLAGS};-mavx512ifma")
  list(APPEND TESSERA_SOURCES bignum/nat_ifma.cpp)
endif()
