# FFDHE (include/tessera/dh.hpp, src/dh/): the RFC 7919 groups recomputed from the RFC's
# formula and checked prime, key objects and their range checks, public-key validation,
# known answers from OpenSSL's BIGNUM, and OpenSSL's EVP named-group DH as the peer. Without
# OpenSSL the differential cases report SKIPPED with the reason.
tessera_test(dh-unit-tests ${CMAKE_CURRENT_LIST_DIR}/dh_test.cpp)
find_package(OpenSSL 3.0 QUIET COMPONENTS Crypto)
if(OpenSSL_FOUND AND TARGET OpenSSL::Crypto)
  target_link_libraries(dh-unit-tests PRIVATE OpenSSL::Crypto)
  target_compile_definitions(dh-unit-tests PRIVATE TESSERA_TEST_HAVE_OPENSSL=1)
else()
  target_compile_definitions(dh-unit-tests PRIVATE TESSERA_TEST_HAVE_OPENSSL=0)
endif()
