// Probable primes for RSA key generation (FIPS 186-5 Appendices A.1.3 and B.3).
#pragma once

#include <tessera/result.hpp>

#include "bignum/nat.hpp"

#include <cstddef>

namespace tessera::rsa {

// Miller-Rabin rounds for a prime of `bits` bits (FIPS 186-5 Table B.1, the column of the
// error probability that matches the modulus's security strength: 2^-112 for 1024-bit
// primes, 2^-128 for 1536, 2^-144 for 2048).
constexpr int miller_rabin_rounds(std::size_t bits) noexcept { return bits <= 1024 ? 5 : 4; }

// Whether w (odd, of w.size() limbs, top limb nonzero) is divisible by one of the odd
// primes below 1000: a cheap filter before Miller-Rabin. Constant time in w.
[[nodiscard]] bool has_small_factor(bignum::NatView w) noexcept;

// FIPS 186-5 B.3.1 (Miller-Rabin) with `rounds` random bases. Constant time in w except
// for a, the number of factors of 2 in w - 1 (treated as public, as BoringSSL does: it
// reveals about two bits of a prime that is kept). Error::randomness_failure if the random
// source fails; otherwise whether w is a probable prime.
[[nodiscard]] Result<bool> miller_rabin(bignum::NatView w, int rounds) noexcept;

}  // namespace tessera::rsa
