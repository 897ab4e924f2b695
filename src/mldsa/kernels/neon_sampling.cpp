// ML-DSA rejection-sampling loops for aarch64 Advanced SIMD: RejNTTPoly's (FIPS 204,
// Algorithm 30 steps 4-8 with CoeffFromThreeBytes, Algorithm 14) and RejBoundedPoly's
// (Algorithm 31 with CoeffFromHalfByte, Algorithm 15). Each writes the portable kernel's
// coefficients in its order and returns the same count (tests/equivalence/
// mldsa_kernels_test.cpp); the last bytes of buf, and the last coefficients before `need`,
// go to the portable loop. Accepted lanes move to the front of a vector by TBL with an index
// vector chosen by the accept mask; the full vector is stored at out + ctr (the lanes after
// the accepted ones are overwritten by the next step, and every store stays below
// out + need), and ctr advances by the number accepted.
#include "mldsa/kernels/neon.hpp"
#include "mldsa/kernels/simd_tables.hpp"

#include "common/ct.hpp"

#include <arm_neon.h>

#include <array>
#include <cstddef>
#include <cstdint>

namespace tessera::mldsa::neon {
namespace {

// kPack4[m]: TBL byte indices moving the 32-bit lanes i < 4 with bit i of m set to the front
// (kLeftPack8's lane order); kCount4[m]: how many.
struct Pack4 {
  std::uint8_t idx[16][16];
  std::uint8_t count[16];
};
constexpr Pack4 make_pack4() {
  Pack4 t{};
  for (int m = 0; m < 16; ++m) {
    int n = 0;
    for (int i = 0; i < 4; ++i) n += m >> i & 1;
    t.count[m] = static_cast<std::uint8_t>(n);
    for (int j = 0; j < 4; ++j)
      for (int b = 0; b < 4; ++b) t.idx[m][4 * j + b] = static_cast<std::uint8_t>(4 * kLeftPack8[m][j] + b);
  }
  return t;
}
alignas(16) constexpr Pack4 kPack4 = make_pack4();

// Algorithm 14 on four candidates: the three bytes of candidate j (top bit cleared) in lane j.
alignas(16) constexpr std::uint8_t kThree0[16] = {0, 1, 2, 0xFF, 3, 4, 5, 0xFF, 6, 7, 8, 0xFF, 9, 10, 11, 0xFF};
alignas(16) constexpr std::uint8_t kThree1[16] = {4, 5, 6, 0xFF, 7, 8, 9, 0xFF, 10, 11, 12, 0xFF, 13, 14, 15, 0xFF};
alignas(16) constexpr std::uint32_t kBits4[4] = {1, 2, 4, 8};

// Variable time: public data only (rho's XOF output), as the portable loop.
unsigned rej_uniform_neon(std::int32_t* out, unsigned need, const std::uint8_t* buf, std::size_t len) noexcept {
  const uint8x16_t t0 = vld1q_u8(kThree0), t1 = vld1q_u8(kThree1);
  const uint32x4_t low23 = vdupq_n_u32(0x7FFFFF), q = vdupq_n_u32(static_cast<std::uint32_t>(kQ));
  const uint32x4_t bits = vld1q_u32(kBits4);
  unsigned ctr = 0;
  std::size_t i = 0;
  auto put = [&](uint32x4_t t) {
    const unsigned m = vaddvq_u32(vandq_u32(vcltq_u32(t, q), bits));
    vst1q_s32(out + ctr, vreinterpretq_s32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(t), vld1q_u8(kPack4.idx[m]))));
    ctr += kPack4.count[m];
  };
  // Eight candidates (24 bytes) per step: bytes i..i+15 for the first four, i+8..i+23 for
  // the next four.
  while (ctr + 8 <= need && i + 24 <= len) {
    const uint32x4_t a = vandq_u32(vreinterpretq_u32_u8(vqtbl1q_u8(vld1q_u8(buf + i), t0)), low23);
    const uint32x4_t b = vandq_u32(vreinterpretq_u32_u8(vqtbl1q_u8(vld1q_u8(buf + i + 8), t1)), low23);
    put(a);
    put(b);
    i += 24;
  }
  return ctr + portable::rej_uniform(out + ctr, need - ctr, buf + i, len - i);
}

// Algorithm 15's values by nibble z (TBL): eta = 2: 2 - (z mod 5) for z < 15; eta = 4: 4 - z
// for z < 9 (other entries are never accepted).
constexpr std::array<std::int8_t, 16> make_eta_values(int eta) {
  std::array<std::int8_t, 16> v{};
  for (int z = 0; z < 16; ++z) v[static_cast<std::size_t>(z)] = static_cast<std::int8_t>(eta == 2 ? 2 - z % 5 : 4 - z);
  return v;
}
alignas(16) constexpr std::array<std::int8_t, 16> kEta2 = make_eta_values(2), kEta4 = make_eta_values(4);
alignas(16) constexpr std::uint8_t kBits8[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};

// Sixteen nibbles (8 bytes, low nibble first as the portable loop) per step. Only the accept
// mask is declassified, as in the portable kernel: the rejected nibbles are independent of
// the accepted ones. The values are computed for all nibbles without a branch.
unsigned rej_eta_neon(std::int32_t* out, unsigned need, const std::uint8_t* buf, std::size_t len, int eta) noexcept {
  const int8x16_t values = vld1q_s8(eta == 2 ? kEta2.data() : kEta4.data());
  const uint8x16_t limit = vdupq_n_u8(eta == 2 ? 15 : 9), low4 = vdupq_n_u8(15), bits = vld1q_u8(kBits8);
  unsigned ctr = 0;
  std::size_t i = 0;
  auto put = [&](int8x8_t v, unsigned m) {
    const int8x8_t p = vtbl1_s8(v, vreinterpret_s8_u8(vld1_u8(kLeftPack8[m].data())));
    const int16x8_t w = vmovl_s8(p);
    vst1q_s32(out + ctr, vmovl_s16(vget_low_s16(w)));
    vst1q_s32(out + ctr + 4, vmovl_high_s16(w));
    ctr += static_cast<unsigned>(__builtin_popcount(m));
  };
  while (ctr + 16 <= need && i + 8 <= len) {
    const uint8x8_t x = vld1_u8(buf + i);
    const uint8x16_t z = vcombine_u8(vzip1_u8(vand_u8(x, vget_low_u8(low4)), vshr_n_u8(x, 4)),
                                     vzip2_u8(vand_u8(x, vget_low_u8(low4)), vshr_n_u8(x, 4)));
    const int8x16_t v = vqtbl1q_s8(values, z);
    const uint8x16_t acc = vandq_u8(vcltq_u8(z, limit), bits);
    const unsigned m0 = ct::declassify_value(static_cast<unsigned>(vaddv_u8(vget_low_u8(acc))));
    const unsigned m1 = ct::declassify_value(static_cast<unsigned>(vaddv_u8(vget_high_u8(acc))));
    put(vget_low_s8(v), m0);
    put(vget_high_s8(v), m1);
    i += 8;
  }
  return ctr + portable::rej_eta(out + ctr, need - ctr, buf + i, len - i, eta);
}

}  // namespace

void install_sampling(Kernels& k) noexcept {
  k.rej_uniform = rej_uniform_neon;
  k.rej_eta = rej_eta_neon;
}

}  // namespace tessera::mldsa::neon
