// NIST ACVP HMAC-SHA2-256 vectors (revisions 1.0 and 2.0), once per backend. The expected
// MAC is the leftmost macLen bits of HMAC (FIPS 198-1, Section 5: truncation).
#include <tessera/backend.hpp>
#include <tessera/hmac.hpp>

#include "support/acvp.hpp"
#include "support/hex.hpp"
#include "support/vectors.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>

namespace tessera::test {
namespace {

const char* const kFolders[] = {"HMAC-SHA2-256-1.0", "HMAC-SHA2-256-2.0"};

class HmacAcvp : public PerBackendAndSet {};

TEST_P(HmacAcvp, Sha256) {
  const char* folder = kFolders[set_index()];
  TESSERA_LOAD_ACVP_OR_SKIP(j, folder, "internalProjection.json");
  std::size_t checked = 0;
  for (const auto& g : j.at("testGroups")) {
    ASSERT_EQ(g.at("testType"), "AFT");
    for (const auto& t : g.at("tests")) {
      const std::size_t key_bits = acvp_size(t.contains("keyLen") ? t.at("keyLen") : g.at("keyLen"));
      const std::size_t msg_bits = acvp_size(t.contains("msgLen") ? t.at("msgLen") : g.at("msgLen"));
      const std::size_t mac_bits = acvp_size(t.contains("macLen") ? t.at("macLen") : g.at("macLen"));
      ASSERT_EQ(key_bits % 8 + msg_bits % 8 + mac_bits % 8, 0u) << "bit-oriented lengths, tcId " << t.at("tcId");
      Bytes key = from_hex(t.at("key").get<std::string>());
      Bytes msg = from_hex(t.at("msg").get<std::string>());
      key.resize(key_bits / 8);
      msg.resize(msg_bits / 8);
      std::array<std::uint8_t, 32> mac;
      // Alternate one-shot and incremental (split message) use.
      if (checked % 2 == 0) {
        hmac_sha256(key, msg, mac);
      } else {
        Hmac<Sha256> h(key);
        h.update(std::span(msg).first(msg.size() / 3));
        h.update(std::span(msg).subspan(msg.size() / 3));
        h.final(mac);
      }
      ASSERT_EQ(to_hex(std::span(mac).first(mac_bits / 8)), t.at("mac").get<std::string>())
          << folder << " tcId " << t.at("tcId");
      ++checked;
    }
  }
  EXPECT_GT(checked, 0u);
}

std::string param_name(const ::testing::TestParamInfo<HmacAcvp::ParamType>& info) {
  return vector_set_param_name(kFolders[std::get<1>(info.param)], std::get<0>(info.param));
}

INSTANTIATE_TEST_SUITE_P(Vectors, HmacAcvp,
                         ::testing::Combine(::testing::ValuesIn(kAllBackends), ::testing::Range(0, 2)),
                         param_name);

}  // namespace
}  // namespace tessera::test
