# firmware.kat.mps2-an500 when tessera-fw-kat could not be built (firmware/CMakeLists.txt):
# SKIPPED with the reason, or FAILED under TESSERA_REQUIRE_VECTORS=1 (CI), the rule the host
# known-answer suites follow (tests/support/vectors.hpp).
#   cmake -DWHY=<reason> -P no_vectors.cmake
if("$ENV{TESSERA_REQUIRE_VECTORS}" STREQUAL "1")
  message(FATAL_ERROR "FAILED (TESSERA_REQUIRE_VECTORS=1): ${WHY}")
endif()
message("SKIPPED: ${WHY}")
