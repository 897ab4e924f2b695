# include()d by the bench check scripts: the --json output validated against the schema
# with tessera-bench-validate (VALIDATE, SCHEMA, JSON set by the caller), then read.
# Sets json (the array's text), n (its length) and last (n - 1, for foreach(i RANGE)).
execute_process(COMMAND ${VALIDATE} ${SCHEMA} ${JSON} RESULT_VARIABLE code OUTPUT_VARIABLE vout ERROR_VARIABLE verr)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "${JSON} does not validate:\n${vout}${verr}")
endif()
file(READ ${JSON} json)
string(JSON n LENGTH "${json}")
math(EXPR last "${n} - 1")
