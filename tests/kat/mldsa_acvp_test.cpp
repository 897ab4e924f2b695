// ML-DSA against the NIST ACVP vectors (FIPS 204): keyGen; sigGen in the FIPS204 and
// FIPS204-tr1 revisions (deterministic and hedged, internal and external interfaces,
// external mu, pure and pre-hash, seed and expanded keys); sigVer. Every case runs once per
// backend the host has, with every pre-hash of FIPS 204 Section 5.4 (SHA-2, SHA-3, SHAKE),
// through the key objects: keys are parsed with PublicKey::from_bytes /
// PrivateKey::from_bytes (the checked skEncode import) or made with from_seed.
#include <tessera/mldsa.hpp>

#include "mldsa/scheme.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/vectors.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <optional>
#include <string>

namespace {

using namespace tessera;
using mldsa::PreHash;
using test::Bytes;
using test::from_hex;
using test::to_hex;

template <class F>
void with_set(const std::string& name, F&& f) {
  if (name == "ML-DSA-44") return f.template operator()<MlDsa44>();
  if (name == "ML-DSA-65") return f.template operator()<MlDsa65>();
  if (name == "ML-DSA-87") return f.template operator()<MlDsa87>();
  ADD_FAILURE() << "unknown parameter set " << name;
}

// Both verification paths of Algorithm 8 from mu on (src/mldsa/scheme.hpp, streaming.hpp):
// the expanded one (the default build's) and the streaming one (TESSERA_SMALL_STACK's),
// whichever this build's verify takes, so every sigVer case checks both: bit 0 the expanded
// verdict, bit 1 the streaming one; ~0 when sig has the wrong length (the public API rejects
// it before either path runs).
template <class D>
struct SetOf;
template <class S>
struct SetOf<MlDsa<S>> {
  using type = S;
};
template <class D>
int verify_paths(const typename D::PublicKey& pk, std::span<const std::uint8_t> mu, const Bytes& sig) {
  using Scheme = mldsa::detail::Scheme<typename SetOf<D>::type>;
  if (mu.size() != 64 || sig.size() != D::signature_bytes) return ~0;
  return (Scheme::verify_mu_expanded(pk, mu.data(), sig.data()) ? 1 : 0) |
         (Scheme::verify_mu_streaming(pk, mu.data(), sig.data()) ? 2 : 0);
}

// Both signers of Algorithm 7 from mu on (src/mldsa/scheme.hpp, streaming.hpp): the expanded one (the
// default build's) and the streaming one (TESSERA_SMALL_STACK's), whichever this build's
// sign takes. Each signature in hex, the expanded signer's first; empty if it failed.
template <class D>
std::pair<std::string, std::string> sign_paths(const typename D::PrivateKey& sk, std::span<const std::uint8_t> mu,
                                               const Bytes& rnd) {
  using Scheme = mldsa::detail::Scheme<typename SetOf<D>::type>;
  Bytes a(D::signature_bytes), b(D::signature_bytes);
  const bool ok_a = Scheme::sign_mu_expanded(sk, mu.data(), rnd.data(), a.data());
  const bool ok_b = Scheme::sign_mu_streaming(sk, mu.data(), rnd.data(), b.data());
  return {ok_a ? to_hex(a) : std::string(), ok_b ? to_hex(b) : std::string()};
}

std::optional<PreHash> parse_hash(const std::string& s) {
  static const std::map<std::string, PreHash> m = {
      {"SHA2-224", PreHash::sha2_224},         {"SHA2-256", PreHash::sha2_256},
      {"SHA2-384", PreHash::sha2_384},         {"SHA2-512", PreHash::sha2_512},
      {"SHA2-512/224", PreHash::sha2_512_224}, {"SHA2-512/256", PreHash::sha2_512_256},
      {"SHA3-224", PreHash::sha3_224},         {"SHA3-256", PreHash::sha3_256},
      {"SHA3-384", PreHash::sha3_384},         {"SHA3-512", PreHash::sha3_512},
      {"SHAKE-128", PreHash::shake128},        {"SHAKE-256", PreHash::shake256}};
  auto it = m.find(s);
  if (it == m.end()) return std::nullopt;
  return it->second;
}

std::string str(const nlohmann::json& t, const char* key) {
  return t.contains(key) ? t[key].get<std::string>() : std::string();
}
Bytes bytes(const nlohmann::json& t, const char* key) { return from_hex(str(t, key)); }

// M' of Algorithms 2 and 4 built by the test (for hedged cases, signed through sign_internal).
Bytes message_prime(std::uint8_t domain, const Bytes& ctx, const Bytes& tail_a, const Bytes& tail_b = {}) {
  Bytes m(2 + ctx.size() + tail_a.size() + tail_b.size());
  m[0] = domain;
  m[1] = static_cast<std::uint8_t>(ctx.size());
  std::size_t o = 2;
  for (const Bytes* part : {&ctx, &tail_a, &tail_b})
    for (std::uint8_t b : *part) m[o++] = b;
  return m;
}

struct Counts {
  int ran = 0;
  int both_paths = 0;  // sigVer cases also run through verify_paths
};

class MlDsaAcvp : public test::PerBackend {};

TEST_P(MlDsaAcvp, KeyGen) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "ML-DSA-keyGen-FIPS204", "internalProjection.json");
  int count = 0;
  for (const auto& g : j["testGroups"]) {
    for (const auto& t : g["tests"]) {
      const int tc = t["tcId"].get<int>();
      with_set(g["parameterSet"].get<std::string>(), [&]<class D>() {
        const Bytes seed = bytes(t, "seed");
        auto kp = D::keygen_internal(seed);
        ASSERT_TRUE(kp) << "tcId " << tc;
        EXPECT_EQ(to_hex(kp->public_key.bytes()), str(t, "pk")) << "tcId " << tc;
        EXPECT_EQ(to_hex(kp->private_key.bytes().span()), str(t, "sk")) << "tcId " << tc;
        auto s = kp->private_key.seed();
        ASSERT_TRUE(s);
        EXPECT_EQ(to_hex(s->span()), str(t, "seed"));
        // Import/export round trips: the checked skEncode import gives the same public key.
        auto imported = D::PrivateKey::from_bytes(bytes(t, "sk"));
        ASSERT_TRUE(imported) << "tcId " << tc;
        EXPECT_EQ(to_hex(imported->bytes().span()), str(t, "sk"));
        EXPECT_EQ(to_hex(imported->public_key().bytes()), str(t, "pk")) << "tcId " << tc;
        EXPECT_FALSE(imported->has_seed());
        auto pk = D::PublicKey::from_bytes(bytes(t, "pk"));
        ASSERT_TRUE(pk) << "tcId " << tc;
        EXPECT_TRUE(*pk == kp->public_key);
        EXPECT_EQ(pk->tr(), kp->public_key.tr());
        ++count;
      });
    }
  }
  EXPECT_EQ(count, 75);
}

