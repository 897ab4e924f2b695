// ChaCha20 (RFC 8439, Section 2.3-2.4): the portable kernel, the kernel tables and the
// public chacha20_xor.
#include "symmetric/chacha20.hpp"

#include <tessera/aead.hpp>

#include "common/bytes.hpp"
#include "common/secret.hpp"
#include "cpu/dispatch.hpp"
#include "tessera_config.hpp"

#include <cstring>

namespace tessera::chacha {
namespace {

inline std::uint32_t rotl(std::uint32_t x, int n) noexcept { return (x << n) | (x >> (32 - n)); }

// RFC 8439, Section 2.1 (the quarter round).
inline void quarter_round(std::uint32_t& a, std::uint32_t& b, std::uint32_t& c, std::uint32_t& d) noexcept {
  a += b; d ^= a; d = rotl(d, 16);
  c += d; b ^= c; b = rotl(b, 12);
  a += b; d ^= a; d = rotl(d, 8);
  c += d; b ^= c; b = rotl(b, 7);
}

// RFC 8439, Section 2.3 (the ChaCha20 block function), serialized little-endian.
void block(const std::uint32_t in[16], std::uint8_t out[64]) noexcept {
  std::uint32_t x[16];
  std::memcpy(x, in, sizeof x);
  for (int i = 0; i < 10; ++i) {  // 20 rounds: column then diagonal
    quarter_round(x[0], x[4], x[8], x[12]);
    quarter_round(x[1], x[5], x[9], x[13]);
    quarter_round(x[2], x[6], x[10], x[14]);
    quarter_round(x[3], x[7], x[11], x[15]);
    quarter_round(x[0], x[5], x[10], x[15]);
    quarter_round(x[1], x[6], x[11], x[12]);
    quarter_round(x[2], x[7], x[8], x[13]);
    quarter_round(x[3], x[4], x[9], x[14]);
  }
  for (int i = 0; i < 16; ++i) bytes::store_le32(out + 4 * i, x[i] + in[i]);
  secure_zero(x, sizeof x);
}

using XorBlocks = void (*)(const std::uint32_t*, const std::uint8_t*, std::uint8_t*, std::size_t) noexcept;

// Kernels::keyed_xor from xor_blocks: the key block alone (one portable block is faster
// than an AVX2 batch), then the stream.
template <XorBlocks kXor>
void keyed_xor_from(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out,
                    std::size_t len, std::uint8_t key_block[64]) noexcept {
  std::uint32_t s[16];
  std::memcpy(s, state, sizeof s);
  block(s, key_block);
  s[12] += 1;
  const std::size_t full = len / kBlockBytes;
  if (full != 0) kXor(s, in, out, full);
  s[12] += static_cast<std::uint32_t>(full);
  if (const std::size_t rest = len % kBlockBytes; rest != 0) {
    std::uint8_t buf[kBlockBytes] = {};
    std::memcpy(buf, in + kBlockBytes * full, rest);
    kXor(s, buf, buf, 1);
    std::memcpy(out + kBlockBytes * full, buf, rest);
    secure_zero(buf, sizeof buf);
  }
  secure_zero(s, sizeof s);
}

Kernels make_kernels(Backend b) noexcept {
  switch (b) {
#if TESSERA_HAVE_AVX2
    case Backend::avx2: return avx2::table();
#endif
#if TESSERA_HAVE_AVX512
    case Backend::avx512: return avx512::table();
#endif
#if TESSERA_HAVE_NEON
    case Backend::neon: return neon::table();
#endif
    default: return portable::table();
  }
}

}  // namespace

Kernels portable::table() noexcept {
  return Kernels{xor_blocks_portable, keyed_xor_from<xor_blocks_portable>, "portable"};
}

#if TESSERA_HAVE_AVX2
void keyed_xor_avx2(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out,
                    std::size_t len, std::uint8_t key_block[64]) noexcept {
  keyed_xor_from<xor_blocks_avx2>(state, in, out, len, key_block);
}
#endif

#if TESSERA_HAVE_NEON
void keyed_xor_neon(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out,
                    std::size_t len, std::uint8_t key_block[64]) noexcept {
  keyed_xor_from<xor_blocks_neon>(state, in, out, len, key_block);
}
#endif

void init_state(std::uint32_t state[16], const std::uint8_t key[32], std::uint32_t counter,
                const std::uint8_t nonce[12]) noexcept {
  state[0] = 0x61707865;  // "expand 32-byte k"
  state[1] = 0x3320646e;
  state[2] = 0x79622d32;
  state[3] = 0x6b206574;
  for (int i = 0; i < 8; ++i) state[4 + i] = bytes::load_le32(key + 4 * i);
  state[12] = counter;
  for (int i = 0; i < 3; ++i) state[13 + i] = bytes::load_le32(nonce + 4 * i);
}

void xor_blocks_portable(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out,
                         std::size_t nblocks) noexcept {
  std::uint32_t s[16];
  std::memcpy(s, state, sizeof s);
  std::uint8_t ks[64];
  for (std::size_t b = 0; b < nblocks; ++b, ++s[12], in += 64, out += 64) {
    block(s, ks);
    for (int i = 0; i < 64; ++i) out[i] = static_cast<std::uint8_t>(in[i] ^ ks[i]);
  }
  secure_zero(ks, sizeof ks);
  secure_zero(s, sizeof s);
}

void xor_stream(const Kernels& k, std::uint32_t state[16], const std::uint8_t* in,
                std::uint8_t* out, std::size_t len) noexcept {
  const std::size_t full = len / kBlockBytes;
  if (full != 0) k.xor_blocks(state, in, out, full);
  state[12] += static_cast<std::uint32_t>(full);
  if (const std::size_t rest = len % kBlockBytes; rest != 0) {
    std::uint8_t buf[kBlockBytes] = {};
    std::memcpy(buf, in + kBlockBytes * full, rest);
    k.xor_blocks(state, buf, buf, 1);
    std::memcpy(out + kBlockBytes * full, buf, rest);
    secure_zero(buf, sizeof buf);
    state[12] += 1;
  }
}

const Kernels& kernels_for(Backend b) noexcept { return cpu::table_for<Kernels, make_kernels>(b); }

const Kernels& kernels() noexcept { return kernels_for(cpu::active()); }

const Kernels& kernels_portable() noexcept { return kernels_for(Backend::portable); }
const Kernels* kernels_avx2() noexcept { return cpu::if_named(kernels_for(Backend::avx2), "avx2"); }
const Kernels* kernels_avx512() noexcept { return cpu::if_named(kernels_for(Backend::avx512), "avx512"); }
const Kernels* kernels_neon() noexcept { return cpu::if_named(kernels_for(Backend::neon), "neon"); }

}  // namespace tessera::chacha

