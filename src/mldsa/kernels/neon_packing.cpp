// ML-DSA packing kernels for aarch64 Advanced SIMD: BitPack/BitUnpack of z (FIPS 204,
// Algorithms 17 and 19 with b = gamma1, a = gamma1 - 1, as used by sigEncode/sigDecode,
// Algorithms 26-27), SimpleBitPack of w1 (Algorithm 16, w1Encode, Algorithm 28) and of t1
// (pkEncode, Algorithm 22), BitPack of t0 and of s1, s2 (skEncode, Algorithm 24), and the
// unpacking of t1, t0 and eta (pkDecode, skDecode, Algorithms 23 and 25). Each
// writes or reads exactly the bytes of its portable twin, with the same values bit for bit
// (tests/equivalence/mldsa_kernels_test.cpp). The shifts and byte positions are constants;
// nothing depends on the data (constant time).
#include "mldsa/kernels/neon.hpp"

#include "common/ct.hpp"
#include "common/secret.hpp"

#include <arm_neon.h>

#include <cstdint>
#include <cstring>

namespace tessera::mldsa::neon {
namespace {

#define TS_INLINE [[gnu::always_inline]] inline

// ---- BitUnpack of z: 4 fields of B = gamma1_bits + 1 bits (18 or 20) per step ----
//
// Field k of a group of four starts at bit B k: byte B k / 8, bit (B k) % 8, and spans three
// bytes (bit + B <= 24). TBL moves those three bytes into lane k (the fourth byte zero,
// index out of range), USHL by -bit and an AND leave the field; z = gamma1 - field. A group
// takes B / 2 bytes; the 16-byte load of the last group would run past the input, so that
// one loads the last 16 bytes and its indices are moved up by the difference.
struct UnpackZPlan {
  std::uint8_t idx[16], idx_last[16];
  std::int32_t shift[4];
};
constexpr UnpackZPlan make_unpack_z_plan(int b) {
  UnpackZPlan p{};
  const int last_start = (b / 2) * 63, last_load = 32 * b - 16;  // byte offsets of group 63
  for (int k = 0; k < 4; ++k) {
    const int bit = b * k;
    p.shift[k] = -(bit % 8);
    for (int i = 0; i < 4; ++i) {
      const bool used = i < 3;
      p.idx[4 * k + i] = static_cast<std::uint8_t>(used ? bit / 8 + i : 0xFF);
      p.idx_last[4 * k + i] = static_cast<std::uint8_t>(used ? bit / 8 + i + last_start - last_load : 0xFF);
    }
  }
  return p;
}
alignas(16) constexpr UnpackZPlan kUnpack18 = make_unpack_z_plan(18);
alignas(16) constexpr UnpackZPlan kUnpack20 = make_unpack_z_plan(20);
static_assert(kUnpack18.idx_last[14] == 15 && kUnpack20.idx_last[14] == 15, "last group within its 16-byte load");

template <int B>
void unpack_z_neon(Poly& z, const std::uint8_t* in) noexcept {
  const UnpackZPlan& p = B == 18 ? kUnpack18 : kUnpack20;
  const uint8x16_t idx = vld1q_u8(p.idx);
  const int32x4_t shift = vld1q_s32(p.shift);
  const uint32x4_t mask = vdupq_n_u32((1u << B) - 1);
  const uint32x4_t g1 = vdupq_n_u32(1u << (B - 1));
  auto field = [&](uint8x16_t bytes, uint8x16_t ix) {
    const uint32x4_t v = vandq_u32(vshlq_u32(vreinterpretq_u32_u8(vqtbl1q_u8(bytes, ix)), shift), mask);
    return vreinterpretq_s32_u32(vsubq_u32(g1, v));
  };
  for (int g = 0; g < 63; g += 3) {  // three groups (12 coefficients) per step
    vst1q_s32(z.coeffs + 4 * g, field(vld1q_u8(in + (B / 2) * g), idx));
    vst1q_s32(z.coeffs + 4 * g + 4, field(vld1q_u8(in + (B / 2) * (g + 1)), idx));
    vst1q_s32(z.coeffs + 4 * g + 8, field(vld1q_u8(in + (B / 2) * (g + 2)), idx));
  }
  vst1q_s32(z.coeffs + 252, field(vld1q_u8(in + 32 * B - 16), vld1q_u8(p.idx_last)));
}

void unpack_z_dispatch(Poly& z, const std::uint8_t* in, int gamma1_bits) noexcept {
  if (gamma1_bits == 17) unpack_z_neon<18>(z, in);  // public parameter
  else unpack_z_neon<20>(z, in);
}

// ---- BitPack of z: 4 fields of B bits (18 or 20) per step ----
//
// v = gamma1 - z in [0, 2^B). Pairs join in 64-bit lanes: SLI(L, L >> 32, B) keeps field 0's
// B bits and inserts field 1 above them (2B bits); the two lanes then join in scalar
// registers, w = P0 | P1 << 2B (64 bits) and P1 >> (64 - 2B) (4B - 64 bits: one or two
// bytes), stored as exactly B / 2 bytes.
template <int B>
void pack_z_neon(std::uint8_t* out, const Poly& z) noexcept {
  const int32x4_t g1 = vdupq_n_s32(1 << (B - 1));
  for (int i = 0; i < kN; i += 4, out += B / 2) {
    const uint64x2_t l = vreinterpretq_u64_s32(vsubq_s32(g1, vld1q_s32(z.coeffs + i)));
    const uint64x2_t p = vsliq_n_u64(l, vshrq_n_u64(l, 32), B);
    const std::uint64_t p0 = vgetq_lane_u64(p, 0), p1 = vgetq_lane_u64(p, 1);
    const std::uint64_t w = p0 | p1 << (2 * B), rest = p1 >> (64 - 2 * B);
    std::memcpy(out, &w, 8);
    if constexpr (B == 18) {
      out[8] = static_cast<std::uint8_t>(rest);
    } else {
      const std::uint16_t r16 = static_cast<std::uint16_t>(rest);
      std::memcpy(out + 8, &r16, 2);
    }
  }
}

void pack_z_dispatch(std::uint8_t* out, const Poly& z, int gamma1_bits) noexcept {
  if (gamma1_bits == 17) pack_z_neon<18>(out, z);
  else pack_z_neon<20>(out, z);
}

// ---- w1Encode: 4 bits (gamma2 = (q - 1) / 32) or 6 bits ((q - 1) / 88) ----
//
// LD4 deinterleaves 16 coefficients into vectors A, B, C, D (lane j: coefficients 4j..4j+3);
// three SLIs build A | B << b | C << 2b | D << 3b in each 32-bit lane, the 4b bits of four
// coefficients in little-endian order. For b = 4 those are two bytes (XTN to 16-bit lanes);
// for b = 6 three bytes, gathered from 32 coefficients by two TBLs (16 + 8 bytes).
template <int Bits>
TS_INLINE uint32x4_t join4(const uint32x4x4_t& v) noexcept {
  uint32x4_t x = vsliq_n_u32(v.val[0], v.val[1], Bits);
  x = vsliq_n_u32(x, v.val[2], 2 * Bits);
  return vsliq_n_u32(x, v.val[3], 3 * Bits);
}
template <int Bits>
TS_INLINE uint32x4_t join4(const std::int32_t* w) noexcept {
  return join4<Bits>(vld4q_u32(reinterpret_cast<const std::uint32_t*>(w)));
}

alignas(16) constexpr std::uint8_t kW1Gather6[32] = {0,  1,  2,  4,  5,  6,  8,  9,  10, 12, 13, 14, 16, 17, 18, 20,
                                                      21, 22, 24, 25, 26, 28, 29, 30, 0,  0,  0,  0,  0,  0,  0,  0};

void pack_w1_dispatch(std::uint8_t* out, const Poly& w1, int w1_bits) noexcept {
  if (w1_bits == 4) {  // public parameter
    for (int i = 0; i < kN; i += 32, out += 16) {
      const uint16x8_t x = vmovn_high_u32(vmovn_u32(join4<4>(w1.coeffs + i)), join4<4>(w1.coeffs + i + 16));
      vst1q_u8(out, vreinterpretq_u8_u16(x));
    }
  } else {
    const uint8x16_t g0 = vld1q_u8(kW1Gather6), g1 = vld1q_u8(kW1Gather6 + 16);
    for (int i = 0; i < kN; i += 32, out += 24) {
      const uint8x16x2_t x = {{vreinterpretq_u8_u32(join4<6>(w1.coeffs + i)),
                               vreinterpretq_u8_u32(join4<6>(w1.coeffs + i + 16))}};
      vst1q_u8(out, vqtbl2q_u8(x, g0));
      vst1_u8(out + 16, vget_low_u8(vqtbl2q_u8(x, g1)));
    }
  }
}

// ---- pkEncode's t1 (Algorithm 22 step 2, SimpleBitPack with 10 bits) ----
//
// LD4 as for w1: SLIs join coefficients 4j..4j+2 in 30 bits of lane j, the fourth goes above
// them as lanes widen to 64 bits (UXTL, USHLL #30, ORR): four 40-bit groups, five bytes each,
// gathered by TBL (16 + 4 bytes).
alignas(16) constexpr std::uint8_t kT1Gather[24] = {0,  1,  2,  3,  4,  8,  9,  10, 11, 12, 16, 17,
                                                     18, 19, 20, 24, 25, 26, 27, 28, 0,  0,  0,  0};

void pack_t1_neon(std::uint8_t* out, const Poly& t1) noexcept {
  const uint8x16_t g0 = vld1q_u8(kT1Gather);
  const uint8x8_t g1 = vld1_u8(kT1Gather + 16);
  for (int i = 0; i < kN; i += 16, out += 20) {
    const uint32x4x4_t v = vld4q_u32(reinterpret_cast<const std::uint32_t*>(t1.coeffs + i));
    const uint32x4_t x = vsliq_n_u32(vsliq_n_u32(v.val[0], v.val[1], 10), v.val[2], 20);
    const uint64x2_t lo = vorrq_u64(vmovl_u32(vget_low_u32(x)), vshll_n_u32(vget_low_u32(v.val[3]), 30));
    const uint64x2_t hi = vorrq_u64(vmovl_high_u32(x), vshll_n_u32(vget_high_u32(v.val[3]), 30));
    const uint8x16x2_t t = {{vreinterpretq_u8_u64(lo), vreinterpretq_u8_u64(hi)}};
    vst1q_u8(out, vqtbl2q_u8(t, g0));
    const std::uint32_t tail = vget_lane_u32(vreinterpret_u32_u8(vqtbl2_u8(t, g1)), 0);
    std::memcpy(out + 16, &tail, 4);
  }
}

// ---- skEncode's t0 (Algorithm 24 step 4: BitPack(t0, 2^12 - 1, 2^12), 13 bits) ----
//
// v = 2^12 - t0 in [0, 2^13), eight fields (13 bytes) per step. As for z, SLI joins the
// pairs of each 64-bit lane (26 bits); UZP1 gathers the four pairs in 32-bit lanes and a
// second SLI joins those into two 52-bit halves Q0 (fields 0-3) and Q1 (fields 4-7). The
// 104 bits Q0 | Q1 << 52 go out as bytes 0-7 (Q0 | Q1 << 52) and bytes 5-12
// (Q0 >> 40 | Q1 << 12): two 8-byte stores that overlap in bytes 5-7, which both hold the
// same values, and end at byte 13 of the step (the last one at the end of the 416 bytes).
// t0 is secret: everything stays in registers (no stack copy to wipe), and the shifts and
// byte positions are constants.
void pack_t0_neon(std::uint8_t* out, const Poly& t0) noexcept {
  const int32x4_t c = vdupq_n_s32(1 << (kD - 1));
  auto pairs = [&](const std::int32_t* p) {  // [f0 | f1 << 13, f2 | f3 << 13]
    const uint64x2_t l = vreinterpretq_u64_s32(vsubq_s32(c, vld1q_s32(p)));
    return vreinterpretq_u32_u64(vsliq_n_u64(l, vshrq_n_u64(l, 32), 13));
  };
  for (int i = 0; i < kN; i += 8, out += 13) {
    const uint64x2_t u = vreinterpretq_u64_u32(vuzp1q_u32(pairs(t0.coeffs + i), pairs(t0.coeffs + i + 4)));
    const uint64x2_t q = vsliq_n_u64(u, vshrq_n_u64(u, 32), 26);
    const std::uint64_t q0 = vgetq_lane_u64(q, 0), q1 = vgetq_lane_u64(q, 1);
    const std::uint64_t w0 = q0 | q1 << 52, w1 = q0 >> 40 | q1 << 12;
    std::memcpy(out, &w0, 8);
    std::memcpy(out + 5, &w1, 8);
  }
}

// ---- skEncode's s1, s2 (Algorithm 24 steps 2-3: BitPack(s, eta, eta), 3 or 4 bits) ----
//
// v = eta - s in [0, 2 eta]. LD4 and the SLIs of w1Encode join four fields per 32-bit lane.
// eta = 4 (4 bits): that is 16 bits, narrowed (XTN) to two bytes each, 16 bytes per 32
// coefficients. eta = 2 (3 bits): 12 bits; SLI joins the two lanes of each 64-bit lane
// (24 bits: coefficients 8m..8m+7) and UZP1 packs those in 32-bit lanes, the layout of the
// 6-bit w1 path, whose TBLs keep three bytes of each: 24 bytes per 64 coefficients. The
// secret s stays in registers.
template <int Bits>
TS_INLINE uint32x4_t join4_eta(const std::int32_t* s, uint32x4_t e) noexcept {
  uint32x4x4_t v = vld4q_u32(reinterpret_cast<const std::uint32_t*>(s));
  for (int k = 0; k < 4; ++k) v.val[k] = vsubq_u32(e, v.val[k]);
  return join4<Bits>(v);
}
TS_INLINE uint32x4_t join8_eta3(const std::int32_t* s, uint32x4_t e) noexcept {  // 2 x 24 bits
  const uint64x2_t x = vreinterpretq_u64_u32(join4_eta<3>(s, e));
  return vreinterpretq_u32_u64(vsliq_n_u64(x, vshrq_n_u64(x, 32), 12));
}

void pack_eta_dispatch(std::uint8_t* out, const Poly& s, int eta) noexcept {
  const uint32x4_t e = vdupq_n_u32(static_cast<std::uint32_t>(eta));
  if (eta == 4) {  // public parameter
    for (int i = 0; i < kN; i += 32, out += 16) {
      const uint16x8_t x =
          vmovn_high_u32(vmovn_u32(join4_eta<4>(s.coeffs + i, e)), join4_eta<4>(s.coeffs + i + 16, e));
      vst1q_u8(out, vreinterpretq_u8_u16(x));
    }
  } else {
    const uint8x16_t g0 = vld1q_u8(kW1Gather6), g1 = vld1q_u8(kW1Gather6 + 16);
    for (int i = 0; i < kN; i += 64, out += 24) {
      const uint8x16x2_t x = {
          {vreinterpretq_u8_u32(vuzp1q_u32(join8_eta3(s.coeffs + i, e), join8_eta3(s.coeffs + i + 16, e))),
           vreinterpretq_u8_u32(vuzp1q_u32(join8_eta3(s.coeffs + i + 32, e), join8_eta3(s.coeffs + i + 48, e)))}};
      vst1q_u8(out, vqtbl2q_u8(x, g0));
      vst1_u8(out + 16, vget_low_u8(vqtbl2q_u8(x, g1)));
    }
  }
}

// ---- BitUnpack of 8 fields of B bits (B = 3, 4, 10, 13) per step: t1, t0, eta ----
//
// The eight fields of a group (B bytes) lie in one 16-byte load; two TBLs move fields 0-3
// and 4-7 into 32-bit lanes (each spans at most three bytes: bit % 8 + B <= 20), USHL by
// -(bit % 8) and AND finish. The groups whose load would run past the input read from a
// zero-padded copy of the last bytes, wiped afterwards (packed s1, s2 and t0 are secret).
template <int B>
struct Unpack8Plan {
  std::uint8_t idx[2][16];
  std::int32_t shift[2][4];
};
template <int B>
constexpr Unpack8Plan<B> make_unpack8_plan() {
  Unpack8Plan<B> p{};
  for (int k = 0; k < 8; ++k) {
    const int bit = B * k, h = k / 4, lane = k % 4;
    p.shift[h][lane] = -(bit % 8);
    for (int i = 0; i < 4; ++i)
      p.idx[h][4 * lane + i] = static_cast<std::uint8_t>(8 * i < bit % 8 + B ? bit / 8 + i : 0xFF);
  }
  return p;
}

// Calls sink(g, lo, hi) with fields 8g..8g+3 in lo and 8g+4..8g+7 in hi. Reads 32 B bytes.
template <int B, class Sink>
TS_INLINE void unpack8(const std::uint8_t* in, Sink sink) noexcept {
  static constexpr Unpack8Plan<B> kPlan = make_unpack8_plan<B>();
  static_assert(B * 7 / 8 + 2 < 16 && (B * 7) % 8 + B <= 24);
  const uint8x16_t i0 = vld1q_u8(kPlan.idx[0]), i1 = vld1q_u8(kPlan.idx[1]);
  const int32x4_t s0 = vld1q_s32(kPlan.shift[0]), s1 = vld1q_s32(kPlan.shift[1]);
  const uint32x4_t mask = vdupq_n_u32((1u << B) - 1);
  auto step = [&](const std::uint8_t* g, int i) {
    const uint8x16_t x = vld1q_u8(g);
    sink(i, vandq_u32(vshlq_u32(vreinterpretq_u32_u8(vqtbl1q_u8(x, i0)), s0), mask),
         vandq_u32(vshlq_u32(vreinterpretq_u32_u8(vqtbl1q_u8(x, i1)), s1), mask));
  };
  constexpr int kDirect = (32 * B - 16) / B + 1;  // groups g with B g + 16 <= 32 B
  int g = 0;
  for (; g < kDirect; ++g) step(in + B * g, g);
  alignas(16) std::uint8_t tail[(32 - kDirect) * B + 16] = {};
  std::memcpy(tail, in + B * kDirect, static_cast<std::size_t>((32 - kDirect) * B));
  for (; g < 32; ++g) step(tail + B * (g - kDirect), g);
  secure_zero(tail, sizeof tail);
}

void unpack_t1_neon(Poly& t1, const std::uint8_t* in) noexcept {
  unpack8<10>(in, [&](int g, uint32x4_t lo, uint32x4_t hi) {
    vst1q_s32(t1.coeffs + 8 * g, vreinterpretq_s32_u32(lo));
    vst1q_s32(t1.coeffs + 8 * g + 4, vreinterpretq_s32_u32(hi));
  });
}
void unpack_t0_neon(Poly& t0, const std::uint8_t* in) noexcept {
  const uint32x4_t c = vdupq_n_u32(1u << (kD - 1));  // t0 = 2^12 - field
  unpack8<13>(in, [&](int g, uint32x4_t lo, uint32x4_t hi) {
    vst1q_s32(t0.coeffs + 8 * g, vreinterpretq_s32_u32(vsubq_u32(c, lo)));
    vst1q_s32(t0.coeffs + 8 * g + 4, vreinterpretq_s32_u32(vsubq_u32(c, hi)));
  });
}
// s = eta - field; all-ones if some field exceeds 2 eta (malformed key), as the portable kernel.
template <int B>
std::uint32_t unpack_eta_neon(Poly& s, const std::uint8_t* in, int eta) noexcept {
  const uint32x4_t e = vdupq_n_u32(static_cast<std::uint32_t>(eta)), two_e = vdupq_n_u32(2u * static_cast<std::uint32_t>(eta));
  uint32x4_t bad = vdupq_n_u32(0);
  unpack8<B>(in, [&](int g, uint32x4_t lo, uint32x4_t hi) {
    bad = vorrq_u32(bad, vorrq_u32(vcgtq_u32(lo, two_e), vcgtq_u32(hi, two_e)));
    vst1q_s32(s.coeffs + 8 * g, vreinterpretq_s32_u32(vsubq_u32(e, lo)));
    vst1q_s32(s.coeffs + 8 * g + 4, vreinterpretq_s32_u32(vsubq_u32(e, hi)));
  });
  return ct::mask_from_bit(vmaxvq_u32(bad) >> 31);
}
std::uint32_t unpack_eta_dispatch(Poly& s, const std::uint8_t* in, int eta) noexcept {
  return eta == 2 ? unpack_eta_neon<3>(s, in, eta) : unpack_eta_neon<4>(s, in, eta);  // public parameter
}

#undef TS_INLINE

}  // namespace

void install_packing(Kernels& k) noexcept {
  k.unpack_z = unpack_z_dispatch;
  k.pack_z = pack_z_dispatch;
  k.pack_w1 = pack_w1_dispatch;
  k.pack_t1 = pack_t1_neon;
  k.unpack_t1 = unpack_t1_neon;
  k.unpack_t0 = unpack_t0_neon;
  k.unpack_eta = unpack_eta_dispatch;
  k.pack_t0 = pack_t0_neon;
  k.pack_eta = pack_eta_dispatch;
}

}  // namespace tessera::mldsa::neon
