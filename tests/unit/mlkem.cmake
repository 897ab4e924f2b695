tessera_test(mlkem-unit-tests
  ${CMAKE_CURRENT_LIST_DIR}/mlkem_arith_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mlkem_api_test.cpp)
