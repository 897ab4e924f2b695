find_package(Threads REQUIRED)
tessera_test(drbg-unit-tests ${CMAKE_CURRENT_LIST_DIR}/drbg_test.cpp)
target_link_libraries(drbg-unit-tests PRIVATE Threads::Threads)
