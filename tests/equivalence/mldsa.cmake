# Every ML-DSA kernel of every SIMD backend against the portable kernel.
tessera_test(mldsa-equivalence-tests ${CMAKE_CURRENT_LIST_DIR}/mldsa_kernels_test.cpp)

# aarch64: the driver of the instruction counts under qemu (scripts/ci-aarch64.sh --insns).
if(TESSERA_HAVE_NEON)
  add_executable(mldsa-insn-driver ${CMAKE_CURRENT_LIST_DIR}/mldsa_insn_driver.cpp)
  target_link_libraries(mldsa-insn-driver PRIVATE tessera_internal tessera_warnings)
endif()
