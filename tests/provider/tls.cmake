# The provider in TLS 1.3 (docs/provider.md): shell tests driving Debian's openssl CLI,
# curl, nginx and chromium against tessera.so. Each test starts what it needs on a free
# loopback port, stops it on every exit path, and is bounded by a timeout. A test whose
# program is absent (nginx, chromium) exits 77 and is reported SKIPPED with the reason.
if(NOT TARGET tessera_provider)
  return()
endif()
# Not where the host's programs cannot load the module (tests/CMakeLists.txt); the EVP test
# (kem.cmake) still runs there.
if(NOT TESSERA_PROVIDER_HOST_TOOLS)
  message(STATUS "provider: ${TESSERA_PROVIDER_HOST_TOOLS_WHY}: the TLS shell tests (tests/provider/tls.cmake) are not registered")
  return()
endif()
find_program(TESSERA_OPENSSL_CLI openssl)
if(NOT TESSERA_OPENSSL_CLI)
  set(TESSERA_OPENSSL_CLI openssl)  # the tests fail and say so
endif()

function(tessera_tls_test name script)
  add_test(NAME provider.tls.${name} COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/${script} ${ARGN})
  set_tests_properties(provider.tls.${name} PROPERTIES
    ENVIRONMENT "OPENSSL=${TESSERA_OPENSSL_CLI};TESSERA_MODULE_DIR=$<TARGET_FILE_DIR:tessera_provider>"
    SKIP_RETURN_CODE 77 TIMEOUT 120 LABELS provider)
endfunction()

tessera_tls_test(list tls_list.sh)
foreach(group "MLKEM512;512" "MLKEM768;513" "MLKEM1024;514" "SecP256r1MLKEM768;4587"
              "X25519MLKEM768;4588" "SecP384r1MLKEM1024;4589")
  list(GET group 0 name)
  list(GET group 1 code)
  tessera_tls_test(handshake.${name} tls_handshake.sh ${name} ${code})
endforeach()
tessera_tls_test(bad_share tls_bad_share.sh)
tessera_tls_test(curl tls_curl.sh)
tessera_tls_test(nginx tls_nginx.sh)
tessera_tls_test(chromium tls_chromium.sh)
# OpenSSL 3.5's own ML-KEM groups against tessera in Debian's 3.0, both directions, and
# tessera beside 3.5's default provider (-propquery); SKIPPED (77) unless
# scripts/openssl35.sh has unpacked 3.5.
tessera_tls_test(openssl35 tls_openssl35.sh ${PROJECT_SOURCE_DIR}/scripts/openssl35.sh)
