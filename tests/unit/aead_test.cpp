// The AEAD API contract (include/tessera/aead.hpp), per backend: lengths, truncated tags
// (their length fixed by AesGcm::set_key), AES-GCM IVs other than 96 bits, tampering
// (every byte of tag, nonce, AAD, ciphertext), in-place use, output wiping, and the
// argument each failure names (Result::what()).
#include <tessera/aead.hpp>

#include "support/backends.hpp"

#include <gtest/gtest.h>

#include <string>
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

// What a result says it failed on; "(no error)" if it succeeded (what() would trap).
const char* what_of(const Result<void>& r) { return r.has_value() ? "(no error)" : r.what(); }
Error error_of(const Result<void>& r) { return r.has_value() ? Error{} : r.error(); }

// The name a failure gives an argument, per AEAD.
std::string name(Kind k, const char* argument) {
  return std::string(k == Kind::chacha ? "ChaCha20-Poly1305 " : "AES-GCM ") + argument;
}

TEST_P(AeadApi, LengthErrorsZeroOutputs) {
  for (Kind k : {Kind::gcm128, Kind::chacha}) {
    const Bytes key = filled(key_bytes(k), 1), nonce = filled(12, 2), pt = filled(40, 4);
    // seal then open with these lengths must both fail with invalid_length, naming
    // seal_what / open_what, with every output zeroed.
    auto check = [&](const Bytes& key2, const Bytes& n2, std::size_t ct_len, std::size_t tag_len,
                     const std::string& seal_what, const std::string& open_what) {
      SCOPED_TRACE(seal_what);
      Bytes ct(ct_len, 0xEE), tag(tag_len, 0xEE);
      auto r = seal(k, key2, n2, {}, pt, ct, tag);
      ASSERT_FALSE(r.has_value());
      EXPECT_EQ(r.error(), Error::invalid_length);
      EXPECT_EQ(r.what(), seal_what);
      EXPECT_EQ(ct, Bytes(ct_len, 0));
      EXPECT_EQ(tag, Bytes(tag_len, 0));
      Bytes out(ct_len, 0xEE);
      auto o = open(k, key2, n2, {}, Bytes(pt.size(), 1), Bytes(tag_len, 1), out);
      ASSERT_FALSE(o.has_value());
      EXPECT_EQ(o.error(), Error::invalid_length);
      EXPECT_EQ(o.what(), open_what);
      EXPECT_EQ(out, Bytes(ct_len, 0));
    };
    // ChaCha20-Poly1305 nonces are 96 bits; AES-GCM takes any non-empty IV (see GcmIvLengths).
    for (std::size_t n : {0u, 8u, 11u, 13u, 16u}) {
      if (k == Kind::chacha || n == 0) check(key, filled(n, 2), pt.size(), 16, name(k, "nonce"), name(k, "nonce"));
    }
    for (std::size_t n : {0u, 15u, 17u, 31u, 33u}) check(filled(n, 1), nonce, pt.size(), 16, name(k, "key"), name(k, "key"));
    // The output buffer has the wrong size: seal's ciphertext, open's plaintext.
    check(key, nonce, pt.size() - 1, 16, name(k, "ciphertext"), name(k, "plaintext"));
    check(key, nonce, pt.size() + 1, 16, name(k, "ciphertext"), name(k, "plaintext"));
    // Tags are 16 bytes: the one-shot AES-GCM takes no truncated tag either.
    for (std::size_t t : {0u, 4u, 11u, 12u, 15u, 17u}) check(key, nonce, pt.size(), t, name(k, "tag"), name(k, "tag"));
  }
  // AES-192 is a valid GCM key; 24 bytes is not a ChaCha20 key.
  Bytes ct(4), tag(16);
  EXPECT_TRUE(aes_gcm_seal(filled(24, 1), filled(12, 2), {}, filled(4, 3), ct, tag).has_value());
  EXPECT_FALSE(chacha20_poly1305_seal(filled(24, 1), filled(12, 2), {}, filled(4, 3), ct, tag).has_value());
}

TEST_P(AeadApi, AuthenticationFailureNamesTheTag) {
  for (Kind k : {Kind::gcm256, Kind::chacha}) {
    const Bytes key = filled(key_bytes(k), 1), nonce = filled(12, 2), pt = filled(20, 4);
    Bytes ct(pt.size()), tag(16), back(pt.size(), 0xEE);
    ASSERT_TRUE(seal(k, key, nonce, {}, pt, ct, tag).has_value());
    tag[0] ^= 1;
    auto r = open(k, key, nonce, {}, ct, tag, back);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error(), Error::authentication_failed);
    EXPECT_EQ(r.what(), name(k, "tag"));
    EXPECT_EQ(back, Bytes(pt.size(), 0));
  }
}

