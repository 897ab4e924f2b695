// Poly1305 (RFC 8439, Section 2.5) in radix 2^26 with 32 x 32 -> 64-bit products only: the
// portable kernel of targets without unsigned __int128 (32-bit x86, Armv7-M), and built on
// every target so that the 64-bit hosts test it against the radix-2^44 kernel (poly1305.cpp).
//
// h = h0 + h1 2^26 + h2 2^52 + h3 2^78 + h4 2^104 modulo p = 2^130 - 5. A product term of
// weight 2^130 folds to weight 1 times 5, hence s_i = 5 r_i. Clamping (RFC 8439, Section
// 2.5.1) leaves r_i < 2^26, so 5 r_i < 2^29; with h_i < 2^27 every product is below 2^56 and
// each column (5 products) below 2^59: no 64-bit accumulator overflows.
//
// Constant time: straight-line code over public lengths; the only multiplies are 32 x 32 ->
// 64 (UMULL/UMLAL on Armv7-M, one cycle and data-independent on Cortex-M4/M7, Armv7-M ARM
// A7.7.189; Cortex-M3's early-terminating multiplier would NOT be constant time). The
// state stays in poly1305::State's radix-2^44 layout, converted at entry and exit of each
// call with shifts and masks only, so init/final/update are shared with the 64-bit kernel.
#include "symmetric/chacha20.hpp"

#include "common/bytes.hpp"
#include "common/secret.hpp"

