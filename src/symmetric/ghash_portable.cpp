// Portable GHASH: constant time, no tables. Carry-less products come from ordinary
// integer multiplies of operands with "holes": splitting each 32-bit operand into four
// parts that keep every fourth bit, a product of two parts sums at most 8 terms per bit
// position, which fits in the 4-bit gap before the next kept bit, so the carries never
// reach a kept bit. (The technique is the one of BearSSL's ghash_ctmul; this code is our
// own.) The field arithmetic is described in gcm.hpp.
#include "symmetric/gcm.hpp"

#include "common/bytes.hpp"
#include "common/secret.hpp"

namespace tessera::gcm {
namespace {

// 32 x 32 -> 64-bit carry-less multiplication.
inline std::uint64_t clmul32(std::uint32_t x, std::uint32_t y) noexcept {
  constexpr std::uint32_t m0 = 0x11111111, m1 = 0x22222222, m2 = 0x44444444, m3 = 0x88888888;
  const std::uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
  const std::uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
  std::uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
  std::uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
  std::uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
  std::uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
  z0 &= 0x1111111111111111ull;
  z1 &= 0x2222222222222222ull;
  z2 &= 0x4444444444444444ull;
  z3 &= 0x8888888888888888ull;
  return z0 | z1 | z2 | z3;
}

struct U128 {
  std::uint64_t lo, hi;
};

// 64 x 64 -> 128-bit carry-less multiplication (Karatsuba over 32-bit halves).
inline U128 clmul64(std::uint64_t a, std::uint64_t b) noexcept {
  const auto a0 = static_cast<std::uint32_t>(a), a1 = static_cast<std::uint32_t>(a >> 32);
  const auto b0 = static_cast<std::uint32_t>(b), b1 = static_cast<std::uint32_t>(b >> 32);
  const std::uint64_t lo = clmul32(a0, b0), hi = clmul32(a1, b1);
  const std::uint64_t mid = clmul32(a0 ^ a1, b0 ^ b1) ^ lo ^ hi;
  return {lo ^ (mid << 32), hi ^ (mid >> 32)};
}

// clmul(x, C) for C = 0xC200000000000000 (bits 63, 62, 57).
inline U128 clmul_c(std::uint64_t x) noexcept {
  return {(x << 63) ^ (x << 62) ^ (x << 57), (x >> 1) ^ (x >> 2) ^ (x >> 7)};
}

// a * b for reflected a and b = reflected (B * z^-1): the field product A * B, reflected.
U128 gf_mul(U128 a, U128 b) noexcept {
  // Karatsuba: 256-bit product W3:W2:W1:W0.
  const U128 lo = clmul64(a.lo, b.lo);
  const U128 hi = clmul64(a.hi, b.hi);
  U128 mid = clmul64(a.lo ^ a.hi, b.lo ^ b.hi);
  mid.lo ^= lo.lo ^ hi.lo;
  mid.hi ^= lo.hi ^ hi.hi;
  const std::uint64_t w0 = lo.lo, w1 = lo.hi ^ mid.lo, w2 = hi.lo ^ mid.hi, w3 = hi.hi;
  // Reduction (gcm.hpp).
  const U128 t1 = clmul_c(w0);
  const std::uint64_t m_hi = w0 ^ t1.hi, m_lo = w1 ^ t1.lo;
  const U128 t2 = clmul_c(m_lo);
  return {w2 ^ m_hi ^ t2.lo, w3 ^ m_lo ^ t2.hi};
}

// Big-endian 64-bit halves, moved whole (one load or store each on little-endian hosts). Byte
// by byte, g++ assembled the bytes of GHASH's result (the value S, which with the public tag
// gives E_K(J0)) in a stack slot that stayed behind (tests/unit/zeroize_symmetric_test.cpp).
inline U128 load_reflected(const std::uint8_t b[16]) noexcept {
  return {__builtin_bswap64(bytes::load_le64(b + 8)), __builtin_bswap64(bytes::load_le64(b))};
}
inline void store_reflected(std::uint8_t b[16], U128 v) noexcept {
  bytes::store_le64(b, __builtin_bswap64(v.hi));
  bytes::store_le64(b + 8, __builtin_bswap64(v.lo));
}

}  // namespace

void ghash_init_portable(GhashKey& key, const std::uint8_t h[16]) noexcept {
  U128 v = load_reflected(h);
  // H * z^-1 (gcm.hpp): shift left by one, and fold in z^-1 if v_127 (the z^0 term) is set.
  const std::uint64_t m = 0 - (v.hi >> 63);
  U128 hz{(v.lo << 1) ^ (m & 1), (v.hi << 1) ^ (v.lo >> 63) ^ (m & 0xC200000000000000ull)};
  // The portable kernel hashes one block at a time: only h[31] = H is needed (the wide
  // kernels' higher powers are left zero).
  for (std::size_t j = 0; j < kMaxPowers; ++j) key.h[j][0] = key.h[j][1] = key.k[j][0] = key.k[j][1] = 0;
  key.h[kMaxPowers - 1][0] = hz.lo;
  key.h[kMaxPowers - 1][1] = hz.hi;
  key.k[kMaxPowers - 1][0] = key.k[kMaxPowers - 1][1] = hz.lo ^ hz.hi;
  secure_zero_object(v);
  secure_zero_object(hz);
}

void ghash_portable(const GhashKey& key, std::uint8_t xi[16], const std::uint8_t* in,
                    std::size_t nblocks) noexcept {
  const U128 h{key.h[kMaxPowers - 1][0], key.h[kMaxPowers - 1][1]};
  U128 x = load_reflected(xi);
  for (std::size_t i = 0; i < nblocks; ++i) {
    const U128 b = load_reflected(in + 16 * i);
    x.lo ^= b.lo;
    x.hi ^= b.hi;
    x = gf_mul(x, h);
  }
  store_reflected(xi, x);
  secure_zero_object(x);
}

}  // namespace tessera::gcm

namespace tessera::gcm::portable {

// The portable AES kernels and GHASH, composed by the algorithm (no fused GCTR + GHASH).
Kernels table() noexcept {
  return Kernels{&aes::kernels_for(Backend::portable), ghash_init_portable, ghash_portable, nullptr, nullptr,
                 "portable"};
}

}  // namespace tessera::gcm::portable
