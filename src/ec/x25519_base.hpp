// Fixed-base X25519 (the public key X25519(k, 9), RFC 7748 Section 6.1) through the
// birationally equivalent twisted Edwards curve edwards25519 (RFC 7748, Section 4.1:
// -x^2 + y^2 = 1 + d x^2 y^2, d = -121665/121666; (u, v) = ((1 + y)/(1 - y), ...)), where
// a precomputed table turns the scalar multiplication into 64 additions and no doublings.
//
// Table (built once at first use from public constants, vartime allowed; the test
// x25519_base_test recomputes every entry with the Montgomery ladder):
//   T[i][j] = (j + 1) 16^i B, i = 0..63, j = 0..7, B the Edwards point with y = 4/5
//   (u = 9), in "cached" form (Y - X, Y + X, 2Z, 2dT) of extended coordinates
//   (X : Y : Z : T), x = X/Z, y = Y/Z, x y = T/Z (Hisil, Wong, Carter, Dawson 2008).
// Scalar: the clamped k (< 2^255) in signed radix 16, k = sum e_i 16^i, e_i in [-8, 8]; then
// kB = sum e_i 16^i B: per digit one constant-time lookup (all 8 entries read, selected by
// masks; the sign applied by a masked swap and negation) and one addition. The addition
// formula (add-2008-hwcd-3, a = -1) is complete on edwards25519 (d is not a square mod p),
// so the identity, doubling and inverse inputs need no special case.
// u = (Z + Y) / (Z - Y) at the end (one Fermat inversion; the identity gives u = 0 as the
// ladder would). Constant time in k; scalar-dependent temporaries are wiped.
#pragma once

#include "common/ct.hpp"
#include "common/secret.hpp"
#include "ec/x25519_ladder.hpp"

#include <cstdint>
#include <type_traits>

namespace tessera::ec::x25519_detail {

template <class F>
struct Edwards {
  using Fe = typename F::Fe;
  struct Point {  // extended coordinates
    Fe x, y, z, t;
  };
  struct Cached {  // (Y - X, Y + X, 2Z, 2dT)
    Fe ymx, ypx, z2, t2d;
  };

  // dst = src when bit is 1 (mask-based, no branch).
  static void cmov(Fe& dst, const Fe& src, std::uint32_t bit) noexcept {
    using Limb = std::remove_cv_t<std::remove_reference_t<decltype(dst.v[0])>>;
    const Limb m = ct::mask_from_bit(static_cast<Limb>(bit));
    for (auto i = 0u; i < sizeof(dst.v) / sizeof(dst.v[0]); ++i) dst.v[i] ^= m & (dst.v[i] ^ src.v[i]);
  }

  // r = p + q (add-2008-hwcd-3 with q cached, a = -1): 8 multiplications.
  static void add(Point& r, const Point& p, const Cached& q) noexcept {
    Fe a, b, c, d, e, f, g, h;
    F::sub(a, p.y, p.x);
    F::mul(a, a, q.ymx);   // A = (Y1 - X1)(Y2 - X2)
    F::add(b, p.y, p.x);
    F::mul(b, b, q.ypx);   // B = (Y1 + X1)(Y2 + X2)
    F::mul(c, p.t, q.t2d); // C = T1 2d T2
    F::mul(d, p.z, q.z2);  // D = Z1 2 Z2
    F::sub(e, b, a);       // E = B - A
    F::sub(f, d, c);       // F = D - C
    F::add(g, d, c);       // G = D + C
    F::add(h, b, a);       // H = B + A
    F::mul(r.x, e, f);
    F::mul(r.y, g, h);
    F::mul(r.t, e, h);
    F::mul(r.z, f, g);
  }

  static void to_cached(Cached& c, const Point& p, const Fe& d2) noexcept {
    F::sub(c.ymx, p.y, p.x);
    F::carry(c.ymx);
    F::add(c.ypx, p.y, p.x);
    F::carry(c.ypx);
    F::add(c.z2, p.z, p.z);
    F::carry(c.z2);
    F::mul(c.t2d, p.t, d2);
  }

  static void identity(Point& p) noexcept {
    F::zero(p.x);
    F::one(p.y);
    F::one(p.z);
    F::zero(p.t);
  }

  // h = f^e for a public exponent given little-endian (table construction only).
  static void pow_vartime(Fe& h, const Fe& f, const std::uint8_t e[32]) noexcept {
    Fe r;
    F::one(r);
    for (int bit = 255; bit >= 0; --bit) {
      F::sqr(r, r);
      if ((e[bit >> 3] >> (bit & 7)) & 1) F::mul(r, r, f);
    }
    h = r;
  }

  static bool equal_vartime(const Fe& a, const Fe& b) noexcept {
    std::uint8_t x[32], y[32];
    F::to_bytes(x, a);
    F::to_bytes(y, b);
    for (int i = 0; i < 32; ++i)
      if (x[i] != y[i]) return false;
    return true;
  }

  struct Table {
    Cached entry[64][8];

