// SHA-512 compression with an AVX2 message schedule and BMI2 rounds (sha512_x86.hpp).
// AVX2 has no 64-bit rotate: ROTR^n is two shifts and an OR, ROTR^8 one PSHUFB.
// Compiled with the AVX2 flags (-mavx2 -mbmi -mbmi2); called only under the avx2 backend.
#include "hash/sha2/sha512_x86.hpp"

namespace tessera::sha2 {
namespace {

struct Avx2Ops {
  using Rounds = x86::ScalarRounds;
  static __m256i rotr(__m256i x, int n) noexcept {
    return _mm256_or_si256(_mm256_srli_epi64(x, n), _mm256_slli_epi64(x, 64 - n));
  }
  // Section 4.1.3 (4.12): sigma0(x) = ROTR^1(x) ^ ROTR^8(x) ^ SHR^7(x).
  static __m256i sigma0(__m256i x) noexcept {
    const __m256i rot8 = _mm256_set_epi8(8, 15, 14, 13, 12, 11, 10, 9, 0, 7, 6, 5, 4, 3, 2, 1,
                                         8, 15, 14, 13, 12, 11, 10, 9, 0, 7, 6, 5, 4, 3, 2, 1);
    return _mm256_xor_si256(_mm256_xor_si256(rotr(x, 1), _mm256_shuffle_epi8(x, rot8)), _mm256_srli_epi64(x, 7));
  }
  // Section 4.1.3 (4.13): sigma1(x) = ROTR^19(x) ^ ROTR^61(x) ^ SHR^6(x).
  static __m256i sigma1(__m256i x) noexcept {
    return _mm256_xor_si256(_mm256_xor_si256(rotr(x, 19), rotr(x, 61)), _mm256_srli_epi64(x, 6));
  }
};

}  // namespace

// FIPS 180-4, Section 6.4.2 (SHA-512 hash computation).
void compress512_avx2(std::uint64_t (&h)[8], const std::uint8_t* blocks, std::size_t nblocks) noexcept {
  x86::compress512<Avx2Ops>(h, blocks, nblocks);
}

}  // namespace tessera::sha2

namespace tessera::sha2::avx2 {

// SHA-256 with SHA-NI when the CPU has it (SHA-NI is not an AVX2 feature, but a forced
// "portable" backend must run the portable code only, so it belongs to the x86 SIMD
// backends' tables); SHA-512 with the AVX2 schedule (the backend implies BMI2, which the
// rounds use).
Kernels table() noexcept {
  Kernels k = portable::table();
  if (shani_available()) k.compress256 = compress256_shani;
  k.compress512 = compress512_avx2;
  return k;
}

}  // namespace tessera::sha2::avx2
