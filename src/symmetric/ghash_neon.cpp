// GHASH (SP 800-38D, Algorithm 2) with PMULL (FEAT_PMULL, 64 x 64 -> 128-bit carry-less
// multiplication) on aarch64. This file is compiled with +crypto (cmake/TesseraSimd.cmake,
// NEON_CRYPTO) and only called when the CPU has PMULL (cpu::features().arm_pmull; gcm.cpp).
// It is the PCLMULQDQ kernel of aes_ni.cpp on NEON registers: the reflected representation,
// the key stored as H * z^-1 and the two-multiply reduction of gcm.hpp, 8 blocks per
// reduction: X' = (X ^ B_1) H^8 ^ B_2 H^7 ^ ... ^ B_8 H. A 128-bit value is a uint64x2_t,
// lane 0 the low 64 bits (as in an xmm register). Carry-less multiplication runs in time
// independent of its operands: no tables, no branches on secrets.
#include "symmetric/gcm.hpp"

#include <arm_neon.h>

namespace tessera::gcm {
namespace {

using V = uint64x2_t;

// A block in the standard byte order <-> the big-endian 128-bit integer (reflected form).
[[gnu::always_inline]] inline V load_reflected(const std::uint8_t* p) noexcept {
  const uint8x16_t r = vrev64q_u8(vld1q_u8(p));
  return vreinterpretq_u64_u8(vextq_u8(r, r, 8));
}
[[gnu::always_inline]] inline void store_reflected(std::uint8_t* p, V v) noexcept {
  const uint8x16_t r = vrev64q_u8(vreinterpretq_u8_u64(v));
  vst1q_u8(p, vextq_u8(r, r, 8));
}

[[gnu::always_inline]] inline V clmul(std::uint64_t a, std::uint64_t b) noexcept {
  return vreinterpretq_u64_p128(vmull_p64(a, b));
}
[[gnu::always_inline]] inline V swap_halves(V v) noexcept { return vextq_u64(v, v, 1); }

// gcm.hpp: M = swap(W1:W0) ^ clmul(W0, C); R = (W3:W2) ^ swap(M) ^ clmul(M_lo, C).
constexpr std::uint64_t kC = 0xC200000000000000ull;
[[gnu::always_inline]] inline V reduce(V lo, V hi) noexcept {
  const V m = veorq_u64(swap_halves(lo), clmul(vgetq_lane_u64(lo, 0), kC));
  return veorq_u64(veorq_u64(hi, swap_halves(m)), clmul(vgetq_lane_u64(m, 0), kC));
}

// Unreduced sum of products (schoolbook: 4 multiplies per block).
struct Acc {
  V lo = vdupq_n_u64(0), mid = vdupq_n_u64(0), hi = vdupq_n_u64(0);
  [[gnu::always_inline]] void mul_add(V a, V h) noexcept {
    const std::uint64_t a0 = vgetq_lane_u64(a, 0), a1 = vgetq_lane_u64(a, 1);
    const std::uint64_t h0 = vgetq_lane_u64(h, 0), h1 = vgetq_lane_u64(h, 1);
    lo = veorq_u64(lo, clmul(a0, h0));
    hi = veorq_u64(hi, clmul(a1, h1));
    mid = veorq_u64(mid, veorq_u64(clmul(a1, h0), clmul(a0, h1)));
  }
  [[gnu::always_inline]] V result() const noexcept {
    const V zero = vdupq_n_u64(0);
    return reduce(veorq_u64(lo, vextq_u64(zero, mid, 1)), veorq_u64(hi, vextq_u64(mid, zero, 1)));
  }
};

// H * z^-1 for a reflected H (gcm.hpp): shift left by one bit, and if the bit shifted out
// (bit 127) was set, add 0xC2000000'00000000'00000000'00000001.
[[gnu::always_inline]] inline V times_z_inverse(V v) noexcept {
  const V carry = vextq_u64(vdupq_n_u64(0), vshrq_n_u64(v, 63), 1);  // bit 63 -> bit 64
  const V shifted = vorrq_u64(vshlq_n_u64(v, 1), carry);
  const V top = vdupq_n_u64(0 - (vgetq_lane_u64(v, 1) >> 63));
  const V poly = vcombine_u64(vcreate_u64(1), vcreate_u64(kC));
  return veorq_u64(shifted, vandq_u64(top, poly));
}

[[gnu::always_inline]] inline V load_power(const GhashKey& key, std::size_t j) noexcept { return vld1q_u64(key.h[j]); }

}  // namespace

void ghash_init_pmull(GhashKey& key, const std::uint8_t h[16]) noexcept {
  const V hz = times_z_inverse(load_reflected(h));
  V p = hz;
  for (int j = static_cast<int>(kMaxPowers) - 1; j >= 0; --j) {
    const auto jj = static_cast<std::size_t>(j);
    vst1q_u64(key.h[jj], p);
    key.k[jj][0] = key.k[jj][1] = key.h[jj][0] ^ key.h[jj][1];
    if (j > 0) {
      Acc acc;
      acc.mul_add(p, hz);
      p = acc.result();
    }
  }
}

void ghash_pmull(const GhashKey& key, std::uint8_t xi[16], const std::uint8_t* in, std::size_t nblocks) noexcept {
  V x = load_reflected(xi);
  while (nblocks > 0) {
    const std::size_t n = nblocks < 8 ? nblocks : 8;
    Acc acc;
    for (std::size_t j = 0; j < n; ++j) {
      const V b = load_reflected(in + 16 * j);
      acc.mul_add(j == 0 ? veorq_u64(b, x) : b, load_power(key, kMaxPowers - n + j));
    }
    x = acc.result();
    in += 16 * n;
    nblocks -= n;
  }
  store_reflected(xi, x);
}

}  // namespace tessera::gcm
