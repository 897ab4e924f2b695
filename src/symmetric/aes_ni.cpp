// AES-NI kernel and PCLMULQDQ GHASH (x86-64; this file is compiled with -maes -mpclmul
// -mssse3 -msse4.1 and only called when the CPU has those features: see aes.cpp, gcm.cpp).
// GHASH uses the reflected representation and the two-multiply reduction of gcm.hpp, and
// aggregates 8 blocks per reduction: X' = (X ^ B_1) H^8 ^ B_2 H^7 ^ ... ^ B_8 H.
#include "symmetric/aes.hpp"
#include "symmetric/aes_x86.hpp"
#include "symmetric/gcm.hpp"

#include "common/secret.hpp"

#include <immintrin.h>

namespace tessera::aes {
namespace {

std::uint32_t sub_word_aesni(std::uint32_t w) noexcept {
  // With the word in all four columns, ShiftRows moves nothing: AESENCLAST with a zero
  // round key is SubBytes.
  const __m128i s = _mm_aesenclast_si128(_mm_set1_epi32(static_cast<int>(w)), _mm_setzero_si128());
  return static_cast<std::uint32_t>(_mm_cvtsi128_si32(s));
}

template <int N>
inline void encrypt_n(const __m128i* k, int nr, __m128i* b) noexcept {
  for (int j = 0; j < N; ++j) b[j] = _mm_xor_si128(b[j], k[0]);
  for (int r = 1; r < nr; ++r) {
    for (int j = 0; j < N; ++j) b[j] = _mm_aesenc_si128(b[j], k[r]);
  }
  for (int j = 0; j < N; ++j) b[j] = _mm_aesenclast_si128(b[j], k[nr]);
}

}  // namespace

void expand_key_aesni(RoundKeys& rk, const std::uint8_t* key, std::size_t key_bytes) noexcept {
  expand_key_generic(rk, key, key_bytes, sub_word_aesni);
}

void encrypt_ecb_aesni(const RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out,
                       std::size_t nblocks) noexcept {
  x86::Keys128 k(rk);
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
    __m128i b[8];
    for (int j = 0; j < 8; ++j) b[j] = x86::load(in + 16 * j);
    encrypt_n<8>(k.k, k.nr, b);
    for (int j = 0; j < 8; ++j) x86::store(out + 16 * j, b[j]);
  }
  for (; nblocks > 0; --nblocks, in += 16, out += 16) {
    __m128i b[1] = {x86::load(in)};
    encrypt_n<1>(k.k, k.nr, b);
    x86::store(out, b[0]);
  }
}

void ctr32_aesni(const RoundKeys& rk, std::uint8_t ctr[16], const std::uint8_t* in,
                 std::uint8_t* out, std::size_t nblocks) noexcept {
  x86::Keys128 k(rk);
  const __m128i rev = x86::byte_reverse_mask();
  __m128i c = _mm_shuffle_epi8(x86::load(ctr), rev);  // the counter is lane 0, native order
  const __m128i one = _mm_set_epi32(0, 0, 0, 1);
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
    __m128i b[8];
    for (int j = 0; j < 8; ++j) {
      b[j] = _mm_shuffle_epi8(c, rev);
      c = _mm_add_epi32(c, one);
    }
    encrypt_n<8>(k.k, k.nr, b);
    for (int j = 0; j < 8; ++j) x86::store(out + 16 * j, _mm_xor_si128(b[j], x86::load(in + 16 * j)));
  }
  for (; nblocks > 0; --nblocks, in += 16, out += 16) {
    __m128i b[1] = {_mm_shuffle_epi8(c, rev)};
    c = _mm_add_epi32(c, one);
    encrypt_n<1>(k.k, k.nr, b);
    x86::store(out, _mm_xor_si128(b[0], x86::load(in)));
  }
  x86::store(ctr, _mm_shuffle_epi8(c, rev));
}

}  // namespace tessera::aes

