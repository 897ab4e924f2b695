# Constant-time fixed-size integers and Montgomery arithmetic (header-only templates:
# src/bignum/uint.hpp, src/bignum/montgomery.hpp), shared by src/ec/ (and later RSA, FFDHE).
list(APPEND TESSERA_SOURCES)
