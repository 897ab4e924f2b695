// ML-KEM portable kernels (the oracle for every SIMD backend). Bounds are in kernels.hpp.
// The loops are written so that compilers vectorize them with the baseline instruction set.
#include "common/bytes.hpp"
#include "common/secret.hpp"
#include "mlkem/field.hpp"
#include "mlkem/kernels.hpp"

#include <array>

namespace tessera::mlkem::portable {

using field::barrett_reduce;
using field::fqmul;
using field::kZetas;

namespace {

// a * zeta * R^-1 with zeta_qinv = zeta * q^-1 mod 2^16 precomputed (Montgomery multiplication
// by a constant in the 16-bit form SIMD units have: two high and one low product). The low
// halves of a * zeta and t * q are equal, so the difference of the high halves is exact.
// |r| < q for any int16 a (|hi(a * zeta)| <= 2^15 * (q/2) / 2^16, |hi(t * q)| <= q/2).
[[gnu::always_inline]] inline std::int16_t mul_const(std::int16_t a, std::int16_t zeta,
                                                     std::int16_t zeta_qinv) noexcept {
  const auto hi = static_cast<std::int16_t>((static_cast<std::int32_t>(a) * zeta) >> 16);
  const auto t = static_cast<std::int16_t>(static_cast<std::int32_t>(a) * zeta_qinv);
  const auto th = static_cast<std::int16_t>((static_cast<std::int32_t>(t) * kQ) >> 16);
  return static_cast<std::int16_t>(hi - th);
}

constexpr std::array<std::int16_t, 128> make_zetas_qinv() noexcept {
  std::array<std::int16_t, 128> z{};
  for (std::size_t i = 0; i < 128; ++i)
    z[i] = static_cast<std::int16_t>(static_cast<std::uint16_t>(static_cast<std::uint32_t>(kZetas[i]) *
                                                                 static_cast<std::uint16_t>(field::kQInv)));
  return z;
}
constexpr std::array<std::int16_t, 128> kZetasQinv = make_zetas_qinv();

}  // namespace

namespace {

// One layer of Cooley-Tukey butterflies with a compile-time distance, so that the compiler
// vectorizes it (without "unroll 1", GCC 12 unrolls the short layers and leaves them scalar);
// k indexes kZetas.
template <unsigned Len>
[[gnu::always_inline]] inline void ntt_layer(std::int16_t a[256], unsigned k) noexcept {
  for (unsigned start = 0; start < 256; start += 2 * Len, ++k) {
    const std::int16_t zeta = kZetas[k], zeta_qinv = kZetasQinv[k];
    std::int16_t* lo = a + start;
    std::int16_t* hi = a + start + Len;
#pragma GCC unroll 1
    for (unsigned j = 0; j < Len; ++j) {
      const std::int16_t t = mul_const(hi[j], zeta, zeta_qinv);
      hi[j] = static_cast<std::int16_t>(lo[j] - t);
      lo[j] = static_cast<std::int16_t>(lo[j] + t);
    }
  }
}

// One layer of Gentleman-Sande butterflies; k counts down through kZetas.
template <unsigned Len>
[[gnu::always_inline]] inline void invntt_layer(std::int16_t a[256], unsigned k) noexcept {
  for (unsigned start = 0; start < 256; start += 2 * Len, --k) {
    const std::int16_t zeta = kZetas[k], zeta_qinv = kZetasQinv[k];
    std::int16_t* lo = a + start;
    std::int16_t* hi = a + start + Len;
#pragma GCC unroll 1
    for (unsigned j = 0; j < Len; ++j) {
      const std::int16_t t = lo[j];
      lo[j] = barrett_reduce(static_cast<std::int16_t>(t + hi[j]));
      hi[j] = mul_const(static_cast<std::int16_t>(hi[j] - t), zeta, zeta_qinv);
    }
  }
}

#if !defined(__OPTIMIZE_SIZE__)  // the fast forms only; -Os builds use ntt_rolled, invntt_rolled
// The last two forward layers (len 4 and 2) and the first two inverse ones work inside blocks
// of 8 coefficients. They run on a transposed copy c[p][blk] = a[8 blk + p], so that every
// butterfly becomes a 32-wide vector operation with a per-block zeta.
struct BlockZetas {
  std::int16_t z4[32], z4q[32], z2[2][32], z2q[2][32];
};
constexpr BlockZetas make_block_zetas(bool inverse) noexcept {
  BlockZetas b{};
  for (std::size_t blk = 0; blk < 32; ++blk) {
    const std::size_t k4 = inverse ? 63 - blk : 32 + blk;
    b.z4[blk] = kZetas[k4];
    b.z4q[blk] = kZetasQinv[k4];
    for (std::size_t g = 0; g < 2; ++g) {
      const std::size_t k2 = inverse ? 127 - 2 * blk - g : 64 + 2 * blk + g;
      b.z2[g][blk] = kZetas[k2];
      b.z2q[g][blk] = kZetasQinv[k2];
    }
  }
  return b;
}
constexpr BlockZetas kForwardBlockZetas = make_block_zetas(false);
constexpr BlockZetas kInverseBlockZetas = make_block_zetas(true);

[[gnu::always_inline]] inline void ct_butterflies32(std::int16_t* lo, std::int16_t* hi, const std::int16_t* z,
                                                    const std::int16_t* zq) noexcept {
  for (unsigned blk = 0; blk < 32; ++blk) {
    const std::int16_t t = mul_const(hi[blk], z[blk], zq[blk]);
    hi[blk] = static_cast<std::int16_t>(lo[blk] - t);
    lo[blk] = static_cast<std::int16_t>(lo[blk] + t);
  }
}
[[gnu::always_inline]] inline void gs_butterflies32(std::int16_t* lo, std::int16_t* hi, const std::int16_t* z,
                                                    const std::int16_t* zq) noexcept {
  for (unsigned blk = 0; blk < 32; ++blk) {
    const std::int16_t t = lo[blk];
    lo[blk] = barrett_reduce(static_cast<std::int16_t>(t + hi[blk]));
    hi[blk] = mul_const(static_cast<std::int16_t>(hi[blk] - t), z[blk], zq[blk]);
  }
}
#endif  // !__OPTIMIZE_SIZE__

}  // namespace

// The NTTs and the message (de)compression transform secrets (s, e, y; w and v, which give
// m; m itself) in compiler-vectorized loops whose register spills are the compiler's choice
// (x86-64 g++ 12: 592 bytes of butterflies in ntt's frame, 16 in invntt's, words of m in
// compress_d1's and decompress_d1's; tests/unit/zeroize_mlkem_test.cpp). Each runs in a
// frame of its own (not inlined), which the public kernel wipes when it returns. The sizes:
// the frame, red zone included, with room to spare (x86-64 g++ 12 -O3: 624, 576 and 80 bytes;
// Cortex-M, arm-none-eabi-gcc 12 -Os to -O3: 592, 592 and 64).
namespace {
constexpr std::size_t kNttFrameBytes = frame_wipe(1024, 768), kInvNttFrameBytes = frame_wipe(1024, 768),
                      kCompress1FrameBytes = 256;
}  // namespace

// FIPS 203, Algorithm 9 (NTT), steps 2-10 layer by layer (len = 128 .. 2, zetas 1 .. 127).
// Each layer adds at most q to the bound (|mul_const| < q), so |a| < q in gives |a| < 8q out.
// ntt_rolled: the same butterflies in the same order, as plain loops (layer k of distance
// len starts at zeta 128 / len): no transposed copy, no unrolled layers; ntt's body when the
// library is built for size (-Os: a quarter of the code; tests/unit/mlkem_test.cpp checks it
// against ntt bit for bit).
void ntt_rolled(std::int16_t a[256]) noexcept {
  for (unsigned len = 128; len >= 2; len >>= 1) {
    unsigned k = 128 / len;
    for (unsigned start = 0; start < 256; start += 2 * len, ++k) {
      const std::int16_t zeta = kZetas[k], zeta_qinv = kZetasQinv[k];
      for (unsigned j = start; j < start + len; ++j) {
        const std::int16_t t = mul_const(a[j + len], zeta, zeta_qinv);
        a[j + len] = static_cast<std::int16_t>(a[j] - t);
        a[j] = static_cast<std::int16_t>(a[j] + t);
      }
    }
  }
}

namespace {
#if defined(__OPTIMIZE_SIZE__)
[[gnu::noinline]] void ntt_frame(std::int16_t a[256]) noexcept { ntt_rolled(a); }
#else
[[gnu::noinline]] void ntt_frame(std::int16_t a[256]) noexcept {
  ntt_layer<128>(a, 1);
  ntt_layer<64>(a, 2);
  ntt_layer<32>(a, 4);
  ntt_layer<16>(a, 8);
  ntt_layer<8>(a, 16);
  alignas(32) std::int16_t c[8][32];
  for (unsigned blk = 0; blk < 32; ++blk)
    for (unsigned p = 0; p < 8; ++p) c[p][blk] = a[8 * blk + p];
  const BlockZetas& z = kForwardBlockZetas;
  for (unsigned p = 0; p < 4; ++p) ct_butterflies32(c[p], c[p + 4], z.z4, z.z4q);  // len 4
  for (unsigned g = 0; g < 2; ++g)                                                   // len 2
    for (unsigned p = 4 * g; p < 4 * g + 2; ++p) ct_butterflies32(c[p], c[p + 2], z.z2[g], z.z2q[g]);
  for (unsigned blk = 0; blk < 32; ++blk)
    for (unsigned p = 0; p < 8; ++p) a[8 * blk + p] = c[p][blk];
}
#endif
}  // namespace
void ntt(std::int16_t a[256]) noexcept {
  ntt_frame(a);
  secure_zero_stack(kNttFrameBytes);  // c and the spills: the transform of a secret
}

// FIPS 203, Algorithm 10 (NTT^-1). Gentleman-Sande butterflies with the zetas in reverse
// order (zeta^-1 factors become sign changes folded into the difference); sums are
// Barrett-reduced so every value stays below 2q; the final scaling by R^2/128 multiplies the
// result by R. |a| < 2^14 in, |a| < q out. invntt_rolled: the same as plain loops (layer of
// distance len from zeta 256 / len - 1 down), invntt's body when built for size.
namespace {
constexpr auto kInvNttFactorQinv = static_cast<std::int16_t>(static_cast<std::uint16_t>(
    static_cast<std::uint32_t>(field::kInvNttFactor) * static_cast<std::uint16_t>(field::kQInv)));
}  // namespace
void invntt_rolled(std::int16_t a[256]) noexcept {
  for (unsigned len = 2; len <= 128; len <<= 1) {
    unsigned k = 256 / len - 1;
    for (unsigned start = 0; start < 256; start += 2 * len, --k) {
      const std::int16_t zeta = kZetas[k], zeta_qinv = kZetasQinv[k];
      for (unsigned j = start; j < start + len; ++j) {
        const std::int16_t t = a[j];
        a[j] = barrett_reduce(static_cast<std::int16_t>(t + a[j + len]));
        a[j + len] = mul_const(static_cast<std::int16_t>(a[j + len] - t), zeta, zeta_qinv);
      }
    }
  }
  for (unsigned j = 0; j < 256; ++j) a[j] = mul_const(a[j], field::kInvNttFactor, kInvNttFactorQinv);  // Step 11.
}

namespace {
#if defined(__OPTIMIZE_SIZE__)
[[gnu::noinline]] void invntt_frame(std::int16_t a[256]) noexcept { invntt_rolled(a); }
#else
[[gnu::noinline]] void invntt_frame(std::int16_t a[256]) noexcept {
  alignas(32) std::int16_t c[8][32];
  for (unsigned blk = 0; blk < 32; ++blk)
    for (unsigned p = 0; p < 8; ++p) c[p][blk] = a[8 * blk + p];
  const BlockZetas& z = kInverseBlockZetas;
  for (unsigned g = 0; g < 2; ++g)  // Steps 2-10: len 2
    for (unsigned p = 4 * g; p < 4 * g + 2; ++p) gs_butterflies32(c[p], c[p + 2], z.z2[g], z.z2q[g]);
  for (unsigned p = 0; p < 4; ++p) gs_butterflies32(c[p], c[p + 4], z.z4, z.z4q);  // len 4
  for (unsigned blk = 0; blk < 32; ++blk)
    for (unsigned p = 0; p < 8; ++p) a[8 * blk + p] = c[p][blk];
  invntt_layer<8>(a, 31);
  invntt_layer<16>(a, 15);
  invntt_layer<32>(a, 7);
  invntt_layer<64>(a, 3);
  invntt_layer<128>(a, 1);
  for (unsigned j = 0; j < 256; ++j) a[j] = mul_const(a[j], field::kInvNttFactor, kInvNttFactorQinv);  // Step 11.
}
#endif
}  // namespace
void invntt(std::int16_t a[256]) noexcept {
  invntt_frame(a);
  secure_zero_stack(kInvNttFrameBytes);  // c and the spills: w or v, which give m, hence K
}

// Algorithm 12, the gamma_i * b_1 factor of each base-case product, computed once per operand.
void mulcache(std::int16_t cache[128], const std::int16_t b[256]) noexcept {
  for (unsigned i = 0; i < 64; ++i) {
    const std::int16_t gamma = kZetas[64 + i];
    cache[2 * i] = fqmul(b[4 * i + 1], gamma);
    cache[2 * i + 1] = fqmul(b[4 * i + 3], static_cast<std::int16_t>(-gamma));
  }
}

// Algorithms 11-12 over k polynomials, accumulated in 32 bits and reduced once (lazy
// reduction): 2k <= 8 products of at most 2^12 * q each sum to less than q * 2^15.
void basemul_acc(std::int16_t r[256], const std::int16_t* a, const std::int16_t* b,
                 const std::int16_t* bcache, int k) noexcept {
  std::int32_t c0[128], c1[128];
  for (unsigned i = 0; i < 128; ++i) {
    c0[i] = static_cast<std::int32_t>(a[2 * i]) * b[2 * i] + static_cast<std::int32_t>(a[2 * i + 1]) * bcache[i];
    c1[i] = static_cast<std::int32_t>(a[2 * i]) * b[2 * i + 1] + static_cast<std::int32_t>(a[2 * i + 1]) * b[2 * i];
  }
  for (int p = 1; p < k; ++p) {
    const std::int16_t* ap = a + 256 * p;
    const std::int16_t* bp = b + 256 * p;
    const std::int16_t* cp = bcache + 128 * p;
    for (unsigned i = 0; i < 128; ++i) {
      c0[i] += static_cast<std::int32_t>(ap[2 * i]) * bp[2 * i] + static_cast<std::int32_t>(ap[2 * i + 1]) * cp[i];
      c1[i] += static_cast<std::int32_t>(ap[2 * i]) * bp[2 * i + 1] + static_cast<std::int32_t>(ap[2 * i + 1]) * bp[2 * i];
    }
  }
  for (unsigned i = 0; i < 128; ++i) {
    r[2 * i] = field::montgomery_reduce(c0[i]);
    r[2 * i + 1] = field::montgomery_reduce(c1[i]);
  }
  // The unreduced products (s^T u in decryption, t^T y in encryption: either gives m, hence K).
  secure_zero_object(c0);
  secure_zero_object(c1);
}

void reduce(std::int16_t a[256]) noexcept {
  for (unsigned i = 0; i < 256; ++i) a[i] = field::reduce_canonical(a[i]);
}

void tomont(std::int16_t a[256]) noexcept {
  for (unsigned i = 0; i < 256; ++i) a[i] = fqmul(a[i], field::kMontSquared);
}

// clang vectorizes the CBD loops and spills a vector of secret sums to the red zone below
// the stack pointer, where the kernel zeroization test finds it; the scalar loop keeps
// them in registers (and is what "portable" means here).
#if defined(__clang__)
#define TESSERA_SCALAR_LOOP _Pragma("clang loop vectorize(disable) interleave(disable)")
#else
#define TESSERA_SCALAR_LOOP
#endif

// FIPS 203, Algorithm 8 (SamplePolyCBD_2): per 4-bit group, (b0 + b1) - (b2 + b3).
void cbd2(std::int16_t r[256], const std::uint8_t buf[128]) noexcept {
  TESSERA_SCALAR_LOOP
  for (unsigned i = 0; i < 32; ++i) {
    const std::uint32_t t = bytes::load_le32(buf + 4 * i);
    const std::uint32_t d = (t & 0x55555555u) + ((t >> 1) & 0x55555555u);
    for (unsigned j = 0; j < 8; ++j) {
      const auto x = static_cast<std::int16_t>((d >> (4 * j)) & 3);
      const auto y = static_cast<std::int16_t>((d >> (4 * j + 2)) & 3);
      r[8 * i + j] = static_cast<std::int16_t>(x - y);
    }
  }
}

// FIPS 203, Algorithm 8 (SamplePolyCBD_3): per 6-bit group, (b0 + b1 + b2) - (b3 + b4 + b5).
void cbd3(std::int16_t r[256], const std::uint8_t buf[192]) noexcept {
  TESSERA_SCALAR_LOOP
  for (unsigned i = 0; i < 64; ++i) {
    const std::uint32_t t = static_cast<std::uint32_t>(buf[3 * i]) | static_cast<std::uint32_t>(buf[3 * i + 1]) << 8 |
                            static_cast<std::uint32_t>(buf[3 * i + 2]) << 16;
    const std::uint32_t d = (t & 0x00249249u) + ((t >> 1) & 0x00249249u) + ((t >> 2) & 0x00249249u);
    for (unsigned j = 0; j < 4; ++j) {
      const auto x = static_cast<std::int16_t>((d >> (6 * j)) & 7);
      const auto y = static_cast<std::int16_t>((d >> (6 * j + 3)) & 7);
      r[4 * i + j] = static_cast<std::int16_t>(x - y);
    }
  }
}

// FIPS 203, Algorithm 7 (SampleNTT), steps 4-15. Public data, but its accept/reject pattern
// is random, so branching on it mispredicts about once per five candidates: while two more
// outputs fit, each candidate is stored unconditionally and the count advances by the
// comparison (a rejected one is overwritten by the next; kernels.hpp allows writes between
// the count and len). The last output goes through the plain loop.
unsigned rej_uniform(std::int16_t* r, unsigned ctr, unsigned len, const std::uint8_t* buf,
                     unsigned buflen) noexcept {
  unsigned pos = 0;
  while (ctr + 2 <= len && pos + 3 <= buflen) {
    const unsigned d1 = (buf[pos] | static_cast<unsigned>(buf[pos + 1]) << 8) & 0xFFF;   // Step 7.
    const unsigned d2 = (buf[pos + 1] >> 4) | static_cast<unsigned>(buf[pos + 2]) << 4;  // Step 8.
    pos += 3;
    r[ctr] = static_cast<std::int16_t>(d1);
    ctr += static_cast<unsigned>(d1 < static_cast<unsigned>(kQ));
    r[ctr] = static_cast<std::int16_t>(d2);
    ctr += static_cast<unsigned>(d2 < static_cast<unsigned>(kQ));
  }
  while (ctr < len && pos + 3 <= buflen) {
    const unsigned d1 = (buf[pos] | static_cast<unsigned>(buf[pos + 1]) << 8) & 0xFFF;   // Step 7.
    const unsigned d2 = (buf[pos + 1] >> 4) | static_cast<unsigned>(buf[pos + 2]) << 4;  // Step 8.
    pos += 3;
    if (d1 < static_cast<unsigned>(kQ)) r[ctr++] = static_cast<std::int16_t>(d1);
    if (d2 < static_cast<unsigned>(kQ) && ctr < len) r[ctr++] = static_cast<std::int16_t>(d2);
  }
  return ctr;
}

namespace {

// ByteEncode_D of 8 values (Algorithm 5): 8*D bits, little-endian, D bytes.
template <int D>
[[gnu::always_inline]] inline void pack8(std::uint8_t* out, const std::uint32_t t[8]) noexcept {
  std::uint64_t lo = 0, hi = 0;
  for (int j = 0; j < 8; ++j) {
    const int s = j * D;
    const std::uint64_t v = t[j];
    if (s < 64) {
      lo |= v << s;
      if (s + D > 64) hi |= v >> (64 - s);
    } else {
      hi |= v << (s - 64);
    }
  }
  for (int b = 0; b < D; ++b) out[b] = static_cast<std::uint8_t>(b < 8 ? lo >> (8 * b) : hi >> (8 * (b - 8)));
}

// ByteDecode_D of 8 values (Algorithm 6) without the mod q.
template <int D>
[[gnu::always_inline]] inline void unpack8(std::uint32_t t[8], const std::uint8_t* in) noexcept {
  std::uint64_t lo = 0, hi = 0;
  for (int b = 0; b < D; ++b) {
    if (b < 8) lo |= static_cast<std::uint64_t>(in[b]) << (8 * b);
    else hi |= static_cast<std::uint64_t>(in[b]) << (8 * (b - 8));
  }
  constexpr std::uint64_t mask = (std::uint64_t{1} << D) - 1;
  for (int j = 0; j < 8; ++j) {
    const int s = j * D;
    std::uint64_t v;
    if (s + D <= 64) v = lo >> s;
    else if (s < 64) v = (lo >> s) | (hi << (64 - s));
    else v = hi >> (s - 64);
    t[j] = static_cast<std::uint32_t>(v & mask);
  }
}

template <int D>
void compress_poly(std::uint8_t* out, const std::int16_t a[256]) noexcept {
  for (unsigned i = 0; i < 32; ++i) {
    std::uint32_t t[8];
    for (unsigned j = 0; j < 8; ++j) t[j] = field::compress(static_cast<std::uint16_t>(a[8 * i + j]), D);
    pack8<D>(out + D * i, t);
  }
}

template <int D>
void decompress_poly(std::int16_t a[256], const std::uint8_t* in) noexcept {
  for (unsigned i = 0; i < 32; ++i) {
    std::uint32_t t[8];
    unpack8<D>(t, in + D * i);
    for (unsigned j = 0; j < 8; ++j) a[8 * i + j] = static_cast<std::int16_t>(field::decompress(t[j], D));
  }
}

}  // namespace

namespace {
[[gnu::noinline]] void compress_d1_frame(std::uint8_t out[32], const std::int16_t a[256]) noexcept {
  compress_poly<1>(out, a);
}
[[gnu::noinline]] void decompress_d1_frame(std::int16_t a[256], const std::uint8_t in[32]) noexcept {
  decompress_poly<1>(a, in);
}
}  // namespace
void compress_d1(std::uint8_t out[32], const std::int16_t a[256]) noexcept {
  compress_d1_frame(out, a);
  secure_zero_stack(kCompress1FrameBytes);  // m
}
void compress_d4(std::uint8_t out[128], const std::int16_t a[256]) noexcept { compress_poly<4>(out, a); }
void compress_d5(std::uint8_t out[160], const std::int16_t a[256]) noexcept { compress_poly<5>(out, a); }
void compress_d10(std::uint8_t out[320], const std::int16_t a[256]) noexcept { compress_poly<10>(out, a); }
void compress_d11(std::uint8_t out[352], const std::int16_t a[256]) noexcept { compress_poly<11>(out, a); }
void decompress_d1(std::int16_t a[256], const std::uint8_t in[32]) noexcept {
  decompress_d1_frame(a, in);
  secure_zero_stack(kCompress1FrameBytes);  // m
}
void decompress_d4(std::int16_t a[256], const std::uint8_t in[128]) noexcept { decompress_poly<4>(a, in); }
void decompress_d5(std::int16_t a[256], const std::uint8_t in[160]) noexcept { decompress_poly<5>(a, in); }
void decompress_d10(std::int16_t a[256], const std::uint8_t in[320]) noexcept { decompress_poly<10>(a, in); }
void decompress_d11(std::int16_t a[256], const std::uint8_t in[352]) noexcept { decompress_poly<11>(a, in); }

void byte_encode12(std::uint8_t out[384], const std::int16_t a[256]) noexcept {
  for (unsigned i = 0; i < 128; ++i) {
    const auto t0 = static_cast<std::uint16_t>(a[2 * i]);
    const auto t1 = static_cast<std::uint16_t>(a[2 * i + 1]);
    out[3 * i] = static_cast<std::uint8_t>(t0);
    out[3 * i + 1] = static_cast<std::uint8_t>((t0 >> 8) | (t1 << 4));
    out[3 * i + 2] = static_cast<std::uint8_t>(t1 >> 4);
  }
}

void byte_decode12(std::int16_t a[256], const std::uint8_t in[384]) noexcept {
  for (unsigned i = 0; i < 128; ++i) {
    const unsigned b0 = in[3 * i], b1 = in[3 * i + 1], b2 = in[3 * i + 2];
    a[2 * i] = static_cast<std::int16_t>(b0 | ((b1 & 0xF) << 8));
    a[2 * i + 1] = static_cast<std::int16_t>((b1 >> 4) | (b2 << 4));
  }
}

}  // namespace tessera::mlkem::portable

namespace tessera::mlkem::portable {

Kernels table() noexcept {
  Kernels k{};
#include "mlkem/kernel_table.inc"
  return k;
}

}  // namespace tessera::mlkem::portable