namespace tessera::gcm {
namespace {

using x86::Acc128;

// xi ^= blocks, then hash n <= 8 blocks with one reduction.
inline __m128i ghash_n(const GhashKey& key, __m128i x, const __m128i* blocks, int n) noexcept {
  Acc128 acc;
  const std::uint64_t(*h)[2] = key.h + (kMaxPowers - n);
  for (int j = 0; j < n; ++j) {
    const __m128i b = j == 0 ? _mm_xor_si128(blocks[0], x) : blocks[j];
    acc.mul_add(b, x86::load(h[j]));
  }
  return acc.reduce();
}

}  // namespace

void ghash_init_pclmul(GhashKey& key, const std::uint8_t h[16]) noexcept {
  const __m128i hz = x86::times_z_inverse(_mm_shuffle_epi8(x86::load(h), x86::byte_reverse_mask()));
  __m128i p = hz;
  for (int j = static_cast<int>(kMaxPowers) - 1; j >= 0; --j) {
    _mm_store_si128(reinterpret_cast<__m128i*>(key.h[j]), p);
    key.k[j][0] = key.k[j][1] = key.h[j][0] ^ key.h[j][1];
    if (j > 0) {
      Acc128 acc;
      acc.mul_add(p, hz);
      p = acc.reduce();
    }
  }
}

void ghash_pclmul(const GhashKey& key, std::uint8_t xi[16], const std::uint8_t* in,
                  std::size_t nblocks) noexcept {
  const __m128i rev = x86::byte_reverse_mask();
  __m128i x = _mm_shuffle_epi8(x86::load(xi), rev);
  while (nblocks > 0) {
    const int n = nblocks < 8 ? static_cast<int>(nblocks) : 8;
    __m128i b[8];
    for (int j = 0; j < n; ++j) b[j] = _mm_shuffle_epi8(x86::load(in + 16 * j), rev);
    x = ghash_n(key, x, b, n);
    in += 16 * n;
    nblocks -= static_cast<std::size_t>(n);
  }
  x86::store(xi, _mm_shuffle_epi8(x, rev));
}

// 8 blocks per iteration: CTR, then GHASH of the 8 ciphertext blocks; the out-of-order
// core overlaps the GHASH of one iteration with the AES rounds of the next.
template <bool Encrypt>
void crypt_aesni_pclmul(const aes::RoundKeys& rk, const GhashKey& key, std::uint8_t ctr[16],
                        std::uint8_t xi[16], const std::uint8_t* in, std::uint8_t* out,
                        std::size_t nblocks) noexcept {
  const x86::Keys128 k(rk);
  const __m128i rev = x86::byte_reverse_mask();
  __m128i c = _mm_shuffle_epi8(x86::load(ctr), rev);
  __m128i x = _mm_shuffle_epi8(x86::load(xi), rev);
  const __m128i one = _mm_set_epi32(0, 0, 0, 1);
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
    __m128i b[8], d[8];
    for (int j = 0; j < 8; ++j) {
      b[j] = _mm_shuffle_epi8(c, rev);
      c = _mm_add_epi32(c, one);
    }
    if constexpr (!Encrypt) {
      for (int j = 0; j < 8; ++j) d[j] = _mm_shuffle_epi8(x86::load(in + 16 * j), rev);
      x = ghash_n(key, x, d, 8);
    }
    for (int j = 0; j < 8; ++j) b[j] = _mm_xor_si128(b[j], k.k[0]);
    for (int r = 1; r < k.nr; ++r) {
      for (int j = 0; j < 8; ++j) b[j] = _mm_aesenc_si128(b[j], k.k[r]);
    }
    for (int j = 0; j < 8; ++j) {
      b[j] = _mm_xor_si128(_mm_aesenclast_si128(b[j], k.k[k.nr]), x86::load(in + 16 * j));
      x86::store(out + 16 * j, b[j]);
    }
    if constexpr (Encrypt) {
      for (int j = 0; j < 8; ++j) d[j] = _mm_shuffle_epi8(b[j], rev);
      x = ghash_n(key, x, d, 8);
    }
  }
  x86::store(ctr, _mm_shuffle_epi8(c, rev));
  x86::store(xi, _mm_shuffle_epi8(x, rev));
  if (nblocks > 0) {
    if constexpr (Encrypt) {
      aes::ctr32_aesni(rk, ctr, in, out, nblocks);
      ghash_pclmul(key, xi, out, nblocks);
    } else {
      ghash_pclmul(key, xi, in, nblocks);
      aes::ctr32_aesni(rk, ctr, in, out, nblocks);
    }
  }
}

void encrypt_aesni_pclmul(const aes::RoundKeys& rk, const GhashKey& key, std::uint8_t ctr[16],
                          std::uint8_t xi[16], const std::uint8_t* in, std::uint8_t* out,
                          std::size_t nblocks) noexcept {
  crypt_aesni_pclmul<true>(rk, key, ctr, xi, in, out, nblocks);
}
void decrypt_aesni_pclmul(const aes::RoundKeys& rk, const GhashKey& key, std::uint8_t ctr[16],
                          std::uint8_t xi[16], const std::uint8_t* in, std::uint8_t* out,
                          std::size_t nblocks) noexcept {
  crypt_aesni_pclmul<false>(rk, key, ctr, xi, in, out, nblocks);
}

}  // namespace tessera::gcm

namespace tessera::aes::avx2 {

// AES-NI when the CPU has it (aesni_available), else the portable kernels.
Kernels aesni_table() noexcept {
  Kernels k = portable::table();
  if (aesni_available()) k = Kernels{expand_key_aesni, encrypt_ecb_aesni, ctr32_aesni, "aesni"};
  return k;
}

// With VAES as well (vaes256_available): its ECB and CTR kernels, two blocks per ymm.
Kernels table() noexcept {
  if (vaes256_available()) return Kernels{expand_key_aesni, encrypt_ecb_vaes256, ctr32_vaes256, "vaes256"};
  return aesni_table();
}

}  // namespace tessera::aes::avx2

namespace tessera::gcm::avx2 {

// AES-NI and PCLMULQDQ, fused, when the CPU has them (the AES table is then the AES-NI one).
Kernels table() noexcept {
  Kernels k = portable::table();
  if (aes::aesni_available()) {
    k = Kernels{&aes::kernels_for(Backend::avx2), ghash_init_pclmul, ghash_pclmul, encrypt_aesni_pclmul,
                decrypt_aesni_pclmul, "aesni+pclmul"};
  }
  return k;
}

}  // namespace tessera::gcm::avx2
