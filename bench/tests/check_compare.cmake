# cmake -DBENCH=<tessera-bench> -DDIR=<scratch dir> -P check_compare.cmake
# `tessera-bench compare` on two --quick JSON runs of the same cases: the machine summary of
# both files, the side-by-side table with a difference in % for every row (the same cases and
# backend in both runs, so no n/a), and the --md and --html files.
cmake_minimum_required(VERSION 3.20)
set(algorithms "ML-KEM-512,SHA3-256")
foreach(run a b)
  execute_process(COMMAND ${BENCH} --quick --algorithm ${algorithms} --json ${DIR}/compare-${run}.json
                  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "tessera-bench --json run ${run} exited with ${code}\n${out}\n${err}")
  endif()
endforeach()
file(REMOVE ${DIR}/compare.md ${DIR}/compare.html)
execute_process(COMMAND ${BENCH} compare ${DIR}/compare-a.json ${DIR}/compare-b.json
                        --md ${DIR}/compare.md --html ${DIR}/compare.html
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "tessera-bench compare exited with ${code}\n${out}\n${err}")
endif()
foreach(text "A: ${DIR}/compare-a.json (8 records" "B: ${DIR}/compare-b.json (8 records" "Compiler:"
             "| Algorithm " "| B p50 vs A " "| B rate vs A ")
  string(FIND "${out}" "${text}" at)
  if(at LESS 0)
    message(FATAL_ERROR "compare output lacks '${text}':\n${out}")
  endif()
endforeach()
# | ML-KEM-512 | key gen | tessera | avx2 | p50 ... | p50 ... | +1.2% | -3.4% |, every row.
set(cell "p50 [0-9.]+[kM]? cyc(/B)?, [0-9.]+ (ops|MiB)/s")
set(pct "[-+][0-9]+\\.[0-9]%")
set(rows 0)
foreach(op "key gen" "encap" "encap \\(key object\\)" "decap \\(expanded dk\\)" "decap \\(seed\\)"
           "decap \\(key object\\)" "hash 1KiB" "hash 16KiB")
  if(NOT out MATCHES "\\| (ML-KEM-512|SHA3-256) +\\| ${op} +\\| tessera +\\| [a-z0-9]+ +\\| ${cell} +\\| ${cell} +\\| ${pct} +\\| ${pct} +\\|\n")
    message(FATAL_ERROR "no complete compare row for '${op}' (cells and both differences):\n${out}")
  endif()
  math(EXPR rows "${rows} + 1")
endforeach()
string(FIND "${out}" "| Algorithm " table_at)
string(SUBSTRING "${out}" ${table_at} -1 table)
string(FIND "${table}" "n/a" na)
if(NOT na LESS 0)
  message(FATAL_ERROR "n/a in a compare of two runs of the same cases:\n${out}")
endif()
file(READ ${DIR}/compare.md md)
file(READ ${DIR}/compare.html html)
if(NOT md MATCHES "\\| ML-KEM-512 +\\| key gen " OR NOT html MATCHES "^<!DOCTYPE html>" OR NOT html MATCHES "<td>ML-KEM-512</td>")
  message(FATAL_ERROR "--md / --html lack the table:\n${md}\n${html}")
endif()
message(STATUS "compare: ${rows} rows with differences, --md and --html written")
