// X25519 against the NIST ACVP XECDH vectors (RFC 7748 revision): SSC (shared secret from
// our private key and the server's public key, and our public key from our private key),
// keyGen (public key of the private key) and keyVer (which public keys are valid).
// Curve448 groups are reported as SKIPPED: X448 is not built.
//
// keyVer: a valid X25519 public key is any string of exactly 32 bytes (RFC 7748, Section 5:
// every u is accepted, bit 255 ignored, u >= p reduced); the vectors agree (a set top bit
// passes, 31 and 33 bytes fail). X25519::PublicKey::from_bytes implements exactly that.
#include <tessera/x25519.hpp>

#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/vectors.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace tessera;
using test::Bytes;
using test::from_hex;

Bytes bytes_of(std::span<const std::uint8_t> s) { return Bytes(s.begin(), s.end()); }

// Runs f(test) for each Curve25519 case; counts the Curve448 ones (X448Acvp reports them).
template <class F>
void for_each_case(const nlohmann::json& j, int& ran, int& skipped448, F&& f) {
  for (const auto& g : j["testGroups"]) {
    const std::string curve = g["curve"].get<std::string>();
    for (const auto& t : g["tests"]) {
      if (curve == "Curve448") {
        ++skipped448;
        continue;
      }
      ASSERT_EQ(curve, "Curve25519");
      f(t);
      ++ran;
    }
  }
}

// The Curve448 groups of each file, reported as SKIPPED with the reason.
void skip_448(const nlohmann::json& j) {
  int n = 0;
  for (const auto& g : j["testGroups"])
    if (g["curve"].get<std::string>() == "Curve448") n += static_cast<int>(g["tests"].size());
  GTEST_SKIP() << n << " Curve448 cases: X448 not built";
}

TEST(X25519Acvp, Ssc) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "XECDH-SSC-RFC7748", "internalProjection.json");
  int ran = 0, skipped = 0;
  for_each_case(j, ran, skipped, [](const nlohmann::json& t) {
    const int tc = t["tcId"].get<int>();
    auto sk = X25519::PrivateKey::from_bytes(from_hex(t["privateIut"].get<std::string>()));
    ASSERT_TRUE(sk) << "tcId " << tc;
    EXPECT_EQ(bytes_of(sk->public_key().bytes()), from_hex(t["publicIut"].get<std::string>())) << "tcId " << tc;
    auto peer = X25519::PublicKey::from_bytes(from_hex(t["publicServer"].get<std::string>()));
    ASSERT_TRUE(peer) << "tcId " << tc;
    auto z = X25519::agree(*sk, *peer);
    ASSERT_TRUE(z) << "tcId " << tc;
    EXPECT_EQ(bytes_of(z->span()), from_hex(t["z"].get<std::string>())) << "tcId " << tc;
    // The server's side: the same secret from its private key and our public key.
    auto server = X25519::PrivateKey::from_bytes(from_hex(t["privateServer"].get<std::string>()));
    ASSERT_TRUE(server) << "tcId " << tc;
    EXPECT_EQ(bytes_of(server->public_key().bytes()), from_hex(t["publicServer"].get<std::string>()));
    auto z2 = X25519::agree(*server, sk->public_key());
    ASSERT_TRUE(z2) << "tcId " << tc;
    EXPECT_EQ(bytes_of(z2->span()), from_hex(t["z"].get<std::string>())) << "tcId " << tc;
  });
  EXPECT_EQ(ran, 25);
  EXPECT_GT(skipped, 0);  // the Curve448 groups are counted by X448Acvp
}

TEST(X25519Acvp, KeyGen) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "XECDH-keyGen-RFC7748", "internalProjection.json");
  int ran = 0, skipped = 0;
  for_each_case(j, ran, skipped, [](const nlohmann::json& t) {
    const int tc = t["tcId"].get<int>();
    const Bytes k = from_hex(t["privateKey"].get<std::string>());
    auto kp = X25519::keygen_internal(k);
    ASSERT_TRUE(kp) << "tcId " << tc;
    EXPECT_EQ(bytes_of(kp->public_key.bytes()), from_hex(t["publicKey"].get<std::string>())) << "tcId " << tc;
    EXPECT_EQ(bytes_of(kp->private_key.bytes().span()), k) << "tcId " << tc;
  });
  EXPECT_EQ(ran, 10);
  EXPECT_GT(skipped, 0);  // the Curve448 groups are counted by X448Acvp
}

TEST(X25519Acvp, KeyVer) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "XECDH-keyVer-RFC7748", "internalProjection.json");
  int ran = 0, skipped = 0, valid = 0;
  for_each_case(j, ran, skipped, [&valid](const nlohmann::json& t) {
    const int tc = t["tcId"].get<int>();
    const bool want = t["testPassed"].get<bool>();
    auto pk = X25519::PublicKey::from_bytes(from_hex(t["publicKey"].get<std::string>()));
    EXPECT_EQ(pk.has_value(), want) << "tcId " << tc << " (" << t["reason"].get<std::string>() << ")";
    if (!pk) {
      EXPECT_EQ(pk.error(), Error::invalid_length) << "tcId " << tc;
      return;
    }
    ++valid;
    // A valid key is usable: agreement with the case's private key succeeds (none of the
    // vectors is a low-order point).
    auto sk = X25519::PrivateKey::from_bytes(from_hex(t["privateKey"].get<std::string>()));
    ASSERT_TRUE(sk) << "tcId " << tc;
    auto z = X25519::agree(*sk, *pk);
    EXPECT_TRUE(z) << "tcId " << tc;
  });
  EXPECT_EQ(ran, 16);
  EXPECT_EQ(valid, 8);
  EXPECT_GT(skipped, 0);  // the Curve448 groups are counted by X448Acvp
}

TEST(X448Acvp, Ssc) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "XECDH-SSC-RFC7748", "internalProjection.json");
  skip_448(j);
}
TEST(X448Acvp, KeyGen) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "XECDH-keyGen-RFC7748", "internalProjection.json");
  skip_448(j);
}
TEST(X448Acvp, KeyVer) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "XECDH-keyVer-RFC7748", "internalProjection.json");
  skip_448(j);
}

}  // namespace
