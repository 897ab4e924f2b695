// Shared by the constant-time driver's files (ct_driver.cpp and one ct_<family>.cpp per
// family): failure reporting, poisoning and the taint checks on outputs.
#pragma once

#include "common/ct.hpp"

#include <valgrind/memcheck.h>
#include <valgrind/valgrind.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace tessera::ct_check {

using u8 = std::uint8_t;

inline int g_failures = 0;

inline void fail(const char* what) {
  std::printf("FAIL: %s\n", what);
  ++g_failures;
}

template <class T>
void poison(T& obj) { tessera::ct::poison(&obj, sizeof obj); }
template <class T>
void declassify(T& obj) { tessera::ct::declassify(&obj, sizeof obj); }

// True if every byte of [p, p+n) is undefined for memcheck: the secret's taint reached this
// output, so poisoning really covered the computation (nothing was silently declassified).
// Outside valgrind there is nothing to check.
inline bool all_undefined(const void* p, std::size_t n) {
  if (!RUNNING_ON_VALGRIND) return true;
  std::array<u8, 8192> vbits{};
  if (n > vbits.size()) return false;
  // VALGRIND_GET_VBITS returns 1 on success; a set V-bit means "undefined".
  if (VALGRIND_GET_VBITS(p, vbits.data(), n) != 1) return false;
  for (std::size_t i = 0; i < n; ++i)
    if (vbits[i] != 0xFF) return false;
  return true;
}

// Compares two secret-derived byte strings (at most 64 bytes) for the functional checks of
// the driver itself: the comparison is declassified first (the driver, not the library, is
// looking).
inline bool equal_declassified(const u8* a, const u8* b, std::size_t n) {
  std::array<u8, 64> x{}, y{};
  if (n > x.size()) return false;
  std::memcpy(x.data(), a, n);
  std::memcpy(y.data(), b, n);
  tessera::ct::declassify(x.data(), n);
  tessera::ct::declassify(y.data(), n);
  return std::memcmp(x.data(), y.data(), n) == 0;
}

}  // namespace tessera::ct_check
