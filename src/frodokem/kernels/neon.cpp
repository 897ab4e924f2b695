// NEON FrodoKEM kernels for aarch64 (Advanced SIMD, part of the base architecture): the two
// matrix products of key generation and encapsulation, eight uint16 lanes per register, and
// the extraction of 8 SHAKE128 rows of A from the interleaved states (general registers:
// see extract_x8). Every product and sum is taken mod 2^16 (FrodoKEM's q divides 2^16), so
// 16-bit multiply-accumulate (MLA) lanes that wrap give the exact result. Frodo.Sample is in
// kernels/neon_sample.cpp; dot_lanes and dot_finish (key generation with SHAKE128 rows) are
// the portable ones. Each kernel gives its portable twin's output bit for bit
// (tests/equivalence/frodokem_kernels_test.cpp). The blocks are sized so that every
// accumulator and every entry of S or S' stays in the 32 vector registers: a spill would
// leave secret-derived sums on the stack (tests/unit/zeroize_frodokem_test.cpp). No branch,
// index or loop bound depends on the data.
#include "common/bytes.hpp"
#include "frodokem/kernels.hpp"

#include <arm_neon.h>

namespace tessera::frodokem::neon {

namespace {

// One 4 x 4 block of B += A S (key generation, spec Section 8.1): rows r0..r0+3 of A
// against rows k0..k0+3 of S^T, 16 accumulators of 8 partial sums each, reduced by ADDP.
void mul_add_as_block(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, const std::uint16_t* st,
                      std::size_t n, std::size_t k0) noexcept {
  uint16x8_t acc[4][4];
#pragma GCC unroll 4
  for (std::size_t r = 0; r < 4; ++r)
#pragma GCC unroll 4
    for (std::size_t k = 0; k < 4; ++k) acc[r][k] = vdupq_n_u16(0);
  for (std::size_t j = 0; j < n; j += 8) {
    uint16x8_t av[4], sv[4];
#pragma GCC unroll 4
    for (std::size_t r = 0; r < 4; ++r) av[r] = vld1q_u16(a + r * a_stride + j);
#pragma GCC unroll 4
    for (std::size_t k = 0; k < 4; ++k) sv[k] = vld1q_u16(st + (k0 + k) * n + j);
#pragma GCC unroll 4
    for (std::size_t r = 0; r < 4; ++r)
#pragma GCC unroll 4
      for (std::size_t k = 0; k < 4; ++k) acc[r][k] = vmlaq_u16(acc[r][k], av[r], sv[k]);
  }
  // The sums of a row of the block, one per lane (ADDP), added to out with one 64-bit
  // load and store: no scalar temporaries.
#pragma GCC unroll 4
  for (std::size_t r = 0; r < 4; ++r) {
    const uint16x8_t s01 = vpaddq_u16(acc[r][0], acc[r][1]), s23 = vpaddq_u16(acc[r][2], acc[r][3]);
    const uint16x8_t s = vpaddq_u16(vpaddq_u16(s01, s23), vdupq_n_u16(0));  // lanes 0-3: k0..k0+3
    std::uint16_t* o = out + r * 8 + k0;
    vst1_u16(o, vadd_u16(vld1_u16(o), vget_low_u16(s)));
  }
}

// Four rows of S' (one register each: entries r0..r0+7 of row i0 + i) times row r0 + R of
// A, added into four rows of out over columns j..j+7: an MLA by lane R of each S' register.
// (The by-element MLA on 16-bit lanes takes its element from v0-v15: with eight rows of S'
// at a time, GCC 12 spilled them, entries of S', to the stack.)
template <int R>
[[gnu::always_inline]] inline void mla_row(uint16x8_t (&acc)[4], uint16x8_t av, const uint16x8_t (&sv)[4]) noexcept {
#pragma GCC unroll 4
  for (std::size_t i = 0; i < 4; ++i) acc[i] = vmlaq_laneq_u16(acc[i], av, sv[i], R);
}

}  // namespace

void mul_add_as(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,
                const std::uint16_t* st, std::size_t n) noexcept {
  for (std::size_t r0 = 0; r0 < nrows; r0 += 4)
    for (std::size_t k0 = 0; k0 < 8; k0 += 4) mul_add_as_block(out + r0 * 8, a + r0 * a_stride, a_stride, st, n, k0);
}

// B' += S' A (encapsulation, spec Section 8.2), eight rows of A at a time (nrows is a
// multiple of 8) and four rows of S': 4 registers of S', 4 accumulators and the row of A.
void mul_add_sa(std::uint16_t* out, const std::uint16_t* a, std::size_t a_stride, std::size_t nrows,
                const std::uint16_t* s, std::size_t s_stride, std::size_t n) noexcept {
  for (std::size_t r0 = 0; r0 < nrows; r0 += 8) {
    const std::uint16_t* ar = a + r0 * a_stride;
    for (std::size_t i0 = 0; i0 < 8; i0 += 4) {
      uint16x8_t sv[4];
#pragma GCC unroll 4
      for (std::size_t i = 0; i < 4; ++i) sv[i] = vld1q_u16(s + (i0 + i) * s_stride + r0);
      std::uint16_t* o = out + i0 * n;
      for (std::size_t j = 0; j < n; j += 8) {
        // An empty asm per iteration keeps sv opaque to GCC, which otherwise hoists 32 lane
        // broadcasts (DUP) out of this loop for plain MULs and spills them to the stack.
#pragma GCC unroll 4
        for (std::size_t i = 0; i < 4; ++i) asm("" : "+w"(sv[i]));
        uint16x8_t acc[4];
#pragma GCC unroll 4
        for (std::size_t i = 0; i < 4; ++i) acc[i] = vld1q_u16(o + i * n + j);
        mla_row<0>(acc, vld1q_u16(ar + 0 * a_stride + j), sv);
        mla_row<1>(acc, vld1q_u16(ar + 1 * a_stride + j), sv);
        mla_row<2>(acc, vld1q_u16(ar + 2 * a_stride + j), sv);
        mla_row<3>(acc, vld1q_u16(ar + 3 * a_stride + j), sv);
        mla_row<4>(acc, vld1q_u16(ar + 4 * a_stride + j), sv);
        mla_row<5>(acc, vld1q_u16(ar + 5 * a_stride + j), sv);
        mla_row<6>(acc, vld1q_u16(ar + 6 * a_stride + j), sv);
        mla_row<7>(acc, vld1q_u16(ar + 7 * a_stride + j), sv);
#pragma GCC unroll 4
        for (std::size_t i = 0; i < 4; ++i) vst1q_u16(o + i * n + j, acc[i]);
      }
    }
  }
}

// One squeeze of 8 SHAKE128 row instances (Frodo.Gen with SHAKE128, spec Section 7.6.2):
// lane l of state j to out[j] + 8 l. Pure data movement, eight 8-byte stores to eight rows
// per lane, which general registers do in fewer instructions than vector ones: the lane's
// 64 bytes are loaded first (four LDP, legal to pair because they come before the stores,
// which might alias the state), then stored, the eight row pointers kept in registers
// (15 instructions per lane). The portable loop reloads the pointers for every lane, as its
// stores might alias them (27 per lane); a NEON version (LDP of q registers, STR of the
// low halves, a MOV and STR for each high half) took 19. A is public: no wipe.
void extract_x8(const keccak::State8& s, std::uint8_t* const out[8], std::size_t lanes) noexcept {
  std::uint8_t* o[8];
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) o[j] = out[j];
  for (std::size_t l = 0; l < lanes; ++l) {
    std::uint64_t w[8];
#pragma GCC unroll 8
    for (int j = 0; j < 8; ++j) w[j] = s.lanes[l][j];
#pragma GCC unroll 8
    for (int j = 0; j < 8; ++j) bytes::store_le64(o[j] + 8 * l, w[j]);
  }
}

// Every kernel of the portable table replaced: the two matrix products, Frodo.Sample, the row
// extraction, and dot_lanes/dot_finish (neon_dot.cpp).
Kernels table() noexcept {
  Kernels k = portable::table();
  k.mul_add_as = mul_add_as;
  k.mul_add_sa = mul_add_sa;
  k.sample = sample;
  k.extract_x8 = extract_x8;
  k.dot_lanes = dot_lanes;
  k.dot_finish = dot_finish;
  k.name = "neon";
  return k;
}

}  // namespace tessera::frodokem::neon
