// The Jacobi symbol of public naturals (bignum/nat.hpp, nat_jacobi_vartime).
#include "bignum/nat.hpp"

#include <cstring>

namespace tessera::bignum {

int nat_jacobi_vartime(NatView a_in, NatView n_in) noexcept {
  const std::size_t len = n_in.size();
  Limb a[kNatMaxLimbs], n[kNatMaxLimbs];
  std::memcpy(a, a_in.data(), len * sizeof(Limb));
  std::memcpy(n, n_in.data(), len * sizeof(Limb));
  const auto is_zero = [len](const Limb* x) {
    for (std::size_t i = 0; i < len; ++i)
      if (x[i] != 0) return false;
    return true;
  };
  const auto shr1 = [len](Limb* x) {
    for (std::size_t i = 0; i < len; ++i)
      x[i] = static_cast<Limb>((x[i] >> 1) | (i + 1 < len ? static_cast<Limb>(x[i + 1] << (kLimbBits - 1)) : 0));
  };
  int t = 1;
  // Invariant: n odd, and the answer is t (a / n).
  while (!is_zero(a)) {
    // (2 / n) = -1 exactly when n = 3 or 5 mod 8.
    while ((a[0] & 1u) == 0) {
      shr1(a);
      const unsigned r = static_cast<unsigned>(n[0] & 7u);
      if (r == 3 || r == 5) t = -t;
    }
    // Now a is odd. Quadratic reciprocity when swapping: (a / n) = -(n / a) iff both are
    // 3 mod 4. Keep a >= n, then a - n is even and (a / n) = ((a - n) / n).
    if (nat_lt_mask(NatView(a, len), NatView(n, len)) != 0) {
      for (std::size_t i = 0; i < len; ++i) {
        const Limb x = a[i];
        a[i] = n[i];
        n[i] = x;
      }
      if ((a[0] & 3u) == 3 && (n[0] & 3u) == 3) t = -t;
    }
    (void)nat_sub(NatSpan(a, len), NatView(a, len), NatView(n, len));
  }
  // gcd(a, n) = n now: the symbol is t if that gcd is 1, else 0.
  Limb one[kNatMaxLimbs] = {1};
  return nat_eq_mask(NatView(n, len), NatView(one, len)) != 0 ? t : 0;
}

}  // namespace tessera::bignum
