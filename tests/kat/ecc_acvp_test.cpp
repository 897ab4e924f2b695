// P-256 / P-384 against the NIST ACVP vectors: KAS-ECC-CDH-Component (SP 800-56A r3,
// 5.7.1.2), KAS-ECC-SSC (the ephemeralUnified and staticUnified schemes, whose Z is one CDH
// value), ECDSA-KeyGen (d gives Q; the generation itself is random) and ECDSA-KeyVer
// (SP 800-56A r3 5.6.2.3.3 / FIPS 186-5). Cases for curves this build does not have are
// counted and reported as skipped ("curve not built"); a file with no P-256 / P-384 case
// at all SKIPs the test with that reason instead of passing.
#include <tessera/ec.hpp>

#include "support/hex.hpp"
#include "support/vectors.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace {

using namespace tessera;
using test::Bytes;
using test::from_hex;

// Runs f.template operator()<C>() for "P-256" / "P-384"; false for any other curve.
template <class F>
bool with_curve(const std::string& name, F&& f) {
  if (name == "P-256") { f.template operator()<ec::P256>(); return true; }
  if (name == "P-384") { f.template operator()<ec::P384>(); return true; }
  return false;
}

// A hex field of ACVP as exactly len bytes: left-padded with zeros; longer values (an
// out-of-range coordinate written with more digits) are returned as they are.
Bytes fixed(const nlohmann::json& v, std::size_t len) {
  Bytes b = from_hex(v.get<std::string>());
  if (b.size() < len) b.insert(b.begin(), len - b.size(), 0);
  return b;
}

struct Counts {
  int run = 0;
  int skipped = 0;
  void report(const char* what) const {
    std::printf("[ ACVP     ] %s: %d cases run, %d skipped (curve not built or scheme not provided)\n", what, run,
                skipped);
  }
};

#define TESSERA_SKIP_IF_NONE_RAN(counts, what)                                                              \
  do {                                                                                                      \
    (counts).report(what);                                                                                  \
    if ((counts).run == 0)                                                                                  \
      GTEST_SKIP() << what << ": no P-256 / P-384 case in this vector set (" << (counts).skipped           \
                   << " cases for other curves: curve not built)";                                        \
  } while (0)

// The CDH value from an IUT private key and a server public key, or nothing when the
// public key is invalid (a VAL case that must fail).
template <class C>
bool cdh(const nlohmann::json& t, const char* d_name, const char* qx_name, const char* qy_name, Bytes* z) {
  auto sk = ec::PrivateKey<C>::from_bytes(fixed(t[d_name], C::scalar_bytes));
  EXPECT_TRUE(sk.has_value()) << "tcId " << t["tcId"];
  if (!sk) return false;
  auto pk = ec::PublicKey<C>::from_coordinates(fixed(t[qx_name], C::field_bytes), fixed(t[qy_name], C::field_bytes));
  if (!pk) return false;
  auto shared = ec::Ecdh<C>::agree(*sk, *pk);
  if (!shared) return false;
  z->assign(shared->span().begin(), shared->span().end());
  return true;
}

TEST(EccAcvp, CdhComponent) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "KAS-ECC-CDH-Component-Sp800-56Ar3", "internalProjection.json");
  Counts counts;
  for (const auto& g : j["testGroups"]) {
    for (const auto& t : g["tests"]) {
      const bool known = with_curve(g["curve"].get<std::string>(), [&]<class C>() {
        ++counts.run;
        Bytes z;
        const bool ok = cdh<C>(t, "privateIut", "publicServerX", "publicServerY", &z);
        const bool want = t.value("testPassed", true);
        EXPECT_EQ(ok, want) << "tcId " << t["tcId"];
        if (ok && want) {
          EXPECT_EQ(z, fixed(t["z"], C::field_bytes)) << "tcId " << t["tcId"];
        }
        // The IUT's own public key is d G.
        auto sk = ec::PrivateKey<C>::from_bytes(fixed(t["privateIut"], C::scalar_bytes));
        ASSERT_TRUE(sk.has_value());
        EXPECT_EQ(Bytes(sk->public_key().x().begin(), sk->public_key().x().end()), fixed(t["publicIutX"], C::field_bytes));
        EXPECT_EQ(Bytes(sk->public_key().y().begin(), sk->public_key().y().end()), fixed(t["publicIutY"], C::field_bytes));
      });
      if (!known) ++counts.skipped;
    }
  }
  TESSERA_SKIP_IF_NONE_RAN(counts, "KAS-ECC-CDH-Component");
}

