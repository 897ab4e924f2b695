# cmake -DBENCH=<tessera-bench> -DPYTHON=<python3> -DSOURCE=<source dir> -DDIR=<scratch dir>
#       -P check_fw_compare.cmake
# tessera-fw-bench's output (two saved runs under qemu -icount, arm-none-eabi-gcc and clang,
# bench/tests/data/fw-bench-*.txt) through scripts/fw-bench-json.py and `tessera-bench
# compare`: the files pass the schema, every row is in both, and the cells say instructions,
# never cycles or a rate.
foreach(cc gcc clang)
  execute_process(COMMAND ${PYTHON} ${SOURCE}/scripts/fw-bench-json.py ${SOURCE}/bench/tests/data/fw-bench-${cc}.txt
                          ${DIR}/fw-bench-${cc}.json RESULT_VARIABLE code ERROR_VARIABLE err)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "fw-bench-json.py on fw-bench-${cc}.txt exited with ${code}\n${err}")
  endif()
endforeach()
execute_process(COMMAND ${BENCH} compare ${DIR}/fw-bench-gcc.json ${DIR}/fw-bench-clang.json
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "tessera-bench compare exited with ${code}\n${out}\n${err}")
endif()
foreach(text "(34 records, 34 rows)" "Counter:          qemu_icount (instructions under emulation, not cycles; no rate)"
        "Differ between the files: Compiler" "Compiler:         clang 14.0.6, -Os")
  string(FIND "${out}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "compare output lacks '${text}':\n${out}")
  endif()
endforeach()
# Table cells are padded: " +" between them.
foreach(re "\\| ML-KEM 768 +\\| decap +\\| tessera +\\| portable +\\| p50 3\\.70M instr +\\| p50 3\\.42M instr +\\| -7\\.5% +\\| n/a +\\|"
        "\\| SHA3-256 +\\| hash 1KiB +\\| tessera +\\| portable +\\| p50 433\\.98 instr/B +\\| p50 396\\.8[45] instr/B +\\| -8\\.6% +\\| n/a +\\|")
  if(NOT out MATCHES "${re}")
    message(FATAL_ERROR "compare output has no row matching '${re}':\n${out}")
  endif()
endforeach()
string(FIND "${out}" "| Algorithm" table)
string(SUBSTRING "${out}" ${table} -1 rows)
foreach(re " cyc" "ops/s" "B/s" "\\| n/a +\\| n/a +\\|")
  if(rows MATCHES "${re}")
    message(FATAL_ERROR "'${re}' in a compare of instruction counts:\n${out}")
  endif()
endforeach()
message(STATUS "fw compare: gcc vs clang, instructions")
