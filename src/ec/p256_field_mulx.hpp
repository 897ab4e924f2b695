// GF(p) for P-256, p = 2^256 - 2^224 + 2^192 + 2^96 - 1, on x86-64 with BMI2 and ADX:
// Montgomery multiplication (R = 2^256) whose reduction uses the shape of p, and modular
// addition and subtraction, all in registers. Same contract as bignum::mont_mul / add_mod /
// sub_mod: inputs in [0, p), outputs in [0, p).
//
// Multiplication: the CIOS rows of src/bignum/mont_mulx.hpp (t += a b_i with MULX on two
// carry chains, ADCX and ADOX), but each reduction step t += u p (u = t_0, as -p^-1 = 1
// mod 2^64) in one MULX instead of four. With p's limbs (2^64 - 1, 2^32 - 1, 0,
// 2^64 - 2^32 + 1):
//   t_0 + u (2^64 - 1) = u 2^64      (t_0 = u cancels; u moves up one limb)
//   u + u (2^32 - 1)   = u 2^32      (limb 1 gets u << 32, limb 2 gets u >> 32)
//   u p_3 (one MULX)                  (limbs 3 and 4)
// (the idea of Gueron and Krasnov, "Fast prime field elliptic-curve cryptography with
// 256-bit primes", J. Cryptographic Engineering 2015). The value added is exactly u p, so
// the CIOS bound t < 2p after every row holds as before and one conditional subtraction
// ends it.
//
// Addition and subtraction keep every limb in registers (no stores, no "memory" clobber),
// so the compiler keeps the point formulas' temporaries where it likes. Subtraction adds
// back p & mask from the borrow mask c alone: p_0 & c = c, p_1 & c = c >> 32, p_2 = 0,
// p_3 & c = (c << 32) - c.
//
// Inline asm, no target flags needed; call only where cpu::features() reports bmi2 and adx
// (the kernel tables of src/ec/ decide). Constant time: no branches, no value-dependent
// addresses.
#pragma once

#include "bignum/mont_mulx.hpp"
#include "bignum/uint.hpp"

#include <cstdint>

#if !defined(__x86_64__)
#error "p256_field_mulx.hpp is x86-64 only"
#endif

