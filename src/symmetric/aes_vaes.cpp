// VAES + VPCLMULQDQ kernel (AVX-512: four blocks per zmm register). Compiled with the
// AVX-512 flags plus -mvaes -mvpclmulqdq, and only called when the CPU has them (aes.cpp,
// gcm.cpp). GCM works on 32 blocks per iteration; GHASH aggregates the 32 products with
// one reduction, using the powers H^32..H^1 laid out so that zmm m of the 32 data blocks
// multiplies by key.h[4m..4m+3] (gcm.hpp).
// GCC 12's AVX-512 intrinsics pass _mm512_undefined_*() as the unused merge source, which
// its own -Wuninitialized / -Wmaybe-uninitialized then rejects.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include "common/secret.hpp"
#include "symmetric/aes.hpp"
#include "symmetric/aes_x86.hpp"
#include "symmetric/gcm.hpp"

#include <immintrin.h>

namespace tessera {
namespace {

inline __m512i broadcast(const void* p) noexcept { return _mm512_broadcast_i32x4(x86::load(p)); }
inline __m512i load512(const void* p) noexcept { return _mm512_loadu_si512(p); }
inline void store512(void* p, __m512i v) noexcept { _mm512_storeu_si512(p, v); }
// Mask of the first n bytes (n <= 64) of a zmm.
inline __mmask64 first_bytes(std::size_t n) noexcept {
  return n >= 64 ? ~__mmask64{0} : (__mmask64{1} << n) - 1;
}
inline __m512i reverse512() noexcept { return _mm512_broadcast_i32x4(x86::byte_reverse_mask()); }

struct Keys512 {
  explicit Keys512(const aes::RoundKeys& rk) noexcept : nr(rk.rounds) {
    for (int r = 0; r <= nr; ++r) k[r] = broadcast(rk.bytes + 16 * r);
  }
  __m512i k[aes::kMaxRounds + 1];
  int nr;
};

template <int N>
inline void encrypt_n(const Keys512& k, __m512i* b) noexcept {
  for (int j = 0; j < N; ++j) b[j] = _mm512_xor_si512(b[j], k.k[0]);
  for (int r = 1; r < k.nr; ++r) {
    for (int j = 0; j < N; ++j) b[j] = _mm512_aesenc_epi128(b[j], k.k[r]);
  }
  for (int j = 0; j < N; ++j) b[j] = _mm512_aesenclast_epi128(b[j], k.k[k.nr]);
}

// Counter blocks: c holds four counters in reflected form (counter in dword 0 of each lane).
struct Counters {
  explicit Counters(const std::uint8_t ctr[16]) noexcept
      : rev(reverse512()),
        c(_mm512_add_epi32(_mm512_broadcast_i32x4(_mm_shuffle_epi8(x86::load(ctr), x86::byte_reverse_mask())),
                           _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0))),
        four(_mm512_set_epi32(0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4)) {}
  __m512i next() noexcept {
    const __m512i b = _mm512_shuffle_epi8(c, rev);
    c = _mm512_add_epi32(c, four);
    return b;
  }
  // The next 32 counter blocks. When the low counter byte (public) cannot overflow within
  // them, they are formed in byte order by adding k to byte 15 (k << 24 in the last,
  // little-endian, dword): one byte shuffle instead of eight.
  void next32(__m512i b[8]) noexcept {
    const auto low = static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm512_castsi512_si128(c)));
    if ((low & 0xFF) <= 256 - 32) {
      const __m512i base = _mm512_shuffle_epi8(c, rev);
      for (int j = 0; j < 8; ++j) {
        b[j] = _mm512_add_epi32(base, _mm512_set_epi32(4 * j << 24, 0, 0, 0, 4 * j << 24, 0, 0, 0,
                                                       4 * j << 24, 0, 0, 0, 4 * j << 24, 0, 0, 0));
      }
      c = _mm512_add_epi32(c, _mm512_slli_epi32(four, 3));
    } else {
      for (int j = 0; j < 8; ++j) b[j] = next();
    }
  }
  __m512i rev, c, four;
};

// The counter block after n more blocks (inc_32 applied n times).
inline void advance(std::uint8_t ctr[16], std::size_t n) noexcept { aes::inc32(ctr, static_cast<std::uint32_t>(n)); }

