// Constant-time binary GCD (bignum/nat.hpp, nat_gcd): Stein's algorithm (Knuth, TAOCP
// vol. 2, 4.5.2, Algorithm B) with a fixed number of steps and masked choices.
#include "bignum/nat.hpp"

#include "common/secret.hpp"

#include <cstring>

namespace tessera::bignum {

namespace {

// a = a >> 1 where mask is all ones.
void shr1_masked(Limb* a, std::size_t n, Limb mask) noexcept {
  for (std::size_t i = 0; i < n; ++i) {
    const Limb hi = i + 1 < n ? static_cast<Limb>(a[i + 1] << (kLimbBits - 1)) : Limb{0};
    const Limb shifted = static_cast<Limb>((a[i] >> 1) | hi);
    a[i] = static_cast<Limb>(a[i] ^ (mask & (a[i] ^ shifted)));
  }
}
void shl1_masked(Limb* a, std::size_t n, Limb mask) noexcept {
  for (std::size_t i = n; i-- > 0;) {
    const Limb lo = i > 0 ? static_cast<Limb>(a[i - 1] >> (kLimbBits - 1)) : Limb{0};
    const Limb shifted = static_cast<Limb>((a[i] << 1) | lo);
    a[i] = static_cast<Limb>(a[i] ^ (mask & (a[i] ^ shifted)));
  }
}
// (a, b) = (b, a) where mask is all ones.
void swap_masked(Limb* a, Limb* b, std::size_t n, Limb mask) noexcept {
  for (std::size_t i = 0; i < n; ++i) {
    const Limb x = static_cast<Limb>(mask & (a[i] ^ b[i]));
    a[i] ^= x;
    b[i] ^= x;
  }
}

}  // namespace

void nat_gcd(NatSpan r, NatView a, NatView b) noexcept {
  const std::size_t n = a.size();
  const std::size_t bits = n * kLimbBits;
  struct {
    Limb u[kNatMaxLimbs], v[kNatMaxLimbs], t[kNatMaxLimbs];
  } s;
  std::memcpy(s.u, a.data(), n * sizeof(Limb));
  std::memcpy(s.v, b.data(), n * sizeof(Limb));
  // Step B1: k = the number of factors of 2 common to u and v, divided out of both.
  Limb k = 0;
  for (std::size_t i = 0; i < bits; ++i) {
    const Limb both_even = mask_from_bit(static_cast<Limb>(((s.u[0] | s.v[0]) & 1u) ^ 1u));
    shr1_masked(s.u, n, both_even);
    shr1_masked(s.v, n, both_even);
    k = static_cast<Limb>(k + (both_even & 1u));
  }
  // Now u or v is odd: make it u.
  swap_masked(s.u, s.v, n, mask_from_bit(static_cast<Limb>((s.u[0] & 1u) ^ 1u)));
  // Steps B2-B6 with u odd throughout: v even: v /= 2; else (after ordering u <= v)
  // v = (v - u) / 2. Each step shortens u or v by a bit (their total is at most 2 bits), so
  // 2 bits steps reach v = 0, leaving u = gcd / 2^k.
  for (std::size_t i = 0; i < 2 * bits; ++i) {
    const Limb v_odd = mask_from_bit(static_cast<Limb>(s.v[0] & 1u));
    const Limb v_lt_u = nat_lt_mask(NatView(s.v, n), NatView(s.u, n));
    swap_masked(s.u, s.v, n, static_cast<Limb>(v_odd & v_lt_u));
    (void)nat_sub(NatSpan(s.t, n), NatView(s.v, n), NatView(s.u, n));
    nat_select(NatSpan(s.v, n), NatView(s.t, n), v_odd);
    shr1_masked(s.v, n, ~Limb{0});
  }
  // gcd = u 2^k: bits masked doublings, the first k of them taken.
  for (std::size_t i = 0; i < bits; ++i) {
    const Limb d = static_cast<Limb>(static_cast<Limb>(i) - k);  // top bit set iff i < k
    shl1_masked(s.u, n, mask_from_bit(static_cast<Limb>(d >> (kLimbBits - 1))));
  }
  std::memcpy(r.data(), s.u, n * sizeof(Limb));
  secure_zero_object(s);
  secure_zero(&k, sizeof(k));
}

}  // namespace tessera::bignum
