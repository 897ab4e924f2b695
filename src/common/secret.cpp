#include <tessera/secret.hpp>

#include <cstring>

namespace tessera {

void secure_zero(void* p, std::size_t n) noexcept {
  if (n == 0) return;
  std::memset(p, 0, n);
  // The empty asm takes p as an input and clobbers memory: the compiler must assume the
  // zeros are read, so it cannot drop the memset as a dead store (also under LTO).
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

void secure_zero_stack(std::size_t bytes) noexcept {
  // The alloca'd block sits directly below this function's small fixed frame, which sits
  // directly below the caller's frame: the region the caller's callees used.
  if (bytes == 0) return;
  auto* region = static_cast<unsigned char*>(__builtin_alloca(bytes));
  secure_zero(region, bytes);
}

}  // namespace tessera
