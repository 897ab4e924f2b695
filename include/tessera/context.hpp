// Context: the application context string of a signature scheme (FIPS 204, Algorithms 2-5:
// ctx, at most 255 bytes). A type of its own so that a message and a context, two byte
// strings side by side in a call, cannot be swapped silently:
//
//   MlDsa65::sign(sk, message, tessera::Context("my-protocol v1"));
//
// Construction never fails; a context longer than the scheme allows is rejected by the
// call that uses it (Error::invalid_argument, or `false` from verify).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace tessera {

class Context {
 public:
  static constexpr std::size_t max_bytes = 255;

  constexpr Context() noexcept = default;  // the empty context
  constexpr explicit Context(std::span<const std::uint8_t> bytes) noexcept : bytes_(bytes) {}
  // The bytes of a string, without a terminator. The string must outlive the call.
  explicit Context(std::string_view text) noexcept
      : bytes_(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()) {}

  constexpr std::span<const std::uint8_t> bytes() const noexcept { return bytes_; }
  constexpr std::size_t size() const noexcept { return bytes_.size(); }
  constexpr bool valid() const noexcept { return bytes_.size() <= max_bytes; }

 private:
  std::span<const std::uint8_t> bytes_;
};

}  // namespace tessera
