# SHA-1, the run-time hash choice (HashId, rsa::Hasher) and the RSA encodings of RFC 8017
# (MGF1 and the SHAKE MGF, EMSA-PKCS1-v1_5, EMSA-PSS, EME-OAEP): self-contained tests, the
# ACVP RSA-SigVer/SigGen-FIPS186-5 and KTS-IFC vectors (EM recovered with OpenSSL's BN), and
# differential tests against the system's OpenSSL libcrypto (skipped when it is not found).
tessera_test(sha1-unit-tests
  ${CMAKE_CURRENT_LIST_DIR}/sha1_test.cpp)
tessera_test(rsa-padding-unit-tests
  ${CMAKE_CURRENT_LIST_DIR}/hash_select_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rsa_padding_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rsa_padding_acvp_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rsa_padding_openssl_test.cpp)
find_package(OpenSSL 3.0 QUIET COMPONENTS Crypto)
foreach(target sha1-unit-tests rsa-padding-unit-tests)
  if(OpenSSL_FOUND AND TARGET OpenSSL::Crypto)
    target_link_libraries(${target} PRIVATE OpenSSL::Crypto)
    target_compile_definitions(${target} PRIVATE TESSERA_TEST_HAVE_OPENSSL=1)
  else()
    target_compile_definitions(${target} PRIVATE TESSERA_TEST_HAVE_OPENSSL=0)
  endif()
endforeach()
