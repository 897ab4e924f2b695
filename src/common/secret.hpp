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
