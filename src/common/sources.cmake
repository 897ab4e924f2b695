list(APPEND TESSERA_SOURCES
  common/result.cpp
  common/secret.cpp)
