// Peer adapter: OpenSSL libcrypto (EVP API, default provider). Compiled when
// bench/CMakeLists.txt finds OpenSSL >= 3.0's headers; the library itself is loaded at run
// time (peers/libcrypto.hpp: the default search or --peer openssl=PATH); never builds OpenSSL.
//
// Same operations as Tessera's cases, on the same inputs:
//   hashes, XOF      one-shot EVP_Digest / EVP_DigestFinalXOF over the same 1 KiB / 16 KiB
//                    pattern as bench/cases/sha3.cpp (SHAKE128 absorb: block in, 32 bytes
//                    out; squeeze: 32-byte seed in, block out)
//   AEAD             encrypt: key set once (untimed); per call 12-byte nonce, 1 KiB / 16 KiB, tag
//   ML-KEM, ML-DSA   only when the running OpenSSL has them (3.5+), probed at run time by
//                    name. Keys made once and serialized to their raw bytes (ML-KEM: ek and
//                    the expanded dk; ML-DSA: pk and the encoded sk); a timed call is bytes
//                    in, bytes out, as Tessera's "encap", "decap (expanded dk)", "sign" and
//                    "verify" rows: import the key (EVP_PKEY_new_raw_*_key_ex, where OpenSSL
//                    runs its key checks), create the EVP_PKEY_CTX / EVP_MD_CTX, init,
//                    operate, free. OpenSSL holds ML-KEM keys expanded, so its decapsulation
//                    is reported on the "decap (expanded dk)" row; the "(key object)" and
//                    "decap (seed)" rows stay n/a. Signatures are over the same 32-byte
//                    message as Tessera's ML-DSA cases.
//   hybrid KEMs      X25519MLKEM768, SecP256r1MLKEM768, SecP384r1MLKEM1024 (3.5+, probed):
//                    bench/peers/openssl_hybrid.cpp, whose first comment says what each
//                    timed call includes
//   X25519, P-256,   keys made once, serialized, and imported again (raw bytes for X25519,
//   RSA              DER for P-256 and RSA) outside the timed region; a timed call is what
//                    a caller holding the EVP_PKEY does: create the EVP_PKEY_CTX /
//                    EVP_MD_CTX, init, operate, free (Tessera has no such rows).
#include "peers/openssl_hybrid.hpp"
#include "peers/openssl_support.hpp"
#include "registry.hpp"

