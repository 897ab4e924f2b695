// Batched SHAKE: N independent SHAKE instances run through one N-way permutation kernel
// (AVX2/AVX-512 process 4 or 8 states at once). ML-KEM and ML-DSA use it for matrix
// (SHAKE128 of rho||j||i) and noise (SHAKE256 of a seed and a counter) sampling, where
// every instance absorbs an input of the same length.
#pragma once

#include "common/bytes.hpp"
#include "common/secret.hpp"
#include "hash/keccak/keccak.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

namespace tessera::hash {

template <std::size_t Rate, std::uint8_t Domain, int N>
class SpongeBatch {
  static_assert(N == 4 || N == 8);
  static_assert(Rate % 8 == 0 && Rate < 200);

 public:
  static constexpr std::size_t rate_bytes = Rate;
  static constexpr int ways = N;
  using Inputs = std::array<const std::uint8_t*, N>;
  using Outputs = std::array<std::uint8_t*, N>;

  // The kernel table is read once, here: an operation runs on one backend throughout.
  SpongeBatch() noexcept : kernels_(keccak::kernels()) {}
  SpongeBatch(const SpongeBatch&) = delete;
  SpongeBatch& operator=(const SpongeBatch&) = delete;
  ~SpongeBatch() { secure_zero_object(state_); }

  // Absorbs in[j][0..len) into instance j and pads (FIPS 202, Algorithm 8, steps 1-6).
  // Call once, before squeezing.
  void absorb_once(const Inputs& in, std::size_t len) noexcept {
    std::size_t off = 0;
    for (; len - off >= Rate; off += Rate) {
      absorb_lanes(in, off, 0, Rate / 8);
      permute();
    }
    const std::size_t rest = len - off;
    absorb_lanes(in, off, 0, rest / 8);
    const std::size_t tail = rest & 7, lane = rest / 8;
    for (int j = 0; j < N; ++j) {
      std::uint64_t w = bytes::load_le_partial(in[j] + off + 8 * lane, tail);
      w ^= static_cast<std::uint64_t>(Domain) << (8 * tail);
      state_.lanes[lane][j] ^= w;
      state_.lanes[Rate / 8 - 1][j] ^= 0x8000000000000000ull;
    }
    permute();
    pos_ = 0;
  }

  // Writes the next len bytes of every instance's output to out[j] (Algorithm 8, 7-10).
  void squeeze(const Outputs& out, std::size_t len) noexcept {
    std::size_t done = 0;
    while (done < len) {
      if (pos_ == Rate) {
        permute();
        pos_ = 0;
      }
      if (pos_ % 8 == 0 && len - done >= 8) {  // whole lanes: the kernel's transposes
        const std::size_t lanes = (len - done < Rate - pos_ ? len - done : Rate - pos_) / 8;
        extract_lanes(out, done, pos_ / 8, lanes);
        done += 8 * lanes;
        pos_ += 8 * lanes;
        continue;
      }
      // Bytes up to the end of the current lane (or of the request), one at a time.
      const std::size_t lane_left = 8 - pos_ % 8;
      const std::size_t take = len - done < lane_left ? len - done : lane_left;
      for (std::size_t b = 0; b < take; ++b) {
        const std::size_t p = pos_ + b;
        for (int j = 0; j < N; ++j)
          out[j][done + b] = static_cast<std::uint8_t>(state_.lanes[p >> 3][j] >> (8 * (p & 7)));
      }
      pos_ += take;
      done += take;
    }
  }

  // Squeezes nblocks whole rate-sized blocks per instance.
  void squeeze_blocks(const Outputs& out, std::size_t nblocks) noexcept { squeeze(out, nblocks * Rate); }

 private:
  // XORs lanes [first, first + nlanes) of in[j] + off into state j.
  void absorb_lanes(const Inputs& in, std::size_t off, std::size_t first, std::size_t nlanes) noexcept {
    if (nlanes == 0) return;
    Inputs p;
    for (int j = 0; j < N; ++j) p[j] = in[j] + off;
    if constexpr (N == 4) kernels_.absorb_lanes_x4(state_, p.data(), first, nlanes);
    else kernels_.absorb_lanes_x8(state_, p.data(), first, nlanes);
  }
  // Writes lanes [first, first + nlanes) of state j to out[j] + off.
  void extract_lanes(const Outputs& out, std::size_t off, std::size_t first, std::size_t nlanes) noexcept {
    Outputs p;
    for (int j = 0; j < N; ++j) p[j] = out[j] + off;
    if constexpr (N == 4) kernels_.extract_lanes_x4(state_, p.data(), first, nlanes);
    else kernels_.extract_lanes_x8(state_, p.data(), first, nlanes);
  }
  void permute() noexcept {
    if constexpr (N == 4) kernels_.f1600_x4(state_);
    else kernels_.f1600_x8(state_);
  }
  const keccak::Kernels& kernels_;
  keccak::StateN<N> state_{};
  std::size_t pos_ = 0;
};

using Shake128x4 = SpongeBatch<168, 0x1F, 4>;
using Shake256x4 = SpongeBatch<136, 0x1F, 4>;
using Shake128x8 = SpongeBatch<168, 0x1F, 8>;
using Shake256x8 = SpongeBatch<136, 0x1F, 8>;

}  // namespace tessera::hash
