// Portable ML-DSA kernels (FIPS 204, Sections 7.4-7.5 and Appendix B). The oracle for every
// SIMD backend. Bounds: see kernels.hpp.
#include "mldsa/kernels.hpp"
#include "mldsa/zetas.hpp"

#include "common/ct.hpp"
#include "common/secret.hpp"

namespace tessera::mldsa {
namespace {

// CT assumption: 32x32->64 multiplications on secrets are constant time (Cortex-M4/M7, all x86-64/aarch64; not M3).
// mont_mul(a, z) with zq = z * q^-1 mod 2^32 precomputed: the same integer
// (a z - t q) / 2^32, t = a zq mod 2^32 signed, written with unsigned 32 x 32 -> 64
// multiplications (the signed high halves are the unsigned ones minus the sign
// corrections), which GCC vectorizes even with baseline SSE2 (pmuludq); the signed 64-bit
// form stays scalar. The low halves of a z and t q agree, so the high halves subtract exactly.
// The sign masks of the corrections from secret operands (a, and t; z too where the caller
// says so) are hidden (s, see SignShift in zetas.hpp); a zeta's is public.
template <bool SecretZ = false>
inline std::int32_t mont_mul_pre(std::int32_t a, std::int32_t z, std::int32_t zq, SignShift s) noexcept {
  const std::uint32_t ua = static_cast<std::uint32_t>(a), uz = static_cast<std::uint32_t>(z);
  const std::uint32_t t = ua * static_cast<std::uint32_t>(zq);
  const std::uint32_t hz = static_cast<std::uint32_t>((static_cast<std::uint64_t>(ua) * uz) >> 32);
  const std::uint32_t ht = static_cast<std::uint32_t>((static_cast<std::uint64_t>(t) * static_cast<std::uint32_t>(kQ)) >> 32);
  // hi_s(x y) = hi_u(x y) - [x < 0] y - [y < 0] x (mod 2^32); q > 0.
  const std::int32_t z_neg = SecretZ ? sign_mask(z, s) : z >> 31;
  const std::uint32_t fix = (static_cast<std::uint32_t>(sign_mask(a, s)) & uz) + (static_cast<std::uint32_t>(z_neg) & ua) -
                            (static_cast<std::uint32_t>(sign_mask(static_cast<std::int32_t>(t), s)) &
                             static_cast<std::uint32_t>(kQ));
  return static_cast<std::int32_t>(hz - ht - fix);
}

// kZetasMont and their negatives, each with its q^-1 multiple (for mont_mul_pre).
struct PortableZetas {
  std::int32_t fwd[kN], fwd_q[kN], inv[kN], inv_q[kN];
};
constexpr PortableZetas make_portable_zetas() {
  PortableZetas t{};
  for (int i = 0; i < kN; ++i) {
    t.fwd[i] = kZetasMont[i];
    t.fwd_q[i] = qinv_mul(kZetasMont[i]);
    t.inv[i] = -kZetasMont[i];
    t.inv_q[i] = qinv_mul(-kZetasMont[i]);
  }
  return t;
}
constexpr PortableZetas kPz = make_portable_zetas();

// FIPS 204, Algorithm 41 (NTT). Zetas are in Montgomery form, so t = zeta * w[j + len]
// is a Montgomery product with |t| < q; each layer grows |w| by less than q.
// Differs from the spec in form only: the last two layers (len = 2, 1) run together on
// blocks of 4 coefficients (the generic loop's short inner loops cost more than the
// butterflies); every butterfly computes the same integers in the same order.
void ntt_portable(Poly& p) noexcept {
  const SignShift s = sign_shift();
  std::int32_t* w = p.coeffs;
  int m = 0;
  for (int len = 128; len >= 4; len >>= 1) {
    for (int start = 0; start < kN; start += 2 * len) {
      ++m;
      const std::int32_t z = kPz.fwd[m], zq = kPz.fwd_q[m];
      for (int j = start; j < start + len; ++j) {
        const std::int32_t a = w[j], t = mont_mul_pre(w[j + len], z, zq, s);
        w[j + len] = a - t;
        w[j] = a + t;
      }
    }
  }
  for (int b = 0; b < kN / 4; ++b) {  // m = 64 + b (len 2), 128 + 2b and 129 + 2b (len 1)
    std::int32_t* x = w + 4 * b;
    const std::int32_t z2 = kPz.fwd[64 + b], z2q = kPz.fwd_q[64 + b];
    const std::int32_t t0 = mont_mul_pre(x[2], z2, z2q, s), t1 = mont_mul_pre(x[3], z2, z2q, s);
    const std::int32_t a0 = x[0] + t0, a2 = x[0] - t0, a1 = x[1] + t1, a3 = x[1] - t1;
    const std::int32_t u0 = mont_mul_pre(a1, kPz.fwd[128 + 2 * b], kPz.fwd_q[128 + 2 * b], s);
    const std::int32_t u1 = mont_mul_pre(a3, kPz.fwd[129 + 2 * b], kPz.fwd_q[129 + 2 * b], s);
    x[0] = a0 + u0;
    x[1] = a0 - u0;
    x[2] = a2 + u1;
    x[3] = a2 - u1;
  }
}

// FIPS 204, Algorithm 42 (NTT^-1), with the final factor 256^-1 replaced by
// 256^-1 * 2^64 mod q so the output also loses one Montgomery factor 2^-32.
// Differs from the spec: sums are not reduced; with |in| < q they stay below 256q < 2^31.
// The first two layers (len = 1, 2) run together on blocks of 4, as in ntt_portable.
void invntt_tomont_portable(Poly& p) noexcept {
  const SignShift s = sign_shift();
  std::int32_t* w = p.coeffs;
  for (int b = 0; b < kN / 4; ++b) {  // len 1: m = 255 - 2b, 254 - 2b; len 2: m = 127 - b
    std::int32_t* x = w + 4 * b;
    const std::int32_t a0 = x[0], a1 = x[1], a2 = x[2], a3 = x[3];
    const std::int32_t s0 = a0 + a1, d0 = mont_mul_pre(a0 - a1, kPz.inv[255 - 2 * b], kPz.inv_q[255 - 2 * b], s);
    const std::int32_t s1 = a2 + a3, d1 = mont_mul_pre(a2 - a3, kPz.inv[254 - 2 * b], kPz.inv_q[254 - 2 * b], s);
    const std::int32_t z = kPz.inv[127 - b], zq = kPz.inv_q[127 - b];
    x[0] = s0 + s1;
    x[2] = mont_mul_pre(s0 - s1, z, zq, s);
    x[1] = d0 + d1;
    x[3] = mont_mul_pre(d0 - d1, z, zq, s);
  }
  int m = kN / 4;
  for (int len = 4; len < kN / 2; len <<= 1) {
    for (int start = 0; start < kN; start += 2 * len) {
      --m;
      const std::int32_t z = kPz.inv[m], zq = kPz.inv_q[m];
      for (int j = start; j < start + len; ++j) {
        const std::int32_t a = w[j], b = w[j + len];  // both read first: the loop vectorizes
        w[j] = a + b;
        w[j + len] = mont_mul_pre(a - b, z, zq, s);
      }
    }
  }
  // Last layer (len = 128, m = 1) with step 21's factor folded in: the sum times
  // kInvNttFactor, the difference times kInvNttLastZeta (= zeta * kInvNttFactor * 2^-32).
  constexpr std::int32_t f = kInvNttFactor, fq = qinv_mul(kInvNttFactor);
  constexpr std::int32_t zf = kInvNttLastZeta, zfq = qinv_mul(kInvNttLastZeta);
  for (int j = 0; j < kN / 2; ++j) {
    const std::int32_t a = w[j], b = w[j + kN / 2];
    w[j] = mont_mul_pre(a + b, f, fq, s);
    w[j + kN / 2] = mont_mul_pre(a - b, zf, zfq, s);
  }
}

// The signed 64-bit sum of products and its Montgomery reduction written in unsigned
// 64-bit arithmetic (mod 2^64, exact since |acc| < 2^56): unsigned 32 x 32 -> 64 products
// with the signed corrections, and the reduction's high half taken with a logical shift.
// The same integers as montgomery_reduce(sum a_i b_i); GCC vectorizes this form with SSE2.
void pointwise_acc_portable(Poly& out, const Poly* a, const Poly* b, int n) noexcept {
  const SignShift s = sign_shift();
  std::uint64_t acc[kN] = {};  // |sum| < 8 * 81 q^2 < 2^56
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < kN; ++j) {
      const std::int32_t x = a[i].coeffs[j], y = b[i].coeffs[j];
      const std::uint32_t ux = static_cast<std::uint32_t>(x), uy = static_cast<std::uint32_t>(y);
      const std::uint32_t fix =
          (static_cast<std::uint32_t>(sign_mask(x, s)) & uy) + (static_cast<std::uint32_t>(sign_mask(y, s)) & ux);
      acc[j] += static_cast<std::uint64_t>(ux) * uy - (static_cast<std::uint64_t>(fix) << 32);
    }
  }
  for (int j = 0; j < kN; ++j) {
    const std::uint32_t t = static_cast<std::uint32_t>(acc[j]) * static_cast<std::uint32_t>(kQInv);
    const std::uint64_t tq = static_cast<std::uint64_t>(t) * static_cast<std::uint32_t>(kQ) -
                             (static_cast<std::uint64_t>(static_cast<std::uint32_t>(sign_mask(static_cast<std::int32_t>(t), s)) &
                                                         static_cast<std::uint32_t>(kQ))
                              << 32);
    out.coeffs[j] = static_cast<std::int32_t>(static_cast<std::uint32_t>((acc[j] - tq) >> 32));
  }
  secure_zero_object(acc);
}

