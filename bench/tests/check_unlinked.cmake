# cmake -DNM=<nm> -DOBJECTS=<a.o|b.o|...> -P check_unlinked.cmake
# The OpenSSL peer's objects reference no OpenSSL function directly: every call goes through
# the table of the libcrypto loaded at run time (bench/peers/libcrypto.hpp). A direct
# reference would bind to whatever libcrypto the process linked, whichever --peer openssl
# the case belongs to.
string(REPLACE "|" ";" objects "${OBJECTS}")
set(checked 0)
foreach(o IN LISTS objects)
  execute_process(COMMAND ${NM} -u ${o} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "${NM} -u ${o} failed: ${err}")
  endif()
  string(REGEX MATCHALL "[\n ](EVP|OSSL|ERR|CRYPTO|OPENSSL|OpenSSL|BN|EC|RSA|X509|PEM|d2i|i2d)_[A-Za-z0-9_]*" direct "${out}")
  if(direct)
    message(FATAL_ERROR "${o} calls OpenSSL directly:${direct}")
  endif()
  math(EXPR checked "${checked} + 1")
endforeach()
if(checked EQUAL 0)
  message(FATAL_ERROR "no object files given")
endif()
message("${checked} object files: no direct OpenSSL reference")
