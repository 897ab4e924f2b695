# Bare-metal Cortex-M with Debian's clang 14 and ld.lld, against the C and C++ libraries of
# Debian's gcc-arm-none-eabi + libstdc++-arm-none-eabi-newlib (newlib-nano, libstdc++'s
# headers and libstdc++_nano/libsupc++_nano, libgcc): `cmake --preset cortex-m7-clang`
# (CMakePresets.json, docs/embedded.md). The gcc build is arm-none-eabi.cmake; this file
# keeps its flags policy so that the two compilers build the same thing:
#   -fno-exceptions -fno-rtti, sections per function/object and --gc-sections, newlib-nano,
#   no startup files (firmware/ links its own), the heap wrapped away by firmware/.
# Two differences, both to match GCC's defaults rather than clang's:
#   -fomit-frame-pointer  clang 14 keeps r7 as a frame pointer on arm-none-eabi at every -O
#                         level (-mframe-pointer=all); GCC drops it from -O1 on
#   GCC's multilib paths  found by asking arm-none-eabi-gcc with the same -mcpu/-mfpu/
#                         -mfloat-abi (-print-multi-directory's tree: thumb/v7e-m+dp/hard
#                         for the M7), so both link the same library builds
# TESSERA_CORTEX_CPU=cortex-m7 (fpv5-d16) or cortex-m4 (fpv4-sp-d16), as with gcc.
include(${CMAKE_CURRENT_LIST_DIR}/cortex-m-cpu.cmake)  # TESSERA_CORTEX_CPU, _tessera_fpu

find_program(CMAKE_C_COMPILER NAMES clang-14 clang REQUIRED)
find_program(CMAKE_CXX_COMPILER NAMES clang++-14 clang++ REQUIRED)
find_program(CMAKE_ASM_COMPILER NAMES clang-14 clang REQUIRED)
find_program(TESSERA_LD_LLD NAMES ld.lld-14 ld.lld REQUIRED)
find_program(TESSERA_ARM_GCC arm-none-eabi-gcc REQUIRED)
find_program(TESSERA_ARM_GXX arm-none-eabi-g++ REQUIRED)
find_program(TESSERA_ARM_SIZE arm-none-eabi-size)
find_program(TESSERA_ARM_NM arm-none-eabi-nm)
find_program(TESSERA_QEMU_SYSTEM_ARM qemu-system-arm)
set(CMAKE_C_COMPILER_TARGET thumbv7em-none-eabihf)
set(CMAKE_CXX_COMPILER_TARGET thumbv7em-none-eabihf)
set(CMAKE_ASM_COMPILER_TARGET thumbv7em-none-eabihf)

set(_tessera_gcc_arch -mcpu=${TESSERA_CORTEX_CPU} -mthumb -mfpu=${_tessera_fpu} -mfloat-abi=hard)

# GCC's multilib for these flags: newlib(-nano), libstdc++ and libgcc.
execute_process(COMMAND ${TESSERA_ARM_GCC} ${_tessera_gcc_arch} -print-file-name=libc_nano.a
                OUTPUT_VARIABLE _tessera_libc OUTPUT_STRIP_TRAILING_WHITESPACE)
execute_process(COMMAND ${TESSERA_ARM_GCC} ${_tessera_gcc_arch} -print-libgcc-file-name
                OUTPUT_VARIABLE _tessera_libgcc OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT IS_ABSOLUTE "${_tessera_libc}" OR NOT EXISTS "${_tessera_libc}" OR NOT EXISTS "${_tessera_libgcc}")
  message(FATAL_ERROR "arm-none-eabi-gcc has no newlib-nano/libgcc for ${_tessera_gcc_arch} "
                      "(Debian: gcc-arm-none-eabi libstdc++-arm-none-eabi-newlib)")
endif()
get_filename_component(_tessera_libc_dir "${_tessera_libc}" DIRECTORY)
get_filename_component(_tessera_libgcc_dir "${_tessera_libgcc}" DIRECTORY)
get_filename_component(_tessera_libc_dir "${_tessera_libc_dir}" REALPATH)
get_filename_component(_tessera_libgcc_dir "${_tessera_libgcc_dir}" REALPATH)

# Its header search list with nano.specs (newlib-nano's newlib.h first, then libstdc++'s
# headers, its multilib's bits/c++config.h, newlib's), minus GCC's own compiler headers
# (<stddef.h>, <stdint.h>, ...: clang has its own).
execute_process(COMMAND ${TESSERA_ARM_GXX} ${_tessera_gcc_arch} --specs=nano.specs -xc++ -E -v /dev/null
                OUTPUT_QUIET ERROR_VARIABLE _tessera_gxx_v)
string(REGEX MATCH "search starts here:\n(.*)End of search list" _tessera_m "${_tessera_gxx_v}")
string(REGEX REPLACE "\n" ";" _tessera_dirs "${CMAKE_MATCH_1}")
set(_tessera_isystem "")
foreach(d ${_tessera_dirs})
  string(STRIP "${d}" d)
  if(d STREQUAL "" OR d MATCHES "^#include" OR d MATCHES "/lib/gcc/arm-none-eabi/[^/]+/include(-fixed)?$")
    continue()
  endif()
  get_filename_component(d "${d}" REALPATH)
  string(APPEND _tessera_isystem " -isystem ${d}")
endforeach()
if(NOT _tessera_isystem MATCHES "c\\+\\+")
  message(FATAL_ERROR "no libstdc++ headers in arm-none-eabi-g++'s search list:\n${_tessera_gxx_v}")
endif()

# Compiler checks cannot link a program without a startup file and linker script.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(TESSERA_ARM_ARCH_FLAGS "-mcpu=${TESSERA_CORTEX_CPU} -mthumb -mfpu=${_tessera_fpu} -mfloat-abi=hard")
set(_tessera_common "${TESSERA_ARM_ARCH_FLAGS} -fomit-frame-pointer -ffunction-sections -fdata-sections -nostdlibinc")
set(CMAKE_C_FLAGS_INIT "${_tessera_common}${_tessera_isystem}")
set(CMAKE_CXX_FLAGS_INIT "${_tessera_common}${_tessera_isystem} -fno-exceptions -fno-rtti -fno-threadsafe-statics -fno-use-cxa-atexit")
set(CMAKE_ASM_FLAGS_INIT "${TESSERA_ARM_ARCH_FLAGS}")
# -nostdlib: no crt0, no default libraries (the clang driver's bare-metal defaults are
# compiler-rt and libc++, not installed); GCC's libraries by name instead, as nano.specs
# names them for arm-none-eabi-gcc.
# At the link the driver ignores the compile-only flags that CMake passes again
# (-nostdlibinc) and firmware/'s -nostartfiles (implied by -nostdlib): not worth a warning.
set(CMAKE_EXE_LINKER_FLAGS_INIT "${TESSERA_ARM_ARCH_FLAGS} -Wno-unused-command-line-argument -fuse-ld=lld -nostdlib -Wl,--gc-sections -L${_tessera_libc_dir} -L${_tessera_libgcc_dir}")
set(CMAKE_CXX_STANDARD_LIBRARIES "-Wl,--start-group -lstdc++_nano -lsupc++_nano -lm -lc_nano -lgcc -Wl,--end-group" CACHE STRING "" FORCE)
set(CMAKE_C_STANDARD_LIBRARIES "-Wl,--start-group -lm -lc_nano -lgcc -Wl,--end-group" CACHE STRING "" FORCE)

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
