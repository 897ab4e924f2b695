// The RSA encodings against NIST ACVP vectors, with the RSA operation done by OpenSSL's BN
// (BN_mod_exp) so that only the encodings are under test:
//   RSA-SigVer-FIPS186-5: EM = s^e mod n; EMSA-PSS-VERIFY / EMSA-PKCS1-v1_5 must accept
//     exactly the cases with "testPassed": true (each false case is a modified message,
//     signature, key, trailer or IR position);
//   RSA-SigGen-FIPS186-5: EM = s^e mod n must equal our encoding of the message (with the
//     vector's salt for PSS), byte for byte;
//   KTS-IFC-Sp800-56Br2 (KTS-OAEP): EM = C^d mod n decodes to the transported key K.
// The PSS groups pair each hash with each mask function ("mgf1", "shake-128", "shake-256");
// MaskFunctionIsItsOwnParameter shows that the other reading fails.
#include <tessera/hash_id.hpp>

#include "rsa/eme_oaep.hpp"
#include "rsa/emsa_pkcs1_v15.hpp"
#include "rsa/emsa_pss.hpp"
#include "rsa/hash_select.hpp"
#include "support/hex.hpp"
#include "support/vectors.hpp"

#include <gtest/gtest.h>

#if TESSERA_TEST_HAVE_OPENSSL
#include <openssl/bn.h>
#endif

#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace tessera::test {
namespace {

#if TESSERA_TEST_HAVE_OPENSSL

using BnPtr = std::unique_ptr<BIGNUM, decltype(&BN_free)>;

BnPtr bn_hex(const std::string& hex) {
  BIGNUM* b = nullptr;
  EXPECT_GT(BN_hex2bn(&b, hex.c_str()), 0) << hex.substr(0, 16);
  return BnPtr(b, BN_free);
}

Bytes hex_field(const nlohmann::json& t, const char* name) {
  std::string h = t[name].get<std::string>();
  if (h.size() % 2) h = "0" + h;
  return from_hex(h);
}

// x^e mod n as a big-endian string of n's length; nullopt when x >= n (RSAVP1 and RSADP's
// "representative out of range", RFC 8017 5.2.2 step 1 and 5.1.2 step 1).
struct RsaKey {
  BnPtr n, e;
  std::size_t bits() const { return static_cast<std::size_t>(BN_num_bits(n.get())); }
  std::size_t bytes() const { return static_cast<std::size_t>(BN_num_bytes(n.get())); }
  std::optional<Bytes> power(const std::string& x_hex, const BIGNUM* exponent) const {
    BnPtr x = bn_hex(x_hex), r(BN_new(), BN_free);
    if (BN_cmp(x.get(), n.get()) >= 0) return std::nullopt;
    BN_CTX* ctx = BN_CTX_new();
    EXPECT_EQ(BN_mod_exp(r.get(), x.get(), exponent, n.get(), ctx), 1);
    BN_CTX_free(ctx);
    Bytes out(bytes());
    EXPECT_EQ(BN_bn2binpad(r.get(), out.data(), static_cast<int>(out.size())), static_cast<int>(out.size()));
    return out;
  }
};
RsaKey key_of(const nlohmann::json& g, const char* n = "n", const char* e = "e") {
  return RsaKey{bn_hex(g[n].get<std::string>()), bn_hex(g[e].get<std::string>())};
}

HashId hash_of(const nlohmann::json& g) {
  HashId h = HashId::sha256;
  EXPECT_TRUE(parse_hash_name(g["hashAlg"].get<std::string>(), h)) << g["hashAlg"];
  return h;
}
rsa::Mgf mgf_of(const nlohmann::json& g, HashId hash) {
  const std::string f = g["maskFunction"].get<std::string>();
  if (f == "shake-128") return rsa::shake_mgf(HashId::shake128);
  if (f == "shake-256") return rsa::shake_mgf(HashId::shake256);
  EXPECT_EQ(f, "mgf1");
  return rsa::mgf1_with(hash);
}
Bytes digest_of(HashId h, const Bytes& m) {
  Bytes d(digest_bytes(h));
  rsa::hash(h, m, d);
  return d;
}

// RFC 8017 8.1.2 steps 2.c-3: EM = I2OSP(m, emLen), emLen = ceil((modBits - 1) / 8), which is
// k - 1 when modBits - 1 is a multiple of 8 (the dropped byte must be zero).
std::optional<Bytes> pss_em(const RsaKey& key, const Bytes& m_k) {
  const std::size_t em_len = rsa::pss_em_bytes(key.bits() - 1);
  if (em_len == m_k.size()) return m_k;
  if (m_k[0] != 0) return std::nullopt;
  return Bytes(m_k.begin() + 1, m_k.end());
}

// EMSA-PSS-VERIFY or the EMSA-PKCS1-v1_5 comparison of a SigVer case, under `mgf`.
bool verifies(const nlohmann::json& g, const nlohmann::json& t, const RsaKey& key, rsa::Mgf mgf) {
  const HashId h = hash_of(g);
  const auto m = key.power(t["signature"].get<std::string>(), key.e.get());
  if (!m) return false;
  const Bytes d = digest_of(h, hex_field(t, "message"));
  if (g["sigType"] == "pkcs1v1.5") return rsa::emsa_pkcs1_v15_verify(h, d, *m);
  const auto em = pss_em(key, *m);
  return em && rsa::emsa_pss_verify(h, mgf, d, *em, key.bits() - 1, g["saltLen"].get<std::size_t>());
}

TEST(RsaPaddingAcvp, SigVer) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "RSA-SigVer-FIPS186-5", "internalProjection.json");
  std::map<std::string, int> rejected_by_reason;
  int accepted = 0, pss = 0, v15 = 0;
  for (const auto& g : j["testGroups"]) {
    const RsaKey key = key_of(g);
    const bool is_pss = g["sigType"] == "pss";
    ASSERT_TRUE(is_pss || g["sigType"] == "pkcs1v1.5") << g["sigType"];
    const HashId h = hash_of(g);
    const rsa::Mgf mgf = is_pss ? mgf_of(g, h) : rsa::mgf1_with(h);
    for (const auto& t : g["tests"]) {
      const bool ok = verifies(g, t, key, mgf);
      const bool want = t["testPassed"].get<bool>();
      const std::string reason = t.value("reason", std::string());
      EXPECT_EQ(ok, want) << "tgId " << g["tgId"] << " tcId " << t["tcId"] << " " << g["sigType"] << " "
                          << g["hashAlg"] << " " << g["maskFunction"] << ": " << reason;
      (is_pss ? pss : v15)++;
      if (ok) ++accepted; else ++rejected_by_reason[reason];
    }
  }
  std::printf("[ ACVP     ] RSA SigVer: %d PSS and %d PKCS#1 v1.5 cases, %d accepted;", pss, v15, accepted);
  for (const auto& [why, n] : rejected_by_reason) std::printf(" %d rejected (%s);", n, why.c_str());
  std::printf("\n");
  EXPECT_GT(pss, 0);
  EXPECT_GT(v15, 0);
}

