tessera_test(mldsa-unit-tests
  ${CMAKE_CURRENT_LIST_DIR}/mldsa_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mldsa_keys_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mldsa_sign_test.cpp)
