// The NIST PQC known-answer DRBG (the `randombytes` of the NIST KAT generator, rng.c of
// the submission packages): AES-256 CTR_DRBG of SP 800-90A without a derivation function
// or reseeding, seeded with a 48-byte entropy input. Test code only: it reproduces the
// randomness the FrodoKEM .rsp files were generated with.
#pragma once

#include <tessera/aes.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera::test {

class KatDrbg {
 public:
  // randombytes_init(seed, NULL, 256): Key = 0, V = 0, then Update(seed).
  explicit KatDrbg(std::span<const std::uint8_t, 48> seed);

  // randombytes(out): CTR blocks under Key, then Update(NULL).
  void generate(std::span<std::uint8_t> out);

 private:
  void increment_v();
  void encrypt_v(std::uint8_t out[16]);
  void update(const std::uint8_t* provided);  // provided: 48 bytes or nullptr
  std::array<std::uint8_t, 32> key_{};
  std::array<std::uint8_t, 16> v_{};
};

}  // namespace tessera::test
