// SHA-256 compression with the x86 SHA extensions (FIPS 180-4, Section 6.2.2).
// Compiled with -msha -mssse3 -msse4.1 (src/hash/sha2.cmake); called only when CPUID
// reports SHA, SSSE3 and SSE4.1 (kernels.cpp).
//
// SHA256RNDS2 runs two rounds on the state split as {A,B,E,F} and {C,D,G,H}, taking
// W_t + K_t for both rounds in the low 64 bits of its third operand. SHA256MSG1 and
// SHA256MSG2 compute the message schedule four words at a time:
//   W[t..t+3] = MSG2(MSG1(W[t-16..t-13], W[t-12..t-9]) + W[t-7..t-4], W[t-4..t-1]).
#include "hash/sha2/kernels.hpp"

#include <immintrin.h>

namespace tessera::sha2 {
namespace {

// Four rounds 4i..4i+3 with the message words w = W[4i..4i+3].
inline void rounds4(__m128i& abef, __m128i& cdgh, __m128i w, int i) noexcept {
  const __m128i wk = _mm_add_epi32(w, _mm_loadu_si128(reinterpret_cast<const __m128i*>(kK256 + 4 * i)));
  cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);                          // rounds 4i, 4i+1
  abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0E));  // rounds 4i+2, 4i+3
}

// Step 1 (t >= 16) for four words: w_{i-4} becomes W[4i..4i+3].
inline void schedule4(__m128i& w4, __m128i w3, __m128i w2, __m128i w1) noexcept {
  const __m128i t = _mm_add_epi32(_mm_sha256msg1_epu32(w4, w3), _mm_alignr_epi8(w1, w2, 4));
  w4 = _mm_sha256msg2_epu32(t, w1);
}

}  // namespace

void compress256_shani(std::uint32_t (&h)[8], const std::uint8_t* p, std::size_t nblocks) noexcept {
  // Byte order: each 32-bit word of the block is big-endian.
  const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bll, 0x0405060700010203ll);
  // H0..H3 = {A,B,C,D} and H4..H7 = {E,F,G,H} -> {A,B,E,F} and {C,D,G,H} in the
  // instruction's lane order (A in the high lane).
  __m128i dcba = _mm_loadu_si128(reinterpret_cast<const __m128i*>(h));
  __m128i hgfe = _mm_loadu_si128(reinterpret_cast<const __m128i*>(h + 4));
  const __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
  const __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
  __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
  __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);

  for (; nblocks > 0; --nblocks, p += 64) {
    // Step 2: working variables = H^(i-1).
    const __m128i abef_in = abef, cdgh_in = cdgh;
    // Steps 1 and 3.
    __m128i w0 = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), bswap);
    __m128i w1 = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16)), bswap);
    __m128i w2 = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 32)), bswap);
    __m128i w3 = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 48)), bswap);
    rounds4(abef, cdgh, w0, 0);
    rounds4(abef, cdgh, w1, 1);
    rounds4(abef, cdgh, w2, 2);
    rounds4(abef, cdgh, w3, 3);
    for (int i = 4; i < 16; i += 4) {
      schedule4(w0, w1, w2, w3);
      rounds4(abef, cdgh, w0, i);
      schedule4(w1, w2, w3, w0);
      rounds4(abef, cdgh, w1, i + 1);
      schedule4(w2, w3, w0, w1);
      rounds4(abef, cdgh, w2, i + 2);
      schedule4(w3, w0, w1, w2);
      rounds4(abef, cdgh, w3, i + 3);
    }
    // Step 4.
    abef = _mm_add_epi32(abef, abef_in);
    cdgh = _mm_add_epi32(cdgh, cdgh_in);
  }

  // Back to H0..H7.
  const __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
  const __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
  dcba = _mm_blend_epi16(feba, dchg, 0xF0);
  hgfe = _mm_alignr_epi8(dchg, feba, 8);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(h), dcba);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(h + 4), hgfe);
}

}  // namespace tessera::sha2