// The other reading of FIPS 186-5 5.4 / RFC 8702 ("a SHAKE hash means the SHAKE MGF", or
// "maskFunction shake-* means MGF1") rejects the valid signatures: ACVP's maskFunction is a
// parameter of its own.
TEST(RsaPaddingAcvp, MaskFunctionIsItsOwnParameter) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "RSA-SigVer-FIPS186-5", "internalProjection.json");
  int mgf1_over_shake = 0, shake_mgf_other_hash = 0;
  for (const auto& g : j["testGroups"]) {
    if (g["sigType"] != "pss") continue;
    const RsaKey key = key_of(g);
    const HashId h = hash_of(g);
    const std::string f = g["maskFunction"].get<std::string>();
    for (const auto& t : g["tests"]) {
      if (!t["testPassed"].get<bool>()) continue;
      ASSERT_TRUE(verifies(g, t, key, mgf_of(g, h)));
      if (f == "mgf1" && rsa::is_xof(h)) {
        // MGF1 over SHAKE (at 256/512 bits), not SHAKE(mgfSeed, maskLen).
        EXPECT_FALSE(verifies(g, t, key, rsa::shake_mgf(h))) << "tcId " << t["tcId"];
        ++mgf1_over_shake;
      } else if (f != "mgf1" && !(f == "shake-128" && h == HashId::shake128) &&
                 !(f == "shake-256" && h == HashId::shake256)) {
        // The SHAKE MGF with a different hash: not MGF1 over the PSS hash.
        EXPECT_FALSE(verifies(g, t, key, rsa::mgf1_with(h))) << "tcId " << t["tcId"];
        ++shake_mgf_other_hash;
      }
    }
  }
  std::printf("[ ACVP     ] RSA-PSS mask function: %d valid MGF1-over-SHAKE and %d valid SHAKE-MGF-with-another-hash "
              "signatures, each rejected under the other reading\n", mgf1_over_shake, shake_mgf_other_hash);
  EXPECT_GT(mgf1_over_shake, 0);
  EXPECT_GT(shake_mgf_other_hash, 0);
}

