# RSA (RFC 8017): key objects (components, PKCS#1 DER), key validation, the raw primitives
# RSAEP/RSADP/RSASP1/RSAVP1, secret wiping, and the differential tests against the
# system's OpenSSL libcrypto (skipped, with the reason, when it is not found): of the keys
# and primitives (rsa_openssl_test.cpp), and through OpenSSL's EVP interface of the signature
# schemes, PKCS#1 v1.5 and PSS (rsa_signature_openssl_test.cpp), and of OAEP and key
# generation (rsa_oaep_keygen_openssl_test.cpp); the two share their keys, OpenSSL helpers
# and fixture through rsa_scheme_support.hpp.
tessera_test(rsa-unit-tests
  ${CMAKE_CURRENT_LIST_DIR}/rsa_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rsa_blinding_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rsa_der_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rsa_openssl_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rsa_signature_openssl_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rsa_oaep_keygen_openssl_test.cpp)
find_package(OpenSSL 3.0 QUIET COMPONENTS Crypto)
if(OpenSSL_FOUND AND TARGET OpenSSL::Crypto)
  target_link_libraries(rsa-unit-tests PRIVATE OpenSSL::Crypto)
  target_compile_definitions(rsa-unit-tests PRIVATE TESSERA_TEST_HAVE_OPENSSL=1)
else()
  target_compile_definitions(rsa-unit-tests PRIVATE TESSERA_TEST_HAVE_OPENSSL=0)
endif()
