# RSA (RFC 8017): key objects (components, PKCS#1 DER), key validation, the raw primitives
# RSAEP/RSADP/RSASP1/RSAVP1, secret wiping, and the differential tests against the
# system's OpenSSL libcrypto (skipped, with the reason, when it is not found): of the keys
# and primitives (rsa_openssl_test.cpp), and of the schemes (PKCS#1 v1.5 and PSS signatures,
# OAEP) and key generation through OpenSSL's EVP interface (rsa_scheme_openssl_test.cpp).
tessera_test(rsa-unit-tests
  ${CMAKE_CURRENT_LIST_DIR}/rsa_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rsa_der_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rsa_openssl_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rsa_scheme_openssl_test.cpp)
find_package(OpenSSL 3.0 QUIET COMPONENTS Crypto)
if(OpenSSL_FOUND AND TARGET OpenSSL::Crypto)
  target_link_libraries(rsa-unit-tests PRIVATE OpenSSL::Crypto)
  target_compile_definitions(rsa-unit-tests PRIVATE TESSERA_TEST_HAVE_OPENSSL=1)
else()
  target_compile_definitions(rsa-unit-tests PRIVATE TESSERA_TEST_HAVE_OPENSSL=0)
endif()
