// Hex helpers for tests.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::test {

using Bytes = std::vector<std::uint8_t>;

// Decodes upper- or lower-case hex; fails the current test on malformed input.
Bytes from_hex(std::string_view hex);
std::string to_hex(std::span<const std::uint8_t> bytes);

}  // namespace tessera::test
