// Helpers shared by the ACVP test files: field parsing, per-backend fixtures with a second
// parameter, and the large-data (LDT) loop of the hash vector sets.
#pragma once

#include <tessera/backend.hpp>

#include "support/backends.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <tuple>

namespace tessera::test {

// ACVP writes sizes sometimes as numbers, sometimes as strings. acvp_u64 for sizes that may
// exceed 32 bits (LDT fullLength: 2^33 bits and more); acvp_size throws std::out_of_range
// when the value does not fit size_t (32-bit targets) instead of truncating it.
std::uint64_t acvp_u64(const nlohmann::json& v);
std::size_t acvp_size(const nlohmann::json& v);

// TESSERA_SLOW_TESTS=1 enables the multi-GiB vectors.
bool slow_tests_enabled();

// A test parameterized by (backend, index into a table of vector sets); forces the backend
// or SKIPs with the reason.
class PerBackendAndSet : public ::testing::TestWithParam<std::tuple<Backend, int>> {
 protected:
  void SetUp() override;
  void TearDown() override { override_.reset(); }
  int set_index() const { return std::get<1>(GetParam()); }

 private:
  std::optional<BackendOverride> override_;
};

// "SHA3_256_2_0_avx2" from folder names and the backend.
std::string vector_set_param_name(const char* folder, Backend b);

// Runs every LDT case whose size is at most 1 GiB (want_large false) or above it (true):
// hash(chunk, total_bytes) must return the digest; chunk is the content repeated to 1 MiB.
// total_bytes is 64-bit: the 2-8 GiB cases exceed a 32-bit size_t. Returns how many cases ran.
std::size_t run_large_data_tests(const nlohmann::json& vector_set, bool want_large, const char* folder,
                                 const std::function<Bytes(const Bytes& chunk, std::uint64_t total_bytes)>& hash);

}  // namespace tessera::test
