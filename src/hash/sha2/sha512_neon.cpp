// SHA-512 compression (FIPS 180-4, Section 6.4.2) with the Armv8.2 SHA-512 instructions
// (FEAT_SHA512: SHA512H, SHA512H2, SHA512SU0, SHA512SU1) on aarch64. It serves SHA-384,
// SHA-512, SHA-512/224 and SHA-512/256 alike (they differ in H^(0) and the truncation only,
// src/hash/sha2.cpp). Compiled with -march=armv8.2-a+sha3 (cmake/TesseraSimd.cmake,
// NEON_SHA3: GCC has no separate +sha512, its +sha3 enables both) and only called when the
// CPU has FEAT_SHA512 (cpu::features().arm_sha512, HWCAP_SHA512; kernels.cpp). FEAT_SHA3 is
// a separate ID field (ID_AA64ISAR0_EL1.SHA3), so this file must not contain EOR3, RAX1, XAR
// or BCAX: it has no XOR for the compiler to fuse (only additions, EXT, REV64 and the four
// SHA-512 instructions; checked with objdump). The instructions run in time independent of
// the data, and the whole state, the schedule and the round temporaries stay in the 32
// vector registers (nothing spilled: no wipe needed, unlike the portable kernel's frame).
//
// Register layout: the eight working variables as four pairs of 64-bit lanes, lane 0 first:
// ab = (a, b), cd = (c, d), ef = (e, f), gh = (g, h); the schedule as eight pairs
// w[i] = (W_2i, W_2i+1) of a 16-word ring. What the instructions compute (Arm ARM, the
// SHA512H/SHA512H2/SHA512SU0/SHA512SU1 pseudocode; X, Y, W the operands, [0] the low lane):
//   SHA512H(W, X, Y):  hi = Ch(Y[1], X[0], X[1]) + Sigma1(Y[1]) + W[1];  e' = hi + Y[0];
//                      lo = Ch(e', Y[1], X[0]) + Sigma1(e') + W[0]
//   SHA512H2(W, X, Y): hi = Maj(X[0], Y[1], Y[0]) + Sigma0(Y[0]) + W[1];
//                      lo = Maj(hi, Y[0], Y[1]) + Sigma0(hi) + W[0]
//   SHA512SU0(W, X):   (W[0] + sigma0(W[1]), W[1] + sigma0(X[0]))
//   SHA512SU1(W, X, Y): (W[0] + sigma1(X[0]) + Y[0], W[1] + sigma1(X[1]) + Y[1])
// So one SHA512H/SHA512H2 pair is two rounds t, t+1 of step 6.4.2.3: with Y = (d, e),
// X = (f, g) and W = (g, h) + (K_t+1 + W_t+1, K_t + W_t), SHA512H gives (T1 of round t+1,
// T1 of round t), the new (e, f) is (c, d) plus that, and SHA512H2 of it with X = (c, d),
// Y = (a, b) gives the new (a, b); the new (c, d) and (g, h) are the old (a, b) and (e, f).
#include "hash/sha2/kernels.hpp"

#include <arm_neon.h>

namespace tessera::sha2 {

void compress512_neon(std::uint64_t (&h)[8], const std::uint8_t* blocks, std::size_t nblocks) noexcept {
  uint64x2_t ab = vld1q_u64(h), cd = vld1q_u64(h + 2), ef = vld1q_u64(h + 4), gh = vld1q_u64(h + 6);
  for (; nblocks > 0; --nblocks, blocks += 128) {
    // Step 1, t < 16: the block's words, big-endian.
    uint64x2_t w[8];
    for (int i = 0; i < 8; ++i) w[i] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(blocks + 16 * i)));
    // Step 2: the working variables start as H^(i-1).
    const uint64x2_t ab0 = ab, cd0 = cd, ef0 = ef, gh0 = gh;
#pragma GCC unroll 40
    for (int j = 0; j < 40; ++j) {  // step 3, rounds 2j and 2j + 1
      uint64x2_t& m = w[j % 8];
      const uint64x2_t wk = vaddq_u64(m, vld1q_u64(kK512 + 2 * j));  // (K_2j + W_2j, K_2j+1 + W_2j+1)
      const uint64x2_t hg_wk = vaddq_u64(gh, vextq_u64(wk, wk, 1));
      const uint64x2_t t1 = vsha512hq_u64(hg_wk, vextq_u64(ef, gh, 1), vextq_u64(cd, ef, 1));
      const uint64x2_t ef_next = vaddq_u64(cd, t1);
      const uint64x2_t ab_next = vsha512h2q_u64(t1, cd, ab);
      gh = ef;
      cd = ab;
      ef = ef_next;
      ab = ab_next;
      // Step 1, t >= 16: (W_2j+16, W_2j+17) = sigma1 of (W_2j+14, W_2j+15) + (W_2j+9, W_2j+10)
      // + sigma0 of (W_2j+1, W_2j+2) + (W_2j, W_2j+1); needed up to W_79.
      if (j < 32) {
        m = vsha512su1q_u64(vsha512su0q_u64(m, w[(j + 1) % 8]), w[(j + 7) % 8],
                            vextq_u64(w[(j + 4) % 8], w[(j + 5) % 8], 1));
      }
    }
    // Step 4: H^(i) = the working variables + H^(i-1).
    ab = vaddq_u64(ab, ab0);
    cd = vaddq_u64(cd, cd0);
    ef = vaddq_u64(ef, ef0);
    gh = vaddq_u64(gh, gh0);
  }
  vst1q_u64(h, ab);
  vst1q_u64(h + 2, cd);
  vst1q_u64(h + 4, ef);
  vst1q_u64(h + 6, gh);
}

}  // namespace tessera::sha2
