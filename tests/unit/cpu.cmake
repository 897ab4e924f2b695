# CPU feature detection (src/cpu/features.cpp): prints the features; on aarch64 Linux checks
# HWCAP against the ID registers and, under qemu-user, against QEMU_CPU's model.
tessera_test(cpu-unit-tests ${CMAKE_CURRENT_LIST_DIR}/cpu_features_test.cpp)