void pointwise_portable(Poly& out, const Poly& a, const Poly& b) noexcept {
  const SignShift s = sign_shift();
  for (int j = 0; j < kN; ++j) out.coeffs[j] = mont_mul_pre<true>(a.coeffs[j], b.coeffs[j], qinv_mul(b.coeffs[j]), s);
}

void reduce_portable(Poly& a) noexcept {
  for (int j = 0; j < kN; ++j) a.coeffs[j] = reduce32(a.coeffs[j]);
}

// caddq(reduce32(a)) with the sign mask hidden (SignShift): freeze runs on secrets.
void freeze_portable(Poly& a) noexcept {
  const SignShift s = sign_shift();
  for (int j = 0; j < kN; ++j) {
    const std::int32_t r = reduce32(a.coeffs[j]);
    a.coeffs[j] = r + (sign_mask(r, s) & kQ);
  }
}

// FIPS 204, Algorithm 35 (Power2Round): r1 = ceil((r - 2^12) / 2^13), r0 = r - r1 * 2^13.
void power2round_portable(Poly& t1, Poly& t0, const Poly& t) noexcept {
  for (int j = 0; j < kN; ++j) {
    const std::int32_t r = t.coeffs[j];
    const std::int32_t r1 = (r + (1 << (kD - 1)) - 1) >> kD;
    t1.coeffs[j] = r1;
    t0.coeffs[j] = r - (r1 << kD);
  }
}

