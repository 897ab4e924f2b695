# Every ML-KEM kernel of every SIMD backend against the portable one.
tessera_test(mlkem-equivalence-tests ${CMAKE_CURRENT_LIST_DIR}/mlkem_kernels_test.cpp)

# aarch64: the driver of the instruction counts under qemu (scripts/ci-aarch64.sh --insns).
if(TESSERA_HAVE_NEON)
  add_executable(mlkem-insn-driver ${CMAKE_CURRENT_LIST_DIR}/mlkem_insn_driver.cpp)
  target_link_libraries(mlkem-insn-driver PRIVATE tessera_internal tessera_warnings)
endif()
