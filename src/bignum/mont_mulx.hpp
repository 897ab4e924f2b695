// Montgomery multiplication for x86-64 CPUs with BMI2 and ADX, 4 and 6 limbs of 64 bits
// (P-256 / P-384 fields and group orders). Same contract as bignum::mont_mul
// (montgomery.hpp): inputs in [0, m), output a b R^-1 mod m in [0, m), R = 2^(64 N).
//
// The CIOS method (Koc, Acar, Kaliski 1996) with the two carry chains of Intel's ADX
// ("New Instructions Supporting Large Integer Arithmetic on Intel Architecture Processors",
// Ozturk, Guilford, Gopal, Feghali, 2012): each row t += a b_i and each reduction
// t += u m (u = t_0 (-m^-1) mod 2^64) is one MULX per limb with the low halves on the CF
// chain (ADCX) and the high halves on the OF chain (ADOX). The accumulator t is N + 2
// registers used as a ring (the limb that the reduction cancels becomes the next top
// limb), so no limb moves between rows. The bound t < 2m holds after each row
// (a, b < m), hence the final constant-time conditional subtraction.
//
// Inline asm: the file needs no target flags, but must only run where cpu::features()
// reports bmi2 and adx (the kernel tables of src/ec/ pick it). Constant time: no branches,
// no value-dependent addresses.
#pragma once

#include "bignum/modadd_x86.hpp"
#include "bignum/montgomery.hpp"

#include <cstddef>
#include <cstdint>

#if !defined(__x86_64__)
#error "mont_mulx.hpp is x86-64 only"
#endif

