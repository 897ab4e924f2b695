// tessera::random_bytes() throughput (the per-thread Hash_DRBG with SHA-256 of
// SP 800-90A, seeded from the OS), 1 KiB and 16 KiB per call.
#include "registry.hpp"

#include <tessera/random.hpp>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

namespace tessera::bench {
namespace {

Case rng_case(std::size_t block) {
  return bytes_case("RNG", "random_bytes", block, [block]() -> Op {
    auto out = std::make_shared<std::vector<std::uint8_t>>(block);
    return [out] {
      if (!random_bytes(*out)) std::abort();  // the entropy source failed
      do_not_optimize(out->data());
    };
  }, 1, "RNG");
}

std::vector<Case> make_cases() { return {rng_case(1024), rng_case(16384)}; }

const Registration kCases{make_cases()};

}  // namespace
}  // namespace tessera::bench
