// Driver for counting dynamic instructions of the FrodoKEM matrix kernels and operations
// under qemu-user (scripts/ci-aarch64.sh --insns, scripts/insn-profile.py, docs/aarch64.md):
// `frodokem-insn-driver <backend> <what> <calls>` runs <what> <calls> times with the kernels
// of <backend> and prints a checksum (so the calls cannot be dropped). <what> is a kernel on
// FrodoKEM-640's sizes (mul_add_as: 8 rows of A times S, as key generation runs it per
// batch; mul_add_sa: S' times 8 rows of A, as encapsulation does; sample: Frodo.SampleMatrix
// of the 8 x 640 entries of S^T with FrodoKEM-640's CDF table; extract_x8: one 21-lane
// squeeze of 8 SHAKE128 rows) or a FrodoKEM-640-AES /
// FrodoKEM-640-SHAKE operation (keygen_aes, encaps_aes, decaps_aes, keygen_shake,
// encaps_shake, decaps_shake: the public API with the backend forced, fixed inputs;
// encapsulation and decapsulation start from a key made before the loop). The per-call count
// is (count(calls = N) - count(calls = 0)) / N. These are instruction counts, not cycles.
#include <tessera/backend.hpp>
#include <tessera/frodokem.hpp>

#include "frodokem/kernels.hpp"
#include "insn_driver.hpp"

#include <array>
#include <cstdint>
#include <cstdio>
#include <string_view>
#include <vector>

namespace {

using namespace tessera;

// One FrodoKEM-640 operation of parameter set K, called `calls` times; adds to sum.
template <class K>
bool run_operation(std::string_view op, long calls, std::uint32_t& sum) {
  std::array<std::uint8_t, K::s_bytes> s{};
  std::array<std::uint8_t, K::seed_se_bytes> se{};
  std::array<std::uint8_t, K::z_bytes> z{};
  std::array<std::uint8_t, K::mu_bytes> mu{};
  std::array<std::uint8_t, K::salt_bytes> salt{};
  for (std::size_t i = 0; i < se.size(); ++i) se[i] = static_cast<std::uint8_t>(i);
  const auto kp = K::keygen_internal(s, se, z);
  if (!kp) return false;
  const auto enc = K::encaps_internal(kp->public_key, mu, salt);
  if (!enc) return false;
  for (long i = 0; i < calls; ++i) {
    if (op == "keygen") {
      se[0] = static_cast<std::uint8_t>(i);
      const auto x = K::keygen_internal(s, se, z);
      sum += x ? x->public_key.bytes()[0] : 0;
    } else if (op == "encaps") {
      mu[0] = static_cast<std::uint8_t>(i);
      const auto x = K::encaps_internal(kp->public_key, mu, salt);
      sum += x ? x->ciphertext[0] : 0;
    } else {
      const auto x = K::decapsulate(kp->private_key, enc->ciphertext);
      sum += x ? x->data()[0] : 0;
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const auto args = test::parse_insn_driver_args(
      argc, argv,
      "mul_add_as|mul_add_sa|sample|extract_x8|dot_lanes|keygen_aes|encaps_aes|decaps_aes|keygen_shake|encaps_shake|decaps_shake");
  if (!args) return 2;
  auto forced = BackendOverride::force(args->backend);
  if (!forced) return 2;
  const frodokem::Kernels& k = frodokem::kernels_for(args->backend);
  const std::string_view what = args->what;
  constexpr std::size_t n = 640;
  std::vector<std::uint16_t> a(8 * n), st(8 * n), out(8 * n);
  for (std::size_t i = 0; i < a.size(); ++i) {
    a[i] = static_cast<std::uint16_t>(i * 40503u);
    st[i] = static_cast<std::uint16_t>(i % 7) - 3;
  }
  std::uint32_t sum = 0;
  bool ok = true;
  if (what == "mul_add_as") {
    for (long i = 0; i < args->calls; ++i) k.mul_add_as(out.data(), a.data(), n, 8, st.data(), n);
  } else if (what == "mul_add_sa") {
    for (long i = 0; i < args->calls; ++i) k.mul_add_sa(out.data(), a.data(), n, 8, st.data(), n, n);
  } else if (what == "sample") {
    static constexpr std::uint16_t kCdf640[13] = {4643,  13363, 20579, 25843, 29227, 31145, 32103,
                                                  32525, 32689, 32745, 32762, 32766, 32767};
    out = a;  // any uint16 is a valid input, and the kernel's instructions do not depend on it
    for (long i = 0; i < args->calls; ++i) k.sample(out.data(), out.size(), kCdf640, 13);
  } else if (what == "extract_x8") {
    keccak::State8 rows_state{};
    for (std::size_t l = 0; l < 25; ++l)
      for (std::size_t j = 0; j < 8; ++j) rows_state.lanes[l][j] = l * 8 + j;
    std::uint8_t* rows[8];
    for (std::size_t j = 0; j < 8; ++j) rows[j] = reinterpret_cast<std::uint8_t*>(out.data() + j * n);
    for (long i = 0; i < args->calls; ++i) k.extract_x8(rows_state, rows, 21);
  } else if (what == "dot_lanes") {  // one block of 21 lanes of 8 states, then dot_finish
    keccak::State8 rows_state{};
    for (std::size_t l = 0; l < 25; ++l)
      for (std::size_t j = 0; j < 8; ++j) rows_state.lanes[l][j] = (l * 8 + j) * 0x9E3779B97F4A7C15ull;
    alignas(64) std::uint32_t acc[frodokem::kDotAccWords] = {};
    for (long i = 0; i < args->calls; ++i) {
      k.dot_lanes(acc, rows_state, 21, st.data(), n, 0);
      k.dot_finish(out.data(), acc);
    }
  } else if (what.ends_with("_aes") || what.ends_with("_shake")) {
    const std::string_view op = what.substr(0, what.find('_'));
    if (op != "keygen" && op != "encaps" && op != "decaps") ok = false;
    else if (what.ends_with("_aes")) ok = run_operation<frodokem::FrodoKem640Aes>(op, args->calls, sum);
    else ok = run_operation<frodokem::FrodoKem640Shake>(op, args->calls, sum);
  } else {
    ok = false;
  }
  if (!ok) {
    std::fprintf(stderr, "unknown kernel or operation %s, or the key could not be made\n", argv[2]);
    return 2;
  }
  for (std::uint16_t x : out) sum += x;
  std::printf("%s %s %ld calls: checksum %08x\n", argv[1], argv[2], args->calls, static_cast<unsigned>(sum));
  return 0;
}
