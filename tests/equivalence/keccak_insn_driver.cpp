// Driver for counting dynamic instructions of one Keccak kernel under qemu-user
// (scripts/ci-aarch64.sh --insns, docs/aarch64.md): `keccak-insn-driver <backend> <kernel> <calls>`
// runs keccak::kernels_for(<backend>).<kernel> <calls> times on one state and prints a
// checksum (so the calls cannot be dropped). The per-call count is
// (count(calls = N) - count(calls = 0)) / N: everything else (start-up, table building,
// printing) is the same in both runs. These are instruction counts, not cycles.
// absorb_blocks: one call absorbs 4 blocks of 17 lanes (SHA3-256/SHAKE256's rate);
// squeeze_blocks: one call squeezes 4 blocks of 21 lanes (SHAKE128's rate).
#include <tessera/backend.hpp>

#include "insn_driver.hpp"
#include "hash/keccak/keccak.hpp"

#include <cstdint>
#include <cstdio>
#include <string_view>

int main(int argc, char** argv) {
  using namespace tessera;
  const auto args = test::parse_insn_driver_args(argc, argv, "f1600|f1600_x4|f1600_x8|absorb_blocks|squeeze_blocks");
  if (!args) return 2;
  const Backend backend = args->backend;
  const keccak::Kernels& k = keccak::kernels_for(backend);
  const std::string_view kernel = args->what;
  const long calls = args->calls;
  std::uint64_t sum = 0;
  if (kernel == "f1600") {
    std::uint64_t s[25] = {1};
    for (long i = 0; i < calls; ++i) k.f1600(s);
    for (std::uint64_t x : s) sum ^= x;
  } else if (kernel == "f1600_x4") {
    keccak::State4 s{};
    s.lanes[0][0] = 1;
    for (long i = 0; i < calls; ++i) k.f1600_x4(s);
    for (const auto& lane : s.lanes)
      for (std::uint64_t x : lane) sum ^= x;
  } else if (kernel == "f1600_x8") {
    keccak::State8 s{};
    s.lanes[0][0] = 1;
    for (long i = 0; i < calls; ++i) k.f1600_x8(s);
    for (const auto& lane : s.lanes)
      for (std::uint64_t x : lane) sum ^= x;
  } else if (kernel == "absorb_blocks" || kernel == "squeeze_blocks") {
    std::uint64_t s[25] = {1};
    std::uint8_t buf[4 * 21 * 8] = {};
    for (long i = 0; i < calls; ++i) {
      if (kernel == "absorb_blocks") k.absorb_blocks(s, buf, 4, 17);
      else k.squeeze_blocks(s, buf, 4, 21);
      buf[i % sizeof buf] ^= static_cast<std::uint8_t>(s[0]);
    }
    for (std::uint64_t x : s) sum ^= x;
    for (std::uint8_t x : buf) sum += x;
  } else {
    std::fprintf(stderr, "unknown kernel %s\n", argv[2]);
    return 2;
  }
  std::printf("%s %s %ld calls: checksum %016llx\n", argv[1], argv[2], calls, static_cast<unsigned long long>(sum));
  return 0;
}
