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

}  // namespace tessera
