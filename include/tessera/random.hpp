// Randomness for key generation, encapsulation and hedged signing.
//
// random_bytes() draws from a Hash_DRBG with SHA-256 (SP 800-90A Rev. 1, Section
// 10.1.1; <tessera/drbg.hpp>) seeded from the entropy source: the operating system's
// (getrandom on Linux) or the one installed with set_entropy_source(). Each thread has
// its own DRBG instance (builds with TESSERA_NO_THREADS defined have one per process),
// reseeded after a fork of any kind, raw clone() included (the child never repeats the
// parent's output; Linux: a MADV_WIPEONFORK flag page, elsewhere getpid()), after
// set_entropy_source(), and every 2^20 requests.
#pragma once

#include <tessera/export.hpp>
#include <tessera/result.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera {

// Fills out with DRBG output. Error::randomness_failure if the entropy source fails when
// the DRBG needs seeding; out is then zeroed.
TESSERA_API Result<void> random_bytes(std::span<std::uint8_t> out) noexcept;

// The same with prediction resistance (SP 800-90A Section 9.3.1): the DRBG is reseeded
// from the entropy source before each request of at most 64 KiB.
TESSERA_API Result<void> random_bytes_with_prediction_resistance(std::span<std::uint8_t> out) noexcept;

// Reads the entropy source directly (no DRBG). Error::randomness_failure on failure;
// out is then zeroed.
TESSERA_API Result<void> entropy_bytes(std::span<std::uint8_t> out) noexcept;

// On platforms without an OS source (microcontrollers), the application installs one.
// The function must fill the buffer completely and return true, or return false.
// Installing a source (or nullptr: back to the OS source) makes every DRBG instance
// reseed from it before its next output.
using EntropySource = bool (*)(std::uint8_t* out, std::size_t len) noexcept;
TESSERA_API void set_entropy_source(EntropySource source) noexcept;

}  // namespace tessera
