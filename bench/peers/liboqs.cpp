// Peer adapter: liboqs (OQS_KEM / OQS_SIG), loaded at run time with dlopen: liboqs.so (the
// default search, or <TESSERA_PEER_LIBOQS>/lib/liboqs.so when the build was pointed at an
// install) or `--peer liboqs=PATH`, several in one run. Needs no liboqs headers: the few
// functions and the stable start of liboqs's OQS_KEM / OQS_SIG structs are declared here.
//
// Every timed call is bytes in, bytes out, as liboqs's API is: key gen = OQS_*_keypair;
// encap from the public-key bytes; decap from the secret-key bytes, which for ML-KEM are
// the expanded dk (Tessera's "decap (expanded dk)" row) and for FrodoKEM the encoded secret
// key (Tessera's FrodoKEM "decap" row); sign from the secret-key bytes and verify from the
// public-key bytes, over the same 32-byte message (pure ML-DSA, empty context). The
// "(key object)" and "decap (seed)" rows stay n/a. Algorithms the library lacks are left out.
//
// A KEM's row is decided at run time from what liboqs computes (peer_match.hpp): liboqs up
// to 0.15 names the unsalted FrodoKEM "FrodoKEM-640-AES" (ciphertext 9720 bytes), which is
// Tessera's eFrodoKEM-640-AES, and its label says so; 0.16 also has the salted one.
#include "cpu/features.hpp"
#include "peer_match.hpp"
#include "registry.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#if !defined(TESSERA_PEER_LIBOQS_DEFAULT)
#define TESSERA_PEER_LIBOQS_DEFAULT "liboqs.so"
#endif

namespace tessera::bench {
namespace {

constexpr const char* kName = "liboqs";
constexpr std::size_t kMessageBytes = 32;

// The start of liboqs's OQS_KEM and OQS_SIG (oqs/kem.h, oqs/sig.h): two strings, the NIST
// level, one to three bool flags (versions differ), then the sizes, which therefore begin at
// offset 24 in every version on LP64. Only these fields are read; the operations go through
// the exported OQS_KEM_keypair & co., never the structs' function pointers, whose place has
// moved between versions.
struct OqsKem {
  const char* method_name;
  const char* alg_version;
  std::uint8_t claimed_nist_level;
  bool ind_cca;
  std::size_t length_public_key, length_secret_key, length_ciphertext, length_shared_secret;
};
struct OqsSig {
  const char* method_name;
  const char* alg_version;
  std::uint8_t claimed_nist_level;
  bool euf_cma;
  std::size_t length_public_key, length_secret_key, length_signature;
};
static_assert(sizeof(void*) != 8 || offsetof(OqsKem, length_public_key) == 24);
static_assert(sizeof(void*) != 8 || offsetof(OqsSig, length_public_key) == 24);
constexpr int kOqsSuccess = 0;  // OQS_SUCCESS

// One loaded liboqs.
struct Liboqs {
  std::string path;
  void* handle = nullptr;
  void (*init)() = nullptr;
  const char* (*version)() = nullptr;
  int (*kem_alg_is_enabled)(const char*) = nullptr;
  OqsKem* (*kem_new)(const char*) = nullptr;
  void (*kem_free)(OqsKem*) = nullptr;
  int (*kem_keypair)(const OqsKem*, std::uint8_t*, std::uint8_t*) = nullptr;
  int (*kem_encaps)(const OqsKem*, std::uint8_t*, std::uint8_t*, const std::uint8_t*) = nullptr;
  int (*kem_decaps)(const OqsKem*, std::uint8_t*, const std::uint8_t*, const std::uint8_t*) = nullptr;
  int (*sig_alg_is_enabled)(const char*) = nullptr;
  OqsSig* (*sig_new)(const char*) = nullptr;
  void (*sig_free)(OqsSig*) = nullptr;
  int (*sig_keypair)(const OqsSig*, std::uint8_t*, std::uint8_t*) = nullptr;
  int (*sig_sign)(const OqsSig*, std::uint8_t*, std::size_t*, const std::uint8_t*, std::size_t,
                  const std::uint8_t*) = nullptr;
  int (*sig_verify)(const OqsSig*, const std::uint8_t*, std::size_t, const std::uint8_t*, std::size_t,
                    const std::uint8_t*) = nullptr;
  bool has(const std::string& symbol) const { return dlsym(handle, symbol.c_str()) != nullptr; }
};

template <class F>
bool resolve(void* handle, const char* name, F& f, std::string& error) {
  f = reinterpret_cast<F>(dlsym(handle, name));
  if (f == nullptr) error = std::string("no symbol ") + name + " (not liboqs)";
  return f != nullptr;
}

// dlopen and resolve, once per path; nullptr and the reason on failure. Never unloaded.
const Liboqs* load_liboqs(const std::string& path, std::string& error) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<Liboqs>> loaded;
  const std::string name = path.empty() ? TESSERA_PEER_LIBOQS_DEFAULT : path;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = loaded.find(name); it != loaded.end()) return it->second.get();
  void* handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = dlerror();
    error = why != nullptr ? why : "cannot load " + name;
    return nullptr;
  }
  auto lib = std::make_unique<Liboqs>();
  lib->path = name;
  lib->handle = handle;
  const bool ok = resolve(handle, "OQS_init", lib->init, error) && resolve(handle, "OQS_version", lib->version, error) &&
                  resolve(handle, "OQS_KEM_alg_is_enabled", lib->kem_alg_is_enabled, error) &&
                  resolve(handle, "OQS_KEM_new", lib->kem_new, error) && resolve(handle, "OQS_KEM_free", lib->kem_free, error) &&
                  resolve(handle, "OQS_KEM_keypair", lib->kem_keypair, error) &&
                  resolve(handle, "OQS_KEM_encaps", lib->kem_encaps, error) &&
                  resolve(handle, "OQS_KEM_decaps", lib->kem_decaps, error) &&
                  resolve(handle, "OQS_SIG_alg_is_enabled", lib->sig_alg_is_enabled, error) &&
                  resolve(handle, "OQS_SIG_new", lib->sig_new, error) && resolve(handle, "OQS_SIG_free", lib->sig_free, error) &&
                  resolve(handle, "OQS_SIG_keypair", lib->sig_keypair, error) &&
                  resolve(handle, "OQS_SIG_sign", lib->sig_sign, error) &&
                  resolve(handle, "OQS_SIG_verify", lib->sig_verify, error);
  if (!ok) {
    error = name + ": " + error;
    return nullptr;
  }
  lib->init();
  return loaded.emplace(name, std::move(lib)).first->second.get();
}

