// SHA-1 (FIPS 180-4, Section 6.1).
//
// SHA-1 is broken for collision resistance (SHAttered, 2017; chosen-prefix collisions,
// 2020). Tessera provides it only as the hash and MGF1 hash of RSAES-OAEP, where
// interoperability needs it (ACVP KTS-IFC and Wycheproof use OAEP with SHA-1) and collisions
// do not matter; it is never offered for signatures.
//
//   std::array<std::uint8_t, 20> d;
//   tessera::sha1(msg, d);
//
//   tessera::Sha1 h;
//   h.update(part1); h.update(part2);       // any chunking
//   h.final(digest);                        // then the object is ready for a new message
#pragma once

#include <tessera/export.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera {

// An incremental SHA-1 hash: update() any number of times with any chunking, then final(),
// after which the object hashes a new message. The state is wiped on destruction.
class TESSERA_API Sha1 {
 public:
  static constexpr std::size_t digest_bytes = 20;
  static constexpr std::size_t block_bytes = 64;

  Sha1() noexcept;
  Sha1(const Sha1&) noexcept = default;
  Sha1& operator=(const Sha1&) noexcept = default;
  ~Sha1();

  void update(std::span<const std::uint8_t> in) noexcept;
  // Pads (Section 5.1.1), writes H^(N) (Section 6.1.2) and resets.
  void final(std::span<std::uint8_t, digest_bytes> out) noexcept;
  void reset() noexcept;

 private:
  std::uint32_t h_[5];
  std::uint8_t buf_[block_bytes];
  std::uint64_t total_bytes_;
};

// One-shot SHA-1 (OAEP and MGF1 only; see above).
TESSERA_API void sha1(std::span<const std::uint8_t> in, std::span<std::uint8_t, 20> out) noexcept;

}  // namespace tessera
