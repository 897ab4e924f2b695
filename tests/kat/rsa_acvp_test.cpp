// RSA against the NIST ACVP vectors: RSA-SignaturePrimitive-2.0 (RSASP1) and
// RSA-DecryptionPrimitive-Sp800-56Br2 (RSADP, and RSAEP back), in both key forms the
// vectors use ("standard": n, e, d, p, q; "crt": with dP, dQ, qInv). Every case runs; the
// failing ones must be refused with Error::invalid_argument.
#include <tessera/rsa.hpp>

#include "support/hex.hpp"
#include "support/vectors.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace {

using namespace tessera;
using test::Bytes;
using test::from_hex;
using test::to_hex;

Bytes hex_field(const nlohmann::json& t, const char* name) {
  std::string h = t[name].get<std::string>();
  if (h.size() % 2) h = "0" + h;
  return from_hex(h);
}

// Left-pads (or strips leading zeros of) a big-endian value to k bytes.
Bytes fixed(Bytes b, std::size_t k) {
  while (b.size() > k && b.front() == 0) b.erase(b.begin());
  b.insert(b.begin(), k > b.size() ? k - b.size() : 0, 0);
  return b;
}

Result<rsa::PrivateKey> key_of(const nlohmann::json& t) {
  const Bytes n = hex_field(t, "n"), e = hex_field(t, "e"), d = hex_field(t, "d");
  const Bytes p = hex_field(t, "p"), q = hex_field(t, "q");
  if (t.value("dmp1", std::string()).empty()) return rsa::PrivateKey::from_components(n, e, d, p, q);
  return rsa::PrivateKey::from_components(n, e, d, p, q, hex_field(t, "dmp1"), hex_field(t, "dmq1"),
                                          hex_field(t, "iqmp"));
}

TEST(RsaAcvp, SignaturePrimitive) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "RSA-SignaturePrimitive-2.0", "internalProjection.json");
  int run = 0, refused = 0;
  for (const auto& g : j["testGroups"]) {
    for (const auto& t : g["tests"]) {
      const int tc = t["tcId"].get<int>();
      auto sk = key_of(t);
      ASSERT_TRUE(sk) << "tcId " << tc << ": " << sk.what();
      const std::size_t k = sk->public_key().modulus_bytes();
      ASSERT_EQ(k * 8, g["modulo"].get<std::size_t>()) << "tcId " << tc;
      const Bytes m = fixed(hex_field(t, "message"), k);
      auto s = rsa::rsasp1(*sk, m);
      ++run;
      if (!t["testPassed"].get<bool>()) {
        ASSERT_FALSE(s) << "tcId " << tc;
        EXPECT_EQ(s.error(), Error::invalid_argument) << "tcId " << tc;
        ++refused;
        continue;
      }
      ASSERT_TRUE(s) << "tcId " << tc << ": " << s.what();
      EXPECT_EQ(to_hex(s->bytes()), to_hex(fixed(hex_field(t, "signature"), k))) << "tcId " << tc;
      auto back = rsa::rsavp1(sk->public_key(), s->bytes());
      ASSERT_TRUE(back);
      EXPECT_EQ(to_hex(back->bytes()), to_hex(m)) << "tcId " << tc;
    }
  }
  std::printf("[ ACVP     ] RSA SignaturePrimitive: %d cases run (%d refused as expected)\n", run, refused);
  EXPECT_GT(run, 0);
}

TEST(RsaAcvp, DecryptionPrimitive) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "RSA-DecryptionPrimitive-Sp800-56Br2", "internalProjection.json");
  int run = 0, refused = 0;
  for (const auto& g : j["testGroups"]) {
    for (const auto& t : g["tests"]) {
      const int tc = t["tcId"].get<int>();
      auto sk = key_of(t);
      ASSERT_TRUE(sk) << "tcId " << tc << ": " << sk.what();
      const std::size_t k = sk->public_key().modulus_bytes();
      ASSERT_EQ(k * 8, g["modulo"].get<std::size_t>()) << "tcId " << tc;
      const Bytes c = fixed(hex_field(t, "ct"), k);
      auto m = rsa::rsadp(*sk, c);
      ++run;
      if (!t["testPassed"].get<bool>()) {
        ASSERT_FALSE(m) << "tcId " << tc;
        EXPECT_EQ(m.error(), Error::invalid_argument) << "tcId " << tc;
        ++refused;
        continue;
      }
      ASSERT_TRUE(m) << "tcId " << tc << ": " << m.what();
      if (t.contains("pt")) {
        EXPECT_EQ(to_hex(m->bytes()), to_hex(fixed(hex_field(t, "pt"), k))) << "tcId " << tc;
      }
      auto back = rsa::rsaep(sk->public_key(), m->bytes());
      ASSERT_TRUE(back);
      EXPECT_EQ(to_hex(back->bytes()), to_hex(c)) << "tcId " << tc;
    }
  }
  std::printf("[ ACVP     ] RSA DecryptionPrimitive: %d cases run (%d refused as expected)\n", run, refused);
  EXPECT_GT(run, 0);
}

}  // namespace
