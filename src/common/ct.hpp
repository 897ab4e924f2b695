// Constant-time building blocks. Every function here runs in time independent of the
// values of its arguments (no branches, no secret-indexed memory, no division).
#pragma once

#include "tessera_config.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#if TESSERA_CT_CHECK
#include <valgrind/memcheck.h>
#endif

namespace tessera::ct {

// Hides a value from the optimizer so it cannot turn mask arithmetic back into a branch.
template <class T>
inline T value_barrier(T x) noexcept {
  static_assert(std::is_integral_v<T>);
  __asm__("" : "+r"(x));
  return x;
}

// All ones if bit is 1, zero if bit is 0. Precondition: bit is 0 or 1.
template <class T>
inline T mask_from_bit(T bit) noexcept {
  static_assert(std::is_unsigned_v<T>);
  return static_cast<T>(T{0} - value_barrier(bit));
}

// All ones if x == 0, else zero.
inline std::uint32_t mask_is_zero(std::uint32_t x) noexcept {
  // (x | -x) has its top bit set iff x != 0.
  const std::uint32_t nz = (x | (0u - x)) >> 31;
  return mask_from_bit(nz ^ 1u);
}
inline std::uint64_t mask_is_zero(std::uint64_t x) noexcept {
  const std::uint64_t nz = (x | (0ull - x)) >> 63;
  return mask_from_bit(nz ^ 1ull);
}

// All ones if a == b, else zero.
inline std::uint32_t mask_eq(std::uint32_t a, std::uint32_t b) noexcept { return mask_is_zero(a ^ b); }

// All ones if a < b (unsigned), else zero.
inline std::uint32_t mask_lt(std::uint32_t a, std::uint32_t b) noexcept {
  const std::uint64_t d = static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b);
  return mask_from_bit(static_cast<std::uint32_t>(d >> 63));
}

// mask ? a : b, for a mask of all ones or all zeros.
template <class T>
inline T select(T mask, T a, T b) noexcept {
  static_assert(std::is_unsigned_v<T>);
  return static_cast<T>(b ^ (value_barrier(mask) & (a ^ b)));
}

// All ones (0xFF) if the two byte strings are equal, else zero. Lengths are public: strings
// of different lengths are not equal (0, and neither is read); two empty strings are equal.
// The time depends on the length only, never on where (or whether) the strings differ.
inline std::uint8_t mask_bytes_eq(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) noexcept {
  if (a.size() != b.size()) return 0;  // public lengths: a branch is fine
  std::uint32_t diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<std::uint32_t>(a[i] ^ b[i]);
  // The barrier keeps the reduction a mask: without it the optimizer may turn the OR chain
  // and the zero test into an early exit at the first differing byte.
  return static_cast<std::uint8_t>(mask_is_zero(value_barrier(diff)));
}

// dst = mask ? src : dst, byte by byte (mask 0xFF or 0x00). Lengths are public.
inline void cmov_bytes(std::span<std::uint8_t> dst, std::span<const std::uint8_t> src, std::uint8_t mask) noexcept {
  const std::uint8_t m = value_barrier(mask);
  for (std::size_t i = 0; i < dst.size(); ++i) dst[i] = static_cast<std::uint8_t>(dst[i] ^ (m & (dst[i] ^ src[i])));
}

// Constant-time checking (tests/ct): poison marks secret bytes as undefined for valgrind
// memcheck, so any branch or memory index that depends on them is reported; declassify
// marks bytes that are public by design (every call says why). No-ops in normal builds.
inline void poison([[maybe_unused]] const void* p, [[maybe_unused]] std::size_t n) noexcept {
#if TESSERA_CT_CHECK
  VALGRIND_MAKE_MEM_UNDEFINED(p, n);
#endif
}
inline void declassify([[maybe_unused]] const void* p, [[maybe_unused]] std::size_t n) noexcept {
#if TESSERA_CT_CHECK
  VALGRIND_MAKE_MEM_DEFINED(p, n);
#endif
}
template <class T>
inline T declassify_value(T x) noexcept {
  declassify(&x, sizeof x);
  return x;
}

}  // namespace tessera::ct
