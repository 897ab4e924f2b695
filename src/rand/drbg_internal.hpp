// Internal interface between the entropy source (os_entropy.cpp) and the system DRBG
// (drbg.cpp).
#pragma once

#include <cstdint>

namespace tessera::rand {

// Changes whenever every system DRBG instance must reseed before its next output: after
// fork() in the child (pthread_atfork), and after set_entropy_source(). 32 bits so that
// microcontroller builds need no 64-bit atomics.
std::uint32_t reseed_epoch() noexcept;
void bump_reseed_epoch() noexcept;

}  // namespace tessera::rand
