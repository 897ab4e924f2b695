// Arithmetic in GF(p), p = 2^255 - 19 (RFC 7748, Section 4.1), 64-bit path: five limbs of
// radix 2^51 with 128-bit products (unsigned __int128). Every function runs in time
// independent of the values (no branches, no value-dependent indices).
//
// An element h = h0 + h1 2^51 + h2 2^102 + h3 2^153 + h4 2^204 is not kept reduced; the
// limb bounds each function accepts and gives are (with B = 2^51):
//   from_bytes                  limbs < B (the value may be >= p: RFC 7748, Section 5)
//   mul, sqr, mul_small         inputs < 2^54 per limb; output < B + 2^14 per limb
//   add                         inputs < 2^53; output < 2^54 (sum of the inputs)
//   sub                         a < 2^53, b <= 2p's limbs (mul/sqr/from_bytes outputs);
//                               output a + 2p - b < 2^54
//   to_bytes                    any limbs < 2^54; output fully reduced mod p
// The ladder (x25519_ladder.hpp) only feeds mul/sqr/from_bytes outputs into sub's b.
#pragma once

#include "common/ct.hpp"
#include "common/bytes.hpp"

#include <cstdint>

#if !defined(__SIZEOF_INT128__)
#error "field25519_64.hpp needs unsigned __int128; use field25519_32.hpp"
#endif

namespace tessera::ec::field25519_64 {

using u64 = std::uint64_t;
__extension__ typedef unsigned __int128 u128;  // __extension__: -Wpedantic

inline constexpr u64 kMask51 = (u64{1} << 51) - 1;

struct Fe {
  u64 v[5];
};

struct Field {
  using Fe = field25519_64::Fe;
  static constexpr const char* name = "radix 2^51 (64-bit)";

  static void zero(Fe& h) noexcept { for (u64& x : h.v) x = 0; }
  static void one(Fe& h) noexcept { zero(h); h.v[0] = 1; }
  static void copy(Fe& h, const Fe& f) noexcept { h = f; }

  // RFC 7748, Section 5 (decodeUCoordinate): little-endian, the most significant bit of the
  // last byte masked; values in [p, 2^255) are kept (they are reduced by the arithmetic).
  static void from_bytes(Fe& h, const std::uint8_t* s) noexcept {
    const u64 w0 = bytes::load_le64(s), w1 = bytes::load_le64(s + 8), w2 = bytes::load_le64(s + 16),
              w3 = bytes::load_le64(s + 24);
    h.v[0] = w0 & kMask51;
    h.v[1] = ((w0 >> 51) | (w1 << 13)) & kMask51;
    h.v[2] = ((w1 >> 38) | (w2 << 26)) & kMask51;
    h.v[3] = ((w2 >> 25) | (w3 << 39)) & kMask51;
    h.v[4] = (w3 >> 12) & kMask51;  // bit 255 dropped
  }

  // One carry pass: limbs below 2^51 (limb 0 below 2^51 + 19 * 2^13 for inputs < 2^64).
  static void carry(Fe& h) noexcept {
    u64 c;
    c = h.v[0] >> 51; h.v[0] &= kMask51; h.v[1] += c;
    c = h.v[1] >> 51; h.v[1] &= kMask51; h.v[2] += c;
    c = h.v[2] >> 51; h.v[2] &= kMask51; h.v[3] += c;
    c = h.v[3] >> 51; h.v[3] &= kMask51; h.v[4] += c;
    c = h.v[4] >> 51; h.v[4] &= kMask51; h.v[0] += c * 19;  // 2^255 = 19 (mod p)
  }

  // RFC 7748, Section 5 (encodeUCoordinate): the unique representative in [0, p), 32 bytes
  // little-endian (bit 255 zero).
  static void to_bytes(std::uint8_t* s, const Fe& f) noexcept {
    Fe h = f;
    carry(h);
    carry(h);
    // Now h < 2^255 + 2^13 < 2p. q = 1 iff h >= p, i.e. iff h + 19 >= 2^255.
    u64 q = (h.v[0] + 19) >> 51;
    q = (h.v[1] + q) >> 51;
    q = (h.v[2] + q) >> 51;
    q = (h.v[3] + q) >> 51;
    q = (h.v[4] + q) >> 51;
    // h - q p = h + 19 q - q 2^255: add 19q, carry, drop bit 255.
    h.v[0] += 19 * q;
    u64 c;
    c = h.v[0] >> 51; h.v[0] &= kMask51; h.v[1] += c;
    c = h.v[1] >> 51; h.v[1] &= kMask51; h.v[2] += c;
    c = h.v[2] >> 51; h.v[2] &= kMask51; h.v[3] += c;
    c = h.v[3] >> 51; h.v[3] &= kMask51; h.v[4] += c;
    h.v[4] &= kMask51;
    bytes::store_le64(s, h.v[0] | (h.v[1] << 51));
    bytes::store_le64(s + 8, (h.v[1] >> 13) | (h.v[2] << 38));
    bytes::store_le64(s + 16, (h.v[2] >> 26) | (h.v[3] << 25));
    bytes::store_le64(s + 24, (h.v[3] >> 39) | (h.v[4] << 12));
  }

