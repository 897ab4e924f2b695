tessera_test(hkdf-kat-tests ${CMAKE_CURRENT_LIST_DIR}/hkdf_test.cpp)
