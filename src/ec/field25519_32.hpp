// Arithmetic in GF(p), p = 2^255 - 19 (RFC 7748, Section 4.1), 32-bit path: ten limbs of
// radix 2^25.5 (alternately 26 and 25 bits) with 32 x 32 -> 64-bit products only, so it
// builds for 32-bit microcontrollers (no unsigned __int128). Constant time throughout.
//
// Limb i sits at bit offset ceil(25.5 i): 0, 26, 51, 77, 102, 128, 153, 179, 204, 230; even
// limbs are 26 bits wide, odd limbs 25. Two odd offsets add up to one more than the offset
// of their sum, so odd x odd products are doubled; offset(i + 10) = offset(i) + 255, so
// products past limb 9 wrap with a factor 19 (2^255 = 19 mod p).
// Bounds (E = 2^26 for even limbs, O = 2^25 for odd limbs):
//   from_bytes            limbs < E / O (the value may be >= p: RFC 7748, Section 5)
//   mul, sqr, mul_small   inputs < 3E / 3O (add and sub outputs); output < E / O, except
//                         limb 1 < O + 2^18
//   add                   inputs mul/sqr/from_bytes outputs; output < 2E / 2O + 2^19
//   sub                   a: mul/sqr/from_bytes output, b <= 2p's limbs; output < 3E / 3O
//   to_bytes              any output of the above; fully reduced mod p
// A column sum is then at most 19 * 13 * 9 * 2^51 + 9 * 2^52 < 2^63 (see mul).
#pragma once

#include "common/ct.hpp"

#include <cstdint>

namespace tessera::ec::field25519_32 {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

inline constexpr u32 kMask26 = (u32{1} << 26) - 1;
inline constexpr u32 kMask25 = (u32{1} << 25) - 1;

struct Fe {
  u32 v[10];
};

struct Field {
  using Fe = field25519_32::Fe;
  static constexpr const char* name = "radix 2^25.5 (32-bit)";
  static constexpr int kOffset[10] = {0, 26, 51, 77, 102, 128, 153, 179, 204, 230};
  static constexpr int width(int i) noexcept { return (i & 1) ? 25 : 26; }

  static void zero(Fe& h) noexcept { for (u32& x : h.v) x = 0; }
  static void one(Fe& h) noexcept { zero(h); h.v[0] = 1; }
  static void copy(Fe& h, const Fe& f) noexcept { h = f; }

  // RFC 7748, Section 5 (decodeUCoordinate): little-endian, bit 255 masked; values in
  // [p, 2^255) are kept (reduced by the arithmetic).
  static void from_bytes(Fe& h, const std::uint8_t* s) noexcept {
    for (int i = 0; i < 10; ++i) {
      // The limb's bits lie in bytes off/8 .. off/8 + 4 (26 bits + up to 7 bits of shift).
      const int off = kOffset[i], byte = off >> 3, shift = off & 7;
      u64 w = 0;
      for (int k = 4; k >= 0; --k) w = (w << 8) | (byte + k < 32 ? s[byte + k] : 0u);
      h.v[i] = static_cast<u32>(w >> shift) & ((i & 1) ? kMask25 : kMask26);
    }
    // Limb 9 holds bits 230..254: bit 255 is dropped by its 25-bit mask.
  }

  // One carry pass over ten 64-bit column values; limb 9's carry wraps to limb 0 times 19
  // and one more carry from limb 0 to limb 1 keeps limb 0 below 2^26.
  static void reduce_wide(Fe& h, u64 r[10]) noexcept {
    for (int i = 0; i < 9; ++i) {
      r[i + 1] += r[i] >> width(i);
      r[i] &= (i & 1) ? kMask25 : kMask26;
    }
    const u64 c = r[9] >> 25;
    r[9] &= kMask25;
    r[0] += c * 19;
    r[1] += r[0] >> 26;
    r[0] &= kMask26;
    for (int i = 0; i < 10; ++i) h.v[i] = static_cast<u32>(r[i]);
  }

  static void carry(Fe& h) noexcept {
    u64 r[10];
    for (int i = 0; i < 10; ++i) r[i] = h.v[i];
    reduce_wide(h, r);
  }

