#include "support/vectors.hpp"

#include <cstdlib>
#include <fstream>

namespace tessera::test {

std::filesystem::path vectors_dir() {
  if (const char* env = std::getenv("TESSERA_VECTORS_DIR"); env != nullptr && *env != '\0') return env;
  return TESSERA_DEFAULT_VECTORS_DIR;
}

bool vectors_required() {
  const char* env = std::getenv("TESSERA_REQUIRE_VECTORS");
  return env != nullptr && std::string(env) == "1";
}

std::optional<nlohmann::json> load_acvp(const std::string& name, const std::string& file, std::string* why) {
  const std::filesystem::path path = vectors_dir() / "acvp" / name / file;
  std::ifstream in(path);
  if (!in) {
    *why = "vectors not found: " + path.string() + " (set TESSERA_VECTORS_DIR)";
    return std::nullopt;
  }
  nlohmann::json j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) {
    *why = "malformed JSON in " + path.string();
    return std::nullopt;
  }
  return j;
}

}  // namespace tessera::test
