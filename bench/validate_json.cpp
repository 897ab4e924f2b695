// tessera-bench-validate SCHEMA RESULTS: checks a tessera-bench --json file against the
// record fields bench/schema/bench-result.schema.json lists (the checks: schema_check.hpp).
// Exit 0 valid, 1 invalid, 2 unreadable.
#include "schema_check.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <string>

using nlohmann::json;

namespace {

bool read_json(const char* path, json& out) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "cannot open %s\n", path);
    return false;
  }
  try {
    out = json::parse(in);
  } catch (const json::exception& e) {
    std::fprintf(stderr, "%s: %s\n", path, e.what());
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s SCHEMA RESULTS\n", argv[0]);
    return 2;
  }
  json schema, results;
  if (!read_json(argv[1], schema) || !read_json(argv[2], results)) return 2;
  const std::vector<std::string> errors = tessera::bench::check_results(schema, results);
  for (const std::string& e : errors) std::fprintf(stderr, "%s\n", e.c_str());
  if (!errors.empty()) {
    std::fprintf(stderr, "%zu error(s) in %s\n", errors.size(), argv[2]);
    return 1;
  }
  std::printf("%zu records valid against %s\n", results.size(), argv[1]);
  return 0;
}
