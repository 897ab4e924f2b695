// Frodo.SampleMatrix for aarch64 Advanced SIMD (spec Section 7.5, Algorithm 5 Frodo.Sample
// on each entry; Algorithm 6 Frodo.SampleMatrix): eight uint16 entries per register.
//
// Step 1, t = sum_{z<L} [cdf[z] < r >> 1]: the L compared entries of the CDF table (the
// last, 2^15 - 1, is never below a 15-bit value; L = 12, 10, 6 for FrodoKEM-640, -976,
// -1344) are broadcast into L registers once; every entry is compared with every one of
// them (CMHI, all-ones where cdf[z] < r >> 1) and t -= the mask. Step 2, e = (-1)^(r & 1) t:
// CMTST makes the mask m = all-ones where r & 1, and e = (t ^ m) - m. No table lookup by a
// secret index, no branch on the data: the same instructions for every input. The count
// (public) may leave 1-7 entries after the last register: they go through a zero-padded
// copy on the stack, wiped afterwards (the entries become the secret errors). Every sample
// and temporary stays in the vector registers (no spill of samples to the stack;
// tests/unit/zeroize_frodokem_test.cpp); only the broadcast CDF entries, which are public,
// are saved on the stack around the tail's memcpy calls. Output equal to the portable kernel's, bit for bit
// (tests/equivalence/frodokem_kernels_test.cpp, every 16-bit input for each table).
#include "common/secret.hpp"
#include "frodokem/kernels.hpp"

#include <arm_neon.h>

#include <cstring>

namespace tessera::frodokem::neon {

namespace {

template <int L>
struct Cdf {
  uint16x8_t v[L];
};

template <int L>
[[gnu::always_inline]] inline uint16x8_t sample8(uint16x8_t r, const Cdf<L>& cdf) noexcept {
  const uint16x8_t prnd = vshrq_n_u16(r, 1);
  uint16x8_t t = vdupq_n_u16(0);
#pragma GCC unroll 12
  for (int z = 0; z < L; ++z) t = vsubq_u16(t, vcltq_u16(cdf.v[z], prnd));  // + [cdf[z] < prnd]
  const uint16x8_t m = vtstq_u16(r, vdupq_n_u16(1));                           // sign r & 1
  return vsubq_u16(veorq_u16(t, m), m);
}

template <int L>
void sample_fixed(std::uint16_t* s, std::size_t count, const std::uint16_t* cdf) noexcept {
  Cdf<L> c;
#pragma GCC unroll 12
  for (int z = 0; z < L; ++z) c.v[z] = vdupq_n_u16(cdf[z]);
  std::size_t i = 0;
  for (; i + 16 <= count; i += 16) {
    const uint16x8_t e0 = sample8(vld1q_u16(s + i), c), e1 = sample8(vld1q_u16(s + i + 8), c);
    vst1q_u16(s + i, e0);
    vst1q_u16(s + i + 8, e1);
  }
  for (; i + 8 <= count; i += 8) vst1q_u16(s + i, sample8(vld1q_u16(s + i), c));
  if (i < count) {
    alignas(16) std::uint16_t tail[8] = {};
    const std::size_t rest = (count - i) * sizeof(std::uint16_t);
    std::memcpy(tail, s + i, rest);
    vst1q_u16(tail, sample8(vld1q_u16(tail), c));
    std::memcpy(s + i, tail, rest);
    secure_zero(tail, sizeof tail);
  }
}

}  // namespace

void sample(std::uint16_t* s, std::size_t count, const std::uint16_t* cdf, int cdf_len) noexcept {
  // The table length is a public parameter: 13 (640), 11 (976), 7 (1344).
  switch (cdf_len) {
    case 13: sample_fixed<12>(s, count, cdf); break;
    case 11: sample_fixed<10>(s, count, cdf); break;
    case 7: sample_fixed<6>(s, count, cdf); break;
    default: portable::sample(s, count, cdf, cdf_len);  // no FrodoKEM parameter set
  }
}

}  // namespace tessera::frodokem::neon
