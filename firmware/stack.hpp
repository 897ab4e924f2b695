// Stack painting for the test firmware: fill the free stack (from __stack_limit, an500.ld,
// up to just below the caller) with a pattern, run one operation, then find the lowest
// word it overwrote. The depth is what the operation used below the measuring frame: its
// own frames and locals, not the Result it returns into the caller's storage.
#pragma once

#include <cstddef>
#include <cstdint>

extern "C" std::uint32_t __stack_limit[];

namespace tessera::fw {

inline constexpr std::uint32_t kPaint = 0x5EC7E55Au;

[[gnu::noinline]] inline std::uint32_t* stack_pointer() {
  std::uint32_t* sp;
  __asm__ volatile("mov %0, sp" : "=r"(sp));
  return sp;
}

// Paints [__stack_limit, sp - 64 bytes): everything below this function's own frame.
[[gnu::noinline]] inline void paint_stack() {
  std::uint32_t* const end = stack_pointer() - 16;
  for (volatile std::uint32_t* p = __stack_limit; p < end; ++p) *p = kPaint;
}

// Bytes between top and the lowest overwritten word.
[[gnu::noinline]] inline std::size_t stack_used(const std::uint32_t* top) {
  const volatile std::uint32_t* p = __stack_limit;
  while (p < top && *p == kPaint) ++p;
  return static_cast<std::size_t>(top - const_cast<const std::uint32_t*>(p)) * 4;
}

// Runs op() and returns its stack depth in bytes.
template <class F>
[[gnu::noinline]] std::size_t measure_stack(F&& op) {
  const std::uint32_t* const top = stack_pointer();
  paint_stack();
  op();
  return stack_used(top);
}

// True if any 16-byte piece of secret (at offsets 0, 16, 32, ...; a last piece of 8 to 15
// bytes too) appears, at any byte offset, in the `depth` bytes below top: what an operation
// left in the stack it used (measure_stack's region) once it returned.
[[gnu::noinline]] inline bool stack_holds(const std::uint32_t* top, std::size_t depth, const std::uint8_t* secret,
                                          std::size_t len) {
  const volatile std::uint8_t* const lo = reinterpret_cast<const volatile std::uint8_t*>(top) - depth;
  const volatile std::uint8_t* const hi = reinterpret_cast<const volatile std::uint8_t*>(top);
  for (std::size_t off = 0; off + 8 <= len; off += 16) {
    const std::size_t n = len - off < 16 ? len - off : 16;
    for (const volatile std::uint8_t* p = lo; p + n <= hi; ++p) {
      std::size_t k = 0;
      while (k < n && p[k] == secret[off + k]) ++k;
      if (k == n) return true;
    }
  }
  return false;
}

// measure_stack that also reports the region: op's depth, and in *top the frame it ran below.
template <class F>
[[gnu::noinline]] std::size_t measure_stack_at(const std::uint32_t** top, F&& op) {
  *top = stack_pointer();
  paint_stack();
  op();
  return stack_used(*top);
}

}  // namespace tessera::fw
