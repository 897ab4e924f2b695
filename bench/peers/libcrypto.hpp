// The OpenSSL peer's libcrypto, loaded at run time with dlopen (docs/bench.md, "Peers found
// at run time"): the default search ("libcrypto.so.3", i.e. the system's or the one the
// dynamic loader is pointed at) or a path from `--peer openssl=PATH`, several of them in one
// run. The peer's files (bench/peers/openssl*.cpp) include this header after OpenSSL's and
// every OpenSSL call in them goes through the function table of the instance the calling
// thread uses (UseLibcrypto), by the macros at the end; OpenSSL's headers give the types
// and constants only. The CTest bench.openssl-peer-unlinked checks that the peer's objects
// reference no OpenSSL symbol directly.
#pragma once

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

#include <memory>
#include <string>

// Every libcrypto function the peer calls (OPENSSL_free and OPENSSL_clear_free are macros
// for CRYPTO_free and CRYPTO_clear_free).
#define TESSERA_LIBCRYPTO_FUNCTIONS(X)                                                                    \
  X(OpenSSL_version) X(ERR_clear_error) X(ERR_print_errors_fp) X(CRYPTO_free) X(CRYPTO_clear_free)          \
  X(OPENSSL_cleanse) X(EVP_CIPHER_CTX_ctrl) X(EVP_CIPHER_CTX_free) X(EVP_CIPHER_CTX_new) X(EVP_CIPHER_fetch) \
  X(EVP_CIPHER_free) X(EVP_CIPHER_get_key_length) X(EVP_Digest) X(EVP_DigestFinalXOF) X(EVP_DigestInit_ex)  \
  X(EVP_DigestSign) X(EVP_DigestSignInit_ex) X(EVP_DigestUpdate) X(EVP_DigestVerify) X(EVP_DigestVerifyInit_ex) \
  X(EVP_EncryptFinal_ex) X(EVP_EncryptInit_ex2) X(EVP_EncryptUpdate) X(EVP_MD_CTX_free) X(EVP_MD_CTX_new)    \
  X(EVP_MD_fetch) X(EVP_MD_free) X(EVP_PKEY_CTX_free) X(EVP_PKEY_CTX_new_from_name)                          \
  X(EVP_PKEY_CTX_new_from_pkey) X(EVP_PKEY_CTX_set_group_name) X(EVP_PKEY_CTX_set_rsa_keygen_bits)           \
  X(EVP_PKEY_decapsulate) X(EVP_PKEY_decapsulate_init) X(EVP_PKEY_derive) X(EVP_PKEY_derive_init)            \
  X(EVP_PKEY_derive_set_peer) X(EVP_PKEY_encapsulate) X(EVP_PKEY_encapsulate_init) X(EVP_PKEY_free)          \
  X(EVP_PKEY_generate) X(EVP_PKEY_get_octet_string_param) X(EVP_PKEY_get_raw_private_key)                     \
  X(EVP_PKEY_get_raw_public_key) X(EVP_PKEY_get_size) X(EVP_PKEY_keygen_init)                                 \
  X(EVP_PKEY_new_raw_private_key_ex) X(EVP_PKEY_new_raw_public_key_ex) X(d2i_AutoPrivateKey) X(d2i_PUBKEY)  \
  X(i2d_PUBKEY) X(i2d_PrivateKey)

