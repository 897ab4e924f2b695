// The ML-DSA OIDs in libcrypto's object table, registered through the core
// (provider-base(7): OSSL_FUNC_core_obj_create, OSSL_FUNC_core_obj_add_sigid, both OpenSSL
// 3.0). OpenSSL 3.0 has no ML-DSA OIDs, and X509_verify needs one: ASN1_item_verify_ctx
// maps the signature AlgorithmIdentifier to (digest, key type) with OBJ_find_sigid_algs and
// checks EVP_PKEY_is_a(key, OBJ_nid2sn(key type)). So each OID is created with the short
// name id-ml-dsa-NN and long name ML-DSA-NN (both KEYMGMT names, as OpenSSL 3.5's
// objects.txt has them), and added as a signature id with no digest. Where the OIDs exist
// already (OpenSSL 3.5, or a second load), the core calls succeed without change.
#include "algorithms.hpp"
#include "mldsa_key.hpp"

#include <openssl/core_dispatch.h>

namespace tessera::provider {

int register_signature_objects(const OSSL_CORE_HANDLE* handle, const OSSL_DISPATCH* in) noexcept {
  OSSL_FUNC_core_obj_create_fn* obj_create = nullptr;
  OSSL_FUNC_core_obj_add_sigid_fn* add_sigid = nullptr;
  for (; in != nullptr && in->function_id != 0; ++in) {
    if (in->function_id == OSSL_FUNC_CORE_OBJ_CREATE) obj_create = OSSL_FUNC_core_obj_create(in);
    if (in->function_id == OSSL_FUNC_CORE_OBJ_ADD_SIGID) add_sigid = OSSL_FUNC_core_obj_add_sigid(in);
  }
  if (obj_create == nullptr || add_sigid == nullptr) return 0;
  struct Entry { const char* oid; const char* sn; const char* ln; };
  const Entry entries[] = {
      {MlDsaNames<MlDsa44>::oid, MlDsaNames<MlDsa44>::short_name, MlDsaNames<MlDsa44>::name},
      {MlDsaNames<MlDsa65>::oid, MlDsaNames<MlDsa65>::short_name, MlDsaNames<MlDsa65>::name},
      {MlDsaNames<MlDsa87>::oid, MlDsaNames<MlDsa87>::short_name, MlDsaNames<MlDsa87>::name},
  };
  int ok = 1;
  for (const Entry& e : entries) {
    // The signature algorithm and the key share one OID (RFC 9881 Sections 2-3); the
    // digest is "" (none: the message is signed whole).
    if (obj_create(handle, e.oid, e.sn, e.ln) == 0 || add_sigid(handle, e.sn, "", e.sn) == 0) ok = 0;
  }
  return ok;
}

}  // namespace tessera::provider