// The code path liboqs dispatches to, read off its exported symbols (liboqs 0.14+ builds
// ML-KEM from mlkem-native and ML-DSA from mldsa-native, whose per-backend functions are
// exported: ..._X86_64_keypair / ..._AARCH64_keypair beside ..._C_keypair): the x86-64
// code runs where the CPU has AVX2 (liboqs's run-time dispatch), the Arm code everywhere on
// aarch64. "unknown" for a library without those symbols (an older liboqs).
std::string native_path(const Liboqs& lib, const std::string& prefix) {
  if (lib.has(prefix + "_X86_64_keypair")) return cpu::features().avx2 ? "avx2" : "portable";
  if (lib.has(prefix + "_AARCH64_keypair")) return "neon";
  if (lib.has(prefix + "_C_keypair")) return "portable";
  return "unknown";
}
std::string kem_path(const Liboqs& lib, const std::string& alg) {
  if (alg.find("FrodoKEM") != std::string::npos) return "opt C";  // FrodoKEM and eFrodoKEM
  const std::string n = alg.substr(alg.rfind('-') + 1);           // ML-KEM-768 -> 768
  return native_path(lib, "PQCP_MLKEM_NATIVE_MLKEM" + n);
}
std::string sig_path(const Liboqs& lib, const std::string& alg) {
  const std::string n = alg.substr(alg.rfind('-') + 1);
  return native_path(lib, "PQCP_MLDSA_NATIVE_MLDSA" + n);
}

// Sizes a struct from liboqs may hold (a wrong struct layout would give nonsense).
bool plausible(std::size_t n) { return n > 0 && n <= (std::size_t{1} << 20); }

// A KEM object with its keys, ciphertext and secret, freed through its own library.
struct KemMaterial {
  const Liboqs* lib = nullptr;
  OqsKem* kem = nullptr;
  std::vector<std::uint8_t> pk, sk, ct, ss;
  ~KemMaterial() {
    if (kem != nullptr) lib->kem_free(kem);
  }
};

