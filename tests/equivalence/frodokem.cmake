# Every FrodoKEM kernel of every SIMD backend against the portable kernel.
tessera_test(frodokem-equivalence-tests ${CMAKE_CURRENT_LIST_DIR}/frodokem_kernels_test.cpp)
