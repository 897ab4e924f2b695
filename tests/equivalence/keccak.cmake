# Every Keccak-f[1600] kernel of every backend against the portable one.
tessera_test(keccak-equivalence-tests ${CMAKE_CURRENT_LIST_DIR}/keccak_kernels_test.cpp)

# aarch64: the driver of the instruction counts under qemu (scripts/ci-aarch64.sh --insns).
if(TESSERA_HAVE_NEON)
  add_executable(keccak-insn-driver ${CMAKE_CURRENT_LIST_DIR}/keccak_insn_driver.cpp)
  target_link_libraries(keccak-insn-driver PRIVATE tessera_internal tessera_warnings)
endif()