TEST(EccAcvp, SharedSecretComputation) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "KAS-ECC-SSC-Sp800-56Ar3", "internalProjection.json");
  Counts counts;
  for (const auto& g : j["testGroups"]) {
    const std::string scheme = g["scheme"].get<std::string>();
    // Only the schemes whose Z is a single CDH value: ephemeralUnified (Z from both
    // ephemeral keys) and staticUnified (from both static keys); MQV and the two-value
    // schemes are not provided.
    const char* prefix = scheme == "ephemeralUnified" ? "ephemeral" : scheme == "staticUnified" ? "static" : nullptr;
    for (const auto& t : g["tests"]) {
      if (prefix == nullptr || g.value("hashFunctionZ", "none") != "none") {
        ++counts.skipped;
        continue;
      }
      const std::string p(prefix);
      const bool known = with_curve(g["domainParameterGenerationMode"].get<std::string>(), [&]<class C>() {
        ++counts.run;
        Bytes z;
        const bool ok = cdh<C>(t, (p + "PrivateIut").c_str(), (p + "PublicServerX").c_str(), (p + "PublicServerY").c_str(), &z);
        const bool want = t.value("testPassed", true);
        // A VAL case fails either at validation or by a Z that differs from the one given.
        if (want) {
          ASSERT_TRUE(ok) << "tcId " << t["tcId"];
          EXPECT_EQ(z, fixed(t["z"], C::field_bytes)) << "tcId " << t["tcId"];
        } else {
          EXPECT_TRUE(!ok || z != fixed(t["z"], C::field_bytes)) << "tcId " << t["tcId"];
        }
      });
      if (!known) ++counts.skipped;
    }
  }
  TESSERA_SKIP_IF_NONE_RAN(counts, "KAS-ECC-SSC");
}

TEST(EccAcvp, EcdsaKeyGen) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "ECDSA-KeyGen-FIPS186-5", "internalProjection.json");
  Counts counts;
  for (const auto& g : j["testGroups"]) {
    for (const auto& t : g["tests"]) {
      const bool known = with_curve(g["curve"].get<std::string>(), [&]<class C>() {
        ++counts.run;
        // The vectors give d and Q; d must give Q (and be in [1, n-1]).
        auto sk = ec::PrivateKey<C>::from_bytes(fixed(t["d"], C::scalar_bytes));
        ASSERT_TRUE(sk.has_value()) << "tcId " << t["tcId"];
        const auto& q = sk->public_key();
        EXPECT_EQ(Bytes(q.x().begin(), q.x().end()), fixed(t["qx"], C::field_bytes)) << "tcId " << t["tcId"];
        EXPECT_EQ(Bytes(q.y().begin(), q.y().end()), fixed(t["qy"], C::field_bytes)) << "tcId " << t["tcId"];
        // "testing candidates" (FIPS 186-5 A.2.2): the candidate c = d - 1 gives d.
        if (g.value("secretGenerationMode", "") == "testing candidates") {
          Bytes c = fixed(t["d"], C::scalar_bytes);
          for (std::size_t i = c.size(); i-- > 0;) {
            if (c[i]-- != 0) break;  // c = d - 1 (d >= 1)
          }
          auto kp = ec::keygen_internal<C>(c);
          ASSERT_TRUE(kp.has_value()) << "tcId " << t["tcId"];
          EXPECT_TRUE(kp->public_key == q) << "tcId " << t["tcId"];
        }
      });
      if (!known) ++counts.skipped;
    }
  }
  TESSERA_SKIP_IF_NONE_RAN(counts, "ECDSA-KeyGen");
}

TEST(EccAcvp, EcdsaKeyVer) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "ECDSA-KeyVer-FIPS186-5", "internalProjection.json");
  Counts counts;
  for (const auto& g : j["testGroups"]) {
    for (const auto& t : g["tests"]) {
      const bool known = with_curve(g["curve"].get<std::string>(), [&]<class C>() {
        ++counts.run;
        const Bytes x = fixed(t["qx"], C::field_bytes), y = fixed(t["qy"], C::field_bytes);
        const bool want = t["testPassed"].get<bool>();
        auto pk = ec::PublicKey<C>::from_coordinates(x, y);
        EXPECT_EQ(pk.has_value(), want) << "tcId " << t["tcId"] << " (" << t["reason"] << ")";
        // The same through SEC1 when the coordinates fit their fixed length.
        if (x.size() == C::field_bytes && y.size() == C::field_bytes) {
          Bytes sec1{0x04};
          sec1.insert(sec1.end(), x.begin(), x.end());
          sec1.insert(sec1.end(), y.begin(), y.end());
          auto pk2 = ec::PublicKey<C>::from_bytes(sec1);
          EXPECT_EQ(pk2.has_value(), want) << "tcId " << t["tcId"];
          if (!want && !pk2) {
            const std::string reason = t["reason"].get<std::string>();
            if (reason == "point not on curve") {
              EXPECT_EQ(pk2.error(), Error::invalid_key) << "tcId " << t["tcId"];
            }
            if (reason == "x or y out of range") {
              EXPECT_EQ(pk2.error(), Error::invalid_encoding) << "tcId " << t["tcId"];
            }
          }
        }
      });
      if (!known) ++counts.skipped;
    }
  }
  TESSERA_SKIP_IF_NONE_RAN(counts, "ECDSA-KeyVer");
}

}  // namespace
