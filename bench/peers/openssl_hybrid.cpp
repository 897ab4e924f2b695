// OpenSSL peer: the TLS 1.3 hybrid KEMs of draft-ietf-tls-ecdhe-mlkem, which OpenSSL 3.5
// implements as KEYMGMT + KEM algorithms named X25519MLKEM768, SecP256r1MLKEM768 and
// SecP384r1MLKEM1024 (default provider). Probed at run time by name: OpenSSL 3.0 has none
// of them, and its rows read n/a.
//
// The rows line up with Tessera's (bench/cases/hybrid.cpp) by ciphertext and shared-secret
// size (bench/peer_match.hpp). What each timed call includes, all through EVP:
//   key gen              the TLS client making its key share: EVP_PKEY_CTX_new_from_name,
//                        EVP_PKEY_keygen_init, EVP_PKEY_generate (ML-KEM and curve key pairs),
//                        the public-key bytes written to a caller buffer (the encoded public
//                        key parameter, EVP_PKEY_get_octet_string_param, as TLS reads its
//                        key share; Tessera's key pair holds these bytes too), free
//   encap                the TLS server, from the client's share bytes: import them
//                        (EVP_PKEY_new_raw_public_key_ex, where OpenSSL checks the ML-KEM
//                        key and validates the curve point), EVP_PKEY_CTX_new_from_pkey,
//                        EVP_PKEY_encapsulate_init, EVP_PKEY_encapsulate (ciphertext and
//                        shared secret into caller buffers), free. Tessera's "encap" row.
//   decap (key object)   the TLS client, with the EVP_PKEY its key gen made (OpenSSL's key
//                        object; made once, untimed): EVP_PKEY_CTX_new_from_pkey,
//                        EVP_PKEY_decapsulate_init, EVP_PKEY_decapsulate of the server's
//                        ciphertext bytes (the curve point in it is parsed and validated
//                        here), free. Tessera's "decap (key object)" row: the client's cost
//                        once its key share is made. OpenSSL's raw private key is the
//                        expanded ML-KEM dk and the curve scalar, not Tessera's seeds, so
//                        its cells on "decap (seeds)" stay n/a.
// The key, its share bytes and the ciphertext are made once per case, outside the timed
// region, and checked: decapsulating the ciphertext of the imported share must give the
// encapsulated secret.
#include "peers/openssl_hybrid.hpp"

