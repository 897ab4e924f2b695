// The bitsliced AES shared by the portable kernel (aes_portable.cpp: one 64-bit word per
// plane, 4 blocks) and the NEON one (aes_neon_bs.cpp: one 128-bit vector per plane, 8 blocks,
// blocks 0-3 in the low 64-bit half and 4-7 in the high half). Within each 64 bits the
// layout is the same: bit p of plane b is bit b of byte p of 64 bytes (4 blocks), so
// p = 16 * block + r + 4c for state byte s[r,c] (FIPS 197, Section 3.4).
//
// Everything here is straight-line Boolean logic, shifts by constants and fixed-count loops,
// templated on the plane type W: std::uint64_t, or a GCC vector type (uint64x2_t), for which
// ^ & | ~ and shifts by a constant apply lane by lane and a scalar mask is broadcast. No
// memory access, branch or loop bound depends on key or data.
#pragma once

#include "symmetric/aes.hpp"

#include <cstdint>

namespace tessera::aes::bitslice {

// Swaps the bits of a at positions (mask << n) with the bits of b at positions mask.
template <class W>
inline void swap_move(W& a, W& b, std::uint64_t mask, int n) noexcept {
  const W t = ((a >> n) ^ b) & mask;
  b ^= t;
  a ^= t << n;
}

// Transposes the 8x8 bit matrix held in (each 64 bits of) x: bit 8r + c <-> bit 8c + r.
template <class W>
inline W transpose_bits8x8(W x) noexcept {
  W t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAull;
  x ^= t ^ (t << 7);
  t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCull;
  x ^= t ^ (t << 14);
  t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ull;
  x ^= t ^ (t << 28);
  return x;
}

// Transposes the 8x8 byte matrix whose rows are w[0..7] (byte c of w[r] <-> byte r of w[c]).
template <class W>
inline void transpose_bytes8x8(W (&w)[8]) noexcept {
  for (int i = 0; i < 8; i += 2) swap_move(w[i], w[i + 1], 0x00FF00FF00FF00FFull, 8);
  for (int i : {0, 1, 4, 5}) swap_move(w[i], w[i + 2], 0x0000FFFF0000FFFFull, 16);
  for (int i = 0; i < 4; ++i) swap_move(w[i], w[i + 4], 0x00000000FFFFFFFFull, 32);
}

// Words -> planes: w[j] holds bytes 8j..8j+7 (little-endian); after the in-word bit
// transpose, byte b of word j holds bit b of those bytes; the byte transpose gathers them in
// plane b. from_planes is the inverse.
template <class W>
inline void to_planes(W (&q)[8]) noexcept {
  for (W& x : q) x = transpose_bits8x8(x);
  transpose_bytes8x8(q);
}
template <class W>
inline void from_planes(W (&q)[8]) noexcept {
  transpose_bytes8x8(q);
  for (W& x : q) x = transpose_bits8x8(x);
}

// SubBytes on every byte: the AES S-box as the straight-line program of Boyar, Peralta
// and Calik ("SLP_AES_113", Yale Circuit Minimization Team; 113 gates, 32 AND). Inputs
// U0..U7 are the bits of the byte from the most significant down; outputs S0..S7 likewise.
// tests/unit/aes_test.cpp checks it against the S-box computed from its definition
// (FIPS 197, Section 5.1.1: inverse in GF(2^8), then the affine map).
template <class W>
inline void sub_bytes(W (&q)[8]) noexcept {
  const W u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4];
  const W u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];
  // Top linear layer.
  const W y14 = u3 ^ u5, y13 = u0 ^ u6, y9 = u0 ^ u3, y8 = u0 ^ u5;
  const W t0 = u1 ^ u2, y1 = t0 ^ u7, y4 = y1 ^ u3, y12 = y13 ^ y14;
  const W y2 = y1 ^ u0, y5 = y1 ^ u6, y3 = y5 ^ y8, t1 = u4 ^ y12;
  const W y15 = t1 ^ u5, y20 = t1 ^ u1, y6 = y15 ^ u7, y10 = y15 ^ t0;
  const W y11 = y20 ^ y9, y7 = u7 ^ y11, y17 = y10 ^ y11, y19 = y10 ^ y8;
  const W y16 = t0 ^ y11, y21 = y13 ^ y16, y18 = u0 ^ y16;
  // Non-linear middle: inversion in GF(2^4)^2.
  const W t2 = y12 & y15, t3 = y3 & y6, t4 = t3 ^ t2, t5 = y4 & u7;
  const W t6 = t5 ^ t2, t7 = y13 & y16, t8 = y5 & y1, t9 = t8 ^ t7;
  const W t10 = y2 & y7, t11 = t10 ^ t7, t12 = y9 & y11, t13 = y14 & y17;
  const W t14 = t13 ^ t12, t15 = y8 & y10, t16 = t15 ^ t12, t17 = t4 ^ y20;
  const W t18 = t6 ^ t16, t19 = t9 ^ t14, t20 = t11 ^ t16, t21 = t17 ^ t14;
  const W t22 = t18 ^ y19, t23 = t19 ^ y21, t24 = t20 ^ y18, t25 = t21 ^ t22;
  const W t26 = t21 & t23, t27 = t24 ^ t26, t28 = t25 & t27, t29 = t28 ^ t22;
  const W t30 = t23 ^ t24, t31 = t22 ^ t26, t32 = t31 & t30, t33 = t32 ^ t24;
  const W t34 = t23 ^ t33, t35 = t27 ^ t33, t36 = t24 & t35, t37 = t36 ^ t34;
  const W t38 = t27 ^ t36, t39 = t29 & t38, t40 = t25 ^ t39, t41 = t40 ^ t37;
  const W t42 = t29 ^ t33, t43 = t29 ^ t40, t44 = t33 ^ t37, t45 = t42 ^ t41;
  const W z0 = t44 & y15, z1 = t37 & y6, z2 = t33 & u7, z3 = t43 & y16;
  const W z4 = t40 & y1, z5 = t29 & y7, z6 = t42 & y11, z7 = t45 & y17;
  const W z8 = t41 & y10, z9 = t44 & y12, z10 = t37 & y3, z11 = t33 & y4;
  const W z12 = t43 & y13, z13 = t40 & y5, z14 = t29 & y2, z15 = t42 & y9;
  const W z16 = t45 & y14, z17 = t41 & y8;
  // Bottom linear layer (with the affine constant 0x63 as four complements).
  const W tc1 = z15 ^ z16, tc2 = z10 ^ tc1, tc3 = z9 ^ tc2, tc4 = z0 ^ z2;
  const W tc5 = z1 ^ z0, tc6 = z3 ^ z4, tc7 = z12 ^ tc4, tc8 = z7 ^ tc6;
  const W tc9 = z8 ^ tc7, tc10 = tc8 ^ tc9, tc11 = tc6 ^ tc5, tc12 = z3 ^ z5;
  const W tc13 = z13 ^ tc1, tc14 = tc4 ^ tc12, s3 = tc3 ^ tc11, tc16 = z6 ^ tc8;
  const W tc17 = z14 ^ tc10, tc18 = ~tc13 ^ tc14, s7 = z12 ^ tc18;
  const W tc20 = z15 ^ tc16, tc21 = tc2 ^ z11, s0 = tc3 ^ tc16, s6 = tc10 ^ tc18;
  const W s4 = tc14 ^ s3, s1 = ~(s3 ^ tc16), tc26 = tc17 ^ tc20;
  const W s2 = ~(tc26 ^ z17), s5 = tc21 ^ tc17;
  q[7] = s0; q[6] = s1; q[5] = s2; q[4] = s3; q[3] = s4; q[2] = s5; q[1] = s6; q[0] = s7;
}

