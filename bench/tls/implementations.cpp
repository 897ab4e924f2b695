#include "tls/implementations.hpp"

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <openssl/x509.h>

#include <filesystem>
#include <strings.h>

namespace tessera::bench::tls {
namespace {

std::string last_error() {
  const unsigned long e = ERR_peek_last_error();
  ERR_clear_error();
  if (e == 0) return "no OpenSSL error";
  char buf[256];
  ERR_error_string_n(e, buf, sizeof buf);
  return buf;
}

int collect_group(const OSSL_PARAM params[], void* arg) {
  auto& groups = *static_cast<std::vector<Group>*>(arg);
  const OSSL_PARAM* name = OSSL_PARAM_locate_const(params, OSSL_CAPABILITY_TLS_GROUP_NAME);
  const OSSL_PARAM* id = OSSL_PARAM_locate_const(params, OSSL_CAPABILITY_TLS_GROUP_ID);
  const char* n = nullptr;
  unsigned int i = 0;
  if (name != nullptr && id != nullptr && OSSL_PARAM_get_utf8_string_ptr(name, &n) == 1 &&
      OSSL_PARAM_get_uint(id, &i) == 1)
    groups.push_back({n, i});
  return 1;
}

std::string version_of(OSSL_PROVIDER* p) {
  const char* v = nullptr;
  OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_VERSION, const_cast<char**>(&v), 0),
                         OSSL_PARAM_construct_end()};
  return OSSL_PROVIDER_get_params(p, params) == 1 && v != nullptr ? v : "unknown";
}

// The certificate and key decoded in impl's context, so that signing uses its providers.
bool add_credentials(Implementation& impl, const Credentials& c, std::string& error) {
  const unsigned char* p = c.key_der.data();
  impl.key = d2i_PrivateKey_ex(EVP_PKEY_EC, nullptr, &p, static_cast<long>(c.key_der.size()), impl.libctx,
                               impl.propq.empty() ? nullptr : impl.propq.c_str());
  impl.cert = X509_new_ex(impl.libctx, impl.propq.empty() ? nullptr : impl.propq.c_str());
  p = c.cert_der.data();
  if (impl.key == nullptr || impl.cert == nullptr ||
      d2i_X509(&impl.cert, &p, static_cast<long>(c.cert_der.size())) == nullptr) {
    error = "cannot decode the certificate in " + impl.label + "'s library context: " + last_error();
    return false;
  }
  return true;
}

std::unique_ptr<Implementation> with_provider(const std::string& label, const std::string& folder,
                                              const std::string& name, const Credentials& c, std::string& error) {
  auto impl = std::make_unique<Implementation>();
  impl->label = label;
  impl->libctx = OSSL_LIB_CTX_new();
  if (!folder.empty()) OSSL_PROVIDER_set_default_search_path(impl->libctx, folder.c_str());
  OSSL_PROVIDER* p = OSSL_PROVIDER_load(impl->libctx, name.c_str());
  if (p == nullptr) {
    error = "cannot load provider '" + name + "'" + (folder.empty() ? "" : " from " + folder) + ": " + last_error();
    return nullptr;
  }
  if (OSSL_PROVIDER_load(impl->libctx, "default") == nullptr) {
    error = "cannot load the default provider next to '" + name + "': " + last_error();
    return nullptr;
  }
  impl->version = version_of(p);
  impl->propq = "?provider=" + name;
  OSSL_PROVIDER_get_capabilities(p, "TLS-GROUP", collect_group, &impl->groups);
  if (!add_credentials(*impl, c, error)) return nullptr;
  return impl;
}

}  // namespace

Implementation::~Implementation() {
  X509_free(cert);
  EVP_PKEY_free(key);
  OSSL_LIB_CTX_free(libctx);  // unloads its providers
}

const Group* Implementation::find(const std::string& name) const {
  for (const Group& g : groups) {
    if (strcasecmp(g.name.c_str(), name.c_str()) == 0) return &g;
  }
  return nullptr;
}

bool make_credentials(Credentials& out) {
  EVP_PKEY* key = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
  X509* cert = X509_new();
  bool ok = key != nullptr && cert != nullptr;
  if (ok) {
    ASN1_INTEGER_set(X509_get_serialNumber(cert), 1);
    X509_gmtime_adj(X509_getm_notBefore(cert), 0);
    X509_gmtime_adj(X509_getm_notAfter(cert), 86400);
    X509_set_pubkey(cert, key);
    X509_NAME* name = X509_get_subject_name(cert);
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("localhost"), -1,
                               -1, 0);
    X509_set_issuer_name(cert, name);
    ok = X509_sign(cert, key, EVP_sha256()) > 0;
  }
  unsigned char* der = nullptr;
  int n = ok ? i2d_PrivateKey(key, &der) : -1;
  if (n > 0) out.key_der.assign(der, der + n);
  OPENSSL_free(der);
  der = nullptr;
  const int m = n > 0 ? i2d_X509(cert, &der) : -1;
  if (m > 0) out.cert_der.assign(der, der + m);
  OPENSSL_free(der);
  X509_free(cert);
  EVP_PKEY_free(key);
  return n > 0 && m > 0;
}

std::unique_ptr<Implementation> load_default(const Credentials& c, std::string& error) {
  auto impl = std::make_unique<Implementation>();
  impl->label = "openssl";
  impl->libctx = OSSL_LIB_CTX_new();
  OSSL_PROVIDER* p = OSSL_PROVIDER_load(impl->libctx, "default");
  if (p == nullptr) {
    error = "cannot load the default provider: " + last_error();
    return nullptr;
  }
  impl->version = OpenSSL_version(OPENSSL_VERSION_STRING);
  OSSL_PROVIDER_get_capabilities(p, "TLS-GROUP", collect_group, &impl->groups);
  if (!add_credentials(*impl, c, error)) return nullptr;
  return impl;
}

std::unique_ptr<Implementation> load_provider(const std::string& label, const std::string& path,
                                              const Credentials& c, std::string& error) {
  const std::filesystem::path file(path);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) {
    error = "no provider module at " + path;
    return nullptr;
  }
  return with_provider(label, file.parent_path().string(), file.stem().string(), c, error);
}

std::unique_ptr<Implementation> load_named_provider(const std::string& name, const Credentials& c,
                                                    std::string& error) {
  return with_provider(name, "", name, c, error);
}

}  // namespace tessera::bench::tls
