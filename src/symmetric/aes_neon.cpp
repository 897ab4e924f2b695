// AES (FIPS 197) with the Armv8 Cryptographic Extension (FEAT_AES: AESE, AESMC) on aarch64.
// This file is compiled with +crypto (cmake/TesseraSimd.cmake, NEON_CRYPTO) and only called
// when the CPU has the extension (cpu::features().arm_aes; aes.cpp). The instructions run in
// time independent of the data: no tables, no branches on secrets.
//
// AESE(s, k) = SubBytes(ShiftRows(s ^ k)) and AESMC = MixColumns, so FIPS 197 Algorithm 1
// (Cipher) is: for rounds 1..Nr-1, s = AESMC(AESE(s, w_{r-1})); then s = AESE(s, w_{Nr-1})
// ^ w_Nr. The round keys are rk.bytes, in the state's byte order (as for AES-NI).
#include "symmetric/aes.hpp"

#include "common/secret.hpp"

#include <arm_neon.h>

namespace tessera::aes {
namespace {

std::uint32_t sub_word_ce(std::uint32_t w) noexcept {
  // With the word in all four columns, ShiftRows moves nothing: AESE with a zero round key
  // is SubBytes.
  const uint8x16_t s = vaeseq_u8(vreinterpretq_u8_u32(vdupq_n_u32(w)), vdupq_n_u8(0));
  return vgetq_lane_u32(vreinterpretq_u32_u8(s), 0);
}

// The round keys are read from the caller's schedule, not copied into a local array (as
// aes_x86.hpp's Keys128 does: a copy would leave the schedule on the stack); the compiler
// keeps what fits in registers.
struct Keys {
  explicit Keys(const RoundKeys& rk) noexcept : k(rk.bytes), nr(rk.rounds) {}
  uint8x16_t operator[](int r) const noexcept { return vld1q_u8(k + 16 * r); }
  const std::uint8_t* k;
  int nr;
};

// N independent blocks through the rounds (N blocks in flight hide AESE's latency).
template <int N>
[[gnu::always_inline]] inline void encrypt_n(const Keys& k, uint8x16_t* b) noexcept {
  for (int r = 0; r < k.nr - 1; ++r) {
    const uint8x16_t key = k[r];
    for (int j = 0; j < N; ++j) b[j] = vaesmcq_u8(vaeseq_u8(b[j], key));
  }
  const uint8x16_t penultimate = k[k.nr - 1], last = k[k.nr];
  for (int j = 0; j < N; ++j) b[j] = veorq_u8(vaeseq_u8(b[j], penultimate), last);
}

// Round keys and blocks the compiler keeps in vector registers may still be spilled to
// this frame: the public entries wipe it (the round keys are the key).
constexpr std::size_t kFrameBytes = 512;

[[gnu::noinline]] void ecb_frame(const RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out,
                                 std::size_t nblocks) noexcept {
  const Keys k(rk);
  for (; nblocks >= 4; nblocks -= 4, in += 64, out += 64) {
    uint8x16_t b[4];
    for (int j = 0; j < 4; ++j) b[j] = vld1q_u8(in + 16 * j);
    encrypt_n<4>(k, b);
    for (int j = 0; j < 4; ++j) vst1q_u8(out + 16 * j, b[j]);
  }
  for (; nblocks > 0; --nblocks, in += 16, out += 16) {
    uint8x16_t b[1] = {vld1q_u8(in)};
    encrypt_n<1>(k, b);
    vst1q_u8(out, b[0]);
  }
}

// The counter block with its last 4 bytes (big-endian) set to c.
[[gnu::always_inline]] inline uint8x16_t counter_block(uint8x16_t base, std::uint32_t c) noexcept {
  return vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(c), vreinterpretq_u32_u8(base), 3));
}

[[gnu::noinline]] void ctr_frame(const RoundKeys& rk, std::uint8_t ctr[16], const std::uint8_t* in,
                                 std::uint8_t* out, std::size_t nblocks) noexcept {
  const Keys k(rk);
  const uint8x16_t base = vld1q_u8(ctr);
  // SP 800-38D inc_32: the last 4 bytes, big-endian, modulo 2^32.
  std::uint32_t c = ctr_low32(ctr);
  for (; nblocks >= 4; nblocks -= 4, in += 64, out += 64) {
    uint8x16_t b[4];
    for (int j = 0; j < 4; ++j) b[j] = counter_block(base, c++);
    encrypt_n<4>(k, b);
    for (int j = 0; j < 4; ++j) vst1q_u8(out + 16 * j, veorq_u8(b[j], vld1q_u8(in + 16 * j)));
  }
  for (; nblocks > 0; --nblocks, in += 16, out += 16) {
    uint8x16_t b[1] = {counter_block(base, c++)};
    encrypt_n<1>(k, b);
    vst1q_u8(out, veorq_u8(b[0], vld1q_u8(in)));
  }
  set_ctr_low32(ctr, c);
}

}  // namespace

void expand_key_ce(RoundKeys& rk, const std::uint8_t* key, std::size_t key_bytes) noexcept {
  expand_key_generic(rk, key, key_bytes, sub_word_ce);
}

void encrypt_ecb_ce(const RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out, std::size_t nblocks) noexcept {
  ecb_frame(rk, in, out, nblocks);
  secure_zero_stack(kFrameBytes);
}

void ctr32_ce(const RoundKeys& rk, std::uint8_t ctr[16], const std::uint8_t* in, std::uint8_t* out,
              std::size_t nblocks) noexcept {
  ctr_frame(rk, ctr, in, out, nblocks);
  secure_zero_stack(kFrameBytes);
}

}  // namespace tessera::aes
