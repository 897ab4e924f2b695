// Internal view of backend selection: every kernel table is chosen through active().
#pragma once

#include <tessera/backend.hpp>

#include <atomic>

namespace tessera::cpu {

namespace detail {
extern std::atomic<Backend> g_active;
Backend initial_backend() noexcept;
}  // namespace detail

// One relaxed atomic load after the first call: cheap enough to pick a kernel table
// once per top-level operation (never per coefficient).
inline Backend active() noexcept {
  static const bool initialized = [] {
    detail::g_active.store(detail::initial_backend(), std::memory_order_relaxed);
    return true;
  }();
  (void)initialized;
  return detail::g_active.load(std::memory_order_relaxed);
}

}  // namespace tessera::cpu
