// SHA-1 (FIPS 180-4, Section 6.1): portable only. Tessera uses it for RSAES-OAEP and its
// MGF1 (interoperability), where speed does not matter; no SIMD kernels.
#include <tessera/sha1.hpp>

#include "common/secret.hpp"

#include <cstring>

namespace tessera {
namespace {

// Initial hash value H^(0) (Section 5.3.1).
constexpr std::uint32_t kIv[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};

constexpr std::uint32_t rotl(std::uint32_t x, unsigned n) noexcept { return (x << n) | (x >> (32 - n)); }

std::uint32_t load_be32(const std::uint8_t* p) noexcept {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}
void store_be32(std::uint8_t* p, std::uint32_t v) noexcept {
  p[0] = static_cast<std::uint8_t>(v >> 24);
  p[1] = static_cast<std::uint8_t>(v >> 16);
  p[2] = static_cast<std::uint8_t>(v >> 8);
  p[3] = static_cast<std::uint8_t>(v);
}

// FIPS 180-4, Section 6.1.2 (SHA-1 Hash Computation), steps 1-4, on `blocks` 64-byte blocks.
// The message schedule is kept as a 16-word ring (the alternate method of Section 6.1.3).
void compress(std::uint32_t (&h)[5], const std::uint8_t* in, std::size_t blocks) noexcept {
  std::uint32_t w[16];
  for (; blocks != 0; --blocks, in += 64) {
    // Step 2: initialize the working variables.
    std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    for (unsigned t = 0; t < 80; ++t) {
      // Step 1: the message schedule W_t (Section 6.1.3: W_t in w[t mod 16]).
      std::uint32_t wt;
      if (t < 16) {
        wt = w[t] = load_be32(in + 4 * t);
      } else {
        wt = w[t % 16] = rotl(w[(t + 13) % 16] ^ w[(t + 8) % 16] ^ w[(t + 2) % 16] ^ w[t % 16], 1);
      }
      // Step 3: f_t and K_t (Sections 4.1.1 and 4.2.1).
      std::uint32_t f, k;
      if (t < 20) {
        f = (b & c) ^ (~b & d);  // Ch
        k = 0x5a827999;
      } else if (t < 40) {
        f = b ^ c ^ d;  // Parity
        k = 0x6ed9eba1;
      } else if (t < 60) {
        f = (b & c) ^ (b & d) ^ (c & d);  // Maj
        k = 0x8f1bbcdc;
      } else {
        f = b ^ c ^ d;  // Parity
        k = 0xca62c1d6;
      }
      const std::uint32_t tmp = rotl(a, 5) + f + e + k + wt;
      e = d;
      d = c;
      c = rotl(b, 30);
      b = a;
      a = tmp;
    }
    // Step 4: the i-th intermediate hash value H^(i).
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
  }
  secure_zero(w, sizeof w);  // the schedule holds message words (OAEP's seed, MGF1's secret)
}

}  // namespace

Sha1::Sha1() noexcept : h_{}, buf_{}, total_bytes_(0) { reset(); }
Sha1::~Sha1() {
  secure_zero(h_, sizeof h_);
  secure_zero(buf_, sizeof buf_);
}
void Sha1::reset() noexcept {
  std::memcpy(h_, kIv, sizeof h_);
  secure_zero(buf_, sizeof buf_);
  total_bytes_ = 0;
}

void Sha1::update(std::span<const std::uint8_t> in) noexcept {
  const std::uint8_t* p = in.data();
  std::size_t n = in.size();
  if (n == 0) return;
  std::size_t used = static_cast<std::size_t>(total_bytes_ % block_bytes);
  total_bytes_ += n;
  if (used != 0) {
    const std::size_t take = n < block_bytes - used ? n : block_bytes - used;
    std::memcpy(buf_ + used, p, take);
    p += take;
    n -= take;
    used += take;
    if (used < block_bytes) return;
    compress(h_, buf_, 1);
  }
  if (n >= block_bytes) {
    compress(h_, p, n / block_bytes);
    p += n - n % block_bytes;
    n %= block_bytes;
  }
  if (n > 0) std::memcpy(buf_, p, n);
}

void Sha1::final(std::span<std::uint8_t, digest_bytes> out) noexcept {
  // Section 5.1.1: the message, 1, zeros, and the 64-bit length in bits; one or two blocks.
  const std::size_t used = static_cast<std::size_t>(total_bytes_ % block_bytes);
  std::uint8_t last[2 * block_bytes];
  std::memcpy(last, buf_, used);
  const std::size_t padded = used + 1 + 8 <= block_bytes ? block_bytes : 2 * block_bytes;
  last[used] = 0x80;
  std::memset(last + used + 1, 0, padded - used - 1);
  const std::uint64_t bits = total_bytes_ << 3;
  store_be32(last + padded - 8, static_cast<std::uint32_t>(bits >> 32));
  store_be32(last + padded - 4, static_cast<std::uint32_t>(bits));
  compress(h_, last, padded / block_bytes);
  secure_zero(last, padded);
  // Section 6.1.2: the message digest is H^(N).
  for (std::size_t i = 0; i < 5; ++i) store_be32(out.data() + 4 * i, h_[i]);
  reset();
}

void sha1(std::span<const std::uint8_t> in, std::span<std::uint8_t, 20> out) noexcept {
  Sha1 h;
  h.update(in);
  h.final(out);
}

}  // namespace tessera
