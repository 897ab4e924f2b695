// Montgomery multiplication of run-time length on x86-64 with BMI2 and ADX (bignum/nat.hpp,
// the mont_mul kernel mont_init picks on the avx2 and avx512 backends when the CPU has both
// and the limb count is a multiple of 4).
//
// The CIOS method (Koc, Acar and Kaliski, 1996) as in nat.cpp, with each row t += x d one
// pass of MULX over x: the low product halves on the CF chain (ADCX) and the high halves
// on the OF chain (ADOX), which run in parallel (Ozturk, Guilford, Gopal and Feghali,
// "New Instructions Supporting Large Integer Arithmetic on Intel Architecture Processors",
// 2012). The accumulator t is a window that moves one limb up after each reduction row
// (whose low limb is then zero), so no limb is shifted in memory. The loop counter lives
// in RCX and is tested with JRCXZ, and the pointers advance with LEA: neither touches the
// flags the two chains carry. Constant time: no branch or address depends on the values.
#include "bignum/nat.hpp"

#include "common/secret.hpp"

#include <cstdint>
#include <cstring>

#if defined(__x86_64__) && defined(__SIZEOF_INT128__) && !defined(TESSERA_BIGNUM_LIMB32)

namespace tessera::bignum {

namespace {

using u64 = std::uint64_t;
static_assert(sizeof(Limb) == 8);

// t[0..n+1] += x[0..n-1] d, n a positive multiple of 4.
inline void mulx_row(u64* t, const u64* x, u64 d, std::size_t n) noexcept {
  u64 lo, hi, hp, tmp;
  std::size_t count = n / 4;
  __asm__ volatile(
      "xorl %k[hp], %k[hp]\n\t"  // hp = 0 and CF = OF = 0
      "1:\n\t"
      "mulxq 0(%[x]), %[lo], %[hi]\n\t"
      "movq 0(%[t]), %[tmp]\n\t"
      "adcxq %[lo], %[tmp]\n\t"
      "adoxq %[hp], %[tmp]\n\t"
      "movq %[tmp], 0(%[t])\n\t"
      "mulxq 8(%[x]), %[lo], %[hp]\n\t"
      "movq 8(%[t]), %[tmp]\n\t"
      "adcxq %[lo], %[tmp]\n\t"
      "adoxq %[hi], %[tmp]\n\t"
      "movq %[tmp], 8(%[t])\n\t"
      "mulxq 16(%[x]), %[lo], %[hi]\n\t"
      "movq 16(%[t]), %[tmp]\n\t"
      "adcxq %[lo], %[tmp]\n\t"
      "adoxq %[hp], %[tmp]\n\t"
      "movq %[tmp], 16(%[t])\n\t"
      "mulxq 24(%[x]), %[lo], %[hp]\n\t"
      "movq 24(%[t]), %[tmp]\n\t"
      "adcxq %[lo], %[tmp]\n\t"
      "adoxq %[hi], %[tmp]\n\t"
      "movq %[tmp], 24(%[t])\n\t"
      "leaq 32(%[x]), %[x]\n\t"
      "leaq 32(%[t]), %[t]\n\t"
      "leaq -1(%[count]), %[count]\n\t"
      "jrcxz 2f\n\t"
      "jmp 1b\n\t"
      "2:\n\t"
      // t[n] += CF + hp (OF chain), then t[n+1] += both chains' carries.
      "movl $0, %k[lo]\n\t"
      "movq 0(%[t]), %[tmp]\n\t"
      "adcxq %[lo], %[tmp]\n\t"
      "adoxq %[hp], %[tmp]\n\t"
      "movq %[tmp], 0(%[t])\n\t"
      "movq 8(%[t]), %[tmp]\n\t"
      "adcxq %[lo], %[tmp]\n\t"
      "adoxq %[lo], %[tmp]\n\t"
      "movq %[tmp], 8(%[t])\n\t"
      : [t] "+r"(t), [x] "+r"(x), [count] "+c"(count), [lo] "=&r"(lo), [hi] "=&r"(hi), [hp] "=&r"(hp),
        [tmp] "=&r"(tmp)
      : "d"(d)
      : "cc", "memory");
}

}  // namespace

void mont_mul_mulx(NatSpan r, NatView a, NatView b, const MontModulus& mod) noexcept {
  const std::size_t n = mod.n;
  u64 buf[2 * kNatMaxLimbs + 2];
  for (std::size_t j = 0; j < 2 * n + 2; ++j) buf[j] = 0;
  u64* t = buf;
  for (std::size_t i = 0; i < n; ++i) {
    // t += a b[i]; then t += u m with u = t[0] m' mod 2^64, which zeroes t[0]: t /= 2^64
    // by moving the window.
    mulx_row(t, a.data(), b[i], n);
    mulx_row(t, mod.m, static_cast<u64>(t[0] * mod.m0inv), n);
    ++t;
  }
  // t < 2m (a < R, b < m): subtract m once unless t < m.
  u64 s[kNatMaxLimbs];
  const Limb borrow = nat_sub(NatSpan(s, n), NatView(t, n), mod.modulus());
  nat_select(NatSpan(s, n), NatView(t, n), mask_from_bit(static_cast<Limb>(borrow & (t[n] ^ 1u))));
  std::memcpy(r.data(), s, n * sizeof(Limb));
  secure_zero(buf, (2 * n + 2) * sizeof(u64));
  secure_zero(s, n * sizeof(u64));
}

}  // namespace tessera::bignum

#endif
