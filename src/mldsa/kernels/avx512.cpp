// AVX-512 ML-DSA kernels (16 x int32 per zmm; F/BW/VL/DQ). Built with the AVX-512 flags
// of cmake/TesseraSimd.cmake; reached only through the table of kernels.cpp when the CPU
// has AVX-512. Outputs equal the portable kernels' bit for bit (see kernels/simd_impl.hpp).
// The whole polynomial fits in 16 zmm registers, so the NTT runs without spills.
#include "mldsa/kernels.hpp"
#include "mldsa/kernels/simd_tables.hpp"
#include "mldsa/zetas.hpp"

#include "common/ct.hpp"

#include <cstring>

// GCC 12's AVX-512 intrinsics pass _mm512_undefined_*() as the unused merge source, which
// its own -Wuninitialized / -Wmaybe-uninitialized then reject.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

namespace tessera::mldsa {
namespace {

struct Avx512Ops {
  using V = __m512i;
  static constexpr int W = 16;
  static V load(const std::int32_t* p) noexcept { return _mm512_loadu_si512(p); }
  static void store(std::int32_t* p, V a) noexcept { _mm512_storeu_si512(p, a); }
  static V set1(std::int32_t x) noexcept { return _mm512_set1_epi32(x); }
  static V zero() noexcept { return _mm512_setzero_si512(); }
  static V add(V a, V b) noexcept { return _mm512_add_epi32(a, b); }
  static V sub(V a, V b) noexcept { return _mm512_sub_epi32(a, b); }
  static V add64(V a, V b) noexcept { return _mm512_add_epi64(a, b); }
  static V and_(V a, V b) noexcept { return _mm512_and_si512(a, b); }
  static V or_(V a, V b) noexcept { return _mm512_or_si512(a, b); }
  static V andnot(V a, V b) noexcept { return _mm512_andnot_si512(a, b); }  // ~a & b
  static V mul(V a, V b) noexcept { return _mm512_mul_epi32(a, b); }
  static V mulu(V a, V b) noexcept { return _mm512_mul_epu32(a, b); }
  static V mullo(V a, V b) noexcept { return _mm512_mullo_epi32(a, b); }
  static V odd(V a) noexcept { return _mm512_srli_epi64(a, 32); }
  static V blend_odd(V even, V odd_src) noexcept { return _mm512_mask_blend_epi32(0xAAAA, even, odd_src); }
  static V cmpeq(V a, V b) noexcept { return _mm512_movm_epi32(_mm512_cmpeq_epi32_mask(a, b)); }
  template <int n> static V srai(V a) noexcept { return _mm512_srai_epi32(a, n); }
  template <int n> static V srli(V a) noexcept { return _mm512_srli_epi32(a, n); }
  template <int n> static V slli(V a) noexcept { return _mm512_slli_epi32(a, n); }
  template <int n> static V srli64(V a) noexcept { return _mm512_srli_epi64(a, n); }
  static std::int32_t hsum(V a) noexcept { return _mm512_reduce_add_epi32(a); }
  static bool sign_bits_any(V a) noexcept { return _mm512_movepi32_mask(a) != 0; }
  // 16 x 16 transpose of x[0..16): 32-bit and 64-bit unpacks inside 128-bit lanes, then two
  // rounds of 128-bit lane shuffles.
  static void transpose(V* x) noexcept {
    V t[16], u[16];
    for (int i = 0; i < 16; i += 2) {
      t[i] = _mm512_unpacklo_epi32(x[i], x[i + 1]);
      t[i + 1] = _mm512_unpackhi_epi32(x[i], x[i + 1]);
    }
    for (int i = 0; i < 16; i += 4) {
      u[i] = _mm512_unpacklo_epi64(t[i], t[i + 2]);      // elements 4l + 0 of rows i..i+3
      u[i + 1] = _mm512_unpackhi_epi64(t[i], t[i + 2]);  // 4l + 1
      u[i + 2] = _mm512_unpacklo_epi64(t[i + 1], t[i + 3]);
      u[i + 3] = _mm512_unpackhi_epi64(t[i + 1], t[i + 3]);
    }
    for (int j = 0; j < 4; ++j) {
      const V a = _mm512_shuffle_i32x4(u[j], u[4 + j], 0x88), b = _mm512_shuffle_i32x4(u[j], u[4 + j], 0xDD);
      const V c = _mm512_shuffle_i32x4(u[8 + j], u[12 + j], 0x88), d = _mm512_shuffle_i32x4(u[8 + j], u[12 + j], 0xDD);
      x[j] = _mm512_shuffle_i32x4(a, c, 0x88);
      x[8 + j] = _mm512_shuffle_i32x4(a, c, 0xDD);
      x[4 + j] = _mm512_shuffle_i32x4(b, d, 0x88);
      x[12 + j] = _mm512_shuffle_i32x4(b, d, 0xDD);
    }
  }
};

#define TESSERA_MLDSA_SIMD_OPS Avx512Ops
#include "mldsa/kernels/simd_impl.hpp"
#undef TESSERA_MLDSA_SIMD_OPS

// RejNTTPoly inner loop (public data, variable time): 16 candidates of 3 bytes per step,
// accepted ones left-packed with vpcompressd.
unsigned rej_uniform_avx512(std::int32_t* out, unsigned need, const std::uint8_t* buf, std::size_t len) noexcept {
  unsigned ctr = 0;
  std::size_t pos = 0;
  const __m512i idx = _mm512_setr_epi32(0, 1, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9, 9, 10, 11, 12);
  const __m512i shuf = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1));
  const __m512i mask23 = _mm512_set1_epi32(0x7FFFFF), q = _mm512_set1_epi32(kQ);
  while (ctr + 16 <= need && pos + 64 <= len) {
    __m512i x = _mm512_loadu_si512(buf + pos);
    x = _mm512_shuffle_epi8(_mm512_permutexvar_epi32(idx, x), shuf);
    x = _mm512_and_si512(x, mask23);
    const __mmask16 m = _mm512_cmplt_epi32_mask(x, q);
    _mm512_storeu_si512(out + ctr, _mm512_maskz_compress_epi32(m, x));
    ctr += static_cast<unsigned>(__builtin_popcount(m));
    pos += 48;
  }
  return ctr + portable::rej_uniform(out + ctr, need - ctr, buf + pos, len - pos);
}

}  // namespace

// The entries the AVX2 table replaces, replaced again by their 512-bit versions.
Kernels avx512::table() noexcept {
  Kernels k = avx2::table();
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
  k.rej_uniform = rej_uniform_avx512;
  return k;
}

}  // namespace tessera::mldsa
