tessera_test(symmetric-equivalence-tests ${CMAKE_CURRENT_LIST_DIR}/symmetric_kernels_test.cpp)

# aarch64: the driver of the instruction counts under qemu (scripts/ci-aarch64.sh --insns).
if(TESSERA_HAVE_NEON)
  add_executable(symmetric-insn-driver ${CMAKE_CURRENT_LIST_DIR}/symmetric_insn_driver.cpp)
  target_link_libraries(symmetric-insn-driver PRIVATE tessera_internal tessera_warnings)
endif()
