// Modular addition and subtraction and the final conditional subtraction of Montgomery
// multiplication, for 4 and 6 limbs of 64 bits, in x86-64 inline asm (baseline x86-64:
// ADD/ADC/SUB/SBB/CMOV). Same contract as bignum::add_mod / sub_mod (montgomery.hpp):
// inputs in [0, m), outputs in [0, m). The compiler turns the C++ versions' mask selects
// into vector shuffles in files built with AVX2 flags; here each limb is one CMOV.
// Constant time: no branches, every limb read and written whatever the values.
#pragma once

#include "bignum/uint.hpp"

#include <cstddef>
#include <cstdint>

#if !defined(__x86_64__)
#error "modadd_x86.hpp is x86-64 only"
#endif

namespace tessera::bignum::x86 {

using u64 = std::uint64_t;

// The modulus operand.
// (The modulus through a pointer register: unoptimized builds cannot spare a register per
// memory operand.)
#define TESSERA_X86_M4 [m] "r"(m.v)
#define TESSERA_X86_M6 TESSERA_X86_M4

// r = a + b mod m: t = a + b (carry c), store t, t -= m with the borrow through c, then
// (borrow: t was below m) each limb back from the stored t.
template <std::size_t N>
inline void add_mod(Uint<u64, N>& r, const Uint<u64, N>& a, const Uint<u64, N>& b, const Uint<u64, N>& m) noexcept {
  u64 t0, t1, t2, t3, c;
  if constexpr (N == 4) {
    __asm__ volatile(
        "movq 0(%[a]), %[t0]\n\t" "movq 8(%[a]), %[t1]\n\t" "movq 16(%[a]), %[t2]\n\t" "movq 24(%[a]), %[t3]\n\t"
        "xorl %k[c], %k[c]\n\t"
        "addq 0(%[b]), %[t0]\n\t" "adcq 8(%[b]), %[t1]\n\t" "adcq 16(%[b]), %[t2]\n\t" "adcq 24(%[b]), %[t3]\n\t"
        "adcq $0, %[c]\n\t"
        "movq %[t0], 0(%[r])\n\t" "movq %[t1], 8(%[r])\n\t" "movq %[t2], 16(%[r])\n\t" "movq %[t3], 24(%[r])\n\t"
        "subq 0(%[m]), %[t0]\n\t" "sbbq 8(%[m]), %[t1]\n\t" "sbbq 16(%[m]), %[t2]\n\t" "sbbq 24(%[m]), %[t3]\n\t"
        "sbbq $0, %[c]\n\t"
        "cmovcq 0(%[r]), %[t0]\n\t" "cmovcq 8(%[r]), %[t1]\n\t" "cmovcq 16(%[r]), %[t2]\n\t" "cmovcq 24(%[r]), %[t3]\n\t"
        "movq %[t0], 0(%[r])\n\t" "movq %[t1], 8(%[r])\n\t" "movq %[t2], 16(%[r])\n\t" "movq %[t3], 24(%[r])\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [c] "=&r"(c)
        : [a] "r"(a.v), [b] "r"(b.v), [r] "r"(r.v), TESSERA_X86_M4
        : "cc", "memory");
  } else {
    static_assert(N == 6);
    u64 t4, t5;
    __asm__ volatile(
        "movq 0(%[a]), %[t0]\n\t" "movq 8(%[a]), %[t1]\n\t" "movq 16(%[a]), %[t2]\n\t" "movq 24(%[a]), %[t3]\n\t"
        "movq 32(%[a]), %[t4]\n\t" "movq 40(%[a]), %[t5]\n\t"
        "xorl %k[c], %k[c]\n\t"
        "addq 0(%[b]), %[t0]\n\t" "adcq 8(%[b]), %[t1]\n\t" "adcq 16(%[b]), %[t2]\n\t" "adcq 24(%[b]), %[t3]\n\t"
        "adcq 32(%[b]), %[t4]\n\t" "adcq 40(%[b]), %[t5]\n\t"
        "adcq $0, %[c]\n\t"
        "movq %[t0], 0(%[r])\n\t" "movq %[t1], 8(%[r])\n\t" "movq %[t2], 16(%[r])\n\t" "movq %[t3], 24(%[r])\n\t"
        "movq %[t4], 32(%[r])\n\t" "movq %[t5], 40(%[r])\n\t"
        "subq 0(%[m]), %[t0]\n\t" "sbbq 8(%[m]), %[t1]\n\t" "sbbq 16(%[m]), %[t2]\n\t" "sbbq 24(%[m]), %[t3]\n\t"
        "sbbq 32(%[m]), %[t4]\n\t" "sbbq 40(%[m]), %[t5]\n\t"
        "sbbq $0, %[c]\n\t"
        "cmovcq 0(%[r]), %[t0]\n\t" "cmovcq 8(%[r]), %[t1]\n\t" "cmovcq 16(%[r]), %[t2]\n\t" "cmovcq 24(%[r]), %[t3]\n\t"
        "cmovcq 32(%[r]), %[t4]\n\t" "cmovcq 40(%[r]), %[t5]\n\t"
        "movq %[t0], 0(%[r])\n\t" "movq %[t1], 8(%[r])\n\t" "movq %[t2], 16(%[r])\n\t" "movq %[t3], 24(%[r])\n\t"
        "movq %[t4], 32(%[r])\n\t" "movq %[t5], 40(%[r])\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5), [c] "=&r"(c)
        : [a] "r"(a.v), [b] "r"(b.v), [r] "r"(r.v), TESSERA_X86_M6
        : "cc", "memory");
  }
}

// r = a - b mod m: d = a - b, c = all ones on a borrow, store d, d += m, then (no borrow)
// each limb back from the stored d.
template <std::size_t N>
inline void sub_mod(Uint<u64, N>& r, const Uint<u64, N>& a, const Uint<u64, N>& b, const Uint<u64, N>& m) noexcept {
  u64 t0, t1, t2, t3, c;
  if constexpr (N == 4) {
    __asm__ volatile(
        "movq 0(%[a]), %[t0]\n\t" "movq 8(%[a]), %[t1]\n\t" "movq 16(%[a]), %[t2]\n\t" "movq 24(%[a]), %[t3]\n\t"
        "xorl %k[c], %k[c]\n\t"
        "subq 0(%[b]), %[t0]\n\t" "sbbq 8(%[b]), %[t1]\n\t" "sbbq 16(%[b]), %[t2]\n\t" "sbbq 24(%[b]), %[t3]\n\t"
        "sbbq %[c], %[c]\n\t"
        "movq %[t0], 0(%[r])\n\t" "movq %[t1], 8(%[r])\n\t" "movq %[t2], 16(%[r])\n\t" "movq %[t3], 24(%[r])\n\t"
        "addq 0(%[m]), %[t0]\n\t" "adcq 8(%[m]), %[t1]\n\t" "adcq 16(%[m]), %[t2]\n\t" "adcq 24(%[m]), %[t3]\n\t"
        "testq %[c], %[c]\n\t"
        "cmovzq 0(%[r]), %[t0]\n\t" "cmovzq 8(%[r]), %[t1]\n\t" "cmovzq 16(%[r]), %[t2]\n\t" "cmovzq 24(%[r]), %[t3]\n\t"
        "movq %[t0], 0(%[r])\n\t" "movq %[t1], 8(%[r])\n\t" "movq %[t2], 16(%[r])\n\t" "movq %[t3], 24(%[r])\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [c] "=&r"(c)
        : [a] "r"(a.v), [b] "r"(b.v), [r] "r"(r.v), TESSERA_X86_M4
        : "cc", "memory");
  } else {
    static_assert(N == 6);
    u64 t4, t5;
    __asm__ volatile(
        "movq 0(%[a]), %[t0]\n\t" "movq 8(%[a]), %[t1]\n\t" "movq 16(%[a]), %[t2]\n\t" "movq 24(%[a]), %[t3]\n\t"
        "movq 32(%[a]), %[t4]\n\t" "movq 40(%[a]), %[t5]\n\t"
        "xorl %k[c], %k[c]\n\t"
        "subq 0(%[b]), %[t0]\n\t" "sbbq 8(%[b]), %[t1]\n\t" "sbbq 16(%[b]), %[t2]\n\t" "sbbq 24(%[b]), %[t3]\n\t"
        "sbbq 32(%[b]), %[t4]\n\t" "sbbq 40(%[b]), %[t5]\n\t"
        "sbbq %[c], %[c]\n\t"
        "movq %[t0], 0(%[r])\n\t" "movq %[t1], 8(%[r])\n\t" "movq %[t2], 16(%[r])\n\t" "movq %[t3], 24(%[r])\n\t"
        "movq %[t4], 32(%[r])\n\t" "movq %[t5], 40(%[r])\n\t"
        "addq 0(%[m]), %[t0]\n\t" "adcq 8(%[m]), %[t1]\n\t" "adcq 16(%[m]), %[t2]\n\t" "adcq 24(%[m]), %[t3]\n\t"
        "adcq 32(%[m]), %[t4]\n\t" "adcq 40(%[m]), %[t5]\n\t"
        "testq %[c], %[c]\n\t"
        "cmovzq 0(%[r]), %[t0]\n\t" "cmovzq 8(%[r]), %[t1]\n\t" "cmovzq 16(%[r]), %[t2]\n\t" "cmovzq 24(%[r]), %[t3]\n\t"
        "cmovzq 32(%[r]), %[t4]\n\t" "cmovzq 40(%[r]), %[t5]\n\t"
        "movq %[t0], 0(%[r])\n\t" "movq %[t1], 8(%[r])\n\t" "movq %[t2], 16(%[r])\n\t" "movq %[t3], 24(%[r])\n\t"
        "movq %[t4], 32(%[r])\n\t" "movq %[t5], 40(%[r])\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5), [c] "=&r"(c)
        : [a] "r"(a.v), [b] "r"(b.v), [r] "r"(r.v), TESSERA_X86_M6
        : "cc", "memory");
  }
}

// (t, top) < 2m to r in [0, m): r = t - m unless that borrows past top.
template <std::size_t N>
[[gnu::always_inline]] inline void final_subtract(Uint<u64, N>& r, const u64 (&t)[N], u64 top,
                                                  const Uint<u64, N>& m) noexcept {
  u64 s[N];
  if constexpr (N == 4) {
    __asm__("movq %[l0], %[s0]\n\t" "movq %[l1], %[s1]\n\t" "movq %[l2], %[s2]\n\t" "movq %[l3], %[s3]\n\t"
            "subq 0(%[m]), %[s0]\n\t" "sbbq 8(%[m]), %[s1]\n\t" "sbbq 16(%[m]), %[s2]\n\t" "sbbq 24(%[m]), %[s3]\n\t"
            "sbbq $0, %[top]\n\t"
            "cmovcq %[l0], %[s0]\n\t" "cmovcq %[l1], %[s1]\n\t" "cmovcq %[l2], %[s2]\n\t" "cmovcq %[l3], %[s3]\n\t"
            : [s0] "=&r"(s[0]), [s1] "=&r"(s[1]), [s2] "=&r"(s[2]), [s3] "=&r"(s[3]), [top] "+&r"(top)
            : [l0] "rm"(t[0]), [l1] "rm"(t[1]), [l2] "rm"(t[2]), [l3] "rm"(t[3]), TESSERA_X86_M4
            : "cc", "memory");
  } else {
    static_assert(N == 6);
    __asm__("movq %[l0], %[s0]\n\t" "movq %[l1], %[s1]\n\t" "movq %[l2], %[s2]\n\t" "movq %[l3], %[s3]\n\t"
            "movq %[l4], %[s4]\n\t" "movq %[l5], %[s5]\n\t"
            "subq 0(%[m]), %[s0]\n\t" "sbbq 8(%[m]), %[s1]\n\t" "sbbq 16(%[m]), %[s2]\n\t" "sbbq 24(%[m]), %[s3]\n\t"
            "sbbq 32(%[m]), %[s4]\n\t" "sbbq 40(%[m]), %[s5]\n\t"
            "sbbq $0, %[top]\n\t"
            "cmovcq %[l0], %[s0]\n\t" "cmovcq %[l1], %[s1]\n\t" "cmovcq %[l2], %[s2]\n\t" "cmovcq %[l3], %[s3]\n\t"
            "cmovcq %[l4], %[s4]\n\t" "cmovcq %[l5], %[s5]\n\t"
            : [s0] "=&r"(s[0]), [s1] "=&r"(s[1]), [s2] "=&r"(s[2]), [s3] "=&r"(s[3]), [s4] "=&r"(s[4]),
              [s5] "=&r"(s[5]), [top] "+&r"(top)
            : [l0] "rm"(t[0]), [l1] "rm"(t[1]), [l2] "rm"(t[2]), [l3] "rm"(t[3]), [l4] "rm"(t[4]), [l5] "rm"(t[5]),
              TESSERA_X86_M6
            : "cc", "memory");
  }
  for (std::size_t i = 0; i < N; ++i) r.v[i] = s[i];
}

#undef TESSERA_X86_M4
#undef TESSERA_X86_M6

}  // namespace tessera::bignum::x86
