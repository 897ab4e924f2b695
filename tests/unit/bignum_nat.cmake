# The run-time-length naturals and their Montgomery arithmetic (src/bignum/nat.hpp): each
# function against OpenSSL's BIGNUM (BN_mod_mul, BN_mod_exp, BN_mod, BN_mul) on random odd
# moduli of 1 to 64 limbs, for each kernel (portable, MULX/ADX, AVX-512 IFMA). Without OpenSSL the differential
# cases report SKIPPED with the reason.
tessera_test(bignum-nat-unit-tests ${CMAKE_CURRENT_LIST_DIR}/bignum_nat_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bignum_nat_exp_test.cpp)
find_package(OpenSSL 3.0 QUIET COMPONENTS Crypto)
if(OpenSSL_FOUND AND TARGET OpenSSL::Crypto)
  target_link_libraries(bignum-nat-unit-tests PRIVATE OpenSSL::Crypto)
  target_compile_definitions(bignum-nat-unit-tests PRIVATE TESSERA_TEST_HAVE_OPENSSL=1)
else()
  target_compile_definitions(bignum-nat-unit-tests PRIVATE TESSERA_TEST_HAVE_OPENSSL=0)
endif()
