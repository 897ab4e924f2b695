# ML-DSA in tessera.so (provider/mldsa_*.cpp, encoder.cpp, decoder.cpp): a GoogleTest against
# Tessera's own API, and the openssl command line (tests/provider/mldsa_cli.sh).
if(TARGET tessera_provider)
  find_package(OpenSSL 3.0 COMPONENTS Crypto REQUIRED)

  tessera_test(provider_mldsa_test ${CMAKE_CURRENT_LIST_DIR}/mldsa_provider_test.cpp)
  target_link_libraries(provider_mldsa_test PRIVATE OpenSSL::Crypto)
  target_compile_definitions(provider_mldsa_test PRIVATE
    TESSERA_PROVIDER_DIR="$<TARGET_FILE_DIR:tessera_provider>")
  add_dependencies(provider_mldsa_test tessera_provider)

  # Not where the host's openssl cannot load the module (tests/CMakeLists.txt).
  if(NOT TESSERA_PROVIDER_HOST_TOOLS)
    return()
  endif()
  add_test(NAME provider.mldsa.cli
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/mldsa_cli.sh $<TARGET_FILE_DIR:tessera_provider>
      ${CMAKE_CURRENT_BINARY_DIR}/provider-mldsa-cli)
  # The same, plus OpenSSL 3.5's own ML-DSA reading tessera's keys, signatures and
  # certificate and the reverse; SKIPPED unless scripts/openssl35.sh has unpacked 3.5.
  add_test(NAME provider.mldsa.openssl35
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/mldsa_cli.sh $<TARGET_FILE_DIR:tessera_provider>
      ${CMAKE_CURRENT_BINARY_DIR}/provider-mldsa-openssl35 ${PROJECT_SOURCE_DIR}/scripts/openssl35.sh interop)
  set_tests_properties(provider.mldsa.cli provider.mldsa.openssl35 PROPERTIES TIMEOUT 120 LABELS provider)
  set_tests_properties(provider.mldsa.openssl35 PROPERTIES SKIP_RETURN_CODE 77)
endif()
