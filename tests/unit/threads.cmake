# Concurrency: many threads run every ML-KEM / ML-DSA operation at once, racing the
# first-use backend selection. A separate executable, so that each test case (its own
# process under CTest) makes its first cryptographic call from the racing threads.
# scripts/ci-security.sh also builds and runs it under ThreadSanitizer.
tessera_test(threads-tests ${CMAKE_CURRENT_LIST_DIR}/threads_test.cpp)
# The bench's threaded runner (bench/threaded_runner.cpp): race-free under TSan (CI's tsan
# stage runs every threads-tests case); only its own sources, so it builds without the bench.
target_sources(threads-tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/bench_threads_test.cpp
  ${PROJECT_SOURCE_DIR}/bench/threaded_runner.cpp ${PROJECT_SOURCE_DIR}/bench/stats.cpp)
target_include_directories(threads-tests PRIVATE ${PROJECT_SOURCE_DIR}/bench)
