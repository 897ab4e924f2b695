// Arithmetic in GF(2^255 - 19) for x86-64 CPUs with BMI2 and ADX: four saturated 64-bit
// limbs, the 256 x 256-bit product by MULX with two independent carry chains (ADCX on CF,
// ADOX on OF), then the fold 2^256 = 38 (mod p). Inline asm, so the file needs no target
// flags; it must only run where cpu::features() reports bmi2 and adx (src/ec/x25519.cpp
// picks it through the kernel table). Constant time: no branches, no value-dependent
// addresses; the carries are masks.
//
// Elements are any 256-bit values (weakly reduced: congruent, not necessarily < p); every
// function accepts any such input and returns one. to_bytes gives the value in [0, p).
#pragma once

#include "common/bytes.hpp"
#include "common/ct.hpp"

#include <cstdint>

#if !defined(__x86_64__)
#error "field25519_mulx.hpp is x86-64 only"
#endif

namespace tessera::ec::field25519_mulx {

using u64 = std::uint64_t;
__extension__ typedef unsigned __int128 u128;  // __extension__: -Wpedantic

struct Fe {
  u64 v[4];
};

struct Field {
  using Fe = field25519_mulx::Fe;
  static constexpr const char* name = "radix 2^64 (MULX/ADX)";

  static void zero(Fe& h) noexcept { h.v[0] = h.v[1] = h.v[2] = h.v[3] = 0; }
  static void one(Fe& h) noexcept { zero(h); h.v[0] = 1; }
  static void copy(Fe& h, const Fe& f) noexcept { h = f; }
  static void carry(Fe&) noexcept {}  // limbs are saturated: nothing to carry

  // RFC 7748, Section 5: little-endian, bit 255 masked; values in [p, 2^255) are kept.
  static void from_bytes(Fe& h, const std::uint8_t* s) noexcept {
    for (int i = 0; i < 4; ++i) h.v[i] = bytes::load_le64(s + 8 * i);
    h.v[3] &= ~(u64{1} << 63);
  }

