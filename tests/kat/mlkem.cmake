tessera_test(mlkem-kat-tests ${CMAKE_CURRENT_LIST_DIR}/mlkem_acvp_test.cpp)
