tessera_test(mlkem-kat-tests ${CMAKE_CURRENT_LIST_DIR}/mlkem_acvp_test.cpp)
# TESSERA_REQUIRE_VECTORS=1 (set by CI) turns missing vectors into a failure: with the
# vectors pointed at an empty place, a known-answer test must fail, not skip.
add_test(NAME vectors.required_and_missing_fails
         COMMAND mlkem-kat-tests --gtest_filter=Backends/MlKemAcvp.KeyGen/portable)
set_tests_properties(vectors.required_and_missing_fails PROPERTIES WILL_FAIL TRUE
  ENVIRONMENT "TESSERA_REQUIRE_VECTORS=1;TESSERA_VECTORS_DIR=${CMAKE_CURRENT_BINARY_DIR}/no-vectors-here")
