// Mask generation functions for RSA-PSS and RSA-OAEP: MGF1 (RFC 8017, Appendix B.2.1) over
// any tessera::HashId, and the SHAKE MGF of FIPS 186-5 (mask = SHAKE(mgfSeed, maskLen)).
//
// The MGF is a separate choice from the scheme's hash. FIPS 186-5, Section 5.4 and RFC 8702
// use SHAKE128/SHAKE256 as the MGF of PSS with a SHAKE hash, but ACVP's RSA-SigVer- and
// RSA-SigGen-FIPS186-5 vectors name the mask function on its own ("maskFunction": "mgf1",
// "shake-128" or "shake-256") and pair each with every hash: a SHA3-256 PSS with the
// SHAKE128 MGF, and a SHAKE-128 PSS with MGF1 over SHAKE128 (at its 256-bit output length,
// FIPS 186-5 5.4). The vectors settle it (tests/unit/rsa_padding_acvp_test.cpp,
// RsaPaddingAcvp.SigVer, .SigGen and .MaskFunctionIsItsOwnParameter): "mgf1" is MGF1 over
// the PSS hash, even a SHAKE (each block SHAKE(mgfSeed || C) at 32 or 64 bytes), never the
// SHAKE MGF; "shake-128"/"shake-256" is SHAKE(mgfSeed, maskLen) whatever the PSS hash.
// A caller following RFC 8702 alone (id-RSASSA-PSS-SHAKE128/256) passes shake_mgf(hash).
#pragma once

#include <tessera/hash_id.hpp>
#include <tessera/result.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera::rsa {

enum class MgfKind : std::uint8_t {
  mgf1,   // RFC 8017, Appendix B.2.1, over `hash`
  shake,  // FIPS 186-5, Section 5.4 / RFC 8702: mask = SHAKE(mgfSeed, maskLen); hash is a SHAKE
};

struct Mgf {
  MgfKind kind;
  HashId hash;
  friend constexpr bool operator==(const Mgf&, const Mgf&) = default;
};
constexpr Mgf mgf1_with(HashId hash) noexcept { return Mgf{MgfKind::mgf1, hash}; }
constexpr Mgf shake_mgf(HashId shake) noexcept { return Mgf{MgfKind::shake, shake}; }

// RFC 8017, Appendix B.2.1 (MGF1): mask = the leftmost mask.size() bytes of
// Hash(mgfSeed || C) for C = 0, 1, ... (4-byte big-endian). Error::invalid_argument for an
// unknown hash; Error::invalid_length ("mask too long") beyond 2^32 hLen bytes.
Result<void> mgf1(HashId hash, std::span<const std::uint8_t> mgf_seed, std::span<std::uint8_t> mask) noexcept;

// FIPS 186-5, Section 5.4 (and RFC 8702, Sections 2-3): mask = SHAKE128(mgfSeed, 8 maskLen) or
// SHAKE256(mgfSeed, 8 maskLen). Error::unsupported when `shake` is not a SHAKE.
Result<void> mgf_shake(HashId shake, std::span<const std::uint8_t> mgf_seed, std::span<std::uint8_t> mask) noexcept;

// Either of the two, as `mgf` says: mask = MGF(mgfSeed, mask.size()).
Result<void> mgf_generate(Mgf mgf, std::span<const std::uint8_t> mgf_seed, std::span<std::uint8_t> mask) noexcept;

// data ^= MGF(mgfSeed, data.size()): the masking step of PSS (9.1.1 steps 9-10, 9.1.2 steps
// 7-8) and OAEP (7.1.1 steps 2.g-2.j, 7.1.2 steps 3.c-3.f), in place, with the mask kept
// one digest (or one SHAKE block) at a time and wiped. Errors as above (data unchanged).
// The time depends on the lengths only.
Result<void> mgf_xor(Mgf mgf, std::span<const std::uint8_t> mgf_seed, std::span<std::uint8_t> data) noexcept;

}  // namespace tessera::rsa