// Truncated tags (SP 800-38D, Section 5.2.1.2) come from a context created for them, and
// match the prefix of the full tag.
TEST_P(AeadApi, GcmTruncatedTags) {
  const Bytes key = filled(16, 1), nonce = filled(12, 2), aad = filled(5, 3), pt = filled(33, 4);
  Bytes ct(pt.size()), tag16(16);
  ASSERT_TRUE(aes_gcm_seal(key, nonce, aad, pt, ct, tag16).has_value());
  for (std::size_t t = kAesGcmMinTagBytes; t <= kAeadTagBytes; ++t) {
    AesGcm g;
    ASSERT_TRUE(g.set_key(key, t).has_value()) << t;
    EXPECT_EQ(g.tag_bytes(), t);
    Bytes tag(t), c2(pt.size()), back(pt.size());
    ASSERT_TRUE(g.seal(nonce, aad, pt, c2, tag).has_value());
    EXPECT_EQ(c2, ct);
    EXPECT_EQ(tag, Bytes(tag16.begin(), tag16.begin() + static_cast<std::ptrdiff_t>(t)));
    ASSERT_TRUE(g.open(nonce, aad, ct, tag, back).has_value());
    EXPECT_EQ(back, pt);
    Bytes mac(t);
    ASSERT_TRUE(g.gmac(nonce, aad, mac).has_value());
  }
}

// The truncation attack: a context created for 16-byte tags must not accept the first 12
// bytes of a valid tag (whose length an attacker chose on the wire), nor must a context
// created for 12-byte tags take a 16-byte one. Either is a length error, before any
// comparison, and the plaintext buffer is wiped.
TEST_P(AeadApi, GcmTagLengthFixedByTheKey) {
  const Bytes key = filled(32, 1), nonce = filled(12, 2), aad = filled(7, 3), pt = filled(50, 4);
  AesGcm g16, g12;
  ASSERT_TRUE(g16.set_key(key).has_value());
  EXPECT_EQ(g16.tag_bytes(), kAeadTagBytes);
  ASSERT_TRUE(g12.set_key(key, 12).has_value());
  Bytes ct(pt.size()), tag16(16), tag12(12);
  ASSERT_TRUE(g16.seal(nonce, aad, pt, ct, tag16).has_value());
  ASSERT_TRUE(g12.seal(nonce, aad, pt, ct, tag12).has_value());
  ASSERT_EQ(tag12, Bytes(tag16.begin(), tag16.begin() + 12));
  auto expect_tag_length_error = [&](const Result<void>& r) {
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error(), Error::invalid_length);
    EXPECT_STREQ(r.what(), "AES-GCM tag");
  };
  Bytes back(pt.size(), 0xEE);
  expect_tag_length_error(g16.open(nonce, aad, ct, tag12, back));  // the 12-byte prefix of a valid tag
  EXPECT_EQ(back, Bytes(pt.size(), 0));
  expect_tag_length_error(aes_gcm_open(key, nonce, aad, ct, tag12, back));  // the one-shot: 16 only
  std::fill(back.begin(), back.end(), 0xEE);
  expect_tag_length_error(g12.open(nonce, aad, ct, tag16, back));
  EXPECT_EQ(back, Bytes(pt.size(), 0));
  Bytes c2(pt.size(), 0xEE), t2(16, 0xEE);
  expect_tag_length_error(g12.seal(nonce, aad, pt, c2, t2));
  EXPECT_EQ(c2, Bytes(pt.size(), 0));
  EXPECT_EQ(t2, Bytes(16, 0));
  // Each context opens what it made.
  ASSERT_TRUE(g16.open(nonce, aad, ct, tag16, back).has_value());
  ASSERT_TRUE(g12.open(nonce, aad, ct, tag12, back).has_value());
  EXPECT_EQ(back, pt);
  // Tag lengths SP 800-38D, Section 5.2.1.2 does not list (or only under Appendix C).
  for (std::size_t t : {0u, 4u, 8u, 11u, 17u, 32u}) {
    AesGcm g;
    auto r = g.set_key(key, t);
    ASSERT_FALSE(r.has_value()) << t;
    EXPECT_EQ(r.error(), Error::invalid_argument);
    EXPECT_STREQ(r.what(), "AES-GCM tag length");
    EXPECT_FALSE(g.has_key());
  }
  // A new key forgets the old tag length.
  ASSERT_TRUE(g12.set_key(key).has_value());
  EXPECT_EQ(g12.tag_bytes(), kAeadTagBytes);
}

