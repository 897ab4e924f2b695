// Keccak-f[1600] with Advanced SIMD (NEON), two states per 128-bit vector (FIPS 202,
// Section 3.3, Algorithm 7; Section 3.2 for the step mappings).
//
// StateN<N> keeps lane i of states j and j+1 next to each other (lanes[i][j], lanes[i][j+1]),
// so one LD1 {Vt.2D} loads lane i of a pair of states; f1600_x4 and f1600_x8 run the 2-way
// permutation on each pair. The single-state permutation and the sponge loops stay scalar
// (one 64-bit lane per 128-bit vector would waste half of every instruction, and the
// general-purpose registers hold the whole state): the generated asm of aarch64.cpp.
//
// Instructions (Arm ARM, C7.2): EOR (vector), BIC (vector, register) for chi, and the
// rotation ROL(a, n) as USHR d, a, #(64-n) then SLI d, a, #n (shift left and insert: d keeps
// its low n bits, which are a's top n bits). Armv8.2's FEAT_SHA3 has one-instruction forms
// (EOR3, RAX1, XAR, BCAX): those kernels are in neon_sha3.cpp, built with +sha3; this file
// uses only the base instruction set, so it runs on every aarch64 CPU with Advanced SIMD.
#include "hash/keccak/neon.hpp"

#include "common/bytes.hpp"
#include "cpu/features.hpp"

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <utility>

namespace tessera::keccak {
namespace {

using V = uint64x2_t;

template <int N>
[[gnu::always_inline]] inline V rotl(V a) noexcept {
  if constexpr (N == 0) {
    return a;
  } else {
    return vsliq_n_u64(vshrq_n_u64(a, 64 - N), a, N);
  }
}

// pi (FIPS 202, Algorithm 3): A'[x, y] = A[(x + 3y) mod 5, x]; equivalently lane (x, y)
// moves to (y, (2x + 3y) mod 5). Index of the destination of lane i = x + 5y.
constexpr int pi_destination(int i) noexcept {
  const int x = i % 5, y = i / 5;
  return y + 5 * ((2 * x + 3 * y) % 5);
}

// theta's D[x] XORed in, rho's rotation r[x + 5y] (Table 2) and pi's move, lane I.
template <int I>
[[gnu::always_inline]] inline void theta_rho_pi_lane(const V (&a)[25], const V (&d)[5], V (&b)[25]) noexcept {
  b[pi_destination(I)] = rotl<kRho[I]>(veorq_u64(a[I], d[I % 5]));
}
template <std::size_t... I>
[[gnu::always_inline]] inline void theta_rho_pi(const V (&a)[25], const V (&d)[5], V (&b)[25],
                                                std::index_sequence<I...>) noexcept {
  (theta_rho_pi_lane<static_cast<int>(I)>(a, d, b), ...);
}

// One round Rnd(A, i_r) = iota(chi(pi(rho(theta(A)))), i_r) (FIPS 202, Section 3.3).
[[gnu::always_inline]] inline void round(V (&a)[25], std::uint64_t rc) noexcept {
  // theta (Algorithm 1): C[x] = A[x,0] ^ ... ^ A[x,4]; D[x] = C[x-1] ^ ROT(C[x+1], 1).
  V c[5];
  for (int x = 0; x < 5; ++x) {
    c[x] = veorq_u64(veorq_u64(veorq_u64(a[x], a[x + 5]), veorq_u64(a[x + 10], a[x + 15])), a[x + 20]);
  }
  V d[5];
  for (int x = 0; x < 5; ++x) d[x] = veorq_u64(c[(x + 4) % 5], rotl<1>(c[(x + 1) % 5]));
  // rho (Algorithm 2) and pi (Algorithm 3), with theta's last step.
  V b[25];
  theta_rho_pi(a, d, b, std::make_index_sequence<25>{});
  // chi (Algorithm 4): A[x,y] = B[x,y] ^ (~B[x+1,y] & B[x+2,y]); BIC computes B[x+2] & ~B[x+1].
  for (int y = 0; y < 25; y += 5) {
    for (int x = 0; x < 5; ++x) {
      a[y + x] = veorq_u64(b[y + x], vbicq_u64(b[y + (x + 2) % 5], b[y + (x + 1) % 5]));
    }
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

void f1600_x2_neon(StateN<2>& s) noexcept { f1600_pair(s, 0); }

void f1600_x4_neon(State4& s) noexcept {
  f1600_pair(s, 0);
  f1600_pair(s, 2);
}

void f1600_x8_neon(State8& s) noexcept {
  for (int j = 0; j < 8; j += 2) f1600_pair(s, j);
}

}  // namespace tessera::keccak

namespace tessera::keccak::neon {

// The 4-way and 8-way permutations as 2-way NEON; the single-state permutation and sponge
// loops the scalar asm of aarch64.cpp (with and without FEAT_SHA3: XAR and BCAX work on
// vectors, and the scalar kernel executes 102 instructions per round against the 2-way
// kernel's per-state share; docs/aarch64.md); the lane transfers are the portable table's
// (keccak.hpp's loops, written for aarch64's registers).
// x8 is two x4's worth of pairs (not native: callers batch by 4). With FEAT_SHA3 (HWCAP
// 'sha3'; TESSERA_CPU_DISABLE=sha3 masks it) the EOR3/RAX1/XAR/BCAX kernels of neon_sha3.cpp,
// else the base Advanced SIMD ones above. Chosen once: cpu::table_for caches the table.
Kernels table() noexcept {
  Kernels k = portable::table();
  k.f1600 = f1600_aarch64;
  k.absorb_blocks = absorb_blocks_aarch64;
  k.squeeze_blocks = squeeze_blocks_aarch64;
  const bool sha3 = cpu::features().arm_sha3;
  k.f1600_x4 = sha3 ? f1600_x4_neon_sha3 : f1600_x4_neon;
  k.f1600_x8 = sha3 ? f1600_x8_neon_sha3 : f1600_x8_neon;
  return k;
}

}  // namespace tessera::keccak::neon
