# SHA-1 (OAEP/MGF1 interoperability only) and the run-time hash identifiers (included from
# hash/sources.cmake).
list(APPEND TESSERA_SOURCES
  hash/sha1.cpp
  hash/hash_id.cpp)
