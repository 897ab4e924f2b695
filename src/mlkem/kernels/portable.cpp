// ML-KEM portable kernels (the oracle for every SIMD backend). Bounds are in kernels.hpp.
// The loops are written so that compilers vectorize them with the baseline instruction set.
#include "common/bytes.hpp"
#include "mlkem/field.hpp"
#include "mlkem/kernels.hpp"

namespace tessera::mlkem::portable {

using field::barrett_reduce;
using field::fqmul;
using field::kZetas;

// FIPS 203, Algorithm 9 (NTT). Cooley-Tukey butterflies; each layer adds at most q to the
// bound (|fqmul| < q), so |a| < q in gives |a| < 8q out.
void ntt(std::int16_t a[256]) noexcept {
  unsigned k = 1;
  for (unsigned len = 128; len >= 2; len >>= 1) {  // Steps 2-10.
    for (unsigned start = 0; start < 256; start += 2 * len) {
      const std::int16_t zeta = kZetas[k++];
      for (unsigned j = start; j < start + len; ++j) {
        const std::int16_t t = fqmul(zeta, a[j + len]);
        a[j + len] = static_cast<std::int16_t>(a[j] - t);
        a[j] = static_cast<std::int16_t>(a[j] + t);
      }
    }
  }
}

// FIPS 203, Algorithm 10 (NTT^-1). Gentleman-Sande butterflies with -zeta^-1 = zeta^(128-..)
// folded into the table order; sums are Barrett-reduced so every value stays below 2q; the
// final scaling by R^2/128 multiplies the result by R. |a| < 2^14 in, |a| < q out.
void invntt(std::int16_t a[256]) noexcept {
  unsigned k = 127;
  for (unsigned len = 2; len <= 128; len <<= 1) {  // Steps 2-10.
    for (unsigned start = 0; start < 256; start += 2 * len) {
      const std::int16_t zeta = kZetas[k--];
      for (unsigned j = start; j < start + len; ++j) {
        const std::int16_t t = a[j];
        a[j] = barrett_reduce(static_cast<std::int16_t>(t + a[j + len]));
        a[j + len] = fqmul(zeta, static_cast<std::int16_t>(a[j + len] - t));
      }
    }
  }
  for (unsigned j = 0; j < 256; ++j) a[j] = fqmul(a[j], field::kInvNttFactor);  // Step 11.
}

// Algorithm 12, the gamma_i * b_1 factor of each base-case product, computed once per operand.
void mulcache(std::int16_t cache[128], const std::int16_t b[256]) noexcept {
  for (unsigned i = 0; i < 64; ++i) {
    const std::int16_t gamma = kZetas[64 + i];
    cache[2 * i] = fqmul(b[4 * i + 1], gamma);
    cache[2 * i + 1] = fqmul(b[4 * i + 3], static_cast<std::int16_t>(-gamma));
  }
}

// Algorithms 11-12 over k polynomials, accumulated in 32 bits and reduced once (lazy
// reduction): 2k <= 8 products of at most 2^12 * q each sum to less than q * 2^15.
void basemul_acc(std::int16_t r[256], const std::int16_t* a, const std::int16_t* b,
                 const std::int16_t* bcache, int k) noexcept {
  std::int32_t c0[128], c1[128];
  for (unsigned i = 0; i < 128; ++i) {
    c0[i] = static_cast<std::int32_t>(a[2 * i]) * b[2 * i] + static_cast<std::int32_t>(a[2 * i + 1]) * bcache[i];
    c1[i] = static_cast<std::int32_t>(a[2 * i]) * b[2 * i + 1] + static_cast<std::int32_t>(a[2 * i + 1]) * b[2 * i];
  }
  for (int p = 1; p < k; ++p) {
    const std::int16_t* ap = a + 256 * p;
    const std::int16_t* bp = b + 256 * p;
    const std::int16_t* cp = bcache + 128 * p;
    for (unsigned i = 0; i < 128; ++i) {
      c0[i] += static_cast<std::int32_t>(ap[2 * i]) * bp[2 * i] + static_cast<std::int32_t>(ap[2 * i + 1]) * cp[i];
      c1[i] += static_cast<std::int32_t>(ap[2 * i]) * bp[2 * i + 1] + static_cast<std::int32_t>(ap[2 * i + 1]) * bp[2 * i];
    }
  }
  for (unsigned i = 0; i < 128; ++i) {
    r[2 * i] = field::montgomery_reduce(c0[i]);
    r[2 * i + 1] = field::montgomery_reduce(c1[i]);
  }
}

void reduce(std::int16_t a[256]) noexcept {
  for (unsigned i = 0; i < 256; ++i) a[i] = field::reduce_canonical(a[i]);
}

void tomont(std::int16_t a[256]) noexcept {
  for (unsigned i = 0; i < 256; ++i) a[i] = fqmul(a[i], field::kMontSquared);
}

// FIPS 203, Algorithm 8 (SamplePolyCBD_2): per 4-bit group, (b0 + b1) - (b2 + b3).
void cbd2(std::int16_t r[256], const std::uint8_t buf[128]) noexcept {
  for (unsigned i = 0; i < 32; ++i) {
    const std::uint32_t t = bytes::load_le32(buf + 4 * i);
    const std::uint32_t d = (t & 0x55555555u) + ((t >> 1) & 0x55555555u);
    for (unsigned j = 0; j < 8; ++j) {
      const auto x = static_cast<std::int16_t>((d >> (4 * j)) & 3);
      const auto y = static_cast<std::int16_t>((d >> (4 * j + 2)) & 3);
      r[8 * i + j] = static_cast<std::int16_t>(x - y);
    }
  }
}

// FIPS 203, Algorithm 8 (SamplePolyCBD_3): per 6-bit group, (b0 + b1 + b2) - (b3 + b4 + b5).
void cbd3(std::int16_t r[256], const std::uint8_t buf[192]) noexcept {
  for (unsigned i = 0; i < 64; ++i) {
    const std::uint32_t t = static_cast<std::uint32_t>(buf[3 * i]) | static_cast<std::uint32_t>(buf[3 * i + 1]) << 8 |
                            static_cast<std::uint32_t>(buf[3 * i + 2]) << 16;
    const std::uint32_t d = (t & 0x00249249u) + ((t >> 1) & 0x00249249u) + ((t >> 2) & 0x00249249u);
    for (unsigned j = 0; j < 4; ++j) {
      const auto x = static_cast<std::int16_t>((d >> (6 * j)) & 7);
      const auto y = static_cast<std::int16_t>((d >> (6 * j + 3)) & 7);
      r[4 * i + j] = static_cast<std::int16_t>(x - y);
    }
  }
}

// FIPS 203, Algorithm 7 (SampleNTT), steps 4-15. Public data: branches are fine.
unsigned rej_uniform(std::int16_t* r, unsigned ctr, unsigned len, const std::uint8_t* buf,
                     unsigned buflen) noexcept {
  unsigned pos = 0;
  while (ctr < len && pos + 3 <= buflen) {
    const unsigned d1 = (buf[pos] | static_cast<unsigned>(buf[pos + 1]) << 8) & 0xFFF;   // Step 7.
    const unsigned d2 = (buf[pos + 1] >> 4) | static_cast<unsigned>(buf[pos + 2]) << 4;  // Step 8.
    pos += 3;
    if (d1 < static_cast<unsigned>(kQ)) r[ctr++] = static_cast<std::int16_t>(d1);
    if (d2 < static_cast<unsigned>(kQ) && ctr < len) r[ctr++] = static_cast<std::int16_t>(d2);
  }
  return ctr;
}

namespace {

// ByteEncode_D of 8 values (Algorithm 5): 8*D bits, little-endian, D bytes.
template <int D>
[[gnu::always_inline]] inline void pack8(std::uint8_t* out, const std::uint32_t t[8]) noexcept {
  std::uint64_t lo = 0, hi = 0;
  for (int j = 0; j < 8; ++j) {
    const int s = j * D;
    const std::uint64_t v = t[j];
    if (s < 64) {
      lo |= v << s;
      if (s + D > 64) hi |= v >> (64 - s);
    } else {
      hi |= v << (s - 64);
    }
  }
  for (int b = 0; b < D; ++b) out[b] = static_cast<std::uint8_t>(b < 8 ? lo >> (8 * b) : hi >> (8 * (b - 8)));
}

// ByteDecode_D of 8 values (Algorithm 6) without the mod q.
template <int D>
[[gnu::always_inline]] inline void unpack8(std::uint32_t t[8], const std::uint8_t* in) noexcept {
  std::uint64_t lo = 0, hi = 0;
  for (int b = 0; b < D; ++b) {
    if (b < 8) lo |= static_cast<std::uint64_t>(in[b]) << (8 * b);
    else hi |= static_cast<std::uint64_t>(in[b]) << (8 * (b - 8));
  }
  constexpr std::uint64_t mask = (std::uint64_t{1} << D) - 1;
  for (int j = 0; j < 8; ++j) {
    const int s = j * D;
    std::uint64_t v;
    if (s + D <= 64) v = lo >> s;
    else if (s < 64) v = (lo >> s) | (hi << (64 - s));
    else v = hi >> (s - 64);
    t[j] = static_cast<std::uint32_t>(v & mask);
  }
}

template <int D>
void compress_poly(std::uint8_t* out, const std::int16_t a[256]) noexcept {
  for (unsigned i = 0; i < 32; ++i) {
    std::uint32_t t[8];
    for (unsigned j = 0; j < 8; ++j) t[j] = field::compress(static_cast<std::uint16_t>(a[8 * i + j]), D);
    pack8<D>(out + D * i, t);
  }
}

template <int D>
void decompress_poly(std::int16_t a[256], const std::uint8_t* in) noexcept {
  for (unsigned i = 0; i < 32; ++i) {
    std::uint32_t t[8];
    unpack8<D>(t, in + D * i);
    for (unsigned j = 0; j < 8; ++j) a[8 * i + j] = static_cast<std::int16_t>(field::decompress(t[j], D));
  }
}

}  // namespace

void compress_d1(std::uint8_t out[32], const std::int16_t a[256]) noexcept { compress_poly<1>(out, a); }
void compress_d4(std::uint8_t out[128], const std::int16_t a[256]) noexcept { compress_poly<4>(out, a); }
void compress_d5(std::uint8_t out[160], const std::int16_t a[256]) noexcept { compress_poly<5>(out, a); }
void compress_d10(std::uint8_t out[320], const std::int16_t a[256]) noexcept { compress_poly<10>(out, a); }
void compress_d11(std::uint8_t out[352], const std::int16_t a[256]) noexcept { compress_poly<11>(out, a); }
void decompress_d1(std::int16_t a[256], const std::uint8_t in[32]) noexcept { decompress_poly<1>(a, in); }
void decompress_d4(std::int16_t a[256], const std::uint8_t in[128]) noexcept { decompress_poly<4>(a, in); }
void decompress_d5(std::int16_t a[256], const std::uint8_t in[160]) noexcept { decompress_poly<5>(a, in); }
void decompress_d10(std::int16_t a[256], const std::uint8_t in[320]) noexcept { decompress_poly<10>(a, in); }
void decompress_d11(std::int16_t a[256], const std::uint8_t in[352]) noexcept { decompress_poly<11>(a, in); }

void byte_encode12(std::uint8_t out[384], const std::int16_t a[256]) noexcept {
  for (unsigned i = 0; i < 128; ++i) {
    const auto t0 = static_cast<std::uint16_t>(a[2 * i]);
    const auto t1 = static_cast<std::uint16_t>(a[2 * i + 1]);
    out[3 * i] = static_cast<std::uint8_t>(t0);
    out[3 * i + 1] = static_cast<std::uint8_t>((t0 >> 8) | (t1 << 4));
    out[3 * i + 2] = static_cast<std::uint8_t>(t1 >> 4);
  }
}

void byte_decode12(std::int16_t a[256], const std::uint8_t in[384]) noexcept {
  for (unsigned i = 0; i < 128; ++i) {
    const unsigned b0 = in[3 * i], b1 = in[3 * i + 1], b2 = in[3 * i + 2];
    a[2 * i] = static_cast<std::int16_t>(b0 | ((b1 & 0xF) << 8));
    a[2 * i + 1] = static_cast<std::int16_t>((b1 >> 4) | (b2 << 4));
  }
}

}  // namespace tessera::mlkem::portable
