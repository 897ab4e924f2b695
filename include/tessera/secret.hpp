// SecretArray<N>: fixed-size secret bytes that are wiped when they go out of scope.
#pragma once

#include <tessera/export.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera {

// Overwrites n bytes at p with zeros; the compiler cannot remove the write.
TESSERA_API void secure_zero(void* p, std::size_t n) noexcept;

template <std::size_t N>
class SecretArray {
 public:
  static constexpr std::size_t size_bytes = N;

  SecretArray() noexcept = default;
  explicit SecretArray(std::span<const std::uint8_t, N> bytes) noexcept {
    for (std::size_t i = 0; i < N; ++i) bytes_[i] = bytes[i];
  }
  // Copies must be explicit (clone()); moves copy then wipe the source.
  SecretArray(const SecretArray&) = delete;
  SecretArray& operator=(const SecretArray&) = delete;
  SecretArray(SecretArray&& o) noexcept { take(o); }
  SecretArray& operator=(SecretArray&& o) noexcept {
    if (this != &o) take(o);
    return *this;
  }
  ~SecretArray() { wipe(); }

  SecretArray clone() const noexcept { return SecretArray(std::span<const std::uint8_t, N>(bytes_)); }
  void wipe() noexcept { secure_zero(bytes_.data(), N); }

  std::uint8_t* data() noexcept { return bytes_.data(); }
  const std::uint8_t* data() const noexcept { return bytes_.data(); }
  static constexpr std::size_t size() noexcept { return N; }
  std::span<std::uint8_t, N> span() noexcept { return bytes_; }
  std::span<const std::uint8_t, N> span() const noexcept { return bytes_; }
  std::uint8_t& operator[](std::size_t i) noexcept { return bytes_[i]; }
  const std::uint8_t& operator[](std::size_t i) const noexcept { return bytes_[i]; }

 private:
  // Copy, then wipe the source. The barrier makes the copy land in memory before the call
  // that wipes: otherwise the compiler may hold the bytes in (caller-saved) vector
  // registers across that call and so spill the secret to an anonymous stack slot.
  void take(SecretArray& o) noexcept {
    bytes_ = o.bytes_;
#if defined(__GNUC__)
    __asm__ __volatile__("" : : "r"(bytes_.data()) : "memory");
#endif
    o.wipe();
  }
  std::array<std::uint8_t, N> bytes_{};
};

}  // namespace tessera