namespace tessera {

Result<void> chacha20_xor(std::span<const std::uint8_t> key, std::span<const std::uint8_t> nonce,
                          std::uint32_t counter, std::span<const std::uint8_t> in,
                          std::span<std::uint8_t> out) noexcept {
  // RFC 8439, Section 2.4: blocks counter .. counter + ceil(len / 64) - 1 must all fit the
  // 32-bit block counter (a wrap would repeat key stream).
  const std::uint64_t blocks = (static_cast<std::uint64_t>(in.size()) + 63) / 64;
  const char* bad = key.size() != kChaCha20KeyBytes    ? "ChaCha20 key"
                    : nonce.size() != kAeadNonceBytes  ? "ChaCha20 nonce"
                    : out.size() != in.size()          ? "ChaCha20 output"
                    : blocks > (std::uint64_t{1} << 32) - counter ? "ChaCha20 counter (the input would wrap it)"
                                                                  : nullptr;
  if (bad != nullptr) {
    if (!out.empty()) secure_zero(out.data(), out.size());
    return fail(Error::invalid_length, bad);
  }
  std::uint32_t state[16];
  chacha::init_state(state, key.data(), counter, nonce.data());
  chacha::xor_stream(chacha::kernels(), state, in.data(), out.data(), in.size());
  secure_zero(state, sizeof state);
  return {};
}

}  // namespace tessera
