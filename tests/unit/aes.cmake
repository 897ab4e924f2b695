tessera_test(symmetric-unit-tests
  ${CMAKE_CURRENT_LIST_DIR}/aes_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/aead_test.cpp)
