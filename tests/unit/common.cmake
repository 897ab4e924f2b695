tessera_test(common-unit-tests
  ${CMAKE_CURRENT_LIST_DIR}/common_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/backend_test.cpp)

# TESSERA_BACKEND: a known, available name is used; an unknown or unavailable one is ignored
# (the best backend runs) and reported through environment_backend_status().
add_executable(backend-env-probe ${CMAKE_CURRENT_LIST_DIR}/backend_env_probe.cpp)
target_link_libraries(backend-env-probe PRIVATE tessera tessera_warnings)
add_test(NAME backend.env.portable COMMAND backend-env-probe)
set_tests_properties(backend.env.portable PROPERTIES ENVIRONMENT TESSERA_BACKEND=portable
  PASS_REGULAR_EXPRESSION "active=portable status=ok")
add_test(NAME backend.env.unknown COMMAND backend-env-probe)
set_tests_properties(backend.env.unknown PROPERTIES ENVIRONMENT TESSERA_BACKEND=sse9
  PASS_REGULAR_EXPRESSION "status=unknown backend name")
# A backend of the other architecture is never available (neon is, on aarch64).
if(TESSERA_AARCH64)
  set(_tessera_foreign_backend avx2)
else()
  set(_tessera_foreign_backend neon)
endif()
add_test(NAME backend.env.unavailable COMMAND backend-env-probe)
set_tests_properties(backend.env.unavailable PROPERTIES ENVIRONMENT TESSERA_BACKEND=${_tessera_foreign_backend}
  PASS_REGULAR_EXPRESSION "status=backend not available")

# ct::mask_bytes_eq (src/common/ct.hpp): lengths, out-of-bounds reads.
tessera_test(ct-unit-tests ${CMAKE_CURRENT_LIST_DIR}/ct_test.cpp)
