// ECDSA message hashing (FIPS 186-5, 6.4.1 steps 1-5; RFC 6979, Section 2.3.2 bits2int
// and 2.3.4 bits2octets) and the group-order constants the nonce generator compares with.
// Internal to src/ec/.
#pragma once

#include "common/ct.hpp"

#include <tessera/ecdsa.hpp>
#include <tessera/hmac.hpp>
#include <tessera/sha3.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera::ec {

// The group order n, big-endian (SP 800-186, Section 3.2.1.3 / 3.2.1.4; checked against
// OpenSSL's EC_GROUP_get0_order in tests/unit/ecdsa_test.cpp).
template <class C> struct GroupOrder;
template <> struct GroupOrder<P256> {
  static constexpr std::array<std::uint8_t, 32> n = {
      0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
      0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51};
};
template <> struct GroupOrder<P384> {
  static constexpr std::array<std::uint8_t, 48> n = {
      0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
      0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xC7, 0x63, 0x4D, 0x81, 0xF4, 0x37, 0x2D, 0xDF,
      0x58, 0x1A, 0x0D, 0xB2, 0x48, 0xB0, 0xA7, 0x7A, 0xEC, 0xEC, 0x19, 0x6A, 0xCC, 0xC5, 0x29, 0x73};
};

// The hash behind the nonce generator's HMAC_DRBG: H itself for SHA-2 and SHA-3 (RFC 6979
// s3.2, FIPS 186-5 6.3.2); for the SHAKE hashes, which have no HMAC, SHA3-256 (SHAKE128)
// and SHA3-512 (SHAKE256), the SHA-3 functions of the same security strength.
template <class H> struct NonceHash { using type = H; };
template <> struct NonceHash<Shake128_256> { using type = Sha3_256; };
template <> struct NonceHash<Shake256_512> { using type = Sha3_512; };

// bits2int (RFC 6979 s2.3.2; FIPS 186-5 6.4.1 step 4: "E = the leftmost min(N, hashlen)
// bits of H"), as a big-endian string of ceil(order_bits / 8) bytes: a hash no longer than
// the order is right-aligned (zeros in front); a longer one keeps its leftmost order_bits
// bits. The result is < 2^order_bits. Lengths and shifts are public.
template <std::size_t OrderBits, std::size_t OutBytes>
void bits2int(std::span<const std::uint8_t> in, std::span<std::uint8_t, OutBytes> out) noexcept {
  static_assert(OutBytes == (OrderBits + 7) / 8);
  if (in.size() * 8 <= OrderBits) {
    const std::size_t off = OutBytes - in.size();
    for (std::size_t i = 0; i < off; ++i) out[i] = 0;
    for (std::size_t i = 0; i < in.size(); ++i) out[off + i] = in[i];
    return;
  }
  for (std::size_t i = 0; i < OutBytes; ++i) out[i] = in[i];
  // Drop the 8 * OutBytes - OrderBits extra low bits (0 for P-256 and P-384).
  constexpr unsigned shift = 8 * OutBytes - OrderBits;
  if constexpr (shift != 0) {
    for (std::size_t i = OutBytes; i-- > 0;) {
      const unsigned hi = i > 0 ? static_cast<unsigned>(out[i - 1]) << (8 - shift) : 0u;
      out[i] = static_cast<std::uint8_t>((out[i] >> shift) | hi);
    }
  }
}

// All ones (0xFF) if the big-endian value a is in [1, n-1], else zero: a borrow chain over
// every byte, no early exit (constant time in a).
template <std::size_t N>
std::uint8_t mask_in_range(std::span<const std::uint8_t, N> a, const std::array<std::uint8_t, N>& n) noexcept {
  std::uint32_t borrow = 0, any = 0;
  for (std::size_t i = N; i-- > 0;) {
    const std::uint32_t d = static_cast<std::uint32_t>(a[i]) - static_cast<std::uint32_t>(n[i]) - borrow;
    borrow = (d >> 8) & 1u;
    any |= a[i];
  }
  // borrow = 1 iff a < n; any != 0 iff a != 0.
  const std::uint32_t nonzero = 1u ^ (ct::mask_is_zero(any) & 1u);
  return static_cast<std::uint8_t>(ct::mask_from_bit(static_cast<std::uint8_t>(borrow & nonzero)));
}

}  // namespace tessera::ec
