// Driver for counting dynamic instructions of ML-KEM kernels and operations under qemu-user
// (scripts/ci-aarch64.sh --insns, docs/aarch64.md): `mlkem-insn-driver <backend> <what> <calls>`
// runs <what> <calls> times with the kernels of <backend> and prints a checksum (so the
// calls cannot be dropped). <what> is a kernel (ntt, invntt, mulcache, basemul_acc3: k = 3,
// reduce, tomont) or an ML-KEM-768 operation (keygen, encaps, decaps: the public API with
// the backend forced, fixed seeds; encaps and decaps start from a key made before the
// loop). The per-call count is (count(calls = N) - count(calls = 0)) / N: everything else
// (start-up, table building, the key made before the loop, printing) is the same in both
// runs. These are instruction counts, not cycles.
#include <tessera/backend.hpp>
#include <tessera/mlkem.hpp>

#include "insn_driver.hpp"
#include "mlkem/kernels.hpp"

#include <array>
#include <cstdint>
#include <cstdio>
#include <string_view>

int main(int argc, char** argv) {
  using namespace tessera;
  using mlkem::MlKem768;
  const auto args = test::parse_insn_driver_args(argc, argv,
                                                 "ntt|invntt|mulcache|basemul_acc3|reduce|tomont|keygen|encaps|decaps");
  if (!args) return 2;
  const Backend backend = args->backend;
  auto forced = BackendOverride::force(backend);
  if (!forced) return 2;
  const mlkem::Kernels& k = mlkem::kernels_for(backend);
  const std::string_view what = args->what;
  const long calls = args->calls;
  static std::int16_t a[1024], c[512], r[256];
  for (int i = 0; i < 1024; ++i) a[i] = static_cast<std::int16_t>(i * 7 % 3000 - 1500);
  std::array<std::uint8_t, 64> seed{};
  std::array<std::uint8_t, 32> m{};
  for (std::size_t i = 0; i < seed.size(); ++i) seed[i] = static_cast<std::uint8_t>(i);
  const auto kp = MlKem768::keygen_internal(std::span(seed).first(32), std::span(seed).last(32));
  if (!kp) return 2;
  const auto enc = MlKem768::encaps_internal(kp->public_key, m);
  if (!enc) return 2;
  std::uint32_t sum = 0;
  for (long i = 0; i < calls; ++i) {
    if (what == "ntt") {
      k.ntt(a);
    } else if (what == "invntt") {
      k.invntt(a);
    } else if (what == "mulcache") {
      k.mulcache(c, a);
    } else if (what == "basemul_acc3") {
      k.basemul_acc(r, a, a + 256, c, 3);
    } else if (what == "reduce") {
      k.reduce(a);
    } else if (what == "tomont") {
      k.tomont(a);
    } else if (what == "keygen") {
      seed[0] = static_cast<std::uint8_t>(i);
      const auto x = MlKem768::keygen_internal(std::span(seed).first(32), std::span(seed).last(32));
      sum += x ? x->public_key.bytes()[0] : 0;
    } else if (what == "encaps") {
      m[0] = static_cast<std::uint8_t>(i);
      const auto x = MlKem768::encaps_internal(kp->public_key, m);
      sum += x ? x->ciphertext.data()[0] : 0;
    } else if (what == "decaps") {
      const auto x = MlKem768::decapsulate(kp->private_key, enc->ciphertext);
      sum += x ? x->data()[0] : 0;
    } else {
      std::fprintf(stderr, "unknown kernel or operation %s\n", argv[2]);
      return 2;
    }
  }
  for (std::int16_t x : a) sum += static_cast<std::uint16_t>(x);
  for (std::int16_t x : r) sum += static_cast<std::uint16_t>(x);
  std::printf("%s %s %ld calls: checksum %08x\n", argv[1], argv[2], calls, static_cast<unsigned>(sum));
  return 0;
}
