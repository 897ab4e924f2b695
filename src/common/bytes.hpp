// Little-endian loads and stores (FIPS 202 and 203/204 encode lanes little-endian).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace tessera::bytes {

// On little-endian hosts these are single unaligned moves (memcpy); byte-wise code would
// also be correct, but byte stores may alias the source state, so compilers cannot merge them.
inline std::uint64_t load_le64(const std::uint8_t* p) noexcept {
  if constexpr (std::endian::native == std::endian::little) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  } else {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
    return v;
  }
}
inline void store_le64(std::uint8_t* p, std::uint64_t v) noexcept {
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(p, &v, 8);
  } else {
    for (int i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
  }
}
inline std::uint32_t load_le32(const std::uint8_t* p) noexcept {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
         static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}
inline void store_le32(std::uint8_t* p, std::uint32_t v) noexcept {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
// Big-endian words (SHA-2 message words, Hash_DRBG's V and C); compilers make them one
// load or store and a byte swap.
inline std::uint64_t load_be64(const std::uint8_t* p) noexcept {
  std::uint64_t w = 0;
  for (int i = 0; i < 8; ++i) w = w << 8 | p[i];
  return w;
}
inline void store_be64(std::uint8_t* p, std::uint64_t w) noexcept {
  for (int i = 7; i >= 0; --i, w >>= 8) p[i] = static_cast<std::uint8_t>(w);
}
// Loads n < 8 bytes as the low bytes of a lane.
inline std::uint64_t load_le_partial(const std::uint8_t* p, std::size_t n) noexcept {
  std::uint64_t v = 0;
  for (std::size_t i = n; i-- > 0;) v = (v << 8) | p[i];
  return v;
}

}  // namespace tessera::bytes
