list(APPEND TESSERA_SOURCES
  rand/os_entropy.cpp
  rand/drbg.cpp)