  static void mul(Fe& h, const Fe& f, const Fe& g) noexcept {
    u64 t[4];
    u64 a0, a1, a2, a3, a4, lo, hi, zero;
#define TESSERA_X25519_ROW(I, A0, A1, A2, A3, A4)             \
  "movq " #I "*8(%[f]), %%rdx\n\t"                            \
  "xorl %k[zero], %k[zero]\n\t"                               \
  "mulxq 0(%[g]), %[lo], %[hi]\n\t"                           \
  "adcxq %[lo], %[" #A0 "]\n\t"                               \
  "adoxq %[hi], %[" #A1 "]\n\t"                               \
  "mulxq 8(%[g]), %[lo], %[hi]\n\t"                           \
  "adcxq %[lo], %[" #A1 "]\n\t"                               \
  "adoxq %[hi], %[" #A2 "]\n\t"                               \
  "mulxq 16(%[g]), %[lo], %[hi]\n\t"                          \
  "adcxq %[lo], %[" #A2 "]\n\t"                               \
  "adoxq %[hi], %[" #A3 "]\n\t"                               \
  "mulxq 24(%[g]), %[lo], %[hi]\n\t"                          \
  "adcxq %[lo], %[" #A3 "]\n\t"                               \
  "adoxq %[hi], %[" #A4 "]\n\t"                               \
  "adcxq %[zero], %[" #A4 "]\n\t"                             \
  "movq %[" #A0 "], " #I "*8(%[t])\n\t"
    // The product t0..t7 (t0..t3 stored in t[], t4..t7 left in a4, a0, a1, a2), then
    // r = t0..t3 + 38 t4..t7: low halves of 38 t_{i+4} on CF, high halves on OF, the top
    // word (< 40) folded as 38 top, and a final carry as 38 once more.
    __asm__(
        "xorl %k[a0], %k[a0]\n\t"
        "xorl %k[a1], %k[a1]\n\t"
        "xorl %k[a2], %k[a2]\n\t"
        "xorl %k[a3], %k[a3]\n\t"
        "xorl %k[a4], %k[a4]\n\t"
        TESSERA_X25519_ROW(0, a0, a1, a2, a3, a4)
        "xorl %k[a0], %k[a0]\n\t"
        TESSERA_X25519_ROW(1, a1, a2, a3, a4, a0)
        "xorl %k[a1], %k[a1]\n\t"
        TESSERA_X25519_ROW(2, a2, a3, a4, a0, a1)
        "xorl %k[a2], %k[a2]\n\t"
        TESSERA_X25519_ROW(3, a3, a4, a0, a1, a2)
        "movl $38, %%edx\n\t"
        "xorl %k[zero], %k[zero]\n\t"
        "mulxq %[a4], %[a3], %[hi]\n\t"    // a3:hi = 38 t4
        "adcxq 0(%[t]), %[a3]\n\t"         // r0
        "mulxq %[a0], %[lo], %[a4]\n\t"    // lo:a4 = 38 t5
        "adcxq 8(%[t]), %[lo]\n\t"
        "adoxq %[hi], %[lo]\n\t"           // r1
        "mulxq %[a1], %[a0], %[hi]\n\t"    // a0:hi = 38 t6
        "adcxq 16(%[t]), %[a0]\n\t"
        "adoxq %[a4], %[a0]\n\t"           // r2
        "mulxq %[a2], %[a1], %[a4]\n\t"    // a1:a4 = 38 t7
        "adcxq 24(%[t]), %[a1]\n\t"
        "adoxq %[hi], %[a1]\n\t"           // r3
        "adcxq %[zero], %[a4]\n\t"
        "adoxq %[zero], %[a4]\n\t"         // top word
        "imulq $38, %[a4], %[a4]\n\t"
        "addq %[a4], %[a3]\n\t"
        "adcq $0, %[lo]\n\t"
        "adcq $0, %[a0]\n\t"
        "adcq $0, %[a1]\n\t"
        "sbbq %[a4], %[a4]\n\t"
        "andq $38, %[a4]\n\t"
        "addq %[a4], %[a3]\n\t"
        : [a0] "=&r"(a0), [a1] "=&r"(a1), [a2] "=&r"(a2), [a3] "=&r"(a3), [a4] "=&r"(a4), [lo] "=&r"(lo),
          [hi] "=&r"(hi), [zero] "=&r"(zero)
          , "=m"(*reinterpret_cast<u64(*)[4]>(t))
        : [f] "r"(f.v), [g] "r"(g.v), [t] "r"(t), "m"(*reinterpret_cast<const u64(*)[4]>(f.v)),
          "m"(*reinterpret_cast<const u64(*)[4]>(g.v))
        : "rdx", "cc");
#undef TESSERA_X25519_ROW
    h.v[0] = a3;
    h.v[1] = lo;
    h.v[2] = a0;
    h.v[3] = a1;
  }
  // h = f^2: the six cross products once, doubled, plus the four squares, then the same
  // reduction as mul.
  static void sqr(Fe& h, const Fe& f) noexcept {
    u64 t0, t1, t2, t3, t4, t5, t6, t7, lo, hi, zero;
    __asm__(
        "movq 0(%[f]), %%rdx\n\t"
        "mulxq 8(%[f]), %[t1], %[t2]\n\t"   // f0 f1
        "mulxq 16(%[f]), %[lo], %[t3]\n\t"  // f0 f2
        "addq %[lo], %[t2]\n\t"
        "mulxq 24(%[f]), %[lo], %[t4]\n\t"  // f0 f3
        "adcq %[lo], %[t3]\n\t"
        "adcq $0, %[t4]\n\t"
        "movq 8(%[f]), %%rdx\n\t"
        "xorl %k[zero], %k[zero]\n\t"
        "mulxq 16(%[f]), %[lo], %[hi]\n\t"  // f1 f2
        "adcxq %[lo], %[t3]\n\t"
        "adoxq %[hi], %[t4]\n\t"
        "mulxq 24(%[f]), %[lo], %[t5]\n\t"  // f1 f3
        "adcxq %[lo], %[t4]\n\t"
        "adoxq %[zero], %[t5]\n\t"
        "adcxq %[zero], %[t5]\n\t"
        "movq 16(%[f]), %%rdx\n\t"
        "mulxq 24(%[f]), %[lo], %[t6]\n\t"  // f2 f3
        "addq %[lo], %[t5]\n\t"
        "adcq $0, %[t6]\n\t"
        // Double the cross products (t7 takes the carry).
        "addq %[t1], %[t1]\n\t"
        "adcq %[t2], %[t2]\n\t"
        "adcq %[t3], %[t3]\n\t"
        "adcq %[t4], %[t4]\n\t"
        "adcq %[t5], %[t5]\n\t"
        "adcq %[t6], %[t6]\n\t"
        "movl $0, %k[t7]\n\t"
        "adcq $0, %[t7]\n\t"
        // Add the squares f_i^2 at t_{2i}, t_{2i+1} (one carry chain; MULX and MOV keep CF).
        "movq 0(%[f]), %%rdx\n\t"
        "mulxq %%rdx, %[t0], %[hi]\n\t"
        "addq %[hi], %[t1]\n\t"
        "movq 8(%[f]), %%rdx\n\t"
        "mulxq %%rdx, %[lo], %[hi]\n\t"
        "adcq %[lo], %[t2]\n\t"
        "adcq %[hi], %[t3]\n\t"
        "movq 16(%[f]), %%rdx\n\t"
        "mulxq %%rdx, %[lo], %[hi]\n\t"
        "adcq %[lo], %[t4]\n\t"
        "adcq %[hi], %[t5]\n\t"
        "movq 24(%[f]), %%rdx\n\t"
        "mulxq %%rdx, %[lo], %[hi]\n\t"
        "adcq %[lo], %[t6]\n\t"
        "adcq %[hi], %[t7]\n\t"
        // r = t0..t3 + 38 t4..t7, as in mul.
        "movl $38, %%edx\n\t"
        "xorl %k[zero], %k[zero]\n\t"
        "mulxq %[t4], %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t0]\n\t"
        "adoxq %[hi], %[t1]\n\t"
        "mulxq %[t5], %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t1]\n\t"
        "adoxq %[hi], %[t2]\n\t"
        "mulxq %[t6], %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t2]\n\t"
        "adoxq %[hi], %[t3]\n\t"
        "mulxq %[t7], %[lo], %[t4]\n\t"
        "adcxq %[lo], %[t3]\n\t"
        "adoxq %[zero], %[t4]\n\t"
        "adcxq %[zero], %[t4]\n\t"
        "imulq $38, %[t4], %[t4]\n\t"
        "addq %[t4], %[t0]\n\t"
        "adcq $0, %[t1]\n\t"
        "adcq $0, %[t2]\n\t"
        "adcq $0, %[t3]\n\t"
        "sbbq %[t4], %[t4]\n\t"
        "andq $38, %[t4]\n\t"
        "addq %[t4], %[t0]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
          [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi), [zero] "=&r"(zero)
        : [f] "r"(f.v), "m"(*reinterpret_cast<const u64(*)[4]>(f.v))
        : "rdx", "cc");
    h.v[0] = t0;
    h.v[1] = t1;
    h.v[2] = t2;
    h.v[3] = t3;
  }

