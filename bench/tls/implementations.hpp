// The libssl side of --tls: one OSSL_LIB_CTX per implementation, the TLS groups its provider
// advertises (its "TLS-GROUP" capability: what it lacks is n/a, never tried), and the one
// ECDSA P-256 certificate every server uses.
#pragma once

#include <openssl/ssl.h>

#include <memory>
#include <string>
#include <vector>

namespace tessera::bench::tls {

struct Group {
  std::string name;  // the capability's tls-group-name (IANA name)
  unsigned id = 0;   // its TLS code point
};

struct Implementation {
  std::string label;    // "tessera provider", "openssl", or the --tls-provider name
  std::string version;  // the provider's version parameter
  OSSL_LIB_CTX* libctx = nullptr;
  std::string propq;    // "?provider=NAME": the provider's algorithms first, the default's for the rest
  std::vector<Group> groups;  // the provider's own; for "openssl" the default provider's
  EVP_PKEY* key = nullptr;    // the certificate and its key, decoded in this library context
  X509* cert = nullptr;
  ~Implementation();
  const Group* find(const std::string& name) const;
};

// The self-signed ECDSA P-256 certificate (generated once per process) as DER, key and cert.
struct Credentials {
  std::vector<unsigned char> key_der, cert_der;
};
bool make_credentials(Credentials& out);

// "openssl": the default provider alone. error says why it failed.
std::unique_ptr<Implementation> load_default(const Credentials& c, std::string& error);
// A provider module file (e.g. .../tessera.so) next to the default provider; label for the
// rows. The provider's name is the file's stem (what OSSL_PROVIDER_load finds in its folder).
std::unique_ptr<Implementation> load_provider(const std::string& label, const std::string& path,
                                              const Credentials& c, std::string& error);
// A provider by name from OpenSSL's modules folder (OPENSSL_MODULES or the built-in one).
std::unique_ptr<Implementation> load_named_provider(const std::string& name, const Credentials& c,
                                                    std::string& error);

}  // namespace tessera::bench::tls
