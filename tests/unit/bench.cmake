# tessera-bench's statistics, option parsing, output lines, tables, CSV and HTML, the
# --report sections and recommendation rule, and compare (the library part of bench/). The
# --threads runner's test is in threads-tests (tests/unit/threads.cmake), which CI also runs
# under ThreadSanitizer.
if(TARGET tessera_bench_core)
  tessera_test(bench-unit-tests
    ${CMAKE_CURRENT_LIST_DIR}/bench_stats_test.cpp
    ${CMAKE_CURRENT_LIST_DIR}/bench_options_test.cpp
    ${CMAKE_CURRENT_LIST_DIR}/bench_report_test.cpp
    ${CMAKE_CURRENT_LIST_DIR}/bench_results_test.cpp
    ${CMAKE_CURRENT_LIST_DIR}/bench_compare_test.cpp
    ${CMAKE_CURRENT_LIST_DIR}/bench_report_sections_test.cpp
    ${CMAKE_CURRENT_LIST_DIR}/bench_runner_test.cpp
    ${CMAKE_CURRENT_LIST_DIR}/bench_tls_table_test.cpp)
  target_link_libraries(bench-unit-tests PRIVATE tessera_bench_core)
endif()
