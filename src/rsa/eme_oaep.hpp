// EME-OAEP (RFC 8017, Section 7.1): the encoding of RSAES-OAEP, with the hash (lHash) and
// the MGF1 hash chosen separately (tessera::HashId: SHA-1, SHA-2, SHA-3; SHAKE is not
// defined for OAEP: Error::unsupported). The label L may have any length.
//
// Decoding is constant time (Manger's attack, CRYPTO 2001): no branch, memory index or loop
// bound depends on the decrypted EM. Y != 0, lHash' != lHash and a missing 0x01 separator
// are accumulated in one mask and reported together, at the end, as one
// Error::invalid_encoding ("RSA-OAEP ciphertext"); the message is found by a constant-time
// scan and moved to the front by a constant-time shift (as OpenSSL's
// RSA_padding_check_PKCS1_OAEP_mgf1 does).
#pragma once

#include <tessera/hash_id.hpp>
#include <tessera/result.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera::rsa {

// The longest message an EM of k bytes holds: k - 2 hLen - 2 (RFC 8017 7.1.1 step 1.b);
// 0 when k < 2 hLen + 2 or the hash is not an OAEP hash.
std::size_t oaep_max_message_bytes(HashId hash, std::size_t k) noexcept;

// RFC 8017, Section 7.1.1 (RSAES-OAEP-ENCRYPT), steps 1.b and 2 (EME-OAEP encoding), with the
// seed of step 2.d given (seed.size() == hLen; the caller draws it). em.size() is k, the
// modulus length (at most 512). Errors (em zeroed): Error::unsupported (SHAKE or unknown
// hash), Error::invalid_length ("RSA-OAEP seed": seed.size() != hLen; "RSA-OAEP encoded
// message": k < 2 hLen + 2 or k > 512; "RSA-OAEP message": mLen > k - 2 hLen - 2, step 1.b's
// "message too long").
Result<void> eme_oaep_encode(HashId hash, HashId mgf1_hash, std::span<const std::uint8_t> label,
                             std::span<const std::uint8_t> m, std::span<const std::uint8_t> seed,
                             std::span<std::uint8_t> em) noexcept;

// RFC 8017, Section 7.1.2 (RSAES-OAEP-DECRYPT), steps 1.c (k >= 2 hLen + 2) and 3 (EME-OAEP
// decoding) of em = EM (k bytes, secret). Writes the message M at the front of out and
// returns mLen. out.size() must be at least oaep_max_message_bytes(hash, k), so that no
// length depends on M; the bytes of out after M are zeroed.
// Errors (public arguments, checked first): Error::unsupported (SHAKE or unknown hash),
// Error::invalid_length ("RSA-OAEP encoded message": k < 2 hLen + 2 or k > 512; "RSA-OAEP
// output": out too short). Decoding failure (any of Y != 0, lHash' != lHash, no 0x01
// after PS): Error::invalid_encoding ("RSA-OAEP ciphertext"), with out zeroed.
Result<std::size_t> eme_oaep_decode(HashId hash, HashId mgf1_hash, std::span<const std::uint8_t> label,
                                    std::span<const std::uint8_t> em, std::span<std::uint8_t> out) noexcept;

}  // namespace tessera::rsa
