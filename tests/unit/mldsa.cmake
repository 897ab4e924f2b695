tessera_test(mldsa-unit-tests ${CMAKE_CURRENT_LIST_DIR}/mldsa_test.cpp)
