# cmake -DBENCH=<tessera-bench> -DSCHEMA=<schema> -DVALIDATE=<tessera-bench-validate> -DJSON=<out.json>
#       -P check_hybrid.cmake
# A --quick run of the hybrid KEMs and their parts (ML-KEM, X25519, ECDH): every hybrid line
# names its client and server share, the "Hybrid vs its parts" table has a ratio for each
# hybrid's key gen, encap and decap (key object), the "Hybrid TLS roles" table the share
# sizes, and the JSON (validated against the schema, which requires the share sizes on
# hybrid records) carries them.
cmake_minimum_required(VERSION 3.20)  # IN_LIST, string(JSON)
set(algorithms "X25519MLKEM768,SecP256r1MLKEM768,SecP384r1MLKEM1024,X-Wing,ML-KEM-768,ML-KEM-1024,X25519,ECDH P-256,ECDH P-384")
execute_process(COMMAND ${BENCH} --quick --algorithm ${algorithms} --json ${JSON}
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "tessera-bench exited with ${code}\n${out}\n${err}")
endif()

# Share sizes of draft-ietf-tls-ecdhe-mlkem s4 and X-Wing.
set(shares "X25519MLKEM768:1216:1120" "SecP256r1MLKEM768:1249:1153" "SecP384r1MLKEM1024:1665:1665" "X-Wing:1216:1120")
string(FIND "${out}" "Hybrid vs its parts" parts_at)
string(FIND "${out}" "Hybrid TLS roles" roles_at)
if(parts_at LESS 0 OR roles_at LESS parts_at)
  message(FATAL_ERROR "no 'Hybrid vs its parts' / 'Hybrid TLS roles' tables in\n${out}")
endif()
string(SUBSTRING "${out}" ${parts_at} -1 tables)
foreach(entry IN LISTS shares)
  string(REPLACE ":" ";" f "${entry}")
  list(GET f 0 name)
  list(GET f 1 pk)
  list(GET f 2 ct)
  foreach(op "key gen" "encap" "decap \\(key object\\)")
    if(NOT out MATCHES "\n${name} +[0-9]+ +${op} [^\n]*, client share ${pk} B, server share ${ct} B\n")
      message(FATAL_ERROR "no '${name} ... ${op}' line with 'client share ${pk} B, server share ${ct} B'")
    endif()
    # | Hybrid | Operation | hybrid p50 | ML-KEM part | curve part | sum | ratio | verdict |
    if(NOT tables MATCHES "\\| ${name} +\\| ${op} +\\| [0-9.]+[kM]? +\\| [0-9.]+[kM]? \\([^|]*\\) +\\| [0-9.]+[kM]? \\([^|]*\\) +\\| [0-9.]+[kM]? +\\| [0-9]+\\.[0-9][0-9][0-9] +\\| (yes|no \\([^|]*\\)) +\\|")
      message(FATAL_ERROR "no complete '${name} | ${op}' row in the hybrid tables:\n${tables}")
    endif()
  endforeach()
  if(NOT tables MATCHES "\\| ${name} +\\| client: [^|]*\\| client share ${pk} B +\\| p50 [0-9.]+[kM]? cyc"
     OR NOT tables MATCHES "\\| ${name} +\\| server: encap +\\| server share ${ct} B +\\| p50 [0-9.]+[kM]? cyc")
    message(FATAL_ERROR "no client/server rows for ${name} in the roles table:\n${tables}")
  endif()
endforeach()

include(${CMAKE_CURRENT_LIST_DIR}/json_lib.cmake)
set(seen "")
foreach(i RANGE ${last})
  string(JSON alg GET "${json}" ${i} algorithm)
  foreach(entry IN LISTS shares)
    string(REPLACE ":" ";" f "${entry}")
    list(GET f 0 name)
    if(alg STREQUAL name)
      list(GET f 1 pk)
      list(GET f 2 ct)
      string(JSON jpk GET "${json}" ${i} public_key_bytes)
      string(JSON jct GET "${json}" ${i} ciphertext_bytes)
      if(NOT jpk EQUAL pk OR NOT jct EQUAL ct)
        message(FATAL_ERROR "record ${i} (${alg}): public_key_bytes ${jpk}, ciphertext_bytes ${jct}; expected ${pk}, ${ct}")
      endif()
      list(APPEND seen ${name})
    endif()
  endforeach()
endforeach()
list(REMOVE_DUPLICATES seen)
list(LENGTH seen kinds)
if(NOT kinds EQUAL 4)
  message(FATAL_ERROR "${JSON}: hybrid records of ${seen} only")
endif()
message(STATUS "hybrid rows, shares and tables checked; ${n} records")
