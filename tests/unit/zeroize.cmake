# Zeroization: secret intermediates left on the stack and key objects after destruction,
# for every algorithm, parameter set and backend (zeroize_test.cpp says how).
tessera_test(zeroize-tests
  ${CMAKE_CURRENT_LIST_DIR}/zeroize_support.cpp
  ${CMAKE_CURRENT_LIST_DIR}/zeroize_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/zeroize_mlkem_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/zeroize_mldsa_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/zeroize_frodokem_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/zeroize_symmetric_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/zeroize_hash_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/zeroize_hybrid_test.cpp)
tessera_zeroize_bind_now(zeroize-tests)  # tests/CMakeLists.txt says why