TEST(RsaPaddingAcvp, SigGen) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "RSA-SigGen-FIPS186-5", "internalProjection.json");
  int pss = 0, v15 = 0, skipped = 0;
  for (const auto& g : j["testGroups"]) {
    if (!g.value("conformance", std::string()).empty()) {  // SP 800-106 randomized hashing
      skipped += static_cast<int>(g["tests"].size());
      continue;
    }
    const RsaKey key = key_of(g);
    const HashId h = hash_of(g);
    const bool is_pss = g["sigType"] == "pss";
    for (const auto& t : g["tests"]) {
      const auto m = key.power(t["signature"].get<std::string>(), key.e.get());
      ASSERT_TRUE(m) << "tcId " << t["tcId"];
      const Bytes d = digest_of(h, hex_field(t, "message"));
      if (is_pss) {
        const auto em = pss_em(key, *m);
        ASSERT_TRUE(em);
        const Bytes salt = hex_field(t, "salt");
        ASSERT_EQ(salt.size(), g["saltLen"].get<std::size_t>());
        Bytes mine(em->size());
        ASSERT_TRUE(rsa::emsa_pss_encode(h, mgf_of(g, h), d, salt, key.bits() - 1, mine));
        EXPECT_EQ(to_hex(mine), to_hex(*em)) << "tcId " << t["tcId"] << " " << g["hashAlg"] << " " << g["maskFunction"];
        ++pss;
      } else {
        Bytes mine(m->size());
        ASSERT_TRUE(rsa::emsa_pkcs1_v15_encode(h, d, mine));
        EXPECT_EQ(to_hex(mine), to_hex(*m)) << "tcId " << t["tcId"] << " " << g["hashAlg"];
        ++v15;
      }
    }
  }
  std::printf("[ ACVP     ] RSA SigGen: %d PSS and %d PKCS#1 v1.5 encodings equal the vectors' "
              "(%d SP 800-106 randomized-hashing cases not run)\n", pss, v15, skipped);
  EXPECT_GT(pss, 0);
  EXPECT_GT(v15, 0);
}

// SP 800-56B Rev. 2, 9.1 (KTS-OAEP): the label A is the associated data; the pattern
// "l||uPartyInfo||vPartyInfo||label" is l as 4 bytes, the identifiers of party U (the
// initiator) and party V, and the test's label.
std::optional<Bytes> kts_label(const nlohmann::json& g, const nlohmann::json& t) {
  const std::string pattern = g["ktsConfiguration"]["associatedDataPattern"].get<std::string>();
  if (pattern.empty()) return Bytes{};
  if (pattern != "l||uPartyInfo||vPartyInfo||label") return std::nullopt;
  const bool iut_initiator = g["kasRole"] == "initiator";
  const Bytes iut = hex_field(g, "iutId"), server = hex_field(g, "serverId");
  const auto l = g["l"].get<std::uint32_t>();
  Bytes a = {static_cast<std::uint8_t>(l >> 24), static_cast<std::uint8_t>(l >> 16), static_cast<std::uint8_t>(l >> 8),
             static_cast<std::uint8_t>(l)};
  const Bytes& u = iut_initiator ? iut : server;
  const Bytes& v = iut_initiator ? server : iut;
  a.insert(a.end(), u.begin(), u.end());
  a.insert(a.end(), v.begin(), v.end());
  if (t["ktsParameter"].contains("label")) {
    const Bytes lab = hex_field(t["ktsParameter"], "label");
    a.insert(a.end(), lab.begin(), lab.end());
  }
  return a;
}

TEST(RsaPaddingAcvp, KtsOaepDecoding) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "KTS-IFC-Sp800-56Br2", "internalProjection.json");
  std::map<std::string, int> by_hash;
  int skipped = 0;
  for (const auto& g : j["testGroups"]) {
    HashId h = HashId::sha256;
    ASSERT_TRUE(parse_hash_name(g["ktsConfiguration"]["hashAlg"].get<std::string>(), h));
    // The party holding the private key decrypts the other's ciphertext.
    const bool iut_initiator = g["kasRole"] == "initiator";
    const char* who = iut_initiator ? "server" : "iut";
    const char* sender = iut_initiator ? "iut" : "server";
    for (const auto& t : g["tests"]) {
      const auto label = kts_label(g, t);
      if (!label) {
        ++skipped;
        continue;
      }
      const RsaKey key = key_of(t, (std::string(who) + "N").c_str(), (std::string(who) + "E").c_str());
      const BnPtr d = bn_hex(t[std::string(who) + "D"].get<std::string>());
      const auto em = key.power(t[std::string(sender) + "C"].get<std::string>(), d.get());
      ASSERT_TRUE(em);
      Bytes out(em->size());
      const auto r = rsa::eme_oaep_decode(h, h, *label, *em, out);
      EXPECT_EQ(r.has_value(), t["testPassed"].get<bool>()) << "tcId " << t["tcId"];
      if (!r) continue;
      out.resize(*r);
      EXPECT_EQ(to_hex(out), to_hex(hex_field(t, (std::string(sender) + "K").c_str()))) << "tcId " << t["tcId"];
      ++by_hash[hash_name(h)];
    }
  }
  std::printf("[ ACVP     ] KTS-OAEP:");
  for (const auto& [name, n] : by_hash) std::printf(" %d %s;", n, name.c_str());
  std::printf(" decoded to the vectors' K (%d with another associated-data pattern not run)\n", skipped);
  EXPECT_FALSE(by_hash.empty());
}

#else

TEST(RsaPaddingAcvp, NeedsOpenSsl) { GTEST_SKIP() << "OpenSSL libcrypto not found: no BN_mod_exp to recover EM"; }

#endif

}  // namespace
}  // namespace tessera::test