  // RFC 7748, Section 5 (encodeUCoordinate): the representative in [0, p), little-endian.
  static void to_bytes(std::uint8_t* s, const Fe& f) noexcept {
    Fe h = f;
    carry(h);
    carry(h);
    // h < 2^255 + 2^19 < 2p now. q = 1 iff h >= p, i.e. iff h + 19 >= 2^255.
    u32 q = (h.v[0] + 19) >> 26;
    for (int i = 1; i < 10; ++i) q = (h.v[i] + q) >> width(i);
    // h - q p = h + 19 q - q 2^255: add 19q, carry, drop bit 255.
    h.v[0] += 19 * q;
    for (int i = 0; i < 9; ++i) {
      h.v[i + 1] += h.v[i] >> width(i);
      h.v[i] &= (i & 1) ? kMask25 : kMask26;
    }
    h.v[9] &= kMask25;
    // Pack the 255 bits.
    u64 acc = 0;
    int bits = 0, out = 0;
    for (int i = 0; i < 10; ++i) {
      acc |= static_cast<u64>(h.v[i]) << bits;
      bits += width(i);
      while (bits >= 8) {
        s[out++] = static_cast<std::uint8_t>(acc);
        acc >>= 8;
        bits -= 8;
      }
    }
    s[out] = static_cast<std::uint8_t>(acc);  // bits 248..254 (bits == 7 here)
  }

  static void add(Fe& h, const Fe& f, const Fe& g) noexcept {
    for (int i = 0; i < 10; ++i) h.v[i] = f.v[i] + g.v[i];
  }

  // f - g + 2p (2p's limbs: 2^27 - 38, then 2^26 - 2 and 2^27 - 2 alternating).
  static void sub(Fe& h, const Fe& f, const Fe& g) noexcept {
    h.v[0] = f.v[0] + ((u32{1} << 27) - 38) - g.v[0];
    for (int i = 1; i < 10; ++i) h.v[i] = f.v[i] + (((i & 1) ? (u32{1} << 26) : (u32{1} << 27)) - 2) - g.v[i];
  }

  // h = f * g. Column k: f_i g_j with i + j = k, and 19 f_i g_j with i + j = k + 10, each
  // doubled when i and j are both odd. With inputs below 3E / 3O the largest column (k = 0)
  // is below 9 * 2^52 + 19 * (5 * 9 * 2^51 + 4 * 9 * 2^52) < 2^63.
  static void mul(Fe& h, const Fe& f, const Fe& g) noexcept {
    u32 g19[10], f2[10];
    for (int i = 0; i < 10; ++i) {
      g19[i] = 19 * g.v[i];              // < 19 * 3 * 2^26 < 2^32
      f2[i] = (i & 1) ? 2 * f.v[i] : f.v[i];  // odd limbs doubled (< 2^28)
    }
    u64 r[10];
    for (int k = 0; k < 10; ++k) {
      u64 acc = 0;
      for (int i = 0; i < 10; ++i) {
        const int j = k - i;
        // Both odd only when i is odd and j is odd; k - i odd <=> k even when i odd.
        const u32 fi = ((i & 1) && !(k & 1)) ? f2[i] : f.v[i];
        if (j >= 0) {
          acc += static_cast<u64>(fi) * g.v[j];
        } else {
          acc += static_cast<u64>(fi) * g19[j + 10];
        }
      }
      r[k] = acc;
    }
    reduce_wide(h, r);
  }

  static void sqr(Fe& h, const Fe& f) noexcept { mul(h, f, f); }

  // h = f * c for a small public constant c < 2^18 (a24 = 121665, RFC 7748, Section 5).
  static void mul_small(Fe& h, const Fe& f, std::uint32_t c) noexcept {
    u64 r[10];
    for (int i = 0; i < 10; ++i) r[i] = static_cast<u64>(f.v[i]) * c;
    reduce_wide(h, r);
  }

  // RFC 7748, Section 5 (cswap), mask-based.
  static void cswap(Fe& f, Fe& g, u64 bit) noexcept {
    const u32 mask = ct::mask_from_bit(static_cast<u32>(bit));
    for (int i = 0; i < 10; ++i) {
      const u32 t = mask & (f.v[i] ^ g.v[i]);
      f.v[i] ^= t;
      g.v[i] ^= t;
    }
  }
};

}  // namespace tessera::ec::field25519_32