std::shared_ptr<KemMaterial> kem_material(const Liboqs* lib, const char* alg) {
  auto m = std::make_shared<KemMaterial>();
  m->lib = lib;
  m->kem = lib->kem_new(alg);
  if (m->kem == nullptr) return nullptr;
  if (!plausible(m->kem->length_public_key) || !plausible(m->kem->length_secret_key) ||
      !plausible(m->kem->length_ciphertext) || !plausible(m->kem->length_shared_secret)) {
    std::fprintf(stderr, "liboqs peer: %s: implausible sizes (an OQS_KEM layout this adapter does not know)\n", alg);
    return nullptr;
  }
  m->pk.resize(m->kem->length_public_key);
  m->sk.resize(m->kem->length_secret_key);
  m->ct.resize(m->kem->length_ciphertext);
  m->ss.resize(m->kem->length_shared_secret);
  if (lib->kem_keypair(m->kem, m->pk.data(), m->sk.data()) != kOqsSuccess ||
      lib->kem_encaps(m->kem, m->ct.data(), m->ss.data(), m->pk.data()) != kOqsSuccess) {
    std::fprintf(stderr, "liboqs peer: %s setup failed\n", alg);
    return nullptr;
  }
  return m;
}

// One KEM under one of liboqs's names. Its cases go on the row of the Tessera algorithm
// with the same ciphertext and shared-secret sizes; none (a variant Tessera lacks) or one
// already measured under another name: skipped, with a note on stderr.
void add_kem(const Liboqs* lib, std::vector<Case>& cases, std::vector<std::string>& taken, const char* alg,
             int strength, const char* label) {
  if (!lib->kem_alg_is_enabled(alg)) return;
  const auto probe = kem_material(lib, alg);
  if (!probe) return;
  const std::string tessera = tessera_kem_for(alg, probe->kem->length_ciphertext, probe->kem->length_shared_secret);
  if (tessera.empty()) {
    std::fprintf(stderr, "liboqs peer: %s (ciphertext %zu bytes, shared secret %zu) matches no Tessera KEM; skipped\n",
                 alg, probe->kem->length_ciphertext, probe->kem->length_shared_secret);
    return;
  }
  if (std::find(taken.begin(), taken.end(), tessera) != taken.end()) {
    std::fprintf(stderr, "liboqs peer: %s computes %s, already measured under another name; skipped\n", alg,
                 tessera.c_str());
    return;
  }
  taken.push_back(tessera);
  const std::string path = kem_path(*lib, alg);
  const std::string text = matched_label(label, kName, alg, tessera);
  // liboqs decapsulates from its secret-key bytes: ML-KEM's expanded dk, FrodoKEM's sk.
  const char* decap = tessera.find("FrodoKEM") != std::string::npos ? "decap" : "decap (expanded dk)";
  cases.push_back(peer_ops_case(kName, tessera, "key gen", strength, [lib, alg]() -> Op {
    auto m = kem_material(lib, alg);
    if (!m) return Op();
    return [m] {
      m->lib->kem_keypair(m->kem, m->pk.data(), m->sk.data());
      do_not_optimize(m->sk.data());
    };
  }, path, text));
  cases.push_back(peer_ops_case(kName, tessera, "encap", strength, [lib, alg]() -> Op {
    auto m = kem_material(lib, alg);
    if (!m) return Op();
    return [m] {
      m->lib->kem_encaps(m->kem, m->ct.data(), m->ss.data(), m->pk.data());
      do_not_optimize(m->ss.data());
    };
  }, path, text));
  cases.push_back(peer_ops_case(kName, tessera, decap, strength, [lib, alg]() -> Op {
    auto m = kem_material(lib, alg);
    if (!m) return Op();
    return [m] {
      m->lib->kem_decaps(m->kem, m->ss.data(), m->ct.data(), m->sk.data());
      do_not_optimize(m->ss.data());
    };
  }, path, text));
}

// A signature object with its keys, message and one signature, freed through its library.
struct SigMaterial {
  const Liboqs* lib = nullptr;
  OqsSig* sig = nullptr;
  std::vector<std::uint8_t> pk, sk, msg, signature;
  std::size_t signature_len = 0;
  ~SigMaterial() {
    if (sig != nullptr) lib->sig_free(sig);
  }
};