void decompose_portable(Poly& r1, Poly& r0, const Poly& r, std::int32_t gamma2) noexcept {
  const DecomposeConstants dc = decompose_constants(gamma2);
  for (int j = 0; j < kN; ++j) decompose1(dc, r.coeffs[j], r1.coeffs[j], r0.coeffs[j]);
}

// FIPS 204, Algorithm 39 (MakeHint), with r + z given already reduced.
unsigned make_hint_portable(Poly& h, const Poly& r, const Poly& r_plus_z, std::int32_t gamma2) noexcept {
  const DecomposeConstants dc = decompose_constants(gamma2);
  std::uint32_t count = 0;
  for (int j = 0; j < kN; ++j) {
    std::int32_t r1, r0, v1, v0;
    decompose1(dc, r.coeffs[j], r1, r0);
    decompose1(dc, r_plus_z.coeffs[j], v1, v0);
    const std::uint32_t bit = ~eq_mask31(r1, v1, dc.shift) & 1u;
    h.coeffs[j] = static_cast<std::int32_t>(bit);
    count += bit;
  }
  return count;
}

// FIPS 204, Algorithm 40 (UseHint), branch-free (verification data is public, but the same
// kernel serves any caller).
void use_hint_portable(Poly& r1out, const Poly& r, const Poly& h, std::int32_t gamma2) noexcept {
  const DecomposeConstants dc = decompose_constants(gamma2);
  for (int j = 0; j < kN; ++j) {
    std::int32_t r1, r0;
    decompose1(dc, r.coeffs[j], r1, r0);
    // Steps 3-4: delta = +1 if r0 > 0, -1 if r0 <= 0, applied only when h = 1.
    const std::int32_t pos = static_cast<std::int32_t>(sign_bit(-r0, dc.shift));  // r0 > 0
    const std::int32_t delta = (2 * pos - 1) & -h.coeffs[j];
    std::int32_t v = r1 + delta;  // in [-1, m]
    v += sign_mask(v, dc.shift) & dc.m;                             // -1 -> m - 1
    v &= ~static_cast<std::int32_t>(eq_mask31(v, dc.m, dc.shift));  // m -> 0 (v in [0, m] here)
    r1out.coeffs[j] = v;
  }
}

