// 64-bit limb primitives for the unrolled portable field code (src/ec/p256_field64.hpp,
// bignum/mont_mul64.hpp): add and subtract with carry, and the 128-bit product.
//
// Carry chains: _addcarry_u64 / _subborrow_u64 on x86-64, elsewhere comparisons (which
// compilers turn into flag-setting add/subtract chains; g++ makes poor code of
// double-width carries). Products through unsigned __int128. Constant time: no branches.
#pragma once

#include <cstdint>

#if defined(__x86_64__) && !defined(TESSERA_NO_X86_ADC)
#include <x86intrin.h>
#endif

#if defined(__SIZEOF_INT128__)

namespace tessera::bignum::w64 {

using u64 = std::uint64_t;
__extension__ typedef unsigned __int128 u128;  // __extension__: -Wpedantic

// out = a + b + c (c in {0, 1}); returns the carry.
[[gnu::always_inline]] inline unsigned adc(unsigned c, u64 a, u64 b, u64& out) noexcept {
#if defined(__x86_64__) && !defined(TESSERA_NO_X86_ADC)
  unsigned long long x;
  const unsigned char co = _addcarry_u64(static_cast<unsigned char>(c), a, b, &x);
  out = x;
  return co;
#else
  const u64 s = a + b;
  const u64 t = s + c;
  out = t;
  return static_cast<unsigned>(s < a) | static_cast<unsigned>(t < s);
#endif
}
// out = a - b - c (c in {0, 1}); returns the borrow.
[[gnu::always_inline]] inline unsigned sbb(unsigned c, u64 a, u64 b, u64& out) noexcept {
#if defined(__x86_64__) && !defined(TESSERA_NO_X86_ADC)
  unsigned long long x;
  const unsigned char co = _subborrow_u64(static_cast<unsigned char>(c), a, b, &x);
  out = x;
  return co;
#else
  const u64 d = a - b;
  const u64 t = d - c;
  out = t;
  return static_cast<unsigned>(a < b) | static_cast<unsigned>(d < c);
#endif
}
[[gnu::always_inline]] inline u64 mul_wide(u64 a, u64 b, u64& hi) noexcept {
  const u128 x = static_cast<u128>(a) * b;
  hi = static_cast<u64>(x >> 64);
  return static_cast<u64>(x);
}

}  // namespace tessera::bignum::w64

#endif
