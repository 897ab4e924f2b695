// The X25519 kernel table (docs/architecture.md, "The seam"): the ladder and the fixed-base
// scalar multiplication of one field implementation. portable: radix 2^51 (or the 32-bit
// radix 2^25.5 path); avx2 and avx512 backends on CPUs with BMI2 and ADX: radix 2^64 with
// MULX/ADX (src/ec/x25519_mulx.cpp).
#pragma once

#include <tessera/backend.hpp>

#include <cstdint>

namespace tessera::ec::x25519_detail {

struct Kernels {
  const char* name;
  // out = X25519(k, u) (RFC 7748, Section 5; k clamped inside).
  void (*x25519)(std::uint8_t out[32], const std::uint8_t k[32], const std::uint8_t u[32]) noexcept;
  // out = X25519(k, 9).
  void (*base)(std::uint8_t out[32], const std::uint8_t k[32]) noexcept;
  friend bool operator==(const Kernels&, const Kernels&) = default;
};

// The table of the MULX/ADX field (x86-64 SIMD builds only).
Kernels mulx_table() noexcept;
// The 4-lane AVX-512 IFMA ladder, with the MULX/ADX fixed-base key generation (x86-64
// AVX-512 builds only; CPUs with AVX512-IFMA, AVX512-VL, BMI2 and ADX).
Kernels ifma_table() noexcept;

const Kernels& kernels_for(Backend b) noexcept;
const Kernels& kernels() noexcept;

}  // namespace tessera::ec::x25519_detail
