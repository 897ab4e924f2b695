// GCM (SP 800-38D) internals: GHASH kernels and the GCM algorithm over any IV length and
// tag length (the public API in <tessera/aead.hpp> takes any IV of at least one byte and
// tags of 12..16 bytes, fixed per key; the ACVP tests also run the 32-bit tags here).
//
// GHASH arithmetic, shared by every kernel. A block X = x_0..x_127 (x_0 the most
// significant bit of byte 0) is the polynomial sum x_i z^i in GF(2^128) = GF(2)[z] /
// (z^128 + z^7 + z^2 + z + 1) (SP 800-38D, Section 6.3). Loading the block as a big-endian
// 128-bit integer V puts coefficient z^i at bit 127 - i ("reflected"). The carry-less
// product of two reflected 128-bit values then reads, as a reflected 256-bit value (bit
// 255 - m <-> z^m), as a * b * z: the key is therefore stored as H * z^-1, so products come
// out right with no shift. z^-1 = z^127 + z^6 + z + 1, so H * z^-1 = (V << 1) ^ (v_127 ?
// 0xC2000000'00000000'00000000'00000001 : 0) in reflected form.
// Reduction of a 256-bit product W3:W2:W1:W0 (64-bit words, W3 most significant): the
// terms z^128.. live in W1:W0; z^128 = 1 + z * (1 + z + z^6) and (1 + z + z^6) is
// C = 0xC200000000000000 reflected, so each 64-bit word folds with one carry-less multiply
// by C plus a word move, twice:
//   M = swap(W1:W0) ^ clmul(W0, C);   R = (W3:W2) ^ swap(M) ^ clmul(M_lo, C).
#pragma once

#include "symmetric/aes.hpp"

#include <cstddef>
#include <cstdint>

namespace tessera::gcm {

inline constexpr std::size_t kMaxPowers = 32;

// Powers of the hash subkey: h[j] = reflected (H^(32-j) * z^-1) as {low 64 bits, high 64
// bits} (the memory layout of an xmm register), so a kernel hashing n <= 32 blocks reads
// the n powers it needs, highest first, contiguously from h[32 - n].
struct alignas(64) GhashKey {
  std::uint64_t h[kMaxPowers][2];
  // Karatsuba middle operands: k[j][0] = k[j][1] = h[j][0] ^ h[j][1].
  std::uint64_t k[kMaxPowers][2];
};

struct Kernels {
  const aes::Kernels* aes;
  // Computes the powers from H = CIPH_K(0^128).
  void (*ghash_init)(GhashKey& key, const std::uint8_t h[16]) noexcept;
  // SP 800-38D, Algorithm 2 (GHASH_H), continued: for each block, xi = (xi ^ block) * H.
  // xi is a block in the standard byte order.
  void (*ghash)(const GhashKey& key, std::uint8_t xi[16], const std::uint8_t* in,
                std::size_t nblocks) noexcept;
  // Fused GCTR (from ctr, inc_32) and GHASH of the ciphertext on nblocks whole blocks;
  // ctr and xi are updated. nullptr: the algorithm composes aes->ctr32 and ghash.
  void (*encrypt)(const aes::RoundKeys& rk, const GhashKey& key, std::uint8_t ctr[16],
                  std::uint8_t xi[16], const std::uint8_t* in, std::uint8_t* out,
                  std::size_t nblocks) noexcept;
  void (*decrypt)(const aes::RoundKeys& rk, const GhashKey& key, std::uint8_t ctr[16],
                  std::uint8_t xi[16], const std::uint8_t* in, std::uint8_t* out,
                  std::size_t nblocks) noexcept;
  const char* name;