  static void add(Fe& h, const Fe& f, const Fe& g) noexcept {
    for (int i = 0; i < 5; ++i) h.v[i] = f.v[i] + g.v[i];
  }

  // f - g + 2p, so no limb goes negative (2p = (2^52 - 38) + sum_{i>=1} (2^52 - 2) 2^{51 i}).
  static void sub(Fe& h, const Fe& f, const Fe& g) noexcept {
    h.v[0] = f.v[0] + ((u64{1} << 52) - 38) - g.v[0];
    for (int i = 1; i < 5; ++i) h.v[i] = f.v[i] + ((u64{1} << 52) - 2) - g.v[i];
  }

  // Reduces five 128-bit column sums (2^255 = 19 already folded in) to limbs < 2^51 + 2^14.
  static void reduce_wide(Fe& h, const u128 r[5]) noexcept {
    u128 t0 = r[0], t1 = r[1], t2 = r[2], t3 = r[3], t4 = r[4];
    t1 += static_cast<u64>(t0 >> 51);
    t2 += static_cast<u64>(t1 >> 51);
    t3 += static_cast<u64>(t2 >> 51);
    t4 += static_cast<u64>(t3 >> 51);
    const u64 c = static_cast<u64>(t4 >> 51);
    u64 h0 = (static_cast<u64>(t0) & kMask51) + c * 19;
    const u64 h1 = (static_cast<u64>(t1) & kMask51) + (h0 >> 51);
    h0 &= kMask51;
    h.v[0] = h0;
    h.v[1] = h1;
    h.v[2] = static_cast<u64>(t2) & kMask51;
    h.v[3] = static_cast<u64>(t3) & kMask51;
    h.v[4] = static_cast<u64>(t4) & kMask51;
  }

  // h = f * g. Column k collects f_i g_j with i + j = k, and 19 f_i g_j with i + j = k + 5
  // (2^255 = 19 mod p). With limbs < 2^54 a column is below 2^108 * 96 < 2^115.
  static void mul(Fe& h, const Fe& f, const Fe& g) noexcept {
    const u64 f0 = f.v[0], f1 = f.v[1], f2 = f.v[2], f3 = f.v[3], f4 = f.v[4];
    const u64 g0 = g.v[0], g1 = g.v[1], g2 = g.v[2], g3 = g.v[3], g4 = g.v[4];
    const u64 g1_19 = g1 * 19, g2_19 = g2 * 19, g3_19 = g3 * 19, g4_19 = g4 * 19;
    u128 r[5];
    r[0] = u128{f0} * g0 + u128{f1} * g4_19 + u128{f2} * g3_19 + u128{f3} * g2_19 + u128{f4} * g1_19;
    r[1] = u128{f0} * g1 + u128{f1} * g0 + u128{f2} * g4_19 + u128{f3} * g3_19 + u128{f4} * g2_19;
    r[2] = u128{f0} * g2 + u128{f1} * g1 + u128{f2} * g0 + u128{f3} * g4_19 + u128{f4} * g3_19;
    r[3] = u128{f0} * g3 + u128{f1} * g2 + u128{f2} * g1 + u128{f3} * g0 + u128{f4} * g4_19;
    r[4] = u128{f0} * g4 + u128{f1} * g3 + u128{f2} * g2 + u128{f3} * g1 + u128{f4} * g0;
    reduce_wide(h, r);
  }

  // h = f^2 (the symmetric products of mul counted once, doubled).
  static void sqr(Fe& h, const Fe& f) noexcept {
    const u64 f0 = f.v[0], f1 = f.v[1], f2 = f.v[2], f3 = f.v[3], f4 = f.v[4];
    const u64 f0_2 = 2 * f0, f1_2 = 2 * f1;
    const u64 f3_19 = 19 * f3, f4_19 = 19 * f4;
    u128 r[5];
    r[0] = u128{f0} * f0 + u128{f1_2} * f4_19 + u128{2 * f2} * f3_19;
    r[1] = u128{f0_2} * f1 + u128{2 * f2} * f4_19 + u128{f3} * f3_19;
    r[2] = u128{f0_2} * f2 + u128{f1} * f1 + u128{2 * f3} * f4_19;
    r[3] = u128{f0_2} * f3 + u128{f1_2} * f2 + u128{f4} * f4_19;
    r[4] = u128{f0_2} * f4 + u128{f1_2} * f3 + u128{f2} * f2;
    reduce_wide(h, r);
  }

  // h = f * c for a small public constant c < 2^20 (a24 = 121665, RFC 7748, Section 5).
  static void mul_small(Fe& h, const Fe& f, std::uint32_t c) noexcept {
    u128 r[5];
    for (int i = 0; i < 5; ++i) r[i] = u128{f.v[i]} * c;
    reduce_wide(h, r);
  }

  // RFC 7748, Section 5 (cswap): swap f and g when bit is 1, with a mask (no branch).
  static void cswap(Fe& f, Fe& g, u64 bit) noexcept {
    const u64 mask = ct::mask_from_bit(bit);
    for (int i = 0; i < 5; ++i) {
      const u64 t = mask & (f.v[i] ^ g.v[i]);
      f.v[i] ^= t;
      g.v[i] ^= t;
    }
  }
};

}  // namespace tessera::ec::field25519_64
