// SHA-2 (FIPS 180-4) and HMAC-SHA256 (FIPS 198-1) throughput, 1 KiB and 16 KiB per call.
//   SHA-*        hash: digest of a block-sized message
//   HMAC-SHA256  mac:  keyed (key schedule outside the timed call) MAC of the message
// The acceleration column names the compression kernel the backend's table took where it is
// not the portable one (hash/sha2/kernels.cpp): "avx2 (SHA-256: SHA-NI)", "neon (SHA-512:
// SHA512H)" (the Armv8.2 instructions, taken only where HWCAP has sha512), ...
#include "registry.hpp"

#include "hash/sha2/kernels.hpp"
#include "tessera_config.hpp"

#include <tessera/hmac.hpp>
#include <tessera/sha2.hpp>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
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

// The name of b's SHA-256 / SHA-512 compression kernel (the part's label).
const char* compress256_label([[maybe_unused]] Backend b) {
#if TESSERA_HAVE_AVX2
  if (sha2::kernels_for(b).compress256 == &sha2::compress256_shani) return "SHA-256: SHA-NI";
#endif
#if TESSERA_HAVE_NEON
  if (sha2::kernels_for(b).compress256 == &sha2::compress256_neon) return "SHA-256: SHA256H";
#endif
  return "SHA-256";
}
const char* compress512_label([[maybe_unused]] Backend b) {
#if TESSERA_HAVE_AVX2
  if (sha2::kernels_for(b).compress512 == &sha2::compress512_avx2) return "SHA-512: AVX2 schedule";
#endif
#if TESSERA_HAVE_AVX512
  if (sha2::kernels_for(b).compress512 == &sha2::compress512_avx512) return "SHA-512: AVX-512 schedule";
#endif
#if TESSERA_HAVE_NEON
  if (sha2::kernels_for(b).compress512 == &sha2::compress512_neon) return "SHA-512: SHA512H";
#endif
  return "SHA-512";
}
std::string sha256_acceleration(Backend b) {
  return describe_acceleration(
      b, {{compress256_label(b), sha2::kernels_for(b).compress256 != sha2::kernels_for(Backend::portable).compress256}});
}
std::string sha512_acceleration(Backend b) {
  return describe_acceleration(
      b, {{compress512_label(b), sha2::kernels_for(b).compress512 != sha2::kernels_for(Backend::portable).compress512}});
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
  // SHA-224 and HMAC-SHA256 run the SHA-256 compression; SHA-384 the SHA-512 one.
  for (Case& c : cases) {
    c.acceleration = c.algorithm == "SHA-384" || c.algorithm == "SHA-512" ? sha512_acceleration : sha256_acceleration;
  }
  return cases;
}

const Registration kCases{make_cases()};

}  // namespace
}  // namespace tessera::bench
