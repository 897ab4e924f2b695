// Randomness for key generation, encapsulation and hedged signing.
#pragma once

#include <tessera/export.hpp>
#include <tessera/result.hpp>

#include <cstdint>
#include <span>

namespace tessera {

// Fills out with bytes from the operating system's entropy source (getrandom on Linux).
// Error::randomness_failure if the source fails; out is then zeroed.
TESSERA_API Result<void> random_bytes(std::span<std::uint8_t> out) noexcept;

// On platforms without an OS source (microcontrollers), the application installs one.
// The function must fill the buffer completely and return true, or return false.
using EntropySource = bool (*)(std::uint8_t* out, std::size_t len) noexcept;
TESSERA_API void set_entropy_source(EntropySource source) noexcept;

}  // namespace tessera
