# FFDHE (RFC 7919 groups ffdhe2048, ffdhe3072, ffdhe4096; SP 800-56A Rev. 3): key objects,
# public-key validation and the FFC DH primitive, on the naturals of src/bignum/nat.hpp.
list(APPEND TESSERA_SOURCES
  dh/ffdhe.cpp)
