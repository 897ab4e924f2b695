tessera_test(sha2-unit-tests
  ${CMAKE_CURRENT_LIST_DIR}/sha2_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sha2_hmac_hkdf_test.cpp)