// Unreduced GHASH products of four blocks per register, Karatsuba style: per block
// lo = a_lo h_lo, hi = a_hi h_hi, mid = (a_lo ^ a_hi)(h_lo ^ h_hi); the true middle term
// mid ^ lo ^ hi is formed once, at the reduction.
struct Acc512 {
  __m512i lo = _mm512_setzero_si512(), mid = _mm512_setzero_si512(), hi = _mm512_setzero_si512();
  // h: four powers; hk: their Karatsuba operands (GhashKey::k).
  void mul_add(__m512i a, __m512i h, __m512i hk) noexcept {
    const __m512i ak = _mm512_xor_si512(a, _mm512_shuffle_epi32(a, _MM_PERM_BADC));
    lo = _mm512_xor_si512(lo, _mm512_clmulepi64_epi128(a, h, 0x00));
    hi = _mm512_xor_si512(hi, _mm512_clmulepi64_epi128(a, h, 0x11));
    mid = _mm512_xor_si512(mid, _mm512_clmulepi64_epi128(ak, hk, 0x00));
  }
  static __m128i fold(__m512i v) noexcept {
    const __m256i t = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(t), _mm256_extracti128_si256(t, 1));
  }
  __m128i reduce() const noexcept {
    const __m512i m = _mm512_ternarylogic_epi64(mid, lo, hi, 0x96);
    const __m512i l = _mm512_xor_si512(lo, _mm512_bslli_epi128(m, 8));
    const __m512i h = _mm512_xor_si512(hi, _mm512_bsrli_epi128(m, 8));
    return x86::ghash_reduce(fold(l), fold(h));
  }
};

// x = (x ^ d[0]) H^16 ^ ... ^ d[15] H for 16 reflected blocks in d[0..3].
inline __m128i ghash16(const gcm::GhashKey& key, __m128i x, const __m512i* d) noexcept {
  constexpr std::size_t o = gcm::kMaxPowers - 16;
  Acc512 acc;
  acc.mul_add(_mm512_xor_si512(d[0], _mm512_zextsi128_si512(x)), load512(key.h[o]), load512(key.k[o]));
  for (int m = 1; m < 4; ++m) acc.mul_add(d[m], load512(key.h[o + 4 * m]), load512(key.k[o + 4 * m]));
  return acc.reduce();
}

// The same for 32 blocks in d[0..7], with one reduction.
inline __m128i ghash32(const gcm::GhashKey& key, __m128i x, const __m512i* d) noexcept {
  static_assert(gcm::kMaxPowers == 32);
  Acc512 acc;
  acc.mul_add(_mm512_xor_si512(d[0], _mm512_zextsi128_si512(x)), load512(key.h[0]), load512(key.k[0]));
  for (int m = 1; m < 8; ++m) acc.mul_add(d[m], load512(key.h[4 * m]), load512(key.k[4 * m]));
  return acc.reduce();
}

// GHASH of n < 16 blocks with one reduction (masked loads past the end).
inline __m128i ghash_tail(const gcm::GhashKey& key, __m128i x, const std::uint8_t* in,
                          std::size_t n) noexcept {
  const __m512i rev = reverse512();
  Acc512 acc;
  const auto* h = reinterpret_cast<const std::uint8_t*>(key.h[gcm::kMaxPowers - n]);
  const auto* hk = reinterpret_cast<const std::uint8_t*>(key.k[gcm::kMaxPowers - n]);
  for (std::size_t done = 0; done < n; done += 4) {
    const __mmask64 m = first_bytes(16 * (n - done));
    __m512i d = _mm512_shuffle_epi8(_mm512_maskz_loadu_epi8(m, in + 16 * done), rev);
    if (done == 0) d = _mm512_xor_si512(d, _mm512_zextsi128_si512(x));
    acc.mul_add(d, _mm512_maskz_loadu_epi8(m, h + 16 * done), _mm512_maskz_loadu_epi8(m, hk + 16 * done));
  }
  return acc.reduce();
}

