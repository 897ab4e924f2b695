#include "support/acvp.hpp"

#include <cstdlib>
#include <limits>
#include <stdexcept>

namespace tessera::test {

std::uint64_t acvp_u64(const nlohmann::json& v) {
  return v.is_string() ? static_cast<std::uint64_t>(std::stoull(v.get<std::string>())) : v.get<std::uint64_t>();
}

std::size_t acvp_size(const nlohmann::json& v) {
  // Bit lengths of the LDT messages (2^33 bits and more) do not fit a 32-bit size_t: refuse
  // rather than truncate (a 1 GiB message's 2^33 bits became 0 on -m32, the empty message).
  const std::uint64_t n = acvp_u64(v);
  if constexpr (sizeof(std::size_t) < sizeof(std::uint64_t)) {
    if (n > std::numeric_limits<std::size_t>::max())
      throw std::out_of_range("ACVP size " + std::to_string(n) + " does not fit size_t");
  }
  return static_cast<std::size_t>(n);
}

bool slow_tests_enabled() {
  const char* slow = std::getenv("TESSERA_SLOW_TESTS");
  return slow != nullptr && std::string(slow) == "1";
}

void PerBackendAndSet::SetUp() {
  const Backend b = std::get<0>(GetParam());
  auto forced = BackendOverride::force(b);
  if (!forced) GTEST_SKIP() << "backend " << backend_name(b) << " is not available on this CPU/build";
  override_.emplace(std::move(*forced));
}

std::string vector_set_param_name(const char* folder, Backend b) {
  std::string name = std::string(folder) + "_" + std::string(backend_name(b));
  for (char& c : name) {
    if (c == '-' || c == '.') c = '_';
  }
  return name;
}

std::size_t run_large_data_tests(const nlohmann::json& vector_set, bool want_large, const char* folder,
                                 const std::function<Bytes(const Bytes&, std::uint64_t)>& hash) {
  // 64-bit throughout: 1 GiB is 2^33 bits and the slow cases reach 8 GiB (2^36 bits), beyond
  // a 32-bit size_t (std::size_t{8} << 30 was 0 there).
  constexpr std::uint64_t kOneGiBBits = std::uint64_t{8} << 30;
  std::size_t checked = 0;
  for (const auto& g : vector_set.at("testGroups")) {
    if (g.at("testType") != "LDT") continue;
    for (const auto& t : g.at("tests")) {
      const auto& lm = t.at("largeMsg");
      const std::uint64_t full_bits = acvp_u64(lm.at("fullLength"));
      if ((full_bits > kOneGiBBits) != want_large) continue;
      EXPECT_EQ(lm.at("expansionTechnique"), "repeating");
      const Bytes content = from_hex(lm.at("content").get<std::string>());
      EXPECT_EQ(acvp_size(lm.at("contentLength")), 8 * content.size());
      if (content.empty() || full_bits % (8 * content.size()) != 0) {
        ADD_FAILURE() << folder << " LDT tcId " << t.at("tcId") << ": content does not tile the message";
        continue;
      }
      Bytes chunk;
      while (chunk.size() < (std::size_t{1} << 20)) chunk.insert(chunk.end(), content.begin(), content.end());
      EXPECT_EQ(to_hex(hash(chunk, full_bits / 8)), t.at("md").get<std::string>())
          << folder << " LDT tcId " << t.at("tcId");
      ++checked;
    }
  }
  return checked;
}

}  // namespace tessera::test
