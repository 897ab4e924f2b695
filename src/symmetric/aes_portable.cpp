// Portable AES kernel: bitsliced, table-free and constant time. Four blocks (64 bytes)
// are held as eight 64-bit planes: bit p of plane b is bit b of byte p of the 64 bytes,
// so p = 16 * block + r + 4c for state byte s[r,c] (FIPS 197, Section 3.4). SubBytes is a
// Boolean circuit evaluated on whole planes; ShiftRows and MixColumns are bit
// permutations inside each plane. No memory access depends on key or data.
#include "symmetric/aes.hpp"

#include "common/bytes.hpp"
#include "common/secret.hpp"

#include <cstring>

namespace tessera::aes {
namespace {

using Planes = std::uint64_t[8];

// Swaps the bits of a at positions (mask << n) with the bits of b at positions mask.
inline void swap_move(std::uint64_t& a, std::uint64_t& b, std::uint64_t mask, int n) noexcept {
  const std::uint64_t t = ((a >> n) ^ b) & mask;
  b ^= t;
  a ^= t << n;
}

// Transposes the 8x8 bit matrix held in x (bit 8r + c <-> bit 8c + r).
inline std::uint64_t transpose_bits8x8(std::uint64_t x) noexcept {
  std::uint64_t t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAull;
  x ^= t ^ (t << 7);
  t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCull;
  x ^= t ^ (t << 14);
  t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ull;
  x ^= t ^ (t << 28);
  return x;
}

// Transposes the 8x8 byte matrix whose rows are w[0..7] (byte c of w[r] <-> byte r of w[c]).
inline void transpose_bytes8x8(Planes& w) noexcept {
  for (int i = 0; i < 8; i += 2) swap_move(w[i], w[i + 1], 0x00FF00FF00FF00FFull, 8);
  for (int i : {0, 1, 4, 5}) swap_move(w[i], w[i + 2], 0x0000FFFF0000FFFFull, 16);
  for (int i = 0; i < 4; ++i) swap_move(w[i], w[i + 4], 0x00000000FFFFFFFFull, 32);
}

// 64 bytes -> planes: word j holds bytes 8j..8j+7; after the in-word bit transpose,
// byte b of word j holds bit b of those bytes; the byte transpose gathers them in plane b.
inline void to_planes(Planes& q, const std::uint8_t in[64]) noexcept {
  for (int j = 0; j < 8; ++j) q[j] = transpose_bits8x8(bytes::load_le64(in + 8 * j));
  transpose_bytes8x8(q);
}
inline void from_planes(std::uint8_t out[64], Planes& q) noexcept {
  transpose_bytes8x8(q);
  for (int j = 0; j < 8; ++j) bytes::store_le64(out + 8 * j, transpose_bits8x8(q[j]));
}

// SubBytes on all 64 bytes: the AES S-box as the straight-line program of Boyar, Peralta
// and Calik ("SLP_AES_113", Yale Circuit Minimization Team; 113 gates, 32 AND). Inputs
// U0..U7 are the bits of the byte from the most significant down; outputs S0..S7 likewise.
// tests/unit/aes_test.cpp checks it against the S-box computed from its definition
// (FIPS 197, Section 5.1.1: inverse in GF(2^8), then the affine map).
inline void sub_bytes(Planes& q) noexcept {
  const std::uint64_t u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4];
  const std::uint64_t u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];
  // Top linear layer.
  const std::uint64_t y14 = u3 ^ u5, y13 = u0 ^ u6, y9 = u0 ^ u3, y8 = u0 ^ u5;
  const std::uint64_t t0 = u1 ^ u2, y1 = t0 ^ u7, y4 = y1 ^ u3, y12 = y13 ^ y14;
  const std::uint64_t y2 = y1 ^ u0, y5 = y1 ^ u6, y3 = y5 ^ y8, t1 = u4 ^ y12;
  const std::uint64_t y15 = t1 ^ u5, y20 = t1 ^ u1, y6 = y15 ^ u7, y10 = y15 ^ t0;
  const std::uint64_t y11 = y20 ^ y9, y7 = u7 ^ y11, y17 = y10 ^ y11, y19 = y10 ^ y8;
  const std::uint64_t y16 = t0 ^ y11, y21 = y13 ^ y16, y18 = u0 ^ y16;
  // Non-linear middle: inversion in GF(2^4)^2.
  const std::uint64_t t2 = y12 & y15, t3 = y3 & y6, t4 = t3 ^ t2, t5 = y4 & u7;
  const std::uint64_t t6 = t5 ^ t2, t7 = y13 & y16, t8 = y5 & y1, t9 = t8 ^ t7;
  const std::uint64_t t10 = y2 & y7, t11 = t10 ^ t7, t12 = y9 & y11, t13 = y14 & y17;
  const std::uint64_t t14 = t13 ^ t12, t15 = y8 & y10, t16 = t15 ^ t12, t17 = t4 ^ y20;
  const std::uint64_t t18 = t6 ^ t16, t19 = t9 ^ t14, t20 = t11 ^ t16, t21 = t17 ^ t14;
  const std::uint64_t t22 = t18 ^ y19, t23 = t19 ^ y21, t24 = t20 ^ y18, t25 = t21 ^ t22;
  const std::uint64_t t26 = t21 & t23, t27 = t24 ^ t26, t28 = t25 & t27, t29 = t28 ^ t22;
  const std::uint64_t t30 = t23 ^ t24, t31 = t22 ^ t26, t32 = t31 & t30, t33 = t32 ^ t24;
  const std::uint64_t t34 = t23 ^ t33, t35 = t27 ^ t33, t36 = t24 & t35, t37 = t36 ^ t34;
  const std::uint64_t t38 = t27 ^ t36, t39 = t29 & t38, t40 = t25 ^ t39, t41 = t40 ^ t37;
  const std::uint64_t t42 = t29 ^ t33, t43 = t29 ^ t40, t44 = t33 ^ t37, t45 = t42 ^ t41;
  const std::uint64_t z0 = t44 & y15, z1 = t37 & y6, z2 = t33 & u7, z3 = t43 & y16;
  const std::uint64_t z4 = t40 & y1, z5 = t29 & y7, z6 = t42 & y11, z7 = t45 & y17;
  const std::uint64_t z8 = t41 & y10, z9 = t44 & y12, z10 = t37 & y3, z11 = t33 & y4;
  const std::uint64_t z12 = t43 & y13, z13 = t40 & y5, z14 = t29 & y2, z15 = t42 & y9;
  const std::uint64_t z16 = t45 & y14, z17 = t41 & y8;
  // Bottom linear layer (with the affine constant 0x63 as four complements).
  const std::uint64_t tc1 = z15 ^ z16, tc2 = z10 ^ tc1, tc3 = z9 ^ tc2, tc4 = z0 ^ z2;
  const std::uint64_t tc5 = z1 ^ z0, tc6 = z3 ^ z4, tc7 = z12 ^ tc4, tc8 = z7 ^ tc6;
  const std::uint64_t tc9 = z8 ^ tc7, tc10 = tc8 ^ tc9, tc11 = tc6 ^ tc5, tc12 = z3 ^ z5;
  const std::uint64_t tc13 = z13 ^ tc1, tc14 = tc4 ^ tc12, s3 = tc3 ^ tc11, tc16 = z6 ^ tc8;
  const std::uint64_t tc17 = z14 ^ tc10, tc18 = ~tc13 ^ tc14, s7 = z12 ^ tc18;
  const std::uint64_t tc20 = z15 ^ tc16, tc21 = tc2 ^ z11, s0 = tc3 ^ tc16, s6 = tc10 ^ tc18;
  const std::uint64_t s4 = tc14 ^ s3, s1 = ~(s3 ^ tc16), tc26 = tc17 ^ tc20;
  const std::uint64_t s2 = ~(tc26 ^ z17), s5 = tc21 ^ tc17;
  q[7] = s0; q[6] = s1; q[5] = s2; q[4] = s3; q[3] = s4; q[2] = s5; q[1] = s6; q[0] = s7;
}

