// SHA-3 and SHAKE (FIPS 202): one-shot functions and incremental objects.
//
//   std::array<std::uint8_t, 32> d;
//   tessera::sha3_256(msg, d);
//
//   tessera::Shake128 xof;
//   if (!xof.absorb(part1) || !xof.absorb(part2)) { /* absorbing after squeezing */ }
//   xof.squeeze(out1); xof.squeeze(out2);   // any chunking, any number of times
#pragma once

#include <tessera/export.hpp>
#include <tessera/result.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera {

namespace detail {
// The Keccak[c] sponge with FIPS 202 padding (Algorithm 8, pad10*1) and a domain suffix
// (0x06 for SHA-3, 0x1F for SHAKE). State is wiped on destruction.
class TESSERA_API KeccakSponge {
 public:
  KeccakSponge(std::size_t rate_bytes, std::uint8_t domain) noexcept;
  KeccakSponge(const KeccakSponge&) noexcept = default;
  KeccakSponge& operator=(const KeccakSponge&) noexcept = default;
  ~KeccakSponge();

  // Precondition (checked by the public wrappers): not squeezing yet.
  void absorb(std::span<const std::uint8_t> in) noexcept;
  // Absorbs the final 0..7 bits of a bit-oriented message (FIPS 202 bit order: bit i of
  // the string is bit i % 8, counting from the least significant, of its byte) and pads.
  // Precondition: not squeezing yet.
  void absorb_final_bits(std::uint8_t bits, unsigned nbits) noexcept;
  // Pads on the first call, then squeezes; may be called any number of times.
  void squeeze(std::span<std::uint8_t> out) noexcept;
  void reset() noexcept;
  bool squeezing() const noexcept { return squeezing_; }
  std::size_t rate_bytes() const noexcept { return rate_; }

 private:
  void pad_and_switch() noexcept;
  alignas(8) std::uint64_t state_[25];
  std::size_t rate_;
  std::size_t pos_;  // bytes absorbed into, or squeezed from, the current block
  std::uint8_t domain_;
  bool squeezing_;
};
}  // namespace detail

// SHA3-224/256/384/512 (FIPS 202, Section 6.1).
template <std::size_t Bits>
class Sha3 {
  static_assert(Bits == 224 || Bits == 256 || Bits == 384 || Bits == 512);

 public:
  static constexpr std::size_t digest_bytes = Bits / 8;
  static constexpr std::size_t rate_bytes = 200 - 2 * digest_bytes;

  Sha3() noexcept : sponge_(rate_bytes, 0x06) {}
  void update(std::span<const std::uint8_t> in) noexcept { sponge_.absorb(in); }
  // Writes the digest and resets the object for a new message.
  void final(std::span<std::uint8_t, digest_bytes> out) noexcept {
    sponge_.squeeze(out);
    sponge_.reset();
  }

 private:
  detail::KeccakSponge sponge_;
};
using Sha3_224 = Sha3<224>;
using Sha3_256 = Sha3<256>;
using Sha3_384 = Sha3<384>;
using Sha3_512 = Sha3<512>;

// SHAKE128 and SHAKE256 (FIPS 202, Section 6.2).
template <std::size_t Security>
class Shake {
  static_assert(Security == 128 || Security == 256);

 public:
  static constexpr std::size_t rate_bytes = 200 - Security / 4;

  Shake() noexcept : sponge_(rate_bytes, 0x1F) {}
  // Error::invalid_state once squeezing has started (call reset() first).
  Result<void> absorb(std::span<const std::uint8_t> in) noexcept {
    if (sponge_.squeezing()) return Error::invalid_state;
    sponge_.absorb(in);
    return {};
  }
  void squeeze(std::span<std::uint8_t> out) noexcept { sponge_.squeeze(out); }
  void reset() noexcept { sponge_.reset(); }

 private:
  detail::KeccakSponge sponge_;
};
using Shake128 = Shake<128>;
using Shake256 = Shake<256>;

// One-shot functions.
TESSERA_API void sha3_224(std::span<const std::uint8_t> in, std::span<std::uint8_t, 28> out) noexcept;
TESSERA_API void sha3_256(std::span<const std::uint8_t> in, std::span<std::uint8_t, 32> out) noexcept;
TESSERA_API void sha3_384(std::span<const std::uint8_t> in, std::span<std::uint8_t, 48> out) noexcept;
TESSERA_API void sha3_512(std::span<const std::uint8_t> in, std::span<std::uint8_t, 64> out) noexcept;
TESSERA_API void shake128(std::span<const std::uint8_t> in, std::span<std::uint8_t> out) noexcept;
TESSERA_API void shake256(std::span<const std::uint8_t> in, std::span<std::uint8_t> out) noexcept;

}  // namespace tessera