  // h = f + g; a carry out (2^256 = 38) adds 38, once more if that carries (then the low
  // limb is below 38 and cannot carry again). Carries become masks (SBB), not branches.
  static void add(Fe& h, const Fe& f, const Fe& g) noexcept {
    u64 r0 = f.v[0], r1 = f.v[1], r2 = f.v[2], r3 = f.v[3], t;
    __asm__(
        "addq %[g0], %[r0]\n\t"
        "adcq %[g1], %[r1]\n\t"
        "adcq %[g2], %[r2]\n\t"
        "adcq %[g3], %[r3]\n\t"
        "sbbq %[t], %[t]\n\t"
        "andq $38, %[t]\n\t"
        "addq %[t], %[r0]\n\t"
        "adcq $0, %[r1]\n\t"
        "adcq $0, %[r2]\n\t"
        "adcq $0, %[r3]\n\t"
        "sbbq %[t], %[t]\n\t"
        "andq $38, %[t]\n\t"
        "addq %[t], %[r0]\n\t"
        : [r0] "+&r"(r0), [r1] "+&r"(r1), [r2] "+&r"(r2), [r3] "+&r"(r3), [t] "=&r"(t)
        : [g0] "m"(g.v[0]), [g1] "m"(g.v[1]), [g2] "m"(g.v[2]), [g3] "m"(g.v[3])
        : "cc");
    h.v[0] = r0;
    h.v[1] = r1;
    h.v[2] = r2;
    h.v[3] = r3;
  }

