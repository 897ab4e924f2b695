tessera_test(mldsa-kat-tests ${CMAKE_CURRENT_LIST_DIR}/mldsa_acvp_test.cpp)
