// Constant-time division by any modulus (bignum/nat.hpp: nat_mod, nat_divmod).
#include "bignum/nat.hpp"

#include "common/secret.hpp"

#include <cstring>

namespace tessera::bignum {

namespace {

// Restoring division one bit at a time (the quotient bit is "no borrow"), into q if given.
void divide(Limb* q, NatSpan r, NatView x, NatView m) noexcept {
  const std::size_t n = m.size();
  // acc < m before each step, so 2 acc + 1 < 2m fits in n + 1 limbs and one masked
  // subtraction brings it back below m.
  Limb acc[kNatMaxLimbs + 1] = {}, t[kNatMaxLimbs + 1], mm[kNatMaxLimbs + 1] = {};
  std::memcpy(mm, m.data(), n * sizeof(Limb));
  for (std::size_t i = x.size() * kLimbBits; i-- > 0;) {
    const Limb bit = static_cast<Limb>((x[i / kLimbBits] >> (i % kLimbBits)) & 1u);
    Limb carry = bit;  // acc = 2 acc + bit
    for (std::size_t j = 0; j <= n; ++j) {
      const Limb top = static_cast<Limb>(acc[j] >> (kLimbBits - 1));
      acc[j] = static_cast<Limb>((acc[j] << 1) | carry);
      carry = top;
    }
    const Limb borrow = nat_sub(NatSpan(t, n + 1), NatView(acc, n + 1), NatView(mm, n + 1));
    nat_select(NatSpan(acc, n + 1), NatView(t, n + 1), mask_from_bit(static_cast<Limb>(borrow ^ 1u)));
    if (q != nullptr) q[i / kLimbBits] |= static_cast<Limb>(static_cast<Limb>(borrow ^ 1u) << (i % kLimbBits));
  }
  std::memcpy(r.data(), acc, n * sizeof(Limb));
  secure_zero(acc, sizeof(acc));
  secure_zero(t, sizeof(t));
}

}  // namespace

void nat_mod(NatSpan r, NatView x, NatView m) noexcept { divide(nullptr, r, x, m); }

void nat_divmod(NatSpan q, NatSpan r, NatView x, NatView m) noexcept {
  for (Limb& l : q) l = 0;
  divide(q.data(), r, x, m);
}

}  // namespace tessera::bignum
