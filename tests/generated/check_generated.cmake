# Regenerates a checked-in generated file with its generator and fails if the two differ,
# so the generator and the code it produced cannot drift apart.
#   cmake -DPYTHON=... -DDIR=<generator's directory> -DGENERATOR=gen.py -DFILE=out.inc -P check_generated.cmake
execute_process(COMMAND ${PYTHON} ${GENERATOR} WORKING_DIRECTORY ${DIR}
                OUTPUT_VARIABLE generated RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${GENERATOR} failed (${rc}): ${err}")
endif()
file(READ ${DIR}/${FILE} checked_in)
if(NOT generated STREQUAL checked_in)
  message(FATAL_ERROR "${DIR}/${FILE} differs from the output of ${GENERATOR}: "
                      "regenerate it (cd ${DIR} && ${PYTHON} ${GENERATOR} > ${FILE}) or fix the generator")
endif()
message(STATUS "${FILE} matches ${GENERATOR}")
