# ECDSA against the ACVP vectors (FIPS 186-5 SigGen, SigVer, DetECDSA SigGen); OpenSSL
# libcrypto, when found, also verifies the hedged signatures.
tessera_test(ecdsa-kat-tests ${CMAKE_CURRENT_LIST_DIR}/ecdsa_acvp_test.cpp)
find_package(OpenSSL 3.0 QUIET COMPONENTS Crypto)
if(OpenSSL_FOUND AND TARGET OpenSSL::Crypto)
  target_link_libraries(ecdsa-kat-tests PRIVATE OpenSSL::Crypto)
  target_compile_definitions(ecdsa-kat-tests PRIVATE TESSERA_TEST_HAVE_OPENSSL=1)
else()
  target_compile_definitions(ecdsa-kat-tests PRIVATE TESSERA_TEST_HAVE_OPENSSL=0)
endif()
