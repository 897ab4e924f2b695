tessera_test(sha3-unit-tests
  ${CMAKE_CURRENT_LIST_DIR}/sha3_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/keccak_constants_test.cpp)
