# cmake -DARGS=<program;args...> -DEXPECT_CODE=<n> [-DEXPECT_STDERR=<text>] -P expect_exit.cmake
# Runs the program; fails unless it exits with EXPECT_CODE and stderr contains EXPECT_STDERR.
execute_process(COMMAND ${ARGS} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT "${code}" STREQUAL "${EXPECT_CODE}")
  message(FATAL_ERROR "exit status '${code}', expected ${EXPECT_CODE}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(DEFINED EXPECT_STDERR)
  string(FIND "${err}" "${EXPECT_STDERR}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "stderr lacks '${EXPECT_STDERR}':\n${err}")
  endif()
endif()
message(STATUS "exit ${code} as expected; stderr: ${err}")
