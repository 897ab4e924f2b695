// ChaCha20 with AVX-512: sixteen blocks at once (chacha20_avx512.hpp). Compiled with the
// AVX-512 flags; called only under the avx512 backend.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include "symmetric/chacha20.hpp"
#include "symmetric/chacha20_avx512.hpp"

#include "common/secret.hpp"

#include <cstring>

namespace tessera::chacha {
namespace {

constexpr std::size_t kBatchBytes = 16 * kBlockBytes;

// Sixteen blocks (counter + 0..15) XORed into in -> out (1024 bytes); with kWithKey, also
// the 20 rounds of the one block in key (rows), interleaved double round by double round.
// Fully unrolled: the loop's register copies at the back edge cost about 6% on Zen 4.
template <bool kWithKey>
inline void batch(const avx512::Precomputed& p, std::uint32_t counter, const std::uint8_t* in,
                  std::uint8_t* out, avx512::Rows* key) noexcept {
  __m512i x[16];
  avx512::first_column_round(p, counter, x);
  avx512::diagonal_round(x);
  if constexpr (kWithKey) avx512::double_round(*key);
#pragma GCC unroll 9
  for (int r = 1; r < 10; ++r) {
    avx512::column_round(x);
    avx512::diagonal_round(x);
    if constexpr (kWithKey) avx512::double_round(*key);
  }
  avx512::finish(p, counter, x, in, out);
}

[[gnu::noinline]] void batch_plain(const avx512::Precomputed& p, std::uint32_t counter, const std::uint8_t* in,
                                   std::uint8_t* out) noexcept {
  batch<false>(p, counter, in, out, nullptr);
}

[[gnu::noinline]] void batch_keyed(const avx512::Precomputed& p, std::uint32_t counter, const std::uint8_t* in,
                                   std::uint8_t* out, avx512::Rows& key) noexcept {
  batch<true>(p, counter, in, out, &key);
}

// len bytes (any length) from block counter on; a final partial batch goes through buf.
void xor_bytes(const avx512::Precomputed& p, std::uint32_t counter, const std::uint8_t* in,
               std::uint8_t* out, std::size_t len) noexcept {
  for (; len >= kBatchBytes; len -= kBatchBytes, in += kBatchBytes, out += kBatchBytes, counter += 16) {
    batch_plain(p, counter, in, out);
  }
  if (len > 0) {
    alignas(64) std::uint8_t buf[kBatchBytes] = {};
    std::memcpy(buf, in, len);
    batch_plain(p, counter, buf, buf);
    std::memcpy(out, buf, len);
    secure_zero(buf, sizeof buf);
  }
}

}  // namespace

void xor_blocks_avx512(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out,
                       std::size_t nblocks) noexcept {
  avx512::Precomputed p;
  avx512::precompute(state, p);
  xor_bytes(p, state[12], in, out, nblocks * kBlockBytes);
  secure_zero(&p, sizeof p);
}

// The key block runs in xmm rows alongside the first batch (or alone if len is 0), so it
// costs little more than the batch: a separate one-block call costs about half a batch.
void keyed_xor_avx512(const std::uint32_t state[16], const std::uint8_t* in, std::uint8_t* out,
                      std::size_t len, std::uint8_t key_block[64]) noexcept {
  avx512::Precomputed p;
  avx512::precompute(state, p);
  avx512::Rows key = avx512::load_rows(state);
  std::uint32_t counter = state[12] + 1;
  if (len >= kBatchBytes) {
    batch_keyed(p, counter, in, out, key);
    in += kBatchBytes;
    out += kBatchBytes;
    len -= kBatchBytes;
    counter += 16;
  } else if (len > 0) {
    alignas(64) std::uint8_t buf[kBatchBytes] = {};
    std::memcpy(buf, in, len);
    batch_keyed(p, counter, buf, buf, key);
    std::memcpy(out, buf, len);
    secure_zero(buf, sizeof buf);
    len = 0;
  } else {
    for (int r = 0; r < 10; ++r) avx512::double_round(key);
  }
  avx512::store_rows(state, key, key_block);
  xor_bytes(p, counter, in, out, len);
  secure_zero(&p, sizeof p);
}

}  // namespace tessera::chacha

namespace tessera::chacha::avx512 {

Kernels table() noexcept {
  Kernels k = avx2::table();
  k.xor_blocks = xor_blocks_avx512;
  k.keyed_xor = keyed_xor_avx512;
  k.name = "avx512";
  return k;
}

}  // namespace tessera::chacha::avx512
