# Elliptic curves: X25519 (RFC 7748), P-256 and P-384 (FIPS 186-5, SP 800-186): field and
# point arithmetic, ECDH, ECDSA. The constant-time fixed-size integers they share are in
# src/bignum/.
list(APPEND TESSERA_SOURCES
  # X25519
  # P-256 / P-384 (field, group, ECDH)
  # ECDSA
  )
