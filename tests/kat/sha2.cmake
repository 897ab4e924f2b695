tessera_test(sha2-acvp-tests ${CMAKE_CURRENT_LIST_DIR}/sha2_acvp_test.cpp)
