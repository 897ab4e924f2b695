# Every ML-KEM kernel of every SIMD backend against the portable one.
tessera_test(mlkem-equivalence-tests ${CMAKE_CURRENT_LIST_DIR}/mlkem_kernels_test.cpp)
