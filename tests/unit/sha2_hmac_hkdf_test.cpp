// HMAC over every SHA-2 and SHA-3 hash and HKDF's length checks (and the argument each
// HKDF failure names). HMAC itself has no failure: any key length, a fixed-size output.
#include <tessera/hkdf.hpp>
#include <tessera/hmac.hpp>

#include "support/backends.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>

namespace tessera::test {
namespace {

Bytes as_bytes(const std::string& s) { return Bytes(s.begin(), s.end()); }

template <class H>
std::string mac_hex(const Bytes& key, const Bytes& msg) {
  std::array<std::uint8_t, H::digest_bytes> out;
  hmac<H>(key, msg, out);
  return to_hex(out);
}

// RFC 4231 test cases 2 (short key) and 6 (131-byte key, hashed first) for SHA-224..512;
// the same two inputs for SHA-512/t and SHA-3 were cross-checked with Python's hmac.
TEST(Hmac, KnownAnswersEveryHash) {
  const Bytes jefe = as_bytes("Jefe"), q = as_bytes("what do ya want for nothing?");
  const Bytes big_key(131, 0xaa), big_msg = as_bytes("Test Using Larger Than Block-Size Key - Hash Key First");
  const Bytes key200(200, 0xaa);  // longer than every block size (SHA3-224's rate is 144)
  EXPECT_EQ(mac_hex<Sha224>(jefe, q), "A30E01098BC6DBBF45690F3A7E9E6D0F8BBEA2A39E6148008FD05E44");
  EXPECT_EQ(mac_hex<Sha256>(jefe, q), "5BDCC146BF60754E6A042426089575C75A003F089D2739839DEC58B964EC3843");
  EXPECT_EQ(mac_hex<Sha384>(jefe, q),
            "AF45D2E376484031617F78D2B58A6B1B9C7EF464F5A01B47E42EC3736322445E8E2240CA5E69E2C78B3239ECFAB21649");
  EXPECT_EQ(mac_hex<Sha512>(jefe, q),
            "164B7A7BFCF819E2E395FBE73B56E0A387BD64222E831FD610270CD7EA2505549758BF75C05A994A6D034F65F8F0E6FD"
            "CAEAB1A34D4A6B4B636E070A38BCE737");
  EXPECT_EQ(mac_hex<Sha256>(big_key, big_msg), "60E431591EE0B67F0D8A26AACBF5B77F8E0BC6213728C5140546040F0EE37F54");
  EXPECT_EQ(mac_hex<Sha512>(big_key, big_msg),
            "80B24263C7C1A3EBB71493C1DD7BE8B49B46D1F41B4AEEC1121B013783F8F3526B56D037E05F2598BD0FD2215D6A1E52"
            "95E64F73F63F0AEC8B915A985D786598");
  EXPECT_EQ(mac_hex<Sha512_224>(jefe, q), "4A530B31A79EBCCE36916546317C45F247D83241DFB818FD37254BDE");
  EXPECT_EQ(mac_hex<Sha512_256>(jefe, q), "6DF7B24630D5CCB2EE335407081A87188C221489768FA2020513B2D593359456");
  EXPECT_EQ(mac_hex<Sha3_224>(jefe, q), "7FDB8DD88BD2F60D1B798634AD386811C2CFC85BFAF5D52BBACE5E66");
  EXPECT_EQ(mac_hex<Sha3_256>(jefe, q), "C7D4072E788877AE3596BBB0DA73B887C9171F93095B294AE857FBE2645E1BA5");
  EXPECT_EQ(mac_hex<Sha3_384>(jefe, q),
            "F1101F8CBF9766FD6764D2ED61903F21CA9B18F57CF3E1A23CA13508A93243CE48C045DC007F26A21B3F5E0E9DF4C20A");
  EXPECT_EQ(mac_hex<Sha3_512>(jefe, q),
            "5A4BFEAB6166427C7A3647B747292B8384537CDB89AFB3BF5665E4C5E709350B287BAEC921FD7CA0EE7A0C31D022A95E"
            "1FC92BA9D77DF883960275BEB4E62024");
  EXPECT_EQ(mac_hex<Sha3_224>(key200, big_msg), "5E73D57BD011F0F92FEF3C3B92EA4BCB4821C6D83C37DB34F29E0760");
  EXPECT_EQ(mac_hex<Sha3_256>(key200, big_msg), "49AD92B02124FDAC9627AE45E008A696182AB6BFB8470457777C744AEB9DF06F");
  EXPECT_EQ(mac_hex<Sha512_256>(key200, big_msg), "0957199DFBC37DA09EC17F76B13B6E6480D5C971E6926F06260DFAD0100FDA3A");
  // The exported one-shots are the same functions.
  std::array<std::uint8_t, 32> out;
  hmac_sha3_256(jefe, q, out);
  EXPECT_EQ(to_hex(out), "C7D4072E788877AE3596BBB0DA73B887C9171F93095B294AE857FBE2645E1BA5");
}

// final() resets to the keyed state: the same object MACs a second message correctly.
TEST(Hmac, ReusableAfterFinal) {
  Hmac<Sha256> h(as_bytes("Jefe"));
  std::array<std::uint8_t, 32> out;
  h.update(as_bytes("something else"));
  h.final(out);
  h.update(as_bytes("what do ya "));
  h.update(as_bytes("want for nothing?"));
  h.final(out);
  EXPECT_EQ(to_hex(out), "5BDCC146BF60754E6A042426089575C75A003F089D2739839DEC58B964EC3843");
}

TEST(Hkdf, MaximumLengthAccepted) {
  const Bytes ikm(32, 1);
  Bytes okm(255 * 32);
  EXPECT_TRUE(hkdf<Sha256>({}, ikm, {}, okm).has_value());
  Bytes okm512(255 * 64);
  EXPECT_TRUE(hkdf_sha512({}, ikm, {}, okm512).has_value());
  // The first block is HKDF with L = 32.
  Bytes first(32);
  ASSERT_TRUE(hkdf<Sha256>({}, ikm, {}, first).has_value());
  EXPECT_EQ(to_hex(first), to_hex(std::span(okm).first(32)));
}

TEST(Hkdf, TooLongOutputRejectedAndZeroed) {
  const Bytes ikm(32, 1);
  Bytes okm(255 * 32 + 1, 0xee);
  Result<void> r = hkdf<Sha256>({}, ikm, {}, okm);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error(), Error::invalid_length);
  EXPECT_STREQ(r.what(), "HKDF output length (L > 255 * HashLen)");
  EXPECT_EQ(okm, Bytes(okm.size(), 0));
  r = hkdf_sha256({}, ikm, {}, okm);  // the exported one-shot forwards the failure
  ASSERT_FALSE(r.has_value());
  EXPECT_STREQ(r.what(), "HKDF output length (L > 255 * HashLen)");

  std::array<std::uint8_t, 48> prk{};
  Bytes okm384(255 * 48 + 1, 0xee);
  r = hkdf_expand<Sha384>(prk, {}, okm384);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error(), Error::invalid_length);
  EXPECT_STREQ(r.what(), "HKDF output length (L > 255 * HashLen)");
  EXPECT_EQ(okm384, Bytes(okm384.size(), 0));

  Bytes okm3(255 * 32 + 1, 0xee);
  r = hkdf<Sha3_256>({}, ikm, {}, okm3);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error(), Error::invalid_length);
}

TEST(Hkdf, ShortPrkRejected) {
  const Bytes prk(31, 7);
  Bytes okm(16, 0xee);
  Result<void> r = hkdf_expand<Sha256>(prk, {}, okm);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error(), Error::invalid_length);
  EXPECT_STREQ(r.what(), "HKDF PRK");
  EXPECT_EQ(okm, Bytes(16, 0));
}

TEST(Hkdf, ZeroLengthOutput) {
  const Bytes ikm(32, 1);
  Bytes okm;
  EXPECT_TRUE(hkdf_sha256({}, ikm, {}, okm).has_value());
}

}  // namespace
}  // namespace tessera::test
