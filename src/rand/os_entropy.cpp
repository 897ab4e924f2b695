// Operating-system entropy. The SP 800-90A DRBG (issue: symmetric primitives) will sit
// on top of this; until then random_bytes reads the OS source directly.
#include <tessera/random.hpp>
#include <tessera/secret.hpp>

#include <atomic>
#include <cerrno>

#if defined(__linux__)
#include <sys/random.h>
#endif

namespace tessera {
namespace {

std::atomic<EntropySource> g_source{nullptr};

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

void set_entropy_source(EntropySource source) noexcept { g_source.store(source); }

Result<void> random_bytes(std::span<std::uint8_t> out) noexcept {
  const EntropySource custom = g_source.load();
  const bool ok = custom != nullptr ? custom(out.data(), out.size()) : os_source(out.data(), out.size());
  if (!ok) {
    secure_zero(out.data(), out.size());
    return Error::randomness_failure;
  }
  return {};
}

}  // namespace tessera