namespace tessera::ec::p256x {

using u64 = std::uint64_t;
using Fe = bignum::Uint<u64, 4>;

// p's top limb, the MULX operand of every reduction step (loaded as an immediate: no
// memory constant, which position-independent code would reach through a register).
#define TESSERA_P256_P3 "$0xffffffff00000001"

// Unoptimized builds cannot spare address registers for every memory operand: there the
// asm reads its inputs through the pointers with a "memory" clobber instead.
#if defined(__OPTIMIZE__)
#define TESSERA_P256_READS(A, B) \
  , "m"(*reinterpret_cast<const u64(*)[4]>(A)), "m"(*reinterpret_cast<const u64(*)[4]>(B)) : "cc"
#else
#define TESSERA_P256_READS(A, B) : "cc", "memory"
#endif

// t_j += lo(a_j d), t_{j+1} += hi(a_j d), d in rdx.
#define TESSERA_P256_STEP(J, TJ, TJ1)      \
  "mulxq " #J "*8(%[a]), %[lo], %[hi]\n\t" \
  "adcxq %[lo], %[" #TJ "]\n\t"            \
  "adoxq %[hi], %[" #TJ1 "]\n\t"

// One row over the ring (T0..T5): on entry T0..T4 = t (T4 <= 1), T5 free; afterwards
// t = (T1..T5) and T0 free.
#define TESSERA_P256_ROW(I, T0, T1, T2, T3, T4, T5)                                                        \
  /* t += a b_i */                                                                                      \
  "movq " #I "*8(%[b]), %%rdx\n\t"                                                                      \
  "xorl %k[lo], %k[lo]\n\t" /* CF = OF = 0 */                                                           \
  TESSERA_P256_STEP(0, T0, T1) TESSERA_P256_STEP(1, T1, T2) TESSERA_P256_STEP(2, T2, T3)               \
  TESSERA_P256_STEP(3, T3, T4)                                                                          \
  "movl $0, %k[" #T5 "]\n\t"                                                                            \
  "movl $0, %k[lo]\n\t"                                                                                 \
  "adcxq %[lo], %[" #T4 "]\n\t"                                                                         \
  "adoxq %[lo], %[" #T5 "]\n\t"                                                                         \
  "adcxq %[lo], %[" #T5 "]\n\t"                                                                         \
  /* t += u p, u = T0: limb 1 += u << 32, limb 2 += u >> 32, limbs 3-4 += u p_3 */                        \
  "movq %[" #T0 "], %%rdx\n\t"                                                                          \
  "movabsq " TESSERA_P256_P3 ", %[hi]\n\t"                                                             \
  "mulxq %[hi], %[lo], %[hi]\n\t"                                                                       \
  "shlq $32, %[" #T0 "]\n\t"                                                                            \
  "shrq $32, %%rdx\n\t"                                                                                 \
  "addq %[" #T0 "], %[" #T1 "]\n\t"                                                                     \
  "adcq %%rdx, %[" #T2 "]\n\t"                                                                          \
  "adcq %[lo], %[" #T3 "]\n\t"                                                                          \
  "adcq %[hi], %[" #T4 "]\n\t"                                                                          \
  "adcq $0, %[" #T5 "]\n\t"

// (t0..t3, top) < 2p to [0, p): subtract p unless that borrows past top.
// (MOV leaves the flags alone: the constants go through x inside the borrow chain.)
#define TESSERA_P256_FINAL_SUBTRACT                          \
  "movq %[t0], %[s0]\n\t" "movq %[t1], %[s1]\n\t"            \
  "movq %[t2], %[s2]\n\t" "movq %[t3], %[s3]\n\t"            \
  "movl $0xffffffff, %k[x]\n\t"                              \
  "subq $-1, %[s0]\n\t" "sbbq %[x], %[s1]\n\t"               \
  "movabsq " TESSERA_P256_P3 ", %[x]\n\t"                    \
  "sbbq $0, %[s2]\n\t" "sbbq %[x], %[s3]\n\t"                \
  "sbbq $0, %[top]\n\t"                                      \
  "cmovcq %[t0], %[s0]\n\t" "cmovcq %[t1], %[s1]\n\t"        \
  "cmovcq %[t2], %[s2]\n\t" "cmovcq %[t3], %[s3]\n\t"

[[gnu::always_inline]] inline void final_subtract(Fe& r, u64 t0, u64 t1, u64 t2, u64 t3, u64 top) noexcept {
  u64 s0, s1, s2, s3, x;
  __asm__(TESSERA_P256_FINAL_SUBTRACT
          : [s0] "=&r"(s0), [s1] "=&r"(s1), [s2] "=&r"(s2), [s3] "=&r"(s3), [top] "+&r"(top), [x] "=&r"(x)
          : [t0] "r"(t0), [t1] "r"(t1), [t2] "r"(t2), [t3] "r"(t3)
          : "cc");
  r.v[0] = s0;
  r.v[1] = s1;
  r.v[2] = s2;
  r.v[3] = s3;
}

// r = a b 2^-256 mod p (r may alias a or b).
[[gnu::always_inline]] inline void mul(Fe& r, const Fe& a, const Fe& b) noexcept {
  u64 r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0, lo, hi, d;
  __asm__(TESSERA_P256_ROW(0, r0, r1, r2, r3, r4, r5) TESSERA_P256_ROW(1, r1, r2, r3, r4, r5, r0)
              TESSERA_P256_ROW(2, r2, r3, r4, r5, r0, r1) TESSERA_P256_ROW(3, r3, r4, r5, r0, r1, r2)
          : [r0] "+&r"(r0), [r1] "+&r"(r1), [r2] "+&r"(r2), [r3] "+&r"(r3), [r4] "+&r"(r4), [r5] "+&r"(r5),
            [lo] "=&r"(lo), [hi] "=&r"(hi), "=&d"(d)
          : [a] "r"(a.v), [b] "r"(b.v) TESSERA_P256_READS(a.v, b.v));
  // After four rows t = (r4, r5, r0, r1), top limb r2 (<= 1).
  final_subtract(r, r4, r5, r0, r1, r2);
}

// One reduction step of the low half alone, over the ring (T0..T3): u = T0, T1..T3 += the
// limbs of u p above the first, the top limb of u p (plus the carry) becomes T0. Afterwards
// the half is (T1, T2, T3, T0).
#define TESSERA_P256_REDC_STEP(T0, T1, T2, T3)      \
  "movq %[" #T0 "], %%rdx\n\t"                     \
  "movabsq " TESSERA_P256_P3 ", %[hi]\n\t"        \
  "mulxq %[hi], %[lo], %[hi]\n\t"                  \
  "shlq $32, %[" #T0 "]\n\t"                       \
  "shrq $32, %%rdx\n\t"                            \
  "addq %[" #T0 "], %[" #T1 "]\n\t"                \
  "adcq %%rdx, %[" #T2 "]\n\t"                     \
  "adcq %[lo], %[" #T3 "]\n\t"                     \
  "adcq $0, %[hi]\n\t"                             \
  "movq %[hi], %[" #T0 "]\n\t"

// r = a^2 2^-256 mod p (r may alias a): the square (bignum::mulx::square4: ten MULX),
// then the Montgomery reduction of its low half L = (t0..t3) by four steps, (L + U p) /
// 2^256 <= p, plus the high half H = floor(a^2 / 2^256) < p: the sum is below 2p.
[[gnu::always_inline]] inline void sqr(Fe& r, const Fe& a) noexcept {
  u64 t0, t1, t2, t3, t4, t5, t6, t7, lo, hi, z, d;
  bignum::mulx::square4(a, t0, t1, t2, t3, t4, t5, t6, t7);
  __asm__(TESSERA_P256_REDC_STEP(t0, t1, t2, t3) TESSERA_P256_REDC_STEP(t1, t2, t3, t0)
              TESSERA_P256_REDC_STEP(t2, t3, t0, t1) TESSERA_P256_REDC_STEP(t3, t0, t1, t2)
          "movl $0, %k[z]\n\t"
          "addq %[t4], %[t0]\n\t" "adcq %[t5], %[t1]\n\t" "adcq %[t6], %[t2]\n\t" "adcq %[t7], %[t3]\n\t"
          "adcq $0, %[z]\n\t"
          : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [lo] "=&r"(lo), [hi] "=&r"(hi),
            [z] "=&r"(z), "=&d"(d)
          : [t4] "r"(t4), [t5] "r"(t5), [t6] "r"(t6), [t7] "r"(t7)
          : "cc");
  final_subtract(r, t0, t1, t2, t3, z);
}

// r = a + b mod p: t = a + b with carry c, s = t - p; keep t where that borrows past c.
[[gnu::always_inline]] inline void add(Fe& r, const Fe& a, const Fe& b) noexcept {
  u64 t0 = a.v[0], t1 = a.v[1], t2 = a.v[2], t3 = a.v[3], top, s0, s1, s2, s3, x;
  __asm__("xorl %k[top], %k[top]\n\t"
          "addq %[b0], %[t0]\n\t" "adcq %[b1], %[t1]\n\t" "adcq %[b2], %[t2]\n\t" "adcq %[b3], %[t3]\n\t"
          "adcq $0, %[top]\n\t" TESSERA_P256_FINAL_SUBTRACT
          : [s0] "=&r"(s0), [s1] "=&r"(s1), [s2] "=&r"(s2), [s3] "=&r"(s3), [top] "=&r"(top), [x] "=&r"(x),
            [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3)
          : [b0] "rm"(b.v[0]), [b1] "rm"(b.v[1]), [b2] "rm"(b.v[2]), [b3] "rm"(b.v[3])
          : "cc");
  r.v[0] = s0;
  r.v[1] = s1;
  r.v[2] = s2;
  r.v[3] = s3;
}

// r = a - b mod p: d = a - b, c = all ones on a borrow, then d + (p & c).
[[gnu::always_inline]] inline void sub(Fe& r, const Fe& a, const Fe& b) noexcept {
  u64 t0 = a.v[0], t1 = a.v[1], t2 = a.v[2], t3 = a.v[3], c, x, y;
  __asm__("subq %[b0], %[t0]\n\t" "sbbq %[b1], %[t1]\n\t" "sbbq %[b2], %[t2]\n\t" "sbbq %[b3], %[t3]\n\t"
          "sbbq %[c], %[c]\n\t"
          "movq %[c], %[x]\n\t" "shrq $32, %[x]\n\t"                        // p_1 & c
          "movq %[c], %[y]\n\t" "shlq $32, %[y]\n\t" "subq %[c], %[y]\n\t"  // p_3 & c
          "addq %[c], %[t0]\n\t" "adcq %[x], %[t1]\n\t" "adcq $0, %[t2]\n\t" "adcq %[y], %[t3]\n\t"
          : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [c] "=&r"(c), [x] "=&r"(x),
            [y] "=&r"(y)
          : [b0] "rm"(b.v[0]), [b1] "rm"(b.v[1]), [b2] "rm"(b.v[2]), [b3] "rm"(b.v[3])
          : "cc");
  r.v[0] = t0;
  r.v[1] = t1;
  r.v[2] = t2;
  r.v[3] = t3;
}

#undef TESSERA_P256_READS
#undef TESSERA_P256_STEP
#undef TESSERA_P256_ROW
#undef TESSERA_P256_FINAL_SUBTRACT
#undef TESSERA_P256_REDC_STEP
#undef TESSERA_P256_P3

}  // namespace tessera::ec::p256x
