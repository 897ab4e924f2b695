// Locating and loading known-answer vectors. The folder is TESSERA_VECTORS_DIR, else
// ../shared/vectors beside the source tree. A missing or unparsable file makes the test
// SKIP with the reason (never pass), or FAIL when TESSERA_REQUIRE_VECTORS=1 (CI sets it:
// there, vectors that cannot be read are an error, not an excuse).
#pragma once

#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <string>

namespace tessera::test {

std::filesystem::path vectors_dir();

// True when TESSERA_REQUIRE_VECTORS=1: missing vectors fail instead of skipping.
bool vectors_required();

// Loads <vectors>/acvp/<name>/<file>; on failure returns nullopt and sets *why.
std::optional<nlohmann::json> load_acvp(const std::string& name, const std::string& file,
                                        std::string* why);

}  // namespace tessera::test

// Ends the test for vectors that cannot be used: SKIPPED with the reason, or FAILED
// (with the same reason) under TESSERA_REQUIRE_VECTORS=1.
#define TESSERA_VECTORS_MISSING(why)                                                     \
  do {                                                                                   \
    if (::tessera::test::vectors_required()) GTEST_FAIL() << "TESSERA_REQUIRE_VECTORS=1: " << (why); \
    GTEST_SKIP() << (why);                                                               \
  } while (0)

// Loads an ACVP file into `var`, or ends the test as TESSERA_VECTORS_MISSING says.
#define TESSERA_LOAD_ACVP_OR_SKIP(var, name, file)                         \
  nlohmann::json var;                                                      \
  do {                                                                     \
    std::string why_;                                                      \
    auto loaded_ = ::tessera::test::load_acvp(name, file, &why_);          \
    if (!loaded_) TESSERA_VECTORS_MISSING(why_);                           \
    var = std::move(*loaded_);                                             \
  } while (0)