  friend bool operator==(const Kernels&, const Kernels&) = default;
};

// The kernels of the active backend, and of a given one (the portable table for a backend
// this build or CPU lacks).
const Kernels& kernels() noexcept;
const Kernels& kernels_for(Backend b) noexcept;
// Each backend's table, built in its kernel file (ghash_portable.cpp, aes_ni.cpp,
// aes_vaes.cpp) from the table of the backend below it; picked in gcm.cpp. Its aes entry is
// the AES table of the same backend when the GCM kernels are fused with AES ones.
namespace portable {
Kernels table() noexcept;
}  // namespace portable
namespace avx2 {
Kernels table() noexcept;
}  // namespace avx2
namespace avx512 {
Kernels table() noexcept;
}  // namespace avx512
// Individual implementations, for the equivalence tests: the table of the backend that runs
// it here, nullptr when this build or CPU has none.
const Kernels& kernels_portable() noexcept;
const Kernels* kernels_pclmul() noexcept;
const Kernels* kernels_vpclmul() noexcept;
// aarch64: Cryptographic Extension AES with PMULL GHASH (or the portable GHASH without PMULL).
const Kernels* kernels_arm_ce() noexcept;

// A key-scheduled GCM instance.
struct alignas(64) Context {
  aes::RoundKeys rk;
  GhashKey hkey;
  const Kernels* k;
};

void init(Context& ctx, const Kernels& k, const std::uint8_t* key, std::size_t key_bytes) noexcept;

// SP 800-38D, Algorithm 4 (GCM-AE_K) for any IV length >= 1 byte and tag_len 1..16.
void seal(const Context& ctx, const std::uint8_t* iv, std::size_t iv_len, const std::uint8_t* aad,
          std::size_t aad_len, const std::uint8_t* pt, std::uint8_t* ct, std::size_t len,
          std::uint8_t* tag, std::size_t tag_len) noexcept;
// SP 800-38D, Algorithm 5 (GCM-AD_K). Returns true if the tag verifies; otherwise pt is
// zeroed. The tag comparison is constant time.
bool open(const Context& ctx, const std::uint8_t* iv, std::size_t iv_len, const std::uint8_t* aad,
          std::size_t aad_len, const std::uint8_t* ct, std::uint8_t* pt, std::size_t len,
          const std::uint8_t* tag, std::size_t tag_len) noexcept;

// Kernel entry points.
void ghash_init_portable(GhashKey& key, const std::uint8_t h[16]) noexcept;
void ghash_portable(const GhashKey& key, std::uint8_t xi[16], const std::uint8_t* in,
                    std::size_t nblocks) noexcept;
void ghash_init_pmull(GhashKey& key, const std::uint8_t h[16]) noexcept;  // ghash_neon.cpp
void ghash_pmull(const GhashKey& key, std::uint8_t xi[16], const std::uint8_t* in, std::size_t nblocks) noexcept;
void ghash_init_pclmul(GhashKey& key, const std::uint8_t h[16]) noexcept;
void ghash_pclmul(const GhashKey& key, std::uint8_t xi[16], const std::uint8_t* in,
                  std::size_t nblocks) noexcept;
void encrypt_aesni_pclmul(const aes::RoundKeys& rk, const GhashKey& key, std::uint8_t ctr[16],
                          std::uint8_t xi[16], const std::uint8_t* in, std::uint8_t* out,
                          std::size_t nblocks) noexcept;
void decrypt_aesni_pclmul(const aes::RoundKeys& rk, const GhashKey& key, std::uint8_t ctr[16],
                          std::uint8_t xi[16], const std::uint8_t* in, std::uint8_t* out,
                          std::size_t nblocks) noexcept;
void ghash_vpclmul(const GhashKey& key, std::uint8_t xi[16], const std::uint8_t* in,
                   std::size_t nblocks) noexcept;
void encrypt_vaes_vpclmul(const aes::RoundKeys& rk, const GhashKey& key, std::uint8_t ctr[16],
                          std::uint8_t xi[16], const std::uint8_t* in, std::uint8_t* out,
                          std::size_t nblocks) noexcept;
void decrypt_vaes_vpclmul(const aes::RoundKeys& rk, const GhashKey& key, std::uint8_t ctr[16],
                          std::uint8_t xi[16], const std::uint8_t* in, std::uint8_t* out,
                          std::size_t nblocks) noexcept;

}  // namespace tessera::gcm
