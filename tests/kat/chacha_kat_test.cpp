// RFC 8439 examples: the ChaCha20 block function (2.3.2), ChaCha20 encryption (2.4.2),
// Poly1305 (2.5.2) and AEAD_CHACHA20_POLY1305 (2.8.2), run once per backend.
#include <tessera/aead.hpp>

#include "support/backends.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#include <string>

namespace tessera::test {
namespace {

class ChaChaKat : public PerBackend {};

const Bytes kKey00To1F = from_hex("000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F");
// "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the
// future, sunscreen would be it."
const char* const kSunscreen =
    "4C616469657320616E642047656E746C656D656E206F662074686520636C617373206F66202739393A2049"
    "6620492063";
std::string sunscreen_hex() {
  return std::string(kSunscreen) +
         "6F756C64206F6666657220796F75206F6E6C79206F6E652074697020666F7220746865206675747572"
         "652C2073756E73637265656E20776F756C642062652069742E";
}

TEST_P(ChaChaKat, BlockFunction_2_3_2) {
  const Bytes nonce = from_hex("000000090000004A00000000");
  Bytes ks(64);
  ASSERT_TRUE(chacha20_xor(kKey00To1F, nonce, 1, Bytes(64, 0), ks).has_value());
  EXPECT_EQ(to_hex(ks),
            "10F1E7E4D13B5915500FDD1FA32071C4C7D1F4C733C068030422AA9AC3D46C4ED2826446079FAA09"
            "14C2D705D98B02A2B5129CD1DE164EB9CBD083E8A2503C4E");
}

TEST_P(ChaChaKat, Encryption_2_4_2) {
  const Bytes nonce = from_hex("000000000000004A00000000");
  const Bytes pt = from_hex(sunscreen_hex());
  Bytes ct(pt.size());
  ASSERT_TRUE(chacha20_xor(kKey00To1F, nonce, 1, pt, ct).has_value());
  EXPECT_EQ(to_hex(ct),
            "6E2E359A2568F98041BA0728DD0D6981E97E7AEC1D4360C20A27AFCCFD9FAE0BF91B65C5524733AB"
            "8F593DABCD62B3571639D624E65152AB8F530C359F0861D807CA0DBF500D6A6156A38E088A22B65E"
            "52BC514D16CCF806818CE91AB77937365AF90BBF74A35BE6B40B8EEDF2785E42874D");
}

TEST_P(ChaChaKat, Poly1305_2_5_2) {
  const Bytes key = from_hex("85D6BE7857556D337F4452FE42D506A80103808AFB0DB2FD4ABFF6AF4149F51B");
  const std::string msg = "Cryptographic Forum Research Group";
  Bytes tag(16);
  ASSERT_TRUE(poly1305_mac(key, {reinterpret_cast<const std::uint8_t*>(msg.data()), msg.size()}, tag)
                  .has_value());
  EXPECT_EQ(to_hex(tag), "A8061DC1305136C6C22B8BAF0C0127A9");
}

TEST_P(ChaChaKat, Aead_2_8_2) {
  Bytes key(32);
  for (int i = 0; i < 32; ++i) key[i] = static_cast<std::uint8_t>(0x80 + i);
  const Bytes nonce = from_hex("070000004041424344454647");
  const Bytes aad = from_hex("50515253C0C1C2C3C4C5C6C7");
  const Bytes pt = from_hex(sunscreen_hex());
  Bytes ct(pt.size()), tag(16);
  ASSERT_TRUE(chacha20_poly1305_seal(key, nonce, aad, pt, ct, tag).has_value());
  EXPECT_EQ(to_hex(ct),
            "D31A8D34648E60DB7B86AFBC53EF7EC2A4ADED51296E08FEA9E2B5A736EE62D63DBEA45E8CA96712"
            "82FAFB69DA92728B1A71DE0A9E060B2905D6A5B67ECD3B3692DDBD7F2D778B8C9803AEE328091B58"
            "FAB324E4FAD675945585808B4831D7BC3FF4DEF08E4B7A9DE576D26586CEC64B6116");
  EXPECT_EQ(to_hex(tag), "1AE10B594F09E26A7E902ECBD0600691");
  Bytes back(ct.size());
  ASSERT_TRUE(chacha20_poly1305_open(key, nonce, aad, ct, tag, back).has_value());
  EXPECT_EQ(back, pt);
  tag[15] ^= 1;
  auto bad = chacha20_poly1305_open(key, nonce, aad, ct, tag, back);
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error(), Error::authentication_failed);
  EXPECT_EQ(back, Bytes(ct.size(), 0));
}

TESSERA_INSTANTIATE_PER_BACKEND(ChaChaKat);

}  // namespace
}  // namespace tessera::test
