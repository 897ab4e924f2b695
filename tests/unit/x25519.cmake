# X25519 (RFC 7748) unit tests: field arithmetic of both paths against OpenSSL's BIGNUM, the
# RFC vectors, the key objects, low-order/twist/non-canonical inputs, and OpenSSL's
# EVP_PKEY_X25519 as an independent implementation. OpenSSL libcrypto is a test dependency.
find_package(OpenSSL 3.0 COMPONENTS Crypto)
if(OpenSSL_FOUND AND TARGET OpenSSL::Crypto)
  tessera_test(x25519-unit-tests
    ${CMAKE_CURRENT_LIST_DIR}/x25519_field_test.cpp
    ${CMAKE_CURRENT_LIST_DIR}/x25519_test.cpp
    ${CMAKE_CURRENT_LIST_DIR}/x25519_kernels_test.cpp)
  target_link_libraries(x25519-unit-tests PRIVATE OpenSSL::Crypto)
else()
  message(WARNING "OpenSSL libcrypto >= 3.0 not found: x25519-unit-tests (BIGNUM model, differential) not built")
endif()

# Zeroization of X25519 (the machinery of zeroize-tests, in its own executable).
tessera_test(x25519-zeroize-tests
  ${CMAKE_CURRENT_LIST_DIR}/zeroize_support.cpp
  ${CMAKE_CURRENT_LIST_DIR}/zeroize_x25519_test.cpp)
tessera_zeroize_bind_now(x25519-zeroize-tests)
