// ML-KEM NEON compression and encoding kernels for aarch64 (Advanced SIMD):
// ByteEncode_d(Compress_d(.)) and Decompress_d(ByteDecode_d(.)) for d = 1, 4, 5, 10, 11
// (FIPS 203, Algorithms 4-6 and eqs. 4.7-4.8), and ByteEncode_12 / ByteDecode_12. Each gives
// the same output as its portable twin (kernels/portable.cpp), bit for bit
// (tests/equivalence/mlkem_kernels_test.cpp: Compress_d on every x in [0, q), Decompress_d
// and ByteDecode_12 on every d-bit value), with the bounds of src/mlkem/kernels.hpp. No
// branch, index or loop bound depends on the data (u, v, m, s_hat are secret or give the
// secret): constant time.
#include "common/secret.hpp"
#include "mlkem/kernels.hpp"

#include <arm_neon.h>

#include <cstddef>
#include <utility>

namespace tessera::mlkem::neon {
namespace {

// Compress_d (eq. 4.7) of eight x in [0, q): round(2^d x / q) mod 2^d. With
// M = round(2^(15+d) / q) < 2^15, SQDMULH(x, M) = floor(2 M x / 2^16) is within 0.06 of
// 2^d x / q (|2 M - 2^(16+d) / q| <= 1, x < 2^12), so within one of the wanted
// floor((2^d x + (q-1)/2) / q): if it is the floor of 2^d x / q minus one, the fraction of
// 2^d x / q is below 0.06 and the rounding goes down, and symmetrically. The remainder
// 2^d x + (q-1)/2 - y q is then in [-q, 2q), so it is exact in wrapping 16-bit arithmetic,
// and corrects y by one either way (as the x86 kernels do with VPMULHUW).
template <int D>
[[gnu::always_inline]] inline uint16x8_t compress8(int16x8_t x) noexcept {
  constexpr int kM = static_cast<int>(((1l << (15 + D)) + kQ / 2) / kQ);
  static_assert(kM < 32768);
  int16x8_t y = vqdmulhq_n_s16(x, static_cast<std::int16_t>(kM));
  const int16x8_t num = vaddq_s16(vshlq_n_s16(x, D), vdupq_n_s16((kQ - 1) / 2));
  const int16x8_t rem = vmlsq_s16(num, y, vdupq_n_s16(kQ));
  y = vsubq_s16(y, vreinterpretq_s16_u16(vcgeq_s16(rem, vdupq_n_s16(kQ))));  // rem >= q: + 1
  y = vaddq_s16(y, vshrq_n_s16(rem, 15));                                    // rem < 0: - 1
  return vandq_u16(vreinterpretq_u16_s16(y), vdupq_n_u16((1u << D) - 1));
}

// Decompress_d (eq. 4.8) of eight y < 2^d given as y 2^(15-d): SQRDMULH(y 2^(15-d), q) =
// (2 y 2^(15-d) q + 2^15) >> 16 = (y q + 2^(d-1)) >> d. No saturation (operands >= 0).
[[gnu::always_inline]] inline int16x8_t decompress8_scaled(uint16x8_t y_scaled) noexcept {
  return vqrdmulhq_n_s16(vreinterpretq_s16_u16(y_scaled), kQ);
}

// ByteEncode_d (Algorithm 5) of N values (N = 64 for an even d, 128 for an odd one: a whole
// number of 16-byte vectors) from N / 8 vectors: SLI joins lane pairs into 2d-bit values in
// 32-bit lanes, and those pairs into 4d-bit values in the 64-bit lanes. For an even d these
// are d/2 whole bytes each; for an odd d the high lane is shifted left by 4 more bits, so that
// its bytes continue the low lane's, sharing the byte (d - 1) / 2. Each 16-byte output vector
// is then one TBL over four consecutive vectors (two TBLs and an ORR for an odd d, one per
// lane; even: lo holds both). Output byte k is byte k mod d of vector k / d.
template <int D>
inline constexpr int kPackValues = D % 2 == 0 ? 64 : 128;
template <int D>
struct PackTable {
  static constexpr int kOut = kPackValues<D> * D / 128;  // output vectors
  std::uint8_t lo[kOut][16], hi[kOut][16];                // from the low lanes, the high lanes
};
template <int D>
constexpr int pack_base(int o) noexcept {  // the first of the four vectors output o reads
  constexpr int kLast = kPackValues<D> / 8 - 4;
  return 16 * o / D < kLast ? 16 * o / D : kLast;
}
template <int D>
constexpr PackTable<D> make_pack_table() noexcept {
  PackTable<D> t{};
  constexpr int kLoBytes = (D + 1) / 2, kHiFirst = D / 2;  // low lane: bytes 0 .. kLoBytes - 1
  for (int o = 0; o < PackTable<D>::kOut; ++o)
    for (int b = 0; b < 16; ++b) {
      const int k = 16 * o + b, j = k % D, rel = 16 * (k / D - pack_base<D>(o));
      const int from_hi = j >= kHiFirst ? rel + 8 + j - kHiFirst : 0xFF;  // 0xFF: TBL gives 0
      if constexpr (D % 2 == 0) {  // no shared byte: one table
        t.lo[o][b] = static_cast<std::uint8_t>(j < kLoBytes ? rel + j : from_hi);
      } else {
        t.lo[o][b] = static_cast<std::uint8_t>(j < kLoBytes ? rel + j : 0xFF);
        t.hi[o][b] = static_cast<std::uint8_t>(from_hi);
      }
    }
  return t;
}

template <int D>
[[gnu::always_inline]] inline uint8x16_t join(uint16x8_t y) noexcept {
  const uint32x4_t w = vreinterpretq_u32_u16(y);
  const uint64x2_t p = vreinterpretq_u64_u32(vsliq_n_u32(w, vshrq_n_u32(w, 16), D));
  uint64x2_t z = vsliq_n_u64(p, vshrq_n_u64(p, 32), 2 * D);
  if constexpr (D % 2 == 1) z = vshlq_u64(z, vcombine_s64(vcreate_s64(0), vcreate_s64(4)));
  return vreinterpretq_u8_u64(z);
}

template <int D>
[[gnu::always_inline]] inline void pack(std::uint8_t* out, const uint16x8_t y[kPackValues<D> / 8]) noexcept {
  static_assert(D <= 12);
  alignas(16) static constexpr PackTable<D> kTable = make_pack_table<D>();
  constexpr int kVecs = kPackValues<D> / 8;
  uint8x16_t b[kVecs];
#pragma GCC unroll 16
  for (int v = 0; v < kVecs; ++v) b[v] = join<D>(y[v]);
#pragma GCC unroll 11
  for (int o = 0; o < PackTable<D>::kOut; ++o) {
    const int s = pack_base<D>(o);
    const uint8x16x4_t t = {{b[s], b[s + 1], b[s + 2], b[s + 3]}};
    uint8x16_t r = vqtbl4q_u8(t, vld1q_u8(kTable.lo[o]));
    if constexpr (D % 2 == 1) r = vorrq_u8(r, vqtbl4q_u8(t, vld1q_u8(kTable.hi[o])));
    vst1q_u8(out + 16 * o, r);
  }
}

// ByteDecode_d (Algorithm 6) of eight values of d = 5 or 10 bits from d bytes, as 16-bit
// windows (each value starts at one of the first 16 - d bits of its window): value j is the
// window at byte d j / 8 shifted right by d j mod 8. Off holds where the d bytes start in the
// loaded 16 (a window byte past them reads whatever follows, or 0 past the 16, and is masked
// away). The windows are shifted left by Up - (d j mod 8) instead (USHL shifts right by a
// negative count), leaving each value at bits Up .. Up + d - 1.
template <int D, int Off, int Up>
struct Windows {
  std::uint8_t idx[16];
  std::int16_t shift[8];
};
template <int D, int Off, int Up>
constexpr Windows<D, Off, Up> make_windows() noexcept {
  Windows<D, Off, Up> t{};
  for (int j = 0; j < 8; ++j) {
    t.idx[2 * j] = static_cast<std::uint8_t>(Off + D * j / 8);
    t.idx[2 * j + 1] = static_cast<std::uint8_t>(Off + D * j / 8 + 1);
    t.shift[j] = static_cast<std::int16_t>(Up - D * j % 8);
  }
  return t;
}
template <int D, int Off, int Up>
[[gnu::always_inline]] inline uint16x8_t unpack8(uint8x16_t bytes) noexcept {
  alignas(16) static constexpr Windows<D, Off, Up> kW = make_windows<D, Off, Up>();
  const uint16x8_t w = vreinterpretq_u16_u8(vqtbl1q_u8(bytes, vld1q_u8(kW.idx)));
  return vandq_u16(vshlq_u16(w, vld1q_s16(kW.shift)), vdupq_n_u16(((1u << D) - 1) << Up));
}

template <int D>
[[gnu::always_inline]] inline void compress_poly(std::uint8_t* out, const std::int16_t a[256]) noexcept {
  constexpr int kN = kPackValues<D>;
  for (int i = 0; i < 256 / kN; ++i) {
    uint16x8_t y[kN / 8];
#pragma GCC unroll 16
    for (int v = 0; v < kN / 8; ++v) y[v] = compress8<D>(vld1q_s16(a + kN * i + 8 * v));
    pack<D>(out + kN * D / 8 * i, y);
  }
}

// ByteDecode_11 of eight values from 11 bytes (at byte Off of the loaded 16), in 32-bit
// windows (an 11-bit value can span three bytes): value j is bytes 11 j / 8 .. (11 j + 10) / 8,
// shifted right by 11 j mod 8; the windows are shifted by 4 - (11 j mod 8) instead and the
// low halves kept (UZP1), leaving each value at bits 4 .. 14, as Decompress_11 wants.
template <int Off>
struct Windows11 {
  std::uint8_t idx[2][16];
  std::int32_t shift[2][4];
};
template <int Off>
constexpr Windows11<Off> make_windows11() noexcept {
  Windows11<Off> t{};
  for (int j = 0; j < 8; ++j) {
    const int first = 11 * j / 8, last = (11 * j + 10) / 8;
    for (int b = 0; b < 4; ++b)
      t.idx[j / 4][4 * (j % 4) + b] = static_cast<std::uint8_t>(first + b <= last ? Off + first + b : 0xFF);
    t.shift[j / 4][j % 4] = 4 - 11 * j % 8;
  }
  return t;
}
template <int Off>
[[gnu::always_inline]] inline uint16x8_t unpack11_scaled(uint8x16_t bytes) noexcept {
  alignas(16) static constexpr Windows11<Off> kW = make_windows11<Off>();
  const uint32x4_t w0 = vshlq_u32(vreinterpretq_u32_u8(vqtbl1q_u8(bytes, vld1q_u8(kW.idx[0]))), vld1q_s32(kW.shift[0]));
  const uint32x4_t w1 = vshlq_u32(vreinterpretq_u32_u8(vqtbl1q_u8(bytes, vld1q_u8(kW.idx[1]))), vld1q_s32(kW.shift[1]));
  return vandq_u16(vuzp1q_u16(vreinterpretq_u16_u32(w0), vreinterpretq_u16_u32(w1)), vdupq_n_u16(0x7FF << 4));
}

// Each wrapper runs in a frame of its own, wiped by the public kernel (the values are u, v or
// m; as the portable kernels do for m, tests/unit/zeroize_mlkem_test.cpp): the loops keep
// everything in registers, the wipe covers a spill the compiler might still make.
constexpr std::size_t kFrameBytes = 256;

[[gnu::noinline]] void compress_d1_frame(std::uint8_t out[32], const std::int16_t a[256]) noexcept {
  // Compress_1(x) = 1 exactly for x in [833, 2496], i.e. (x - 833) < 1664 unsigned. Lane i
  // of vector v weighs 2^i; pairwise additions of eight vectors give eight bytes.
  alignas(16) static constexpr std::uint16_t kWeights[8] = {1, 2, 4, 8, 16, 32, 64, 128};
  const uint16x8_t weights = vld1q_u16(kWeights), lo = vdupq_n_u16(833), width = vdupq_n_u16(1664);
  for (unsigned i = 0; i < 4; ++i) {
    uint16x8_t m[8];
#pragma GCC unroll 8
    for (unsigned v = 0; v < 8; ++v) {
      const uint16x8_t x = vreinterpretq_u16_s16(vld1q_s16(a + 64 * i + 8 * v));
      m[v] = vandq_u16(vcltq_u16(vsubq_u16(x, lo), width), weights);
    }
    const uint16x8_t s = vpaddq_u16(vpaddq_u16(vpaddq_u16(m[0], m[1]), vpaddq_u16(m[2], m[3])),
                                    vpaddq_u16(vpaddq_u16(m[4], m[5]), vpaddq_u16(m[6], m[7])));
    vst1_u8(out + 8 * i, vmovn_u16(s));
  }
}

[[gnu::noinline]] void decompress_d1_frame(std::int16_t a[256], const std::uint8_t in[32]) noexcept {
  // Bit i of byte b -> (q + 1) / 2 or 0: byte b in every lane, CMTST with lane i's bit.
  alignas(16) static constexpr std::uint16_t kBits[8] = {1, 2, 4, 8, 16, 32, 64, 128};
  const uint16x8_t bits = vld1q_u16(kBits), half = vdupq_n_u16((kQ + 1) / 2);
  for (unsigned i = 0; i < 32; i += 8) {
    const uint16x8_t x = vmovl_u8(vld1_u8(in + i));
    [&]<int... B>(std::integer_sequence<int, B...>) {
      (vst1q_s16(a + 8 * (i + B), vreinterpretq_s16_u16(vandq_u16(vtstq_u16(vdupq_laneq_u16(x, B), bits), half))),
       ...);
    }(std::make_integer_sequence<int, 8>{});
  }
}

}  // namespace

void compress_d1(std::uint8_t out[32], const std::int16_t a[256]) noexcept {
  compress_d1_frame(out, a);
  secure_zero_stack(kFrameBytes);  // m
}

void decompress_d1(std::int16_t a[256], const std::uint8_t in[32]) noexcept {
  decompress_d1_frame(a, in);
  secure_zero_stack(kFrameBytes);  // m
}

void compress_d4(std::uint8_t out[128], const std::int16_t a[256]) noexcept { compress_poly<4>(out, a); }
void compress_d10(std::uint8_t out[320], const std::int16_t a[256]) noexcept { compress_poly<10>(out, a); }

// d = 5 and 11 pack 16 vectors at a time, more than the registers hold with the constants:
// g++ 12 spills a few to the frame (64 bytes), which the kernel wipes (the values are the
// re-encryption's ciphertext in decapsulation).
namespace {
[[gnu::noinline]] void compress_d5_frame(std::uint8_t out[160], const std::int16_t a[256]) noexcept {
  compress_poly<5>(out, a);
}
[[gnu::noinline]] void compress_d11_frame(std::uint8_t out[352], const std::int16_t a[256]) noexcept {
  compress_poly<11>(out, a);
}
}  // namespace
void compress_d5(std::uint8_t out[160], const std::int16_t a[256]) noexcept {
  compress_d5_frame(out, a);
  secure_zero_stack(kFrameBytes);
}
void compress_d11(std::uint8_t out[352], const std::int16_t a[256]) noexcept {
  compress_d11_frame(out, a);
  secure_zero_stack(kFrameBytes);
}

// Decompress_4: the low and high nibbles of 16 bytes, each moved to bits 3-6 of its byte,
// ZIP back into order (32 values), SHLL by 8 gives y 2^11.
void decompress_d4(std::int16_t a[256], const std::uint8_t in[128]) noexcept {
  const uint8x16_t m78 = vdupq_n_u8(0x78);
  for (unsigned i = 0; i < 128; i += 16) {
    const uint8x16_t x = vld1q_u8(in + i);
    const uint8x16_t lo = vandq_u8(vshlq_n_u8(x, 3), m78), hi = vandq_u8(vshrq_n_u8(x, 1), m78);  // y 2^3
    const uint8x16_t y0 = vzip1q_u8(lo, hi), y1 = vzip2q_u8(lo, hi);
    std::int16_t* out = a + 2 * i;
    vst1q_s16(out, decompress8_scaled(vshll_n_u8(vget_low_u8(y0), 8)));  // y 2^11
    vst1q_s16(out + 8, decompress8_scaled(vshll_high_n_u8(y0, 8)));
    vst1q_s16(out + 16, decompress8_scaled(vshll_n_u8(vget_low_u8(y1), 8)));
    vst1q_s16(out + 24, decompress8_scaled(vshll_high_n_u8(y1, 8)));
  }
}

// Decompress_10: 16 values per 20 bytes, loaded as bytes 0-15 and 4-19 (every load inside in).
void decompress_d10(std::int16_t a[256], const std::uint8_t in[320]) noexcept {
  for (unsigned i = 0; i < 16; ++i) {
    const std::uint8_t* p = in + 20 * i;
    vst1q_s16(a + 16 * i, decompress8_scaled(unpack8<10, 0, 5>(vld1q_u8(p))));
    vst1q_s16(a + 16 * i + 8, decompress8_scaled(unpack8<10, 6, 5>(vld1q_u8(p + 4))));
  }
}

// Decompress_5: 32 values per 20 bytes, loaded as bytes 0-15 and 4-19; eight values per
// 5 bytes, in 16-bit windows.
void decompress_d5(std::int16_t a[256], const std::uint8_t in[160]) noexcept {
  for (unsigned i = 0; i < 8; ++i) {
    const uint8x16_t x0 = vld1q_u8(in + 20 * i), x1 = vld1q_u8(in + 20 * i + 4);
    std::int16_t* out = a + 32 * i;
    vst1q_s16(out, decompress8_scaled(unpack8<5, 0, 10>(x0)));
    vst1q_s16(out + 8, decompress8_scaled(unpack8<5, 5, 10>(x0)));
    vst1q_s16(out + 16, decompress8_scaled(unpack8<5, 6, 10>(x1)));
    vst1q_s16(out + 24, decompress8_scaled(unpack8<5, 11, 10>(x1)));
  }
}

// Decompress_11: 16 values per 22 bytes, loaded as bytes 0-15 and 6-21.
void decompress_d11(std::int16_t a[256], const std::uint8_t in[352]) noexcept {
  for (unsigned i = 0; i < 16; ++i) {
    const std::uint8_t* p = in + 22 * i;
    vst1q_s16(a + 16 * i, decompress8_scaled(unpack11_scaled<0>(vld1q_u8(p))));
    vst1q_s16(a + 16 * i + 8, decompress8_scaled(unpack11_scaled<5>(vld1q_u8(p + 6))));
  }
}

// ByteEncode_12 (Algorithm 5), 32 values per step: LD2 splits even and odd values t0, t1
// (16 each), UZP1/UZP2 take their low and high bytes, and ST3 interleaves the bytes
// t0 mod 2^8, t0 >> 8 | t1 << 4, t1 >> 4 (SHRN/SHRN2) of each pair. In: [0, 4096).
void byte_encode12(std::uint8_t out[384], const std::int16_t a[256]) noexcept {
  for (unsigned i = 0; i < 8; ++i) {
    const uint16x8x2_t p = vld2q_u16(reinterpret_cast<const std::uint16_t*>(a + 32 * i));
    const uint16x8x2_t q = vld2q_u16(reinterpret_cast<const std::uint16_t*>(a + 32 * i + 16));
    const uint8x16_t t0_lo = vuzp1q_u8(vreinterpretq_u8_u16(p.val[0]), vreinterpretq_u8_u16(q.val[0]));
    const uint8x16_t t0_hi = vuzp2q_u8(vreinterpretq_u8_u16(p.val[0]), vreinterpretq_u8_u16(q.val[0]));
    const uint8x16_t t1_lo = vuzp1q_u8(vreinterpretq_u8_u16(p.val[1]), vreinterpretq_u8_u16(q.val[1]));
    uint8x16x3_t b;
    b.val[0] = t0_lo;
    b.val[1] = vorrq_u8(t0_hi, vshlq_n_u8(t1_lo, 4));
    b.val[2] = vshrn_high_n_u16(vshrn_n_u16(p.val[1], 4), q.val[1], 4);
    vst3q_u8(out + 48 * i, b);
  }
}

// ByteDecode_12 (Algorithm 6) without the mod q, 32 values per 48 bytes: LD3 splits the
// bytes b0, b1, b2 of each pair; ZIP of b0 with b1 mod 16 gives t0 = b0 | (b1 mod 16) << 8
// as 16-bit lanes, ZIP of b1 with b2 shifted right by 4 gives t1 = b1 >> 4 | b2 << 4, and ST2
// interleaves them. Out: [0, 4096).
void byte_decode12(std::int16_t a[256], const std::uint8_t in[384]) noexcept {
  for (unsigned i = 0; i < 8; ++i) {
    const uint8x16x3_t b = vld3q_u8(in + 48 * i);
    const uint8x16_t lo_nib = vandq_u8(b.val[1], vdupq_n_u8(0x0F));
    uint16x8x2_t p, q;
    p.val[0] = vreinterpretq_u16_u8(vzip1q_u8(b.val[0], lo_nib));
    q.val[0] = vreinterpretq_u16_u8(vzip2q_u8(b.val[0], lo_nib));
    p.val[1] = vshrq_n_u16(vreinterpretq_u16_u8(vzip1q_u8(b.val[1], b.val[2])), 4);
    q.val[1] = vshrq_n_u16(vreinterpretq_u16_u8(vzip2q_u8(b.val[1], b.val[2])), 4);
    vst2q_u16(reinterpret_cast<std::uint16_t*>(a + 32 * i), p);
    vst2q_u16(reinterpret_cast<std::uint16_t*>(a + 32 * i + 16), q);
  }
}

}  // namespace tessera::mlkem::neon
