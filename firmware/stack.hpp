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

}  // namespace tessera::fw
