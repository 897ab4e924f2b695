// tessera::HashId and rsa::Hasher: names and lengths, every hash against its own class and
// (when libcrypto is linked) against OpenSSL's EVP digests, chunking, reset, and the SHAKE
// output of any length.
#include <tessera/hash_id.hpp>
#include <tessera/sha1.hpp>
#include <tessera/sha2.hpp>
#include <tessera/sha3.hpp>

#include "rsa/hash_select.hpp"
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

struct Expected {
  HashId id;
  const char* name;
  std::size_t bytes;
};
constexpr Expected kAll[] = {
    {HashId::sha1, "SHA-1", 20},         {HashId::sha224, "SHA2-224", 28},
    {HashId::sha256, "SHA2-256", 32},    {HashId::sha384, "SHA2-384", 48},
    {HashId::sha512, "SHA2-512", 64},    {HashId::sha512_224, "SHA2-512/224", 28},
    {HashId::sha512_256, "SHA2-512/256", 32}, {HashId::sha3_224, "SHA3-224", 28},
    {HashId::sha3_256, "SHA3-256", 32},  {HashId::sha3_384, "SHA3-384", 48},
    {HashId::sha3_512, "SHA3-512", 64},  {HashId::shake128, "SHAKE-128", 32},
    {HashId::shake256, "SHAKE-256", 64},
};
static_assert(sizeof kAll / sizeof kAll[0] == hash_id_count);

TEST(HashId, NamesAndLengths) {
  for (const Expected& e : kAll) {
    EXPECT_STREQ(hash_name(e.id), e.name);
    EXPECT_EQ(digest_bytes(e.id), e.bytes) << e.name;
    HashId back = HashId::sha1;
    ASSERT_TRUE(parse_hash_name(e.name, back)) << e.name;
    EXPECT_EQ(back, e.id);
  }
  HashId id = HashId::sha384;
  for (const char* bad : {"", "SHA-256", "sha2-256", "SHA2-256 ", "SHA3-256x", "SHAKE128", "SHA2-512/384"}) {
    EXPECT_FALSE(parse_hash_name(bad, id)) << bad;
    EXPECT_EQ(id, HashId::sha384);
  }
  const auto out_of_range = static_cast<HashId>(hash_id_count);
  EXPECT_EQ(digest_bytes(out_of_range), 0u);
  EXPECT_STREQ(hash_name(out_of_range), "");
}

// The digest of m by the hash's own one-shot function (SHAKE at its FIPS 186-5 length).
Bytes reference(HashId id, std::span<const std::uint8_t> m) {
  Bytes d(digest_bytes(id));
  switch (id) {
    case HashId::sha1: sha1(m, std::span<std::uint8_t, 20>(d.data(), 20)); break;
    case HashId::sha224: sha224(m, std::span<std::uint8_t, 28>(d.data(), 28)); break;
    case HashId::sha256: sha256(m, std::span<std::uint8_t, 32>(d.data(), 32)); break;
    case HashId::sha384: sha384(m, std::span<std::uint8_t, 48>(d.data(), 48)); break;
    case HashId::sha512: sha512(m, std::span<std::uint8_t, 64>(d.data(), 64)); break;
    case HashId::sha512_224: sha512_224(m, std::span<std::uint8_t, 28>(d.data(), 28)); break;
    case HashId::sha512_256: sha512_256(m, std::span<std::uint8_t, 32>(d.data(), 32)); break;
    case HashId::sha3_224: sha3_224(m, std::span<std::uint8_t, 28>(d.data(), 28)); break;
    case HashId::sha3_256: sha3_256(m, std::span<std::uint8_t, 32>(d.data(), 32)); break;
    case HashId::sha3_384: sha3_384(m, std::span<std::uint8_t, 48>(d.data(), 48)); break;
    case HashId::sha3_512: sha3_512(m, std::span<std::uint8_t, 64>(d.data(), 64)); break;
    case HashId::shake128: shake128(m, d); break;
    case HashId::shake256: shake256(m, d); break;
  }
  return d;
}