// Runs one sigGen vector set (prompt + expected results).
Counts run_siggen(const nlohmann::json& prompt, const nlohmann::json& expected) {
  std::map<int, std::string> want;
  for (const auto& g : expected["testGroups"])
    for (const auto& t : g["tests"]) want[t["tcId"].get<int>()] = t["signature"].get<std::string>();
  Counts c;
  for (const auto& g : prompt["testGroups"]) {
    const bool deterministic = g["deterministic"].get<bool>();
    const std::string iface = g["signatureInterface"].get<std::string>();
    const bool pre_hash = g.contains("preHash") && g["preHash"].get<std::string>() == "preHash";
    const bool external_mu = g.contains("externalMu") && g["externalMu"].get<bool>();
    const std::string format = g.contains("keyFormat") ? g["keyFormat"].get<std::string>() : "expanded";
    for (const auto& t : g["tests"]) {
      const int tc = t["tcId"].get<int>();
      with_set(g["parameterSet"].get<std::string>(), [&]<class D>() {
        std::optional<PreHash> ph;
        if (iface == "external" && pre_hash) {
          ph = parse_hash(str(t, "hashAlg"));
          ASSERT_TRUE(ph) << "tcId " << tc << " hash " << str(t, "hashAlg");
        }
        auto key = format == "seed" ? D::PrivateKey::from_seed(bytes(t, "seed"))
                                    : D::PrivateKey::from_bytes(bytes(t, "sk"));
        ASSERT_TRUE(key) << "tcId " << tc;
        const Bytes rnd = deterministic ? Bytes(32, 0) : bytes(t, "rnd");
        const Bytes msg = bytes(t, "message"), ctx = bytes(t, "context");
        const Context context(ctx);
        const std::string& expect = want.at(tc);
        const auto mode = mldsa::Signing::deterministic;
        if (iface == "internal") {
          auto sig = external_mu ? D::sign_internal_mu(*key, bytes(t, "mu"), rnd) : D::sign_internal(*key, msg, rnd);
          ASSERT_TRUE(sig) << "tcId " << tc;
          EXPECT_EQ(to_hex(*sig), expect) << "tcId " << tc;
          if (external_mu) {
            EXPECT_EQ(sign_paths<D>(*key, bytes(t, "mu"), rnd), std::pair(expect, expect)) << "tcId " << tc;
            ++c.both_paths;
          }
          if (deterministic && external_mu) {
            auto s2 = D::sign_mu(*key, bytes(t, "mu"), mode);
            ASSERT_TRUE(s2);
            EXPECT_EQ(to_hex(*s2), expect) << "tcId " << tc;
          }
        } else if (!pre_hash) {
          // Through M' and sign_internal (any rnd), through an external mu, and, when
          // deterministic, through the public sign().
          auto sig = D::sign_internal(*key, message_prime(0, ctx, msg), rnd);
          ASSERT_TRUE(sig) << "tcId " << tc;
          EXPECT_EQ(to_hex(*sig), expect) << "tcId " << tc;
          auto b = mldsa::MuBuilder::from_tr(key->public_key().tr(), context);
          ASSERT_TRUE(b);
          const std::size_t half = msg.size() / 2;
          b->update(std::span<const std::uint8_t>(msg).first(half));
          b->update(std::span<const std::uint8_t>(msg).subspan(half));
          const mldsa::Mu mu = b->final();
          auto s_mu = D::sign_internal_mu(*key, mu, rnd);
          ASSERT_TRUE(s_mu);
          EXPECT_EQ(to_hex(*s_mu), expect) << "tcId " << tc;
          EXPECT_EQ(sign_paths<D>(*key, mu, rnd), std::pair(expect, expect))
              << "tcId " << tc << " (expanded, streaming)";
          ++c.both_paths;
          if (deterministic) {
            auto s2 = D::sign(*key, msg, context, mode);
            ASSERT_TRUE(s2);
            EXPECT_EQ(to_hex(*s2), expect) << "tcId " << tc;
          }
        } else {
          Bytes digest(mldsa::prehash_digest_bytes(*ph));
          ASSERT_TRUE(mldsa::prehash(*ph, msg, digest));
          const auto oid = mldsa::prehash_oid(*ph);
          auto sig = D::sign_internal(*key, message_prime(1, ctx, Bytes(oid.begin(), oid.end()), digest), rnd);
          ASSERT_TRUE(sig) << "tcId " << tc;
          EXPECT_EQ(to_hex(*sig), expect) << "tcId " << tc;
          if (deterministic) {
            auto s2 = D::sign_prehash(*key, *ph, msg, context, mode);
            ASSERT_TRUE(s2);
            EXPECT_EQ(to_hex(*s2), expect) << "tcId " << tc;
            auto s3 = D::sign_digest(*key, *ph, digest, context, mode);
            ASSERT_TRUE(s3);
            EXPECT_EQ(to_hex(*s3), expect) << "tcId " << tc;
          }
        }
        ++c.ran;
      });
    }
  }
  return c;
}

