// The blinding pair of RSA's private operation (src/rsa/rsa_blinding.hpp).
#include "rsa/rsa_blinding.hpp"

#include <tessera/random.hpp>

#include "common/ct.hpp"
#include "common/secret.hpp"
#include "rsa/rsa_internal.hpp"

#include <atomic>

namespace tessera::rsa {

using bignum::kNatMaxLimbs;
using bignum::Limb;
using bignum::NatSpan;
using bignum::NatView;

namespace {

// A new pair from a new r: uniform in [0, n) up to a bias below 2^-64 (128 extra bits
// reduced mod n). r must be invertible (r = 0 or gcd(r, n) != 1 has probability about
// 2^-1000 with a working random source): r r^-1 = 1 is checked, so that a broken source
// (all zeros) cannot turn the blinding into a multiplication by 0.
Failure draw(BlindingPair& b, const PublicState& ps, const PrivateState& s) noexcept {
  const std::size_t n = ps.n.n;
  constexpr std::size_t kWideLimbs = kNatMaxLimbs + bignum::limbs_for_bytes(16) + 1;
  struct {
    std::uint8_t random[max_modulus_bytes + 16];
    Limb wide[kWideLimbs];
    Limb t[kNatMaxLimbs], r[kNatMaxLimbs], r_inv[kNatMaxLimbs], check[kNatMaxLimbs];
  } w;
  ZeroOnExit wipe_w(w);
  const std::size_t draw_bytes = ps.bytes() + 16;
  if (!random_bytes(std::span(w.random, draw_bytes))) return fail(Error::randomness_failure, "RSA blinding");
  const std::size_t wl = bignum::limbs_for_bytes(draw_bytes);
  (void)bignum::nat_from_be_bytes(NatSpan(w.wide, wl), std::span<const std::uint8_t>(w.random, draw_bytes));
  bignum::mont_from_nat(NatSpan(w.t, n), NatView(w.wide, wl), ps.n);  // r R mod n
  bignum::mont_to_nat(NatSpan(w.r, n), NatView(w.t, n), ps.n);
  inverse_mod_n(w.r_inv, w.r, ps, s);
  bignum::mont_mul(NatSpan(w.check, n), NatView(w.t, n), NatView(w.r_inv, n), ps.n);  // r r^-1 mod n
  Limb one[kNatMaxLimbs] = {1};
  if (ct::declassify_value(bignum::nat_eq_mask(NatView(w.check, n), NatView(one, n))) == 0)
    return fail(Error::invalid_state, "RSA blinding (the random factor is not invertible)");
  bignum::mont_exp_vartime(NatSpan(b.a, n), NatView(w.t, n), ps.e_view(), ps.n);  // r^e R
  bignum::mont_from_nat(NatSpan(b.ai, n), NatView(w.r_inv, n), ps.n);             // r^-1 R
  return Failure{};
}

}  // namespace

Blinding::Blinding(const PrivateKey& sk, const PublicState& ps, const PrivateState& s) noexcept {
  BlindingCache& c = Access::blinding(sk);
  if (std::atomic_ref<std::uint32_t>(c.held).exchange(1, std::memory_order_acquire) != 0) {
    failure_ = draw(own_, ps, s);  // another operation holds the key's pair
    return;
  }
  cache_ = &c;
  const std::size_t n = ps.n.n;
  if (c.uses != 0 && c.uses < kUsesPerDraw) {  // r -> r^2: (r^e R)^2 / R and (r^-1 R)^2 / R
    bignum::mont_mul(NatSpan(c.pair.a, n), NatView(c.pair.a, n), NatView(c.pair.a, n), ps.n);
    bignum::mont_mul(NatSpan(c.pair.ai, n), NatView(c.pair.ai, n), NatView(c.pair.ai, n), ps.n);
    ++c.uses;
    return;
  }
  c.uses = 0;
  failure_ = draw(c.pair, ps, s);
  if (failure_.code == Error{}) c.uses = 1;
  else secure_zero_object(c.pair);
}

Blinding::~Blinding() {
  if (cache_ != nullptr) std::atomic_ref<std::uint32_t>(cache_->held).store(0, std::memory_order_release);
  else secure_zero_object(own_);
}

}  // namespace tessera::rsa
