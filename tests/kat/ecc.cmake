tessera_test(ecc-kat-tests ${CMAKE_CURRENT_LIST_DIR}/ecc_acvp_test.cpp)
