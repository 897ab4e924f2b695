# The provider's KEMs through EVP, against Tessera's own API (kem_evp_test.cpp). Loads
# tessera.so from the build tree into a fresh OSSL_LIB_CTX.
if(NOT TARGET tessera_provider)
  return()
endif()
find_package(OpenSSL 3.0 REQUIRED COMPONENTS Crypto SSL)
# As tessera_test() (tests/CMakeLists.txt), with the cases named provider.kem.<suite>.<case>.
add_executable(provider_kem_evp_test ${CMAKE_CURRENT_LIST_DIR}/kem_evp_test.cpp)
target_link_libraries(provider_kem_evp_test PRIVATE tessera_testsupport GTest::gtest_main)
gtest_discover_tests(provider_kem_evp_test TEST_PREFIX provider.kem. DISCOVERY_TIMEOUT 60
  PROPERTIES SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]" LABELS provider TIMEOUT 60)
target_include_directories(provider_kem_evp_test PRIVATE ${PROJECT_SOURCE_DIR}/provider)
target_link_libraries(provider_kem_evp_test PRIVATE OpenSSL::SSL OpenSSL::Crypto)
target_compile_definitions(provider_kem_evp_test PRIVATE TESSERA_PROVIDER_DIR="$<TARGET_FILE_DIR:tessera_provider>")
add_dependencies(provider_kem_evp_test tessera_provider)

# provider_speed (handshake_speed.cpp): the provider's overhead and TLS handshake rate.
# Built with the tests, never run by CTest: `build/tests/provider_speed [seconds]`.
add_executable(provider_speed ${CMAKE_CURRENT_LIST_DIR}/handshake_speed.cpp)
target_link_libraries(provider_speed PRIVATE tessera_internal OpenSSL::SSL OpenSSL::Crypto tessera_warnings)
target_compile_definitions(provider_speed PRIVATE TESSERA_PROVIDER_DIR="$<TARGET_FILE_DIR:tessera_provider>")
add_dependencies(provider_speed tessera_provider)
