# Every ML-DSA kernel of every SIMD backend against the portable kernel.
tessera_test(mldsa-equivalence-tests ${CMAKE_CURRENT_LIST_DIR}/mldsa_kernels_test.cpp)
