// Arm semihosting (Arm "Semihosting for AArch32 and AArch64", v2): on M-profile the call is
// BKPT 0xAB with the operation in r0 and its argument in r1 (Armv7-M has no SVC-based
// semihosting). QEMU implements it with -semihosting-config enable=on,target=native.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tessera::fw {

inline std::uint32_t semihost(std::uint32_t op, const void* arg) {
  std::uint32_t ret;
  __asm__ volatile("mov r0, %1\n\tmov r1, %2\n\tbkpt 0xAB\n\tmov %0, r0"
                   : "=r"(ret)
                   : "r"(op), "r"(arg)
                   : "r0", "r1", "memory");
  return ret;
}

// SYS_WRITE0 (0x04): a NUL-terminated string to the debug console.
inline void write0(const char* s) { semihost(0x04, s); }

// SYS_EXIT (0x18) with ADP_Stopped_ApplicationExit (0x20026): QEMU exits with status 0;
// any other reason (ADP_Stopped_RunTimeErrorUnknown, 0x20023) gives status 1.
[[noreturn]] inline void exit(bool ok) {
  semihost(0x18, reinterpret_cast<const void*>(static_cast<std::uintptr_t>(ok ? 0x20026u : 0x20023u)));
  for (;;) {
  }
}

// Decimal and hex formatting without printf (no heap, no locale).
inline char* format_u32(char* out, std::uint32_t v) {
  char tmp[10];
  int n = 0;
  do {
    tmp[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v != 0);
  while (n > 0) *out++ = tmp[--n];
  *out = '\0';
  return out;
}

}  // namespace tessera::fw
