# FrodoKEM / eFrodoKEM known answers: the reference .rsp files and Botan's hashed vectors,
# with the NIST KAT DRBG (test code), on every backend.
tessera_test(frodokem-kat-tests
  ${CMAKE_CURRENT_LIST_DIR}/frodokem_kat_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/frodokem_kat_drbg.cpp)
