// SHA-3 and SHAKE (FIPS 202) throughput, 1 KiB and 16 KiB per call.
//   SHA3-*       hash:    digest of a block-sized message
//   SHAKE*       absorb:  block-sized message in, 32 bytes out (counts input bytes)
//                squeeze: 32-byte seed in, block-sized output (counts output bytes)
//   SHAKE128x4   the same two operations on the internal 4-way batch (hash::Shake128x4,
//                as ML-KEM's matrix sampling uses it); counts the bytes of all 4 instances.
#include "registry.hpp"

#include "hash/keccak/keccak.hpp"
#include "hash/shake_batch.hpp"

#include <tessera/sha3.hpp>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::bench {
namespace {

constexpr std::size_t kBlockSizes[] = {1024, 16384};
constexpr std::size_t kSeedBytes = 32;

std::vector<std::uint8_t> pattern(std::size_t n, std::uint8_t salt) {
  std::vector<std::uint8_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint8_t>(i * 131 + salt);
  return v;
}

template <std::size_t DigestBytes, auto Hash>
Case sha3_case(const char* name, std::size_t block) {
  return bytes_case(name, "hash", block, [block]() -> Op {
    auto msg = std::make_shared<std::vector<std::uint8_t>>(pattern(block, 1));
    auto digest = std::make_shared<std::array<std::uint8_t, DigestBytes>>();
    return [msg, digest] {
      Hash(*msg, *digest);
      do_not_optimize(digest->data());
    };
  });
}

template <auto Shake>
Case shake_case(const char* name, const char* operation, std::size_t block) {
  const bool absorb = std::string_view(operation) == "absorb";
  return bytes_case(name, operation, block, [block, absorb]() -> Op {
    auto in = std::make_shared<std::vector<std::uint8_t>>(pattern(absorb ? block : kSeedBytes, 2));
    auto out = std::make_shared<std::vector<std::uint8_t>>(absorb ? kSeedBytes : block);
    return [in, out] {
      Shake(*in, *out);
      do_not_optimize(out->data());
    };
  }, 1, std::string(name) + "-" + operation);
}

Case shake128x4_case(const char* operation, std::size_t block) {
  const bool absorb = std::string_view(operation) == "absorb";
  return bytes_case("SHAKE128x4", operation, block, [block, absorb]() -> Op {
    struct Buffers {
      std::array<std::vector<std::uint8_t>, 4> in, out;
    };
    auto b = std::make_shared<Buffers>();
    for (std::uint8_t j = 0; j < 4; ++j) {
      b->in[j] = pattern(absorb ? block : kSeedBytes, static_cast<std::uint8_t>(3 + j));
      b->out[j].resize(absorb ? kSeedBytes : block);
    }
    return [b] {
      hash::Shake128x4 x;  // reads the active backend's kernel table
      x.absorb_once({b->in[0].data(), b->in[1].data(), b->in[2].data(), b->in[3].data()},
                    b->in[0].size());
      x.squeeze({b->out[0].data(), b->out[1].data(), b->out[2].data(), b->out[3].data()},
                b->out[0].size());
      do_not_optimize(b->out[0].data());
    };
  }, /*ways=*/4, std::string("SHAKE128x4-") + operation);
}

// Single sponges run f1600; the 4-way batch f1600_x4.
std::string keccak_acceleration(Backend b) {
  return describe_acceleration(
      b, {{"Keccak", keccak::kernels_for(b).f1600 != keccak::kernels_for(Backend::portable).f1600}});
}
std::string keccak_x4_acceleration(Backend b) {
  return describe_acceleration(
      b, {{"Keccak x4", keccak::kernels_for(b).f1600_x4 != keccak::kernels_for(Backend::portable).f1600_x4}});
}

std::vector<Case> make_cases() {
  std::vector<Case> cases;
  for (std::size_t block : kBlockSizes) {
    cases.push_back(sha3_case<28, sha3_224>("SHA3-224", block));
    cases.push_back(sha3_case<32, sha3_256>("SHA3-256", block));
    cases.push_back(sha3_case<48, sha3_384>("SHA3-384", block));
    cases.push_back(sha3_case<64, sha3_512>("SHA3-512", block));
    for (const char* op : {"absorb", "squeeze"}) {
      cases.push_back(shake_case<shake128>("SHAKE128", op, block));
      cases.push_back(shake_case<shake256>("SHAKE256", op, block));
      cases.push_back(shake128x4_case(op, block));
    }
  }
  for (Case& c : cases) c.acceleration = c.algorithm == "SHAKE128x4" ? keccak_x4_acceleration : keccak_acceleration;
  return cases;
}

const Registration kCases{make_cases()};

}  // namespace
}  // namespace tessera::bench