#include "peer_match.hpp"
#include "peers/openssl_support.hpp"

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace tessera::bench::openssl_peer {
namespace {

struct HybridKem {
  const char* name;  // OpenSSL's and Tessera's name alike
  int strength;      // as Tessera's hybrid rows
  const char* accel; // OpenSSL 3.5's code paths: C ML-KEM, assembly X25519 and P-256
};
constexpr HybridKem kHybrids[] = {
    {"X25519MLKEM768", 192, "C ML-KEM, asm X25519"},
    {"SecP256r1MLKEM768", 192, "C ML-KEM, asm P-256"},
    {"SecP384r1MLKEM1024", 256, "C"},
};

struct Material {
  Pkey key;                                  // the client's key pair (its key object)
  std::vector<unsigned char> pk, ct, ss, ss2;  // share bytes; sizes fixed at setup
};

// The ciphertext and shared-secret sizes OpenSSL reports for an encapsulation to `key`.
bool encapsulation_sizes(EVP_PKEY* key, std::size_t& ct_bytes, std::size_t& ss_bytes) {
  EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_pkey(nullptr, key, nullptr);
  const bool ok = ctx && EVP_PKEY_encapsulate_init(ctx, nullptr) == 1 &&
                  EVP_PKEY_encapsulate(ctx, nullptr, &ct_bytes, nullptr, &ss_bytes) == 1;
  EVP_PKEY_CTX_free(ctx);
  return ok;
}

// The encoded public key (the TLS key share) into `out`, which has its exact size.
// EVP_PKEY_get_raw_public_key cannot be used: it exports the key, and the hybrid exports
// its EC half without the domain parameters, which OpenSSL's EC export refuses.
bool encoded_public(EVP_PKEY* key, std::vector<unsigned char>& out) {
  std::size_t n = 0;
  return EVP_PKEY_get_octet_string_param(key, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, out.data(), out.size(), &n) == 1 &&
         n == out.size();
}

Pkey import_public(const char* alg, const std::vector<unsigned char>& pk) {
  return wrap(EVP_PKEY_new_raw_public_key_ex(nullptr, alg, nullptr, pk.data(), pk.size()));
}

// A key pair, its share bytes, and a checked ciphertext from the imported share.
std::shared_ptr<Material> make_material(const char* alg) {
  auto m = std::make_shared<Material>();
  m->key = wrap(generate(alg));
  if (!m->key) return fail("hybrid key generation"), nullptr;
  std::size_t pk_bytes = 0;
  if (EVP_PKEY_get_octet_string_param(m->key.get(), OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, nullptr, 0, &pk_bytes) != 1)
    return fail("hybrid public key size"), nullptr;
  m->pk.resize(pk_bytes);
  if (!encoded_public(m->key.get(), m->pk)) return fail("hybrid public key export"), nullptr;
  Pkey pub = import_public(alg, m->pk);
  std::size_t ct_bytes = 0, ss_bytes = 0;
  if (!pub || !encapsulation_sizes(pub.get(), ct_bytes, ss_bytes)) return fail("hybrid share import"), nullptr;
  m->ct.resize(ct_bytes);
  m->ss.resize(ss_bytes);
  m->ss2.resize(ss_bytes);
  if (!kem_encapsulate(pub.get(), m->ct, m->ss) || !kem_decapsulate(m->key.get(), m->ct, m->ss2) || m->ss != m->ss2)
    return fail("hybrid encapsulation and decapsulation"), nullptr;
  return m;
}

void add_hybrid(std::vector<Case>& cases, const HybridKem& h) {
  // The Tessera row this computes, from the sizes this OpenSSL produces.
  const std::shared_ptr<Material> probe = make_material(h.name);
  if (!probe) return;
  const std::string tessera = tessera_kem_for(h.name, probe->ct.size(), probe->ss.size());
  if (tessera.empty()) {
    std::fprintf(stderr, "openssl peer: %s (ciphertext %zu B, shared secret %zu B) matches no Tessera KEM; skipped\n",
                 h.name, probe->ct.size(), probe->ss.size());
    return;
  }
  const std::string label = matched_label(h.name, kName, h.name, tessera);
  const char* alg = h.name;
  auto add = [&](const char* operation, std::function<Op()> prepare) {
    Case c = peer_ops_case(kName, tessera, operation, h.strength, std::move(prepare), h.accel, label);
    c.public_key_bytes = probe->pk.size();  // the client's key share
    c.ciphertext_bytes = probe->ct.size();  // the server's reply
    cases.push_back(std::move(c));
  };
  const std::size_t pk_bytes = probe->pk.size();
  add("key gen", [alg, pk_bytes]() -> Op {
    auto share = std::make_shared<std::vector<unsigned char>>(pk_bytes);
    return [alg, share] {
      EVP_PKEY* k = generate(alg);
      if (!k || !encoded_public(k, *share)) fail("hybrid key gen");
      EVP_PKEY_free(k);
      do_not_optimize(share->data());
    };
  });
  add("encap", [alg]() -> Op {
    auto m = make_material(alg);
    if (!m) return Op();
    return [m, alg] {
      EVP_PKEY* key = EVP_PKEY_new_raw_public_key_ex(nullptr, alg, nullptr, m->pk.data(), m->pk.size());
      bool ok = kem_encapsulate(key, m->ct, m->ss);  // this case's own buffers
      EVP_PKEY_free(key);
      do_not_optimize(&ok);
    };
  });
  add("decap (key object)", [alg]() -> Op {
    auto m = make_material(alg);
    if (!m) return Op();
    return [m] {
      bool ok = kem_decapsulate(m->key.get(), m->ct, m->ss2);
      do_not_optimize(&ok);
    };
  });
}

}  // namespace

void add_hybrid_kems(std::vector<Case>& cases) {
  for (const HybridKem& h : kHybrids) {
    if (has_key_type(h.name)) add_hybrid(cases, h);
  }
}

}  // namespace tessera::bench::openssl_peer
