# Every FrodoKEM kernel of every SIMD backend against the portable kernel.
tessera_test(frodokem-equivalence-tests ${CMAKE_CURRENT_LIST_DIR}/frodokem_kernels_test.cpp)

# aarch64: the driver of the instruction counts under qemu (scripts/ci-aarch64.sh --insns).
if(TESSERA_HAVE_NEON)
  add_executable(frodokem-insn-driver ${CMAKE_CURRENT_LIST_DIR}/frodokem_insn_driver.cpp)
  target_link_libraries(frodokem-insn-driver PRIVATE tessera_internal tessera_warnings)
endif()
