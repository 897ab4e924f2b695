# SHA-2, HMAC, HKDF (included from hash/sources.cmake).
list(APPEND TESSERA_SOURCES
  hash/sha2.cpp
  hash/sha2/portable.cpp
  hash/sha2/kernels.cpp
  hash/hmac.cpp)
# SHA-NI for SHA-256: compiled with the x86 SIMD kernels, selected at run time only when
# CPUID reports SHA (hash/sha2/kernels.cpp).
# SHA-512 has no x86 instructions before SHA512 (Arrow Lake); every backend runs the
# scalar kernel. An AVX2 (or AVX-512VL vprorq) message-schedule kernel would pay: OpenSSL's
# AVX2 path is about 1.7x faster than the scalar kernel on Zen 4. Not written yet.
if(TESSERA_HAVE_AVX2)
  set_source_files_properties(hash/sha2/shani.cpp PROPERTIES COMPILE_OPTIONS "-msha;-mssse3;-msse4.1")
  list(APPEND TESSERA_SOURCES hash/sha2/shani.cpp)
endif()
