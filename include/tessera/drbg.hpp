// Hash_DRBG (NIST SP 800-90A Rev. 1, Section 10.1.1): the deterministic random bit
// generator behind tessera::random_bytes(), and a public API for deterministic use
// (known-answer tests, protocols that specify a DRBG).
//
//   tessera::HashDrbg<tessera::Sha256> drbg;
//   auto r = drbg.instantiate(entropy, nonce, personalization);
//   r = drbg.generate(out, additional_input);
//
// Why Hash_DRBG with SHA-256 for the library's default source: it needs only the hash
// (no AES, so no dependency on the block-cipher module and no table-based AES on cores
// without AES instructions), it gives the full 256-bit security strength (Table 2), it
// uses the SHA-NI kernel where the CPU has SHA extensions and needs no 64-bit
// arithmetic on 32-bit cores, and its 55-byte V keeps the per-request work small: on Zen 4
// a 32-byte random_bytes() takes 806 TSC ticks with SHA-256 against 2392 with SHA-512
// (16 KiB: 7.7 against 13.2 ticks per byte).
// HashDrbg<Sha512> is available as well (and tested against the NIST CAVS vectors).
// Failures name the argument (Result::what()): "Hash_DRBG entropy input", "Hash_DRBG
// nonce", "Hash_DRBG personalization string", "Hash_DRBG additional input", "Hash_DRBG
// output length (over 2^19 bits)", "Hash_DRBG (not instantiated)", "Hash_DRBG reseed
// counter (reseed required)".
#pragma once

#include <tessera/export.hpp>
#include <tessera/result.hpp>
#include <tessera/sha2.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera {

template <class H>
class TESSERA_API HashDrbg {
 public:
  static constexpr std::size_t out_bytes = H::digest_bytes;  // outlen / 8
  // SP 800-90A Rev. 1, Table 2: seedlen = 440 bits for SHA-1/224/256/512-224/512-256,
  // 888 bits for SHA-384/512.
  static constexpr std::size_t seed_bytes = out_bytes <= 32 ? 55 : 111;
  // Highest supported security strength (Table 2): 256 bits for SHA-256 and SHA-512.
  static constexpr std::size_t security_strength_bytes = out_bytes < 32 ? out_bytes : 32;
  static constexpr std::size_t min_entropy_bytes = security_strength_bytes;
  static constexpr std::size_t min_nonce_bytes = security_strength_bytes / 2;
  static constexpr std::size_t max_request_bytes = std::size_t{1} << 16;    // 2^19 bits
  static constexpr std::uint64_t max_reseed_interval = std::uint64_t{1} << 48;

  HashDrbg() noexcept = default;
  HashDrbg(const HashDrbg&) = delete;
  HashDrbg& operator=(const HashDrbg&) = delete;
  ~HashDrbg();  // uninstantiates (wipes V and C)

  // Section 10.1.1.2 (Hash_DRBG_Instantiate_algorithm). The nonce and personalization
  // string may be empty; entropy_input must have at least min_entropy_bytes (Section
  // 8.6.3) and entropy_input || nonce at least min_entropy_bytes + min_nonce_bytes
  // (Section 8.6.7: a CAVS test may give both in one string), else Error::invalid_length.
  // Inputs longer than Table 2's 2^35 bits are Error::invalid_length too.
  [[nodiscard]] Result<void> instantiate(std::span<const std::uint8_t> entropy_input,
                                         std::span<const std::uint8_t> nonce,
                                         std::span<const std::uint8_t> personalization) noexcept;

  // Section 10.1.1.3 (Hash_DRBG_Reseed_algorithm). Error::invalid_state if not
  // instantiated, Error::invalid_length if entropy_input is shorter than min_entropy_bytes.
  [[nodiscard]] Result<void> reseed(std::span<const std::uint8_t> entropy_input,
                                    std::span<const std::uint8_t> additional_input) noexcept;

  // Section 10.1.1.4 (Hash_DRBG_Generate_algorithm). Error::invalid_state if not
  // instantiated or a reseed is required (more than reseed_interval() requests since
  // the last (re)seed: step 1's "reseed required" indication); Error::invalid_length if
  // out is longer than max_request_bytes. out is zeroed on error.
  [[nodiscard]] Result<void> generate(std::span<std::uint8_t> out,
                                      std::span<const std::uint8_t> additional_input = {}) noexcept;

  // Section 9.3.1, steps 7.1-7.4 with prediction resistance: reseed with fresh
  // entropy_input and the additional input, then generate with no additional input.
  [[nodiscard]] Result<void> generate_with_prediction_resistance(
      std::span<std::uint8_t> out, std::span<const std::uint8_t> entropy_input,
      std::span<const std::uint8_t> additional_input = {}) noexcept;

  // Section 9.4: wipes the internal state.
  void uninstantiate() noexcept;

  bool instantiated() const noexcept { return instantiated_; }
  // reseed_counter (Section 10.1.1.1): requests since the last (re)seed, plus one.
  std::uint64_t reseed_counter() const noexcept { return reseed_counter_; }
  bool reseed_required() const noexcept { return reseed_counter_ > reseed_interval_; }
  std::uint64_t reseed_interval() const noexcept { return reseed_interval_; }
  // 1 <= interval <= max_reseed_interval (Table 2); other values are clamped.
  void set_reseed_interval(std::uint64_t interval) noexcept;

 private:
  std::uint8_t v_[seed_bytes] = {};
  std::uint8_t c_[seed_bytes] = {};
  std::uint64_t reseed_counter_ = 0;
  std::uint64_t reseed_interval_ = max_reseed_interval;
  bool instantiated_ = false;
};

extern template class HashDrbg<Sha256>;
extern template class HashDrbg<Sha512>;

}  // namespace tessera