std::shared_ptr<SigMaterial> sig_material(const Liboqs* lib, const char* alg) {
  auto m = std::make_shared<SigMaterial>();
  m->lib = lib;
  m->sig = lib->sig_new(alg);
  if (m->sig == nullptr) return nullptr;
  if (!plausible(m->sig->length_public_key) || !plausible(m->sig->length_secret_key) ||
      !plausible(m->sig->length_signature)) {
    std::fprintf(stderr, "liboqs peer: %s: implausible sizes (an OQS_SIG layout this adapter does not know)\n", alg);
    return nullptr;
  }
  m->pk.resize(m->sig->length_public_key);
  m->sk.resize(m->sig->length_secret_key);
  m->signature.resize(m->sig->length_signature);
  m->msg.resize(kMessageBytes);
  for (std::size_t i = 0; i < m->msg.size(); ++i) m->msg[i] = static_cast<std::uint8_t>(i * 7 + 1);
  if (lib->sig_keypair(m->sig, m->pk.data(), m->sk.data()) != kOqsSuccess ||
      lib->sig_sign(m->sig, m->signature.data(), &m->signature_len, m->msg.data(), m->msg.size(), m->sk.data()) !=
          kOqsSuccess ||
      lib->sig_verify(m->sig, m->msg.data(), m->msg.size(), m->signature.data(), m->signature_len, m->pk.data()) !=
          kOqsSuccess) {
    std::fprintf(stderr, "liboqs peer: %s setup failed\n", alg);
    return nullptr;
  }
  return m;
}

void add_sig(const Liboqs* lib, std::vector<Case>& cases, const char* alg, int strength, const std::string& label) {
  if (!lib->sig_alg_is_enabled(alg)) return;
  const std::string path = sig_path(*lib, alg);
  const std::string msg_label = label + " msg=" + std::to_string(kMessageBytes) + "B";
  cases.push_back(peer_ops_case(kName, alg, "key gen", strength, [lib, alg]() -> Op {
    auto m = sig_material(lib, alg);
    if (!m) return Op();
    return [m] {
      m->lib->sig_keypair(m->sig, m->pk.data(), m->sk.data());
      do_not_optimize(m->sk.data());
    };
  }, path, label));
  Case sign = peer_ops_case(kName, alg, "sign", strength, [lib, alg]() -> Op {
    auto m = sig_material(lib, alg);
    if (!m) return Op();
    return [m] {
      std::size_t len = 0;
      m->lib->sig_sign(m->sig, m->signature.data(), &len, m->msg.data(), m->msg.size(), m->sk.data());
      do_not_optimize(m->signature.data());
    };
  }, path, msg_label);
  sign.message_bytes = kMessageBytes;
  cases.push_back(std::move(sign));
  Case verify = peer_ops_case(kName, alg, "verify", strength, [lib, alg]() -> Op {
    auto m = sig_material(lib, alg);
    if (!m) return Op();
    return [m] {
      const int ok = m->lib->sig_verify(m->sig, m->msg.data(), m->msg.size(), m->signature.data(), m->signature_len,
                                        m->pk.data());
      do_not_optimize(&ok);
    };
  }, path, msg_label);
  verify.message_bytes = kMessageBytes;
  cases.push_back(std::move(verify));
}

// liboqs's KEM names, both FrodoKEM namings included (see the top): each name the library
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

PeerInstance load(const std::string& path) {
  std::string error;
  const Liboqs* lib = load_liboqs(path, error);
  if (lib == nullptr) return PeerInstance{.usable = false, .version = {}, .cases = {}, .problem = error};
  std::vector<Case> cases;
  std::vector<std::string> taken;  // Tessera KEMs given a row so far
  for (const KemName& k : kMlKems) add_kem(lib, cases, taken, k.alg, k.strength, k.label);
  add_sig(lib, cases, "ML-DSA-44", 128, "ML-DSA 44");
  add_sig(lib, cases, "ML-DSA-65", 192, "ML-DSA 65");
  add_sig(lib, cases, "ML-DSA-87", 256, "ML-DSA 87");
  for (const KemName& k : kFrodoKems) add_kem(lib, cases, taken, k.alg, k.strength, k.label);
  return PeerInstance{.usable = true, .version = std::string("liboqs ") + lib->version(), .cases = std::move(cases),
                      .problem = {}};
}

const PeerRegistration kPeer{Peer{.name = kName, .version = {}, .cases = {}, .load = load}};

}  // namespace
}  // namespace tessera::bench
