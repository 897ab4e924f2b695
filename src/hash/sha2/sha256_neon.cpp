// SHA-256 compression (FIPS 180-4, Section 6.2.2) with the Armv8 SHA-256 instructions
// (FEAT_SHA256: SHA256H, SHA256H2, SHA256SU0, SHA256SU1) on aarch64. Compiled with +crypto
// (cmake/TesseraSimd.cmake, NEON_CRYPTO) and only called when the CPU has them
// (cpu::features().arm_sha2; kernels.cpp). The instructions run in time independent of the
// data.
//
// The state is two vectors, (a, b, c, d) and (e, f, g, h). Each step of four rounds adds K_t
// to four schedule words W_t (step 6.2.2.3 for four t at once) and runs SHA256H / SHA256H2
// on them; SHA256SU0 and SHA256SU1 compute the next four W_t of step 6.2.2.1 from the
// sixteen before them.
#include "hash/sha2/kernels.hpp"

#include <arm_neon.h>

namespace tessera::sha2 {

void compress256_neon(std::uint32_t (&h)[8], const std::uint8_t* blocks, std::size_t nblocks) noexcept {
  uint32x4_t abcd = vld1q_u32(h), efgh = vld1q_u32(h + 4);
  for (; nblocks > 0; --nblocks, blocks += 64) {
    uint32x4_t w[4];
    for (int i = 0; i < 4; ++i) w[i] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(blocks + 16 * i)));  // big-endian
    const uint32x4_t abcd0 = abcd, efgh0 = efgh;
#pragma GCC unroll 16
    for (int r = 0; r < 16; ++r) {  // rounds 4r .. 4r + 3
      uint32x4_t& m = w[r % 4];
      const uint32x4_t wk = vaddq_u32(m, vld1q_u32(kK256 + 4 * r));
      const uint32x4_t prev = abcd;
      abcd = vsha256hq_u32(abcd, efgh, wk);
      efgh = vsha256h2q_u32(efgh, prev, wk);
      // W_{4r+16 .. 4r+19} from W_{4r .. 4r+15} (needed up to W_63).
      if (r < 12) m = vsha256su1q_u32(vsha256su0q_u32(m, w[(r + 1) % 4]), w[(r + 2) % 4], w[(r + 3) % 4]);
    }
    abcd = vaddq_u32(abcd, abcd0);  // step 6.2.2.4
    efgh = vaddq_u32(efgh, efgh0);
  }
  vst1q_u32(h, abcd);
  vst1q_u32(h + 4, efgh);
}

}  // namespace tessera::sha2
