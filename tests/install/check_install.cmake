# Installs the build tree into a scratch prefix, then builds a separate consumer project
# twice: with find_package(tessera) (static and shared targets) and with pkg-config.
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}")
  endif()
endfunction()

# Cross builds (TOOLCHAIN set): the consumer uses the same toolchain file and its programs
# run under EMULATOR (a space-separated command, e.g. "qemu-aarch64 -L /usr/aarch64-linux-gnu").
set(toolchain_arg "")
if(TOOLCHAIN)
  set(toolchain_arg -DCMAKE_TOOLCHAIN_FILE=${TOOLCHAIN})
endif()
separate_arguments(emulator UNIX_COMMAND "${EMULATOR}")
# Flags the target needs on a direct compiler call (the pkg-config consumer below), e.g.
# "-m32 ..." from cmake/toolchains/i686-linux-gnu-m32.cmake; empty otherwise.
separate_arguments(target_flags UNIX_COMMAND "${TARGET_CXX_FLAGS}")

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/install/consumer -B ${WORK_DIR}/build -G Ninja
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX} ${toolchain_arg})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run(${emulator} ${WORK_DIR}/build/consumer_static)
run(${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${prefix}/lib ${emulator} ${WORK_DIR}/build/consumer_shared)

# pkg-config (Libs: -ltessera picks the shared library when both are present).
find_program(PKG_CONFIG pkg-config)
if(PKG_CONFIG)
  file(GLOB pcdirs ${prefix}/lib*/pkgconfig ${prefix}/lib/*/pkgconfig)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${pcdirs} ${PKG_CONFIG} --cflags --libs tessera
    OUTPUT_VARIABLE flags RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "pkg-config does not find tessera in ${pcdirs}")
  endif()
  separate_arguments(flags UNIX_COMMAND "${flags}")
  run(${CXX} ${target_flags} ${SOURCE_DIR}/tests/install/consumer/main.cpp ${flags} -o ${WORK_DIR}/consumer_pc)
  run(${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${pcdirs}/.. ${emulator} ${WORK_DIR}/consumer_pc)
else()
  message(WARNING "pkg-config not installed: pkg-config check not run")
endif()
