// ML-KEM against the NIST ACVP vectors (FIPS 203): keyGen, and encapDecap in both the
// FIPS203 and FIPS203-tr1 revisions (encapsulation, decapsulation of valid and modified
// ciphertexts with expanded and seed-form keys, encapsulation- and decapsulation-key checks).
// Every case runs once per backend the host has.
#include <tessera/mlkem.hpp>

#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/vectors.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using namespace tessera;
using namespace tessera::mlkem;
using test::Bytes;
using test::from_hex;
using test::to_hex;

template <class F>
bool with_params(const std::string& name, F&& f) {
  if (name == "ML-KEM-512") { f.template operator()<kMlKem512>(); return true; }
  if (name == "ML-KEM-768") { f.template operator()<kMlKem768>(); return true; }
  if (name == "ML-KEM-1024") { f.template operator()<kMlKem1024>(); return true; }
  ADD_FAILURE() << "unknown parameter set " << name;
  return false;
}

std::string hex(std::span<const std::uint8_t> b) { return to_hex(b); }
Bytes cat(const Bytes& a, const Bytes& b) {
  Bytes r = a;
  r.insert(r.end(), b.begin(), b.end());
  return r;
}

class MlKemAcvp : public test::PerBackend {};

TEST_P(MlKemAcvp, KeyGen) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "ML-KEM-keyGen-FIPS203", "internalProjection.json");
  int count = 0;
  for (const auto& g : j["testGroups"]) {
    for (const auto& t : g["tests"]) {
      const int tc = t["tcId"].get<int>();
      with_params(g["parameterSet"].get<std::string>(), [&]<const Params& P>() {
        using Kem = mlkem::Kem<P>;
        const Bytes d = from_hex(t["d"].get<std::string>()), z = from_hex(t["z"].get<std::string>());
        const Bytes seed = cat(d, z);
        auto kp = Kem::keygen_internal(d, z);
        ASSERT_TRUE(kp) << "tcId " << tc;
        EXPECT_EQ(hex(kp->ek), t["ek"].get<std::string>()) << "tcId " << tc;
        EXPECT_EQ(hex(kp->seed.span()), hex(seed)) << "tcId " << tc;
        auto dk = Kem::expand_seed(seed);
        ASSERT_TRUE(dk) << "tcId " << tc;
        EXPECT_EQ(hex(dk->span()), t["dk"].get<std::string>()) << "tcId " << tc;
        auto ek = Kem::encapsulation_key(seed);
        ASSERT_TRUE(ek) << "tcId " << tc;
        EXPECT_EQ(hex(*ek), t["ek"].get<std::string>()) << "tcId " << tc;
        const Bytes dk_bytes = from_hex(t["dk"].get<std::string>());
        EXPECT_TRUE(Kem::check_key_consistency(seed, dk_bytes)) << "tcId " << tc;
        EXPECT_TRUE(Kem::check_decapsulation_key(dk_bytes)) << "tcId " << tc;
        EXPECT_TRUE(Kem::check_encapsulation_key(kp->ek)) << "tcId " << tc;
        ++count;
      });
    }
  }
  EXPECT_EQ(count, 75);
}

// Runs every group of an encapDecap file; returns the number of cases.
int run_encap_decap(const nlohmann::json& j) {
  int count = 0;
  for (const auto& g : j["testGroups"]) {
    const std::string fn = g["function"].get<std::string>();
    const std::string format = g.contains("keyFormat") ? g["keyFormat"].get<std::string>() : "expanded";
    for (const auto& t : g["tests"]) {
      const int tc = t["tcId"].get<int>();
      with_params(g["parameterSet"].get<std::string>(), [&]<const Params& P>() {
        using Kem = mlkem::Kem<P>;
        const Bytes ek = from_hex(t["ek"].get<std::string>());
        const Bytes dk = from_hex(t["dk"].get<std::string>());
        if (fn == "encapsulation") {
          const Bytes m = from_hex(t["m"].get<std::string>());
          auto enc = Kem::encaps_internal(ek, m);
          ASSERT_TRUE(enc) << "tcId " << tc;
          EXPECT_EQ(hex(enc->ct), t["c"].get<std::string>()) << "tcId " << tc;
          EXPECT_EQ(hex(enc->shared_secret.span()), t["k"].get<std::string>()) << "tcId " << tc;
          // The shared secret decapsulates back with the expanded key.
          auto k = Kem::decaps_expanded(dk, enc->ct);
          ASSERT_TRUE(k) << "tcId " << tc;
          EXPECT_EQ(hex(k->span()), t["k"].get<std::string>()) << "tcId " << tc;
        } else if (fn == "decapsulation") {
          const Bytes c = from_hex(t["c"].get<std::string>());
          const std::string want = t["k"].get<std::string>();
          if (format == "expanded" || format == "none") {
            auto k = Kem::decaps_expanded(dk, c);
            ASSERT_TRUE(k) << "tcId " << tc;
            EXPECT_EQ(hex(k->span()), want) << "tcId " << tc << " " << t["reason"];
          }
          if (t.contains("d")) {  // tr1: the seed form is given too, for both formats
            const Bytes seed = cat(from_hex(t["d"].get<std::string>()), from_hex(t["z"].get<std::string>()));
            EXPECT_TRUE(Kem::check_key_consistency(seed, dk)) << "tcId " << tc;
            auto k = Kem::decaps(seed, c);
            ASSERT_TRUE(k) << "tcId " << tc;
            EXPECT_EQ(hex(k->span()), want) << "tcId " << tc << " " << t["reason"];
          } else {
            EXPECT_NE(format, "seed") << "tcId " << tc << ": seed format without d, z";
          }
        } else if (fn == "encapsulationKeyCheck") {
          const bool pass = t["testPassed"].get<bool>();
          auto r = Kem::check_encapsulation_key(ek);
          EXPECT_EQ(r.has_value(), pass) << "tcId " << tc << " " << t["reason"];
          Bytes m(32, 0x42);
          auto enc = Kem::encaps_internal(ek, m);
          EXPECT_EQ(enc.has_value(), pass) << "tcId " << tc;
          if (!pass) {
            EXPECT_EQ(r.error(), Error::invalid_key);
            EXPECT_EQ(enc.error(), Error::invalid_key);
          }
        } else if (fn == "decapsulationKeyCheck") {
          const bool pass = t["testPassed"].get<bool>();
          auto r = Kem::check_decapsulation_key(dk);
          EXPECT_EQ(r.has_value(), pass) << "tcId " << tc << " " << t["reason"];
          Bytes c(Kem::ct_bytes, 0x17);
          auto k = Kem::decaps_expanded(dk, c);
          EXPECT_EQ(k.has_value(), pass) << "tcId " << tc;
          if (!pass) {
            EXPECT_EQ(r.error(), Error::invalid_key);
            EXPECT_EQ(k.error(), Error::invalid_key);
          }
        } else {
          ADD_FAILURE() << "unknown function " << fn;
        }
        ++count;
      });
    }
  }
  return count;
}

TEST_P(MlKemAcvp, EncapDecap) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "ML-KEM-encapDecap-FIPS203", "internalProjection.json");
  EXPECT_EQ(run_encap_decap(j), 165);
}

TEST_P(MlKemAcvp, EncapDecapTr1) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "ML-KEM-encapDecap-FIPS203-tr1", "internalProjection.json");
  EXPECT_EQ(run_encap_decap(j), 195);
}

TESSERA_INSTANTIATE_PER_BACKEND(MlKemAcvp);

}  // namespace
