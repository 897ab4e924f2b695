// The X25519 function (RFC 7748, Section 5) over a field implementation F (field25519_64 or
// field25519_32, chosen by src/ec/x25519.cpp; tests instantiate both): scalar clamping, the
// Montgomery ladder with a mask-based conditional swap, and the final inversion (Fermat).
//
// Constant time: the ladder runs 255 iterations for every scalar, the swap is a mask, the
// scalar bit is read at a public position, and the inversion is a fixed addition chain.
// Every temporary holding scalar-dependent data is wiped before return.
#pragma once

#include "common/ct.hpp"
#include "common/secret.hpp"

#include <cstdint>

namespace tessera::ec::x25519_detail {

inline constexpr std::uint32_t kA24 = 121665;  // RFC 7748, Section 5: (486662 - 2) / 4

// RFC 7748, Section 5 (decodeScalar25519): clear the three low bits, clear bit 255, set bit 254.
inline void clamp(std::uint8_t k[32]) noexcept {
  k[0] &= 248;
  k[31] &= 127;
  k[31] |= 64;
}

// z^(p - 2) = z^(2^255 - 21) = z^-1 (0 for z = 0), by a fixed chain of 254 squarings and
// 11 multiplications (the exponent is public, so the chain is the same for every z).
template <class F>
void invert(typename F::Fe& out, const typename F::Fe& z) noexcept {
  using Fe = typename F::Fe;
  struct {
    Fe t, z2, z9, z11, z_5_0, z_10_0, z_20_0, z_50_0, z_100_0;
  } s;
  auto sqr_n = [](Fe& h, const Fe& f, int n) noexcept {
    F::sqr(h, f);
    for (int i = 1; i < n; ++i) F::sqr(h, h);
  };
  F::sqr(s.z2, z);                  // z^2
  sqr_n(s.t, s.z2, 2);              // z^8
  F::mul(s.z9, s.t, z);             // z^9
  F::mul(s.z11, s.z9, s.z2);        // z^11
  F::sqr(s.t, s.z11);               // z^22
  F::mul(s.z_5_0, s.t, s.z9);       // z^(2^5 - 1)
  sqr_n(s.t, s.z_5_0, 5);
  F::mul(s.z_10_0, s.t, s.z_5_0);   // z^(2^10 - 1)
  sqr_n(s.t, s.z_10_0, 10);
  F::mul(s.z_20_0, s.t, s.z_10_0);  // z^(2^20 - 1)
  sqr_n(s.t, s.z_20_0, 20);
  F::mul(s.t, s.t, s.z_20_0);       // z^(2^40 - 1)
  sqr_n(s.t, s.t, 10);
  F::mul(s.z_50_0, s.t, s.z_10_0);  // z^(2^50 - 1)
  sqr_n(s.t, s.z_50_0, 50);
  F::mul(s.z_100_0, s.t, s.z_50_0); // z^(2^100 - 1)
  sqr_n(s.t, s.z_100_0, 100);
  F::mul(s.t, s.t, s.z_100_0);      // z^(2^200 - 1)
  sqr_n(s.t, s.t, 50);
  F::mul(s.t, s.t, s.z_50_0);       // z^(2^250 - 1)
  sqr_n(s.t, s.t, 5);               // z^(2^255 - 32)
  F::mul(out, s.t, s.z11);          // z^(2^255 - 21)
  secure_zero_object(s);
}

// RFC 7748, Section 5: the Montgomery ladder over bits 254..0 of k (as given: x25519()
// clamps first), u the 32-byte u-coordinate (bit 255 ignored, values >= p accepted).
template <class F>
void montgomery_ladder(std::uint8_t out[32], const std::uint8_t scalar[32], const std::uint8_t u[32]) noexcept {
  using Fe = typename F::Fe;
  struct {
    std::uint8_t k[32];
    Fe x1, x2, z2, x3, z3, a, aa, b, bb, e, c, d, da, cb, t;
    std::uint64_t swap;
  } s;
  for (int i = 0; i < 32; ++i) s.k[i] = scalar[i];
  F::from_bytes(s.x1, u);
  F::one(s.x2);
  F::zero(s.z2);
  F::copy(s.x3, s.x1);
  F::one(s.z3);
  s.swap = 0;
  // RFC 7748, Section 5: for t = bits-1 down to 0 (bits = 255).
  for (int t = 254; t >= 0; --t) {
    const std::uint64_t k_t = (s.k[t >> 3] >> (t & 7)) & 1;  // public position t
    s.swap ^= k_t;
    F::cswap(s.x2, s.x3, s.swap);
    F::cswap(s.z2, s.z3, s.swap);
    s.swap = k_t;
    F::add(s.a, s.x2, s.z2);        // A = x_2 + z_2
    F::sqr(s.aa, s.a);              // AA = A^2
    F::sub(s.b, s.x2, s.z2);        // B = x_2 - z_2
    F::sqr(s.bb, s.b);              // BB = B^2
    F::sub(s.e, s.aa, s.bb);        // E = AA - BB
    F::add(s.c, s.x3, s.z3);        // C = x_3 + z_3
    F::sub(s.d, s.x3, s.z3);        // D = x_3 - z_3
    F::mul(s.da, s.d, s.a);         // DA = D * A
    F::mul(s.cb, s.c, s.b);         // CB = C * B
    F::add(s.t, s.da, s.cb);
    F::sqr(s.x3, s.t);              // x_3 = (DA + CB)^2
    F::sub(s.t, s.da, s.cb);
    F::sqr(s.t, s.t);
    F::mul(s.z3, s.x1, s.t);        // z_3 = x_1 * (DA - CB)^2
    F::mul(s.x2, s.aa, s.bb);       // x_2 = AA * BB
    F::mul_small(s.t, s.e, kA24);
    F::add(s.t, s.aa, s.t);
    F::mul(s.z2, s.e, s.t);         // z_2 = E * (AA + a24 * E)
  }
  // RFC 7748, Section 5: the final conditional swap, then x_2 * z_2^(p - 2).
  F::cswap(s.x2, s.x3, s.swap);
  F::cswap(s.z2, s.z3, s.swap);
  invert<F>(s.t, s.z2);
  F::mul(s.x2, s.x2, s.t);
  F::to_bytes(out, s.x2);
  secure_zero_object(s);
}

// RFC 7748, Section 5: X25519(k, u) = the ladder on decodeScalar25519(k).
template <class F>
void x25519(std::uint8_t out[32], const std::uint8_t scalar[32], const std::uint8_t u[32]) noexcept {
  std::uint8_t k[32];
  for (int i = 0; i < 32; ++i) k[i] = scalar[i];
  clamp(k);
  montgomery_ladder<F>(out, k, u);
  secure_zero(k, sizeof k);
}

}  // namespace tessera::ec::x25519_detail
