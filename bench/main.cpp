// tessera-bench: runs the registered cases (bench/cases/*.cpp) on the chosen backends and
// prints wolfCrypt-style lines after a machine header; --json also writes the records.
#include "machine.hpp"
#include "options.hpp"
#include "registry.hpp"
#include "report.hpp"
#include "runner.hpp"

#include <tessera/backend.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace tb = tessera::bench;

namespace {

std::vector<const tb::Case*> selected_cases(const tb::Options& o) {
  std::vector<const tb::Case*> out;
  for (const tb::Case& c : tb::registry()) {
    if (!o.filter || std::regex_search(c.filter_key(), *o.filter)) out.push_back(&c);
  }
  return out;
}

std::vector<std::size_t> block_sizes(const std::vector<const tb::Case*>& cases) {
  std::vector<std::size_t> sizes;
  for (const tb::Case* c : cases) {
    if (c->kind == tb::Kind::bytes && std::find(sizes.begin(), sizes.end(), c->block_bytes) == sizes.end())
      sizes.push_back(c->block_bytes);
  }
  std::sort(sizes.begin(), sizes.end());
  return sizes;
}

int run(const tb::Options& o) {
  const std::vector<const tb::Case*> cases = selected_cases(o);
  if (o.list) {
    for (const tb::Case* c : cases) std::fputs(tb::format_list_line(*c).c_str(), stdout);
    return 0;
  }
  if (cases.empty()) {
    std::fprintf(stderr, "tessera-bench: no case matches --filter '%s' (see --list)\n", o.filter_text.c_str());
    return 2;
  }
  std::vector<tessera::Backend> backends = o.backends;
  if (backends.empty()) backends.push_back(tessera::active_backend());

  const tb::MachineInfo machine = tb::machine_info();
  std::fputs(tb::format_header(machine, backends, block_sizes(cases), o.seconds).c_str(), stdout);

  const tb::RunConfig config{.seconds = o.seconds, .warmup_seconds = o.warmup_seconds};
  nlohmann::json records = nlohmann::json::array();
  for (tessera::Backend b : backends) {
    auto forced = tessera::BackendOverride::force(b);
    if (!forced) {  // parse_options checked availability; kept for safety
      std::fprintf(stderr, "tessera-bench: cannot use backend %s\n", std::string(tessera::backend_name(b)).c_str());
      return 2;
    }
    if (backends.size() > 1) std::printf("\nBackend: %s\n", std::string(tessera::backend_name(b)).c_str());
    for (const tb::Case* c : cases) {
      const tb::Op op = c->prepare();
      const tb::Measurement m = tb::run_case(op, config);
      std::fputs(tb::format_line(*c, m).c_str(), stdout);
      std::fflush(stdout);
      records.push_back(tb::json_record(*c, b, m, machine));
    }
  }

  if (!o.json_path.empty()) {
    std::ofstream out(o.json_path);
    out << records.dump(2) << '\n';
    if (!out) {
      std::fprintf(stderr, "tessera-bench: cannot write %s\n", o.json_path.c_str());
      return 1;
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string_view program = argc > 0 ? std::string_view(argv[0]) : "tessera-bench";
  const std::vector<std::string_view> args(argv + (argc > 0 ? 1 : 0), argv + argc);
  const tb::ParseResult parsed = tb::parse_options(args);
  if (!parsed.ok()) {
    std::fprintf(stderr, "tessera-bench: %s\n\n%s", parsed.error.c_str(), tb::usage(program).c_str());
    return 2;
  }
  if (parsed.options.help) {
    std::fputs(tb::usage(program).c_str(), stdout);
    return 0;
  }
  if (tessera::Result<void> env = tessera::environment_backend_status(); !env) {
    std::fprintf(stderr, "tessera-bench: TESSERA_BACKEND: %s; available: %s\n",
                 tessera::error_message(env.error()), tb::available_backends().c_str());
    return 2;
  }
  return run(parsed.options);
}
