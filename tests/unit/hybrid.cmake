tessera_test(xwing-unit-tests ${CMAKE_CURRENT_LIST_DIR}/xwing_test.cpp)

# OpenSSL's X25519/ECDH is the model (support/openssl_dh.cpp). Required natively; a cross
# build has it only with a target libcrypto (e.g. libssl-dev:arm64).
if(CMAKE_CROSSCOMPILING)
  find_package(OpenSSL QUIET COMPONENTS Crypto)
  if(NOT (OpenSSL_FOUND AND TARGET OpenSSL::Crypto))
    message(STATUS "cross build: no target OpenSSL libcrypto: hybrid-unit-tests not built")
    return()
  endif()
else()
  find_package(OpenSSL REQUIRED COMPONENTS Crypto)
endif()
tessera_test(hybrid-unit-tests
  ${CMAKE_CURRENT_LIST_DIR}/hybrid_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../support/openssl_dh.cpp)
target_link_libraries(hybrid-unit-tests PRIVATE OpenSSL::Crypto)
