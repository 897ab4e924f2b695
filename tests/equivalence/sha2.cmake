# Every SHA-256 / SHA-512 compression kernel (SHA-NI, AVX2, AVX-512, Armv8 SHA-256, Armv8.2
# SHA-512) against the portable one.
tessera_test(sha2-equivalence-tests ${CMAKE_CURRENT_LIST_DIR}/sha2_kernels_test.cpp)
