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

# ML-KEM keys on the openssl command line (tests/provider/mlkem_cli.sh): SPKI / PKCS#8 in
# PEM, DER and text (draft-ietf-lamps-kyber-certificates), and with OpenSSL 3.5's own ML-KEM.
# Not where the host's openssl cannot load the module (tests/CMakeLists.txt).
if(NOT TESSERA_PROVIDER_HOST_TOOLS)
  return()
endif()
add_test(NAME provider.mlkem.cli
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/mlkem_cli.sh $<TARGET_FILE_DIR:tessera_provider>
    ${CMAKE_CURRENT_BINARY_DIR}/provider-mlkem-cli)
# The same, then 3.5 reads tessera's keys and tessera 3.5's, both directions of
# encapsulation; SKIPPED unless scripts/openssl35.sh has unpacked 3.5.
add_test(NAME provider.mlkem.openssl35
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/mlkem_cli.sh $<TARGET_FILE_DIR:tessera_provider>
    ${CMAKE_CURRENT_BINARY_DIR}/provider-mlkem-openssl35 ${PROJECT_SOURCE_DIR}/scripts/openssl35.sh interop)
set_tests_properties(provider.mlkem.cli provider.mlkem.openssl35 PROPERTIES TIMEOUT 120 LABELS provider)
set_tests_properties(provider.mlkem.openssl35 PROPERTIES SKIP_RETURN_CODE 77)

# tessera beside OpenSSL 3.5's own ML-KEM (openssl35_coexist_test.cpp): built against 3.0,
# run under 3.5's libraries; SKIPPED when 3.5 is not unpacked (77) or not the runtime.
add_executable(provider_openssl35_test ${CMAKE_CURRENT_LIST_DIR}/openssl35_coexist_test.cpp)
target_link_libraries(provider_openssl35_test PRIVATE GTest::gtest_main OpenSSL::SSL OpenSSL::Crypto)
target_compile_definitions(provider_openssl35_test PRIVATE TESSERA_PROVIDER_DIR="$<TARGET_FILE_DIR:tessera_provider>")
add_dependencies(provider_openssl35_test tessera_provider)
add_test(NAME provider.kem.openssl35_coexist
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/run_openssl35.sh ${PROJECT_SOURCE_DIR}/scripts/openssl35.sh
    $<TARGET_FILE:provider_openssl35_test>)
set_tests_properties(provider.kem.openssl35_coexist PROPERTIES
  SKIP_RETURN_CODE 77 SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]" TIMEOUT 120 LABELS provider)