    // Built from the curve constants (all public).
    Table() noexcept {
      Fe d, d2, t, num, den, x2, x, y, sqrt_m1;
      small(t, 121666);
      invert<F>(t, t);
      small(d, 121665);
      F::mul(d, d, t);
      F::zero(t);
      F::sub(d, t, d);              // d = -121665 / 121666
      F::add(d2, d, d);
      F::carry(d2);
      small(t, 5);
      invert<F>(t, t);
      small(y, 4);
      F::mul(y, y, t);              // y = 4/5 (u = 9: y = (u - 1)/(u + 1))
      // x^2 = (y^2 - 1) / (d y^2 + 1); x = a square root (p = 5 mod 8: a^((p+3)/8), times
      // sqrt(-1) = 2^((p-1)/4) if that squares to -a). Either root gives the same u.
      Fe one_fe, y2;
      F::one(one_fe);
      F::sqr(y2, y);
      F::sub(num, y2, one_fe);
      F::mul(den, d, y2);
      F::add(den, den, one_fe);
      invert<F>(den, den);
      F::mul(x2, num, den);
      std::uint8_t e[32];
      exponent(e, 3);            // (p + 3) / 8 = 2^252 - 2
      pow_vartime(x, x2, e);
      F::sqr(t, x);
      if (!equal_vartime(t, x2)) {
        Fe two;
        small(two, 2);
        exponent(e, 1);          // (p - 1) / 4 = 2^253 - 5
        pow_vartime(sqrt_m1, two, e);
        F::mul(x, x, sqrt_m1);
      }
      Point p{x, y, one_fe, {}};
      F::mul(p.t, x, y);
      for (int i = 0; i < 64; ++i) {
        // entry[i][j] = (j + 1) 16^i B; then p = 16^(i+1) B = 8 16^i B + 8 16^i B.
        Point q = p;
        to_cached(entry[i][0], q, d2);
        for (int j = 1; j < 8; ++j) {
          add(q, q, entry[i][0]);
          to_cached(entry[i][j], q, d2);
        }
        add(p, q, entry[i][7]);
      }
    }

    static void small(Fe& h, std::uint32_t v) noexcept {
      std::uint8_t b[32] = {};
      for (int i = 0; i < 4; ++i) b[i] = static_cast<std::uint8_t>(v >> (8 * i));
      F::from_bytes(h, b);
    }
    // (p + 3) / 8 (which = 3) or (p - 1) / 4 (which = 1) as little-endian bytes.
    static void exponent(std::uint8_t e[32], int which) noexcept {
      // p = 2^255 - 19; (p + 3)/8 = 2^252 - 2; (p - 1)/4 = 2^253 - 5.
      for (int i = 0; i < 32; ++i) e[i] = 0xff;
      if (which == 3) {
        e[31] = 0x0f;  // 2^252 - 1
        e[0] = 0xfe;   // - 1
      } else {
        e[31] = 0x1f;  // 2^253 - 1
        e[0] = 0xfb;   // - 4
      }
    }
  };

  static const Table& table() noexcept {
    static const Table t;
    return t;
  }

  // r = the table entry e 16^i B for a secret digit e in [-8, 8], read in constant time.
  static void lookup(Cached& r, int i, std::int32_t e) noexcept {
    const Table& tab = table();
    const std::uint32_t neg = static_cast<std::uint32_t>(e) >> 31;
    const std::uint32_t abs = (static_cast<std::uint32_t>(e) ^ (0u - neg)) + neg;
    F::one(r.ymx);
    F::one(r.ypx);
    F::one(r.z2);
    F::add(r.z2, r.z2, r.z2);  // identity: (1, 1, 2, 0)
    F::zero(r.t2d);
    for (std::uint32_t j = 0; j < 8; ++j) {
      const std::uint32_t hit = ct::mask_eq(abs, j + 1) & 1;
      cmov(r.ymx, tab.entry[i][j].ymx, hit);
      cmov(r.ypx, tab.entry[i][j].ypx, hit);
      cmov(r.z2, tab.entry[i][j].z2, hit);
      cmov(r.t2d, tab.entry[i][j].t2d, hit);
    }
    // -P in cached form: swap Y - X and Y + X, negate 2dT.
    F::cswap(r.ymx, r.ypx, neg);
    Fe zero, minus;
    F::zero(zero);
    F::sub(minus, zero, r.t2d);
    cmov(r.t2d, minus, neg);
    secure_zero_object(minus);
  }

  // out = u(clamp(k) B) = X25519(k, 9).
  static void base(std::uint8_t out[32], const std::uint8_t scalar[32]) noexcept {
    struct {
      std::uint8_t k[32];
      std::int32_t e[64];
      Point acc;
      Cached c;
      Fe num, den;
    } s;
    for (int i = 0; i < 32; ++i) s.k[i] = scalar[i];
    clamp(s.k);
    // Signed radix-16 digits: e_i = nibble_i + carry, carry = 1 when that is >= 8.
    std::int32_t carry = 0;
    for (int i = 0; i < 64; ++i) {
      const std::int32_t nib = (s.k[i >> 1] >> (4 * (i & 1))) & 15;
      const std::int32_t v = nib + carry;
      carry = (v + 8) >> 4;  // v in [0, 16]: 1 iff v >= 8
      s.e[i] = v - (carry << 4);
    }
    s.e[63] += carry << 4;  // k < 2^255: the top nibble is <= 7, so carry is 0 or e_63 = 8
    identity(s.acc);
    for (int i = 0; i < 64; ++i) {
      lookup(s.c, i, s.e[i]);
      add(s.acc, s.acc, s.c);
    }
    // u = (1 + y) / (1 - y) = (Z + Y) / (Z - Y).
    F::add(s.num, s.acc.z, s.acc.y);
    F::sub(s.den, s.acc.z, s.acc.y);
    invert<F>(s.den, s.den);
    F::mul(s.num, s.num, s.den);
    F::to_bytes(out, s.num);
    secure_zero_object(s);
  }
};

}  // namespace tessera::ec::x25519_detail
