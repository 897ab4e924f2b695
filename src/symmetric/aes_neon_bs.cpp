// Bitsliced AES (FIPS 197) with Advanced SIMD, for aarch64 CPUs without the Cryptographic
// Extension (e.g. the Cortex-A72 of a Raspberry Pi 4): the neon table takes it where
// cpu::features().arm_aes is clear (aes.cpp). Eight blocks (128 bytes) are held as eight
// 128-bit planes: each 64-bit half is the portable kernel's plane of four blocks (blocks
// 0-3 in the low half, 4-7 in the high half; aes_bitslice.hpp), so the round-key planes are
// rk.sliced's, duplicated into both halves by LD1R, and the key expansion is the portable
// one. SubBytes is the shared Boolean circuit on whole vectors; ShiftRows and the MixColumns
// row rotations are bit permutations inside each 16-bit block lane, done with USHR/SHL,
// SLI/SRI, REV16 and BSL on constant masks. Constant time: no table lookup, and no branch or
// loop bound depends on key or data (only on the public block count and the round count).
#include "symmetric/aes.hpp"
#include "symmetric/aes_bitslice.hpp"

#include "common/secret.hpp"

#include <arm_neon.h>

#include <cstring>

namespace tessera::aes {
namespace {

using W = uint64x2_t;
using Planes = W[8];

// The bit permutations of aes_bitslice.hpp on a 128-bit plane (two halves of four blocks).
// Within each 16-bit lane (one block), bit r + 4c is state byte s[r,c]'s bit.
struct OpsNeon {
  using W = uint64x2_t;
  // ShiftRows (FIPS 197, Section 5.1.2): s'[r,c] = s[r, (c + r) mod 4], i.e. the bits of
  // row r rotate right by 4r within the 16-bit lane: row 1 by 4 (USHR + SLI), row 2 by 8
  // (REV16), row 3 by 12 = left by 4 (SHL + SRI); BSL picks each row's bits.
  static W shift_rows(W x) noexcept {
    const uint16x8_t h = vreinterpretq_u16_u64(x);
    const W r1 = vreinterpretq_u64_u16(vsliq_n_u16(vshrq_n_u16(h, 4), h, 12));
    const W r2 = vreinterpretq_u64_u8(vrev16q_u8(vreinterpretq_u8_u64(x)));
    const W r3 = vreinterpretq_u64_u16(vsriq_n_u16(vshlq_n_u16(h, 4), h, 12));
    W t = vbslq_u64(vdupq_n_u64(0x4444444444444444ull), r2, r3);
    t = vbslq_u64(vdupq_n_u64(0x2222222222222222ull), r1, t);
    return vbslq_u64(vdupq_n_u64(0x1111111111111111ull), x, t);
  }
  // Row rotations inside each column (a nibble): bit r takes bit (r + k) mod 4.
  static W rot_rows1(W x) noexcept {
    return vbslq_u64(vdupq_n_u64(0x7777777777777777ull), vshrq_n_u64(x, 1), vshlq_n_u64(x, 3));
  }
  static W rot_rows2(W x) noexcept {
    return vbslq_u64(vdupq_n_u64(0x3333333333333333ull), vshrq_n_u64(x, 2), vshlq_n_u64(x, 2));
  }
  // A round-key plane of four blocks, in both halves.
  static W round_key(const std::uint64_t* p) noexcept { return vld1q_dup_u64(p); }
};

// Eight blocks b[0..7] <-> planes. Half h of plane word j is bytes 8j..8j+7 of blocks 4h..4h+3
// (the portable kernel's word j), i.e. half j % 2 of block 4h + j / 2: ZIP1/ZIP2 of blocks i
// and 4 + i give words 2i and 2i + 1.
[[gnu::always_inline]] inline void load_planes(Planes& q, const uint8x16_t (&b)[8]) noexcept {
  for (int i = 0; i < 4; ++i) {
    const W lo = vreinterpretq_u64_u8(b[i]), hi = vreinterpretq_u64_u8(b[4 + i]);
    q[2 * i] = vzip1q_u64(lo, hi);
    q[2 * i + 1] = vzip2q_u64(lo, hi);
  }
  bitslice::to_planes(q);
}
[[gnu::always_inline]] inline void store_planes(uint8x16_t (&b)[8], Planes& q) noexcept {
  bitslice::from_planes(q);
  for (int i = 0; i < 4; ++i) {
    b[i] = vreinterpretq_u8_u64(vzip1q_u64(q[2 * i], q[2 * i + 1]));
    b[4 + i] = vreinterpretq_u8_u64(vzip2q_u64(q[2 * i], q[2 * i + 1]));
  }
}

// FIPS 197, Algorithm 1 (Cipher) on eight blocks, in place.
[[gnu::always_inline]] inline void encrypt8(const RoundKeys& rk, uint8x16_t (&b)[8]) noexcept {
  Planes q;
  load_planes(q, b);
  bitslice::cipher<OpsNeon>(q, rk);
  store_planes(b, q);
}

// The blocks and planes the compiler keeps in vector registers may be spilled to this frame,
// and the tail buffers live in it: the public entries wipe it. The frames of ecb_frame and
// ctr_frame are 400 and 320 bytes (aarch64-linux-gnu-g++ 12 -O3, -fstack-usage); the figure
// leaves room for other compilers' spills of the sixteen 16-byte planes and blocks.
constexpr std::size_t kFrameBytes = 1024;

[[gnu::noinline]] void ecb_frame(const RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out,
                                 std::size_t nblocks) noexcept {
  uint8x16_t b[8];
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
    for (int j = 0; j < 8; ++j) b[j] = vld1q_u8(in + 16 * j);
    encrypt8(rk, b);
    for (int j = 0; j < 8; ++j) vst1q_u8(out + 16 * j, b[j]);
  }
  if (nblocks > 0) {  // 1..7 blocks: padded with zero blocks (public count)
    std::uint8_t buf[128] = {};
    std::memcpy(buf, in, 16 * nblocks);
    for (int j = 0; j < 8; ++j) b[j] = vld1q_u8(buf + 16 * j);
    encrypt8(rk, b);
    for (int j = 0; j < 8; ++j) vst1q_u8(buf + 16 * j, b[j]);
    std::memcpy(out, buf, 16 * nblocks);
    secure_zero(buf, sizeof buf);
  }
}

[[gnu::noinline]] void ctr_frame(const RoundKeys& rk, std::uint8_t ctr[16], const std::uint8_t* in,
                                 std::uint8_t* out, std::size_t nblocks) noexcept {
  const uint32x4_t base = vreinterpretq_u32_u8(vld1q_u8(ctr));
  // SP 800-38D inc_32: the last 4 bytes, big-endian, modulo 2^32 (unsigned wrap-around).
  std::uint32_t c = ctr_low32(ctr);
  uint8x16_t b[8];
  while (nblocks > 0) {
    const std::size_t n = nblocks < 8 ? nblocks : 8;
    for (int j = 0; j < 8; ++j) {
      b[j] = vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(c + static_cast<std::uint32_t>(j)), base, 3));
    }
    encrypt8(rk, b);
    if (n == 8) {
      for (int j = 0; j < 8; ++j) vst1q_u8(out + 16 * j, veorq_u8(b[j], vld1q_u8(in + 16 * j)));
    } else {  // the last 1..7 blocks (public count): the key stream through a buffer
      std::uint8_t ks[128];
      for (int j = 0; j < 8; ++j) vst1q_u8(ks + 16 * j, b[j]);
      for (std::size_t i = 0; i < 16 * n; ++i) out[i] = static_cast<std::uint8_t>(in[i] ^ ks[i]);
      secure_zero(ks, sizeof ks);
    }
    c += static_cast<std::uint32_t>(n);
    in += 16 * n;
    out += 16 * n;
    nblocks -= n;
  }
  set_ctr_low32(ctr, c);
}

}  // namespace

void encrypt_ecb_neon_bs(const RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out,
                         std::size_t nblocks) noexcept {
  ecb_frame(rk, in, out, nblocks);
  secure_zero_stack(kFrameBytes);
}

void ctr32_neon_bs(const RoundKeys& rk, std::uint8_t ctr[16], const std::uint8_t* in, std::uint8_t* out,
                   std::size_t nblocks) noexcept {
  ctr_frame(rk, ctr, in, out, nblocks);
  secure_zero_stack(kFrameBytes);
}

}  // namespace tessera::aes
