// Helpers shared by the AES-NI and VAES files (include only from files compiled with at
// least -maes -mpclmul -mssse3).
#pragma once

#include "symmetric/aes.hpp"

#include <immintrin.h>

#include <cstdint>

namespace tessera::x86 {

inline __m128i load(const void* p) noexcept { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }
inline void store(void* p, __m128i v) noexcept { _mm_storeu_si128(static_cast<__m128i*>(p), v); }
inline __m128i byte_reverse_mask() noexcept {
  return _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

// The round keys, read in place from the schedule (16-byte aligned: RoundKeys is alignas(64));
// the compiler keeps what fits in registers and reloads the rest from there. (A copy in a
// local array, as this was, left the whole schedule, the key first, on the stack after every
// call: tests/unit/zeroize_symmetric_test.cpp.)
struct Keys128 {
  explicit Keys128(const aes::RoundKeys& rk) noexcept
      : k(reinterpret_cast<const __m128i*>(rk.bytes)), nr(rk.rounds) {}
  const __m128i* k;
  int nr;
};

// GHASH reduction constant C (gcm.hpp) in the low lane.
inline __m128i ghash_poly() noexcept {
  return _mm_set_epi64x(0, static_cast<long long>(0xC200000000000000ull));
}

// Reduces the 256-bit product hi:lo (reflected) modulo the GHASH polynomial (gcm.hpp).
inline __m128i ghash_reduce(__m128i lo, __m128i hi) noexcept {
  const __m128i c = ghash_poly();
  const __m128i m = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4E), _mm_clmulepi64_si128(lo, c, 0x00));
  return _mm_xor_si128(_mm_xor_si128(hi, _mm_shuffle_epi32(m, 0x4E)), _mm_clmulepi64_si128(m, c, 0x00));
}

// Unreduced sum of products (schoolbook: 4 multiplies per block).
struct Acc128 {
  __m128i lo = _mm_setzero_si128(), mid = _mm_setzero_si128(), hi = _mm_setzero_si128();
  void mul_add(__m128i a, __m128i h) noexcept {
    lo = _mm_xor_si128(lo, _mm_clmulepi64_si128(a, h, 0x00));
    hi = _mm_xor_si128(hi, _mm_clmulepi64_si128(a, h, 0x11));
    mid = _mm_xor_si128(mid, _mm_xor_si128(_mm_clmulepi64_si128(a, h, 0x01),
                                           _mm_clmulepi64_si128(a, h, 0x10)));
  }
  __m128i reduce() const noexcept {
    return ghash_reduce(_mm_xor_si128(lo, _mm_slli_si128(mid, 8)),
                        _mm_xor_si128(hi, _mm_srli_si128(mid, 8)));
  }
};

// H * z^-1 for a reflected H (gcm.hpp): shift left by one bit, and if the bit shifted out
// (the z^0 coefficient) was set, add z^-1 = 0xC2000000'00000000'00000000'00000001.
inline __m128i times_z_inverse(__m128i v) noexcept {
  const __m128i carry = _mm_slli_si128(_mm_srli_epi64(v, 63), 8);
  const __m128i shifted = _mm_or_si128(_mm_slli_epi64(v, 1), carry);
  const __m128i top = _mm_srai_epi32(_mm_shuffle_epi32(v, 0xFF), 31);
  const __m128i poly = _mm_set_epi64x(static_cast<long long>(0xC200000000000000ull), 1);
  return _mm_xor_si128(shifted, _mm_and_si128(top, poly));
}

}  // namespace tessera::x86
