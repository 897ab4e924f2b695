// The AEAD API contract (include/tessera/aead.hpp), per backend: lengths, truncated tags,
// tampering (every byte of tag, nonce, AAD, ciphertext), in-place use, output wiping.
#include <tessera/aead.hpp>

#include "support/backends.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace tessera::test {
namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes filled(std::size_t n, std::uint8_t salt) {
  Bytes v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint8_t>(i * 31 + salt);
  return v;
}

class AeadApi : public PerBackend {};

// Both AEADs behind one signature.
enum class Kind { gcm128, gcm256, chacha };
Result<void> seal(Kind k, const Bytes& key, const Bytes& n, const Bytes& a, const Bytes& p, Bytes& c, Bytes& t) {
  return k == Kind::chacha ? chacha20_poly1305_seal(key, n, a, p, c, t) : aes_gcm_seal(key, n, a, p, c, t);
}
Result<void> open(Kind k, const Bytes& key, const Bytes& n, const Bytes& a, const Bytes& c, const Bytes& t, Bytes& p) {
  return k == Kind::chacha ? chacha20_poly1305_open(key, n, a, c, t, p) : aes_gcm_open(key, n, a, c, t, p);
}
std::size_t key_bytes(Kind k) { return k == Kind::gcm128 ? 16 : 32; }

TEST_P(AeadApi, RoundTripAndTamper) {
  for (Kind k : {Kind::gcm128, Kind::gcm256, Kind::chacha}) {
    const Bytes key = filled(key_bytes(k), 1), nonce = filled(12, 2), aad = filled(20, 3), pt = filled(77, 4);
    Bytes ct(pt.size()), tag(16), back(pt.size());
    ASSERT_TRUE(seal(k, key, nonce, aad, pt, ct, tag).has_value());
    ASSERT_TRUE(open(k, key, nonce, aad, ct, tag, back).has_value());
    EXPECT_EQ(back, pt);
    auto expect_reject = [&](const Bytes& n2, const Bytes& a2, const Bytes& c2, const Bytes& t2) {
      Bytes out(c2.size(), 0xEE);
      auto r = open(k, key, n2, a2, c2, t2, out);
      ASSERT_FALSE(r.has_value());
      EXPECT_EQ(r.error(), Error::authentication_failed);
      EXPECT_EQ(out, Bytes(c2.size(), 0));
    };
    for (std::size_t i = 0; i < tag.size(); ++i) { Bytes t2 = tag; t2[i] ^= 0x01; expect_reject(nonce, aad, ct, t2); }
    for (std::size_t i = 0; i < nonce.size(); ++i) { Bytes n2 = nonce; n2[i] ^= 0x80; expect_reject(n2, aad, ct, tag); }
    for (std::size_t i = 0; i < aad.size(); ++i) { Bytes a2 = aad; a2[i] ^= 0x10; expect_reject(nonce, a2, ct, tag); }
    for (std::size_t i = 0; i < ct.size(); ++i) { Bytes c2 = ct; c2[i] ^= 0x04; expect_reject(nonce, aad, c2, tag); }
    expect_reject(nonce, Bytes(aad.begin(), aad.end() - 1), ct, tag);
    // In place.
    Bytes buf = pt;
    ASSERT_TRUE(seal(k, key, nonce, aad, buf, buf, tag).has_value());
    EXPECT_EQ(buf, ct);
    ASSERT_TRUE(open(k, key, nonce, aad, buf, tag, buf).has_value());
    EXPECT_EQ(buf, pt);
  }
}