namespace tessera::poly1305 {
namespace {

constexpr std::uint32_t kMask26 = (std::uint32_t{1} << 26) - 1;
constexpr std::uint64_t kMask44 = (std::uint64_t{1} << 44) - 1;

inline std::uint64_t mul(std::uint32_t a, std::uint32_t b) noexcept { return std::uint64_t{a} * b; }

// One carry pass over radix-2^26 limbs: every limb below 2^26, except h1 <= 2^26 + 2^9.
void carry26(std::uint32_t h[5]) noexcept {
  for (int i = 0; i < 4; ++i) {
    h[i + 1] += h[i] >> 26;
    h[i] &= kMask26;
  }
  h[0] += (h[4] >> 26) * 5;  // 2^130 = 5 (mod p)
  h[4] &= kMask26;
  h[1] += h[0] >> 26;
  h[0] &= kMask26;
}

// Radix 2^44 (limbs below 2^63: any state either kernel leaves) -> radix 2^26, limbs as
// carry26 leaves them. Each 44-bit limb is cut at the 26-bit boundaries it straddles and
// the pieces are added (not ORed), so unnormalised inputs convert exactly.
void from44(std::uint32_t out[5], const std::uint64_t in[3]) noexcept {
  std::uint64_t a0 = in[0], a1 = in[1], a2 = in[2];
  a1 += a0 >> 44;  // limbs below 2^44, 2^44, 2^44 + 2^20 (a2 fits the split below)
  a0 &= kMask44;
  a2 += a1 >> 44;
  a1 &= kMask44;
  // weight 2^0: a0 = bits 0..43; 2^44 = 2^(26 + 18); 2^88 = 2^(78 + 10).
  std::uint64_t l[5];
  l[0] = a0 & kMask26;
  l[1] = (a0 >> 26) + ((a1 & 0xFF) << 18);
  l[2] = (a1 >> 8) & kMask26;
  l[3] = (a1 >> 34) + ((a2 & 0xFFFF) << 10);
  l[4] = a2 >> 16;  // below 2^29
  l[1] += l[0] >> 26;  // l0..l3 are below 2^27: carry in 64 bits, then narrow
  l[0] &= kMask26;
  for (int i = 1; i < 4; ++i) {
    l[i + 1] += l[i] >> 26;
    l[i] &= kMask26;
  }
  l[0] += (l[4] >> 26) * 5;
  l[4] &= kMask26;
  for (int i = 0; i < 5; ++i) out[i] = static_cast<std::uint32_t>(l[i]);
  secure_zero(l, sizeof l);  // limbs of r or of the accumulator
  carry26(out);
}

// Radix 2^26 (limbs below 2^31) -> radix 2^44 (limbs below 2^44, 2^44, 2^42 + 2^22): the
// same cut-and-add in the other direction, after one carry pass.
void to44(std::uint64_t out[3], const std::uint32_t in[5]) noexcept {
  std::uint32_t h[5] = {in[0], in[1], in[2], in[3], in[4]};
  carry26(h);
  const std::uint64_t v0 = std::uint64_t{h[0]} + (std::uint64_t{h[1]} << 26);
  const std::uint64_t v1 = (v0 >> 44) + (std::uint64_t{h[2]} << 8) + (std::uint64_t{h[3]} << 34);
  out[0] = v0 & kMask44;
  out[1] = v1 & kMask44;
  out[2] = (v1 >> 44) + (std::uint64_t{h[4]} << 16);
  secure_zero(h, sizeof h);
}

// RFC 8439, Section 2.5.1's loop body after the block is added: h = (h * r) mod p, with
// the carries propagated so that every limb ends below 2^26 + 2^6 (h0) or 2^26 (others).
void mul_reduce(std::uint32_t h[5], const std::uint32_t r[5], const std::uint32_t s[5]) noexcept {
  // Schoolbook columns; s = 5 r folds the terms of weight >= 2^130.
  const std::uint64_t d0 = mul(h[0], r[0]) + mul(h[1], s[4]) + mul(h[2], s[3]) + mul(h[3], s[2]) + mul(h[4], s[1]);
  std::uint64_t d1 = mul(h[0], r[1]) + mul(h[1], r[0]) + mul(h[2], s[4]) + mul(h[3], s[3]) + mul(h[4], s[2]);
  std::uint64_t d2 = mul(h[0], r[2]) + mul(h[1], r[1]) + mul(h[2], r[0]) + mul(h[3], s[4]) + mul(h[4], s[3]);
  std::uint64_t d3 = mul(h[0], r[3]) + mul(h[1], r[2]) + mul(h[2], r[1]) + mul(h[3], r[0]) + mul(h[4], s[4]);
  std::uint64_t d4 = mul(h[0], r[4]) + mul(h[1], r[3]) + mul(h[2], r[2]) + mul(h[3], r[1]) + mul(h[4], r[0]);
  std::uint32_t h0 = static_cast<std::uint32_t>(d0) & kMask26;
  d1 += d0 >> 26;
  const std::uint32_t h1 = static_cast<std::uint32_t>(d1) & kMask26;
  d2 += d1 >> 26;
  const std::uint32_t h2 = static_cast<std::uint32_t>(d2) & kMask26;
  d3 += d2 >> 26;
  const std::uint32_t h3 = static_cast<std::uint32_t>(d3) & kMask26;
  d4 += d3 >> 26;
  const std::uint32_t h4 = static_cast<std::uint32_t>(d4) & kMask26;
  // d4 < 2^59: d4 >> 26 below 2^33, times 5 below 2^36: folded in 64 bits.
  const std::uint64_t fold = (d4 >> 26) * 5 + h0;
  h0 = static_cast<std::uint32_t>(fold) & kMask26;
  h[0] = h0;
  h[1] = h1 + static_cast<std::uint32_t>(fold >> 26);  // below 2^26 + 2^11
  h[2] = h2;
  h[3] = h3;
  h[4] = h4;
}

// Absorbs nblocks 16-byte blocks; hibit = 2^24 in limb 4 is the 2^128 bit of a full block
// (RFC 8439, Section 2.5.1: "add one bit beyond the number of octets"), 0 for the final
// padded partial block (its 0x01 byte is already in the data).
void absorb(State& st, const std::uint8_t* in, std::size_t nblocks, std::uint32_t hibit) noexcept {
  std::uint32_t r[5], s[5], h[5];
  from44(r, st.r);  // r is clamped: every limb below 2^26
  for (int i = 0; i < 5; ++i) s[i] = r[i] * 5;
  from44(h, st.h);
  for (std::size_t b = 0; b < nblocks; ++b, in += 16) {
    const std::uint32_t t0 = bytes::load_le32(in), t1 = bytes::load_le32(in + 4);
    const std::uint32_t t2 = bytes::load_le32(in + 8), t3 = bytes::load_le32(in + 12);
    h[0] += t0 & kMask26;
    h[1] += ((t0 >> 26) | (t1 << 6)) & kMask26;
    h[2] += ((t1 >> 20) | (t2 << 12)) & kMask26;
    h[3] += ((t2 >> 14) | (t3 << 18)) & kMask26;
    h[4] += (t3 >> 8) | hibit;
    mul_reduce(h, r, s);
  }
  to44(st.h, h);
  secure_zero(r, sizeof r);
  secure_zero(s, sizeof s);
  secure_zero(h, sizeof h);
}

}  // namespace

void blocks_radix26(State& st, const std::uint8_t* in, std::size_t nblocks) noexcept {
  absorb(st, in, nblocks, std::uint32_t{1} << 24);
}

void final_block_radix26(State& st, const std::uint8_t block[16]) noexcept { absorb(st, block, 1, 0); }

void mul_mod_radix26(std::uint64_t out[3], const std::uint64_t a[3], const std::uint64_t b[3]) noexcept {
  std::uint32_t h[5], r[5], s[5];
  from44(h, a);
  from44(r, b);  // limbs below 2^26 + 2^9: 5 r_i < 2^29
  for (int i = 0; i < 5; ++i) s[i] = r[i] * 5;
  mul_reduce(h, r, s);
  to44(out, h);
}

}  // namespace tessera::poly1305
