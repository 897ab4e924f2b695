# Elliptic curves: X25519 (RFC 7748), P-256 and P-384 (FIPS 186-5, SP 800-186): field and
# point arithmetic, ECDH, ECDSA. The constant-time fixed-size integers they share are in
# src/bignum/.
list(APPEND TESSERA_SOURCES
  # X25519
  ec/x25519.cpp
  # P-256 / P-384 (field, group, ECDH)
  ec/weierstrass.cpp
  ec/weierstrass_mul.cpp
  ec/p256_base_table.cpp
  ec/p384_base_table.cpp
  ec/weierstrass_keys.cpp
  ec/ecdh.cpp
  # ECDSA
  ec/der_signature.cpp
  ec/ecdsa_p256.cpp
  ec/ecdsa_p384.cpp
  )
# The P-256 / P-384 fixed-base tables, computed by the compiler (ec/weierstrass_base_table.hpp).
# The worst case, P-384 with 32-bit limbs, takes between 2^27 and 2^28 of g++'s operations
# (default limit 2^25) and under 2.5e7 of clang's steps (default 2^20): the limits below
# leave a factor of 4 or more. Other compilers' defaults are left alone.
set_source_files_properties(ec/p256_base_table.cpp ec/p384_base_table.cpp PROPERTIES COMPILE_OPTIONS
  "$<$<CXX_COMPILER_ID:GNU>:-fconstexpr-ops-limit=1073741824>;$<$<CXX_COMPILER_ID:Clang>:-fconstexpr-steps=134217728>")
# X25519: the MULX/ADX field (inline asm; called only on CPUs with BMI2 and ADX).
tessera_simd_sources(TESSERA_SOURCES AVX2 ec/x25519_mulx.cpp)
# X25519: the 4-lane AVX-512 IFMA ladder (called only on CPUs with IFMA, VL, BMI2 and ADX).
if(TESSERA_HAVE_AVX512)
  set_source_files_properties(ec/x25519_ifma.cpp PROPERTIES
    COMPILE_OPTIONS "${TESSERA_AVX512_FLAGS};-mavx512ifma")
  list(APPEND TESSERA_SOURCES ec/x25519_ifma.cpp)
endif()
# P-256 / P-384: the MULX/ADX Montgomery multiplication (same conditions).
tessera_simd_sources(TESSERA_SOURCES AVX2 ec/weierstrass_mulx.cpp)
