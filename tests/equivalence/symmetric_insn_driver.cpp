// Driver for counting dynamic instructions of the AES, GHASH, SHA-256, SHA-512, ChaCha20 and
// Poly1305 kernels under qemu-user (scripts/ci-aarch64.sh --insns, docs/aarch64.md):
// `symmetric-insn-driver <backend> <what> <calls>` runs <what> (ctr64: AES-128 CTR over 64
// blocks; ghash64: GHASH over 64 blocks; sha256x64: SHA-256 compression of 64 blocks;
// sha512x64: SHA-512 compression of 64 blocks, 8 KiB; chacha1k: chacha20_xor of 1 KiB, 16
// blocks; chachapoly1k: chacha20_poly1305_seal of 1 KiB without AAD; poly1k: the backend's
// Poly1305 block kernel over 1 KiB, 64 blocks; poly1k_r26: the radix-2^26 kernel of the
// 32-bit targets over the same) <calls> times with the AES, GCM, SHA-2 and Poly1305 tables of
// <backend> (ChaCha20 with <backend> forced) and prints a checksum. The per-call
// count is (count(calls = N) - count(calls = 0)) / N. Instruction counts, not cycles.
#include <tessera/aead.hpp>
#include <tessera/backend.hpp>

#include "insn_driver.hpp"
#include "hash/sha2/kernels.hpp"
#include "symmetric/aes.hpp"
#include "symmetric/chacha20.hpp"
#include "symmetric/gcm.hpp"

#include <cstdint>
#include <cstdio>
#include <string_view>

int main(int argc, char** argv) {
  using namespace tessera;
  const auto args = test::parse_insn_driver_args(argc, argv, "ctr64|ghash64|sha256x64|sha512x64|chacha1k|chachapoly1k|poly1k|poly1k_r26");
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
  static std::uint64_t state512[8] = {1};
  static poly1305::State pst;
  static std::uint8_t ckey[32] = {7}, nonce[12] = {9}, tag[16] = {};
  a.expand_key(rk, key, sizeof key);
  g.ghash_init(hkey, h);
  const poly1305::Kernels& pk = poly1305::kernels_for(backend);
  poly1305::init(pst, pk, ckey);
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
    } else if (what == "sha512x64") {
      for (int j = 0; j < 8; ++j) sha2::kernels_for(backend).compress512(state512, buf, 8);  // 8 x 128 bytes = 1 KiB
    } else if (what == "poly1k") {
      pk.blocks(pst, buf, 64);
    } else if (what == "poly1k_r26") {
      poly1305::blocks_radix26(pst, buf, 64);
    } else if (what == "chacha1k") {
      if (!chacha20_xor(ckey, nonce, 1, buf, buf)) return 1;
    } else if (what == "chachapoly1k") {
      if (!chacha20_poly1305_seal(ckey, nonce, {}, buf, buf, tag)) return 1;
    } else {
      std::fprintf(stderr, "unknown kernel %s\n", argv[2]);
      return 2;
    }
  }
  std::printf("%s %s (%s, %s, %s) %ld calls: checksum %02x %02x %08x %016llx %02x %016llx\n", argv[1], argv[2], a.name,
              g.name, pk.name, calls, buf[0], xi[0], static_cast<unsigned>(state[0]),
              static_cast<unsigned long long>(state512[0]), tag[0], static_cast<unsigned long long>(pst.h[0]));
  return 0;
}
