# ECDSA (FIPS 186-5): codecs, RFC 6979 examples, the scheme, and the differential tests
# against the system's OpenSSL libcrypto (skipped when it is not found).
tessera_test(ecdsa-unit-tests
  ${CMAKE_CURRENT_LIST_DIR}/ecdsa_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ecdsa_der_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ecdsa_openssl_test.cpp)
find_package(OpenSSL 3.0 QUIET COMPONENTS Crypto)
if(OpenSSL_FOUND AND TARGET OpenSSL::Crypto)
  target_link_libraries(ecdsa-unit-tests PRIVATE OpenSSL::Crypto)
  target_compile_definitions(ecdsa-unit-tests PRIVATE TESSERA_TEST_HAVE_OPENSSL=1)
else()
  target_compile_definitions(ecdsa-unit-tests PRIVATE TESSERA_TEST_HAVE_OPENSSL=0)
endif()
# Stack residue of ECDSA signing (the zeroization machinery of zeroize-tests).
tessera_test(ecdsa-zeroize-tests
  ${CMAKE_CURRENT_LIST_DIR}/zeroize_support.cpp
  ${CMAKE_CURRENT_LIST_DIR}/zeroize_ecdsa_test.cpp)
tessera_zeroize_bind_now(ecdsa-zeroize-tests)
