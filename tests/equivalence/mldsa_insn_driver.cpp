// Driver for counting dynamic instructions of ML-DSA kernels and operations under qemu-user
// (scripts/ci-aarch64.sh --insns, docs/aarch64.md): `mldsa-insn-driver <backend> <what> <calls>`
// runs <what> <calls> times with the kernels of <backend> and prints a checksum (so the
// calls cannot be dropped). <what> is a kernel (ntt, invntt, pointwise_acc5: n = 5, pointwise;
// with ML-DSA-65's parameters: decompose, make_hint, use_hint, norm_exceeds, pack_z, unpack_z,
// pack_w1, rej_uniform: one 840-byte buffer, 256 coefficients; pack_t0, and pack_eta2 and
// pack_eta4 with eta = 2 and 4: skEncode's packers) or an ML-DSA-65 operation (keygen;
// sk_bytes: the private key's encoding, skEncode, Algorithm 24, which keygen_internal leaves
// to bytes(); sign: deterministic, the same message every call, so
// every call runs the same rejection loop; verify), through the public API with the backend
// forced. The per-call count is (count(calls = N) - count(calls = 0)) / N: everything else
// (start-up, table building, the key and signature made before the loop, printing) is the
// same in both runs. These are instruction counts, not cycles.
#include <tessera/backend.hpp>
#include <tessera/mldsa.hpp>

#include "insn_driver.hpp"
#include "mldsa/kernels.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>

int main(int argc, char** argv) {
  using namespace tessera;
  const auto args =
      test::parse_insn_driver_args(argc, argv,
                                   "ntt|invntt|pointwise_acc5|pointwise|decompose|make_hint|use_hint|norm_exceeds|"
                                   "pack_z|unpack_z|pack_w1|rej_uniform|pack_t0|pack_eta2|pack_eta4|"
                                   "keygen|sk_bytes|sign|verify");
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
  // The rounding, hint and packing kernels' inputs, made once (ML-DSA-65: gamma2 = (q - 1) / 32,
  // gamma1 = 2^19): u, v in [0, q), hints in {0, 1}, w1 in [0, 16), a packed z, XOF-like bytes.
  constexpr std::int32_t g2 = (mldsa::kQ - 1) / 32;
  static mldsa::Poly u, v, h, w1, scratch;
  static std::uint8_t zbuf[32 * 20], w1buf[32 * 4], rbuf[5 * 168], t0buf[32 * 13];
  static mldsa::Poly t0, s2, s4;  // t0 in (-2^12, 2^12], s in [-2, 2] and [-4, 4]
  for (int j = 0; j < mldsa::kN; ++j) {
    u.coeffs[j] = (a[1].coeffs[j] + 8000) * 523 % mldsa::kQ;
    v.coeffs[j] = (c[1].coeffs[j] + 8000) * 521 % mldsa::kQ;
    h.coeffs[j] = j & 1;
    t0.coeffs[j] = a[4].coeffs[j] / 2 + 1;
    s2.coeffs[j] = (j * 7 + 3) % 5 - 2;
    s4.coeffs[j] = (j * 7 + 3) % 9 - 4;
  }
  mldsa::kernels_for(Backend::portable).decompose(w1, scratch, u, g2);
  mldsa::kernels_for(Backend::portable).pack_z(zbuf, a[3], 19);
  for (std::size_t j = 0; j < sizeof rbuf; ++j) rbuf[j] = static_cast<std::uint8_t>(j * 97 + 13);
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
    } else if (what == "decompose") {
      k.decompose(r, scratch, u, g2);
    } else if (what == "make_hint") {
      sum += k.make_hint(r, u, v, g2);
    } else if (what == "use_hint") {
      k.use_hint(r, u, h, g2);
    } else if (what == "norm_exceeds") {
      sum += k.norm_exceeds(a[2], 7000);
    } else if (what == "pack_z") {
      k.pack_z(zbuf, a[3], 19);
      sum += zbuf[7];
    } else if (what == "unpack_z") {
      k.unpack_z(r, zbuf, 19);
    } else if (what == "pack_w1") {
      k.pack_w1(w1buf, w1, 4);
      sum += w1buf[5];
    } else if (what == "pack_t0") {
      k.pack_t0(t0buf, t0);
      sum += t0buf[9];
    } else if (what == "pack_eta2") {
      k.pack_eta(t0buf, s2, 2);
      sum += t0buf[9];
    } else if (what == "pack_eta4") {
      k.pack_eta(t0buf, s4, 4);
      sum += t0buf[9];
    } else if (what == "rej_uniform") {
      sum += k.rej_uniform(r.coeffs, mldsa::kN, rbuf, sizeof rbuf);
    } else if (what == "keygen") {
      xi[0] = static_cast<std::uint8_t>(i);
      const auto x = MlDsa65::keygen_internal(xi);
      sum += x ? x->public_key.bytes()[0] : 0;
    } else if (what == "sk_bytes") {
      sum += kp->private_key.bytes().span()[i % 64];
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
