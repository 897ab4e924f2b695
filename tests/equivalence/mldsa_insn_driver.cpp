// Driver for counting dynamic instructions of ML-DSA kernels and operations under qemu-user
// (scripts/ci-aarch64.sh --insns, docs/aarch64.md): `mldsa-insn-driver <backend> <what> <calls>`
// runs <what> <calls> times with the kernels of <backend> and prints a checksum (so the
// calls cannot be dropped). <what> is a kernel (ntt, invntt, pointwise_acc5: n = 5, pointwise)
// or an ML-DSA-65 operation (keygen, sign: deterministic, the same message every call, so
// every call runs the same rejection loop; verify), through the public API with the backend
// forced. The per-call count is (count(calls = N) - count(calls = 0)) / N: everything else
// (start-up, table building, the key and signature made before the loop, printing) is the
// same in both runs. These are instruction counts, not cycles.
#include <tessera/backend.hpp>
#include <tessera/mldsa.hpp>

#include "insn_driver.hpp"
#include "mldsa/kernels.hpp"

#include <array>
#include <cstdint>
#include <cstdio>
#include <string_view>

int main(int argc, char** argv) {
  using namespace tessera;
  const auto args =
      test::parse_insn_driver_args(argc, argv, "ntt|invntt|pointwise_acc5|pointwise|keygen|sign|verify");
  if (!args) return 2;
  const Backend backend = args->backend;
  auto forced = BackendOverride::force(backend);
  if (!forced) return 2;
  const mldsa::Kernels& k = mldsa::kernels_for(backend);
  const std::string_view what = args->what;
  const long calls = args->calls;
  static mldsa::Poly a[5], c[5], r;
  for (int p = 0; p < 5; ++p)
    for (int i = 0; i < mldsa::kN; ++i) {
      a[p].coeffs[i] = (i * 7919 + p) % 16000 - 8000;
      c[p].coeffs[i] = (i * 104729 + p) % 16000 - 8000;
    }
  std::array<std::uint8_t, 32> xi{};
  const std::array<std::uint8_t, 32> msg{1, 2, 3};
  const auto kp = MlDsa65::keygen_internal(xi);
  if (!kp) return 2;
  const auto sig = MlDsa65::sign(kp->private_key, msg, {}, mldsa::Signing::deterministic);
  if (!sig) return 2;
  std::uint32_t sum = 0;
  for (long i = 0; i < calls; ++i) {
    if (what == "ntt") {
      r = a[1];  // a fresh input below q each call (ntt's bound); the copy costs the same everywhere
      k.ntt(r);
    } else if (what == "invntt") {
      k.invntt_tomont(a[0]);
    } else if (what == "pointwise_acc5") {
      k.pointwise_acc(r, a, c, 5);
    } else if (what == "pointwise") {
      k.pointwise(r, a[0], c[0]);
    } else if (what == "keygen") {
      xi[0] = static_cast<std::uint8_t>(i);
      const auto x = MlDsa65::keygen_internal(xi);
      sum += x ? x->public_key.bytes()[0] : 0;
    } else if (what == "sign") {
      const auto x = MlDsa65::sign(kp->private_key, msg, {}, mldsa::Signing::deterministic);
      sum += x ? (*x)[0] : 0;
    } else if (what == "verify") {
      sum += MlDsa65::verify(kp->public_key, msg, *sig) ? 1 : 0;
    } else {
      std::fprintf(stderr, "unknown kernel or operation %s\n", argv[2]);
      return 2;
    }
  }
  for (std::int32_t x : a[0].coeffs) sum += static_cast<std::uint32_t>(x);
  for (std::int32_t x : r.coeffs) sum += static_cast<std::uint32_t>(x);
  std::printf("%s %s %ld calls: checksum %08x\n", argv[1], argv[2], calls, static_cast<unsigned>(sum));
  return 0;
}
