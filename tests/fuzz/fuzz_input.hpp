// Splits a libFuzzer input into fixed-size fields: take<N>() returns the next N bytes, zero
// padded when the input runs out, so every input reaches the code under test.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

namespace tessera::fuzz {

class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) noexcept : data_(data), size_(size) {}

  std::uint8_t byte() noexcept { return pos_ < size_ ? data_[pos_++] : 0; }

  template <std::size_t N>
  std::array<std::uint8_t, N> take() noexcept {
    std::array<std::uint8_t, N> out{};
    const std::size_t n = std::min(N, size_ - pos_);
    std::copy_n(data_ + pos_, n, out.begin());
    pos_ += n;
    return out;
  }
  // Everything not consumed yet (a message, or a buffer of arbitrary length).
  std::span<const std::uint8_t> rest() noexcept {
    std::span<const std::uint8_t> r(data_ + pos_, size_ - pos_);
    pos_ = size_;
    return r;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

// A property the fuzzer found violated: abort so libFuzzer saves the input as a crash.
inline void check(bool ok) noexcept {
  if (!ok) std::abort();
}

}  // namespace tessera::fuzz