#include <tessera/mlkem.hpp>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace tessera::bench {
namespace {

using namespace openssl_peer;  // kName, fail, Pkey, wrap, generate, has_key_type, raw_public/private, kem_*

constexpr std::size_t kBlockSizes[] = {1024, 16384};
constexpr std::size_t kMessageBytes = 32;
constexpr std::size_t kSeedBytes = 32;

std::vector<unsigned char> pattern(std::size_t n, unsigned char salt) {
  std::vector<unsigned char> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<unsigned char>(i * 131 + salt);
  return v;
}

std::vector<unsigned char> message() {
  std::vector<unsigned char> m(kMessageBytes);
  for (std::size_t i = 0; i < m.size(); ++i) m[i] = static_cast<unsigned char>(i * 7 + 1);
  return m;
}

// Public half through DER (SubjectPublicKeyInfo) or raw bytes, private half through DER
// (PKCS#8) or raw bytes: the keys the timed calls use come from serialized bytes.
Pkey reimport_public(EVP_PKEY* key, const char* raw_alg) {
  if (raw_alg) {
    const std::vector<unsigned char> raw = raw_public(key);
    if (raw.empty()) return nullptr;
    return wrap(EVP_PKEY_new_raw_public_key_ex(nullptr, raw_alg, nullptr, raw.data(), raw.size()));
  }
  unsigned char* der = nullptr;
  const int n = i2d_PUBKEY(key, &der);
  if (n <= 0) return nullptr;
  const unsigned char* p = der;
  EVP_PKEY* out = d2i_PUBKEY(nullptr, &p, n);
  OPENSSL_free(der);
  return wrap(out);
}

Pkey reimport_private(EVP_PKEY* key, const char* raw_alg) {
  if (raw_alg) {
    std::vector<unsigned char> raw = raw_private(key);
    if (raw.empty()) return nullptr;
    Pkey out = wrap(EVP_PKEY_new_raw_private_key_ex(nullptr, raw_alg, nullptr, raw.data(), raw.size()));
    OPENSSL_cleanse(raw.data(), raw.size());
    return out;
  }
  unsigned char* der = nullptr;
  const int n = i2d_PrivateKey(key, &der);
  if (n <= 0) return nullptr;
  const unsigned char* p = der;
  EVP_PKEY* out = d2i_AutoPrivateKey(nullptr, &p, n);
  OPENSSL_clear_free(der, static_cast<std::size_t>(n));
  return wrap(out);
}

// ---- hashes and XOFs -------------------------------------------------------------------

Case digest_case(const char* algorithm, const char* md_name, std::size_t block) {
  return peer_bytes_case(kName, algorithm, "hash", block, [md_name, block]() -> Op {
    EVP_MD* md = EVP_MD_fetch(nullptr, md_name, nullptr);
    if (!md) return fail("EVP_MD_fetch"), Op();
    auto msg = std::make_shared<std::vector<unsigned char>>(pattern(block, 1));
    auto mdp = std::shared_ptr<EVP_MD>(md, Free{});
    return [msg, mdp] {
      unsigned char out[EVP_MAX_MD_SIZE];
      unsigned int n = 0;
      EVP_Digest(msg->data(), msg->size(), out, &n, mdp.get(), nullptr);
      do_not_optimize(out);
    };
  }, "asm");
}

Case xof_case(const char* algorithm, const char* operation, std::size_t block) {
  const bool absorb = std::string(operation) == "absorb";
  return peer_bytes_case(kName, algorithm, operation, block, [algorithm, block, absorb]() -> Op {
    EVP_MD* md = EVP_MD_fetch(nullptr, algorithm, nullptr);
    EVP_MD_CTX* ctx = EVP_MD_CTX_new();
    if (!md || !ctx) return EVP_MD_free(md), EVP_MD_CTX_free(ctx), fail("EVP_MD_fetch"), Op();
    struct State {
      std::shared_ptr<EVP_MD> md;
      std::shared_ptr<EVP_MD_CTX> ctx;
      std::vector<unsigned char> in, out;
    };
    auto s = std::make_shared<State>(State{std::shared_ptr<EVP_MD>(md, Free{}),
                                           std::shared_ptr<EVP_MD_CTX>(ctx, Free{}),
                                           pattern(absorb ? block : kSeedBytes, 2),
                                           std::vector<unsigned char>(absorb ? kSeedBytes : block)});
    return [s] {
      EVP_DigestInit_ex(s->ctx.get(), s->md.get(), nullptr);
      EVP_DigestUpdate(s->ctx.get(), s->in.data(), s->in.size());
      EVP_DigestFinalXOF(s->ctx.get(), s->out.data(), s->out.size());
      do_not_optimize(s->out.data());
    };
  }, "asm", std::string(algorithm) + "-" + operation);
}

// ---- AEAD ------------------------------------------------------------------------------

Case aead_case(const char* algorithm, const char* cipher_name, std::size_t block) {
  return peer_bytes_case(kName, algorithm, "encrypt", block, [cipher_name, block]() -> Op {
    EVP_CIPHER* cipher = EVP_CIPHER_fetch(nullptr, cipher_name, nullptr);
    EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
    if (!cipher || !ctx) return EVP_CIPHER_free(cipher), EVP_CIPHER_CTX_free(ctx), fail("EVP_CIPHER_fetch"), Op();
    struct State {
      std::shared_ptr<EVP_CIPHER> cipher;
      std::shared_ptr<EVP_CIPHER_CTX> ctx;
      std::vector<unsigned char> key, nonce, in, out;
      unsigned char tag[16];
    };
    auto s = std::make_shared<State>(State{std::shared_ptr<EVP_CIPHER>(cipher, Free{}),
                                           std::shared_ptr<EVP_CIPHER_CTX>(ctx, Free{}),
                                           pattern(static_cast<std::size_t>(EVP_CIPHER_get_key_length(cipher)), 5),
                                           pattern(12, 6), pattern(block, 7), std::vector<unsigned char>(block), {}});
    // Key schedule once, outside the timed call (as Tessera's AEAD cases set the key in
    // prepare); each call sets the nonce and encrypts.
    if (EVP_EncryptInit_ex2(s->ctx.get(), s->cipher.get(), s->key.data(), nullptr, nullptr) != 1)
      return fail("EVP_EncryptInit_ex2"), Op();
    return [s] {
      int n = 0;
      EVP_EncryptInit_ex2(s->ctx.get(), nullptr, nullptr, s->nonce.data(), nullptr);
      EVP_EncryptUpdate(s->ctx.get(), s->out.data(), &n, s->in.data(), static_cast<int>(s->in.size()));
      EVP_EncryptFinal_ex(s->ctx.get(), s->out.data() + n, &n);
      EVP_CIPHER_CTX_ctrl(s->ctx.get(), EVP_CTRL_AEAD_GET_TAG, 16, s->tag);
      do_not_optimize(s->tag);
    };
  }, "asm");
}

// ---- key agreement ---------------------------------------------------------------------

// X25519 (raw keys) or ECDH P-256 (DER keys): key gen, and agree with a peer public key.
void add_agreement(std::vector<Case>& cases, const char* algorithm, const char* alg, const char* group,
                   int strength, const char* label, const char* accel) {
  const bool raw = group == nullptr;
  cases.push_back(peer_ops_case(kName, algorithm, "key gen", strength, [alg, group]() -> Op {
    return [alg, group] {
      EVP_PKEY* k = generate(alg, group);
      do_not_optimize(k);
      EVP_PKEY_free(k);
    };
  }, accel, label));
  cases.push_back(peer_ops_case(kName, algorithm, "agree", strength, [alg, group, raw]() -> Op {
    EVP_PKEY* a = generate(alg, group);
    EVP_PKEY* b = generate(alg, group);
    Pkey priv = a ? reimport_private(a, raw ? alg : nullptr) : nullptr;
    Pkey peer = b ? reimport_public(b, raw ? alg : nullptr) : nullptr;
    EVP_PKEY_free(a);
    EVP_PKEY_free(b);
    if (!priv || !peer) return fail("key setup"), Op();
    return [priv, peer] {
      unsigned char secret[512];  // FFDHE-4096's 512 bytes; X25519 / ECDH use the first 32-66
      std::size_t n = sizeof secret;
      EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_pkey(nullptr, priv.get(), nullptr);
      EVP_PKEY_derive_init(ctx);
      EVP_PKEY_derive_set_peer(ctx, peer.get());
      EVP_PKEY_derive(ctx, secret, &n);
      EVP_PKEY_CTX_free(ctx);
      do_not_optimize(secret);
    };
  }, accel, label));
}

// ---- signatures ------------------------------------------------------------------------

// ECDSA / RSA (PKCS#1 v1.5): sign / verify a 32-byte message with EVP_DigestSign/Verify and
// SHA-256, from EVP_PKEYs imported from DER once.
void add_signature(std::vector<Case>& cases, const char* algorithm, const char* alg, const char* group,
                   unsigned rsa_bits, int strength, const char* label, const char* accel,
                   const char* md_name = "SHA256", const char* sign_op = "sign", const char* verify_op = "verify") {
  const std::string msg_label = std::string(label) + " msg=" + std::to_string(kMessageBytes) + "B";
  struct Keys {
    Pkey priv, pub;
    std::vector<unsigned char> msg = message(), sig;
    std::vector<unsigned char> sig_out;  // EVP_PKEY_get_size bytes: a DER ECDSA signature varies in length
  };
  auto make_keys = [alg, group, rsa_bits, md_name]() -> std::shared_ptr<Keys> {
    EVP_PKEY* k = generate(alg, group, rsa_bits);
    if (!k) return fail("key generation"), nullptr;
    auto keys = std::make_shared<Keys>();
    keys->priv = reimport_private(k, nullptr);
    keys->pub = reimport_public(k, nullptr);
    EVP_PKEY_free(k);
    if (!keys->priv || !keys->pub) return fail("key import"), nullptr;
    EVP_MD_CTX* ctx = EVP_MD_CTX_new();
    std::size_t n = 0;
    bool ok = EVP_DigestSignInit_ex(ctx, nullptr, md_name, nullptr, nullptr, keys->priv.get(), nullptr) == 1 &&
              EVP_DigestSign(ctx, nullptr, &n, keys->msg.data(), keys->msg.size()) == 1;
    if (ok) {
      keys->sig.resize(n);
      ok = EVP_DigestSign(ctx, keys->sig.data(), &n, keys->msg.data(), keys->msg.size()) == 1;
      keys->sig.resize(n);
    }
    EVP_MD_CTX_free(ctx);
    if (!ok) return fail("signing"), nullptr;
    keys->sig_out.resize(static_cast<std::size_t>(EVP_PKEY_get_size(keys->priv.get())));
    return keys;
  };
  Case sign = peer_ops_case(kName, algorithm, sign_op, strength, [make_keys, md_name]() -> Op {
    auto keys = make_keys();
    if (!keys) return Op();
    return [keys, md_name] {
      // The largest signature fits: with the first signature's size, a longer DER
      // signature would make EVP_DigestSign fail fast and count as a (quick) operation.
      std::vector<unsigned char>& sig = keys->sig_out;
      std::size_t n = sig.size();
      EVP_MD_CTX* ctx = EVP_MD_CTX_new();
      EVP_DigestSignInit_ex(ctx, nullptr, md_name, nullptr, nullptr, keys->priv.get(), nullptr);
      if (EVP_DigestSign(ctx, sig.data(), &n, keys->msg.data(), keys->msg.size()) != 1) fail("EVP_DigestSign");
      EVP_MD_CTX_free(ctx);
      do_not_optimize(sig.data());
    };
  }, accel, msg_label);
  sign.message_bytes = kMessageBytes;
  cases.push_back(std::move(sign));
  Case verify = peer_ops_case(kName, algorithm, verify_op, strength, [make_keys, md_name]() -> Op {
    auto keys = make_keys();
    if (!keys) return Op();
    return [keys, md_name] {
      EVP_MD_CTX* ctx = EVP_MD_CTX_new();
      EVP_DigestVerifyInit_ex(ctx, nullptr, md_name, nullptr, nullptr, keys->pub.get(), nullptr);
      int ok = EVP_DigestVerify(ctx, keys->sig.data(), keys->sig.size(), keys->msg.data(), keys->msg.size());
      EVP_MD_CTX_free(ctx);
      do_not_optimize(&ok);
    };
  }, accel, msg_label);
  verify.message_bytes = kMessageBytes;
  cases.push_back(std::move(verify));
}

// ---- ML-DSA and ML-KEM (OpenSSL 3.5+) ---------------------------------------------------

Case keygen_case(const char* alg, int strength, const char* label) {
  return peer_ops_case(kName, alg, "key gen", strength, [alg]() -> Op {
    return [alg] {
      EVP_PKEY* k = generate(alg);
      do_not_optimize(k);
      EVP_PKEY_free(k);
    };
  }, "C", label);
}

// One-shot pure ML-DSA (empty context) with an imported key. sig holds the signature size
// on entry (its capacity) and the signature on success.
bool mldsa_sign(EVP_PKEY* key, const std::vector<unsigned char>& msg, std::vector<unsigned char>& sig) {
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  std::size_t n = sig.size();
  const bool ok = key && ctx && EVP_DigestSignInit_ex(ctx, nullptr, nullptr, nullptr, nullptr, key, nullptr) == 1 &&
                  EVP_DigestSign(ctx, sig.data(), &n, msg.data(), msg.size()) == 1;
  EVP_MD_CTX_free(ctx);
  if (ok) sig.resize(n);
  return ok;
}
bool mldsa_verify(EVP_PKEY* key, const std::vector<unsigned char>& msg, const std::vector<unsigned char>& sig) {
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  const bool ok = key && ctx && EVP_DigestVerifyInit_ex(ctx, nullptr, nullptr, nullptr, nullptr, key, nullptr) == 1 &&
                  EVP_DigestVerify(ctx, sig.data(), sig.size(), msg.data(), msg.size()) == 1;
  EVP_MD_CTX_free(ctx);
  return ok;
}

// Pure ML-DSA, empty context, 32-byte message. sign from the encoded sk bytes, verify from
// the pk bytes: each timed call imports the key (OpenSSL checks it there) and frees it.
void add_mldsa(std::vector<Case>& cases, const char* alg, int strength, const char* label) {
  const std::string msg_label = std::string(label) + " msg=" + std::to_string(kMessageBytes) + "B";
  cases.push_back(keygen_case(alg, strength, label));
  struct Keys {
    std::vector<unsigned char> pk, sk, msg = message(), sig = std::vector<unsigned char>(8192);
  };
  auto make_keys = [alg]() -> std::shared_ptr<Keys> {
    EVP_PKEY* k = generate(alg);
    if (!k) return fail("ML-DSA key generation"), nullptr;
    auto keys = std::make_shared<Keys>();
    keys->pk = raw_public(k);
    keys->sk = raw_private(k);
    EVP_PKEY_free(k);
    if (keys->pk.empty() || keys->sk.empty()) return fail("ML-DSA key export"), nullptr;
    // One signature from the imported sk, checked from the imported pk: the timed paths work.
    Pkey priv = wrap(EVP_PKEY_new_raw_private_key_ex(nullptr, alg, nullptr, keys->sk.data(), keys->sk.size()));
    Pkey pub = wrap(EVP_PKEY_new_raw_public_key_ex(nullptr, alg, nullptr, keys->pk.data(), keys->pk.size()));
    if (!mldsa_sign(priv.get(), keys->msg, keys->sig) || !mldsa_verify(pub.get(), keys->msg, keys->sig))
      return fail("ML-DSA import, sign and verify"), nullptr;
    return keys;
  };
  Case sign = peer_ops_case(kName, alg, "sign", strength, [make_keys, alg]() -> Op {
    auto keys = make_keys();
    if (!keys) return Op();
    return [keys, alg] {
      EVP_PKEY* key = EVP_PKEY_new_raw_private_key_ex(nullptr, alg, nullptr, keys->sk.data(), keys->sk.size());
      bool ok = mldsa_sign(key, keys->msg, keys->sig);  // same length every time: no reallocation
      EVP_PKEY_free(key);
      do_not_optimize(&ok);
    };
  }, "C", msg_label);
  sign.message_bytes = kMessageBytes;
  cases.push_back(std::move(sign));
  Case verify = peer_ops_case(kName, alg, "verify", strength, [make_keys, alg]() -> Op {
    auto keys = make_keys();
    if (!keys) return Op();
    return [keys, alg] {
      EVP_PKEY* key = EVP_PKEY_new_raw_public_key_ex(nullptr, alg, nullptr, keys->pk.data(), keys->pk.size());
      bool ok = mldsa_verify(key, keys->msg, keys->sig);
      EVP_PKEY_free(key);
      do_not_optimize(&ok);
    };
  }, "C", msg_label);
  verify.message_bytes = kMessageBytes;
  cases.push_back(std::move(verify));
}

// encap from the ek bytes, decap from the expanded dk bytes: each timed call imports the key
// (OpenSSL runs the FIPS 203 s7.2 / s7.3 checks there) and frees it.
void add_mlkem(std::vector<Case>& cases, const char* alg, int strength, const char* label,
               std::size_t ct_bytes) {
  cases.push_back(keygen_case(alg, strength, label));
  struct Keys {
    std::vector<unsigned char> ek, dk, ct, ss = std::vector<unsigned char>(32);
  };
  auto make_keys = [alg, ct_bytes]() -> std::shared_ptr<Keys> {
    EVP_PKEY* k = generate(alg);
    if (!k) return fail("ML-KEM key generation"), nullptr;
    auto keys = std::make_shared<Keys>();
    keys->ek = raw_public(k);
    keys->dk = raw_private(k);
    keys->ct.resize(ct_bytes);
    EVP_PKEY_free(k);
    if (keys->ek.empty() || keys->dk.empty()) return fail("ML-KEM key export"), nullptr;
    // One encapsulation from the imported ek, decapsulated with the imported dk.
    Pkey pub = wrap(EVP_PKEY_new_raw_public_key_ex(nullptr, alg, nullptr, keys->ek.data(), keys->ek.size()));
    Pkey priv = wrap(EVP_PKEY_new_raw_private_key_ex(nullptr, alg, nullptr, keys->dk.data(), keys->dk.size()));
    std::vector<unsigned char> ss2(keys->ss.size());
    if (!kem_encapsulate(pub.get(), keys->ct, keys->ss) || !kem_decapsulate(priv.get(), keys->ct, ss2) || ss2 != keys->ss)
      return fail("ML-KEM import, encapsulation and decapsulation"), nullptr;
    return keys;
  };
  cases.push_back(peer_ops_case(kName, alg, "encap", strength, [make_keys, alg]() -> Op {
    auto keys = make_keys();
    if (!keys) return Op();
    return [keys, alg] {
      // This case's own buffers (the decap case has its own key material).
      EVP_PKEY* key = EVP_PKEY_new_raw_public_key_ex(nullptr, alg, nullptr, keys->ek.data(), keys->ek.size());
      bool ok = kem_encapsulate(key, keys->ct, keys->ss);
      EVP_PKEY_free(key);
      do_not_optimize(&ok);
    };
  }, "C", label));
  cases.push_back(peer_ops_case(kName, alg, "decap (expanded dk)", strength, [make_keys, alg]() -> Op {
    auto keys = make_keys();
    if (!keys) return Op();
    return [keys, alg] {
      EVP_PKEY* key = EVP_PKEY_new_raw_private_key_ex(nullptr, alg, nullptr, keys->dk.data(), keys->dk.size());
      bool ok = kem_decapsulate(key, keys->ct, keys->ss);
      EVP_PKEY_free(key);
      do_not_optimize(&ok);
    };
  }, "C", label));
}

std::vector<Case> make_cases() {
  std::vector<Case> cases;
  for (const auto& [alg, strength, label, ct_bytes] :
       {std::tuple{"ML-KEM-512", 128, "ML-KEM 512", mlkem::MlKem512::ciphertext_bytes},
        {"ML-KEM-768", 192, "ML-KEM 768", mlkem::MlKem768::ciphertext_bytes},
        {"ML-KEM-1024", 256, "ML-KEM 1024", mlkem::MlKem1024::ciphertext_bytes}}) {
    if (has_key_type(alg)) add_mlkem(cases, alg, strength, label, ct_bytes);
  }
  add_hybrid_kems(cases);
  for (const auto& [alg, strength, label] :
       {std::tuple{"ML-DSA-44", 128, "ML-DSA 44"}, {"ML-DSA-65", 192, "ML-DSA 65"},
        {"ML-DSA-87", 256, "ML-DSA 87"}}) {
    if (has_key_type(alg)) add_mldsa(cases, alg, strength, label);
  }
  for (std::size_t block : kBlockSizes) {
    cases.push_back(digest_case("SHA3-224", "SHA3-224", block));
    cases.push_back(digest_case("SHA3-256", "SHA3-256", block));
    cases.push_back(digest_case("SHA3-384", "SHA3-384", block));
    cases.push_back(digest_case("SHA3-512", "SHA3-512", block));
    for (const char* op : {"absorb", "squeeze"}) {
      cases.push_back(xof_case("SHAKE128", op, block));
      cases.push_back(xof_case("SHAKE256", op, block));
    }
  }
  for (std::size_t block : kBlockSizes) {
    cases.push_back(digest_case("SHA-256", "SHA2-256", block));
    cases.push_back(digest_case("SHA-512", "SHA2-512", block));
  }
  for (std::size_t block : kBlockSizes) {
    cases.push_back(aead_case("AES-128-GCM", "AES-128-GCM", block));
    cases.push_back(aead_case("AES-256-GCM", "AES-256-GCM", block));
    cases.push_back(aead_case("ChaCha20-Poly1305", "ChaCha20-Poly1305", block));
  }
  // ---- X25519 (x25519 helper): key size column 256, as bench/cases/x25519.cpp ----
  add_agreement(cases, "X25519", "X25519", nullptr, 256, "X25519", "asm");
  // ---- end X25519 ----
  // ---- ECDH P-256 / P-384 (P-curve helper): wolfCrypt's labels, as bench/cases/ecc.cpp ----
  // OpenSSL 3.0 has assembly for P-256 (ecp_nistz256) and none for P-384.
  add_agreement(cases, "ECDH P-256", "EC", "P-256", 256, "ECDHE [      SECP256R1]", "asm");
  cases[cases.size() - 2].label = "ECC   [      SECP256R1]";  // the key gen row
  add_agreement(cases, "ECDH P-384", "EC", "P-384", 384, "ECDHE [      SECP384R1]", "portable C");
  cases[cases.size() - 2].label = "ECC   [      SECP384R1]";
  // ---- end ECDH P-256 / P-384 ----
  // ---- ECDSA P-256 / P-384 (ECDSA helper): wolfCrypt's labels, as bench/cases/ecdsa.cpp;
  // SHA-256 for P-256, SHA-384 for P-384, DER signatures of a 32-byte message ----
  add_signature(cases, "ECDSA P-256", "EC", "P-256", 0, 256, "ECDSA [      SECP256R1]", "asm");
  add_signature(cases, "ECDSA P-384", "EC", "P-384", 0, 384, "ECDSA [      SECP384R1]", "portable C", "SHA384");
  for (std::size_t i = cases.size() - 4; i < cases.size(); ++i)  // wolfCrypt's label, no "msg=32B"
    cases[i].label = cases[i].algorithm == "ECDSA P-256" ? "ECDSA [      SECP256R1]" : "ECDSA [      SECP384R1]";
  // ---- end ECDSA P-256 / P-384 ----
  // ---- RSA and FFDHE (issue 17): wolfCrypt's "RSA 2048 private / public" and "DH 2048
  // key gen / agree" rows, as bench/cases/rsa.cpp and bench/cases/dh.cpp: the private row
  // is a PKCS#1 v1.5 SHA-256 signature of a 32-byte message, the public row its
  // verification; key gen a fresh key each call (RSA: e = 65537) ----
  for (const auto& [algorithm, bits] : {std::pair{"RSA-2048", 2048u}, {"RSA-3072", 3072u}, {"RSA-4096", 4096u}}) {
    add_signature(cases, algorithm, "RSA", nullptr, bits, static_cast<int>(bits), "RSA", "asm", "SHA256", "private",
                  "public");
    for (std::size_t i = cases.size() - 2; i < cases.size(); ++i) cases[i].label = "RSA";
    const unsigned key_bits = bits;  // a structured binding cannot be captured before C++20 P1091 (clang 14)
    cases.push_back(peer_ops_case(kName, algorithm, "key gen", static_cast<int>(bits), [key_bits]() -> Op {
      return [key_bits] {
        EVP_PKEY* k = generate("RSA", nullptr, key_bits);
        do_not_optimize(k);
        EVP_PKEY_free(k);
      };
    }, "asm", "RSA"));
  }
  for (const auto& [algorithm, group, bits] :
       {std::tuple{"FFDHE-2048", "ffdhe2048", 2048}, {"FFDHE-3072", "ffdhe3072", 3072}, {"FFDHE-4096", "ffdhe4096", 4096}})
    add_agreement(cases, algorithm, "DH", group, bits, "DH", "asm");
  // ---- end RSA and FFDHE ----
  return cases;
}

// One libcrypto (path, or the default search): its cases, each of which switches the
// calling thread to that library before its setup and before every timed call (a thread-
// local pointer store: nanoseconds against the microseconds of a call).
PeerInstance load(const std::string& path) {
  std::string error;
  const Libcrypto* lib = load_libcrypto(path, error);
  if (lib == nullptr) return PeerInstance{.usable = false, .version = {}, .cases = {}, .problem = error};
  use_libcrypto(lib);
  PeerInstance inst{.usable = true, .version = OpenSSL_version(OPENSSL_VERSION), .cases = make_cases(), .problem = {}};
  for (Case& c : inst.cases) {
    c.prepare = [lib, prepare = std::move(c.prepare)]() -> Op {
      use_libcrypto(lib);
      Op op = prepare();
      if (!op) return op;
      return [lib, op = std::move(op)] {
        use_libcrypto(lib);
        op();
      };
    };
  }
  return inst;
}

const PeerRegistration kPeer{Peer{.name = kName, .version = {}, .cases = {}, .load = load}};

}  // namespace
}  // namespace tessera::bench
