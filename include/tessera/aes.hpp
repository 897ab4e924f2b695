// The AES block cipher (FIPS 197) for Tessera's own users (FrodoKEM's matrix generation,
// the CTR-DRBG): encryption only, ECB over whole blocks and CTR with a 32-bit counter.
// For encryption of messages use the AEADs in <tessera/aead.hpp>.
//
//   tessera::Aes aes;
//   if (auto r = aes.set_key(key); !r) return r.failure(); // 16, 24 or 32 bytes
//   auto r = aes.encrypt_blocks(in, out);                  // in.size() % 16 == 0
//
// The implementation (AES-NI, VAES, or the portable bitsliced one, all constant time) is
// chosen when the key is set, from the active backend. The expanded key is wiped by
// clear() and by the destructor. Failures name the argument (Result::what()): "AES key",
// "AES key (none set)", "AES input (whole 16-byte blocks)", "AES output", "AES-CTR output".
#pragma once

#include <tessera/export.hpp>
#include <tessera/result.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera {

class TESSERA_API Aes {
 public:
  static constexpr std::size_t block_bytes = 16;

  Aes() noexcept = default;
  Aes(const Aes&) = delete;
  Aes& operator=(const Aes&) = delete;
  ~Aes();

  // FIPS 197, Algorithm 2 (KeyExpansion). Error::invalid_length unless the key has 16, 24
  // or 32 bytes (AES-128/192/256); the object then holds no key.
  [[nodiscard]] Result<void> set_key(std::span<const std::uint8_t> key) noexcept;
  bool has_key() const noexcept { return rounds_ != 0; }
  // Wipes the expanded key.
  void clear() noexcept;

  // FIPS 197, Algorithm 1 (Cipher) on each 16-byte block of in. in and out have the same
  // size, a multiple of 16 (else Error::invalid_length, out zeroed); they may be the same
  // buffer. Error::invalid_state without a key.
  [[nodiscard]] Result<void> encrypt_blocks(std::span<const std::uint8_t> in,
                                            std::span<std::uint8_t> out) const noexcept;
  // Counter mode (SP 800-38A, Section 6.5) with SP 800-38D's inc_32: the last 4 bytes of
  // counter are a big-endian block counter, incremented modulo 2^32 after each block.
  // out = in ^ keystream, any length (a final partial block uses part of one keystream
  // block); counter is advanced by ceil(in.size() / 16).
  [[nodiscard]] Result<void> ctr32_xor(std::span<std::uint8_t, 16> counter,
                                       std::span<const std::uint8_t> in,
                                       std::span<std::uint8_t> out) const noexcept;

 private:
  // Opaque storage for the expanded key of the chosen implementation (src/symmetric).
  alignas(64) std::uint8_t schedule_[1280] = {};
  const void* kernels_ = nullptr;
  int rounds_ = 0;
};

}  // namespace tessera
