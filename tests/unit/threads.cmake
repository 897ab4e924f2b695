# Concurrency: many threads run every ML-KEM / ML-DSA operation at once, racing the
# first-use backend selection. A separate executable, so that each test case (its own
# process under CTest) makes its first cryptographic call from the racing threads.
# scripts/ci-security.sh also builds and runs it under ThreadSanitizer.
tessera_test(threads-tests ${CMAKE_CURRENT_LIST_DIR}/threads_test.cpp)
