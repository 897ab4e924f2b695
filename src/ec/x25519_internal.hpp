// Internal entry points of X25519 (src/ec/x25519.cpp) for the tests and the benchmark.
#pragma once

#include <cstdint>

namespace tessera::ec {

// RFC 7748, Section 5: out = X25519(scalar, u), with the field implementation this build
// chose (x25519_field_name()). No check of the output.
void x25519_raw(std::uint8_t out[32], const std::uint8_t scalar[32], const std::uint8_t u[32]) noexcept;
// out = X25519(scalar, 9): the public key of a scalar (RFC 7748, Section 6.1).
void x25519_base(std::uint8_t out[32], const std::uint8_t scalar[32]) noexcept;
// "radix 2^51 (64-bit)" or "radix 2^25.5 (32-bit)".
const char* x25519_field_name() noexcept;

}  // namespace tessera::ec
