// AES (FIPS 197) kernels. A kernel table holds the key expansion, ECB and CTR functions of
// one implementation: portable (bitsliced, table-free, constant time; 4 blocks in 64-bit
// planes), AES-NI, VAES, and on aarch64 the Armv8 Cryptographic Extension or, on CPUs without
// it, the NEON bitsliced kernel (8 blocks in 128-bit planes, the portable key expansion).
// The block-cipher algorithm (KeyExpansion, round structure) is shared; kernels only
// differ in how the rounds are computed.
#pragma once

#include <tessera/backend.hpp>

#include <cstddef>
#include <cstdint>

namespace tessera::aes {

inline constexpr std::size_t kBlockBytes = 16;
inline constexpr int kMaxRounds = 14;

// FIPS 197, Table 3: Nk and Nr for AES-128/192/256.
constexpr int rounds_for_key_bytes(std::size_t key_bytes) noexcept {
  return key_bytes == 16 ? 10 : key_bytes == 24 ? 12 : key_bytes == 32 ? 14 : 0;
}
static_assert(rounds_for_key_bytes(16) == 10 && rounds_for_key_bytes(32) == 14);

// Expanded key. `bytes` holds the FIPS 197 round keys w[0..4Nr+3] (16 bytes per round,
// in the byte order of the state, as AESENC takes them); the portable kernel also keeps
// a bitsliced copy of each round key, replicated for the 4 blocks it processes at once
// (the NEON bitsliced kernel loads each 64-bit plane into both halves of a vector).
// Wiped by its owners (secure_zero_object).
struct alignas(64) RoundKeys {
  std::uint8_t bytes[(kMaxRounds + 1) * 16];
  std::uint64_t sliced[(kMaxRounds + 1) * 8];
  int rounds;
};

struct Kernels {
  // FIPS 197, Algorithm 2 (KeyExpansion). key_bytes is 16, 24 or 32.
  void (*expand_key)(RoundKeys& rk, const std::uint8_t* key, std::size_t key_bytes) noexcept;
  // FIPS 197, Algorithm 1 (Cipher) on nblocks independent blocks. in may equal out.
  void (*encrypt_ecb)(const RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out,
                      std::size_t nblocks) noexcept;
  // Counter mode with SP 800-38D inc_32: out[i] = in[i] ^ CIPH(ctr), then ctr = inc_32(ctr)
  // (the last 4 bytes, big-endian, modulo 2^32). ctr is updated. in may equal out.
  void (*ctr32)(const RoundKeys& rk, std::uint8_t ctr[16], const std::uint8_t* in,
                std::uint8_t* out, std::size_t nblocks) noexcept;
  const char* name;

