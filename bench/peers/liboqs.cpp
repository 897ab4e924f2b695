// Peer adapter: liboqs (OQS_KEM / OQS_SIG). Compiled only when bench/CMakeLists.txt finds
// an installed liboqs (-DTESSERA_PEER_LIBOQS=/path/to/liboqs/install or find_package(liboqs)).
//
// Every timed call is bytes in, bytes out, as liboqs's API is: key gen = OQS_*_keypair;
// encap from the public-key bytes; decap from the secret-key bytes, which for ML-KEM are
// the expanded dk (Tessera's "decap (expanded dk)" row) and for FrodoKEM the encoded secret
// key (Tessera's FrodoKEM "decap" row); sign from the secret-key bytes and verify from the
// public-key bytes, over the same 32-byte message (pure ML-DSA, empty context). The
// "(key object)" and "decap (seed)" rows stay n/a. Algorithms the build lacks are left out.
//
// A KEM's row is decided at run time from what liboqs computes (peer_match.hpp): liboqs up
// to 0.15 names the unsalted FrodoKEM "FrodoKEM-640-AES" (ciphertext 9720 bytes), which is
// Tessera's eFrodoKEM-640-AES, and its label says so; 0.16 also has the salted one.
#include "peer_match.hpp"
#include "registry.hpp"

