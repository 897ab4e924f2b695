# RSA (RFC 8017, FIPS 186-5): key objects, primitives (CRT, blinding, fault check).
list(APPEND TESSERA_SOURCES
  rsa/rsa_keys.cpp
  rsa/rsa_primitives.cpp
  rsa/rsa_inverse.cpp
  rsa/rsa_der.cpp
  rsa/rsa_prime.cpp
  rsa/rsa_keygen.cpp)
