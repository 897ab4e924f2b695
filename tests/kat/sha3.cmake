tessera_test(sha3-acvp-tests ${CMAKE_CURRENT_LIST_DIR}/sha3_acvp_test.cpp)
