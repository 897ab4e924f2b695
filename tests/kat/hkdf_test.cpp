// HKDF (RFC 5869): the RFC's SHA-256 test cases (Appendix A.1-A.3; A.4-A.7 use SHA-1,
// which Tessera does not provide) and the ACVP KDA-HKDF sample (BoringSSL acvptool data,
// files holding [sessionHeader, vectorSet]).
#include <tessera/hkdf.hpp>

#include "support/hex.hpp"
#include "support/vectors.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <string>

namespace tessera::test {
namespace {

Bytes range(int from, int to) {  // bytes from, from+1, ..., to-1
  Bytes b;
  for (int i = from; i < to; ++i) b.push_back(static_cast<std::uint8_t>(i));
  return b;
}

struct Rfc5869Case {
  const char* name;
  Bytes ikm, salt, info;
  std::size_t l;
  const char* prk;
  const char* okm;
};

TEST(HkdfRfc5869, Sha256TestCases) {
  const Rfc5869Case cases[] = {
      {"A.1", Bytes(22, 0x0b), range(0x00, 0x0d), range(0xf0, 0xfa), 42,
       "077709362C2E32DF0DDC3F0DC47BBA6390B6C73BB50F9C3122EC844AD7C2B3E5",
       "3CB25F25FAACD57A90434F64D0362F2A2D2D0A90CF1A5A4C5DB02D56ECC4C5BF34007208D5B887185865"},
      {"A.2", range(0x00, 0x50), range(0x60, 0xb0), range(0xb0, 0x100), 82,
       "06A6B88C5853361A06104C9CEB35B45CEF760014904671014A193F40C15FC244",
       "B11E398DC80327A1C8E7F78C596A49344F012EDA2D4EFAD8A050CC4C19AFA97C59045A99CAC7827271CB41C65E590E09"
       "DA3275600C2F09B8367793A9ACA3DB71CC30C58179EC3E87C14C01D5C1F3434F1D87"},
      {"A.3", Bytes(22, 0x0b), Bytes{}, Bytes{}, 42,
       "19EF24A32C717B167F33A91D6F648BDF96596776AFDB6377AC434C1C293CCB04",
       "8DA4E775A563C18F715F802A063C5A31B8A11F5C5EE1879EC3454E5F3C738D2D9D201395FAA4B61A96C8"},
  };
  for (const auto& c : cases) {
    std::array<std::uint8_t, 32> prk;
    hkdf_extract<Sha256>(c.salt, c.ikm, prk);
    EXPECT_EQ(to_hex(prk), c.prk) << c.name;
    Bytes okm(c.l);
    ASSERT_TRUE(hkdf_expand<Sha256>(prk, c.info, okm).has_value()) << c.name;
    EXPECT_EQ(to_hex(okm), c.okm) << c.name;
    Bytes okm2(c.l);
    ASSERT_TRUE(hkdf_sha256(c.salt, c.ikm, c.info, okm2).has_value()) << c.name;
    EXPECT_EQ(to_hex(okm2), c.okm) << c.name;
  }
}

std::string upper(std::string s) {
  for (char& ch : s) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return s;
}

// DKM = HKDF(salt, Z, FixedInfo, L) with FixedInfo = uPartyInfo || vPartyInfo and
// PartyInfo = partyId || ephemeralData (SP 800-56C Rev. 2, Section 5.8.2's concatenation).
Bytes kda_dkm(const std::string& hmac_alg, const nlohmann::json& t) {
  const auto& kp = t.at("kdfParameter");
  Bytes info;
  for (const char* party : {"fixedInfoPartyU", "fixedInfoPartyV"}) {
    const auto& p = t.at(party);
    const Bytes id = from_hex(p.at("partyId").get<std::string>());
    info.insert(info.end(), id.begin(), id.end());
    if (p.contains("ephemeralData")) {
      const Bytes eph = from_hex(p.at("ephemeralData").get<std::string>());
      info.insert(info.end(), eph.begin(), eph.end());
    }
  }
  const Bytes salt = from_hex(kp.at("salt").get<std::string>());
  const Bytes z = from_hex(kp.at("z").get<std::string>());
  Bytes dkm(kp.at("l").get<std::size_t>() / 8);
  Result<void> r = Error::unsupported;
  if (hmac_alg == "SHA2-224") r = hkdf<Sha224>(salt, z, info, dkm);
  else if (hmac_alg == "SHA2-256") r = hkdf<Sha256>(salt, z, info, dkm);
  else if (hmac_alg == "SHA2-384") r = hkdf<Sha384>(salt, z, info, dkm);
  else if (hmac_alg == "SHA2-512") r = hkdf<Sha512>(salt, z, info, dkm);
  else if (hmac_alg == "SHA2-512/224") r = hkdf<Sha512_224>(salt, z, info, dkm);
  else if (hmac_alg == "SHA2-512/256") r = hkdf<Sha512_256>(salt, z, info, dkm);
  else if (hmac_alg == "SHA3-224") r = hkdf<Sha3_224>(salt, z, info, dkm);
  else if (hmac_alg == "SHA3-256") r = hkdf<Sha3_256>(salt, z, info, dkm);
  else if (hmac_alg == "SHA3-384") r = hkdf<Sha3_384>(salt, z, info, dkm);
  else if (hmac_alg == "SHA3-512") r = hkdf<Sha3_512>(salt, z, info, dkm);
  EXPECT_TRUE(r.has_value()) << "hmacAlg " << hmac_alg;
  return dkm;
}

void run_kda(const char* prompt_file, const char* results_file) {
  std::string why;
  auto prompt = load_acvp("KDA-HKDF-boringssl-sample", prompt_file, &why);
  auto results = load_acvp("KDA-HKDF-boringssl-sample", results_file, &why);
  if (!prompt || !results) TESSERA_VECTORS_MISSING(why);
  const auto& vs = prompt->at(1);
  std::map<int, nlohmann::json> expected;
  for (const auto& g : results->at(1).at("testGroups"))
    for (const auto& t : g.at("tests")) expected[t.at("tcId").get<int>()] = t;
  std::size_t checked = 0;
  for (const auto& g : vs.at("testGroups")) {
    const auto& cfg = g.at("kdfConfiguration");
    ASSERT_EQ(cfg.at("kdfType"), "hkdf");
    ASSERT_EQ(cfg.at("fixedInfoPattern"), "uPartyInfo||vPartyInfo");
    ASSERT_EQ(cfg.at("fixedInfoEncoding"), "concatenation");
    const std::string alg = cfg.at("hmacAlg");
    for (const auto& t : g.at("tests")) {
      const int tc = t.at("tcId").get<int>();
      ASSERT_TRUE(expected.count(tc)) << "no expected result for tcId " << tc;
      const std::string got = to_hex(kda_dkm(alg, t));
      if (g.at("testType") == "AFT") {
        EXPECT_EQ(got, upper(expected[tc].at("dkm").get<std::string>())) << prompt_file << " tcId " << tc;
      } else {
        const bool match = got == upper(t.at("dkm").get<std::string>());
        EXPECT_EQ(match, expected[tc].at("testPassed").get<bool>()) << prompt_file << " VAL tcId " << tc;
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 0u);
}

TEST(HkdfAcvp, KdaHkdfSha224And512_256) { run_kda("prompt_HKDF.json", "expectedResults_HKDF.json"); }
TEST(HkdfAcvp, KdaHkdfSha256) { run_kda("prompt_KDA.json", "expectedResults_KDA.json"); }

}  // namespace
}  // namespace tessera::test
