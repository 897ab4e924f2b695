// NIST ACVP vectors for SHA3-224/256/384/512 (AFT, MCT, LDT) and SHAKE128/256 (AFT, VOT,
// MCT), run once per backend. ACVP writes bit strings left-aligned: a message of len bits
// is the first len bits, most significant first, of its hex bytes; digests likewise.
#include <tessera/backend.hpp>
#include <tessera/sha3.hpp>

#include "support/acvp.hpp"
#include "support/hex.hpp"
#include "support/vectors.hpp"

#include <gtest/gtest.h>

#include <string>

namespace tessera::test {
namespace {

struct Algo {
  const char* folder;
  std::size_t rate_bytes;
  std::uint8_t domain;      // 0x06 SHA-3, 0x1F SHAKE
  std::size_t digest_bits;  // 0 for SHAKE (output length is per test)
};
constexpr Algo kAlgos[] = {
    {"SHA3-224-2.0", 144, 0x06, 224}, {"SHA3-256-2.0", 136, 0x06, 256},
    {"SHA3-384-2.0", 104, 0x06, 384}, {"SHA3-512-2.0", 72, 0x06, 512},
    {"SHAKE-128-FIPS202", 168, 0x1F, 0}, {"SHAKE-256-FIPS202", 136, 0x1F, 0}};

// Hashes the first msg_bits bits of msg and returns out_bits bits, in ACVP's layout.
Bytes keccak(const Algo& a, const Bytes& msg, std::size_t msg_bits, std::size_t out_bits) {
  detail::KeccakSponge s(a.rate_bytes, a.domain);
  s.absorb(std::span(msg.data(), msg_bits / 8));
  const unsigned tail = static_cast<unsigned>(msg_bits % 8);
  if (tail != 0) {
    // ACVP's last partial byte holds the bits in its top positions.
    s.absorb_final_bits(static_cast<std::uint8_t>(msg[msg_bits / 8] >> (8 - tail)), tail);
  }
  Bytes out((out_bits + 7) / 8);
  s.squeeze(out);
  if (out_bits % 8 != 0) {
    const unsigned keep = static_cast<unsigned>(out_bits % 8);
    out.back() = static_cast<std::uint8_t>((out.back() & ((1u << keep) - 1)) << (8 - keep));
  }
  return out;
}

class Sha3Acvp : public PerBackendAndSet {
 protected:
  const Algo& algo() const { return kAlgos[set_index()]; }
};

std::size_t out_bits_of(const Algo& a, const nlohmann::json& t) {
  return a.digest_bits != 0 ? a.digest_bits : acvp_size(t.at("outLen"));
}

TEST_P(Sha3Acvp, FunctionalAndVariableOutput) {
  const Algo& a = algo();
  TESSERA_LOAD_ACVP_OR_SKIP(j, a.folder, "internalProjection.json");
  std::size_t checked = 0;
  for (const auto& g : j.at("testGroups")) {
    const std::string type = g.at("testType");
    if (type != "AFT" && type != "VOT") continue;
    for (const auto& t : g.at("tests")) {
      const Bytes msg = from_hex(t.at("msg").get<std::string>());
      const Bytes got = keccak(a, msg, acvp_size(t.at("len")), out_bits_of(a, t));
      ASSERT_EQ(to_hex(got), t.at("md").get<std::string>()) << a.folder << " tcId " << t.at("tcId");
      ++checked;
    }
  }
  EXPECT_GT(checked, 0u) << "no AFT/VOT cases in " << a.folder;
}

// SHA-3 Monte Carlo (ACVP SHA-3 spec, "standard"): MD[i] = SHA3(MD[i-1]), 1000 per output.
// SHAKE Monte Carlo: MSG[i] = leftmost 128 bits of MD[i-1]; the output length of the next
// step comes from the rightmost 16 bits of MD[i].
TEST_P(Sha3Acvp, MonteCarlo) {
  const Algo& a = algo();
  TESSERA_LOAD_ACVP_OR_SKIP(j, a.folder, "internalProjection.json");
  std::size_t checked = 0;
  for (const auto& g : j.at("testGroups")) {
    if (g.at("testType") != "MCT") continue;
    if (g.contains("mctVersion") && g.at("mctVersion") != "standard") {
      ADD_FAILURE() << "unsupported mctVersion " << g.at("mctVersion") << " in " << a.folder;
      continue;
    }
    for (const auto& t : g.at("tests")) {
      Bytes md = from_hex(t.at("msg").get<std::string>());
      if (a.digest_bits != 0) {
        for (const auto& expected : t.at("resultsArray")) {
          for (int i = 0; i < 1000; ++i) md = keccak(a, md, 8 * md.size(), a.digest_bits);
          ASSERT_EQ(to_hex(md), expected.at("md").get<std::string>()) << a.folder << " MCT";
          ++checked;
        }
      } else {
        const std::size_t min_bytes = acvp_size(g.at("minOutLen")) / 8, max_bytes = acvp_size(g.at("maxOutLen")) / 8;
        const std::size_t range = max_bytes - min_bytes + 1;
        std::size_t out_bytes = max_bytes;
        for (const auto& expected : t.at("resultsArray")) {
          for (int i = 0; i < 1000; ++i) {
            Bytes msg(16, 0);
            for (std::size_t k = 0; k < 16 && k < md.size(); ++k) msg[k] = md[k];
            md = keccak(a, msg, 128, 8 * out_bytes);
            const std::size_t right16 = static_cast<std::size_t>(md[md.size() - 2]) << 8 | md.back();
            out_bytes = min_bytes + right16 % range;
          }
          ASSERT_EQ(to_hex(md), expected.at("md").get<std::string>()) << a.folder << " MCT";
          ++checked;
        }
      }
    }
  }
  if (checked == 0) GTEST_SKIP() << a.folder << " has no MCT group in this vector set";
}

// Large-data tests: the content repeated up to fullLength bits (1 to 8 GiB). The 1 GiB
// cases always run; the larger ones only with TESSERA_SLOW_TESTS=1.
// total is 64-bit: the LDT messages (up to 8 GiB) exceed a 32-bit size_t.
Bytes absorb_repeated(const Algo& a, const Bytes& chunk, std::uint64_t total) {
  detail::KeccakSponge s(a.rate_bytes, a.domain);
  while (total > 0) {
    const std::size_t n = total < chunk.size() ? static_cast<std::size_t>(total) : chunk.size();
    s.absorb(std::span(chunk.data(), n));
    total -= n;
  }
  Bytes out(a.digest_bits / 8);
  s.squeeze(out);
  return out;
}

void large_data(const Algo& a, bool want_large) {
  if (a.digest_bits == 0) GTEST_SKIP() << "ACVP has no large-data test for SHAKE";
  if (want_large && !slow_tests_enabled()) GTEST_SKIP() << "2-8 GiB inputs: set TESSERA_SLOW_TESTS=1 to run";
  TESSERA_LOAD_ACVP_OR_SKIP(j, a.folder, "internalProjection.json");
  const std::size_t checked = run_large_data_tests(
      j, want_large, a.folder, [&](const Bytes& chunk, std::uint64_t total) { return absorb_repeated(a, chunk, total); });
  if (checked == 0) GTEST_SKIP() << a.folder << " has no large-data case of this size";
}

TEST_P(Sha3Acvp, LargeData1GiB) { large_data(algo(), false); }
TEST_P(Sha3Acvp, LargeDataOver1GiB) { large_data(algo(), true); }

std::string param_name(const ::testing::TestParamInfo<Sha3Acvp::ParamType>& info) {
  return vector_set_param_name(kAlgos[std::get<1>(info.param)].folder, std::get<0>(info.param));
}

INSTANTIATE_TEST_SUITE_P(Vectors, Sha3Acvp,
                         ::testing::Combine(::testing::ValuesIn(kAllBackends), ::testing::Range(0, 6)),
                         param_name);

}  // namespace
}  // namespace tessera::test
