// SHA-1 (FIPS 180-4, Section 6.1): the FIPS 180-4 examples, chunked updates, reset after
// final, and a differential test against OpenSSL's SHA-1 (EVP_sha1) on random messages.
#include <tessera/sha1.hpp>

#include "support/hex.hpp"

#include <gtest/gtest.h>

#if TESSERA_TEST_HAVE_OPENSSL
#include <openssl/evp.h>
#endif

#include <array>
#include <random>
#include <string>

namespace tessera::test {
namespace {

Bytes as_bytes(const std::string& s) { return Bytes(s.begin(), s.end()); }

std::string sha1_hex(std::span<const std::uint8_t> m) {
  std::array<std::uint8_t, 20> d{};
  sha1(m, d);
  return to_hex(d);
}

// NIST "Examples with intermediate values" for SHA-1, and the one-million 'a' message of
// FIPS 180-2 Appendix A.3.
TEST(Sha1, Fips180Examples) {
  EXPECT_EQ(sha1_hex(as_bytes("abc")), "A9993E364706816ABA3E25717850C26C9CD0D89D");
  EXPECT_EQ(sha1_hex(as_bytes("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "84983E441C3BD26EBAAE4AA1F95129E5E54670F1");
  EXPECT_EQ(sha1_hex(Bytes(1000000, 'a')), "34AA973CD4C4DAA4F61EEB2BDBAD27316534016F");
  EXPECT_EQ(sha1_hex({}), "DA39A3EE5E6B4B0D3255BFEF95601890AFD80709");
}

TEST(Sha1, Sizes) {
  static_assert(Sha1::digest_bytes == 20 && Sha1::block_bytes == 64);
}

TEST(Sha1, ChunkedUpdateEqualsOneShot) {
  std::mt19937 rng(180);
  for (std::size_t len : {0u, 1u, 55u, 56u, 63u, 64u, 65u, 119u, 120u, 127u, 128u, 129u, 1000u}) {
    const Bytes m = random_bytes_vec(rng, len);
    for (std::size_t chunk : {1u, 3u, 63u, 64u, 65u, 200u}) {
      Sha1 h;
      for (std::size_t i = 0; i < len; i += chunk) {
        h.update(std::span<const std::uint8_t>(m).subspan(i, std::min(chunk, len - i)));
      }
      std::array<std::uint8_t, 20> d{};
      h.final(d);
      EXPECT_EQ(to_hex(d), sha1_hex(m)) << "len " << len << " chunk " << chunk;
    }
  }
}

TEST(Sha1, FinalResets) {
  Sha1 h;
  const Bytes junk = as_bytes("junk");
  h.update(junk);
  std::array<std::uint8_t, 20> d{};
  h.final(d);
  h.update(as_bytes("abc"));
  h.final(d);
  EXPECT_EQ(to_hex(d), "A9993E364706816ABA3E25717850C26C9CD0D89D");
  h.update(junk);
  h.reset();
  h.update(as_bytes("abc"));
  h.final(d);
  EXPECT_EQ(to_hex(d), "A9993E364706816ABA3E25717850C26C9CD0D89D");
}

TEST(Sha1, AgreesWithOpenSsl) {
#if TESSERA_TEST_HAVE_OPENSSL
  std::mt19937 rng(1801);
  for (std::size_t len = 0; len <= 300; ++len) {
    const Bytes m = random_bytes_vec(rng, len);
    std::array<std::uint8_t, 20> want{};
    unsigned int out_len = 0;
    ASSERT_EQ(EVP_Digest(m.data(), m.size(), want.data(), &out_len, EVP_sha1(), nullptr), 1);
    ASSERT_EQ(out_len, 20u);
    EXPECT_EQ(sha1_hex(m), to_hex(want)) << "len " << len;
  }
#else
  GTEST_SKIP() << "OpenSSL libcrypto not found: no differential test";
#endif
}

}  // namespace
}  // namespace tessera::test
