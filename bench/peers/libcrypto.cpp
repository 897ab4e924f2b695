// Loading libcrypto for the OpenSSL peer (bench/peers/libcrypto.hpp).
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

#include <dlfcn.h>

#include <map>
#include <memory>
#include <mutex>
#include <string>

// The declarations only (this file does not include the call macros).
#define TESSERA_LIBCRYPTO_NO_CALL_MACROS
#include "peers/libcrypto.hpp"

namespace tessera::bench::openssl_peer {
namespace {

thread_local const Libcrypto* t_current = nullptr;

}  // namespace

const Libcrypto* load_libcrypto(const std::string& path, std::string& error) {
  // One table per path, made once (a path named twice shares it).
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<Libcrypto>> loaded;
  const std::string name = path.empty() ? "libcrypto.so.3" : path;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = loaded.find(name); it != loaded.end()) return it->second.get();
  int flags = RTLD_NOW | RTLD_LOCAL;
#if defined(RTLD_DEEPBIND)
  if (!path.empty()) flags |= RTLD_DEEPBIND;
#endif
  void* handle = dlopen(name.c_str(), flags);
  if (handle == nullptr) {
    const char* why = dlerror();
    error = why != nullptr ? why : ("cannot load " + name);
    return nullptr;
  }
  auto lib = std::make_unique<Libcrypto>();
  lib->path = name;
#define TESSERA_LIBCRYPTO_RESOLVE(f)                                                  \
  lib->f = reinterpret_cast<decltype(lib->f)>(dlsym(handle, #f));                     \
  if (lib->f == nullptr) {                                                            \
    error = name + ": no symbol " #f " (not OpenSSL 3.0 or newer)";                   \
    return nullptr;                                                                   \
  }
  TESSERA_LIBCRYPTO_FUNCTIONS(TESSERA_LIBCRYPTO_RESOLVE)
#undef TESSERA_LIBCRYPTO_RESOLVE
  return loaded.emplace(name, std::move(lib)).first->second.get();
}

const Libcrypto& libcrypto() { return *t_current; }
void use_libcrypto(const Libcrypto* lib) { t_current = lib; }

}  // namespace tessera::bench::openssl_peer
