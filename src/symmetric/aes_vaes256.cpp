// VAES on 256-bit vectors: AES rounds on two blocks per ymm register, for CPUs that have VAES
// but no AVX-512 (AMD Zen 3, Intel Alder Lake and later client cores), where AESENC on ymm
// has the throughput of the xmm form and so doubles the blocks per cycle. Compiled with -mavx2
// -maes -mvaes and only called when the CPU has AES-NI, AVX2 and VAES (aes.cpp,
// vaes256_available). The same FIPS 197 Cipher as aes_ni.cpp; tests/equivalence/
// symmetric_kernels_test.cpp checks it against the portable kernel. No table lookups: the
// round instructions are constant time.
#include "symmetric/aes.hpp"
#include "symmetric/aes_x86.hpp"

#include <immintrin.h>

namespace tessera::aes {
namespace {

// Round key r in both lanes, read from the schedule each time (16 data registers would not
// leave room for 11-15 keys; a copy of the schedule in a local array would stay on the stack).
inline __m256i round_key(const x86::Keys128& k, int r) noexcept {
  return _mm256_broadcastsi128_si256(_mm_load_si128(k.k + r));
}

// FIPS 197, Algorithm 1 (Cipher) on 2 N blocks.
template <int N>
inline void encrypt_n(const x86::Keys128& k, __m256i* b) noexcept {
  const __m256i k0 = round_key(k, 0);
  for (int j = 0; j < N; ++j) b[j] = _mm256_xor_si256(b[j], k0);
  for (int r = 1; r < k.nr; ++r) {
    const __m256i kr = round_key(k, r);
    for (int j = 0; j < N; ++j) b[j] = _mm256_aesenc_epi128(b[j], kr);
  }
  const __m256i kl = round_key(k, k.nr);
  for (int j = 0; j < N; ++j) b[j] = _mm256_aesenclast_epi128(b[j], kl);
}

// One block with AES-NI (an odd last block).
inline __m128i encrypt1(const x86::Keys128& k, __m128i b) noexcept {
  b = _mm_xor_si128(b, _mm_load_si128(k.k));
  for (int r = 1; r < k.nr; ++r) b = _mm_aesenc_si128(b, _mm_load_si128(k.k + r));
  return _mm_aesenclast_si128(b, _mm_load_si128(k.k + k.nr));
}

inline __m256i load256(const std::uint8_t* p) noexcept { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
inline void store256(std::uint8_t* p, __m256i v) noexcept { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }

// SP 800-38D inc_32 counters, two per vector: the counter block in native order (the last
// word incremented modulo 2^32 as a 32-bit lane), byte-reversed into place for each pair.
class Counters {
 public:
  explicit Counters(const std::uint8_t ctr[16]) noexcept
      : rev_(x86::byte_reverse_mask()), c_(_mm_shuffle_epi8(x86::load(ctr), rev_)) {}
  __m256i next_pair() noexcept {
    const __m128i one = _mm_set_epi32(0, 0, 0, 1);
    const __m128i lo = _mm_shuffle_epi8(c_, rev_);
    c_ = _mm_add_epi32(c_, one);
    const __m128i hi = _mm_shuffle_epi8(c_, rev_);
    c_ = _mm_add_epi32(c_, one);
    return _mm256_set_m128i(hi, lo);
  }
  __m128i next() noexcept {
    const __m128i b = _mm_shuffle_epi8(c_, rev_);
    c_ = _mm_add_epi32(c_, _mm_set_epi32(0, 0, 0, 1));
    return b;
  }
  void store(std::uint8_t ctr[16]) const noexcept { x86::store(ctr, _mm_shuffle_epi8(c_, rev_)); }

 private:
  __m128i rev_, c_;
};

}  // namespace

void encrypt_ecb_vaes256(const RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out,
                         std::size_t nblocks) noexcept {
  const x86::Keys128 k(rk);
  for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) {
    __m256i b[8];
    for (int j = 0; j < 8; ++j) b[j] = load256(in + 32 * j);
    encrypt_n<8>(k, b);
    for (int j = 0; j < 8; ++j) store256(out + 32 * j, b[j]);
  }
  for (; nblocks >= 2; nblocks -= 2, in += 32, out += 32) {
    __m256i b[1] = {load256(in)};
    encrypt_n<1>(k, b);
    store256(out, b[0]);
  }
  if (nblocks == 1) x86::store(out, encrypt1(k, x86::load(in)));
}

void ctr32_vaes256(const RoundKeys& rk, std::uint8_t ctr[16], const std::uint8_t* in, std::uint8_t* out,
                   std::size_t nblocks) noexcept {
  const x86::Keys128 k(rk);
  Counters c(ctr);
  for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) {
    __m256i b[8];
    for (int j = 0; j < 8; ++j) b[j] = c.next_pair();
    encrypt_n<8>(k, b);
    for (int j = 0; j < 8; ++j) store256(out + 32 * j, _mm256_xor_si256(b[j], load256(in + 32 * j)));
  }
  for (; nblocks >= 2; nblocks -= 2, in += 32, out += 32) {
    __m256i b[1] = {c.next_pair()};
    encrypt_n<1>(k, b);
    store256(out, _mm256_xor_si256(b[0], load256(in)));
  }
  if (nblocks == 1) x86::store(out, _mm_xor_si128(encrypt1(k, c.next()), x86::load(in)));
  c.store(ctr);
}

}  // namespace tessera::aes
