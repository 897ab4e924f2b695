// ECDSA signature encodings: DER (the SEQUENCE { r INTEGER, s INTEGER } of RFC 5480 s2.2.3
// and RFC 3279 s2.2.3, in the Distinguished Encoding Rules of X.690) and the raw form of
// IEEE P1363 / FIPS 186-5 (r || s, each a big-endian scalar of exactly scalar_bytes).
//
// The DER decoder is strict: it accepts exactly one encoding per (r, s) and rejects every
// other byte string (wrong tags, long-form lengths where the short form fits, lengths of
// more bytes than needed, the indefinite length, trailing bytes inside or after the
// SEQUENCE, negative INTEGERs, leading zero bytes that are not needed, a missing leading
// zero before a set high bit, INTEGERs longer than a scalar, zero values, truncation), so
// a signature cannot be altered into another valid encoding of itself (malleability).
// The range check 1 <= r, s < n is the verifier's (FIPS 186-5, 6.4.2 step 1).
//
// These functions read public data only (signatures) and are not constant time.
#pragma once

#include <tessera/result.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera::ec {

// The largest scalar this codec supports: an INTEGER's length byte is always short form
// (at most 127 content bytes), which covers every curve of SP 800-186 (P-521: 66 bytes).
inline constexpr std::size_t kDerMaxScalarBytes = 125;

// The longest DER signature for a scalar of `scalar_bytes` bytes: each INTEGER is a tag, a
// length and at most scalar_bytes + 1 content bytes (a leading zero before a set high
// bit); the SEQUENCE length takes a second byte from 128 content bytes up (X.690, 8.1.3.5).
constexpr std::size_t der_signature_max_bytes(std::size_t scalar_bytes) noexcept {
  const std::size_t content = 2 * (2 + scalar_bytes + 1);
  return content < 128 ? 2 + content : 3 + content;
}
static_assert(der_signature_max_bytes(32) == 72 && der_signature_max_bytes(48) == 104 &&
              der_signature_max_bytes(66) == 141);

// Writes the DER encoding of (r, s) to out and returns its length. r and s are big-endian
// and of the same size (scalar_bytes, at most kDerMaxScalarBytes); out must hold
// der_signature_max_bytes(scalar_bytes). Error::invalid_length (out zeroed) otherwise.
[[nodiscard]] Result<std::size_t> der_encode_signature(std::span<const std::uint8_t> r,
                                                       std::span<const std::uint8_t> s,
                                                       std::span<std::uint8_t> out) noexcept;

// Parses a DER signature into r and s (big-endian, left-padded to r.size() == s.size()).
// Error::invalid_encoding naming the defect for any non-canonical or malformed input;
// Error::invalid_length if r and s differ in size or exceed kDerMaxScalarBytes. On error r
// and s are zeroed.
[[nodiscard]] Result<void> der_decode_signature(std::span<const std::uint8_t> der, std::span<std::uint8_t> r,
                                                std::span<std::uint8_t> s) noexcept;

// IEEE P1363: splits r || s (exactly r.size() + s.size() bytes, r.size() == s.size()).
// Error::invalid_length otherwise (r and s zeroed). Values are not range-checked here.
[[nodiscard]] Result<void> p1363_decode_signature(std::span<const std::uint8_t> raw, std::span<std::uint8_t> r,
                                                  std::span<std::uint8_t> s) noexcept;

}  // namespace tessera::ec
