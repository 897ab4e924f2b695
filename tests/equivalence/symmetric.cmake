tessera_test(symmetric-equivalence-tests ${CMAKE_CURRENT_LIST_DIR}/symmetric_kernels_test.cpp)
