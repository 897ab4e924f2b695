// Internal helpers for secret data; the public type lives in <tessera/secret.hpp>.
#pragma once

#include <tessera/secret.hpp>

#include <cstddef>
#include <type_traits>

namespace tessera {

// Overwrites `bytes` of stack directly below the caller's frame: where the functions the
// caller has called kept their frames. Kernels spill registers and keep temporaries (a
// Keccak state copy, a SIMD load buffer) in slots no object covers, so no secure_zero of a
// named object reaches them; the owner of a secret-processing object calls this when it is
// done (KeccakSponge, the batched sponge lanes). Never inlined; uses `bytes` of stack itself.
[[gnu::noinline]] void secure_zero_stack(std::size_t bytes) noexcept;

// The size of such a wipe: `hosted` on 64- and 32-bit application processors, whose
// figures cover the x86-64 frames at -O3 (SIMD spills, vectorized loops) with room;
// `cortex_m` on M-profile Arm (Thumb-2, the Cortex-M presets), whose scalar frames are a
// fraction of that and where the wipe is itself part of the stack budget (docs/embedded.md).
// Each cortex_m figure covers the frames arm-none-eabi-gcc 12 gives the wiped call chain at
// -Os, -O2 and -O3 (-fstack-usage), with room; the firmware (firmware/kat_main.cpp) scans
// the stack for the secrets after each operation.
constexpr std::size_t frame_wipe([[maybe_unused]] std::size_t hosted, [[maybe_unused]] std::size_t cortex_m) noexcept {
#if defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
  return cortex_m;
#else
  return hosted;
#endif
}

// Wipes a trivially copyable object (state arrays, polynomials) in place.
template <class T>
inline void secure_zero_object(T& obj) noexcept {
  static_assert(std::is_trivially_copyable_v<T>);
  secure_zero(&obj, sizeof(T));
}

// Wipes an object when the scope ends: `ZeroOnExit wipe_s(s_hat);`.
template <class T>
class ZeroOnExit {
 public:
  explicit ZeroOnExit(T& obj) noexcept : obj_(obj) {}
  ZeroOnExit(const ZeroOnExit&) = delete;
  ZeroOnExit& operator=(const ZeroOnExit&) = delete;
  ~ZeroOnExit() { secure_zero_object(obj_); }

 private:
  T& obj_;
};

}  // namespace tessera