// On secret data (z, r0, ct0 of rejected attempts): the sign masks are hidden (SignShift).
std::uint32_t norm_exceeds_portable(const Poly& a, std::int32_t bound) noexcept {
  const SignShift s = sign_shift();
  std::uint32_t flag = 0;
  for (int j = 0; j < kN; ++j) {
    const std::int32_t x = a.coeffs[j];
    const std::int32_t m = sign_mask(x, s);  // all ones where x < 0
    const std::int32_t abs = (x ^ m) - m;    // |x| without a branch; no overflow for |x| < 2^31
    flag |= sign_bit(bound - 1 - abs, s);    // 1 iff |x| >= bound
  }
  return ct::mask_from_bit(flag);
}

// FIPS 204, Algorithm 14 (CoeffFromThreeBytes) in a loop (Algorithm 30 steps 4-8). The
// branch is on public data and almost always taken (acceptance probability q / 2^23).
unsigned rej_uniform_portable(std::int32_t* out, unsigned need, const std::uint8_t* buf, std::size_t len) noexcept {
  unsigned ctr = 0;
  for (std::size_t i = 0; i + 3 <= len && ctr < need; i += 3) {
    const std::uint32_t t = static_cast<std::uint32_t>(buf[i]) | static_cast<std::uint32_t>(buf[i + 1]) << 8 |
                            static_cast<std::uint32_t>(buf[i + 2] & 0x7F) << 16;
    if (t < static_cast<std::uint32_t>(kQ)) out[ctr++] = static_cast<std::int32_t>(t);
  }
  return ctr;
}

// FIPS 204, Algorithm 15 (CoeffFromHalfByte) in a loop (Algorithm 31 steps 4-9).
// Only whether a nibble is accepted is revealed (declassified): rejected nibbles are
// independent of the accepted ones, so this says nothing about s1 or s2. The value
// computation is branch-free (z mod 5 by multiply-shift); each value is written at out[ctr]
// and ctr advances by the (public) accept bit, so no branch mispredicts on it either.
unsigned rej_eta_portable(std::int32_t* out, unsigned need, const std::uint8_t* buf, std::size_t len, int eta) noexcept {
  unsigned ctr = 0;
  const std::uint32_t limit = eta == 2 ? 15u : 9u;
  auto value = [eta](std::uint32_t z) -> std::int32_t {
    if (eta == 2) {
      const std::uint32_t mod5 = z - 5 * ((z * 205) >> 10);  // z mod 5 for z < 15
      return 2 - static_cast<std::int32_t>(mod5);
    }
    return 4 - static_cast<std::int32_t>(z);
  };
  for (std::size_t i = 0; i < len && ctr < need; ++i) {
    const std::uint32_t z0 = buf[i] & 15u, z1 = buf[i] >> 4;
    out[ctr] = value(z0);
    ctr += ct::declassify_value(static_cast<unsigned>(z0 < limit));
    if (ctr < need) {
      out[ctr] = value(z1);
      ctr += ct::declassify_value(static_cast<unsigned>(z1 < limit));
    }
  }
  return ctr;
}

// Generic little-endian bit packing of 256 values of B bits (Algorithm 16/17 order), in
// groups of 8 values = B bytes. The inner loops have constant trip counts and are fully
// unrolled, so every shift amount and byte position is a compile-time constant: no
// per-bit loop runs (about five times faster than a streaming bit buffer).
template <int B, class F>
inline void pack_bits(std::uint8_t* out, F value) noexcept {
  for (int i = 0; i < kN; i += 8, out += B) {
    std::uint64_t acc = 0;
    int n = 0, o = 0;
#pragma GCC unroll 8
    for (int j = 0; j < 8; ++j) {
      acc |= static_cast<std::uint64_t>(value(i + j)) << n;
      n += B;
#pragma GCC unroll 4
      for (int b = 0; b < 3; ++b) {
        if (n >= 8) {
          out[o++] = static_cast<std::uint8_t>(acc);
          acc >>= 8;
          n -= 8;
        }
      }
    }
  }
}
template <int B, class F>
inline void unpack_bits(const std::uint8_t* in, F sink) noexcept {
  for (int i = 0; i < kN; i += 8, in += B) {
    std::uint64_t acc = 0;
    int n = 0, o = 0;
#pragma GCC unroll 8
    for (int j = 0; j < 8; ++j) {
#pragma GCC unroll 4
      for (int b = 0; b < 3; ++b) {
        if (n < B) {
          acc |= static_cast<std::uint64_t>(in[o++]) << n;
          n += 8;
        }
      }
      sink(i + j, static_cast<std::uint32_t>(acc & ((std::uint64_t{1} << B) - 1)));
      acc >>= B;
      n -= B;
    }
  }
}

