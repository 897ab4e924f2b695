// Checks tessera-bench --json results against bench/schema/bench-result.schema.json. Not a
// JSON Schema engine: it understands exactly the keywords that schema uses (top-level
// array/minItems; per record required, properties with type/enum/minimum/exclusiveMinimum/
// minLength, and allOf entries "if <property> == X then required [...]"). Used by
// tessera-bench-validate and by `tessera-bench compare` on every file it reads.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace tessera::bench {

// The problems found, e.g. "record 3: missing cycles_median"; empty: valid.
std::vector<std::string> check_results(const nlohmann::json& schema, const nlohmann::json& results);

// The schema file's text as it was when the bench was built (schema_text.cpp.in).
std::string_view embedded_schema_text();

}  // namespace tessera::bench
