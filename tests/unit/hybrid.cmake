tessera_test(xwing-unit-tests ${CMAKE_CURRENT_LIST_DIR}/xwing_test.cpp)

find_package(OpenSSL REQUIRED COMPONENTS Crypto)
tessera_test(hybrid-unit-tests
  ${CMAKE_CURRENT_LIST_DIR}/hybrid_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../support/openssl_dh.cpp)
target_link_libraries(hybrid-unit-tests PRIVATE OpenSSL::Crypto)