  friend bool operator==(const Kernels&, const Kernels&) = default;
};

// The kernels the active backend uses, and those of a given backend (the portable table for
// a backend this build or CPU lacks).
const Kernels& kernels() noexcept;
const Kernels& kernels_for(Backend b) noexcept;

// Each backend's table, built in its kernel file (aes_portable.cpp, aes_ni.cpp, aes_vaes.cpp;
// the neon one in aes.cpp from aes_neon.cpp's or aes_neon_bs.cpp's kernels;
// the SIMD ones only in builds that compile them) from the table of the backend below it;
// picked in aes.cpp. AES-NI and VAES are not part of the avx2 and avx512 backend definitions
// (src/cpu/backend.cpp): those tables take them when the CPU has them, and stay the portable
// (the AES-NI) kernels otherwise.
namespace portable {
Kernels table() noexcept;
}  // namespace portable
namespace avx2 {
Kernels table() noexcept;
Kernels aesni_table() noexcept;  // AES-NI only (without VAES-256)
}  // namespace avx2
namespace avx512 {
Kernels table() noexcept;
}  // namespace avx512
namespace neon {
// The Cryptographic Extension kernels where the CPU has them, else the NEON bitsliced ones.
Kernels table() noexcept;
}  // namespace neon
// The CPU has what the AES-NI (with PCLMULQDQ: GCM) and the VAES (with VPCLMULQDQ) kernels
// need; false in builds that do not compile them.
bool aesni_available() noexcept;
bool vaes_available() noexcept;
// AES-NI, AVX2 and VAES (256-bit VAES without AVX-512: aes_vaes256.cpp); the avx2 backend's
// ECB and CTR kernels then are those.
bool vaes256_available() noexcept;
// aarch64: the CPU has FEAT_AES (AESE/AESMC; aes_neon.cpp); false in builds without it.
bool arm_aes_available() noexcept;

// Individual implementations, for the equivalence tests: the table of the backend that runs
// it here, nullptr when this build or CPU has none.
const Kernels& kernels_portable() noexcept;
const Kernels* kernels_aesni() noexcept;
const Kernels* kernels_vaes256() noexcept;
const Kernels* kernels_vaes() noexcept;
const Kernels* kernels_arm_ce() noexcept;
const Kernels* kernels_neon_bs() noexcept;  // aarch64 NEON builds: the bitsliced kernel (any CPU)

// The shared FIPS 197 KeyExpansion (Algorithm 2), parameterized by SubWord; fills
// rk.bytes and rk.rounds. sub_word applies the S-box to each byte of a 32-bit word.
void expand_key_generic(RoundKeys& rk, const std::uint8_t* key, std::size_t key_bytes,
                        std::uint32_t (*sub_word)(std::uint32_t) noexcept) noexcept;

// Kernel entry points (defined only where compiled: see sources.cmake).
void expand_key_portable(RoundKeys& rk, const std::uint8_t* key, std::size_t key_bytes) noexcept;
void encrypt_ecb_portable(const RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out,
                          std::size_t nblocks) noexcept;
void ctr32_portable(const RoundKeys& rk, std::uint8_t ctr[16], const std::uint8_t* in,
                    std::uint8_t* out, std::size_t nblocks) noexcept;
// The S-box applied to every byte of a 16-byte array, in constant time (tests).
void sub_bytes_portable(std::uint8_t state[16]) noexcept;

void expand_key_aesni(RoundKeys& rk, const std::uint8_t* key, std::size_t key_bytes) noexcept;
void encrypt_ecb_aesni(const RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out,
                       std::size_t nblocks) noexcept;
void ctr32_aesni(const RoundKeys& rk, std::uint8_t ctr[16], const std::uint8_t* in,
                 std::uint8_t* out, std::size_t nblocks) noexcept;
void encrypt_ecb_vaes256(const RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out,
                         std::size_t nblocks) noexcept;
void ctr32_vaes256(const RoundKeys& rk, std::uint8_t ctr[16], const std::uint8_t* in,
                   std::uint8_t* out, std::size_t nblocks) noexcept;
void expand_key_ce(RoundKeys& rk, const std::uint8_t* key, std::size_t key_bytes) noexcept;
void encrypt_ecb_ce(const RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out, std::size_t nblocks) noexcept;
void ctr32_ce(const RoundKeys& rk, std::uint8_t ctr[16], const std::uint8_t* in, std::uint8_t* out,
              std::size_t nblocks) noexcept;
// aes_neon_bs.cpp (aarch64 NEON builds); the key expansion is expand_key_portable.
void encrypt_ecb_neon_bs(const RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out,
                         std::size_t nblocks) noexcept;
void ctr32_neon_bs(const RoundKeys& rk, std::uint8_t ctr[16], const std::uint8_t* in,
                   std::uint8_t* out, std::size_t nblocks) noexcept;
void encrypt_ecb_vaes(const RoundKeys& rk, const std::uint8_t* in, std::uint8_t* out,
                      std::size_t nblocks) noexcept;
void ctr32_vaes(const RoundKeys& rk, std::uint8_t ctr[16], const std::uint8_t* in,
                std::uint8_t* out, std::size_t nblocks) noexcept;

// The field SP 800-38D inc_32 counts in: the last 4 bytes of a counter block, big-endian.
inline std::uint32_t ctr_low32(const std::uint8_t ctr[16]) noexcept {
  return static_cast<std::uint32_t>(ctr[12]) << 24 | static_cast<std::uint32_t>(ctr[13]) << 16 |
         static_cast<std::uint32_t>(ctr[14]) << 8 | ctr[15];
}
inline void set_ctr_low32(std::uint8_t ctr[16], std::uint32_t c) noexcept {
  for (int i = 0; i < 4; ++i) ctr[12 + i] = static_cast<std::uint8_t>(c >> (24 - 8 * i));
}

// SP 800-38D inc_32 on a counter block (modulo 2^32; the first 12 bytes are untouched).
inline void inc32(std::uint8_t ctr[16], std::uint32_t by = 1) noexcept { set_ctr_low32(ctr, ctr_low32(ctr) + by); }

}  // namespace tessera::aes
