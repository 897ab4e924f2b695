# RSA against the NIST ACVP vectors (FIPS 186-5 / SP 800-56B Rev. 2): the primitives, and
# the signature and OAEP schemes.
tessera_test(rsa-kat-tests ${CMAKE_CURRENT_LIST_DIR}/rsa_acvp_test.cpp)
