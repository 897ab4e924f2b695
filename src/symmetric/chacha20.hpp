// ChaCha20 and Poly1305 (RFC 8439) internals: kernel tables and the incremental Poly1305.
#pragma once

#include <tessera/backend.hpp>

#include <cstddef>
#include <cstdint>

namespace tessera::chacha {

inline constexpr std::size_t kBlockBytes = 64;

// RFC 8439, Section 2.3: the initial state (constants, key, block counter, nonce).
void init_state(std::uint32_t state[16], const std::uint8_t key[32], std::uint32_t counter,
                const std::uint8_t nonce[12]) noexcept;

struct Kernels {
  // RFC 8439, Section 2.4 on whole blocks: out = in ^ ChaCha20 blocks state[12],
  // state[12] + 1, ... (the caller keeps the counter from wrapping). in may equal out.
  void (*xor_blocks)(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out,
                     std::size_t nblocks) noexcept;
  // RFC 8439, Sections 2.6 and 2.4 in one call (for Section 2.8): key_block = the ChaCha20
  // block state[12] (the Poly1305 one-time key is its first 32 bytes), and out = in ^ the
  // key stream from block state[12] + 1 on, len bytes (the last block may be partial; the
  // caller keeps the counter from wrapping). in may equal out.
  void (*keyed_xor)(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out,
                    std::size_t len, std::uint8_t key_block[64]) noexcept;
  const char* name;

  friend bool operator==(const Kernels&, const Kernels&) = default;
};

// The kernels of the active backend, and of a given one (the portable table for a backend
// this build or CPU lacks).
const Kernels& kernels() noexcept;
const Kernels& kernels_for(Backend b) noexcept;
// Each backend's table, built in its kernel file (chacha20.cpp, chacha20_avx2.cpp,
// chacha20_avx512.cpp, chacha20_neon.cpp) from the table of the backend below it; picked in
// chacha20.cpp.
namespace portable {
Kernels table() noexcept;
}  // namespace portable
namespace avx2 {
Kernels table() noexcept;
}  // namespace avx2
namespace avx512 {
Kernels table() noexcept;
}  // namespace avx512
namespace neon {
Kernels table() noexcept;
}  // namespace neon
// Individual implementations, for the equivalence tests: the table of the backend that runs
// it here, nullptr when this build or CPU has none.
const Kernels& kernels_portable() noexcept;
const Kernels* kernels_avx2() noexcept;
const Kernels* kernels_avx512() noexcept;
const Kernels* kernels_neon() noexcept;

void xor_blocks_portable(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out,
                         std::size_t nblocks) noexcept;
void xor_blocks_avx2(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out,
                     std::size_t nblocks) noexcept;
void xor_blocks_avx512(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out,
                       std::size_t nblocks) noexcept;
void keyed_xor_avx512(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out,
                      std::size_t len, std::uint8_t key_block[64]) noexcept;
// keyed_xor of the AVX2 table: the key block with the portable block function, then
// xor_blocks_avx2 (defined in chacha20.cpp, built without SIMD flags).
void keyed_xor_avx2(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out,
                    std::size_t len, std::uint8_t key_block[64]) noexcept;
// The NEON kernel (chacha20_neon.cpp, four blocks per batch) and its keyed_xor, built the
// same way as the AVX2 one (in chacha20.cpp).
void xor_blocks_neon(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out,
                     std::size_t nblocks) noexcept;
void keyed_xor_neon(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out,
                    std::size_t len, std::uint8_t key_block[64]) noexcept;

// xor_blocks and a final partial block.
void xor_stream(const Kernels& k, std::uint32_t state[16], const std::uint8_t* in,
                std::uint8_t* out, std::size_t len) noexcept;

}  // namespace tessera::chacha

namespace tessera::poly1305 {

inline constexpr std::size_t kBlockBytes = 16;

// Radix 2^44: h = h[0] + h[1] 2^44 + h[2] 2^88 (limbs of 44, 44 and 42 bits).
struct alignas(64) State {
  std::uint64_t r[3];
  std::uint64_t h[3];
  std::uint64_t s[2];
  // Powers r^1..r^16 for the wide kernel, limb-major: pow[limb][16 - k] = limb of r^k, so
  // pow[.][0..7] = r^16..r^9 and pow[.][8..15] = r^8..r^1 (one zmm each).
  std::uint64_t pow[3][16];
  std::uint8_t buf[kBlockBytes];
  std::size_t buffered;
  const struct Kernels* k;
};

struct Kernels {
  // Absorbs nblocks full 16-byte blocks (each with the 2^128 bit).
  void (*blocks)(State& st, const std::uint8_t* in, std::size_t nblocks) noexcept;
  // Computes pow from r (init calls it), or nullptr if the kernel does not use pow.
  void (*powers)(State& st) noexcept;
  const char* name;

  friend bool operator==(const Kernels&, const Kernels&) = default;
};

// The kernels of the active backend, and of a given one (the portable table for a backend
// this build or CPU lacks).
const Kernels& kernels() noexcept;
const Kernels& kernels_for(Backend b) noexcept;
// Each backend's table, built in its kernel file (poly1305.cpp, poly1305_ifma.cpp); picked in
// poly1305.cpp. The avx2 backend runs the portable kernel; the avx512 one takes IFMA when the
// CPU has it (the backend does not require it).
namespace portable {
Kernels table() noexcept;
}  // namespace portable
namespace avx512 {
Kernels table() noexcept;
}  // namespace avx512
namespace neon {
Kernels table() noexcept;
}  // namespace neon
// Individual implementations, for the equivalence tests: the table of the backend that runs
// it here, nullptr when this build or CPU has none.
const Kernels& kernels_portable() noexcept;
const Kernels* kernels_ifma() noexcept;

void blocks_portable(State& st, const std::uint8_t* in, std::size_t nblocks) noexcept;
void blocks_ifma(State& st, const std::uint8_t* in, std::size_t nblocks) noexcept;
// pow from r with IFMA (limbs below 2^44 + 2^15: partially reduced, equal to r^k mod p).
void powers_ifma(State& st) noexcept;

// out = a * b mod 2^130 - 5, fully carried (limbs < 2^44, 2^44, 2^42).
void mul_mod(std::uint64_t out[3], const std::uint64_t a[3], const std::uint64_t b[3]) noexcept;

// The radix-2^26 kernel (poly1305_r26.cpp, 32 x 32 -> 64-bit products only): the portable
// one where unsigned __int128 is missing, built everywhere for the equivalence tests. Same
// State (converted to 26-bit limbs and back inside each call).
void blocks_radix26(State& st, const std::uint8_t* in, std::size_t nblocks) noexcept;
// The final partial block, already padded with 0x01 and zeros (no 2^128 bit).
void final_block_radix26(State& st, const std::uint8_t block[16]) noexcept;
// a * b mod p, partially reduced (limbs below 2^44, 2^44, 2^42 + 2^22).
void mul_mod_radix26(std::uint64_t out[3], const std::uint64_t a[3], const std::uint64_t b[3]) noexcept;

// RFC 8439, Section 2.5.1 (poly1305_mac), incrementally. The state is wiped by final().
void init(State& st, const Kernels& k, const std::uint8_t key[32]) noexcept;
void update(State& st, const std::uint8_t* in, std::size_t len) noexcept;
// Pads the buffered bytes of a partial block with zeros (RFC 8439, Section 2.8's pad16).
void pad16(State& st) noexcept;
void final(State& st, std::uint8_t tag[16]) noexcept;

}  // namespace tessera::poly1305
