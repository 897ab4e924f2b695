#include "cpu/backend.hpp"

#include "cpu/features.hpp"
#include "tessera_config.hpp"

#include <cstdlib>

namespace tessera {
namespace cpu::detail {

std::atomic<Backend> g_active{Backend::portable};

namespace {
Result<void>& env_status() noexcept {
  static Result<void> status;
  return status;
}
}  // namespace

// TESSERA_BACKEND is read where there is a process environment; bare-metal targets (no
// OS: arm-none-eabi) have none, and their only backend is portable, so nothing is read.
#if defined(__unix__) || defined(__APPLE__) || defined(_WIN32)
#define TESSERA_HAVE_ENVIRONMENT 1
#else
#define TESSERA_HAVE_ENVIRONMENT 0
#endif

static const char* backend_environment() noexcept {
#if TESSERA_HAVE_ENVIRONMENT
  return std::getenv("TESSERA_BACKEND");
#else
  return nullptr;
#endif
}

Backend initial_backend() noexcept {
  Backend chosen = best_backend();
  if (const char* env = backend_environment(); env != nullptr && *env != '\0') {
    Result<Backend> b = parse_backend(env);
    if (!b) {
      env_status() = b.error();
    } else if (!backend_available(*b)) {
      env_status() = Error::backend_unavailable;
    } else {
      chosen = *b;
    }
  }
  return chosen;
}

}  // namespace cpu::detail

std::string_view backend_name(Backend b) noexcept {
  switch (b) {
    case Backend::portable: return "portable";
    case Backend::avx2: return "avx2";
    case Backend::avx512: return "avx512";
    case Backend::neon: return "neon";
  }
  return "unknown";
}

Result<Backend> parse_backend(std::string_view name) noexcept {
  for (Backend b : kAllBackends) {
    if (backend_name(b) == name) return b;
  }
  return Error::unknown_backend;
}

bool backend_available(Backend b) noexcept {
  const cpu::Features& f = cpu::features();
  switch (b) {
    case Backend::portable: return true;
    case Backend::avx2: return TESSERA_HAVE_AVX2 && f.avx2 && f.bmi1 && f.bmi2 && f.popcnt;
    case Backend::avx512:
      return TESSERA_HAVE_AVX512 && f.avx2 && f.bmi1 && f.bmi2 && f.popcnt && f.avx512f &&
             f.avx512bw && f.avx512vl && f.avx512dq;
    case Backend::neon: return TESSERA_HAVE_NEON && f.neon;
  }
  return false;
}

Backend best_backend() noexcept {
  for (Backend b : {Backend::avx512, Backend::avx2, Backend::neon}) {
    if (backend_available(b)) return b;
  }
  return Backend::portable;
}

Backend active_backend() noexcept { return cpu::active(); }

Result<void> environment_backend_status() noexcept {
  (void)cpu::active();  // make sure the environment has been read
  return cpu::detail::env_status();
}

Result<BackendOverride> BackendOverride::force(Backend b) noexcept {
  if (!backend_available(b)) return Error::backend_unavailable;
  const Backend previous = cpu::active();
  cpu::detail::g_active.store(b, std::memory_order_relaxed);
  return BackendOverride(previous);
}

BackendOverride::BackendOverride(BackendOverride&& o) noexcept : previous_(o.previous_) {
  o.active_ = false;
}

BackendOverride::~BackendOverride() {
  if (active_) cpu::detail::g_active.store(previous_, std::memory_order_relaxed);
}

}  // namespace tessera
