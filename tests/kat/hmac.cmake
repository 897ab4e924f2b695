tessera_test(hmac-acvp-tests ${CMAKE_CURRENT_LIST_DIR}/hmac_acvp_test.cpp)
