# The P-256 / P-384 fixed-base tables computed by the compiler against the run-time build
# (no OpenSSL: built everywhere, 32-bit limbs included).
tessera_test(ec-base-table-tests ${CMAKE_CURRENT_LIST_DIR}/ec_base_table_test.cpp)
# P-256 / P-384 and src/bignum, with OpenSSL's libcrypto (BIGNUM, EC_POINT) as the model.
find_package(OpenSSL 3.0 QUIET COMPONENTS Crypto)
if(OpenSSL_FOUND AND TARGET OpenSSL::Crypto)
  tessera_test(bignum-unit-tests ${CMAKE_CURRENT_LIST_DIR}/bignum_test.cpp ${CMAKE_CURRENT_LIST_DIR}/bignum_safegcd_test.cpp)
  target_link_libraries(bignum-unit-tests PRIVATE OpenSSL::Crypto)
  tessera_test(ec-unit-tests
    ${CMAKE_CURRENT_LIST_DIR}/ec_test.cpp
    ${CMAKE_CURRENT_LIST_DIR}/ec_keys_test.cpp
    ${CMAKE_CURRENT_LIST_DIR}/ec_kernels_test.cpp)
  target_link_libraries(ec-unit-tests PRIVATE OpenSSL::Crypto)
else()
  message(WARNING "OpenSSL >= 3.0 libcrypto not found: bignum-unit-tests and ec-unit-tests not built")
endif()