namespace tessera::bignum::mulx {

using u64 = std::uint64_t;

// What the asm reads through its pointers: in optimized builds the arrays as memory
// operands (the compiler keeps everything else in registers); unoptimized builds cannot
// spare the address registers, so there a "memory" clobber says the same.
#if defined(__OPTIMIZE__)
#define TESSERA_MULX_READS(N)                                                             \
  , "m"(*reinterpret_cast<const u64(*)[N]>(a.v)), "m"(*reinterpret_cast<const u64(*)[N]>(b.v)), \
      "m"(mod)                                                                            \
      : "cc"
#else
#define TESSERA_MULX_READS(N) : "cc", "memory"
#endif

// t_j += lo(a_j d), t_{j+1} += hi(a_j d), d in rdx; SRC(J) names a_j.
#define TESSERA_MULX_STEP(SRC, TJ, TJ1) \
  "mulxq " SRC ", %[lo], %[hi]\n\t"     \
  "adcxq %[lo], %[" #TJ "]\n\t"         \
  "adoxq %[hi], %[" #TJ1 "]\n\t"
#define TESSERA_MULX_A(J) #J "*8(%[a])"
#define TESSERA_MULX_MP(J) #J "*8(%[m])"  // the modulus through a pointer register

// u = t_0 (-m^-1) mod 2^64 into rdx (for m = 2^64 k - 1, -m^-1 = 1: u = t_0).
#define TESSERA_MULX_U_GENERIC(T0) "movq %[" #T0 "], %%rdx\n\t" "imulq 32(%[m]), %%rdx\n\t"
#define TESSERA_MULX_U_ONE(T0) "movq %[" #T0 "], %%rdx\n\t"
#define TESSERA_MULX_U_GENERIC6(T0) "movq %[" #T0 "], %%rdx\n\t" "imulq 48(%[m]), %%rdx\n\t"

// One CIOS row for N = 4 over the ring (T0..T5): T0..T4 = t (T4 <= 1), T5 free. Afterwards
// t = (T1..T5) (T5 <= 1) and T0 is free. t + a b_i may exceed N + 1 limbs (m close to
// 2^(64 N), as P-384's p): both chains' carries out of T4 go into T5.
#define TESSERA_MULX_ROW4(I, U, T0, T1, T2, T3, T4, T5)                                              \
  "movq " #I "*8(%[b]), %%rdx\n\t"                                                                 \
  "xorl %k[lo], %k[lo]\n\t" /* CF = OF = 0 */                                                      \
  TESSERA_MULX_STEP(TESSERA_MULX_A(0), T0, T1) TESSERA_MULX_STEP(TESSERA_MULX_A(1), T1, T2)         \
  TESSERA_MULX_STEP(TESSERA_MULX_A(2), T2, T3) TESSERA_MULX_STEP(TESSERA_MULX_A(3), T3, T4)         \
  /* Both chains end in T4; their carries out of it go to T5 (MOV keeps the flags). */           \
  "movl $0, %k[" #T5 "]\n\t"                                                                       \
  "movl $0, %k[lo]\n\t"                                                                            \
  "adcxq %[lo], %[" #T4 "]\n\t"                                                                    \
  "adoxq %[lo], %[" #T5 "]\n\t"                                                                    \
  "adcxq %[lo], %[" #T5 "]\n\t"                                                                    \
  U(T0)                                                                                            \
  "xorl %k[lo], %k[lo]\n\t"                                                                        \
  TESSERA_MULX_STEP(TESSERA_MULX_MP(0), T0, T1) TESSERA_MULX_STEP(TESSERA_MULX_MP(1), T1, T2)         \
  TESSERA_MULX_STEP(TESSERA_MULX_MP(2), T2, T3) TESSERA_MULX_STEP(TESSERA_MULX_MP(3), T3, T4)         \
  "movl $0, %k[" #T0 "]\n\t" /* T0 cancelled: it is the zero of the last carries */                \
  "adcxq %[" #T0 "], %[" #T4 "]\n\t"                                                               \
  "adoxq %[" #T0 "], %[" #T5 "]\n\t"                                                               \
  "adcxq %[" #T0 "], %[" #T5 "]\n\t"

// The same for N = 6 over the ring (T0..T7).
#define TESSERA_MULX_ROW6(I, U, T0, T1, T2, T3, T4, T5, T6, T7)                                      \
  "movq " #I "*8(%[b]), %%rdx\n\t"                                                                 \
  "xorl %k[lo], %k[lo]\n\t"                                                                        \
  TESSERA_MULX_STEP(TESSERA_MULX_A(0), T0, T1) TESSERA_MULX_STEP(TESSERA_MULX_A(1), T1, T2)         \
  TESSERA_MULX_STEP(TESSERA_MULX_A(2), T2, T3) TESSERA_MULX_STEP(TESSERA_MULX_A(3), T3, T4)         \
  TESSERA_MULX_STEP(TESSERA_MULX_A(4), T4, T5) TESSERA_MULX_STEP(TESSERA_MULX_A(5), T5, T6)         \
  "movl $0, %k[" #T7 "]\n\t"                                                                       \
  "movl $0, %k[lo]\n\t"                                                                            \
  "adcxq %[lo], %[" #T6 "]\n\t"                                                                    \
  "adoxq %[lo], %[" #T7 "]\n\t"                                                                    \
  "adcxq %[lo], %[" #T7 "]\n\t"                                                                    \
  U(T0)                                                                                            \
  "xorl %k[lo], %k[lo]\n\t"                                                                        \
  TESSERA_MULX_STEP(TESSERA_MULX_MP(0), T0, T1) TESSERA_MULX_STEP(TESSERA_MULX_MP(1), T1, T2)         \
  TESSERA_MULX_STEP(TESSERA_MULX_MP(2), T2, T3) TESSERA_MULX_STEP(TESSERA_MULX_MP(3), T3, T4)         \
  TESSERA_MULX_STEP(TESSERA_MULX_MP(4), T4, T5) TESSERA_MULX_STEP(TESSERA_MULX_MP(5), T5, T6)         \
  "movl $0, %k[" #T0 "]\n\t"                                                                       \
  "adcxq %[" #T0 "], %[" #T6 "]\n\t"                                                               \
  "adoxq %[" #T0 "], %[" #T7 "]\n\t"                                                               \
  "adcxq %[" #T0 "], %[" #T7 "]\n\t"

// r = a b R^-1 mod m, N = 4. kM0invOne: m = -1 mod 2^64 (P-256 p), u = t_0.
template <bool kM0invOne>
[[gnu::always_inline]] inline void mont_mul4(Uint<u64, 4>& r, const Uint<u64, 4>& a, const Uint<u64, 4>& b,
                                             const Modulus<u64, 4>& mod) noexcept {
  u64 r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0, lo, hi, d;
#define TESSERA_MULX_BODY4(U)                                    \
  TESSERA_MULX_ROW4(0, U, r0, r1, r2, r3, r4, r5)                \
  TESSERA_MULX_ROW4(1, U, r1, r2, r3, r4, r5, r0)                \
  TESSERA_MULX_ROW4(2, U, r2, r3, r4, r5, r0, r1)                \
  TESSERA_MULX_ROW4(3, U, r3, r4, r5, r0, r1, r2)
#define TESSERA_MULX_OPERANDS4                                                                          \
  : [r0] "+&r"(r0), [r1] "+&r"(r1), [r2] "+&r"(r2), [r3] "+&r"(r3), [r4] "+&r"(r4), [r5] "+&r"(r5),     \
    [lo] "=&r"(lo), [hi] "=&r"(hi), "=&d"(d)                                                            \
  : [a] "r"(a.v), [b] "r"(b.v), [m] "r"(&mod) TESSERA_MULX_READS(4)
  if constexpr (kM0invOne) {
    __asm__(TESSERA_MULX_BODY4(TESSERA_MULX_U_ONE) TESSERA_MULX_OPERANDS4);
  } else {
    __asm__(TESSERA_MULX_BODY4(TESSERA_MULX_U_GENERIC) TESSERA_MULX_OPERANDS4);
  }
#undef TESSERA_MULX_BODY4
#undef TESSERA_MULX_OPERANDS4
  // After four rows t = (r4, r5, r0, r1), top bit r2.
  const u64 t[4] = {r4, r5, r0, r1};
  x86::final_subtract<4>(r, t, r2, mod.m);
}

// r = a b R^-1 mod m, N = 6.
// 14 registers (the ring, lo, hi, rdx and three pointers): the modulus is read through a
// pointer, m_j at 8j and -m^-1 at 48 (clang cannot spare registers for six memory operands).
using Modulus4 = Modulus<u64, 4>;
using Modulus6 = Modulus<u64, 6>;
static_assert(offsetof(Modulus4, m0inv) == 32);
static_assert(offsetof(Modulus6, m0inv) == 48);
[[gnu::always_inline]] inline void mont_mul6(Uint<u64, 6>& r, const Uint<u64, 6>& a, const Uint<u64, 6>& b,
                                             const Modulus<u64, 6>& mod) noexcept {
  u64 r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0, r6 = 0, r7 = 0, lo, hi, d;
  __asm__(TESSERA_MULX_ROW6(0, TESSERA_MULX_U_GENERIC6, r0, r1, r2, r3, r4, r5, r6, r7)
          TESSERA_MULX_ROW6(1, TESSERA_MULX_U_GENERIC6, r1, r2, r3, r4, r5, r6, r7, r0)
          TESSERA_MULX_ROW6(2, TESSERA_MULX_U_GENERIC6, r2, r3, r4, r5, r6, r7, r0, r1)
          TESSERA_MULX_ROW6(3, TESSERA_MULX_U_GENERIC6, r3, r4, r5, r6, r7, r0, r1, r2)
          TESSERA_MULX_ROW6(4, TESSERA_MULX_U_GENERIC6, r4, r5, r6, r7, r0, r1, r2, r3)
          TESSERA_MULX_ROW6(5, TESSERA_MULX_U_GENERIC6, r5, r6, r7, r0, r1, r2, r3, r4)
          : [r0] "+&r"(r0), [r1] "+&r"(r1), [r2] "+&r"(r2), [r3] "+&r"(r3), [r4] "+&r"(r4), [r5] "+&r"(r5),
            [r6] "+&r"(r6), [r7] "+&r"(r7), [lo] "=&r"(lo), [hi] "=&r"(hi), "=&d"(d)
          : [a] "r"(a.v), [b] "r"(b.v), [m] "r"(&mod)
          : "cc", "memory");  // reads a, b, mod through the pointers (clang cannot spare the
                              // address registers of "m" operands here)
  // After six rows t = (r6, r7, r0, r1, r2, r3), top bit r4.
  const u64 t[6] = {r6, r7, r0, r1, r2, r3};
  x86::final_subtract<6>(r, t, r4, mod.m);
}

#undef TESSERA_MULX_STEP
#undef TESSERA_MULX_READS
#undef TESSERA_MULX_A
#undef TESSERA_MULX_MP
#undef TESSERA_MULX_U_GENERIC6
#undef TESSERA_MULX_U_GENERIC
#undef TESSERA_MULX_U_ONE
#undef TESSERA_MULX_ROW4
#undef TESSERA_MULX_ROW6

// (t0..t7) = a^2, N = 4: the six cross products a_i a_j (i < j), doubled, plus the four
// a_i^2 at limb 2i: ten MULX instead of sixteen.
[[gnu::always_inline]] inline void square4(const Uint<u64, 4>& a, u64& t0, u64& t1, u64& t2, u64& t3, u64& t4,
                                           u64& t5, u64& t6, u64& t7) noexcept {
  u64 lo, hi, z, d;
  __asm__(
      // a0 (a1, a2, a3) into t1..t4
      "movq 0(%[a]), %%rdx\n\t"
      "mulxq 8(%[a]), %[t1], %[t2]\n\t"
      "mulxq 16(%[a]), %[lo], %[t3]\n\t"
      "addq %[lo], %[t2]\n\t"
      "mulxq 24(%[a]), %[lo], %[t4]\n\t"
      "adcq %[lo], %[t3]\n\t"
      "adcq $0, %[t4]\n\t"
      // a1 (a2, a3) into t3..t5
      "movq 8(%[a]), %%rdx\n\t"
      "xorl %k[z], %k[z]\n\t"
      "mulxq 16(%[a]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t3]\n\t"
      "adoxq %[hi], %[t4]\n\t"
      "mulxq 24(%[a]), %[lo], %[t5]\n\t"
      "adcxq %[lo], %[t4]\n\t"
      "adoxq %[z], %[t5]\n\t"
      "adcxq %[z], %[t5]\n\t"
      // a2 a3 into t5..t6
      "movq 16(%[a]), %%rdx\n\t"
      "mulxq 24(%[a]), %[lo], %[t6]\n\t"
      "addq %[lo], %[t5]\n\t"
      "adcq $0, %[t6]\n\t"
      // twice the cross products, into t1..t7
      "xorl %k[t7], %k[t7]\n\t"
      "addq %[t1], %[t1]\n\t" "adcq %[t2], %[t2]\n\t" "adcq %[t3], %[t3]\n\t"
      "adcq %[t4], %[t4]\n\t" "adcq %[t5], %[t5]\n\t" "adcq %[t6], %[t6]\n\t"
      "adcq $0, %[t7]\n\t"
      // + a_i^2 at limb 2i (MULX and MOV leave the carry alone)
      "movq 0(%[a]), %%rdx\n\t"
      "mulxq %%rdx, %[t0], %[hi]\n\t"
      "addq %[hi], %[t1]\n\t"
      "movq 8(%[a]), %%rdx\n\t"
      "mulxq %%rdx, %[lo], %[hi]\n\t"
      "adcq %[lo], %[t2]\n\t" "adcq %[hi], %[t3]\n\t"
      "movq 16(%[a]), %%rdx\n\t"
      "mulxq %%rdx, %[lo], %[hi]\n\t"
      "adcq %[lo], %[t4]\n\t" "adcq %[hi], %[t5]\n\t"
      "movq 24(%[a]), %%rdx\n\t"
      "mulxq %%rdx, %[lo], %[hi]\n\t"
      "adcq %[lo], %[t6]\n\t" "adcq %[hi], %[t7]\n\t"
      : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
        [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi), [z] "=&r"(z), "=&d"(d)
      : [a] "r"(a.v)
#if defined(__OPTIMIZE__)
        , "m"(*reinterpret_cast<const u64(*)[4]>(a.v))
      : "cc");
#else
      : "cc", "memory");
#endif
}

