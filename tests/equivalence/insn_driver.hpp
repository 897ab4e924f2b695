// The command line shared by the instruction-count drivers (*_insn_driver.cpp, run under
// qemu-user by scripts/ci-aarch64.sh --insns): `<driver> <backend> <what> <calls>`. Prints
// the usage or the reason and returns nothing when the arguments are wrong or the backend
// is not available here.
#pragma once

#include <tessera/backend.hpp>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string_view>

namespace tessera::test {

struct InsnDriverArgs {
  Backend backend;
  std::string_view what;  // the kernel or operation
  long calls;
};

// whats: the accepted <what> names for the usage line, e.g. "ntt|invntt".
inline std::optional<InsnDriverArgs> parse_insn_driver_args(int argc, char** argv, const char* whats) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s portable|neon|... %s <calls>\n", argv[0], whats);
    return std::nullopt;
  }
  const Result<Backend> b = parse_backend(argv[1]);
  if (!b || !backend_available(*b)) {
    std::fprintf(stderr, "backend %s not available\n", argv[1]);
    return std::nullopt;
  }
  return InsnDriverArgs{*b, argv[2], std::strtol(argv[3], nullptr, 10)};
}

}  // namespace tessera::test
