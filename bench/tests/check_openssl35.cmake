# cmake -DBENCH=<tessera-bench> [-DSKIP_REASON=<why>] -DSOURCE=<repo> -DSCHEMA=<schema> -DVALIDATE=<validator> -DJSON=<out.json>
#       -P check_openssl35.cmake
# tessera-bench with OpenSSL 3.5 as the openssl peer, through scripts/openssl35.sh's loader
# wrapper: the header names the OpenSSL 3.5 that was loaded, and OpenSSL fills the hybrid
# rows (key gen, encap, decap (key object), with their share sizes), ML-KEM-768 and
# ML-DSA-65. Prints "SKIPPED: ..." (the test's SKIP_REGULAR_EXPRESSION) when OpenSSL 3.5 has
# not been fetched (scripts/openssl35.sh, as root) or the bench has no OpenSSL peer built.
cmake_minimum_required(VERSION 3.20)  # IN_LIST, string(JSON)
# Reasons known at configure time (-DSKIP_REASON, bench/CMakeLists.txt): no OpenSSL peer
# built, or a cross build, whose tessera-bench the host's OpenSSL 3.5 loader cannot start
# (-m32: "wrong ELF class"). Checked first, before the loader is tried.
if(NOT "${SKIP_REASON}" STREQUAL "")
  message("SKIPPED: ${SKIP_REASON}")
  return()
endif()
execute_process(COMMAND bash ${SOURCE}/scripts/openssl35.sh --print-dir
                RESULT_VARIABLE code OUTPUT_VARIABLE dir ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT code EQUAL 0 OR dir STREQUAL "")
  message("SKIPPED: OpenSSL 3.5 not fetched (run scripts/openssl35.sh as root; TESSERA_OPENSSL35_DIR to place it)")
  return()
endif()
execute_process(COMMAND ${dir}/run ${BENCH} --quick --peers
                        --algorithm X25519MLKEM768,SecP256r1MLKEM768,SecP384r1MLKEM1024,ML-KEM-768,ML-DSA-65
                        --json ${JSON}
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "${dir}/run tessera-bench exited with ${code}\n${out}\n${err}")
endif()
if(out MATCHES "Peers: +openssl not built")
  message("SKIPPED: this tessera-bench has no OpenSSL peer built")
  return()
endif()
if(NOT out MATCHES "Peers: +openssl OpenSSL 3\\.([5-9]|[1-9][0-9])\\.")
  string(REGEX MATCH "Peers:[^\n]*" line "${out}")
  message(FATAL_ERROR "the run did not load OpenSSL >= 3.5: '${line}'")
endif()
include(${CMAKE_CURRENT_LIST_DIR}/json_lib.cmake)
set(found "")
foreach(i RANGE ${last})
  string(JSON impl GET "${json}" ${i} implementation)
  if(impl STREQUAL "openssl")
    string(JSON alg GET "${json}" ${i} algorithm)
    string(JSON op GET "${json}" ${i} operation)
    list(APPEND found "${alg}/${op}")
  endif()
endforeach()
foreach(want "X25519MLKEM768/key gen" "X25519MLKEM768/encap" "X25519MLKEM768/decap (key object)"
             "SecP256r1MLKEM768/key gen" "SecP256r1MLKEM768/encap" "SecP256r1MLKEM768/decap (key object)"
             "SecP384r1MLKEM1024/key gen" "SecP384r1MLKEM1024/encap" "SecP384r1MLKEM1024/decap (key object)"
             "ML-KEM-768/encap" "ML-KEM-768/decap (expanded dk)" "ML-DSA-65/sign" "ML-DSA-65/verify")
  if(NOT want IN_LIST found)
    message(FATAL_ERROR "no OpenSSL 3.5 record ${want}; openssl records: ${found}")
  endif()
endforeach()
if(NOT out MATCHES "\\| X25519MLKEM768 +\\| server: encap +\\| server share 1120 B +\\| p50 [^|]+\\| p50 [0-9.]+[kM]? cyc \\([0-9.]+x\\)")
  message(FATAL_ERROR "no OpenSSL cell in the hybrid roles table:\n${out}")
endif()
message(STATUS "OpenSSL 3.5 (${dir}): ${n} records, hybrid, ML-KEM and ML-DSA rows filled")