TEST_P(AeadApi, LengthErrorsZeroOutputs) {
  for (Kind k : {Kind::gcm128, Kind::chacha}) {
    const Bytes key = filled(key_bytes(k), 1), nonce = filled(12, 2), pt = filled(40, 4);
    auto check = [&](const Bytes& key2, const Bytes& n2, std::size_t ct_len, std::size_t tag_len) {
      Bytes ct(ct_len, 0xEE), tag(tag_len, 0xEE);
      auto r = seal(k, key2, n2, {}, pt, ct, tag);
      ASSERT_FALSE(r.has_value());
      EXPECT_EQ(r.error(), Error::invalid_length);
      EXPECT_EQ(ct, Bytes(ct_len, 0));
      EXPECT_EQ(tag, Bytes(tag_len, 0));
      Bytes out(ct_len, 0xEE);
      auto o = open(k, key2, n2, {}, Bytes(pt.size(), 1), Bytes(tag_len, 1), out);
      ASSERT_FALSE(o.has_value());
      EXPECT_EQ(o.error(), Error::invalid_length);
      EXPECT_EQ(out, Bytes(ct_len, 0));
    };
    for (std::size_t n : {0u, 8u, 11u, 13u, 16u}) check(key, filled(n, 2), pt.size(), 16);
    for (std::size_t n : {0u, 15u, 17u, 31u, 33u}) {
      if (n == 16 || n == 24 || n == 32) continue;
      check(filled(n, 1), nonce, pt.size(), 16);
    }
    check(key, nonce, pt.size() - 1, 16);
    check(key, nonce, pt.size() + 1, 16);
    for (std::size_t t : {0u, 4u, 11u, 17u}) check(key, nonce, pt.size(), t);
    if (k == Kind::chacha) check(key, nonce, pt.size(), 12);
  }
  // AES-192 is a valid GCM key; 24 bytes is not a ChaCha20 key.
  Bytes ct(4), tag(16);
  EXPECT_TRUE(aes_gcm_seal(filled(24, 1), filled(12, 2), {}, filled(4, 3), ct, tag).has_value());
  EXPECT_FALSE(chacha20_poly1305_seal(filled(24, 1), filled(12, 2), {}, filled(4, 3), ct, tag).has_value());
}

TEST_P(AeadApi, GcmTruncatedTags) {
  const Bytes key = filled(16, 1), nonce = filled(12, 2), aad = filled(5, 3), pt = filled(33, 4);
  Bytes ct(pt.size()), tag16(16);
  ASSERT_TRUE(aes_gcm_seal(key, nonce, aad, pt, ct, tag16).has_value());
  for (std::size_t t = 12; t <= 16; ++t) {
    Bytes tag(t), c2(pt.size()), back(pt.size());
    ASSERT_TRUE(aes_gcm_seal(key, nonce, aad, pt, c2, tag).has_value());
    EXPECT_EQ(tag, Bytes(tag16.begin(), tag16.begin() + static_cast<std::ptrdiff_t>(t)));
    ASSERT_TRUE(aes_gcm_open(key, nonce, aad, ct, tag, back).has_value());
    EXPECT_EQ(back, pt);
  }
}

TEST_P(AeadApi, GmacIsGcmWithEmptyPlaintext) {
  const Bytes key = filled(32, 1), nonce = filled(12, 2), msg = filled(300, 3);
  Bytes mac(16), tag(16);
  ASSERT_TRUE(aes_gmac(key, nonce, msg, mac).has_value());
  ASSERT_TRUE(aes_gcm_seal(key, nonce, msg, {}, {}, tag).has_value());
  EXPECT_EQ(mac, tag);
  AesGcm g;
  Bytes out(4);
  auto r = g.seal(nonce, {}, filled(4, 1), out, tag);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error(), Error::invalid_state);
}

TEST_P(AeadApi, ChaCha20CounterMustNotWrap) {
  const Bytes key = filled(32, 1), nonce = filled(12, 2);
  Bytes in(128, 0), out(128);
  EXPECT_TRUE(chacha20_xor(key, nonce, 0xFFFFFFFEu, in, out).has_value());  // blocks 2^32-2, 2^32-1
  auto r = chacha20_xor(key, nonce, 0xFFFFFFFFu, in, out);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error(), Error::invalid_length);
  EXPECT_EQ(out, Bytes(128, 0));
  Bytes tag(16);
  EXPECT_FALSE(poly1305_mac(filled(31, 1), in, tag).has_value());
  EXPECT_FALSE(poly1305_mac(filled(32, 1), in, std::span(tag).first(15)).has_value());
}

TESSERA_INSTANTIATE_PER_BACKEND(AeadApi);

}  // namespace
}  // namespace tessera::test
