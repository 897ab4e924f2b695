// Peer adapter: wolfSSL's wolfCrypt API. Compiled only when bench/CMakeLists.txt finds an
// installed wolfSSL (-DTESSERA_PEER_WOLFSSL=/path/to/install or pkg-config wolfssl); each
// algorithm only when that build enables it (ML-KEM: --enable-mlkem, ML-DSA:
// --enable-dilithium, SHA-3, AES-GCM).
//
// Same operations as Tessera's cases. ML-KEM and ML-DSA: keys made once and encoded to
// bytes; a timed call is bytes in, bytes out, as Tessera's "encap", "decap (expanded dk)",
// "sign" and "verify" rows: init a key object, decode the key bytes into it (ML-KEM: the
// public key for encap, the expanded private key for decap, hence the "decap (expanded dk)"
// row; ML-DSA: the private key for sign, the public key for verify), operate, free. The
// "(key object)" and "decap (seed)" rows stay n/a. Signatures over the same 32-byte message
// with an empty context; hashes and AEAD on the same 1 KiB / 16 KiB blocks.
#include "registry.hpp"

#include <wolfssl/options.h>
#include <wolfssl/version.h>
#include <wolfssl/wolfcrypt/settings.h>
#include <wolfssl/wolfcrypt/random.h>
#include <wolfssl/wolfcrypt/sha256.h>
#if defined(WOLFSSL_SHA3)
#include <wolfssl/wolfcrypt/sha3.h>
#endif
#if defined(HAVE_AESGCM)
#include <wolfssl/wolfcrypt/aes.h>
#endif
#if defined(WOLFSSL_HAVE_MLKEM) && __has_include(<wolfssl/wolfcrypt/wc_mlkem.h>)
#include <wolfssl/wolfcrypt/mlkem.h>
#include <wolfssl/wolfcrypt/wc_mlkem.h>
#define TESSERA_WOLFSSL_MLKEM 1
#endif
#if defined(HAVE_DILITHIUM)
#include <wolfssl/wolfcrypt/dilithium.h>
#endif

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace tessera::bench {
namespace {

constexpr const char* kName = "wolfssl";
constexpr std::size_t kBlockSizes[] = {1024, 16384};
constexpr std::size_t kMessageBytes = 32;

std::vector<byte> pattern(std::size_t n, unsigned salt) {
  std::vector<byte> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<byte>(i * 131 + salt);
  return v;
}

#if defined(USE_INTEL_SPEEDUP) || defined(WOLFSSL_X86_64_BUILD_ASM)
constexpr const char* kPath = "asm";
#else
constexpr const char* kPath = "C";
#endif

// One RNG per case, kept alive by the timed closure.
struct Rng {
  WC_RNG rng{};
  bool ok = false;
  Rng() { ok = wc_InitRng(&rng) == 0; }
  ~Rng() {
    if (ok) wc_FreeRng(&rng);
  }
  Rng(const Rng&) = delete;
  Rng& operator=(const Rng&) = delete;
};

Case sha256_case(std::size_t block) {
  return peer_bytes_case(kName, "SHA-256", "hash", block, [block]() -> Op {
    auto msg = std::make_shared<std::vector<byte>>(pattern(block, 1));
    return [msg] {
      byte out[WC_SHA256_DIGEST_SIZE];
      wc_Sha256Hash(msg->data(), static_cast<word32>(msg->size()), out);
      do_not_optimize(out);
    };
  }, kPath);
}

#if defined(WOLFSSL_SHA3)
Case sha3_256_case(std::size_t block) {
  return peer_bytes_case(kName, "SHA3-256", "hash", block, [block]() -> Op {
    auto msg = std::make_shared<std::vector<byte>>(pattern(block, 1));
    return [msg] {
      byte out[WC_SHA3_256_DIGEST_SIZE];
      wc_Sha3_256Hash(msg->data(), static_cast<word32>(msg->size()), out);
      do_not_optimize(out);
    };
  }, kPath);
}
#endif

#if defined(HAVE_AESGCM)
Case aes_gcm_case(std::size_t block) {
  return peer_bytes_case(kName, "AES-128-GCM", "encrypt", block, [block]() -> Op {
    struct State {
      Aes aes{};
      std::vector<byte> key = pattern(16, 5), nonce = pattern(12, 6), in, out;
      byte tag[16] = {};
    };
    auto s = std::make_shared<State>();
    s->in = pattern(block, 7);
    s->out.resize(block);
    if (wc_AesInit(&s->aes, nullptr, INVALID_DEVID) != 0 ||
        wc_AesGcmSetKey(&s->aes, s->key.data(), static_cast<word32>(s->key.size())) != 0)
      return Op();
    return [s] {  // key schedule untimed, as in Tessera's AEAD cases
      wc_AesGcmEncrypt(&s->aes, s->out.data(), s->in.data(), static_cast<word32>(s->in.size()), s->nonce.data(),
                       static_cast<word32>(s->nonce.size()), s->tag, sizeof s->tag, nullptr, 0);
      do_not_optimize(s->tag);
    };
  }, kPath);
}
#endif

#if defined(TESSERA_WOLFSSL_MLKEM)
struct KemState {
  Rng rng;
  int type = 0;
  MlKemKey key{};      // the full key pair (key gen)
  MlKemKey scratch{};  // what a timed call decodes the key bytes into
  std::vector<byte> pk, sk, ct;
  byte ss[WC_ML_KEM_SS_SZ] = {};
};

std::shared_ptr<KemState> kem_state(int type) {
  auto s = std::make_shared<KemState>();
  s->type = type;
  word32 pk_len = 0, sk_len = 0, ct_len = 0;
  if (!s->rng.ok || wc_MlKemKey_Init(&s->key, type, nullptr, INVALID_DEVID) != 0 ||
      wc_MlKemKey_MakeKey(&s->key, &s->rng.rng) != 0 || wc_MlKemKey_PublicKeySize(&s->key, &pk_len) != 0 ||
      wc_MlKemKey_PrivateKeySize(&s->key, &sk_len) != 0 || wc_MlKemKey_CipherTextSize(&s->key, &ct_len) != 0) {
    std::fprintf(stderr, "wolfssl peer: ML-KEM setup failed\n");
    return nullptr;
  }
  s->pk.resize(pk_len);
  s->sk.resize(sk_len);
  s->ct.resize(ct_len);
  bool ok = wc_MlKemKey_EncodePublicKey(&s->key, s->pk.data(), pk_len) == 0 &&
            wc_MlKemKey_EncodePrivateKey(&s->key, s->sk.data(), sk_len) == 0;
  // One encapsulation from the decoded public key, decapsulated with the decoded private key:
  // the timed paths work.
  byte ss[WC_ML_KEM_SS_SZ] = {};
  if (ok && wc_MlKemKey_Init(&s->scratch, type, nullptr, INVALID_DEVID) == 0) {
    ok = wc_MlKemKey_DecodePublicKey(&s->scratch, s->pk.data(), pk_len) == 0 &&
         wc_MlKemKey_Encapsulate(&s->scratch, s->ct.data(), ss, &s->rng.rng) == 0;
    wc_MlKemKey_Free(&s->scratch);
  } else {
    ok = false;
  }
  if (ok && wc_MlKemKey_Init(&s->scratch, type, nullptr, INVALID_DEVID) == 0) {
    ok = wc_MlKemKey_DecodePrivateKey(&s->scratch, s->sk.data(), sk_len) == 0 &&
         wc_MlKemKey_Decapsulate(&s->scratch, s->ss, s->ct.data(), ct_len) == 0 &&
         std::equal(s->ss, s->ss + sizeof s->ss, ss);
    wc_MlKemKey_Free(&s->scratch);
  } else {
    ok = false;
  }
  if (!ok) {
    std::fprintf(stderr, "wolfssl peer: ML-KEM key encoding or import failed\n");
    return nullptr;
  }
  return s;
}

void add_mlkem(std::vector<Case>& cases, const char* alg, int type, int strength, const char* label) {
  cases.push_back(peer_ops_case(kName, alg, "key gen", strength, [type]() -> Op {
    auto s = kem_state(type);
    if (!s) return Op();
    return [s] {
      wc_MlKemKey_MakeKey(&s->key, &s->rng.rng);
      do_not_optimize(&s->key);
    };
  }, kPath, label));
  cases.push_back(peer_ops_case(kName, alg, "encap", strength, [type]() -> Op {
    auto s = kem_state(type);
    if (!s) return Op();
    return [s] {
      wc_MlKemKey_Init(&s->scratch, s->type, nullptr, INVALID_DEVID);
      wc_MlKemKey_DecodePublicKey(&s->scratch, s->pk.data(), static_cast<word32>(s->pk.size()));
      wc_MlKemKey_Encapsulate(&s->scratch, s->ct.data(), s->ss, &s->rng.rng);
      wc_MlKemKey_Free(&s->scratch);
      do_not_optimize(s->ss);
    };
  }, kPath, label));
  cases.push_back(peer_ops_case(kName, alg, "decap (expanded dk)", strength, [type]() -> Op {
    auto s = kem_state(type);
    if (!s) return Op();
    return [s] {
      wc_MlKemKey_Init(&s->scratch, s->type, nullptr, INVALID_DEVID);
      wc_MlKemKey_DecodePrivateKey(&s->scratch, s->sk.data(), static_cast<word32>(s->sk.size()));
      wc_MlKemKey_Decapsulate(&s->scratch, s->ss, s->ct.data(), static_cast<word32>(s->ct.size()));
      wc_MlKemKey_Free(&s->scratch);
      do_not_optimize(s->ss);
    };
  }, kPath, label));
}
#endif

#if defined(HAVE_DILITHIUM)
struct SigState {
  Rng rng;
  byte level = 0;
  dilithium_key key{};      // key pair (key gen)
  dilithium_key scratch{};  // what a timed call imports the key bytes into
  std::vector<byte> pk, sk, msg = pattern(kMessageBytes, 0), sig;
  word32 sig_len = 0;
};

std::shared_ptr<SigState> sig_state(byte level) {
  auto s = std::make_shared<SigState>();
  s->level = level;
  for (std::size_t i = 0; i < s->msg.size(); ++i) s->msg[i] = static_cast<byte>(i * 7 + 1);
  s->pk.resize(8192);
  s->sk.resize(8192);
  s->sig.resize(8192);
  word32 pk_len = static_cast<word32>(s->pk.size()), sk_len = static_cast<word32>(s->sk.size());
  s->sig_len = static_cast<word32>(s->sig.size());
  int verified = 0;
  bool ok = s->rng.ok && wc_dilithium_init(&s->key) == 0 && wc_dilithium_set_level(&s->key, level) == 0 &&
            wc_dilithium_make_key(&s->key, &s->rng.rng) == 0 &&
            wc_dilithium_export_public(&s->key, s->pk.data(), &pk_len) == 0 &&
            wc_dilithium_export_private(&s->key, s->sk.data(), &sk_len) == 0;
  if (ok) {
    s->pk.resize(pk_len);
    s->sk.resize(sk_len);
  }
  // One signature from the imported private key, verified with the imported public key: the
  // timed paths work.
  if (ok && wc_dilithium_init(&s->scratch) == 0) {
    ok = wc_dilithium_set_level(&s->scratch, level) == 0 &&
         wc_dilithium_import_private(s->sk.data(), sk_len, &s->scratch) == 0 &&
         wc_dilithium_sign_ctx_msg(nullptr, 0, s->msg.data(), static_cast<word32>(s->msg.size()), s->sig.data(),
                                   &s->sig_len, &s->scratch, &s->rng.rng) == 0;
    wc_dilithium_free(&s->scratch);
  } else {
    ok = false;
  }
  if (ok && wc_dilithium_init(&s->scratch) == 0) {
    ok = wc_dilithium_set_level(&s->scratch, level) == 0 &&
         wc_dilithium_import_public(s->pk.data(), pk_len, &s->scratch) == 0 &&
         wc_dilithium_verify_ctx_msg(s->sig.data(), s->sig_len, nullptr, 0, s->msg.data(),
                                     static_cast<word32>(s->msg.size()), &verified, &s->scratch) == 0 &&
         verified == 1;
    wc_dilithium_free(&s->scratch);
  } else {
    ok = false;
  }
  if (!ok) {
    std::fprintf(stderr, "wolfssl peer: ML-DSA setup failed\n");
    return nullptr;
  }
  return s;
}

void add_mldsa(std::vector<Case>& cases, const char* alg, byte level, int strength, const std::string& label) {
  const std::string msg_label = label + " msg=" + std::to_string(kMessageBytes) + "B";
  cases.push_back(peer_ops_case(kName, alg, "key gen", strength, [level]() -> Op {
    auto s = sig_state(level);
    if (!s) return Op();
    return [s] {
      wc_dilithium_make_key(&s->key, &s->rng.rng);
      do_not_optimize(&s->key);
    };
  }, kPath, label));
  Case sign = peer_ops_case(kName, alg, "sign", strength, [level]() -> Op {
    auto s = sig_state(level);
    if (!s) return Op();
    return [s] {
      word32 len = static_cast<word32>(s->sig.size());
      wc_dilithium_init(&s->scratch);
      wc_dilithium_set_level(&s->scratch, s->level);
      wc_dilithium_import_private(s->sk.data(), static_cast<word32>(s->sk.size()), &s->scratch);
      wc_dilithium_sign_ctx_msg(nullptr, 0, s->msg.data(), static_cast<word32>(s->msg.size()), s->sig.data(), &len,
                                &s->scratch, &s->rng.rng);
      wc_dilithium_free(&s->scratch);
      do_not_optimize(s->sig.data());
    };
  }, kPath, msg_label);
  sign.message_bytes = kMessageBytes;
  cases.push_back(std::move(sign));
  Case verify = peer_ops_case(kName, alg, "verify", strength, [level]() -> Op {
    auto s = sig_state(level);
    if (!s) return Op();
    return [s] {
      int ok = 0;
      wc_dilithium_init(&s->scratch);
      wc_dilithium_set_level(&s->scratch, s->level);
      wc_dilithium_import_public(s->pk.data(), static_cast<word32>(s->pk.size()), &s->scratch);
      wc_dilithium_verify_ctx_msg(s->sig.data(), s->sig_len, nullptr, 0, s->msg.data(),
                                  static_cast<word32>(s->msg.size()), &ok, &s->scratch);
      wc_dilithium_free(&s->scratch);
      do_not_optimize(&ok);
    };
  }, kPath, msg_label);
  verify.message_bytes = kMessageBytes;
  cases.push_back(std::move(verify));
}
#endif

std::vector<Case> make_cases() {
  std::vector<Case> cases;
#if defined(TESSERA_WOLFSSL_MLKEM)
  add_mlkem(cases, "ML-KEM-512", WC_ML_KEM_512, 128, "ML-KEM 512");
  add_mlkem(cases, "ML-KEM-768", WC_ML_KEM_768, 192, "ML-KEM 768");
  add_mlkem(cases, "ML-KEM-1024", WC_ML_KEM_1024, 256, "ML-KEM 1024");
#endif
#if defined(HAVE_DILITHIUM)
  add_mldsa(cases, "ML-DSA-44", WC_ML_DSA_44, 128, "ML-DSA 44");
  add_mldsa(cases, "ML-DSA-65", WC_ML_DSA_65, 192, "ML-DSA 65");
  add_mldsa(cases, "ML-DSA-87", WC_ML_DSA_87, 256, "ML-DSA 87");
#endif
  for (std::size_t block : kBlockSizes) {
#if defined(WOLFSSL_SHA3)
    cases.push_back(sha3_256_case(block));
#endif
    cases.push_back(sha256_case(block));
#if defined(HAVE_AESGCM)
    cases.push_back(aes_gcm_case(block));
#endif
  }
  return cases;
}

const PeerRegistration kPeer{Peer{
    .name = kName,
    .version = [] { return std::string("wolfSSL ") + LIBWOLFSSL_VERSION_STRING; },
    .cases = make_cases,
}};

}  // namespace
}  // namespace tessera::bench
