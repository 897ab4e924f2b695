tessera_test(symmetric-kat-tests
  ${CMAKE_CURRENT_LIST_DIR}/aes_kat_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/aead_acvp_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/chacha_kat_test.cpp)
