tessera_test(x25519-kat-tests ${CMAKE_CURRENT_LIST_DIR}/x25519_acvp_test.cpp)
