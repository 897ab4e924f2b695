// EMSA-PSS (RFC 8017, Section 9.1): the encoding of RSASSA-PSS signatures, from a message
// digest, over any tessera::HashId (SHAKE128/SHAKE256 at the FIPS 186-5 5.4 lengths) and
// any mask generation function (src/rsa/mgf.hpp: MGF1 over any hash, or the SHAKE MGF).
// The salt is the caller's (drawn from the DRBG, or a test's); any length that fits,
// including 0. emBits = modBits - 1 and emLen = ceil(emBits / 8) (RFC 8017 8.1.1 step 1):
// when modBits - 1 is a multiple of 8 the EM is one byte shorter than the modulus.
#pragma once

#include "rsa/mgf.hpp"

#include <tessera/hash_id.hpp>
#include <tessera/result.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera::rsa {

// emLen for emBits: ceil(emBits / 8).
constexpr std::size_t pss_em_bytes(std::size_t em_bits) noexcept { return (em_bits + 7) / 8; }

// RFC 8017, Section 9.1.1 (EMSA-PSS-ENCODE), steps 3 and 5-13, with mHash = Hash(M) given
// (steps 1-2 are the caller's) and the salt of step 4 given. em.size() must be
// pss_em_bytes(em_bits). Errors (em zeroed): Error::invalid_argument (unknown hash or MGF),
// Error::invalid_length ("RSA-PSS message digest": m_hash.size() != hLen; "RSA-PSS encoded
// message": em.size() != emLen; "RSA-PSS salt": emLen < hLen + sLen + 2, the "encoding
// error" of step 3).
Result<void> emsa_pss_encode(HashId hash, Mgf mgf, std::span<const std::uint8_t> m_hash,
                             std::span<const std::uint8_t> salt, std::size_t em_bits,
                             std::span<std::uint8_t> em) noexcept;

// RFC 8017, Section 9.1.2 (EMSA-PSS-VERIFY), steps 3-14, with mHash given and the expected
// salt length s_len. em is EM = I2OSP(m, emLen) (RFC 8017 8.1.2 step 2.c), em.size() ==
// pss_em_bytes(em_bits). True for "consistent"; false for "inconsistent" and for any
// argument error (unknown hash, wrong lengths, EM longer than 512 bytes). Public data: the
// checks may return early.
bool emsa_pss_verify(HashId hash, Mgf mgf, std::span<const std::uint8_t> m_hash,
                     std::span<const std::uint8_t> em, std::size_t em_bits, std::size_t s_len) noexcept;

}  // namespace tessera::rsa
