// tessera-bench-validate SCHEMA RESULTS: checks a tessera-bench --json file against the
// record fields bench/schema/bench-result.schema.json lists. Not a JSON Schema engine: it
// understands exactly the keywords that schema uses (top-level array/minItems; per record
// required, properties with type/enum/minimum/exclusiveMinimum/minLength, and allOf
// entries "if kind == X then required [...]"). Exit 0 valid, 1 invalid, 2 unreadable.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <string>

using nlohmann::json;

namespace {

bool has_type(const json& v, const std::string& type) {
  if (type == "string") return v.is_string();
  if (type == "integer") return v.is_number_integer();
  if (type == "number") return v.is_number();
  if (type == "boolean") return v.is_boolean();
  if (type == "object") return v.is_object();
  if (type == "array") return v.is_array();
  return false;
}

int errors = 0;

void fail(std::size_t index, const std::string& what) {
  std::fprintf(stderr, "record %zu: %s\n", index, what.c_str());
  ++errors;
}

void check_required(const json& record, const json& required, std::size_t index, const std::string& why) {
  for (const json& key : required) {
    if (!record.contains(key.get<std::string>())) fail(index, "missing " + key.get<std::string>() + why);
  }
}

void check_property(const json& value, const json& rule, std::size_t index, const std::string& key) {
  if (rule.contains("type") && !has_type(value, rule["type"].get<std::string>())) {
    fail(index, key + " is not of type " + rule["type"].get<std::string>() + ": " + value.dump());
    return;
  }
  if (rule.contains("enum")) {
    bool found = false;
    for (const json& e : rule["enum"]) found = found || e == value;
    if (!found) fail(index, key + " = " + value.dump() + " is not one of " + rule["enum"].dump());
  }
  if (value.is_number()) {
    const double v = value.get<double>();
    if (rule.contains("minimum") && v < rule["minimum"].get<double>()) fail(index, key + " below minimum");
    if (rule.contains("exclusiveMinimum") && v <= rule["exclusiveMinimum"].get<double>())
      fail(index, key + " not above " + rule["exclusiveMinimum"].dump());
  }
  if (value.is_string() && rule.contains("minLength") &&
      value.get<std::string>().size() < rule["minLength"].get<std::size_t>())
    fail(index, key + " is too short");
}

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
  if (!results.is_array()) {
    std::fprintf(stderr, "results: not an array\n");
    return 1;
  }
  if (results.size() < schema.value("minItems", 0u)) {
    std::fprintf(stderr, "results: %zu records, expected at least %u\n", results.size(),
                 schema.value("minItems", 0u));
    return 1;
  }
  const json& item = schema.at("items");
  for (std::size_t i = 0; i < results.size(); ++i) {
    const json& record = results[i];
    if (!record.is_object()) {
      fail(i, "not an object");
      continue;
    }
    check_required(record, item.at("required"), i, "");
    for (const auto& [key, rule] : item.at("properties").items()) {
      if (record.contains(key)) check_property(record[key], rule, i, key);
    }
    for (const json& rule : item.value("allOf", json::array())) {
      for (const auto& [key, cond] : rule.at("if").at("properties").items()) {
        if (record.contains(key) && record[key] == cond.at("const")) {
          check_required(record, rule.at("then").at("required"), i,
                         " (required when " + key + " is " + cond.at("const").dump() + ")");
        }
      }
    }
  }
  if (errors != 0) {
    std::fprintf(stderr, "%d error(s) in %s\n", errors, argv[2]);
    return 1;
  }
  std::printf("%zu records valid against %s\n", results.size(), argv[1]);
  return 0;
}