namespace tessera::bench::openssl_peer {

// One loaded libcrypto: its function table. Never unloaded (OpenSSL keeps process-wide
// state; the process ends soon after the run).
struct Libcrypto {
  std::string path;  // as given to dlopen
#define TESSERA_LIBCRYPTO_MEMBER(f) decltype(&::f) f = nullptr;
  TESSERA_LIBCRYPTO_FUNCTIONS(TESSERA_LIBCRYPTO_MEMBER)
#undef TESSERA_LIBCRYPTO_MEMBER
};

// dlopen(path, or "libcrypto.so.3" when empty) and every symbol of the table; nullptr and
// the reason in `error` when the library is missing or is not OpenSSL >= 3.0. A path is
// opened with RTLD_DEEPBIND, so that library binds to its own symbols even when another
// libcrypto is already in the process (the bench's libssl, or a second --peer openssl).
const Libcrypto* load_libcrypto(const std::string& path, std::string& error);

// The instance the calling thread's OpenSSL calls go to.
const Libcrypto& libcrypto();
void use_libcrypto(const Libcrypto* lib);

// A deleter for shared_ptr / unique_ptr that frees through the library current when it was
// made (a deleter may run later, on another thread or after another instance's case).
struct Free {
  const Libcrypto* lib = &libcrypto();
  void operator()(EVP_PKEY* p) const { lib->EVP_PKEY_free(p); }
  void operator()(EVP_MD* p) const { lib->EVP_MD_free(p); }
  void operator()(EVP_MD_CTX* p) const { lib->EVP_MD_CTX_free(p); }
  void operator()(EVP_CIPHER* p) const { lib->EVP_CIPHER_free(p); }
  void operator()(EVP_CIPHER_CTX* p) const { lib->EVP_CIPHER_CTX_free(p); }
};

}  // namespace tessera::bench::openssl_peer