// r = a^2 R^-1 mod m, N = 4, any odd m below 2^256 - 2^192: square4, then the Montgomery
// reduction of the low half L alone (four steps u = t_j (-m^-1), t += u m 2^(64 j), the
// limb above the half taking the step's top word), (L + U m) / 2^256 <= m, plus the high
// half H < m (a < m): the sum is below 2m. (Each step's new top word fits: the partial
// value stays below 2^192 + m.)
[[gnu::always_inline]] inline void mont_sqr4(Uint<u64, 4>& r, const Uint<u64, 4>& a, const Modulus<u64, 4>& mod) noexcept {
  u64 t0, t1, t2, t3, t4, t5, t6, t7, lo, hi, z, d;
  square4(a, t0, t1, t2, t3, t4, t5, t6, t7);
  // One step over the ring (T0..T3); T0 + lo(u m_0) = 0 mod 2^64, so T0 is the zero that
  // folds both chains' carries into the new top word, which becomes T0.
#define TESSERA_MULX_REDC_STEP(T0, T1, T2, T3)                            \
  "movq %[" #T0 "], %%rdx\n\t"                                           \
  "imulq 32(%[m]), %%rdx\n\t"                                            \
  "xorl %k[lo], %k[lo]\n\t"                                              \
  "mulxq 0(%[m]), %[lo], %[hi]\n\t"                                      \
  "adcxq %[lo], %[" #T0 "]\n\t" "adoxq %[hi], %[" #T1 "]\n\t"            \
  "mulxq 8(%[m]), %[lo], %[hi]\n\t"                                      \
  "adcxq %[lo], %[" #T1 "]\n\t" "adoxq %[hi], %[" #T2 "]\n\t"            \
  "mulxq 16(%[m]), %[lo], %[hi]\n\t"                                     \
  "adcxq %[lo], %[" #T2 "]\n\t" "adoxq %[hi], %[" #T3 "]\n\t"            \
  "mulxq 24(%[m]), %[lo], %[hi]\n\t"                                     \
  "adcxq %[lo], %[" #T3 "]\n\t"                                          \
  "adoxq %[" #T0 "], %[hi]\n\t" "adcxq %[" #T0 "], %[hi]\n\t"            \
  "movq %[hi], %[" #T0 "]\n\t"
  __asm__(TESSERA_MULX_REDC_STEP(t0, t1, t2, t3) TESSERA_MULX_REDC_STEP(t1, t2, t3, t0)
              TESSERA_MULX_REDC_STEP(t2, t3, t0, t1) TESSERA_MULX_REDC_STEP(t3, t0, t1, t2)
          "movl $0, %k[z]\n\t"
          "addq %[t4], %[t0]\n\t" "adcq %[t5], %[t1]\n\t" "adcq %[t6], %[t2]\n\t" "adcq %[t7], %[t3]\n\t"
          "adcq $0, %[z]\n\t"
          : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [lo] "=&r"(lo), [hi] "=&r"(hi),
            [z] "=&r"(z), "=&d"(d)
          : [t4] "r"(t4), [t5] "r"(t5), [t6] "r"(t6), [t7] "r"(t7), [m] "r"(&mod)
#if defined(__OPTIMIZE__)
            , "m"(mod)
          : "cc");
#else
          : "cc", "memory");
#endif
#undef TESSERA_MULX_REDC_STEP
  const u64 t[4] = {t0, t1, t2, t3};
  x86::final_subtract<4>(r, t, z, mod.m);
}

// r = a b R^-1 mod m for N = 4 or 6 (the modulus's constants decide the reduction).
template <std::size_t N>
[[gnu::always_inline]] inline void mont_mul(Uint<u64, N>& r, const Uint<u64, N>& a, const Uint<u64, N>& b,
                                            const Modulus<u64, N>& mod) noexcept {
  static_assert(N == 4 || N == 6, "MULX Montgomery multiplication: 4 or 6 limbs");
  if constexpr (N == 4) {
    mont_mul4<false>(r, a, b, mod);
  } else {
    mont_mul6(r, a, b, mod);
  }
}

}  // namespace tessera::bignum::mulx
