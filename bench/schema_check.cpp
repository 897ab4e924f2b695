#include "schema_check.hpp"

namespace tessera::bench {
namespace {

using nlohmann::json;

bool has_type(const json& v, const std::string& type) {
  if (type == "string") return v.is_string();
  if (type == "integer") return v.is_number_integer();
  if (type == "number") return v.is_number();
  if (type == "boolean") return v.is_boolean();
  if (type == "object") return v.is_object();
  if (type == "array") return v.is_array();
  return false;
}

class Checker {
 public:
  std::vector<std::string> errors;

  void fail(std::size_t index, const std::string& what) {
    errors.push_back("record " + std::to_string(index) + ": " + what);
  }

  void required(const json& record, const json& keys, std::size_t index, const std::string& why) {
    for (const json& key : keys) {
      if (!record.contains(key.get<std::string>())) fail(index, "missing " + key.get<std::string>() + why);
    }
  }

  void property(const json& value, const json& rule, std::size_t index, const std::string& key) {
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
};

}  // namespace

std::vector<std::string> check_results(const json& schema, const json& results) {
  Checker c;
  if (!results.is_array()) {
    c.errors.push_back("results: not an array");
    return c.errors;
  }
  const std::size_t min_items = schema.value("minItems", 0u);
  if (results.size() < min_items) {
    c.errors.push_back("results: " + std::to_string(results.size()) + " records, expected at least " +
                       std::to_string(min_items));
    return c.errors;
  }
  const json& item = schema.at("items");
  for (std::size_t i = 0; i < results.size(); ++i) {
    const json& record = results[i];
    if (!record.is_object()) {
      c.fail(i, "not an object");
      continue;
    }
    c.required(record, item.at("required"), i, "");
    for (const auto& [key, rule] : item.at("properties").items()) {
      if (record.contains(key)) c.property(record[key], rule, i, key);
    }
    for (const json& rule : item.value("allOf", json::array())) {
      for (const auto& [key, cond] : rule.at("if").at("properties").items()) {
        if (record.contains(key) && record[key] == cond.at("const")) {
          c.required(record, rule.at("then").at("required"), i,
                     " (required when " + key + " is " + cond.at("const").dump() + ")");
        }
      }
    }
  }
  return c.errors;
}

}  // namespace tessera::bench
