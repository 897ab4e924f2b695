# CPU feature detection (src/cpu/features.cpp): prints the features; on aarch64 Linux checks
# HWCAP against the ID registers and, under qemu-user, against QEMU_CPU's model.
tessera_test(cpu-unit-tests ${CMAKE_CURRENT_LIST_DIR}/cpu_features_test.cpp)

# TESSERA_CPU_DISABLE: the listed features read as absent and the kernel tables fall back
# (CpuFeatures.DisableListIsApplied; it SKIPs without the variable, which fails these).
# x86-64: SHA-NI and AES-NI (with VAES); aarch64: the Cryptographic Extension's AES, PMULL
# and SHA-256, and Armv8.2's SHA3 and SHA512 (scripts/ci-aarch64.sh also runs the AES, GCM,
# SHA-2 and Keccak tests this way).
foreach(_list "sha,aes,vaes" "aes,pmull,sha2" "sha3,sha512")
  string(REPLACE "," "-" _name "${_list}")
  add_test(NAME cpu.disable-list.${_name} COMMAND cpu-unit-tests --gtest_filter=CpuFeatures.DisableListIsApplied)
  set_tests_properties(cpu.disable-list.${_name} PROPERTIES ENVIRONMENT TESSERA_CPU_DISABLE=${_list}
    PASS_REGULAR_EXPRESSION "\\[  PASSED  \\] 1 test" FAIL_REGULAR_EXPRESSION "SKIPPED|FAILED")
endforeach()
