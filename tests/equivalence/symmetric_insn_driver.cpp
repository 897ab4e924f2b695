// Driver for counting dynamic instructions of the AES, GHASH, SHA-256 and ChaCha20 kernels
// under qemu-user (scripts/ci-aarch64.sh --insns, docs/aarch64.md): `symmetric-insn-driver
// <backend> <what> <calls>` runs <what> (ctr64: AES-128 CTR over 64 blocks; ghash64: GHASH
// over 64 blocks; sha256x64: SHA-256 compression of 64 blocks; chacha1k: chacha20_xor of
// 1 KiB, 16 blocks; chachapoly1k: chacha20_poly1305_seal of 1 KiB without AAD) <calls> times
// with the AES, GCM and SHA-2 tables of <backend> (ChaCha20 with <backend> forced) and
// prints a checksum. The per-call
// count is (count(calls = N) - count(calls = 0)) / N. Instruction counts, not cycles.
#include <tessera/aead.hpp>
#include <tessera/backend.hpp>

#include "insn_driver.hpp"
#include "hash/sha2/kernels.hpp"
#include "symmetric/aes.hpp"
#include "symmetric/gcm.hpp"

#include <cstdint>
#include <cstdio>
#include <string_view>

int main(int argc, char** argv) {
  using namespace tessera;
  const auto args = test::parse_insn_driver_args(argc, argv, "ctr64|ghash64|sha256x64|chacha1k|chachapoly1k");
  if (!args) return 2;
  const Backend backend = args->backend;
  const gcm::Kernels& g = gcm::kernels_for(backend);
  const aes::Kernels& a = *g.aes;  // the AES table GCM uses on this backend
  const std::string_view what = args->what;
  const long calls = args->calls;
  auto forced = BackendOverride::force(backend);  // the public ChaCha20 calls below
  if (!forced) return 2;
  static std::uint8_t key[16] = {1}, ctr[16] = {}, h[16] = {1, 2, 3}, xi[16] = {}, buf[64 * 16] = {5};
  static aes::RoundKeys rk;
  static gcm::GhashKey hkey;
  static std::uint32_t state[8] = {1};
  static std::uint8_t ckey[32] = {7}, nonce[12] = {9}, tag[16] = {};
  a.expand_key(rk, key, sizeof key);
  g.ghash_init(hkey, h);
  for (long i = 0; i < calls; ++i) {
    if (what == "ctr64") {
      a.ctr32(rk, ctr, buf, buf, 64);
    } else if (what == "ghash64") {
      g.ghash(hkey, xi, buf, 64);
    } else if (what == "sha256x64") {
      sha2::kernels_for(backend).compress256(state, buf, 16);  // 16 x 64 bytes = the 1 KiB buffer
      sha2::kernels_for(backend).compress256(state, buf, 16);
      sha2::kernels_for(backend).compress256(state, buf, 16);
      sha2::kernels_for(backend).compress256(state, buf, 16);
    } else if (what == "chacha1k") {
      if (!chacha20_xor(ckey, nonce, 1, buf, buf)) return 1;
    } else if (what == "chachapoly1k") {
      if (!chacha20_poly1305_seal(ckey, nonce, {}, buf, buf, tag)) return 1;
    } else {
      std::fprintf(stderr, "unknown kernel %s\n", argv[2]);
      return 2;
    }
  }
  std::printf("%s %s (%s, %s) %ld calls: checksum %02x %02x %08x %02x\n", argv[1], argv[2], a.name, g.name, calls, buf[0],
              xi[0], static_cast<unsigned>(state[0]), tag[0]);
  return 0;
}
