// NIST ACVP AES-GCM vectors (ACVP-AES-GCM-1.0: encrypt and decrypt, including tags that
// must fail, 96- and 120-bit IVs, 32- and 128-bit tags), run once per backend, twice:
//  - through the public API (tessera::AesGcm, its tag length fixed by set_key): every case
//    whose tag length it offers (12..16 bytes) directly. The 32-bit-tag groups are not
//    offered (SP 800-38D, Appendix C): set_key must refuse that length, and their 120-bit
//    IVs still run through the public API, with 16-byte tags: the ciphertext must match and
//    the vector's tag must be the first bytes of the full tag (T = MSB_t(GCTR(J0, S)),
//    Algorithm 4 step 6; decrypt cases that must pass are checked the same way);
//  - through the general GCM of src/symmetric/gcm.hpp (any IV and tag length), every case.
#include <tessera/aead.hpp>

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

struct Vector {
  Bytes key, iv, aad, tag, pt, ct;
  bool passed;  // decrypt: whether the tag verifies (encrypt: always)
  std::string id;
};

Vector parse(const nlohmann::json& t) {
  auto hex = [&](const char* k) { return t.contains(k) ? from_hex(t.at(k).get<std::string>()) : Bytes{}; };
  return Vector{hex("key"), hex("iv"),  hex("aad"), hex("tag"), hex("pt"), hex("ct"),
                t.contains("testPassed") ? t.at("testPassed").get<bool>() : true,
                "tcId " + t.at("tcId").dump()};
}

// The public API on one vector; counts what it checked.
void check_public(const std::string& dir, const Vector& v, std::size_t& direct, std::size_t& prefix) {
  AesGcm g;
  const std::size_t tag_bytes = v.tag.size();
  if (tag_bytes >= kAesGcmMinTagBytes && tag_bytes <= kAeadTagBytes) {
    ASSERT_TRUE(g.set_key(v.key, tag_bytes).has_value()) << v.id;
    if (dir == "encrypt") {
      Bytes ct(v.pt.size()), tag(tag_bytes);
      ASSERT_TRUE(g.seal(v.iv, v.aad, v.pt, ct, tag).has_value()) << v.id;
      EXPECT_EQ(ct, v.ct) << v.id;
      EXPECT_EQ(tag, v.tag) << v.id;
    } else {
      Bytes pt(v.ct.size(), 0xAA);
      const auto r = g.open(v.iv, v.aad, v.ct, v.tag, pt);
      EXPECT_EQ(r.has_value(), v.passed) << v.id;
      if (v.passed) {
        EXPECT_EQ(pt, v.pt) << v.id;
      } else if (!r.has_value()) {
        EXPECT_EQ(r.error(), Error::authentication_failed) << v.id;
        EXPECT_STREQ(r.what(), "AES-GCM tag") << v.id;
        EXPECT_EQ(pt, Bytes(v.ct.size(), 0)) << v.id << ": output not wiped";
      }
    }
    ++direct;
    return;
  }
  // A tag length the public API does not offer.
  const auto refused = g.set_key(v.key, tag_bytes);
  ASSERT_FALSE(refused.has_value()) << v.id;
  EXPECT_EQ(refused.error(), Error::invalid_argument) << v.id;
  EXPECT_STREQ(refused.what(), "AES-GCM tag length") << v.id;
  if (!v.passed) return;  // no plaintext to seal
  ASSERT_TRUE(g.set_key(v.key).has_value()) << v.id;
  Bytes ct(v.pt.size()), tag(kAeadTagBytes);
  ASSERT_TRUE(g.seal(v.iv, v.aad, v.pt, ct, tag).has_value()) << v.id;
  EXPECT_EQ(ct, v.ct) << v.id;
  EXPECT_EQ(Bytes(tag.begin(), tag.begin() + static_cast<std::ptrdiff_t>(tag_bytes)), v.tag) << v.id;
  Bytes back(ct.size());
  ASSERT_TRUE(g.open(v.iv, v.aad, ct, tag, back).has_value()) << v.id;
  EXPECT_EQ(back, v.pt) << v.id;
  ++prefix;
}

TEST_P(AesGcmAcvp, EncryptAndDecrypt) {
  TESSERA_LOAD_ACVP_OR_SKIP(j, "ACVP-AES-GCM-1.0", "internalProjection.json");
  std::size_t encrypted = 0, decrypted = 0, rejected = 0, direct = 0, prefix = 0, other_iv = 0;
  for (const auto& g : j.at("testGroups")) {
    const std::string dir = g.at("direction");
    const std::size_t tag_bytes = as_size(g.at("tagLen")) / 8;
    ASSERT_EQ(as_size(g.at("payloadLen")) % 8, 0u);
    for (const auto& t : g.at("tests")) {
      const Vector v = parse(t);
      ASSERT_EQ(v.tag.size(), tag_bytes);
      check_public(dir, v, direct, prefix);
      if (v.iv.size() != kAeadNonceBytes) ++other_iv;
      // The general form, every case.
      gcm::Context ctx;
      gcm::init(ctx, gcm::kernels(), v.key.data(), v.key.size());
      if (dir == "encrypt") {
        Bytes ct(v.pt.size()), got_tag(tag_bytes);
        gcm::seal(ctx, v.iv.data(), v.iv.size(), v.aad.data(), v.aad.size(), v.pt.data(), ct.data(),
                  v.pt.size(), got_tag.data(), tag_bytes);
        EXPECT_EQ(ct, v.ct) << v.id;
        EXPECT_EQ(got_tag, v.tag) << v.id;
        ++encrypted;
      } else {
        Bytes pt(v.ct.size(), 0xAA);
        const bool ok = gcm::open(ctx, v.iv.data(), v.iv.size(), v.aad.data(), v.aad.size(), v.ct.data(),
                                  pt.data(), v.ct.size(), v.tag.data(), tag_bytes);
        EXPECT_EQ(ok, v.passed) << v.id;
        if (v.passed) {
          EXPECT_EQ(pt, v.pt) << v.id;
        } else {
          EXPECT_EQ(pt, Bytes(v.ct.size(), 0)) << v.id << ": output not wiped";
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
  EXPECT_GT(direct, 0u);
  EXPECT_GT(prefix, 0u);    // the short-tag groups' 120-bit IVs went through the public API
  EXPECT_GT(other_iv, 0u);  // and there were IVs other than 96 bits
}

TESSERA_INSTANTIATE_PER_BACKEND(AesGcmAcvp);

}  // namespace
}  // namespace tessera::test
