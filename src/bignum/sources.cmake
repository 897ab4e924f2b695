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
