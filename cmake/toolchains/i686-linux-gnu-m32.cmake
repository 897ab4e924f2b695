# 32-bit x86 Linux on an x86-64 Debian host with the multilib compiler (g++-12-multilib):
# `cmake --preset portable32` (CMakePresets.json). The point of this build is the 32-bit
# code paths (no unsigned __int128, 32-bit limbs, 32-bit size_t) tested at native speed;
# the programs run directly on the host, no emulator. Treated as a cross build so that
# nothing 64-bit from the host is linked in:
#
#   GoogleTest   built for -m32 from /usr/src/googletest (libgtest-dev's libraries are
#                64-bit), see tests/CMakeLists.txt
#   nlohmann     header-only: found on the host (/usr/share/cmake/nlohmann_json)
#   OpenSSL      only a 32-bit libcrypto would do (libssl-dev:i386, not installed): the
#                provider, the OpenSSL-linked tests and the bench's OpenSSL peer are not
#                built, each with a STATUS message
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR i686)
set(CMAKE_LIBRARY_ARCHITECTURE i386-linux-gnu)

find_program(CMAKE_C_COMPILER gcc REQUIRED)
find_program(CMAKE_CXX_COMPILER g++ REQUIRED)

# The 32-bit libraries come from g++-12-multilib (scripts/deps.sh). Debian's g++-multilib /
# gcc-multilib add only one file on top of it, the symlink /usr/include/asm ->
# x86_64-linux-gnu/asm (the kernel's x86 asm headers serve both -m32 and -m64), and they
# conflict with every cross compiler package (g++-aarch64-linux-gnu: the aarch64 preset).
# So the same symlink is made here, in the build tree, and searched after the system
# directories; with gcc-multilib installed it is never reached.
set(_tessera_m32_asm "${CMAKE_BINARY_DIR}/m32-include")
if(NOT EXISTS "${_tessera_m32_asm}/asm" AND EXISTS /usr/include/x86_64-linux-gnu/asm)
  file(MAKE_DIRECTORY "${_tessera_m32_asm}")
  file(CREATE_LINK /usr/include/x86_64-linux-gnu/asm "${_tessera_m32_asm}/asm" SYMBOLIC)
endif()
# The same flags for direct compiler calls outside CMake's targets (tests/install).
set(TESSERA_TARGET_CXX_FLAGS "-m32 -idirafter ${_tessera_m32_asm}")
set(CMAKE_C_FLAGS_INIT "-m32 -idirafter ${_tessera_m32_asm}")
set(CMAKE_CXX_FLAGS_INIT "-m32 -idirafter ${_tessera_m32_asm}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-m32")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-m32")
set(CMAKE_MODULE_LINKER_FLAGS_INIT "-m32")

# Libraries and headers from the 32-bit multiarch locations only (/usr/lib/i386-linux-gnu,
# /usr/lib32 and the multilib compiler's own directories); a host x86-64 libcrypto or
# libgtest is never picked up. CMake packages from both (header-only ones).
set(CMAKE_FIND_ROOT_PATH /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
set(CMAKE_IGNORE_PATH /usr/lib/x86_64-linux-gnu /usr/lib/x86_64-linux-gnu/cmake
    /usr/include/x86_64-linux-gnu)

# pkg-config: 32-bit .pc files only (Debian's multiarch directory and arch-independent ones).
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/i386-linux-gnu/pkgconfig:/usr/lib32/pkgconfig:/usr/share/pkgconfig")
