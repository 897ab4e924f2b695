// Keccak-f[1600] with Advanced SIMD and the FEAT_SHA3 instructions, two states per 128-bit
// vector (FIPS 202, Section 3.3, Algorithm 7; Section 3.2 for the step mappings).
//
// The same layout and pairing as neon.cpp (lane i of states j and j+1 in one vector; x4 and
// x8 run the 2-way permutation on each pair), with the step mappings in the Armv8.2 SHA3
// instructions (Arm ARM, C7.2; <arm_neon.h> names in brackets):
//   EOR3 d, a, b, c      d = a ^ b ^ c                      [veor3q_u64(a, b, c)]
//   RAX1 d, a, b         d = a ^ ROL(b, 1)                  [vrax1q_u64(a, b)]
//   XAR  d, a, b, #imm   d = ROR(a ^ b, imm)  (ROTATE RIGHT) [vxarq_u64(a, b, imm)]
//   BCAX d, a, b, c      d = a ^ (b & ~c)                   [vbcaxq_u64(a, b, c)]
// theta's column parities are two EOR3 per column and D[x] one RAX1; theta's XOR of D[x],
// rho's rotation and pi's move are one XAR per lane; chi is one BCAX per lane. A round is 66
// vector instructions (10 EOR3, 5 RAX1, 25 XAR, 25 BCAX, 1 EOR for iota) against about 160
// in neon.cpp (USHR+SLI per rotation, EOR and BIC separately).
//
// This file is compiled with -march=armv8.2-a+sha3 (cmake/TesseraSimd.cmake, NEON_SHA3) and
// is reached only through neon::table() (neon.cpp), which takes these kernels where
// cpu::features().arm_sha3 (HWCAP_SHA3) is set: a CPU without FEAT_SHA3 (Cortex-A53/A72)
// never executes it. (FEAT_SHA3 is optional from Armv8.2, so a CPU with it implements
// Armv8.2; the compiler may use other Armv8.2 instructions in this file.)
#include "hash/keccak/neon.hpp"

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <utility>

namespace tessera::keccak {
namespace {

using V = uint64x2_t;

// pi (FIPS 202, Algorithm 3): A'[x, y] = A[(x + 3y) mod 5, x]; equivalently lane (x, y)
// moves to (y, (2x + 3y) mod 5). Index of the destination of lane i = x + 5y.
constexpr int pi_destination(int i) noexcept {
  const int x = i % 5, y = i / 5;
  return y + 5 * ((2 * x + 3 * y) % 5);
}

// theta's last step A[x, y] ^= D[x], rho's rotation left by r[x + 5y] (Algorithm 2, Table 2)
// and pi's move of lane I, in one XAR: XAR rotates right, so the immediate is
// (64 - r) mod 64 (lane (0, 0) has r = 0: XAR #0 is a plain XOR).
template <int I>
[[gnu::always_inline]] inline void theta_rho_pi_lane(const V (&a)[25], const V (&d)[5], V (&b)[25]) noexcept {
  constexpr int kRight = (64 - kRho[I]) % 64;
  static_assert(kRight >= 0 && kRight < 64);
  b[pi_destination(I)] = vxarq_u64(a[I], d[I % 5], kRight);
}
template <std::size_t... I>
[[gnu::always_inline]] inline void theta_rho_pi(const V (&a)[25], const V (&d)[5], V (&b)[25],
                                                std::index_sequence<I...>) noexcept {
  (theta_rho_pi_lane<static_cast<int>(I)>(a, d, b), ...);
}

// One round Rnd(A, i_r) = iota(chi(pi(rho(theta(A)))), i_r) (FIPS 202, Section 3.3).
[[gnu::always_inline]] inline void round(V (&a)[25], std::uint64_t rc) noexcept {
  // theta (Algorithm 1), step 1: C[x] = A[x,0] ^ A[x,1] ^ A[x,2] ^ A[x,3] ^ A[x,4].
  V c[5];
  for (int x = 0; x < 5; ++x) c[x] = veor3q_u64(veor3q_u64(a[x], a[x + 5], a[x + 10]), a[x + 15], a[x + 20]);
  // theta, step 2: D[x] = C[x-1] ^ ROT(C[x+1], 1), which is RAX1(C[x-1], C[x+1]).
  V d[5];
  for (int x = 0; x < 5; ++x) d[x] = vrax1q_u64(c[(x + 4) % 5], c[(x + 1) % 5]);
  // theta step 3, rho (Algorithm 2) and pi (Algorithm 3).
  V b[25];
  theta_rho_pi(a, d, b, std::make_index_sequence<25>{});
  // chi (Algorithm 4): A[x,y] = B[x,y] ^ (~B[x+1,y] & B[x+2,y]) = BCAX(B[x], B[x+2], B[x+1]).
  for (int y = 0; y < 25; y += 5) {
    for (int x = 0; x < 5; ++x) a[y + x] = vbcaxq_u64(b[y + x], b[y + (x + 2) % 5], b[y + (x + 1) % 5]);
  }
  // iota (Algorithm 6): lane (0, 0) ^= RC[i_r], in both states.
  a[0] = veorq_u64(a[0], vdupq_n_u64(rc));
}

// Keccak-f[1600] (Keccak-p[1600, 24], Algorithm 7) of states j and j + 1 of s.
template <int N>
void f1600_pair(StateN<N>& s, int j) noexcept {
  V a[25];
  for (int i = 0; i < 25; ++i) a[i] = vld1q_u64(&s.lanes[i][j]);
  for (int r = 0; r < kRounds; ++r) round(a, kRoundConstants[r]);
  for (int i = 0; i < 25; ++i) vst1q_u64(&s.lanes[i][j], a[i]);
}

}  // namespace

void f1600_x4_neon_sha3(State4& s) noexcept {
  f1600_pair(s, 0);
  f1600_pair(s, 2);
}

void f1600_x8_neon_sha3(State8& s) noexcept {
  for (int j = 0; j < 8; j += 2) f1600_pair(s, j);
}

}  // namespace tessera::keccak