// The peer's OpenSSL calls, through the current instance's table.
#if !defined(TESSERA_LIBCRYPTO_NO_CALL_MACROS)
#define TESSERA_LC ::tessera::bench::openssl_peer::libcrypto()
#define OpenSSL_version(...) (TESSERA_LC.OpenSSL_version(__VA_ARGS__))
#define ERR_clear_error(...) (TESSERA_LC.ERR_clear_error(__VA_ARGS__))
#define ERR_print_errors_fp(...) (TESSERA_LC.ERR_print_errors_fp(__VA_ARGS__))
#define CRYPTO_free(...) (TESSERA_LC.CRYPTO_free(__VA_ARGS__))
#define CRYPTO_clear_free(...) (TESSERA_LC.CRYPTO_clear_free(__VA_ARGS__))
#define OPENSSL_cleanse(...) (TESSERA_LC.OPENSSL_cleanse(__VA_ARGS__))
#define EVP_CIPHER_CTX_ctrl(...) (TESSERA_LC.EVP_CIPHER_CTX_ctrl(__VA_ARGS__))
#define EVP_CIPHER_CTX_free(...) (TESSERA_LC.EVP_CIPHER_CTX_free(__VA_ARGS__))
#define EVP_CIPHER_CTX_new(...) (TESSERA_LC.EVP_CIPHER_CTX_new(__VA_ARGS__))
#define EVP_CIPHER_fetch(...) (TESSERA_LC.EVP_CIPHER_fetch(__VA_ARGS__))
#define EVP_CIPHER_free(...) (TESSERA_LC.EVP_CIPHER_free(__VA_ARGS__))
#define EVP_CIPHER_get_key_length(...) (TESSERA_LC.EVP_CIPHER_get_key_length(__VA_ARGS__))
#define EVP_Digest(...) (TESSERA_LC.EVP_Digest(__VA_ARGS__))
#define EVP_DigestFinalXOF(...) (TESSERA_LC.EVP_DigestFinalXOF(__VA_ARGS__))
#define EVP_DigestInit_ex(...) (TESSERA_LC.EVP_DigestInit_ex(__VA_ARGS__))
#define EVP_DigestSign(...) (TESSERA_LC.EVP_DigestSign(__VA_ARGS__))
#define EVP_DigestSignInit_ex(...) (TESSERA_LC.EVP_DigestSignInit_ex(__VA_ARGS__))
#define EVP_DigestUpdate(...) (TESSERA_LC.EVP_DigestUpdate(__VA_ARGS__))
#define EVP_DigestVerify(...) (TESSERA_LC.EVP_DigestVerify(__VA_ARGS__))
#define EVP_DigestVerifyInit_ex(...) (TESSERA_LC.EVP_DigestVerifyInit_ex(__VA_ARGS__))
#define EVP_EncryptFinal_ex(...) (TESSERA_LC.EVP_EncryptFinal_ex(__VA_ARGS__))
#define EVP_EncryptInit_ex2(...) (TESSERA_LC.EVP_EncryptInit_ex2(__VA_ARGS__))
#define EVP_EncryptUpdate(...) (TESSERA_LC.EVP_EncryptUpdate(__VA_ARGS__))
#define EVP_MD_CTX_free(...) (TESSERA_LC.EVP_MD_CTX_free(__VA_ARGS__))
#define EVP_MD_CTX_new(...) (TESSERA_LC.EVP_MD_CTX_new(__VA_ARGS__))
#define EVP_MD_fetch(...) (TESSERA_LC.EVP_MD_fetch(__VA_ARGS__))
#define EVP_MD_free(...) (TESSERA_LC.EVP_MD_free(__VA_ARGS__))
#define EVP_PKEY_CTX_free(...) (TESSERA_LC.EVP_PKEY_CTX_free(__VA_ARGS__))
#define EVP_PKEY_CTX_new_from_name(...) (TESSERA_LC.EVP_PKEY_CTX_new_from_name(__VA_ARGS__))
#define EVP_PKEY_CTX_new_from_pkey(...) (TESSERA_LC.EVP_PKEY_CTX_new_from_pkey(__VA_ARGS__))
#define EVP_PKEY_CTX_set_group_name(...) (TESSERA_LC.EVP_PKEY_CTX_set_group_name(__VA_ARGS__))
#define EVP_PKEY_CTX_set_rsa_keygen_bits(...) (TESSERA_LC.EVP_PKEY_CTX_set_rsa_keygen_bits(__VA_ARGS__))
#define EVP_PKEY_decapsulate(...) (TESSERA_LC.EVP_PKEY_decapsulate(__VA_ARGS__))
#define EVP_PKEY_decapsulate_init(...) (TESSERA_LC.EVP_PKEY_decapsulate_init(__VA_ARGS__))
#define EVP_PKEY_derive(...) (TESSERA_LC.EVP_PKEY_derive(__VA_ARGS__))
#define EVP_PKEY_derive_init(...) (TESSERA_LC.EVP_PKEY_derive_init(__VA_ARGS__))
#define EVP_PKEY_derive_set_peer(...) (TESSERA_LC.EVP_PKEY_derive_set_peer(__VA_ARGS__))
#define EVP_PKEY_encapsulate(...) (TESSERA_LC.EVP_PKEY_encapsulate(__VA_ARGS__))
#define EVP_PKEY_encapsulate_init(...) (TESSERA_LC.EVP_PKEY_encapsulate_init(__VA_ARGS__))
#define EVP_PKEY_free(...) (TESSERA_LC.EVP_PKEY_free(__VA_ARGS__))
#define EVP_PKEY_generate(...) (TESSERA_LC.EVP_PKEY_generate(__VA_ARGS__))
#define EVP_PKEY_get_octet_string_param(...) (TESSERA_LC.EVP_PKEY_get_octet_string_param(__VA_ARGS__))
#define EVP_PKEY_get_raw_private_key(...) (TESSERA_LC.EVP_PKEY_get_raw_private_key(__VA_ARGS__))
#define EVP_PKEY_get_raw_public_key(...) (TESSERA_LC.EVP_PKEY_get_raw_public_key(__VA_ARGS__))
#define EVP_PKEY_get_size(...) (TESSERA_LC.EVP_PKEY_get_size(__VA_ARGS__))
#define EVP_PKEY_keygen_init(...) (TESSERA_LC.EVP_PKEY_keygen_init(__VA_ARGS__))
#define EVP_PKEY_new_raw_private_key_ex(...) (TESSERA_LC.EVP_PKEY_new_raw_private_key_ex(__VA_ARGS__))
#define EVP_PKEY_new_raw_public_key_ex(...) (TESSERA_LC.EVP_PKEY_new_raw_public_key_ex(__VA_ARGS__))
#define d2i_AutoPrivateKey(...) (TESSERA_LC.d2i_AutoPrivateKey(__VA_ARGS__))
#define d2i_PUBKEY(...) (TESSERA_LC.d2i_PUBKEY(__VA_ARGS__))
#define i2d_PUBKEY(...) (TESSERA_LC.i2d_PUBKEY(__VA_ARGS__))
#define i2d_PrivateKey(...) (TESSERA_LC.i2d_PrivateKey(__VA_ARGS__))
#endif  // TESSERA_LIBCRYPTO_NO_CALL_MACROS
