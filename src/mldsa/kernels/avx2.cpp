// AVX2 ML-DSA kernels (8 x int32 per ymm). Built with the AVX2 flags of
// cmake/TesseraSimd.cmake; reached only through the table of kernels.cpp when the CPU has
// AVX2. Outputs equal the portable kernels' bit for bit (see kernels/simd_impl.hpp).
#include "mldsa/kernels.hpp"
#include "mldsa/kernels/simd_tables.hpp"
#include "mldsa/zetas.hpp"

#include "common/ct.hpp"

#include <cstring>

#include <immintrin.h>

namespace tessera::mldsa {
namespace {

struct Avx2Ops {
  using V = __m256i;
  static constexpr int W = 8;
  static V load(const std::int32_t* p) noexcept { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  static void store(std::int32_t* p, V a) noexcept { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), a); }
  static V set1(std::int32_t x) noexcept { return _mm256_set1_epi32(x); }
  static V zero() noexcept { return _mm256_setzero_si256(); }
  static V add(V a, V b) noexcept { return _mm256_add_epi32(a, b); }
  static V sub(V a, V b) noexcept { return _mm256_sub_epi32(a, b); }
  static V add64(V a, V b) noexcept { return _mm256_add_epi64(a, b); }
  static V and_(V a, V b) noexcept { return _mm256_and_si256(a, b); }
  static V or_(V a, V b) noexcept { return _mm256_or_si256(a, b); }
  static V andnot(V a, V b) noexcept { return _mm256_andnot_si256(a, b); }  // ~a & b
  static V mul(V a, V b) noexcept { return _mm256_mul_epi32(a, b); }        // even lanes, signed, 64-bit
  static V mulu(V a, V b) noexcept { return _mm256_mul_epu32(a, b); }
  static V mullo(V a, V b) noexcept { return _mm256_mullo_epi32(a, b); }
  static V odd(V a) noexcept { return _mm256_srli_epi64(a, 32); }            // odd lanes to even
  static V blend_odd(V even, V odd_src) noexcept { return _mm256_blend_epi32(even, odd_src, 0xAA); }
  static V cmpeq(V a, V b) noexcept { return _mm256_cmpeq_epi32(a, b); }
  template <int n> static V srai(V a) noexcept { return _mm256_srai_epi32(a, n); }
  template <int n> static V srli(V a) noexcept { return _mm256_srli_epi32(a, n); }
  template <int n> static V slli(V a) noexcept { return _mm256_slli_epi32(a, n); }
  template <int n> static V srli64(V a) noexcept { return _mm256_srli_epi64(a, n); }
  static std::int32_t hsum(V a) noexcept {
    __m128i x = _mm_add_epi32(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
    x = _mm_add_epi32(x, _mm_shuffle_epi32(x, 0x4E));
    x = _mm_add_epi32(x, _mm_shuffle_epi32(x, 0xB1));
    return _mm_cvtsi128_si32(x);
  }
  static bool sign_bits_any(V a) noexcept { return _mm256_movemask_ps(_mm256_castsi256_ps(a)) != 0; }
  // 8 x 8 transpose of x[0..8).
  static void transpose(V* x) noexcept {
    V t[8], u[8];
    for (int i = 0; i < 8; i += 2) {
      t[i] = _mm256_unpacklo_epi32(x[i], x[i + 1]);
      t[i + 1] = _mm256_unpackhi_epi32(x[i], x[i + 1]);
    }
    for (int i = 0; i < 8; i += 4) {
      u[i] = _mm256_unpacklo_epi64(t[i], t[i + 2]);
      u[i + 1] = _mm256_unpackhi_epi64(t[i], t[i + 2]);
      u[i + 2] = _mm256_unpacklo_epi64(t[i + 1], t[i + 3]);
      u[i + 3] = _mm256_unpackhi_epi64(t[i + 1], t[i + 3]);
    }
    for (int i = 0; i < 4; ++i) {
      x[i] = _mm256_permute2x128_si256(u[i], u[i + 4], 0x20);
      x[i + 4] = _mm256_permute2x128_si256(u[i], u[i + 4], 0x31);
    }
  }
};

#define TESSERA_MLDSA_SIMD_OPS Avx2Ops
#include "mldsa/kernels/simd_impl.hpp"
#undef TESSERA_MLDSA_SIMD_OPS

// RejNTTPoly inner loop (as rej_uniform_portable; public data, variable time): 8
// candidates of 3 bytes per step, accepted ones left-packed with a permutation table.
unsigned rej_uniform_avx2(std::int32_t* out, unsigned need, const std::uint8_t* buf, std::size_t len) noexcept {
  unsigned ctr = 0;
  std::size_t pos = 0;
  const __m256i idx = _mm256_setr_epi32(0, 1, 2, 0, 3, 4, 5, 0);
  const __m256i shuf = _mm256_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1,
                                        0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1);
  const __m256i mask23 = _mm256_set1_epi32(0x7FFFFF), q = _mm256_set1_epi32(kQ);
  while (ctr + 8 <= need && pos + 32 <= len) {
    __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(buf + pos));
    x = _mm256_shuffle_epi8(_mm256_permutevar8x32_epi32(x, idx), shuf);
    x = _mm256_and_si256(x, mask23);
    const unsigned m = static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(q, x))));
    const __m256i perm = _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(kLeftPack8[m].data())));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + ctr), _mm256_permutevar8x32_epi32(x, perm));
    ctr += static_cast<unsigned>(__builtin_popcount(m));
    pos += 24;
  }
  return ctr + portable::rej_uniform(out + ctr, need - ctr, buf + pos, len - pos);
}

}  // namespace

// The entries of the portable table this backend implements, replaced.
Kernels avx2::table() noexcept {
  Kernels k = portable::table();
  k.ntt = ntt_simd;
  k.invntt_tomont = invntt_simd;
  k.pointwise_acc = pointwise_acc_simd;
  k.pointwise = pointwise_simd;
  k.reduce = reduce_simd;
  k.freeze = freeze_simd;
  k.power2round = power2round_simd;
  k.decompose = decompose_simd;
  k.make_hint = make_hint_simd;
  k.use_hint = use_hint_simd;
  k.norm_exceeds = norm_exceeds_simd;
  k.rej_eta = rej_eta_simd;
  k.unpack_t1 = unpack_t1_simd;
  k.unpack_t0 = unpack_t0_simd;
  k.unpack_eta = unpack_eta_simd;
  k.unpack_z = unpack_z_simd;
  k.pack_w1 = pack_w1_simd;
  k.pack_t1 = pack_t1_simd;
  k.pack_t0 = pack_t0_simd;
  k.pack_eta = pack_eta_simd;
  k.rej_uniform = rej_uniform_avx2;
  return k;
}

}  // namespace tessera::mldsa