// The bit permutations are the kernels' own (Ops, below): the same maps, each in the
// instructions its plane type has. For a plane x (16 bits per block: bit r + 4c is s[r,c]):
//   Ops::shift_rows(x)  ShiftRows (FIPS 197, Section 5.1.2): s'[r,c] = s[r, (c + r) mod 4],
//                       row r rotated by r columns (4r bit positions) within each 16 bits
//   Ops::rot_rows1(x)   within each column (a nibble), bit r takes bit (r + 1) mod 4
//   Ops::rot_rows2(x)   ... bit (r + 2) mod 4
//   Ops::round_key(p)   the plane p[0] of a round key (rk.sliced: 4 blocks) as a W
// and Ops::W is the plane type.

// MixColumns (FIPS 197, Section 5.1.3): s'_r = {02}s_r ^ {03}s_{r+1} ^ s_{r+2} ^ s_{r+3}
// = {02}t ^ s_{r+1} ^ rot2(t) with t = s_r ^ s_{r+1}. {02}x (xtime) moves plane b to
// plane b+1 and folds plane 7 into planes 0, 1, 3, 4 (x^8 = x^4 + x^3 + x + 1).
template <class Ops, class W = typename Ops::W>
inline void mix_columns(W (&q)[8]) noexcept {
  W r1[8], t[8];
  for (int b = 0; b < 8; ++b) {
    r1[b] = Ops::rot_rows1(q[b]);
    t[b] = q[b] ^ r1[b];
  }
  const W hi = t[7];
  const W xt[8] = {hi, t[0] ^ hi, t[1], t[2] ^ hi, t[3] ^ hi, t[4], t[5], t[6]};
  for (int b = 0; b < 8; ++b) q[b] = xt[b] ^ r1[b] ^ Ops::rot_rows2(t[b]);
}

// AddRoundKey (FIPS 197, Section 5.1.4) with round key `round` of rk.sliced.
template <class Ops, class W = typename Ops::W>
inline void add_round_key(W (&q)[8], const RoundKeys& rk, int round) noexcept {
  for (int b = 0; b < 8; ++b) q[b] ^= Ops::round_key(rk.sliced + 8 * round + b);
}

// FIPS 197, Algorithm 1 (Cipher) on the blocks held in planes q. The round count is the
// key size's (public).
template <class Ops, class W = typename Ops::W>
inline void cipher(W (&q)[8], const RoundKeys& rk) noexcept {
  add_round_key<Ops>(q, rk, 0);
  for (int round = 1; round < rk.rounds; ++round) {
    sub_bytes(q);
    for (W& x : q) x = Ops::shift_rows(x);
    mix_columns<Ops>(q);
    add_round_key<Ops>(q, rk, round);
  }
  sub_bytes(q);
  for (W& x : q) x = Ops::shift_rows(x);
  add_round_key<Ops>(q, rk, rk.rounds);
}

}  // namespace tessera::aes::bitslice
