# Every Keccak-f[1600] kernel of every backend against the portable one.
tessera_test(keccak-equivalence-tests ${CMAKE_CURRENT_LIST_DIR}/keccak_kernels_test.cpp)