// The kernels below keep the broadcast round keys (Keys512: 15 zmm), counter blocks and
// GHASH inputs in stack slots that no object covers (spills, and the 64-byte realigned
// frame). Each exported kernel runs its body in a frame of its own (the *_frame functions,
// never inlined) and then wipes that frame with secure_zero_stack (common/secret.hpp).
// Frame sizes, g++ 12 -O3: ECB and CTR 0x388 bytes, GCM 0xa40, each plus the 64-byte
// realignment and saved registers; the constants leave room for other compilers. The GCM
// frame has the frame of the ctr32_frame or ghash_frame it calls for the last blocks below it.
constexpr std::size_t kAesFrameBytes = 1536;
constexpr std::size_t kGcmFrameBytes = 3072 + kAesFrameBytes;

[[gnu::noinline]] void encrypt_ecb_frame(const aes::RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out,
                                         std::size_t nblocks) noexcept {
  const Keys512 k(rk);
  for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) {
    __m512i b[4];
    for (int j = 0; j < 4; ++j) b[j] = load512(in + 64 * j);
    encrypt_n<4>(k, b);
    for (int j = 0; j < 4; ++j) store512(out + 64 * j, b[j]);
  }
  for (; nblocks > 0; in += 64, out += 64) {
    const std::size_t n = nblocks < 4 ? nblocks : 4;
    const __mmask64 m = first_bytes(16 * n);
    __m512i b[1] = {_mm512_maskz_loadu_epi8(m, in)};
    encrypt_n<1>(k, b);
    _mm512_mask_storeu_epi8(out, m, b[0]);
    nblocks -= n;
  }
}

[[gnu::noinline]] void ctr32_frame(const aes::RoundKeys& rk, std::uint8_t ctr[16], const std::uint8_t* in,
                                   std::uint8_t* out, std::size_t nblocks) noexcept {
  const Keys512 k(rk);
  Counters c(ctr);
  advance(ctr, nblocks);
  for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) {
    __m512i b[4];
    for (int j = 0; j < 4; ++j) b[j] = c.next();
    encrypt_n<4>(k, b);
    for (int j = 0; j < 4; ++j) store512(out + 64 * j, _mm512_xor_si512(b[j], load512(in + 64 * j)));
  }
  for (; nblocks > 0; in += 64, out += 64) {
    const std::size_t n = nblocks < 4 ? nblocks : 4;
    const __mmask64 m = first_bytes(16 * n);
    __m512i b[1] = {c.next()};
    encrypt_n<1>(k, b);
    _mm512_mask_storeu_epi8(out, m, _mm512_xor_si512(b[0], _mm512_maskz_loadu_epi8(m, in)));
    nblocks -= n;
  }
}

[[gnu::noinline]] void ghash_frame(const gcm::GhashKey& key, std::uint8_t xi[16], const std::uint8_t* in,
                                   std::size_t nblocks) noexcept {
  const __m512i rev = reverse512();
  __m128i x = _mm_shuffle_epi8(x86::load(xi), x86::byte_reverse_mask());
  for (; nblocks >= 16; nblocks -= 16, in += 256) {
    __m512i d[4];
    for (int j = 0; j < 4; ++j) d[j] = _mm512_shuffle_epi8(load512(in + 64 * j), rev);
    x = ghash16(key, x, d);
  }
  if (nblocks > 0) x = ghash_tail(key, x, in, nblocks);
  x86::store(xi, _mm_shuffle_epi8(x, x86::byte_reverse_mask()));
}

