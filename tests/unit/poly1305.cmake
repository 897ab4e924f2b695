# Poly1305's radix-2^26 kernel (32-bit targets, src/symmetric/poly1305_r26.cpp): RFC 8439
# vectors, and the same inputs through the radix-2^44 kernel where the target has it.
tessera_test(poly1305-unit-tests ${CMAKE_CURRENT_LIST_DIR}/poly1305_test.cpp)