// ShiftRows (FIPS 197, Section 5.1.2): s'[r,c] = s[r, (c + r) mod 4]. Row r occupies bits
// r, r+4, r+8, r+12 of each 16-bit block lane; it rotates by r columns (4r bit positions).
inline std::uint64_t shift_rows_plane(std::uint64_t x) noexcept {
  return (x & 0x1111111111111111ull) |
         ((x >> 4) & 0x0222022202220222ull) | ((x << 12) & 0x2000200020002000ull) |
         ((x >> 8) & 0x0044004400440044ull) | ((x << 8) & 0x4400440044004400ull) |
         ((x >> 12) & 0x0008000800080008ull) | ((x << 4) & 0x8880888088808880ull);
}

// Row rotations inside each column (a nibble): bit r takes bit (r + k) mod 4.
inline std::uint64_t rot_rows1(std::uint64_t x) noexcept {
  return ((x >> 1) & 0x7777777777777777ull) | ((x << 3) & 0x8888888888888888ull);
}
inline std::uint64_t rot_rows2(std::uint64_t x) noexcept {
  return ((x >> 2) & 0x3333333333333333ull) | ((x << 2) & 0xCCCCCCCCCCCCCCCCull);
}

// MixColumns (FIPS 197, Section 5.1.3): s'_r = {02}s_r ^ {03}s_{r+1} ^ s_{r+2} ^ s_{r+3}
// = {02}t ^ s_{r+1} ^ rot2(t) with t = s_r ^ s_{r+1}. {02}x (xtime) moves plane b to
// plane b+1 and folds plane 7 into planes 0, 1, 3, 4 (x^8 = x^4 + x^3 + x + 1).
inline void mix_columns(Planes& q) noexcept {
  std::uint64_t r1[8], t[8];
  for (int b = 0; b < 8; ++b) {
    r1[b] = rot_rows1(q[b]);
    t[b] = q[b] ^ r1[b];
  }
  const std::uint64_t hi = t[7];
  const std::uint64_t xt[8] = {hi, t[0] ^ hi, t[1], t[2] ^ hi, t[3] ^ hi, t[4], t[5], t[6]};
  for (int b = 0; b < 8; ++b) q[b] = xt[b] ^ r1[b] ^ rot_rows2(t[b]);
}

inline void add_round_key(Planes& q, const std::uint64_t* rk) noexcept {
  for (int b = 0; b < 8; ++b) q[b] ^= rk[b];
}

// FIPS 197, Algorithm 1 (Cipher) on four blocks in planes.
void cipher4(Planes& q, const RoundKeys& rk) noexcept {
  add_round_key(q, rk.sliced);
  for (int round = 1; round < rk.rounds; ++round) {
    sub_bytes(q);
    for (auto& x : q) x = shift_rows_plane(x);
    mix_columns(q);
    add_round_key(q, rk.sliced + 8 * round);
  }
  sub_bytes(q);
  for (auto& x : q) x = shift_rows_plane(x);
  add_round_key(q, rk.sliced + 8 * rk.rounds);
}

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
  sub_bytes(q);
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