#include <oqs/oqs.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace tessera::bench {
namespace {

constexpr const char* kName = "liboqs";
constexpr std::size_t kMessageBytes = 32;

// Distribution builds choose at run time (OQS_CPU_has_extension); other builds compile
// for the build machine (OQS_USE_AVX2_INSTRUCTIONS), and OQS_CPU_has_extension returns 0.
bool has_avx2() {
#if defined(OQS_DIST_BUILD)
  return OQS_CPU_has_extension(OQS_CPU_EXT_AVX2) != 0;
#elif defined(OQS_USE_AVX2_INSTRUCTIONS)
  return true;
#else
  return false;
#endif
}

// The code path liboqs dispatches to at run time: the x86-64 (AVX2) implementations when
// built and the CPU has AVX2, otherwise the portable reference/optimized C.
std::string kem_path(const std::string& alg) {
  bool x86 = false;
#if defined(OQS_ENABLE_KEM_ml_kem_512_x86_64)
  x86 = x86 || alg == "ML-KEM-512";
#endif
#if defined(OQS_ENABLE_KEM_ml_kem_768_x86_64)
  x86 = x86 || alg == "ML-KEM-768";
#endif
#if defined(OQS_ENABLE_KEM_ml_kem_1024_x86_64)
  x86 = x86 || alg == "ML-KEM-1024";
#endif
  if (alg.find("FrodoKEM") != std::string::npos) return "opt C";  // FrodoKEM and eFrodoKEM
  return x86 && has_avx2() ? "avx2" : "portable";
}

// The ML-DSA x86 implementation's macro: ..._avx2 up to liboqs 0.15, ..._x86_64 from 0.16.
std::string sig_path([[maybe_unused]] const std::string& alg) {  // unused without x86 ML-DSA
  bool x86 = false;
#if defined(OQS_ENABLE_SIG_ml_dsa_44_x86_64) || defined(OQS_ENABLE_SIG_ml_dsa_44_avx2)
  x86 = x86 || alg == "ML-DSA-44";
#endif
#if defined(OQS_ENABLE_SIG_ml_dsa_65_x86_64) || defined(OQS_ENABLE_SIG_ml_dsa_65_avx2)
  x86 = x86 || alg == "ML-DSA-65";
#endif
#if defined(OQS_ENABLE_SIG_ml_dsa_87_x86_64) || defined(OQS_ENABLE_SIG_ml_dsa_87_avx2)
  x86 = x86 || alg == "ML-DSA-87";
#endif
  return x86 && has_avx2() ? "avx2" : "portable";
}

struct KemDeleter {
  void operator()(OQS_KEM* k) const { OQS_KEM_free(k); }
};
struct SigDeleter {
  void operator()(OQS_SIG* s) const { OQS_SIG_free(s); }
};

struct KemMaterial {
  std::unique_ptr<OQS_KEM, KemDeleter> kem;
  std::vector<std::uint8_t> pk, sk, ct, ss;
};

std::shared_ptr<KemMaterial> kem_material(const char* alg) {
  auto m = std::make_shared<KemMaterial>();
  m->kem.reset(OQS_KEM_new(alg));
  if (!m->kem) return nullptr;
  m->pk.resize(m->kem->length_public_key);
  m->sk.resize(m->kem->length_secret_key);
  m->ct.resize(m->kem->length_ciphertext);
  m->ss.resize(m->kem->length_shared_secret);
  if (OQS_KEM_keypair(m->kem.get(), m->pk.data(), m->sk.data()) != OQS_SUCCESS ||
      OQS_KEM_encaps(m->kem.get(), m->ct.data(), m->ss.data(), m->pk.data()) != OQS_SUCCESS) {
    std::fprintf(stderr, "liboqs peer: %s setup failed\n", alg);
    return nullptr;
  }
  return m;
}

// One KEM under one of liboqs's names. Its cases go on the row of the Tessera algorithm
// with the same ciphertext and shared-secret sizes; none (a variant Tessera lacks) or one
// already measured under another name: skipped, with a note on stderr.
void add_kem(std::vector<Case>& cases, std::vector<std::string>& taken, const char* alg, int strength,
             const char* label) {
  if (!OQS_KEM_alg_is_enabled(alg)) return;
  const std::unique_ptr<OQS_KEM, KemDeleter> kem(OQS_KEM_new(alg));
  if (!kem) return;
  const std::string tessera = tessera_kem_for(alg, kem->length_ciphertext, kem->length_shared_secret);
  if (tessera.empty()) {
    std::fprintf(stderr, "liboqs peer: %s (ciphertext %zu bytes, shared secret %zu) matches no Tessera KEM; skipped\n",
                 alg, kem->length_ciphertext, kem->length_shared_secret);
    return;
  }
  if (std::find(taken.begin(), taken.end(), tessera) != taken.end()) {
    std::fprintf(stderr, "liboqs peer: %s computes %s, already measured under another name; skipped\n", alg,
                 tessera.c_str());
    return;
  }
  taken.push_back(tessera);
  const std::string path = kem_path(alg);
  const std::string text = matched_label(label, kName, alg, tessera);
  // liboqs decapsulates from its secret-key bytes: ML-KEM's expanded dk, FrodoKEM's sk.
  const char* decap = tessera.find("FrodoKEM") != std::string::npos ? "decap" : "decap (expanded dk)";
  cases.push_back(peer_ops_case(kName, tessera, "key gen", strength, [alg]() -> Op {
    auto m = kem_material(alg);
    if (!m) return Op();
    return [m] {
      OQS_KEM_keypair(m->kem.get(), m->pk.data(), m->sk.data());
      do_not_optimize(m->sk.data());
    };
  }, path, text));
  cases.push_back(peer_ops_case(kName, tessera, "encap", strength, [alg]() -> Op {
    auto m = kem_material(alg);
    if (!m) return Op();
    return [m] {
      OQS_KEM_encaps(m->kem.get(), m->ct.data(), m->ss.data(), m->pk.data());
      do_not_optimize(m->ss.data());
    };
  }, path, text));
  cases.push_back(peer_ops_case(kName, tessera, decap, strength, [alg]() -> Op {
    auto m = kem_material(alg);
    if (!m) return Op();
    return [m] {
      OQS_KEM_decaps(m->kem.get(), m->ss.data(), m->ct.data(), m->sk.data());
      do_not_optimize(m->ss.data());
    };
  }, path, text));
}

struct SigMaterial {
  std::unique_ptr<OQS_SIG, SigDeleter> sig;
  std::vector<std::uint8_t> pk, sk, msg, signature;
  std::size_t signature_len = 0;
};

std::shared_ptr<SigMaterial> sig_material(const char* alg) {
  auto m = std::make_shared<SigMaterial>();
  m->sig.reset(OQS_SIG_new(alg));
  if (!m->sig) return nullptr;
  m->pk.resize(m->sig->length_public_key);
  m->sk.resize(m->sig->length_secret_key);
  m->signature.resize(m->sig->length_signature);
  m->msg.resize(kMessageBytes);
  for (std::size_t i = 0; i < m->msg.size(); ++i) m->msg[i] = static_cast<std::uint8_t>(i * 7 + 1);
  if (OQS_SIG_keypair(m->sig.get(), m->pk.data(), m->sk.data()) != OQS_SUCCESS ||
      OQS_SIG_sign(m->sig.get(), m->signature.data(), &m->signature_len, m->msg.data(), m->msg.size(),
                   m->sk.data()) != OQS_SUCCESS ||
      OQS_SIG_verify(m->sig.get(), m->msg.data(), m->msg.size(), m->signature.data(), m->signature_len,
                     m->pk.data()) != OQS_SUCCESS) {
    std::fprintf(stderr, "liboqs peer: %s setup failed\n", alg);
    return nullptr;
  }
  return m;
}

void add_sig(std::vector<Case>& cases, const char* alg, int strength, const std::string& label) {
  if (!OQS_SIG_alg_is_enabled(alg)) return;
  const std::string path = sig_path(alg);
  const std::string msg_label = label + " msg=" + std::to_string(kMessageBytes) + "B";
  cases.push_back(peer_ops_case(kName, alg, "key gen", strength, [alg]() -> Op {
    auto m = sig_material(alg);
    if (!m) return Op();
    return [m] {
      OQS_SIG_keypair(m->sig.get(), m->pk.data(), m->sk.data());
      do_not_optimize(m->sk.data());
    };
  }, path, label));
  Case sign = peer_ops_case(kName, alg, "sign", strength, [alg]() -> Op {
    auto m = sig_material(alg);
    if (!m) return Op();
    return [m] {
      std::size_t len = 0;
      OQS_SIG_sign(m->sig.get(), m->signature.data(), &len, m->msg.data(), m->msg.size(), m->sk.data());
      do_not_optimize(m->signature.data());
    };
  }, path, msg_label);
  sign.message_bytes = kMessageBytes;
  cases.push_back(std::move(sign));
  Case verify = peer_ops_case(kName, alg, "verify", strength, [alg]() -> Op {
    auto m = sig_material(alg);
    if (!m) return Op();
    return [m] {
      OQS_STATUS ok = OQS_SIG_verify(m->sig.get(), m->msg.data(), m->msg.size(), m->signature.data(),
                                     m->signature_len, m->pk.data());
      do_not_optimize(&ok);
    };
  }, path, msg_label);
  verify.message_bytes = kMessageBytes;
  cases.push_back(std::move(verify));
}

// liboqs's KEM names, both FrodoKEM namings included (see the top): each name the build
// enables goes on the row its sizes match.
struct KemName {
  const char* alg;
  int strength;
  const char* label;
};
constexpr KemName kMlKems[] = {
    {"ML-KEM-512", 128, "ML-KEM 512"}, {"ML-KEM-768", 192, "ML-KEM 768"}, {"ML-KEM-1024", 256, "ML-KEM 1024"}};
constexpr KemName kFrodoKems[] = {
    {"FrodoKEM-640-AES", 128, "FrodoKEM 640-AES"},     {"FrodoKEM-640-SHAKE", 128, "FrodoKEM 640-SHAKE"},
    {"FrodoKEM-976-AES", 192, "FrodoKEM 976-AES"},     {"FrodoKEM-976-SHAKE", 192, "FrodoKEM 976-SHAKE"},
    {"FrodoKEM-1344-AES", 256, "FrodoKEM 1344-AES"},   {"FrodoKEM-1344-SHAKE", 256, "FrodoKEM 1344-SHAKE"},
    {"eFrodoKEM-640-AES", 128, "eFrodoKEM 640-AES"},   {"eFrodoKEM-640-SHAKE", 128, "eFrodoKEM 640-SHAKE"},
    {"eFrodoKEM-976-AES", 192, "eFrodoKEM 976-AES"},   {"eFrodoKEM-976-SHAKE", 192, "eFrodoKEM 976-SHAKE"},
    {"eFrodoKEM-1344-AES", 256, "eFrodoKEM 1344-AES"}, {"eFrodoKEM-1344-SHAKE", 256, "eFrodoKEM 1344-SHAKE"},
};

std::vector<Case> make_cases() {
  OQS_init();
  std::vector<Case> cases;
  std::vector<std::string> taken;  // Tessera KEMs given a row so far
  for (const KemName& k : kMlKems) add_kem(cases, taken, k.alg, k.strength, k.label);
  add_sig(cases, "ML-DSA-44", 128, "ML-DSA 44");
  add_sig(cases, "ML-DSA-65", 192, "ML-DSA 65");
  add_sig(cases, "ML-DSA-87", 256, "ML-DSA 87");
  for (const KemName& k : kFrodoKems) add_kem(cases, taken, k.alg, k.strength, k.label);
  return cases;
}

const PeerRegistration kPeer{Peer{
    .name = kName,
    .version = [] { return std::string("liboqs ") + OQS_version(); },
    .cases = make_cases,
}};

}  // namespace
}  // namespace tessera::bench
