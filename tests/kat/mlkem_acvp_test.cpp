// ML-KEM against the NIST ACVP vectors (FIPS 203): keyGen, and encapDecap in both the
// FIPS203 and FIPS203-tr1 revisions (encapsulation, decapsulation of valid and modified
// ciphertexts with expanded and seed-form keys, encapsulation- and decapsulation-key checks).
// Every case runs once per backend the host has, and through both paths: the default one
// and the small-stack one (mlkem/streaming.hpp), whichever the public API of this build takes.
#include <tessera/mlkem.hpp>

#include "mlkem/kernels.hpp"
#include "mlkem/streaming.hpp"

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

// The small-stack paths of FIPS 203, Algorithms 16-18 (mlkem/streaming.hpp), on bytes, with
// the active backend's kernels: keygen's expanded dk, encapsulation's c || K, and
// decapsulation's K under the expanded dk = dk_pke || ek || H(ek) || z, all in hex.
template <const Params& P>
struct StreamingHex {
  using S = mlkem::detail::Streaming<P>;
  static std::string keygen(const Bytes& d, const Bytes& z) {
    Bytes dk(P.dk_bytes());
    std::uint8_t* ek = dk.data() + P.dk_pke_bytes();
    S::keygen(d.data(), ek, dk.data(), ek + P.ek_bytes(), mlkem::kernels());
    std::copy(z.begin(), z.end(), dk.end() - 32);
    return hex(dk);
  }
  static std::string encaps(const Bytes& ek, std::span<const std::uint8_t, 32> h, const Bytes& m) {
    Bytes c_k(P.ct_bytes() + 32);
    S::encaps(ek.data(), h.data(), m.data(), c_k.data(), c_k.data() + P.ct_bytes(), mlkem::kernels());
    return hex(c_k);
  }
  static std::string decaps(const Bytes& dk, const Bytes& c) {
    Bytes k(32);
    const std::uint8_t* ek = dk.data() + P.dk_pke_bytes();
    S::decaps(dk.data(), ek, ek + P.ek_bytes(), dk.data() + P.dk_bytes() - 32, c.data(), k.data(), mlkem::kernels());
    return hex(k);
  }
};

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
        EXPECT_EQ(hex(kp->public_key.bytes()), t["ek"].get<std::string>()) << "tcId " << tc;
        EXPECT_EQ(hex(kp->private_key.bytes().span()), t["dk"].get<std::string>()) << "tcId " << tc;
        EXPECT_EQ(StreamingHex<P>::keygen(d, z), t["dk"].get<std::string>()) << "tcId " << tc << " (streaming)";
        auto kp_seed = kp->private_key.seed();
        ASSERT_TRUE(kp_seed) << "tcId " << tc;
        EXPECT_EQ(hex(kp_seed->span()), hex(seed)) << "tcId " << tc;
        // The same key from the seed and from the expanded dk; the ek parses on its own.
        auto from_seed = Kem::DecapsulationKey::from_seed(seed);
        ASSERT_TRUE(from_seed) << "tcId " << tc;
        EXPECT_EQ(hex(from_seed->bytes().span()), t["dk"].get<std::string>()) << "tcId " << tc;
        EXPECT_EQ(hex(from_seed->public_key().bytes()), t["ek"].get<std::string>()) << "tcId " << tc;
        auto from_dk = Kem::DecapsulationKey::from_bytes(from_hex(t["dk"].get<std::string>()));
        ASSERT_TRUE(from_dk) << "tcId " << tc;
        EXPECT_EQ(hex(from_dk->public_key().bytes()), t["ek"].get<std::string>()) << "tcId " << tc;
        EXPECT_FALSE(from_dk->has_seed()) << "tcId " << tc;
        auto ek = Kem::EncapsulationKey::from_bytes(from_hex(t["ek"].get<std::string>()));
        ASSERT_TRUE(ek) << "tcId " << tc;
        EXPECT_EQ(hex(ek->hash()), hex(kp->public_key.hash())) << "tcId " << tc;
        ++count;
      });
    }
  }
  EXPECT_EQ(count, 75);
}

