# Symmetric primitives: AES (FIPS 197), GCM (SP 800-38D), ChaCha20 and Poly1305 (RFC 8439).
# SIMD files get their own flags and are only called when the CPU has the features
# (kernel tables in aes.cpp, gcm.cpp, chacha20.cpp).
list(APPEND TESSERA_SOURCES
  symmetric/aes.cpp
  symmetric/aes_portable.cpp
  symmetric/ghash_portable.cpp
  symmetric/gcm.cpp)
if(TESSERA_HAVE_AVX2)
  set_source_files_properties(symmetric/aes_ni.cpp PROPERTIES
    COMPILE_OPTIONS "-maes;-mpclmul;-mssse3;-msse4.1")
  list(APPEND TESSERA_SOURCES symmetric/aes_ni.cpp)
  set_source_files_properties(symmetric/aes_vaes256.cpp PROPERTIES
    COMPILE_OPTIONS "-mavx2;-maes;-mvaes;-mssse3;-msse4.1")
  list(APPEND TESSERA_SOURCES symmetric/aes_vaes256.cpp)
endif()
if(TESSERA_HAVE_AVX512)
  set_source_files_properties(symmetric/aes_vaes.cpp PROPERTIES
    COMPILE_OPTIONS "${TESSERA_AVX512_FLAGS};-maes;-mpclmul;-mvaes;-mvpclmulqdq")
  list(APPEND TESSERA_SOURCES symmetric/aes_vaes.cpp)
endif()
# aarch64: AES and PMULL GHASH with the Cryptographic Extension (+crypto; called only where
# the CPU has FEAT_AES / FEAT_PMULL).
tessera_simd_sources(TESSERA_SOURCES NEON_CRYPTO symmetric/aes_neon.cpp symmetric/ghash_neon.cpp)
# aarch64 without FEAT_AES: the bitsliced AES in Advanced SIMD (base architecture, no flag).
tessera_simd_sources(TESSERA_SOURCES NEON symmetric/aes_neon_bs.cpp)
list(APPEND TESSERA_SOURCES
  symmetric/chacha20.cpp
  symmetric/poly1305.cpp
  symmetric/poly1305_r26.cpp)
tessera_simd_sources(TESSERA_SOURCES
  AVX2   symmetric/chacha20_avx2.cpp
  AVX512 symmetric/chacha20_avx512.cpp
  NEON   symmetric/chacha20_neon.cpp)
if(TESSERA_HAVE_AVX512)
  set_source_files_properties(symmetric/poly1305_ifma.cpp PROPERTIES
    COMPILE_OPTIONS "${TESSERA_AVX512_FLAGS};-mavx512ifma")
  list(APPEND TESSERA_SOURCES symmetric/poly1305_ifma.cpp)
endif()
