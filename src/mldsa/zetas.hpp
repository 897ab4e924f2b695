// Constants of the ML-DSA NTT and the scalar Decompose used by the portable kernels.
// Tables are generated at compile time from their definition (the generating code is the
// table); tests/unit/mldsa_test.cpp recomputes them independently.
#pragma once

#include "common/ct.hpp"
#include "mldsa/kernels.hpp"

#include <array>
#include <cstdint>

namespace tessera::mldsa {

namespace detail {
constexpr std::int64_t pow_mod(std::int64_t b, std::int64_t e) {
  std::int64_t r = 1;
  b %= kQ;
  while (e > 0) {
    if (e & 1) r = r * b % kQ;
    b = b * b % kQ;
    e >>= 1;
  }
  return r;
}
constexpr int brv8(int x) {
  int r = 0;
  for (int i = 0; i < 8; ++i) r |= ((x >> i) & 1) << (7 - i);
  return r;
}
constexpr std::int32_t centered(std::int64_t x) {  // x in [0, q) -> (-q/2, q/2]
  return static_cast<std::int32_t>(x > kQ / 2 ? x - kQ : x);
}
constexpr std::int64_t kMontMod = (std::int64_t{1} << 32) % kQ;
}  // namespace detail

// zetas[i] = zeta^BitRev8(i) * 2^32 mod q, centered; zeta = 1753 (FIPS 204, Section 7.5).
inline constexpr std::array<std::int32_t, kN> kZetasMont = [] {
  std::array<std::int32_t, kN> z{};
  for (int i = 0; i < kN; ++i)
    z[i] = detail::centered(detail::pow_mod(1753, detail::brv8(i)) * detail::kMontMod % kQ);
  return z;
}();

// 256^-1 * 2^64 mod q (Algorithm 42 step 21 factor, in Montgomery form twice).
inline constexpr std::int32_t kInvNttFactor = detail::centered(
    detail::pow_mod(256, kQ - 2) * detail::kMontMod % kQ * detail::kMontMod % kQ);

// The last inverse-NTT layer's zeta (-kZetasMont[1]) times kInvNttFactor * 2^-32 mod q,
// centered: that layer multiplies its difference by this and its sum by kInvNttFactor,
// which folds Algorithm 42's final scaling (step 21) into it.
inline constexpr std::int32_t kInvNttLastZeta = detail::centered(
    (kQ - std::int64_t{kZetasMont[1]}) % kQ * ((std::int64_t{kInvNttFactor} + kQ) % kQ) % kQ *
    detail::pow_mod(detail::kMontMod, kQ - 2) % kQ);

// z * q^-1 mod 2^32 as a signed value: the second constant of a Montgomery multiplication by
// z (a z - t q) / 2^32 with t = a * (z q^-1) mod 2^32, as every ML-DSA kernel computes it.
constexpr std::int32_t qinv_mul(std::int32_t z) noexcept {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(z) * static_cast<std::uint32_t>(kQInv));
}

static_assert(detail::kMontMod - kQ == kMont);
static_assert(static_cast<std::uint32_t>(kQInv) * static_cast<std::uint32_t>(kQ) == 1u);

// Decompose (FIPS 204, Algorithm 36) without division. For r in [0, q):
//   r1 = ceil((r - gamma2) / (2 gamma2)) = floor((r + gamma2 - 1) / (2 gamma2)),
// computed as ((r + gamma2 - 1) * M) >> 48 with M = ceil(2^48 / (2 gamma2)); exact for all
// inputs below 2^24 since (M * 2 gamma2 - 2^48) * 2^24 < 2^48 (checked exhaustively by the
// unit test). Then r0 = r - r1 * 2 gamma2 and the corner case r - r0 = q - 1 (r1 = m) maps
// to r1 = 0, r0 = r0 - 1 (steps 3-5).
// Masks computed from comparisons on secret data (Decompose's corner case, MakeHint's bits,
// the norm checks) go through ct::value_barrier, so that the compiler cannot turn them back
// into branches. Not the mask itself: an asm operand per coefficient keeps these loops
// scalar (about twice as slow). The barrier hides instead, once per kernel call, the shift
// count 31 that turns a sign bit into a mask (SignShift): the compiler then knows nothing
// of a mask's value, not even that it is 0 or all-ones, which is what a barrier on the
// mask gives, and the loops still vectorize (one shift count for every lane). Shifts by a
// register are constant time on every target.
struct SignShift {
  std::uint32_t bits;  // 31, hidden from the optimizer
};
inline SignShift sign_shift() noexcept { return SignShift{ct::value_barrier(31u)}; }

// All-ones if a == b, else 0, for a, b in [0, 2^31): (a ^ b) - 1 has its top bit set iff
// a == b.
inline std::uint32_t eq_mask31(std::int32_t a, std::int32_t b, SignShift s) noexcept {
  return 0u - ((static_cast<std::uint32_t>(a ^ b) - 1u) >> s.bits);
}
// 1 if a < 0, else 0, and all-ones if a < 0, else 0 (the sign of a, hidden as above).
inline std::uint32_t sign_bit(std::int32_t a, SignShift s) noexcept { return static_cast<std::uint32_t>(a) >> s.bits; }
inline std::int32_t sign_mask(std::int32_t a, SignShift s) noexcept { return a >> s.bits; }

struct DecomposeConstants {
  std::int32_t gamma2;
  std::int32_t m;      // (q - 1) / (2 gamma2)
  std::uint64_t mul;   // ceil(2^48 / (2 gamma2))
  SignShift shift;
};
constexpr DecomposeConstants make_decompose_constants(std::int32_t gamma2) {
  const std::uint64_t two_g2 = 2 * static_cast<std::uint64_t>(gamma2);
  return {gamma2, static_cast<std::int32_t>((kQ - 1) / two_g2), ((std::uint64_t{1} << 48) + two_g2 - 1) / two_g2,
          SignShift{31}};
}
inline constexpr DecomposeConstants kDecompose88 = make_decompose_constants((kQ - 1) / 88);
inline constexpr DecomposeConstants kDecompose32 = make_decompose_constants((kQ - 1) / 32);
static_assert(kDecompose88.mul < (std::uint64_t{1} << 32) && kDecompose32.mul < (std::uint64_t{1} << 32));
// Once per kernel call (the shift count hidden here, see SignShift).
inline DecomposeConstants decompose_constants(std::int32_t gamma2) noexcept {
  DecomposeConstants dc = gamma2 == kDecompose88.gamma2 ? kDecompose88 : kDecompose32;  // public parameter
  dc.shift = sign_shift();
  return dc;
}

inline void decompose1(const DecomposeConstants& dc, std::int32_t r, std::int32_t& r1, std::int32_t& r0) noexcept {
  // 32 x 32 -> 64-bit unsigned product (x < 2^24, mul < 2^32): one pmuludq per lane pair.
  const std::uint32_t x = static_cast<std::uint32_t>(r + dc.gamma2 - 1);
  const std::int32_t a1 =
      static_cast<std::int32_t>((static_cast<std::uint64_t>(x) * static_cast<std::uint32_t>(dc.mul)) >> 48);
  const std::uint32_t corner = eq_mask31(a1, dc.m, dc.shift);
  r0 = r - a1 * 2 * dc.gamma2 - static_cast<std::int32_t>(corner & 1u);
  r1 = a1 & ~static_cast<std::int32_t>(corner);
}

}  // namespace tessera::mldsa
