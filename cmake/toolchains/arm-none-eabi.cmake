# Bare-metal Cortex-M with Debian's gcc-arm-none-eabi + libstdc++-arm-none-eabi-newlib:
# `cmake --preset cortex-m7` or `--preset cortex-m4` (CMakePresets.json, docs/embedded.md).
# TESSERA_CORTEX_CPU picks the core and its FPU (both hard-float, Thumb-2):
#   cortex-m7: -mcpu=cortex-m7 -mfpu=fpv5-d16    (the emulated MPS2 AN500 board)
#   cortex-m4: -mcpu=cortex-m4 -mfpu=fpv4-sp-d16
# The core library only (no tests, bench or provider): no exceptions, no RTTI, sections
# per function/object for --gc-sections, newlib-nano. Programs are linked by firmware/.
include(${CMAKE_CURRENT_LIST_DIR}/cortex-m-cpu.cmake)  # TESSERA_CORTEX_CPU, _tessera_fpu

find_program(CMAKE_C_COMPILER arm-none-eabi-gcc REQUIRED)
find_program(CMAKE_CXX_COMPILER arm-none-eabi-g++ REQUIRED)
find_program(CMAKE_ASM_COMPILER arm-none-eabi-gcc REQUIRED)
find_program(TESSERA_ARM_SIZE arm-none-eabi-size)
find_program(TESSERA_ARM_NM arm-none-eabi-nm)
find_program(TESSERA_QEMU_SYSTEM_ARM qemu-system-arm)

# Compiler checks cannot link a program without a startup file and linker script.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(TESSERA_ARM_ARCH_FLAGS "-mcpu=${TESSERA_CORTEX_CPU} -mthumb -mfpu=${_tessera_fpu} -mfloat-abi=hard")
set(CMAKE_C_FLAGS_INIT "${TESSERA_ARM_ARCH_FLAGS} -ffunction-sections -fdata-sections")
set(CMAKE_CXX_FLAGS_INIT "${TESSERA_ARM_ARCH_FLAGS} -ffunction-sections -fdata-sections -fno-exceptions -fno-rtti -fno-threadsafe-statics -fno-use-cxa-atexit")
set(CMAKE_ASM_FLAGS_INIT "${TESSERA_ARM_ARCH_FLAGS}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "${TESSERA_ARM_ARCH_FLAGS} --specs=nano.specs -Wl,--gc-sections")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