TEST_P(MlDsaAcvp, SigGen) {
  TESSERA_LOAD_ACVP_OR_SKIP(p, "ML-DSA-sigGen-FIPS204", "prompt.json");
  TESSERA_LOAD_ACVP_OR_SKIP(e, "ML-DSA-sigGen-FIPS204", "expectedResults.json");
  const Counts c = run_siggen(p, e);
  std::cout << "[ ML-DSA ] sigGen FIPS204: " << c.ran << " ran, " << c.both_paths
            << " through both the expanded and the streaming signer\n";
  EXPECT_GT(c.ran, 0);
  EXPECT_EQ(c.ran, 360);
  EXPECT_EQ(c.both_paths, 180);  // the pure external and internal external-mu cases
}

TEST_P(MlDsaAcvp, SigGenTr1) {
  TESSERA_LOAD_ACVP_OR_SKIP(p, "ML-DSA-sigGen-FIPS204-tr1", "prompt.json");
  TESSERA_LOAD_ACVP_OR_SKIP(e, "ML-DSA-sigGen-FIPS204-tr1", "expectedResults.json");
  const Counts c = run_siggen(p, e);
  std::cout << "[ ML-DSA ] sigGen FIPS204-tr1: " << c.ran << " ran, " << c.both_paths
            << " through both the expanded and the streaming signer\n";
  EXPECT_GT(c.ran, 0);
  EXPECT_EQ(c.ran, 720);
  EXPECT_EQ(c.both_paths, 360);
}

