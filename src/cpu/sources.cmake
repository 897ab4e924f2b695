list(APPEND TESSERA_SOURCES
  cpu/features.cpp
  cpu/backend.cpp)
