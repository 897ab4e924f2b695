// Locating and loading known-answer vectors. The folder is TESSERA_VECTORS_DIR, else
// ../shared/vectors beside the source tree. A missing file makes the test SKIP with the
// reason (never pass).
#pragma once

#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <string>

namespace tessera::test {

std::filesystem::path vectors_dir();

// Loads <vectors>/acvp/<name>/<file>; on failure returns nullopt and sets *why.
std::optional<nlohmann::json> load_acvp(const std::string& name, const std::string& file,
                                        std::string* why);

}  // namespace tessera::test

// Loads an ACVP file into `var`, or skips the test with the reason.
#define TESSERA_LOAD_ACVP_OR_SKIP(var, name, file)                         \
  nlohmann::json var;                                                      \
  do {                                                                     \
    std::string why_;                                                      \
    auto loaded_ = ::tessera::test::load_acvp(name, file, &why_);          \
    if (!loaded_) GTEST_SKIP() << why_;                                    \
    var = std::move(*loaded_);                                             \
  } while (0)