Counts run_sigver(const nlohmann::json& j) {
  Counts c;
  for (const auto& g : j["testGroups"]) {
    const std::string iface = g["signatureInterface"].get<std::string>();
    const bool pre_hash = g.contains("preHash") && g["preHash"].get<std::string>() == "preHash";
    const bool external_mu = g.contains("externalMu") && g["externalMu"].get<bool>();
    for (const auto& t : g["tests"]) {
      const int tc = t["tcId"].get<int>();
      with_set(g["parameterSet"].get<std::string>(), [&]<class D>() {
        const Bytes pk_bytes = bytes(t, "pk"), sig = bytes(t, "signature"), msg = bytes(t, "message"),
                    ctx = bytes(t, "context");
        const Context context(ctx);
        const bool expect = t["testPassed"].get<bool>();
        bool got = false;
        // A public key that does not parse (a wrong length) rejects the signature: a pass
        // only where the vector expects rejection.
        auto pk_r = D::PublicKey::from_bytes(pk_bytes);
        if (!pk_r) {
          EXPECT_FALSE(expect) << "tcId " << tc << ": public key not parsed (" << error_message(pk_r.error()) << ")";
          ++c.ran;
          return;
        }
        const auto& pk = *pk_r;
        const int both = expect ? 3 : 0;
        if (iface == "internal") {
          got = external_mu ? D::verify_mu(pk, bytes(t, "mu"), sig) : D::verify_internal(pk, msg, sig);
          if (sig.size() == D::signature_bytes) {
            // mu = H(tr || M, 64) (Algorithm 8, step 7) for the internal interface's M.
            auto b = mldsa::MuBuilder::from_tr_raw(pk.tr());
            ASSERT_TRUE(b);
            b->update(msg);
            const auto computed = b->final();
            const Bytes mu = external_mu ? bytes(t, "mu") : Bytes(computed.begin(), computed.end());
            EXPECT_EQ(verify_paths<D>(pk, mu, sig), both) << "tcId " << tc << " (expanded | streaming)";
            ++c.both_paths;
          }
        } else if (!pre_hash) {
          got = D::verify(pk, msg, sig, context);
          auto b = D::mu_builder(pk, context);
          ASSERT_TRUE(b);
          b->update(msg);
          const auto mu = b->final();
          EXPECT_EQ(D::verify_mu(pk, mu, sig), expect) << "tcId " << tc;
          if (sig.size() == D::signature_bytes) {
            EXPECT_EQ(verify_paths<D>(pk, mu, sig), both) << "tcId " << tc << " (expanded | streaming)";
            ++c.both_paths;
          }
        } else {
          auto ph = parse_hash(str(t, "hashAlg"));
          ASSERT_TRUE(ph) << "tcId " << tc;
          got = D::verify_prehash(pk, *ph, msg, sig, context);
        }
        EXPECT_EQ(got, expect) << "tcId " << tc << " (" << str(t, "reason") << ")";
        ++c.ran;
      });
    }
  }
  return c;
}

TEST_P(MlDsaAcvp, SigVer) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "ML-DSA-sigVer-FIPS204", "internalProjection.json");
  const Counts c = run_sigver(j);
  std::cout << "[ ML-DSA ] sigVer: " << c.ran << " ran, " << c.both_paths
            << " through both the expanded and the streaming verification\n";
  EXPECT_GT(c.ran, 0);
  EXPECT_EQ(c.ran, 180);
  EXPECT_EQ(c.both_paths, 135);  // every case but the 45 HashML-DSA ones (mu built inside verify_prehash)
}

TESSERA_INSTANTIATE_PER_BACKEND(MlDsaAcvp);

}  // namespace
