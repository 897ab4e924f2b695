# Hybrid KEMs: the TLS 1.3 groups are instances of one header template
# (include/tessera/hybrid_combiner.hpp); X-Wing has its own combiner.
list(APPEND TESSERA_SOURCES
  hybrid/xwing.cpp)
