tessera_test(frodokem-unit-tests ${CMAKE_CURRENT_LIST_DIR}/frodokem_test.cpp)