// 32 blocks (eight zmm) per iteration keep enough AES rounds in flight to hide VAESENC
// latency; GHASH hashes them with one reduction.
template <bool Encrypt>
[[gnu::noinline]] void crypt_frame(const aes::RoundKeys& rk, const gcm::GhashKey& key, std::uint8_t ctr[16],
                std::uint8_t xi[16], const std::uint8_t* in, std::uint8_t* out,
                std::size_t nblocks) noexcept {
  const Keys512 k(rk);
  const __m512i rev = reverse512();
  __m128i x = _mm_shuffle_epi8(x86::load(xi), x86::byte_reverse_mask());
  Counters c(ctr);
  const std::size_t bulk = nblocks - nblocks % 32;
  advance(ctr, bulk);
  // Encryption hashes each group of 32 ciphertext blocks after issuing the next group's
  // rounds, so that GHASH (whose input is ready) overlaps the AES latency chains.
  __m512i d[8];
  for (std::size_t i = 0; i < bulk; i += 32, in += 512, out += 512) {
    __m512i b[8];
    c.next32(b);
    if constexpr (!Encrypt) {
      for (int j = 0; j < 8; ++j) d[j] = _mm512_shuffle_epi8(load512(in + 64 * j), rev);
      x = ghash32(key, x, d);
    }
    encrypt_n<8>(k, b);
    for (int j = 0; j < 8; ++j) {
      b[j] = _mm512_xor_si512(b[j], load512(in + 64 * j));
      store512(out + 64 * j, b[j]);
    }
    if constexpr (Encrypt) {
      if (i != 0) {
        x = ghash32(key, x, d);
      }
      for (int j = 0; j < 8; ++j) d[j] = _mm512_shuffle_epi8(b[j], rev);
    }
  }
  if (Encrypt && bulk != 0) {
    x = ghash32(key, x, d);
  }
  x86::store(xi, _mm_shuffle_epi8(x, x86::byte_reverse_mask()));
  if (const std::size_t rest = nblocks - bulk; rest != 0) {
    if constexpr (Encrypt) {
      ctr32_frame(rk, ctr, in, out, rest);
      ghash_frame(key, xi, out, rest);
    } else {
      ghash_frame(key, xi, in, rest);
      ctr32_frame(rk, ctr, in, out, rest);
    }
  }
}

}  // namespace

namespace aes {

void encrypt_ecb_vaes(const RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out,
                      std::size_t nblocks) noexcept {
  encrypt_ecb_frame(rk, in, out, nblocks);
  secure_zero_stack(kAesFrameBytes);
}

void ctr32_vaes(const RoundKeys& rk, std::uint8_t ctr[16], const std::uint8_t* in,
                std::uint8_t* out, std::size_t nblocks) noexcept {
  ctr32_frame(rk, ctr, in, out, nblocks);
  secure_zero_stack(kAesFrameBytes);
}

}  // namespace aes

namespace gcm {

void ghash_vpclmul(const GhashKey& key, std::uint8_t xi[16], const std::uint8_t* in,
                   std::size_t nblocks) noexcept {
  ghash_frame(key, xi, in, nblocks);
  secure_zero_stack(kAesFrameBytes);
}

void encrypt_vaes_vpclmul(const aes::RoundKeys& rk, const GhashKey& key, std::uint8_t ctr[16],
                          std::uint8_t xi[16], const std::uint8_t* in, std::uint8_t* out,
                          std::size_t nblocks) noexcept {
  crypt_frame<true>(rk, key, ctr, xi, in, out, nblocks);
  secure_zero_stack(kGcmFrameBytes);
}
void decrypt_vaes_vpclmul(const aes::RoundKeys& rk, const GhashKey& key, std::uint8_t ctr[16],
                          std::uint8_t xi[16], const std::uint8_t* in, std::uint8_t* out,
                          std::size_t nblocks) noexcept {
  crypt_frame<false>(rk, key, ctr, xi, in, out, nblocks);
  secure_zero_stack(kGcmFrameBytes);
}

}  // namespace gcm
}  // namespace tessera

namespace tessera::aes::avx512 {

// The AVX2 table (AES-NI or portable) with VAES for ECB and CTR when the CPU has it; the key
// expansion stays AES-NI's.
Kernels table() noexcept {
  Kernels k = avx2::table();
  if (vaes_available()) {
    k.encrypt_ecb = encrypt_ecb_vaes;
    k.ctr32 = ctr32_vaes;
    k.name = "vaes";
  }
  return k;
}

}  // namespace tessera::aes::avx512

namespace tessera::gcm::avx512 {

// The AVX2 table, or VAES and VPCLMULQDQ (fused) when the CPU has them.
Kernels table() noexcept {
  Kernels k = avx2::table();
  if (aes::vaes_available()) {
    k = Kernels{&aes::kernels_for(Backend::avx512), ghash_init_pclmul, ghash_vpclmul, encrypt_vaes_vpclmul,
                decrypt_vaes_vpclmul, "vaes+vpclmulqdq"};
  }
  return k;
}

}  // namespace tessera::gcm::avx512
