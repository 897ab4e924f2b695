// Kernel backends. Tessera picks the fastest backend the CPU and OS support, once per
// process. TESSERA_BACKEND=portable|avx2|avx512|neon in the environment, or a
// BackendOverride (tests, benchmarks), forces one; nothing else changes it.
#pragma once

#include <tessera/export.hpp>
#include <tessera/result.hpp>

#include <cstdint>
#include <string_view>

namespace tessera {

enum class Backend : std::uint8_t { portable, avx2, avx512, neon };
inline constexpr Backend kAllBackends[] = {Backend::portable, Backend::avx2, Backend::avx512,
                                           Backend::neon};

TESSERA_API std::string_view backend_name(Backend b) noexcept;
TESSERA_API Result<Backend> parse_backend(std::string_view name) noexcept;

// Compiled into this build and supported by this CPU and OS.
TESSERA_API bool backend_available(Backend b) noexcept;
// The best available backend (what runs when nothing is forced).
TESSERA_API Backend best_backend() noexcept;
// The backend in use now.
TESSERA_API Backend active_backend() noexcept;
// If TESSERA_BACKEND names an unknown or unavailable backend, the library ignores it
// (uses best_backend()) and this returns the reason; programs should report it.
TESSERA_API Result<void> environment_backend_status() noexcept;

// Forces a backend for the lifetime of the object, then restores the previous one.
// Process-wide: meant for tests and benchmarks, not for use while other threads run
// cryptographic operations whose backend matters to them.
class TESSERA_API BackendOverride {
 public:
  // Error::backend_unavailable if the CPU, OS or build lacks it.
  static Result<BackendOverride> force(Backend b) noexcept;
  BackendOverride(BackendOverride&& o) noexcept;
  BackendOverride(const BackendOverride&) = delete;
  BackendOverride& operator=(const BackendOverride&) = delete;
  BackendOverride& operator=(BackendOverride&&) = delete;
  ~BackendOverride();

 private:
  explicit BackendOverride(Backend previous) noexcept : previous_(previous) {}
  Backend previous_;
  bool active_ = true;
};

}  // namespace tessera
