// ChaCha20 with AVX-512: sixteen blocks at once (chacha20_avx512.hpp). Compiled with the
// AVX-512 flags; called only under the avx512 backend.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include "symmetric/chacha20.hpp"
#include "symmetric/chacha20_avx512.hpp"

#include "common/secret.hpp"

namespace tessera::chacha {
namespace {

// Sixteen blocks (counter state[12] + 0..15) XORed into in -> out (1024 bytes).
void sixteen_blocks(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out) noexcept {
  __m512i x[16];
  avx512::setup(state, x);
  for (int r = 0; r < 10; ++r) avx512::double_round(x);
  avx512::finish(state, x, in, out);
}

}  // namespace

void xor_blocks_avx512(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out,
                       std::size_t nblocks) noexcept {
  std::uint32_t s[16];
  for (int i = 0; i < 16; ++i) s[i] = state[i];
  for (; nblocks >= 16; nblocks -= 16, in += 1024, out += 1024, s[12] += 16) sixteen_blocks(s, in, out);
  if (nblocks > 0) {
    alignas(64) std::uint8_t buf[1024] = {};
    for (std::size_t i = 0; i < 64 * nblocks; ++i) buf[i] = in[i];
    sixteen_blocks(s, buf, buf);
    for (std::size_t i = 0; i < 64 * nblocks; ++i) out[i] = buf[i];
    secure_zero(buf, sizeof buf);
  }
  secure_zero(s, sizeof s);
}

}  // namespace tessera::chacha
