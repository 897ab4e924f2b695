// FIPS 197 examples (Appendix A key expansion, Appendix B cipher, Appendix C.1-C.3) and
// GCM examples from the GCM specification (McGrew and Viega, test cases 1, 2, 13, 14, and
// 5 and 6 with 64- and 480-bit IVs through the public API), run once per backend.
#include <tessera/aead.hpp>
#include <tessera/aes.hpp>

#include "support/backends.hpp"
#include "support/hex.hpp"
#include "symmetric/aes.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>

namespace tessera::test {
namespace {

class AesKat : public PerBackend {};

std::string encrypt_hex(const std::string& key_hex, const std::string& pt_hex) {
  const Bytes key = from_hex(key_hex), pt = from_hex(pt_hex);
  Aes aes;
  EXPECT_TRUE(aes.set_key(key).has_value());
  Bytes ct(pt.size());
  EXPECT_TRUE(aes.encrypt_blocks(pt, ct).has_value());
  return to_hex(ct);
}

TEST_P(AesKat, Fips197AppendixC) {
  const std::string pt = "00112233445566778899AABBCCDDEEFF";
  EXPECT_EQ(encrypt_hex("000102030405060708090A0B0C0D0E0F", pt), "69C4E0D86A7B0430D8CDB78070B4C55A");
  EXPECT_EQ(encrypt_hex("000102030405060708090A0B0C0D0E0F1011121314151617", pt),
            "DDA97CA4864CDFE06EAF70A0EC0D7191");
  EXPECT_EQ(encrypt_hex("000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F", pt),
            "8EA2B7CA516745BFEAFC49904B496089");
}

TEST_P(AesKat, Fips197AppendixB) {
  EXPECT_EQ(encrypt_hex("2B7E151628AED2A6ABF7158809CF4F3C", "3243F6A8885A308D313198A2E0370734"),
            "3925841D02DC09FBDC118597196A0B32");
}

TEST_P(AesKat, Fips197AppendixAKeyExpansion) {
  const Bytes key = from_hex("2B7E151628AED2A6ABF7158809CF4F3C");
  aes::RoundKeys rk{};
  aes::kernels().expand_key(rk, key.data(), key.size());
  EXPECT_EQ(rk.rounds, 10);
  EXPECT_EQ(to_hex({rk.bytes + 16 * 10, 16}), "D014F9A8C9EE2589E13F0CC8B6630CA6");  // w[40..43]
  // AES-256 (Appendix A.3): w[56..59].
  const Bytes key256 =
      from_hex("603DEB1015CA71BE2B73AEF0857D77811F352C073B6108D72D9810A30914DFF4");
  aes::kernels().expand_key(rk, key256.data(), key256.size());
  EXPECT_EQ(rk.rounds, 14);
  EXPECT_EQ(to_hex({rk.bytes + 16 * 14, 16}), "FE4890D1E6188D0B046DF344706C631E");
}

TEST_P(AesKat, Ctr32WrapsTheLowWordOnly) {
  // inc_32 (SP 800-38D, Section 6.2) leaves the first 12 bytes alone.
  const Bytes key = from_hex("000102030405060708090A0B0C0D0E0F");
  Aes aes;
  ASSERT_TRUE(aes.set_key(key).has_value());
  std::array<std::uint8_t, 16> ctr{};
  for (auto& b : ctr) b = 0xFF;
  const Bytes zeros(33, 0);
  Bytes ks(33);
  ASSERT_TRUE(aes.ctr32_xor(ctr, zeros, ks).has_value());
  EXPECT_EQ(to_hex(ctr), "FFFFFFFFFFFFFFFFFFFFFFFF00000002");
  Bytes b0 = from_hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"), e0(16);
  Bytes b1 = from_hex("FFFFFFFFFFFFFFFFFFFFFFFF00000000"), e1(16);
  ASSERT_TRUE(aes.encrypt_blocks(b0, e0).has_value());
  ASSERT_TRUE(aes.encrypt_blocks(b1, e1).has_value());
  EXPECT_EQ(to_hex({ks.data(), 16}), to_hex(e0));
  EXPECT_EQ(to_hex({ks.data() + 16, 16}), to_hex(e1));
}

struct GcmCase {
  const char *key, *iv, *pt, *aad, *ct, *tag;
};
// The GCM specification's test cases 1, 2, 13 and 14 (zero key, zero IV), 5 and 6.
constexpr GcmCase kGcmCases[] = {
    {"00000000000000000000000000000000", "000000000000000000000000", "", "", "",
     "58E2FCCEFA7E3061367F1D57A4E7455A"},
    {"00000000000000000000000000000000", "000000000000000000000000",
     "00000000000000000000000000000000", "", "0388DACE60B6A392F328C2B971B2FE78",
     "AB6E47D42CEC13BDF53A67B21257BDDF"},
    {"0000000000000000000000000000000000000000000000000000000000000000",
     "000000000000000000000000", "", "", "", "530F8AFBC74536B9A963B4F1C4CB738B"},
    {"0000000000000000000000000000000000000000000000000000000000000000",
     "000000000000000000000000", "00000000000000000000000000000000", "",
     "CEA7403D4D606B6E074EC5D3BAF39D18", "D0D1C8A799996BF0265B98B5D48AB919"},
    // Test case 5: a 64-bit IV (J0 = GHASH(IV || 0^(s+64) || [len(IV)]_64), SP 800-38D,
    // Algorithm 4 step 2).
    {"FEFFE9928665731C6D6A8F9467308308", "CAFEBABEFACEDBAD",
     "D9313225F88406E5A55909C5AFF5269A86A7A9531534F7DA2E4C303D8A318A721C3C0C95956809532FCF0E2449A6B525"
     "B16AEDF5AA0DE657BA637B39",
     "FEEDFACEDEADBEEFFEEDFACEDEADBEEFABADDAD2",
     "61353B4C2806934A777FF51FA22A4755699B2A714FCDC6F83766E5F97B6C742373806900E49F24B22B097544D4896B42"
     "4989B5E1EBAC0F07C23F4598",
     "3612D2E79E3B0785561BE14AACA2FCCB"},
    // Test case 6: a 480-bit IV.
    {"FEFFE9928665731C6D6A8F9467308308",
     "9313225DF88406E555909C5AFF5269AA6A7A9538534F7DA1E4C303D2A318A728C3C0C95156809539FCF0E2429A6B5254"
     "16AEDBF5A0DE6A57A637B39B",
     "D9313225F88406E5A55909C5AFF5269A86A7A9531534F7DA2E4C303D8A318A721C3C0C95956809532FCF0E2449A6B525"
     "B16AEDF5AA0DE657BA637B39",
     "FEEDFACEDEADBEEFFEEDFACEDEADBEEFABADDAD2",
     "8CE24998625615B603A033ACA13FB894BE9112A5C3A211A8BA262A3CCA7E2CA701E4A9A4FBA43C90CCDCB281D48C7C6F"
     "D62875D2ACA417034C34AEE5",
     "619CC5AEFFFE0BFA462AF43C1699D050"},
};

TEST_P(AesKat, GcmSpecificationCases) {
  for (const GcmCase& c : kGcmCases) {
    const Bytes key = from_hex(c.key), iv = from_hex(c.iv), pt = from_hex(c.pt), aad = from_hex(c.aad);
    Bytes ct(pt.size()), tag(16), back(pt.size());
    ASSERT_TRUE(aes_gcm_seal(key, iv, aad, pt, ct, tag).has_value());
    EXPECT_EQ(to_hex(ct), c.ct);
    EXPECT_EQ(to_hex(tag), c.tag);
    ASSERT_TRUE(aes_gcm_open(key, iv, aad, ct, tag, back).has_value());
    EXPECT_EQ(back, pt);
  }
}

TESSERA_INSTANTIATE_PER_BACKEND(AesKat);

}  // namespace
}  // namespace tessera::test
