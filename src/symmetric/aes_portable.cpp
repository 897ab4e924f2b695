// Portable AES kernel: bitsliced, table-free and constant time. Four blocks (64 bytes)
// are held as eight 64-bit planes: bit p of plane b is bit b of byte p of the 64 bytes,
// so p = 16 * block + r + 4c for state byte s[r,c] (FIPS 197, Section 3.4). SubBytes is a
// Boolean circuit evaluated on whole planes; ShiftRows and MixColumns are bit
// permutations inside each plane. No memory access depends on key or data. The circuit,
// the transposes and the round structure are aes_bitslice.hpp's, shared with the 8-block
// NEON kernel (aes_neon_bs.cpp); this file has the 64-bit permutations and the buffers.
#include "symmetric/aes.hpp"
#include "symmetric/aes_bitslice.hpp"

#include "common/bytes.hpp"
#include "common/secret.hpp"

#include <cstring>

namespace tessera::aes {
namespace {

using Planes = std::uint64_t[8];

// 64 bytes <-> planes (aes_bitslice.hpp): word j is bytes 8j..8j+7.
inline void to_planes(Planes& q, const std::uint8_t in[64]) noexcept {
  for (int j = 0; j < 8; ++j) q[j] = bytes::load_le64(in + 8 * j);
  bitslice::to_planes(q);
}
inline void from_planes(std::uint8_t out[64], Planes& q) noexcept {
  bitslice::from_planes(q);
  for (int j = 0; j < 8; ++j) bytes::store_le64(out + 8 * j, q[j]);
}

// The bit permutations of aes_bitslice.hpp on one 64-bit plane (4 blocks).
struct Ops64 {
  using W = std::uint64_t;
  // ShiftRows (FIPS 197, Section 5.1.2): s'[r,c] = s[r, (c + r) mod 4]. Row r occupies bits
  // r, r+4, r+8, r+12 of each 16-bit block lane; it rotates by r columns (4r bit positions).
  static W shift_rows(W x) noexcept {
    return (x & 0x1111111111111111ull) |
           ((x >> 4) & 0x0222022202220222ull) | ((x << 12) & 0x2000200020002000ull) |
           ((x >> 8) & 0x0044004400440044ull) | ((x << 8) & 0x4400440044004400ull) |
           ((x >> 12) & 0x0008000800080008ull) | ((x << 4) & 0x8880888088808880ull);
  }
  // Row rotations inside each column (a nibble): bit r takes bit (r + k) mod 4.
  static W rot_rows1(W x) noexcept {
    return ((x >> 1) & 0x7777777777777777ull) | ((x << 3) & 0x8888888888888888ull);
  }
  static W rot_rows2(W x) noexcept {
    return ((x >> 2) & 0x3333333333333333ull) | ((x << 2) & 0xCCCCCCCCCCCCCCCCull);
  }
  static W round_key(const std::uint64_t* p) noexcept { return *p; }
};

// FIPS 197, Algorithm 1 (Cipher) on four blocks in planes.
void cipher4(Planes& q, const RoundKeys& rk) noexcept { bitslice::cipher<Ops64>(q, rk); }

void encrypt4(const RoundKeys& rk, std::uint8_t buf[64]) noexcept {
  Planes q;
  to_planes(q, buf);
  cipher4(q, rk);
  from_planes(buf, q);
  secure_zero_object(q);
}

std::uint32_t sub_word_portable(std::uint32_t w) noexcept {
  std::uint8_t s[16] = {};
  bytes::store_le32(s, w);
  sub_bytes_portable(s);
  const std::uint32_t r = bytes::load_le32(s);
  secure_zero(s, sizeof s);
  return r;
}

}  // namespace

void sub_bytes_portable(std::uint8_t state[16]) noexcept {
  std::uint8_t buf[64] = {};
  std::memcpy(buf, state, 16);
  Planes q;
  to_planes(q, buf);
  bitslice::sub_bytes(q);
  from_planes(buf, q);
  std::memcpy(state, buf, 16);
  secure_zero(buf, sizeof buf);
  secure_zero_object(q);
}

void expand_key_portable(RoundKeys& rk, const std::uint8_t* key, std::size_t key_bytes) noexcept {
  expand_key_generic(rk, key, key_bytes, sub_word_portable);
  // Each round key, replicated for the four blocks, in plane form.
  for (int r = 0; r <= rk.rounds; ++r) {
    std::uint8_t buf[64];
    for (int j = 0; j < 4; ++j) std::memcpy(buf + 16 * j, rk.bytes + 16 * r, 16);
    Planes q;
    to_planes(q, buf);
    std::memcpy(rk.sliced + 8 * r, q, sizeof q);
    secure_zero(buf, sizeof buf);
    secure_zero_object(q);
  }
}

void encrypt_ecb_portable(const RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out,
                          std::size_t nblocks) noexcept {
  std::uint8_t buf[64];
  while (nblocks > 0) {
    const std::size_t n = nblocks < 4 ? nblocks : 4;
    std::memset(buf, 0, sizeof buf);
    std::memcpy(buf, in, 16 * n);
    encrypt4(rk, buf);
    std::memcpy(out, buf, 16 * n);
    in += 16 * n;
    out += 16 * n;
    nblocks -= n;
  }
  secure_zero(buf, sizeof buf);
}

void ctr32_portable(const RoundKeys& rk, std::uint8_t ctr[16], const std::uint8_t* in,
                    std::uint8_t* out, std::size_t nblocks) noexcept {
  std::uint8_t ks[64];
  while (nblocks > 0) {
    const std::size_t n = nblocks < 4 ? nblocks : 4;
    for (std::size_t j = 0; j < 4; ++j) {
      std::memcpy(ks + 16 * j, ctr, 16);
      if (j < n) inc32(ctr);
    }
    encrypt4(rk, ks);
    for (std::size_t i = 0; i < 16 * n; ++i) out[i] = static_cast<std::uint8_t>(in[i] ^ ks[i]);
    in += 16 * n;
    out += 16 * n;
    nblocks -= n;
  }
  secure_zero(ks, sizeof ks);
}

}  // namespace tessera::aes

namespace tessera::aes::portable {

Kernels table() noexcept {
  return Kernels{expand_key_portable, encrypt_ecb_portable, ctr32_portable, "portable"};
}

}  // namespace tessera::aes::portable
