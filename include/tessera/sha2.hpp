// SHA-2 (FIPS 180-4): SHA-224, SHA-256, SHA-384, SHA-512, SHA-512/224, SHA-512/256.
// One-shot functions and incremental objects.
//
//   std::array<std::uint8_t, 32> d;
//   tessera::sha256(msg, d);
//
//   tessera::Sha512 h;
//   h.update(part1); h.update(part2);       // any chunking
//   h.final(digest);                        // then the object is ready for a new message
#pragma once

#include <tessera/export.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera {

namespace detail {

// The SHA-256 engine (FIPS 180-4, Section 6.2) shared by SHA-224 and SHA-256: 32-bit
// words, 64-byte blocks. digest_bytes 28 selects SHA-224's initial value (Section
// 5.3.2), 32 SHA-256's (Section 5.3.3). The state is wiped on destruction.
class TESSERA_API Sha256Core {
 public:
  static constexpr std::size_t block_bytes = 64;

  explicit Sha256Core(std::size_t digest_bytes) noexcept;
  Sha256Core(const Sha256Core&) noexcept = default;
  Sha256Core& operator=(const Sha256Core&) noexcept = default;
  ~Sha256Core();

  void update(std::span<const std::uint8_t> in) noexcept;
  // Pads (Section 5.1.1), writes the digest_bytes leftmost bytes of H(N) and resets.
  void finish(std::uint8_t* out) noexcept;
  void reset() noexcept;

 private:
  std::uint32_t h_[8];
  std::uint8_t buf_[block_bytes];
  std::uint64_t total_bytes_;
  std::uint8_t digest_bytes_;
};

// The SHA-512 engine (FIPS 180-4, Section 6.4) shared by SHA-384, SHA-512, SHA-512/224
// and SHA-512/256: 64-bit words, 128-byte blocks. digest_bytes 48, 64, 28, 32 select the
// initial value of SHA-384, SHA-512, SHA-512/224, SHA-512/256 (Sections 5.3.4-5.3.6).
class TESSERA_API Sha512Core {
 public:
  static constexpr std::size_t block_bytes = 128;

  explicit Sha512Core(std::size_t digest_bytes) noexcept;
  Sha512Core(const Sha512Core&) noexcept = default;
  Sha512Core& operator=(const Sha512Core&) noexcept = default;
  ~Sha512Core();

  void update(std::span<const std::uint8_t> in) noexcept;
  // Pads (Section 5.1.2), writes the digest_bytes leftmost bytes of H(N) and resets.
  void finish(std::uint8_t* out) noexcept;
  void reset() noexcept;

 private:
  std::uint64_t h_[8];
  std::uint8_t buf_[block_bytes];
  std::uint64_t total_bytes_;  // messages up to 2^64 - 1 bytes (the spec allows 2^128 bits)
  std::uint8_t digest_bytes_;
};

}  // namespace detail

// An incremental SHA-2 hash: update() any number of times with any chunking, then
// final(), after which the object hashes a new message.
template <class Core, std::size_t DigestBytes>
class Sha2 {
 public:
  static constexpr std::size_t digest_bytes = DigestBytes;
  static constexpr std::size_t block_bytes = Core::block_bytes;

  Sha2() noexcept : core_(DigestBytes) {}
  void update(std::span<const std::uint8_t> in) noexcept { core_.update(in); }
  void final(std::span<std::uint8_t, DigestBytes> out) noexcept { core_.finish(out.data()); }
  void reset() noexcept { core_.reset(); }

 private:
  Core core_;
};
using Sha224 = Sha2<detail::Sha256Core, 28>;
using Sha256 = Sha2<detail::Sha256Core, 32>;
using Sha384 = Sha2<detail::Sha512Core, 48>;
using Sha512 = Sha2<detail::Sha512Core, 64>;
using Sha512_224 = Sha2<detail::Sha512Core, 28>;
using Sha512_256 = Sha2<detail::Sha512Core, 32>;

// One-shot functions (e.g. HashML-DSA pre-hash, FIPS 204 Algorithm 4).
TESSERA_API void sha224(std::span<const std::uint8_t> in, std::span<std::uint8_t, 28> out) noexcept;
TESSERA_API void sha256(std::span<const std::uint8_t> in, std::span<std::uint8_t, 32> out) noexcept;
TESSERA_API void sha384(std::span<const std::uint8_t> in, std::span<std::uint8_t, 48> out) noexcept;
TESSERA_API void sha512(std::span<const std::uint8_t> in, std::span<std::uint8_t, 64> out) noexcept;
TESSERA_API void sha512_224(std::span<const std::uint8_t> in, std::span<std::uint8_t, 28> out) noexcept;
TESSERA_API void sha512_256(std::span<const std::uint8_t> in, std::span<std::uint8_t, 32> out) noexcept;

}  // namespace tessera
