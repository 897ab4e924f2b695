// NIST ACVP vectors for SHA-2 (AFT, MCT standard and alternate, LDT), run once per
// backend. Only byte-oriented messages are supported (every vector here has len % 8 == 0;
// a bit-oriented one fails the test rather than being skipped).
#include <tessera/backend.hpp>
#include <tessera/sha2.hpp>

#include "support/acvp.hpp"
#include "support/hex.hpp"
#include "support/vectors.hpp"

#include <gtest/gtest.h>

#include <array>
#include <iterator>
#include <string>

namespace tessera::test {
namespace {

// Hashes `total` bytes made of `chunk` repeated (and cut), fed in chunk-sized updates.
// total is 64-bit: the LDT messages (up to 8 GiB) exceed a 32-bit size_t.
template <class H>
Bytes digest_repeated(const Bytes& chunk, std::uint64_t total) {
  H h;
  while (total > 0) {
    const std::size_t n = total < chunk.size() ? static_cast<std::size_t>(total) : chunk.size();
    h.update(std::span(chunk.data(), n));
    total -= n;
  }
  std::array<std::uint8_t, H::digest_bytes> d;
  h.final(d);
  return Bytes(d.begin(), d.end());
}

struct Algo {
  const char* folder;
  Bytes (*hash)(const Bytes& chunk, std::uint64_t total);
};
// The ACVP vector sets that exist (../shared/vectors/README.md): none for SHA-512/224 and
// SHA-512/256, which tests/unit/sha2_test.cpp checks against the FIPS 180-4 examples and
// the other SHA-2 code paths instead (listing absent files would fail CI, which requires
// every listed vector file).
constexpr Algo kAlgos[] = {
    {"SHA2-224-1.0", digest_repeated<Sha224>}, {"SHA2-256-1.0", digest_repeated<Sha256>},
    {"SHA2-384-1.0", digest_repeated<Sha384>}, {"SHA2-512-1.0", digest_repeated<Sha512>}};
constexpr int kAlgoCount = static_cast<int>(std::size(kAlgos));

Bytes hash(const Algo& a, const Bytes& m) { return a.hash(m, m.size()); }

class Sha2Acvp : public PerBackendAndSet {
 protected:
  const Algo& algo() const { return kAlgos[set_index()]; }
};

TEST_P(Sha2Acvp, Functional) {
  const Algo& a = algo();
  TESSERA_LOAD_ACVP_OR_SKIP(j, a.folder, "internalProjection.json");
  std::size_t checked = 0;
  for (const auto& g : j.at("testGroups")) {
    if (g.at("testType") != "AFT") continue;
    for (const auto& t : g.at("tests")) {
      const std::size_t len = acvp_size(t.at("len"));
      ASSERT_EQ(len % 8, 0u) << "bit-oriented message: unsupported, tcId " << t.at("tcId");
      Bytes msg = from_hex(t.at("msg").get<std::string>());
      msg.resize(len / 8);  // len 0 comes with msg "00"
      ASSERT_EQ(to_hex(hash(a, msg)), t.at("md").get<std::string>()) << a.folder << " tcId " << t.at("tcId");
      ++checked;
    }
  }
  EXPECT_GT(checked, 0u) << "no AFT cases in " << a.folder;
}

// ACVP SHA-2 Monte Carlo. Standard: MSG = A || B || C; alternate: the same, cut or
// zero-extended to the seed's length. A = B = C = SEED at the start of each of the 100
// outputs; each output is the last of 1000 digests.
TEST_P(Sha2Acvp, MonteCarlo) {
  const Algo& a = algo();
  TESSERA_LOAD_ACVP_OR_SKIP(j, a.folder, "internalProjection.json");
  std::size_t checked = 0;
  for (const auto& g : j.at("testGroups")) {
    if (g.at("testType") != "MCT") continue;
    const std::string version = g.contains("mctVersion") ? g.at("mctVersion").get<std::string>() : "standard";
    ASSERT_TRUE(version == "standard" || version == "alternate") << version;
    for (const auto& t : g.at("tests")) {
      Bytes seed = from_hex(t.at("msg").get<std::string>());
      const std::size_t seed_len = acvp_size(t.at("len")) / 8;
      seed.resize(seed_len);
      for (const auto& expected : t.at("resultsArray")) {
        Bytes a_ = seed, b_ = seed, c_ = seed, md;
        for (int i = 0; i < 1000; ++i) {
          Bytes msg = a_;
          msg.insert(msg.end(), b_.begin(), b_.end());
          msg.insert(msg.end(), c_.begin(), c_.end());
          if (version == "alternate") msg.resize(seed_len, 0);
          md = hash(a, msg);
          a_ = std::move(b_);
          b_ = std::move(c_);
          c_ = md;
        }
        ASSERT_EQ(to_hex(md), expected.at("md").get<std::string>()) << a.folder << " MCT " << version;
        seed = md;
        ++checked;
      }
    }
  }
  if (checked == 0) GTEST_SKIP() << a.folder << " has no MCT group in this vector set";
}

// Large-data tests: the content repeated up to fullLength bits (1 to 8 GiB). The 1 GiB
// cases always run; the larger ones only with TESSERA_SLOW_TESTS=1.
void large_data(const Algo& a, bool want_large) {
  if (want_large && !slow_tests_enabled()) GTEST_SKIP() << "2-8 GiB inputs: set TESSERA_SLOW_TESTS=1 to run";
  TESSERA_LOAD_ACVP_OR_SKIP(j, a.folder, "internalProjection.json");
  if (run_large_data_tests(j, want_large, a.folder, a.hash) == 0) {
    GTEST_SKIP() << a.folder << " has no large-data case of this size";
  }
}

TEST_P(Sha2Acvp, LargeData1GiB) { large_data(algo(), false); }
TEST_P(Sha2Acvp, LargeDataOver1GiB) { large_data(algo(), true); }

std::string param_name(const ::testing::TestParamInfo<Sha2Acvp::ParamType>& info) {
  return vector_set_param_name(kAlgos[std::get<1>(info.param)].folder, std::get<0>(info.param));
}

INSTANTIATE_TEST_SUITE_P(Vectors, Sha2Acvp,
                         ::testing::Combine(::testing::ValuesIn(kAllBackends), ::testing::Range(0, kAlgoCount)),
                         param_name);

}  // namespace
}  // namespace tessera::test
