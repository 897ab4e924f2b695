// NIST ACVP AES-GCM vectors (ACVP-AES-GCM-1.0: encrypt and decrypt, including tags that
// must fail, 96- and 120-bit IVs, 32- and 128-bit tags), run once per backend through the
// general GCM (any IV and tag length); the public API only takes 96-bit nonces.
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/vectors.hpp"
#include "symmetric/gcm.hpp"

#include "common/secret.hpp"

#include <gtest/gtest.h>

#include <string>

namespace tessera::test {
namespace {

class AesGcmAcvp : public PerBackend {};

std::size_t as_size(const nlohmann::json& v) {
  return v.is_string() ? std::stoull(v.get<std::string>()) : v.get<std::size_t>();
}

TEST_P(AesGcmAcvp, EncryptAndDecrypt) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "ACVP-AES-GCM-1.0", "internalProjection.json");
  std::size_t encrypted = 0, decrypted = 0, rejected = 0;
  for (const auto& g : j.at("testGroups")) {
    const std::string dir = g.at("direction");
    const std::size_t tag_bytes = as_size(g.at("tagLen")) / 8;
    ASSERT_EQ(as_size(g.at("payloadLen")) % 8, 0u);
    for (const auto& t : g.at("tests")) {
      const Bytes key = from_hex(t.at("key").get<std::string>());
      const Bytes iv = from_hex(t.at("iv").get<std::string>());
      const Bytes aad = from_hex(t.at("aad").get<std::string>());
      const Bytes tag = from_hex(t.at("tag").get<std::string>());
      ASSERT_EQ(tag.size(), tag_bytes);
      gcm::Context ctx;
      gcm::init(ctx, gcm::kernels(), key.data(), key.size());
      const std::string id = "tcId " + t.at("tcId").dump();
      if (dir == "encrypt") {
        const Bytes pt = from_hex(t.at("pt").get<std::string>());
        Bytes ct(pt.size()), got_tag(tag_bytes);
        gcm::seal(ctx, iv.data(), iv.size(), aad.data(), aad.size(), pt.data(), ct.data(), pt.size(),
                  got_tag.data(), tag_bytes);
        EXPECT_EQ(to_hex(ct), t.at("ct").get<std::string>()) << id;
        EXPECT_EQ(to_hex(got_tag), t.at("tag").get<std::string>()) << id;
        ++encrypted;
      } else {
        const Bytes ct = from_hex(t.at("ct").get<std::string>());
        Bytes pt(ct.size(), 0xAA);
        const bool ok = gcm::open(ctx, iv.data(), iv.size(), aad.data(), aad.size(), ct.data(),
                                  pt.data(), ct.size(), tag.data(), tag_bytes);
        const bool expected = t.at("testPassed").get<bool>();
        EXPECT_EQ(ok, expected) << id;
        if (expected) {
          EXPECT_EQ(to_hex(pt), t.at("pt").get<std::string>()) << id;
        } else {
          EXPECT_EQ(pt, Bytes(ct.size(), 0)) << id << ": output not wiped";
          ++rejected;
        }
        ++decrypted;
      }
      secure_zero_object(ctx);
    }
  }
  EXPECT_GT(encrypted, 0u);
  EXPECT_GT(decrypted, 0u);
  EXPECT_GT(rejected, 0u);
}

TESSERA_INSTANTIATE_PER_BACKEND(AesGcmAcvp);

}  // namespace
}  // namespace tessera::test
