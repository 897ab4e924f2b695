// ChaCha20 with AVX2: eight blocks at once, state word i of block j in lane j of
// register i (RFC 8439, Section 2.3, evaluated lane-wise), then an 8x8 transpose back to
// block order. Compiled with the AVX2 flags; called only under the avx2 backend.
#include "symmetric/chacha20.hpp"

#include "common/secret.hpp"

#include <immintrin.h>

namespace tessera::chacha {
namespace {

template <int N>
inline __m256i rotl(__m256i x) noexcept {
  if constexpr (N == 16) {
    return _mm256_shuffle_epi8(x, _mm256_set_epi8(13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2,
                                                  13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2));
  } else if constexpr (N == 8) {
    return _mm256_shuffle_epi8(x, _mm256_set_epi8(14, 13, 12, 15, 10, 9, 8, 11, 6, 5, 4, 7, 2, 1, 0, 3,
                                                  14, 13, 12, 15, 10, 9, 8, 11, 6, 5, 4, 7, 2, 1, 0, 3));
  } else {
    return _mm256_or_si256(_mm256_slli_epi32(x, N), _mm256_srli_epi32(x, 32 - N));
  }
}

inline void quarter_round(__m256i& a, __m256i& b, __m256i& c, __m256i& d) noexcept {
  a = _mm256_add_epi32(a, b); d = rotl<16>(_mm256_xor_si256(d, a));
  c = _mm256_add_epi32(c, d); b = rotl<12>(_mm256_xor_si256(b, c));
  a = _mm256_add_epi32(a, b); d = rotl<8>(_mm256_xor_si256(d, a));
  c = _mm256_add_epi32(c, d); b = rotl<7>(_mm256_xor_si256(b, c));
}

// Eight blocks from state (counter state[12] + 0..7) XORed into in -> out (512 bytes). The
// 16 state words of 8 blocks fill the 16 ymm registers, so the compiler spills state words
// (the key among them), round values and key stream to this frame; not inlined, so that
// xor_blocks_avx2 can wipe it (tests/unit/zeroize_symmetric_test.cpp found the key stream).
[[gnu::noinline]] void eight_blocks(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out) noexcept {
  __m256i init[16], x[16];
  for (int i = 0; i < 16; ++i) init[i] = _mm256_set1_epi32(static_cast<int>(state[i]));
  init[12] = _mm256_add_epi32(init[12], _mm256_set_epi32(7, 6, 5, 4, 3, 2, 1, 0));
  for (int i = 0; i < 16; ++i) x[i] = init[i];
  for (int r = 0; r < 10; ++r) {
    quarter_round(x[0], x[4], x[8], x[12]);
    quarter_round(x[1], x[5], x[9], x[13]);
    quarter_round(x[2], x[6], x[10], x[14]);
    quarter_round(x[3], x[7], x[11], x[15]);
    quarter_round(x[0], x[5], x[10], x[15]);
    quarter_round(x[1], x[6], x[11], x[12]);
    quarter_round(x[2], x[7], x[8], x[13]);
    quarter_round(x[3], x[4], x[9], x[14]);
  }
  for (int i = 0; i < 16; ++i) x[i] = _mm256_add_epi32(x[i], init[i]);
  // Within each 128-bit lane, 4x4 transposes: c[g][k] lane L = words 4g..4g+3 of block 4L+k.
  __m256i c[4][4];
  for (int g = 0; g < 4; ++g) {
    const __m256i lo01 = _mm256_unpacklo_epi32(x[4 * g], x[4 * g + 1]);
    const __m256i hi01 = _mm256_unpackhi_epi32(x[4 * g], x[4 * g + 1]);
    const __m256i lo23 = _mm256_unpacklo_epi32(x[4 * g + 2], x[4 * g + 3]);
    const __m256i hi23 = _mm256_unpackhi_epi32(x[4 * g + 2], x[4 * g + 3]);
    c[g][0] = _mm256_unpacklo_epi64(lo01, lo23);
    c[g][1] = _mm256_unpackhi_epi64(lo01, lo23);
    c[g][2] = _mm256_unpacklo_epi64(hi01, hi23);
    c[g][3] = _mm256_unpackhi_epi64(hi01, hi23);
  }
  // Block k takes the low lanes, block 4+k the high lanes.
  for (int k = 0; k < 4; ++k) {
    const __m256i halves[4] = {_mm256_permute2x128_si256(c[0][k], c[1][k], 0x20),
                               _mm256_permute2x128_si256(c[2][k], c[3][k], 0x20),
                               _mm256_permute2x128_si256(c[0][k], c[1][k], 0x31),
                               _mm256_permute2x128_si256(c[2][k], c[3][k], 0x31)};
    for (int lane = 0; lane < 2; ++lane) {
      const int blk = 4 * lane + k;
      auto* o = reinterpret_cast<__m256i*>(out + 64 * blk);
      const auto* p = reinterpret_cast<const __m256i*>(in + 64 * blk);
      _mm256_storeu_si256(o, _mm256_xor_si256(halves[2 * lane], _mm256_loadu_si256(p)));
      _mm256_storeu_si256(o + 1, _mm256_xor_si256(halves[2 * lane + 1], _mm256_loadu_si256(p + 1)));
    }
  }
}

// The frame of eight_blocks (g++ 12 -O3: 0x328 bytes, the red zone and saved registers
// below: under 1 KiB), with room to spare.
constexpr std::size_t kEightBlocksFrameBytes = 1536;

}  // namespace

void xor_blocks_avx2(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out,
                     std::size_t nblocks) noexcept {
  std::uint32_t s[16];
  for (int i = 0; i < 16; ++i) s[i] = state[i];
  for (; nblocks >= 8; nblocks -= 8, in += 512, out += 512, s[12] += 8) eight_blocks(s, in, out);
  if (nblocks > 0) {
    alignas(32) std::uint8_t buf[512] = {};
    for (std::size_t i = 0; i < 64 * nblocks; ++i) buf[i] = in[i];
    eight_blocks(s, buf, buf);
    for (std::size_t i = 0; i < 64 * nblocks; ++i) out[i] = buf[i];
    secure_zero(buf, sizeof buf);
  }
  secure_zero(s, sizeof s);
  secure_zero_stack(kEightBlocksFrameBytes);  // every call of eight_blocks used the same frame
}

}  // namespace tessera::chacha

namespace tessera::chacha::avx2 {

Kernels table() noexcept {
  Kernels k = portable::table();
  k.xor_blocks = xor_blocks_avx2;
  k.keyed_xor = keyed_xor_avx2;
  k.name = "avx2";
  return k;
}

}  // namespace tessera::chacha::avx2
