// SHA-2 (FIPS 180-4) and HMAC-SHA256 (FIPS 198-1) throughput, 1 KiB and 16 KiB per call.
//   SHA-*        hash: digest of a block-sized message
//   HMAC-SHA256  mac:  keyed (key schedule outside the timed call) MAC of the message
#include "registry.hpp"

#include <tessera/hmac.hpp>
#include <tessera/sha2.hpp>

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace tessera::bench {
namespace {

constexpr std::size_t kBlockSizes[] = {1024, 16384};

std::vector<std::uint8_t> pattern(std::size_t n, std::uint8_t salt) {
  std::vector<std::uint8_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint8_t>(i * 131 + salt);
  return v;
}

template <std::size_t DigestBytes, auto Hash>
Case sha2_case(const char* name, std::size_t block) {
  return bytes_case(name, "hash", block, [block]() -> Op {
    auto msg = std::make_shared<std::vector<std::uint8_t>>(pattern(block, 1));
    auto digest = std::make_shared<std::array<std::uint8_t, DigestBytes>>();
    return [msg, digest] {
      Hash(*msg, *digest);
      do_not_optimize(digest->data());
    };
  });
}

Case hmac_case(std::size_t block) {
  return bytes_case("HMAC-SHA256", "mac", block, [block]() -> Op {
    auto msg = std::make_shared<std::vector<std::uint8_t>>(pattern(block, 2));
    const auto key = pattern(32, 3);
    auto mac = std::make_shared<Hmac<Sha256>>(key);
    auto tag = std::make_shared<std::array<std::uint8_t, 32>>();
    return [msg, mac, tag] {
      mac->update(*msg);
      mac->final(*tag);
      do_not_optimize(tag->data());
    };
  });
}

std::vector<Case> make_cases() {
  std::vector<Case> cases;
  for (std::size_t block : kBlockSizes) {
    cases.push_back(sha2_case<28, sha224>("SHA-224", block));
    cases.push_back(sha2_case<32, sha256>("SHA-256", block));
    cases.push_back(sha2_case<48, sha384>("SHA-384", block));
    cases.push_back(sha2_case<64, sha512>("SHA-512", block));
    cases.push_back(hmac_case(block));
  }
  return cases;
}

const Registration kCases{make_cases()};

}  // namespace
}  // namespace tessera::bench