  // h = f - g; a borrow (the result wrapped by 2^256 = 38) subtracts 38, once more if that
  // borrows (then the value is near 2^256 and cannot borrow again).
  static void sub(Fe& h, const Fe& f, const Fe& g) noexcept {
    u64 r0 = f.v[0], r1 = f.v[1], r2 = f.v[2], r3 = f.v[3], t;
    __asm__(
        "subq %[g0], %[r0]\n\t"
        "sbbq %[g1], %[r1]\n\t"
        "sbbq %[g2], %[r2]\n\t"
        "sbbq %[g3], %[r3]\n\t"
        "sbbq %[t], %[t]\n\t"
        "andq $38, %[t]\n\t"
        "subq %[t], %[r0]\n\t"
        "sbbq $0, %[r1]\n\t"
        "sbbq $0, %[r2]\n\t"
        "sbbq $0, %[r3]\n\t"
        "sbbq %[t], %[t]\n\t"
        "andq $38, %[t]\n\t"
        "subq %[t], %[r0]\n\t"
        : [r0] "+&r"(r0), [r1] "+&r"(r1), [r2] "+&r"(r2), [r3] "+&r"(r3), [t] "=&r"(t)
        : [g0] "m"(g.v[0]), [g1] "m"(g.v[1]), [g2] "m"(g.v[2]), [g3] "m"(g.v[3])
        : "cc");
    h.v[0] = r0;
    h.v[1] = r1;
    h.v[2] = r2;
    h.v[3] = r3;
  }

  // h = f * c for a small public constant c < 2^32 (a24 = 121665): the 320-bit product,
  // its top word (< c) folded as 38 top, a final carry as 38 once more.
  static void mul_small(Fe& h, const Fe& f, std::uint32_t c) noexcept {
    u64 r0, r1, r2, r3, lo, hi;
    __asm__(
        "movl %k[c], %%edx\n\t"
        "mulxq 0(%[f]), %[r0], %[r1]\n\t"
        "mulxq 8(%[f]), %[lo], %[r2]\n\t"
        "addq %[lo], %[r1]\n\t"
        "mulxq 16(%[f]), %[lo], %[r3]\n\t"
        "adcq %[lo], %[r2]\n\t"
        "mulxq 24(%[f]), %[lo], %[hi]\n\t"
        "adcq %[lo], %[r3]\n\t"
        "adcq $0, %[hi]\n\t"
        "imulq $38, %[hi], %[hi]\n\t"
        "addq %[hi], %[r0]\n\t"
        "adcq $0, %[r1]\n\t"
        "adcq $0, %[r2]\n\t"
        "adcq $0, %[r3]\n\t"
        "sbbq %[hi], %[hi]\n\t"
        "andq $38, %[hi]\n\t"
        "addq %[hi], %[r0]\n\t"
        : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [lo] "=&r"(lo), [hi] "=&r"(hi)
        : [f] "r"(f.v), [c] "r"(c), "m"(f.v[0]), "m"(f.v[1]), "m"(f.v[2]), "m"(f.v[3])
        : "rdx", "cc");
    h.v[0] = r0;
    h.v[1] = r1;
    h.v[2] = r2;
    h.v[3] = r3;
  }

  // RFC 7748, Section 5: the representative in [0, p), little-endian.
  static void to_bytes(std::uint8_t* s, const Fe& f) noexcept {
    // Fold bit 255 (2^255 = 19): r < 2^255 + 19 < 2p.
    const u64 top = f.v[3] >> 63;
    u64 r[4] = {f.v[0], f.v[1], f.v[2], f.v[3] & ~(u64{1} << 63)};
    u64 c = top * 19;
    for (int i = 0; i < 4; ++i) {
      const u128 t = u128{r[i]} + c;
      r[i] = static_cast<u64>(t);
      c = static_cast<u64>(t >> 64);
    }
    // r >= p iff r + 19 >= 2^255; then r - p = r + 19 - 2^255.
    u64 q[4];
    c = 19;
    for (int i = 0; i < 4; ++i) {
      const u128 t = u128{r[i]} + c;
      q[i] = static_cast<u64>(t);
      c = static_cast<u64>(t >> 64);
    }
    const u64 m = ct::mask_from_bit(q[3] >> 63);
    q[3] &= ~(u64{1} << 63);
    for (int i = 0; i < 4; ++i) bytes::store_le64(s + 8 * i, ct::select(m, q[i], r[i]));
  }

  // RFC 7748, Section 5 (cswap), mask-based.
  static void cswap(Fe& f, Fe& g, u64 bit) noexcept {
    const u64 mask = ct::mask_from_bit(bit);
    for (int i = 0; i < 4; ++i) {
      const u64 t = mask & (f.v[i] ^ g.v[i]);
      f.v[i] ^= t;
      g.v[i] ^= t;
    }
  }
};

}  // namespace tessera::ec::field25519_mulx