void pack_t1_portable(std::uint8_t* out, const Poly& t1) noexcept {
  pack_bits<10>(out, [&](int i) { return static_cast<std::uint32_t>(t1.coeffs[i]); });
}
void unpack_t1_portable(Poly& t1, const std::uint8_t* in) noexcept {
  unpack_bits<10>(in, [&](int i, std::uint32_t v) { t1.coeffs[i] = static_cast<std::int32_t>(v); });
}
void pack_t0_portable(std::uint8_t* out, const Poly& t0) noexcept {
  pack_bits<13>(out, [&](int i) { return static_cast<std::uint32_t>((1 << (kD - 1)) - t0.coeffs[i]); });
}
void unpack_t0_portable(Poly& t0, const std::uint8_t* in) noexcept {
  unpack_bits<13>(in, [&](int i, std::uint32_t v) { t0.coeffs[i] = (1 << (kD - 1)) - static_cast<std::int32_t>(v); });
}
void pack_eta_portable(std::uint8_t* out, const Poly& s, int eta) noexcept {
  auto v = [&](int i) { return static_cast<std::uint32_t>(eta - s.coeffs[i]); };
  if (eta == 2) pack_bits<3>(out, v);
  else pack_bits<4>(out, v);
}
std::uint32_t unpack_eta_portable(Poly& s, const std::uint8_t* in, int eta) noexcept {
  const SignShift sh = sign_shift();
  std::uint32_t bad = 0;
  auto sink = [&](int i, std::uint32_t v) {
    bad |= sign_bit(2 * eta - static_cast<std::int32_t>(v), sh);  // v > 2 eta
    s.coeffs[i] = eta - static_cast<std::int32_t>(v);
  };
  if (eta == 2) unpack_bits<3>(in, sink);
  else unpack_bits<4>(in, sink);
  return ct::mask_from_bit(bad);
}
void pack_z_portable(std::uint8_t* out, const Poly& z, int gamma1_bits) noexcept {
  const std::int32_t g1 = std::int32_t{1} << gamma1_bits;
  auto v = [&](int i) { return static_cast<std::uint32_t>(g1 - z.coeffs[i]); };
  if (gamma1_bits == 17) pack_bits<18>(out, v);
  else pack_bits<20>(out, v);
}
void unpack_z_portable(Poly& z, const std::uint8_t* in, int gamma1_bits) noexcept {
  const std::int32_t g1 = std::int32_t{1} << gamma1_bits;
  auto sink = [&](int i, std::uint32_t v) { z.coeffs[i] = g1 - static_cast<std::int32_t>(v); };
  if (gamma1_bits == 17) unpack_bits<18>(in, sink);
  else unpack_bits<20>(in, sink);
}
void pack_w1_portable(std::uint8_t* out, const Poly& w1, int w1_bits) noexcept {
  auto v = [&](int i) { return static_cast<std::uint32_t>(w1.coeffs[i]); };
  if (w1_bits == 6) pack_bits<6>(out, v);
  else pack_bits<4>(out, v);
}

}  // namespace

Kernels portable::table() noexcept {
  return Kernels{
      ntt_portable,          invntt_tomont_portable, pointwise_acc_portable, pointwise_portable,
      reduce_portable,       freeze_portable,        power2round_portable,   decompose_portable,
      make_hint_portable,    use_hint_portable,      norm_exceeds_portable,  rej_uniform_portable,
      rej_eta_portable,      pack_t1_portable,       unpack_t1_portable,     pack_t0_portable,
      unpack_t0_portable,    pack_eta_portable,      unpack_eta_portable,    pack_z_portable,
      unpack_z_portable,     pack_w1_portable,
  };
}

unsigned portable::rej_uniform(std::int32_t* out, unsigned need, const std::uint8_t* buf, std::size_t len) noexcept {
  return rej_uniform_portable(out, need, buf, len);
}
unsigned portable::rej_eta(std::int32_t* out, unsigned need, const std::uint8_t* buf, std::size_t len,
                           int eta) noexcept {
  return rej_eta_portable(out, need, buf, len, eta);
}

}  // namespace tessera::mldsa
