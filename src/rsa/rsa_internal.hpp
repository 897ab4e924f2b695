// Internal entry points shared by the RSA files (src/rsa/).
#pragma once

#include <tessera/rsa.hpp>

#include "bignum/nat.hpp"
#include "rsa/rsa_state.hpp"

#include <cstdint>
#include <span>

namespace tessera::rsa {

// RSAEP / RSAVP1 and RSADP / RSASP1 on exactly modulus_bytes() bytes in and out; a
// Failure with code Error{} (0) means success. Nothing is written to out on failure.
// Range: `sp800_56b` selects 1 < x < n - 1 (RSAEP, RSADP), otherwise 0 <= x < n.
enum class Range : bool { rfc8017, sp800_56b };
Failure public_op(const PublicKey& pk, std::span<const std::uint8_t> in, std::span<std::uint8_t> out, Range range) noexcept;
Failure private_op(const PrivateKey& sk, std::span<const std::uint8_t> in, std::span<std::uint8_t> out, Range range) noexcept;

// r = x^-1 mod n (n limbs) for x in [1, n) coprime to n, constant time in x (the blinding
// factor) and in the key: safegcd on 64-bit limbs; Fermat in p and q with CRT on 32-bit.
void inverse_mod_n(bignum::Limb* r, const bignum::Limb* x, const PublicState& ps, const PrivateState& s) noexcept;

}  // namespace tessera::rsa
