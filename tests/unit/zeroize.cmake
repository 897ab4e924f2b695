# Zeroization: secret intermediates left on the stack and key objects after destruction.
tessera_test(zeroize-tests ${CMAKE_CURRENT_LIST_DIR}/zeroize_test.cpp)
