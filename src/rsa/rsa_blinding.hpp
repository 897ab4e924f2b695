// The blinding of RSA's private operation (src/rsa/rsa_primitives.cpp): a pair
// (A, Ai) = (r^e, r^-1) mod n for a random r, with which RSADP runs on c A and multiplies
// its result by Ai (RFC 8017 leaves the blinding to the implementation; this is Kocher's
// base blinding, as OpenSSL's BN_BLINDING does it).
//
// Drawing r costs an inversion modulo n (safegcd, or Fermat in p and q on 32-bit targets)
// and an exponentiation by e: 12 % of an RSA-2048 private operation on x86-64, as much
// again as the operation itself on a microcontroller. So the key keeps its pair and renews
// it by squaring (r -> r^2: A -> A^2, Ai -> Ai^2, two multiplications), drawing a new r
// every kUsesPerDraw operations. One operation at a time holds the key's pair (an atomic
// flag taken with exchange, no lock to wait on); an operation that finds it held draws a
// pair of its own, so keys stay usable from many threads at once.
#pragma once

#include <tessera/result.hpp>
#include <tessera/rsa.hpp>

#include "bignum/nat.hpp"
#include "rsa/rsa_state.hpp"

#include <cstdint>

namespace tessera::rsa {

inline constexpr std::uint32_t kUsesPerDraw = 32;  // as OpenSSL's BN_BLINDING_COUNTER

// The pair for one private operation: the key's, renewed (taken if no other operation
// holds it, given back by the destructor), or a fresh one of its own. Error::randomness_failure
// if the random source fails, Error::invalid_state if r is not invertible (a broken source).
class Blinding {
 public:
  Blinding(const PrivateKey& sk, const PublicState& ps, const PrivateState& s) noexcept;
  ~Blinding();
  Blinding(const Blinding&) = delete;
  Blinding& operator=(const Blinding&) = delete;

  const Failure& failure() const noexcept { return failure_; }
  const BlindingPair& pair() const noexcept { return cache_ != nullptr ? cache_->pair : own_; }

 private:
  BlindingCache* cache_ = nullptr;  // the key's, while held; else own_ is the pair
  BlindingPair own_;
  Failure failure_{};
};

}  // namespace tessera::rsa
