// The entropy source: the operating system's (getrandom on Linux, getentropy on macOS and
// the BSDs, BCryptGenRandom on Windows), or one installed by the application
// (microcontrollers: there is no OS source, and every request fails with a message that
// says so until set_entropy_source() installs one). The DRBG (drbg.cpp) seeds from it.
#include <tessera/random.hpp>
#include <tessera/secret.hpp>

#include "rand/drbg_internal.hpp"

#include <atomic>
#include <cerrno>
#include <cstddef>

#if defined(__linux__)
#include <sys/random.h>
#define TESSERA_OS_ENTROPY "getrandom"
#elif defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__) || \
    defined(__DragonFly__)
#include <unistd.h>  // getentropy (macOS 10.12+, FreeBSD 12+, OpenBSD 5.6+, NetBSD 10+)
#if defined(__APPLE__)
#include <sys/random.h>
#endif
#define TESSERA_OS_ENTROPY "getentropy"
#elif defined(_WIN32)
#include <windows.h>
#include <bcrypt.h>  // BCryptGenRandom with the system-preferred RNG (Windows Vista SP2+)
#pragma comment(lib, "bcrypt")
#define TESSERA_OS_ENTROPY "BCryptGenRandom"
#endif

namespace tessera {
namespace {

std::atomic<EntropySource> g_source{nullptr};
std::atomic<std::uint32_t> g_epoch{0};

// The operating system's source; false if it failed (or there is none: bare metal).
bool os_source(std::uint8_t* out, std::size_t len) noexcept {
#if defined(__linux__)
  while (len > 0) {
    const ssize_t got = getrandom(out, len, 0);  // blocks only until the pool is initialised
    if (got < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    out += got;
    len -= static_cast<std::size_t>(got);
  }
  return true;
#elif defined(TESSERA_OS_ENTROPY) && !defined(_WIN32)
  while (len > 0) {
    const std::size_t n = len < 256 ? len : 256;  // getentropy's limit per call
    if (getentropy(out, n) != 0) return false;
    out += n;
    len -= n;
  }
  return true;
#elif defined(_WIN32)
  while (len > 0) {
    const ULONG n = len < 0x10000000 ? static_cast<ULONG>(len) : 0x10000000;
    if (BCryptGenRandom(nullptr, out, n, BCRYPT_USE_SYSTEM_PREFERRED_RNG) != 0) return false;
    out += n;
    len -= n;
  }
  return true;
#else
  (void)out;
  (void)len;
  return false;
#endif
}

#if defined(TESSERA_OS_ENTROPY)
constexpr const char* kOsFailure = "OS entropy source (" TESSERA_OS_ENTROPY ") failed";
#else
constexpr const char* kOsFailure =
    "no OS entropy source on this platform: install one with tessera::set_entropy_source()";
#endif

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
    return fail(Error::randomness_failure, custom != nullptr ? "the installed entropy source (set_entropy_source) failed"
                                                             : kOsFailure);
  }
  return {};
}

}  // namespace tessera
