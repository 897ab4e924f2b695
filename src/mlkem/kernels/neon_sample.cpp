// ML-KEM NEON sampling kernels for aarch64 (Advanced SIMD): SampleNTT's rejection loop
// (FIPS 203, Algorithm 7) and SamplePolyCBD_eta (Algorithm 8) for eta = 2 and 3. Each gives
// the same output as its portable twin (kernels/portable.cpp), bit for bit
// (tests/equivalence/mlkem_kernels_test.cpp), with the bounds of src/mlkem/kernels.hpp.
// cbd2 and cbd3 are constant time (no branch, index or loop bound on the data, which is the
// PRF output of a secret seed); rej_uniform is not: its input is SHAKE128 of the public rho.
#include "mlkem/kernels.hpp"

#include <arm_neon.h>

#include <cstddef>
#include <cstring>

namespace tessera::mlkem::neon {
namespace {

// 12-bit windows of 24 bytes (Algorithm 7, steps 7-8; the same 16-bit windows read
// ByteDecode_12): candidate 2i is bytes (3i, 3i + 1) and 0xFFF, candidate 2i + 1 is bytes
// (3i + 1, 3i + 2) shifted right by 4. TBL gathers the windows of candidates 0-7 from the
// bytes 0-15 and those of 8-15 from the bytes 8-23 (indices + 4 from byte 8).
alignas(16) constexpr std::uint8_t kWindow12Lo[16] = {0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11};
alignas(16) constexpr std::uint8_t kWindow12Hi[16] = {4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 11, 12, 13, 14, 14, 15};
alignas(16) constexpr std::int16_t kShift12[8] = {0, -4, 0, -4, 0, -4, 0, -4};  // USHL by -4: >> 4

[[gnu::always_inline]] inline uint16x8_t window12(uint8x16_t bytes, uint8x16_t idx, int16x8_t shift) noexcept {
  const uint16x8_t w = vreinterpretq_u16_u8(vqtbl1q_u8(bytes, idx));
  return vandq_u16(vshlq_u16(w, shift), vdupq_n_u16(0xFFF));
}

// Left-packing TBL indices for rej_uniform: entry m moves the 16-bit lanes i with bit i of m
// set to the front, in order (the lanes after them read index 0xFF, which TBL turns into 0);
// count[m] is the number of such lanes. Indexed by the accept mask of public candidates.
struct RejTable {
  std::uint8_t idx[256][16];
  std::uint8_t count[256];
};
constexpr RejTable make_rej_table() noexcept {
  RejTable t{};
  for (int m = 0; m < 256; ++m) {
    int n = 0;
    for (int i = 0; i < 8; ++i)
      if ((m >> i) & 1) {
        t.idx[m][2 * n] = static_cast<std::uint8_t>(2 * i);
        t.idx[m][2 * n + 1] = static_cast<std::uint8_t>(2 * i + 1);
        ++n;
      }
    t.count[m] = static_cast<std::uint8_t>(n);
    for (; n < 8; ++n) t.idx[m][2 * n] = t.idx[m][2 * n + 1] = 0xFF;
  }
  return t;
}
alignas(16) constexpr RejTable kRejTable = make_rej_table();
static_assert(kRejTable.count[0xFF] == 8 && kRejTable.count[0x81] == 2 && kRejTable.idx[0x80][0] == 14);

}  // namespace

// FIPS 203, Algorithm 7 (SampleNTT), steps 4-15, 16 candidates (24 bytes) per step: the
// windows above, a comparison with q, the accept mask as a byte (lane i weighs 2^i, summed
// by ADDV), and TBL with that mask's left-packing indices. While 16 more outputs fit, both
// packed halves are stored whole (the second over the first's unused tail; kernels.hpp allows
// writes between the count and len); the step that reaches len copies only what still fits.
// A buffer tail shorter than 24 bytes goes to the portable loop. Public data: branches and
// table indices on it are fine.
unsigned rej_uniform(std::int16_t* r, unsigned ctr, unsigned len, const std::uint8_t* buf,
                     unsigned buflen) noexcept {
  const uint8x16_t idx_lo = vld1q_u8(kWindow12Lo), idx_hi = vld1q_u8(kWindow12Hi);
  const int16x8_t shift = vld1q_s16(kShift12);
  const uint16x8_t bound = vdupq_n_u16(static_cast<std::uint16_t>(kQ));
  alignas(16) static constexpr std::uint16_t kWeights[8] = {1, 2, 4, 8, 16, 32, 64, 128};
  const uint16x8_t weights = vld1q_u16(kWeights);
  unsigned pos = 0;
  while (ctr < len && pos + 24 <= buflen) {
    const uint16x8_t d0 = window12(vld1q_u8(buf + pos), idx_lo, shift);      // candidates 0-7
    const uint16x8_t d1 = window12(vld1q_u8(buf + pos + 8), idx_hi, shift);  // 8-15
    pos += 24;
    const unsigned m0 = vaddvq_u16(vandq_u16(vcltq_u16(d0, bound), weights));  // Step 9 (and 13)
    const unsigned m1 = vaddvq_u16(vandq_u16(vcltq_u16(d1, bound), weights));
    const unsigned n0 = kRejTable.count[m0], n1 = kRejTable.count[m1];
    const int16x8_t p0 = vreinterpretq_s16_u8(vqtbl1q_u8(vreinterpretq_u8_u16(d0), vld1q_u8(kRejTable.idx[m0])));
    const int16x8_t p1 = vreinterpretq_s16_u8(vqtbl1q_u8(vreinterpretq_u8_u16(d1), vld1q_u8(kRejTable.idx[m1])));
    if (ctr + 16 <= len) {
      vst1q_s16(r + ctr, p0);
      vst1q_s16(r + ctr + n0, p1);
      ctr += n0 + n1;
    } else {  // the outputs that still fit, in order (the rest of this step's are dropped)
      alignas(16) std::int16_t out[16];
      vst1q_s16(out, p0);
      vst1q_s16(out + n0, p1);
      const unsigned n = n0 + n1 < len - ctr ? n0 + n1 : len - ctr;
      std::memcpy(r + ctr, out, 2 * n);
      ctr += n;
    }
  }
  if (ctr < len && pos < buflen) return portable::rej_uniform(r, ctr, len, buf + pos, buflen - pos);
  return ctr;
}

// FIPS 203, Algorithm 8 (SamplePolyCBD_2), 32 coefficients from 16 bytes: byte i gives
// coefficients 2i (low nibble) and 2i + 1 (high nibble), each (b0 + b1) - (b2 + b3) of its
// nibble. Bit pairs are summed in place (x & 0x55 + (x >> 1) & 0x55), the two 2-bit sums of
// each nibble subtracted as bytes, ZIP puts the nibbles' results in order, SXTL widens them.
void cbd2(std::int16_t r[256], const std::uint8_t buf[128]) noexcept {
  const uint8x16_t m55 = vdupq_n_u8(0x55), m3 = vdupq_n_u8(3);
  for (unsigned i = 0; i < 128; i += 16) {
    const uint8x16_t x = vld1q_u8(buf + i);
    const uint8x16_t d = vaddq_u8(vandq_u8(x, m55), vandq_u8(vshrq_n_u8(x, 1), m55));  // Steps 2-5
    const int8x16_t lo = vreinterpretq_s8_u8(vsubq_u8(vandq_u8(d, m3), vandq_u8(vshrq_n_u8(d, 2), m3)));
    const int8x16_t hi = vreinterpretq_s8_u8(vsubq_u8(vandq_u8(vshrq_n_u8(d, 4), m3), vshrq_n_u8(d, 6)));
    const int8x16_t c0 = vzip1q_s8(lo, hi), c1 = vzip2q_s8(lo, hi);  // coefficients 0-15, 16-31
    std::int16_t* out = r + 2 * i;
    vst1q_s16(out, vmovl_s8(vget_low_s8(c0)));
    vst1q_s16(out + 8, vmovl_high_s8(c0));
    vst1q_s16(out + 16, vmovl_s8(vget_low_s8(c1)));
    vst1q_s16(out + 24, vmovl_high_s8(c1));
  }
}

namespace {

// SamplePolyCBD_3 reads the bytes as 6-bit groups: coefficient c is bits 6c .. 6c + 5, in
// the 16-bit window at byte 6c / 8 shifted right by 6c mod 8 (0, 6, 4, 2). Eight
// coefficients come from 6 bytes; a 16-byte load holds 16 (12 bytes), the second eight's
// windows 6 bytes further. The last load of the buffer starts 4 bytes early (192 - 16).
struct Cbd3Windows {
  std::uint8_t lo[16], hi[16], last_lo[16], last_hi[16];
};
constexpr Cbd3Windows make_cbd3_windows() noexcept {
  Cbd3Windows t{};
  for (int c = 0; c < 8; ++c)
    for (int b = 0; b < 2; ++b) {
      const int byte = 6 * c / 8 + b;  // at most 6: inside the load even 4 bytes late (+ 6 + 4)
      t.lo[2 * c + b] = static_cast<std::uint8_t>(byte);
      t.hi[2 * c + b] = static_cast<std::uint8_t>(byte + 6);
      t.last_lo[2 * c + b] = static_cast<std::uint8_t>(byte + 4);
      // 16 for c = 7, b = 1: TBL reads 0 there, bits above the group.
      t.last_hi[2 * c + b] = static_cast<std::uint8_t>(byte + 10);
    }
  return t;
}
alignas(16) constexpr Cbd3Windows kCbd3 = make_cbd3_windows();
alignas(16) constexpr std::int16_t kShift6[8] = {0, -6, -4, -2, 0, -6, -4, -2};

// Steps 2-5 on eight 6-bit groups (bits above the group are masked away): sum the bit triples
// in place, then (b0 + b1 + b2) - (b3 + b4 + b5).
[[gnu::always_inline]] inline int16x8_t cbd3_8(uint8x16_t bytes, uint8x16_t idx, int16x8_t shift) noexcept {
  const uint16x8_t x = vshlq_u16(vreinterpretq_u16_u8(vqtbl1q_u8(bytes, idx)), shift);
  const uint16x8_t m = vdupq_n_u16(0x9);  // bits 0 and 3
  const uint16x8_t s = vaddq_u16(vaddq_u16(vandq_u16(x, m), vandq_u16(vshrq_n_u16(x, 1), m)),
                                 vandq_u16(vshrq_n_u16(x, 2), m));  // two 2-bit sums, < 8 each
  return vsubq_s16(vreinterpretq_s16_u16(vandq_u16(s, vdupq_n_u16(7))), vreinterpretq_s16_u16(vshrq_n_u16(s, 3)));
}

}  // namespace

// FIPS 203, Algorithm 8 (SamplePolyCBD_3), 16 coefficients per 12 bytes.
void cbd3(std::int16_t r[256], const std::uint8_t buf[192]) noexcept {
  const int16x8_t shift = vld1q_s16(kShift6);
  const uint8x16_t lo = vld1q_u8(kCbd3.lo), hi = vld1q_u8(kCbd3.hi);
  for (unsigned i = 0; i < 15; ++i) {
    const uint8x16_t x = vld1q_u8(buf + 12 * i);
    vst1q_s16(r + 16 * i, cbd3_8(x, lo, shift));
    vst1q_s16(r + 16 * i + 8, cbd3_8(x, hi, shift));
  }
  const uint8x16_t x = vld1q_u8(buf + 176);
  vst1q_s16(r + 240, cbd3_8(x, vld1q_u8(kCbd3.last_lo), shift));
  vst1q_s16(r + 248, cbd3_8(x, vld1q_u8(kCbd3.last_hi), shift));
}

}  // namespace tessera::mlkem::neon