// Runs every group of an encapDecap file; returns the number of cases. `streamed` counts the
// decapsulation cases that also ran through the streaming path.
int run_encap_decap(const nlohmann::json& j, int& streamed) {
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
          auto key = Kem::EncapsulationKey::from_bytes(ek);
          ASSERT_TRUE(key) << "tcId " << tc;
          auto enc = Kem::encaps_internal(*key, m);
          ASSERT_TRUE(enc) << "tcId " << tc;
          EXPECT_EQ(hex(enc->ciphertext), t["c"].get<std::string>()) << "tcId " << tc;
          EXPECT_EQ(hex(enc->shared_secret.span()), t["k"].get<std::string>()) << "tcId " << tc;
          EXPECT_EQ(StreamingHex<P>::encaps(ek, key->hash(), m), t["c"].get<std::string>() + t["k"].get<std::string>())
              << "tcId " << tc << " (streaming)";
          // The shared secret decapsulates back with the expanded key.
          auto sk = Kem::DecapsulationKey::from_bytes(dk);
          ASSERT_TRUE(sk) << "tcId " << tc;
          auto k = Kem::decapsulate(*sk, enc->ciphertext);
          ASSERT_TRUE(k) << "tcId " << tc;
          EXPECT_EQ(hex(k->span()), t["k"].get<std::string>()) << "tcId " << tc;
        } else if (fn == "decapsulation") {
          const Bytes c = from_hex(t["c"].get<std::string>());
          const std::string want = t["k"].get<std::string>();
          if (format == "expanded" || format == "none") {
            auto sk = Kem::DecapsulationKey::from_bytes(dk);
            ASSERT_TRUE(sk) << "tcId " << tc;
            auto k = Kem::decapsulate(*sk, c);
            ASSERT_TRUE(k) << "tcId " << tc;
            EXPECT_EQ(hex(k->span()), want) << "tcId " << tc << " " << t["reason"];
            EXPECT_EQ(StreamingHex<P>::decaps(dk, c), want) << "tcId " << tc << " (streaming) " << t["reason"];
            ++streamed;
            auto once = Kem::decapsulate(std::span<const std::uint8_t>(dk), c);  // no key object
            ASSERT_TRUE(once) << "tcId " << tc;
            EXPECT_EQ(hex(once->span()), want) << "tcId " << tc << " (from the dk bytes) " << t["reason"];
          }
          if (t.contains("d")) {  // tr1: the seed form is given too, for both formats
            const Bytes seed = cat(from_hex(t["d"].get<std::string>()), from_hex(t["z"].get<std::string>()));
            auto sk = Kem::DecapsulationKey::from_seed(seed);
            ASSERT_TRUE(sk) << "tcId " << tc;
            EXPECT_EQ(hex(sk->bytes().span()), hex(dk)) << "tcId " << tc << ": seed and dk disagree";
            auto k = Kem::decapsulate(*sk, c);
            ASSERT_TRUE(k) << "tcId " << tc;
            EXPECT_EQ(hex(k->span()), want) << "tcId " << tc << " " << t["reason"];
          } else {
            EXPECT_NE(format, "seed") << "tcId " << tc << ": seed format without d, z";
          }
        } else if (fn == "encapsulationKeyCheck") {
          const bool pass = t["testPassed"].get<bool>();
          auto key = Kem::EncapsulationKey::from_bytes(ek);
          EXPECT_EQ(key.has_value(), pass) << "tcId " << tc << " " << t["reason"];
          if (!pass) {
            EXPECT_EQ(key.error(), Error::invalid_key) << "tcId " << tc;
          }
        } else if (fn == "decapsulationKeyCheck") {
          const bool pass = t["testPassed"].get<bool>();
          auto key = Kem::DecapsulationKey::from_bytes(dk);
          EXPECT_EQ(key.has_value(), pass) << "tcId " << tc << " " << t["reason"];
          // The one-shot decapsulation from the dk bytes runs the same checks.
          const Bytes c(Kem::ct_bytes, 0x5A);
          auto once = Kem::decapsulate(std::span<const std::uint8_t>(dk), c);
          EXPECT_EQ(once.has_value(), pass) << "tcId " << tc << " (from the dk bytes) " << t["reason"];
          if (!pass) {
            EXPECT_EQ(key.error(), Error::invalid_key) << "tcId " << tc;
            ASSERT_FALSE(once) << "tcId " << tc;
            EXPECT_EQ(once.error(), Error::invalid_key) << "tcId " << tc;
            EXPECT_STREQ(once.what(), key.what()) << "tcId " << tc;
          } else {
            ASSERT_TRUE(once) << "tcId " << tc;
            auto k = Kem::decapsulate(*key, c);
            ASSERT_TRUE(k) << "tcId " << tc;
            EXPECT_EQ(hex(once->span()), hex(k->span())) << "tcId " << tc;
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
  int streamed = 0;
  EXPECT_EQ(run_encap_decap(j, streamed), 165);
  EXPECT_GT(streamed, 0);
}

TEST_P(MlKemAcvp, EncapDecapTr1) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "ML-KEM-encapDecap-FIPS203-tr1", "internalProjection.json");
  int streamed = 0;
  EXPECT_EQ(run_encap_decap(j, streamed), 195);
  EXPECT_GT(streamed, 0);
}

TESSERA_INSTANTIATE_PER_BACKEND(MlKemAcvp);

}  // namespace
