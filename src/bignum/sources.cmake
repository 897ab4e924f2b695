# Constant-time fixed-size integers and Montgomery arithmetic (header-only templates:
# src/bignum/uint.hpp, src/bignum/montgomery.hpp), shared by src/ec/; and the run-time-length naturals (src/bignum/nat.hpp) of RSA and FFDHE.
list(APPEND TESSERA_SOURCES
  bignum/nat.cpp
  bignum/nat_mod.cpp
  bignum/nat_gcd.cpp)