// IVs of any length (SP 800-38D, Section 5.2.1.1) through the public API: each length a
// different pre-counter block, and the one-shot and keyed forms agree. (Known answers for
// 64- and 480-bit IVs: tests/kat/aes_kat_test.cpp; 120-bit: tests/kat/aead_acvp_test.cpp.)
TEST_P(AeadApi, GcmIvLengths) {
  const Bytes key = filled(16, 1), aad = filled(9, 3), pt = filled(45, 4);
  AesGcm g;
  ASSERT_TRUE(g.set_key(key).has_value());
  std::vector<Bytes> tags;
  for (std::size_t n : {1u, 8u, 11u, 12u, 13u, 16u, 17u, 60u, 200u}) {
    const Bytes iv = filled(n, 2);
    Bytes ct(pt.size()), tag(16), ct2(pt.size()), tag2(16), back(pt.size());
    ASSERT_TRUE(g.seal(iv, aad, pt, ct, tag).has_value()) << n;
    ASSERT_TRUE(aes_gcm_seal(key, iv, aad, pt, ct2, tag2).has_value()) << n;
    EXPECT_EQ(ct, ct2);
    EXPECT_EQ(tag, tag2);
    ASSERT_TRUE(g.open(iv, aad, ct, tag, back).has_value()) << n;
    EXPECT_EQ(back, pt);
    Bytes other = iv;
    other.back() ^= 1;
    EXPECT_EQ(error_of(g.open(other, aad, ct, tag, back)), Error::authentication_failed) << n;
    for (const Bytes& t : tags) EXPECT_NE(t, tag) << n;
    tags.push_back(tag);
  }
  // An empty IV is the one length SP 800-38D excludes.
  Bytes ct(pt.size(), 0xEE), tag(16, 0xEE);
  auto r = g.seal({}, aad, pt, ct, tag);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error(), Error::invalid_length);
  EXPECT_STREQ(r.what(), "AES-GCM nonce");
  EXPECT_EQ(tag, Bytes(16, 0));
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
  EXPECT_STREQ(r.what(), "AES-GCM key (none set)");
  auto m = g.gmac(nonce, msg, mac);
  EXPECT_EQ(error_of(m), Error::invalid_state);
  EXPECT_STREQ(what_of(m), "GMAC key (none set)");
}

// GMAC's failures name GMAC's arguments.
TEST_P(AeadApi, GmacErrorsNameTheArgument) {
  const Bytes key = filled(16, 1), nonce = filled(12, 2), msg = filled(30, 3);
  auto expect = [](const Result<void>& r, Error e, const char* what) {
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error(), e);
    EXPECT_STREQ(r.what(), what);
  };
  Bytes tag(16, 0xEE), short_tag(12, 0xEE);
  expect(aes_gmac(filled(20, 1), nonce, msg, tag), Error::invalid_length, "GMAC key");
  EXPECT_EQ(tag, Bytes(16, 0));
  expect(aes_gmac(key, {}, msg, tag), Error::invalid_length, "GMAC nonce");
  expect(aes_gmac(key, nonce, msg, short_tag), Error::invalid_length, "GMAC tag");
  EXPECT_EQ(short_tag, Bytes(12, 0));
  AesGcm g;
  ASSERT_TRUE(g.set_key(key, 12).has_value());
  expect(g.gmac(nonce, msg, tag), Error::invalid_length, "GMAC tag");
  EXPECT_TRUE(g.gmac(nonce, msg, short_tag).has_value());
}

TEST_P(AeadApi, ChaCha20CounterMustNotWrap) {
  const Bytes key = filled(32, 1), nonce = filled(12, 2);
  Bytes in(128, 0), out(128);
  EXPECT_TRUE(chacha20_xor(key, nonce, 0xFFFFFFFEu, in, out).has_value());  // blocks 2^32-2, 2^32-1
  auto r = chacha20_xor(key, nonce, 0xFFFFFFFFu, in, out);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error(), Error::invalid_length);
  EXPECT_STREQ(r.what(), "ChaCha20 counter (the input would wrap it)");
  EXPECT_EQ(out, Bytes(128, 0));
  EXPECT_STREQ(what_of(chacha20_xor(filled(16, 1), nonce, 0, in, out)), "ChaCha20 key");
  EXPECT_STREQ(what_of(chacha20_xor(key, filled(8, 2), 0, in, out)), "ChaCha20 nonce");
  EXPECT_STREQ(what_of(chacha20_xor(key, nonce, 0, in, std::span(out).first(127))), "ChaCha20 output");
  Bytes tag(16);
  auto k = poly1305_mac(filled(31, 1), in, tag);
  EXPECT_EQ(error_of(k), Error::invalid_length);
  EXPECT_STREQ(what_of(k), "Poly1305 key");
  auto t = poly1305_mac(filled(32, 1), in, std::span(tag).first(15));
  EXPECT_EQ(error_of(t), Error::invalid_length);
  EXPECT_STREQ(what_of(t), "Poly1305 tag");
}

TESSERA_INSTANTIATE_PER_BACKEND(AeadApi);

}  // namespace
}  // namespace tessera::test
