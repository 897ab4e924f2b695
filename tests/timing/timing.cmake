# Statistical (dudect-style) timing tests: the constant-time check that also covers the
# AVX-512 kernels, which valgrind cannot run. docs/security.md, "Statistical timing test".
# Label "timing". RUN_SERIAL: no other test of the suite runs beside them (competing
# processes cost measurements, not validity: the classes are interleaved at random). Each
# case measures for TESSERA_TIMING_SECONDS (default 4) seconds: about 65 s in all on a
# 2-core host with avx2 (avx512 and neon SKIPPED there, with the reason).
add_executable(timing-tests ${CMAKE_CURRENT_LIST_DIR}/timing_test.cpp)
target_link_libraries(timing-tests PRIVATE tessera_testsupport GTest::gtest_main)
gtest_discover_tests(timing-tests DISCOVERY_TIMEOUT 60
  PROPERTIES SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]" LABELS timing RUN_SERIAL TRUE)
