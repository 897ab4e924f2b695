// Portable SHA-2 compression functions (FIPS 180-4, Sections 6.2.2 and 6.4.2).
// The eight working variables rotate by renaming: each group of eight rounds passes them
// to round() in a shifted order, so no register moves are needed between rounds.
#include "hash/sha2/kernels.hpp"

#include "common/bytes.hpp"
#include "common/secret.hpp"

#include <bit>

namespace tessera::sha2 {
namespace {

inline std::uint32_t load_be32(const std::uint8_t* p) noexcept {
  return static_cast<std::uint32_t>(p[0]) << 24 | static_cast<std::uint32_t>(p[1]) << 16 |
         static_cast<std::uint32_t>(p[2]) << 8 | static_cast<std::uint32_t>(p[3]);
}

// Section 4.1.2 (SHA-224/256 functions).
inline std::uint32_t ch(std::uint32_t x, std::uint32_t y, std::uint32_t z) noexcept { return (x & y) ^ (~x & z); }
inline std::uint32_t maj(std::uint32_t x, std::uint32_t y, std::uint32_t z) noexcept { return (x & y) ^ (x & z) ^ (y & z); }
inline std::uint32_t big_sigma0(std::uint32_t x) noexcept { return std::rotr(x, 2) ^ std::rotr(x, 13) ^ std::rotr(x, 22); }
inline std::uint32_t big_sigma1(std::uint32_t x) noexcept { return std::rotr(x, 6) ^ std::rotr(x, 11) ^ std::rotr(x, 25); }
inline std::uint32_t small_sigma0(std::uint32_t x) noexcept { return std::rotr(x, 7) ^ std::rotr(x, 18) ^ (x >> 3); }
inline std::uint32_t small_sigma1(std::uint32_t x) noexcept { return std::rotr(x, 17) ^ std::rotr(x, 19) ^ (x >> 10); }

// Section 4.1.3 (SHA-384/512 functions).
inline std::uint64_t ch(std::uint64_t x, std::uint64_t y, std::uint64_t z) noexcept { return (x & y) ^ (~x & z); }
inline std::uint64_t maj(std::uint64_t x, std::uint64_t y, std::uint64_t z) noexcept { return (x & y) ^ (x & z) ^ (y & z); }
inline std::uint64_t big_sigma0(std::uint64_t x) noexcept { return std::rotr(x, 28) ^ std::rotr(x, 34) ^ std::rotr(x, 39); }
inline std::uint64_t big_sigma1(std::uint64_t x) noexcept { return std::rotr(x, 14) ^ std::rotr(x, 18) ^ std::rotr(x, 41); }
inline std::uint64_t small_sigma0(std::uint64_t x) noexcept { return std::rotr(x, 1) ^ std::rotr(x, 8) ^ (x >> 7); }
inline std::uint64_t small_sigma1(std::uint64_t x) noexcept { return std::rotr(x, 19) ^ std::rotr(x, 61) ^ (x >> 6); }

// Step 3 for one round t: T1, T2, then d += T1 and h = T1 + T2 (the renaming of
// b..h happens in the caller's argument order).
template <class W>
inline void round(W a, W b, W c, W& d, W e, W f, W g, W& h, W k, W w) noexcept {
  const W t1 = h + big_sigma1(e) + ch(e, f, g) + k + w;
  const W t2 = big_sigma0(a) + maj(a, b, c);
  d += t1;
  h = t1 + t2;
}

// Step 1 for t >= 16, on a 16-word ring: W_t = s1(W_{t-2}) + W_{t-7} + s0(W_{t-15}) + W_{t-16}.
template <class W>
inline W schedule(W (&w)[16], int t) noexcept {
  w[t & 15] += small_sigma1(w[(t - 2) & 15]) + w[(t - 7) & 15] + small_sigma0(w[(t - 15) & 15]);
  return w[t & 15];
}

template <class W, int Rounds, const W* K, W (*Load)(const std::uint8_t*)>
void compress(W (&hv)[8], const std::uint8_t* p, std::size_t nblocks) noexcept {
  constexpr std::size_t kBlock = 16 * sizeof(W);
  W w[16];  // the message schedule: derived from possibly secret input (HMAC keys, DRBG state)
  for (; nblocks > 0; --nblocks, p += kBlock) {
    // Step 2: initialize the working variables with H^(i-1).
    W a = hv[0], b = hv[1], c = hv[2], d = hv[3], e = hv[4], f = hv[5], g = hv[6], h = hv[7];
    // Steps 1 and 3: message schedule (first 16 words are the block) and the rounds.
    for (int t = 0; t < 16; t += 8) {
      for (int j = 0; j < 8; ++j) w[t + j] = Load(p + sizeof(W) * static_cast<std::size_t>(t + j));
      round(a, b, c, d, e, f, g, h, K[t + 0], w[t + 0]);
      round(h, a, b, c, d, e, f, g, K[t + 1], w[t + 1]);
      round(g, h, a, b, c, d, e, f, K[t + 2], w[t + 2]);
      round(f, g, h, a, b, c, d, e, K[t + 3], w[t + 3]);
      round(e, f, g, h, a, b, c, d, K[t + 4], w[t + 4]);
      round(d, e, f, g, h, a, b, c, K[t + 5], w[t + 5]);
      round(c, d, e, f, g, h, a, b, K[t + 6], w[t + 6]);
      round(b, c, d, e, f, g, h, a, K[t + 7], w[t + 7]);
    }
    for (int t = 16; t < Rounds; t += 8) {
      round(a, b, c, d, e, f, g, h, K[t + 0], schedule(w, t + 0));
      round(h, a, b, c, d, e, f, g, K[t + 1], schedule(w, t + 1));
      round(g, h, a, b, c, d, e, f, K[t + 2], schedule(w, t + 2));
      round(f, g, h, a, b, c, d, e, K[t + 3], schedule(w, t + 3));
      round(e, f, g, h, a, b, c, d, K[t + 4], schedule(w, t + 4));
      round(d, e, f, g, h, a, b, c, K[t + 5], schedule(w, t + 5));
      round(c, d, e, f, g, h, a, b, K[t + 6], schedule(w, t + 6));
      round(b, c, d, e, f, g, h, a, K[t + 7], schedule(w, t + 7));
    }
    // Step 4: the i-th intermediate hash value.
    hv[0] += a; hv[1] += b; hv[2] += c; hv[3] += d;
    hv[4] += e; hv[5] += f; hv[6] += g; hv[7] += h;
  }
  secure_zero(w, sizeof w);
}

// The compressions run in frames of their own (not inlined), which the kernels wipe when they
// return: the 8 working variables and the round temporaries outnumber the general registers
// (x86-64: 15; 32-bit Arm: 13), and the compiler spills some; at the start of a block they are
// the chaining value, which for HMAC is the keyed state (x86-64 g++ 12: words 3 and 4 of the
// outer SHA-512 state stayed behind; tests/unit/zeroize_hash_test.cpp). The frames, with room
// to spare (x86-64 g++ 12: 0xc8 and 0x120 bytes and 6 saved registers); one wipe per call,
// not per block (HMAC-SHA-256 of 64 bytes, 5 calls, portable: 3425 -> 3560 TSC ticks).
// On 32-bit targets each 64-bit SHA-512 word takes a register pair, so most of the working
// variables live in the frame: i386 g++ 12 -m32 -O3 gives compress512_frame 0x37c bytes plus
// 4 saved registers (912 in all; SHA-256: 0xdc, 240 in all), beyond the 64-bit figure
// (tests/unit/zeroize_hash_test.cpp, "SHA-2 kernels" differential, on the portable32 preset).
// Cortex-M (frame_wipe): compress512_frame takes 452 bytes at -Os, 352 at -O2 and -O3.
constexpr std::size_t kCompress256FrameBytes = 384;
constexpr std::size_t kCompress512FrameBytes = frame_wipe(sizeof(void*) < 8 ? 1280 : 512, 640);

[[gnu::noinline]] void compress256_frame(std::uint32_t (&h)[8], const std::uint8_t* blocks, std::size_t nblocks) noexcept {
  compress<std::uint32_t, 64, kK256, load_be32>(h, blocks, nblocks);
}
[[gnu::noinline]] void compress512_frame(std::uint64_t (&h)[8], const std::uint8_t* blocks, std::size_t nblocks) noexcept {
  compress<std::uint64_t, 80, kK512, bytes::load_be64>(h, blocks, nblocks);
}

}  // namespace

// FIPS 180-4, Section 6.2.2 (SHA-256 hash computation).
void compress256_portable(std::uint32_t (&h)[8], const std::uint8_t* blocks, std::size_t nblocks) noexcept {
  compress256_frame(h, blocks, nblocks);
  secure_zero_stack(kCompress256FrameBytes);
}

// FIPS 180-4, Section 6.4.2 (SHA-512 hash computation).
void compress512_portable(std::uint64_t (&h)[8], const std::uint8_t* blocks, std::size_t nblocks) noexcept {
  compress512_frame(h, blocks, nblocks);
  secure_zero_stack(kCompress512FrameBytes);
}

}  // namespace tessera::sha2

namespace tessera::sha2::portable {

Kernels table() noexcept { return Kernels{compress256_portable, compress512_portable}; }

}  // namespace tessera::sha2::portable
