// The entropy source: the operating system's (getrandom on Linux), or one installed by
// the application (microcontrollers). The DRBG (drbg.cpp) seeds from it.
#include <tessera/random.hpp>
#include <tessera/secret.hpp>

#include "rand/drbg_internal.hpp"

#include <atomic>
#include <cerrno>

#if defined(__linux__)
#include <sys/random.h>
#endif

namespace tessera {
namespace {

std::atomic<EntropySource> g_source{nullptr};
std::atomic<std::uint32_t> g_epoch{0};

bool os_source(std::uint8_t* out, std::size_t len) noexcept {
#if defined(__linux__)
  while (len > 0) {
    const ssize_t got = getrandom(out, len, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    out += got;
    len -= static_cast<std::size_t>(got);
  }
  return true;
#else
  (void)out;
  (void)len;
  return false;
#endif
}

}  // namespace

namespace rand {
std::uint32_t reseed_epoch() noexcept { return g_epoch.load(std::memory_order_acquire); }
void bump_reseed_epoch() noexcept { g_epoch.fetch_add(1, std::memory_order_acq_rel); }
}  // namespace rand

void set_entropy_source(EntropySource source) noexcept {
  g_source.store(source);
  rand::bump_reseed_epoch();
}

Result<void> entropy_bytes(std::span<std::uint8_t> out) noexcept {
  const EntropySource custom = g_source.load();
  const bool ok = custom != nullptr ? custom(out.data(), out.size()) : os_source(out.data(), out.size());
  if (!ok) {
    secure_zero(out.data(), out.size());
    return Error::randomness_failure;
  }
  return {};
}

}  // namespace tessera
