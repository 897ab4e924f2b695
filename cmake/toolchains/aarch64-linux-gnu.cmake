# Cross build for 64-bit Arm Linux with Debian's cross toolchain (g++-aarch64-linux-gnu) and
# run the tests under user-mode QEMU (qemu-user): `cmake --preset aarch64` (CMakePresets.json),
# docs/aarch64.md. Nothing here needs a target sysroot beyond what the cross compiler package
# brings (/usr/aarch64-linux-gnu); multiarch :arm64 packages are not required.
#
#   GoogleTest   built for the target from /usr/src/googletest (package googletest),
#                see tests/CMakeLists.txt
#   nlohmann     header-only: found on the host (/usr/share/cmake/nlohmann_json)
#   OpenSSL      only if a target libcrypto is found (libssl-dev:arm64, or the unpacked one of
#                scripts/arm64-openssl.sh --cmake-args); otherwise the
#                provider, the OpenSSL-linked tests and the bench's OpenSSL peer are not
#                built, each with a STATUS message
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

set(TESSERA_AARCH64_TRIPLE aarch64-linux-gnu)
set(TESSERA_AARCH64_SYSROOT /usr/${TESSERA_AARCH64_TRIPLE} CACHE PATH
    "Target libraries of the cross toolchain (qemu-aarch64 -L)")

find_program(CMAKE_C_COMPILER ${TESSERA_AARCH64_TRIPLE}-gcc REQUIRED)
find_program(CMAKE_CXX_COMPILER ${TESSERA_AARCH64_TRIPLE}-g++ REQUIRED)

# Target programs (tests, gtest_discover_tests' listing, add_test(COMMAND <target>)) run
# through the emulator. The CPU model comes from QEMU_CPU in the environment (e.g.
# cortex-a53: AES/PMULL/SHA1/SHA2, no SHA3/SHA512; max: everything QEMU implements).
find_program(TESSERA_QEMU_AARCH64 qemu-aarch64)
if(TESSERA_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${TESSERA_QEMU_AARCH64} -L ${TESSERA_AARCH64_SYSROOT}
      CACHE STRING "How target programs run on the build machine")
endif()

# Libraries and headers only from the target locations (the toolchain's sysroot, and the
# multiarch /usr/lib/aarch64-linux-gnu if :arm64 packages are installed); programs from the
# host; CMake packages from both (header-only ones such as nlohmann_json live in
# /usr/share/cmake). A host x86-64 libcrypto is never picked up.
# "/" keeps Debian's multiarch paths: with CMAKE_LIBRARY_ARCHITECTURE the library search
# is /usr/lib/aarch64-linux-gnu, never the host's /usr/lib/x86_64-linux-gnu.
set(CMAKE_FIND_ROOT_PATH ${TESSERA_AARCH64_SYSROOT} /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

# pkg-config: target .pc files only (Debian's multiarch directory and arch-independent ones).
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/${TESSERA_AARCH64_TRIPLE}/pkgconfig:/usr/share/pkgconfig")
