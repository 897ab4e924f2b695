// ChaCha20 with Advanced SIMD (NEON): four blocks at once, state word i of block j in lane j
// of vector i (RFC 8439, Section 2.3, evaluated lane-wise), then 4x4 transposes (TRN1/TRN2)
// back to block order. Base Armv8-A Advanced SIMD only (no extension); compiled for the
// neon backend only and called only through its table (chacha20.cpp).
#include "symmetric/chacha20.hpp"

#include "common/secret.hpp"

#include <arm_neon.h>

// The stores below write each 32-bit lane little-endian (RFC 8439, Section 2.3's
// serialization) only on a little-endian target.
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "chacha20_neon.cpp assumes little-endian aarch64");

namespace tessera::chacha {
namespace {

// TBL indices rotating each 32-bit lane left by 8 bits: result byte k of a word is byte
// (k + 3) mod 4 of the input word (little-endian).
alignas(16) constexpr std::uint8_t kRotl8[16] = {3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};

// Rotation left by N of each 32-bit lane (RFC 8439, Section 2.1's <<<): by 16 a halfword
// swap (REV32 on 16-bit elements), by 8 a byte permutation (TBL), by 12 and 7 a shift left
// and a shift right with insert (SHL + SRI).
template <int N>
inline uint32x4_t rotl(uint32x4_t x, uint8x16_t rot8) noexcept {
  if constexpr (N == 16) {
    return vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x)));
  } else if constexpr (N == 8) {
    return vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(x), rot8));
  } else {
    return vsriq_n_u32(vshlq_n_u32(x, N), x, 32 - N);
  }
}

// RFC 8439, Section 2.1 (the quarter round), on four blocks.
inline void quarter_round(uint32x4_t& a, uint32x4_t& b, uint32x4_t& c, uint32x4_t& d, uint8x16_t rot8) noexcept {
  a = vaddq_u32(a, b); d = rotl<16>(veorq_u32(d, a), rot8);
  c = vaddq_u32(c, d); b = rotl<12>(veorq_u32(b, c), rot8);
  a = vaddq_u32(a, b); d = rotl<8>(veorq_u32(d, a), rot8);
  c = vaddq_u32(c, d); b = rotl<7>(veorq_u32(b, c), rot8);
}

// Four blocks from state (counters state[12] + 0..3, each mod 2^32 as in the portable
// kernel: RFC 8439's 32-bit block counter; the callers never let a used block wrap) XORed
// into in -> out (256 bytes). The 16 words and their initial values fit the 32 vector
// registers, but the compiler may still spill; not inlined, so that xor_blocks_neon can wipe
// its frame.
[[gnu::noinline]] void four_blocks(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out) noexcept {
  const uint8x16_t rot8 = vld1q_u8(kRotl8);
  alignas(16) static constexpr std::uint32_t kLaneOffsets[4] = {0, 1, 2, 3};
  uint32x4_t x[16];
  for (int i = 0; i < 16; ++i) x[i] = vdupq_n_u32(state[i]);
  x[12] = vaddq_u32(x[12], vld1q_u32(kLaneOffsets));
  const uint32x4_t counters = x[12];
  // RFC 8439, Section 2.3: 20 rounds, alternating column and diagonal rounds.
  for (int r = 0; r < 10; ++r) {
    quarter_round(x[0], x[4], x[8], x[12], rot8);
    quarter_round(x[1], x[5], x[9], x[13], rot8);
    quarter_round(x[2], x[6], x[10], x[14], rot8);
    quarter_round(x[3], x[7], x[11], x[15], rot8);
    quarter_round(x[0], x[5], x[10], x[15], rot8);
    quarter_round(x[1], x[6], x[11], x[12], rot8);
    quarter_round(x[2], x[7], x[8], x[13], rot8);
    quarter_round(x[3], x[4], x[9], x[14], rot8);
  }
  // Section 2.3: add the initial state (the counters per lane).
  for (int i = 0; i < 16; ++i) x[i] = vaddq_u32(x[i], i == 12 ? counters : vdupq_n_u32(state[i]));
  // Section 2.4: serialize and XOR. Words 4g..4g+3 of the four blocks form a 4x4 matrix
  // (row = word, lane = block); transposed, row k is bytes 16g..16g+15 of block k.
  for (int g = 0; g < 4; ++g) {
    const uint32x4_t t0 = vtrn1q_u32(x[4 * g], x[4 * g + 1]);      // w0b0 w1b0 w0b2 w1b2
    const uint32x4_t t1 = vtrn2q_u32(x[4 * g], x[4 * g + 1]);      // w0b1 w1b1 w0b3 w1b3
    const uint32x4_t t2 = vtrn1q_u32(x[4 * g + 2], x[4 * g + 3]);  // w2b0 w3b0 w2b2 w3b2
    const uint32x4_t t3 = vtrn2q_u32(x[4 * g + 2], x[4 * g + 3]);  // w2b1 w3b1 w2b3 w3b3
    const uint64x2_t u0 = vreinterpretq_u64_u32(t0), u1 = vreinterpretq_u64_u32(t1);
    const uint64x2_t u2 = vreinterpretq_u64_u32(t2), u3 = vreinterpretq_u64_u32(t3);
    const uint8x16_t blk[4] = {vreinterpretq_u8_u64(vtrn1q_u64(u0, u2)), vreinterpretq_u8_u64(vtrn1q_u64(u1, u3)),
                               vreinterpretq_u8_u64(vtrn2q_u64(u0, u2)), vreinterpretq_u8_u64(vtrn2q_u64(u1, u3))};
    for (int k = 0; k < 4; ++k) {
      const std::size_t off = 64 * static_cast<std::size_t>(k) + 16 * static_cast<std::size_t>(g);
      vst1q_u8(out + off, veorq_u8(blk[k], vld1q_u8(in + off)));
    }
  }
}

// The frame of four_blocks (aarch64-linux-gnu-g++ 12 -O3: 160 bytes, d8-d15 and five
// spilled vectors of initial state words), with room to spare.
constexpr std::size_t kFourBlocksFrameBytes = 1024;

}  // namespace

// RFC 8439, Section 2.4 on whole blocks, four at a time; a tail of 1-3 blocks runs one more
// four-block batch on a zero-padded copy (as xor_blocks_avx2 does), whose unused lanes'
// key stream is discarded and wiped.
void xor_blocks_neon(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out,
                     std::size_t nblocks) noexcept {
  std::uint32_t s[16];
  for (int i = 0; i < 16; ++i) s[i] = state[i];
  for (; nblocks >= 4; nblocks -= 4, in += 256, out += 256, s[12] += 4) four_blocks(s, in, out);
  if (nblocks > 0) {
    alignas(16) std::uint8_t buf[256] = {};
    for (std::size_t i = 0; i < 64 * nblocks; ++i) buf[i] = in[i];
    four_blocks(s, buf, buf);
    for (std::size_t i = 0; i < 64 * nblocks; ++i) out[i] = buf[i];
    secure_zero(buf, sizeof buf);
  }
  secure_zero(s, sizeof s);
  secure_zero_stack(kFourBlocksFrameBytes);  // every call of four_blocks used the same frame
}

}  // namespace tessera::chacha

namespace tessera::chacha::neon {

Kernels table() noexcept {
  Kernels k = portable::table();
  k.xor_blocks = xor_blocks_neon;
  k.keyed_xor = keyed_xor_neon;
  k.name = "neon";
  return k;
}

}  // namespace tessera::chacha::neon
