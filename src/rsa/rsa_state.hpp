// The state inside rsa::PublicKey and rsa::PrivateKey (include/tessera/rsa.hpp keeps it as
// opaque bytes, so that the public header does not depend on the limb type of the build).
#pragma once

#include <tessera/rsa.hpp>

#include "bignum/nat.hpp"

#include <cstddef>
#include <cstdint>
#include <new>

namespace tessera::rsa {

struct PublicState {
  bignum::MontModulus n;
  bignum::Limb e[bignum::kNatMaxLimbs];
  std::size_t e_limbs;
  std::size_t bits;  // of n
#if TESSERA_NAT_IFMA
  bignum::Limb rr52[bignum::kNatMaxLimbs];  // bignum::mont_rr52 of n (zero unless n.ifma)
#endif
  std::size_t bytes() const noexcept { return (bits + 7) / 8; }
  bignum::NatView e_view() const noexcept { return {e, e_limbs}; }
  // What bignum::mod_exp_vartime takes with n.
  bignum::NatView rr52_view() const noexcept {
#if TESSERA_NAT_IFMA
    return {rr52, n.n};
#else
    return {};
#endif
  }
};

// Every secret of a private key. d, dp, dq and qinv have the limb counts of n, p, q and p.
struct PrivateState {
  bignum::MontModulus p, q;
  bignum::Limb d[bignum::kNatMaxLimbs];
  bignum::Limb dp[bignum::kNatMaxLimbs];
  bignum::Limb dq[bignum::kNatMaxLimbs];
  bignum::Limb qinv[bignum::kNatMaxLimbs];
};

// The blinding pair a private key keeps (src/rsa/rsa_blinding.hpp): A = r^e R and
// Ai = r^-1 R mod n (Montgomery form, n limbs each).
struct BlindingPair {
  bignum::Limb a[bignum::kNatMaxLimbs];
  bignum::Limb ai[bignum::kNatMaxLimbs];
};
struct BlindingCache {
  BlindingPair pair;
  std::uint32_t held;  // 1 while an operation uses pair (std::atomic_ref)
  std::uint32_t uses;  // operations since r was drawn; 0: no pair drawn yet
};

static_assert(sizeof(PublicState) <= kPublicStateBytes && alignof(PublicState) <= 16);
static_assert(sizeof(PrivateState) <= kPrivateStateBytes && alignof(PrivateState) <= 16);
static_assert(sizeof(BlindingCache) <= kBlindingStateBytes && alignof(BlindingCache) <= 16);

// The library's view of a key's state.
struct Access {
  // The storage is aligned for the state (alignas(16) in the public header): the casts go
  // through void* so that -Wcast-align does not see a uint8_t* widened.
  static PublicState& state(PublicKey& k) noexcept { return *std::launder(static_cast<PublicState*>(static_cast<void*>(k.state_))); }
  static const PublicState& state(const PublicKey& k) noexcept {
    return *std::launder(static_cast<const PublicState*>(static_cast<const void*>(k.state_)));
  }
  static PrivateState& state(PrivateKey& k) noexcept {
    return *std::launder(static_cast<PrivateState*>(static_cast<void*>(k.state_)));
  }
  static const PrivateState& state(const PrivateKey& k) noexcept {
    return *std::launder(static_cast<const PrivateState*>(static_cast<const void*>(k.state_)));
  }
  // The blinding storage is mutable: private operations on a const key renew it.
  static BlindingCache& blinding(const PrivateKey& k) noexcept {
    return *std::launder(static_cast<BlindingCache*>(static_cast<void*>(k.blinding_)));
  }
  static PublicKey& public_key(PrivateKey& k) noexcept { return k.pub_; }
  static PublicKey make_public() noexcept { return PublicKey(); }
};

}  // namespace tessera::rsa