TEST(Hasher, EveryHashMatchesItsClass) {
  std::mt19937 rng(8017);
  for (const Expected& e : kAll) {
    rsa::Hasher h(e.id);
    EXPECT_EQ(h.id(), e.id);
    EXPECT_EQ(h.digest_bytes(), e.bytes);
    for (std::size_t len : {0u, 1u, 71u, 72u, 135u, 136u, 137u, 168u, 300u, 1000u}) {
      const Bytes m = random_bytes_vec(rng, len);
      // In 7-byte chunks, then one-shot.
      for (std::size_t i = 0; i < len; i += 7) h.update(std::span<const std::uint8_t>(m).subspan(i, std::min<std::size_t>(7, len - i)));
      Bytes got(e.bytes);
      h.final(got);
      EXPECT_EQ(to_hex(got), to_hex(reference(e.id, m))) << e.name << " len " << len;
      Bytes once(e.bytes);
      rsa::hash(e.id, m, once);
      EXPECT_EQ(to_hex(once), to_hex(got)) << e.name << " len " << len;
    }
  }
}

TEST(Hasher, ResetForgetsInput) {
  for (const Expected& e : kAll) {
    rsa::Hasher h(e.id);
    const std::uint8_t junk[3] = {1, 2, 3};
    h.update(junk);
    h.reset();
    Bytes got(e.bytes);
    h.final(got);
    EXPECT_EQ(to_hex(got), to_hex(reference(e.id, {}))) << e.name;
  }
}

TEST(Hasher, WrongFinalLengthZeroFills) {
  rsa::Hasher h(HashId::sha256);
  Bytes out(31, 0xAA);
  h.final(out);
  EXPECT_EQ(out, Bytes(31, 0));
}

TEST(Hasher, XofAnyLength) {
  const std::uint8_t m[5] = {'h', 'e', 'l', 'l', 'o'};
  for (HashId id : {HashId::shake128, HashId::shake256}) {
    for (std::size_t n : {0u, 1u, 32u, 64u, 167u, 168u, 169u, 500u}) {
      rsa::Hasher h(id);
      h.update(m);
      Bytes got(n);
      ASSERT_TRUE(h.xof(got));
      Bytes want(n);
      if (id == HashId::shake128) shake128(m, want); else shake256(m, want);
      EXPECT_EQ(got, want) << hash_name(id) << " " << n;
    }
  }
  rsa::Hasher fixed(HashId::sha3_256);
  Bytes out(32, 0xAA);
  const auto r = fixed.xof(out);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), Error::unsupported);
  EXPECT_EQ(out, Bytes(32, 0));
}

TEST(Hasher, AgreesWithOpenSsl) {
#if TESSERA_TEST_HAVE_OPENSSL
  const std::pair<HashId, const EVP_MD*> mds[] = {
      {HashId::sha1, EVP_sha1()},           {HashId::sha224, EVP_sha224()},
      {HashId::sha256, EVP_sha256()},       {HashId::sha384, EVP_sha384()},
      {HashId::sha512, EVP_sha512()},       {HashId::sha512_224, EVP_sha512_224()},
      {HashId::sha512_256, EVP_sha512_256()}, {HashId::sha3_224, EVP_sha3_224()},
      {HashId::sha3_256, EVP_sha3_256()},   {HashId::sha3_384, EVP_sha3_384()},
      {HashId::sha3_512, EVP_sha3_512()},   {HashId::shake128, EVP_shake128()},
      {HashId::shake256, EVP_shake256()},
  };
  std::mt19937 rng(1865);
  for (const auto& [id, md] : mds) {
    for (std::size_t len = 0; len <= 300; len += 13) {
      const Bytes m = random_bytes_vec(rng, len);
      Bytes want(digest_bytes(id));
      EVP_MD_CTX* ctx = EVP_MD_CTX_new();
      ASSERT_EQ(EVP_DigestInit_ex(ctx, md, nullptr), 1);
      ASSERT_EQ(EVP_DigestUpdate(ctx, m.data(), m.size()), 1);
      if (rsa::is_xof(id)) {
        ASSERT_EQ(EVP_DigestFinalXOF(ctx, want.data(), want.size()), 1);
      } else {
        unsigned int n = 0;
        ASSERT_EQ(EVP_DigestFinal_ex(ctx, want.data(), &n), 1);
        ASSERT_EQ(n, want.size());
      }
      EVP_MD_CTX_free(ctx);
      Bytes got(digest_bytes(id));
      rsa::hash(id, m, got);
      EXPECT_EQ(to_hex(got), to_hex(want)) << hash_name(id) << " len " << len;
    }
  }
#else
  GTEST_SKIP() << "OpenSSL libcrypto not found: no differential test";
#endif
}

}  // namespace
}  // namespace tessera::test
