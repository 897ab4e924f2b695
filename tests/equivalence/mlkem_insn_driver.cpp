// Driver for counting dynamic instructions of ML-KEM kernels and operations under qemu-user
// (scripts/ci-aarch64.sh --insns, docs/aarch64.md): `mlkem-insn-driver <backend> <what> <calls>`
// runs <what> <calls> times with the kernels of <backend> and prints a checksum (so the
// calls cannot be dropped). <what> is a kernel (ntt, invntt, mulcache, basemul_acc3: k = 3,
// reduce, tomont; rej_uniform: one SHAKE128 block of 168 fixed bytes into an empty
// polynomial; cbd2; compress_d10, decompress_d10, compress_d4, decompress_d4; byte_encode12,
// byte_decode12) or an ML-KEM-768 operation (keygen, encaps, decaps: the public API with
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

namespace {
// What a run can do; the name is looked up once, before the loop, so that a call's count
// holds no string comparisons (an if-chain of them cost up to ~150 instructions per call).
constexpr std::array<std::string_view, 17> kWhats = {
    "ntt", "invntt", "mulcache", "basemul_acc3", "reduce", "tomont",            //
    "rej_uniform", "cbd2", "compress_d10", "decompress_d10", "compress_d4",     //
    "decompress_d4", "byte_encode12", "byte_decode12", "keygen", "encaps", "decaps"};
consteval int id(std::string_view name) {
  for (std::size_t i = 0; i < kWhats.size(); ++i)
    if (kWhats[i] == name) return static_cast<int>(i);
  return -1;
}
int lookup(std::string_view name) {
  for (std::size_t i = 0; i < kWhats.size(); ++i)
    if (kWhats[i] == name) return static_cast<int>(i);
  return -1;
}
}  // namespace

int main(int argc, char** argv) {
  using namespace tessera;
  using mlkem::MlKem768;
  const auto args = test::parse_insn_driver_args(argc, argv,
                                                 "ntt|invntt|mulcache|basemul_acc3|reduce|tomont|rej_uniform|cbd2|"
                                                 "compress_d10|decompress_d10|compress_d4|decompress_d4|"
                                                 "byte_encode12|byte_decode12|keygen|encaps|decaps");
  if (!args) return 2;
  const Backend backend = args->backend;
  auto forced = BackendOverride::force(backend);
  if (!forced) return 2;
  const mlkem::Kernels& k = mlkem::kernels_for(backend);
  const int what = lookup(args->what);
  const long calls = args->calls;
  static std::int16_t a[1024], c[512], r[256];
  static std::uint8_t bytes[384];
  for (int i = 0; i < 1024; ++i) a[i] = static_cast<std::int16_t>(i * 7 % 3000 - 1500);
  for (unsigned i = 0; i < sizeof bytes; ++i) bytes[i] = static_cast<std::uint8_t>(i * 167 + 13);
  for (int i = 0; i < 256; ++i) r[i] = static_cast<std::int16_t>(i * 13 % 3329);  // [0, q)
  std::array<std::uint8_t, 64> seed{};
  std::array<std::uint8_t, 32> m{};
  for (std::size_t i = 0; i < seed.size(); ++i) seed[i] = static_cast<std::uint8_t>(i);
  const auto kp = MlKem768::keygen_internal(std::span(seed).first(32), std::span(seed).last(32));
  if (!kp) return 2;
  const auto enc = MlKem768::encaps_internal(kp->public_key, m);
  if (!enc) return 2;
  std::uint32_t sum = 0;
  // One switch, outside the loop; the loop runs the calls only.
  const auto repeat = [calls](auto&& call) {
    for (long i = 0; i < calls; ++i) call(i);
  };
  switch (what) {
    case id("ntt"): repeat([&](long) { k.ntt(a); }); break;
    case id("invntt"): repeat([&](long) { k.invntt(a); }); break;
    case id("mulcache"): repeat([&](long) { k.mulcache(c, a); }); break;
    case id("basemul_acc3"): repeat([&](long) { k.basemul_acc(r, a, a + 256, c, 3); }); break;
    case id("reduce"): repeat([&](long) { k.reduce(a); }); break;
    case id("tomont"): repeat([&](long) { k.tomont(a); }); break;
    case id("rej_uniform"): repeat([&](long) { sum += k.rej_uniform(c, 0, 256, bytes, 168); }); break;
    case id("cbd2"): repeat([&](long) { k.cbd2(c, bytes); }); break;
    case id("compress_d10"): repeat([&](long) { k.compress_d10(bytes, r); }); break;
    case id("decompress_d10"): repeat([&](long) { k.decompress_d10(c, bytes); }); break;
    case id("compress_d4"): repeat([&](long) { k.compress_d4(bytes, r); }); break;
    case id("decompress_d4"): repeat([&](long) { k.decompress_d4(c, bytes); }); break;
    case id("byte_encode12"): repeat([&](long) { k.byte_encode12(bytes, r); }); break;
    case id("byte_decode12"): repeat([&](long) { k.byte_decode12(c, bytes); }); break;
    case id("keygen"):
      repeat([&](long i) {
        seed[0] = static_cast<std::uint8_t>(i);
        const auto x = MlKem768::keygen_internal(std::span(seed).first(32), std::span(seed).last(32));
        sum += x ? x->public_key.bytes()[0] : 0;
      });
      break;
    case id("encaps"):
      repeat([&](long i) {
        m[0] = static_cast<std::uint8_t>(i);
        const auto x = MlKem768::encaps_internal(kp->public_key, m);
        sum += x ? x->ciphertext.data()[0] : 0;
      });
      break;
    case id("decaps"):
      repeat([&](long) {
        const auto x = MlKem768::decapsulate(kp->private_key, enc->ciphertext);
        sum += x ? x->data()[0] : 0;
      });
      break;
    default:
      std::fprintf(stderr, "unknown kernel or operation %s\n", argv[2]);
      return 2;
  }
  for (std::int16_t x : a) sum += static_cast<std::uint16_t>(x);
  for (std::int16_t x : r) sum += static_cast<std::uint16_t>(x);
  for (std::int16_t x : c) sum += static_cast<std::uint16_t>(x);
  for (std::uint8_t x : bytes) sum += x;
  std::printf("%s %s %ld calls: checksum %08x\n", argv[1], argv[2], calls, static_cast<unsigned>(sum));
  return 0;
}
