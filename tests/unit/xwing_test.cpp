// X-Wing (include/tessera/xwing.hpp): every field of the draft's vectors
// (../shared/vectors/xwing: seed, sk, pk, eseed, ct, ss), and the errors.
#include <tessera/xwing.hpp>

#include "support/hex.hpp"
#include "support/vectors.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>

namespace tessera {
namespace {

using test::Bytes;
using test::from_hex;

template <class S>
Bytes to_vec(const S& s) {
  return Bytes(s.begin(), s.end());
}
template <std::size_t N>
Bytes to_vec(const SecretArray<N>& s) {
  return Bytes(s.data(), s.data() + N);
}

TEST(XWing, DraftVectors) {
  const auto path = test::vectors_dir() / "xwing" / "test-vectors.json";
  std::ifstream in(path);
  if (!in) TESSERA_VECTORS_MISSING("X-Wing vectors not found: " + path.string());
  nlohmann::json cases;
  try {
    cases = nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    TESSERA_VECTORS_MISSING(path.string() + " does not parse: " + e.what());
  }
  ASSERT_TRUE(cases.is_array() && !cases.empty());
  for (const auto& c : cases) {
    const Bytes seed = from_hex(c.at("seed").get<std::string>());
    auto kp = XWing::keygen_internal(seed);
    ASSERT_TRUE(kp) << kp.what();
    EXPECT_EQ(to_vec(kp->private_key.bytes()), from_hex(c.at("sk").get<std::string>()));
    EXPECT_EQ(to_vec(kp->public_key.bytes()), from_hex(c.at("pk").get<std::string>()));
    auto pk = XWing::PublicKey::from_bytes(from_hex(c.at("pk").get<std::string>()));
    ASSERT_TRUE(pk);
    auto enc = XWing::encaps_internal(*pk, from_hex(c.at("eseed").get<std::string>()));
    ASSERT_TRUE(enc);
    EXPECT_EQ(to_vec(enc->ciphertext), from_hex(c.at("ct").get<std::string>()));
    EXPECT_EQ(to_vec(enc->shared_secret), from_hex(c.at("ss").get<std::string>()));
    auto ss = XWing::decapsulate(kp->private_key, from_hex(c.at("ct").get<std::string>()));
    ASSERT_TRUE(ss);
    EXPECT_EQ(to_vec(*ss), from_hex(c.at("ss").get<std::string>()));
  }
}

TEST(XWing, RejectsWrongLengthsAndBadKeys) {
  auto kp = XWing::generate_key();
  ASSERT_TRUE(kp);
  EXPECT_EQ(XWing::PrivateKey::from_bytes(Bytes(31)).error(), Error::invalid_length);
  EXPECT_EQ(XWing::PublicKey::from_bytes(Bytes(1215)).error(), Error::invalid_length);
  EXPECT_EQ(XWing::decapsulate(kp->private_key, Bytes(1119)).error(), Error::invalid_length);
  Bytes pk = to_vec(kp->public_key.bytes());
  pk[0] = 0xFF, pk[1] = 0x0F;  // first coefficient of t_hat = 4095 >= q (FIPS 203 s7.2)
  EXPECT_EQ(XWing::PublicKey::from_bytes(pk).error(), Error::invalid_key);
  // A low-order ct_X is no error: X-Wing relies on ML-KEM's implicit rejection.
  auto enc = XWing::encapsulate(kp->public_key);
  ASSERT_TRUE(enc);
  Bytes ct = to_vec(enc->ciphertext);
  std::fill(ct.end() - 32, ct.end(), 0);
  EXPECT_TRUE(XWing::decapsulate(kp->private_key, ct));
}

}  // namespace
}  // namespace tessera
