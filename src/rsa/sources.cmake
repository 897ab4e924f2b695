# RSA (RFC 8017, FIPS 186-5): key objects and PKCS#1 DER, the primitives (CRT, blinding,
# fault check), key generation, the encodings (PKCS#1 v1.5, PSS, OAEP; their run-time hash
# choice and MGFs) and the schemes.
list(APPEND TESSERA_SOURCES
  rsa/rsa_keys.cpp
  rsa/rsa_der.cpp
  rsa/rsa_primitives.cpp
  rsa/rsa_blinding.cpp
  rsa/rsa_inverse.cpp
  rsa/rsa_prime.cpp
  rsa/rsa_keygen.cpp
  rsa/hash_select.cpp
  rsa/mgf.cpp
  rsa/emsa_pkcs1_v15.cpp
  rsa/emsa_pss.cpp
  rsa/eme_oaep.cpp
  rsa/rsa_signature.cpp
  rsa/rsa_oaep.cpp)
