# The Cortex-M core and its FPU, shared by the gcc and clang toolchain files
# (arm-none-eabi.cmake, arm-none-eabi-clang.cmake): TESSERA_CORTEX_CPU=cortex-m7 (fpv5-d16,
# the emulated MPS2 AN500 board) or cortex-m4 (fpv4-sp-d16); both hard-float, Thumb-2.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)

set(TESSERA_CORTEX_CPU cortex-m7 CACHE STRING "Cortex-M core: cortex-m7 or cortex-m4")
set_property(CACHE TESSERA_CORTEX_CPU PROPERTY STRINGS cortex-m7 cortex-m4)
if(TESSERA_CORTEX_CPU STREQUAL "cortex-m7")
  set(_tessera_fpu fpv5-d16)
elseif(TESSERA_CORTEX_CPU STREQUAL "cortex-m4")
  set(_tessera_fpu fpv4-sp-d16)
else()
  message(FATAL_ERROR "TESSERA_CORTEX_CPU=${TESSERA_CORTEX_CPU}: expected cortex-m7 or cortex-m4")
endif()
