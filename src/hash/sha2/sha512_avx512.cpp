// SHA-512 compression with an AVX-512VL message schedule (VPRORQ, VPTERNLOGQ on ymm) and
// BMI2 rounds (sha512_x86.hpp). Compiled with the AVX-512 flags; called only under the
// avx512 backend.
#include "hash/sha2/sha512_x86.hpp"

namespace tessera::sha2 {
namespace {

struct Avx512Ops {
  static __m256i xor3(__m256i a, __m256i b, __m256i c) noexcept { return _mm256_ternarylogic_epi64(a, b, c, 0x96); }
  // Section 4.1.3 (4.12): sigma0(x) = ROTR^1(x) ^ ROTR^8(x) ^ SHR^7(x).
  static __m256i sigma0(__m256i x) noexcept {
    return xor3(_mm256_ror_epi64(x, 1), _mm256_ror_epi64(x, 8), _mm256_srli_epi64(x, 7));
  }
  // Section 4.1.3 (4.13): sigma1(x) = ROTR^19(x) ^ ROTR^61(x) ^ SHR^6(x).
  static __m256i sigma1(__m256i x) noexcept {
    return xor3(_mm256_ror_epi64(x, 19), _mm256_ror_epi64(x, 61), _mm256_srli_epi64(x, 6));
  }
};

}  // namespace

// FIPS 180-4, Section 6.4.2 (SHA-512 hash computation).
void compress512_avx512(std::uint64_t (&h)[8], const std::uint8_t* blocks, std::size_t nblocks) noexcept {
  x86::compress512<Avx512Ops>(h, blocks, nblocks);
}

}  // namespace tessera::sha2
