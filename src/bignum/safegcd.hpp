// Constant-time modular inversion by divsteps: D. J. Bernstein and B.-Y. Yang, "Fast
// constant-time gcd computation and modular inversion", TCHES 2019 (the "safegcd"
// algorithm), with 62 divsteps per batch on 64-bit words and the Bezout coefficients kept
// modulo the (odd) modulus M.
//
// divstep(delta, f, g) (Section 8): if delta > 0 and g is odd, (1 - delta, g, (g - f) / 2),
// else (1 + delta, f, (g + (g mod 2) f) / 2). Starting from delta = 1, f = M, g = x, after
// divsteps_for_bits(bits) steps g = 0 and f = +-gcd(M, x) (Theorem 11.2). The steps of a
// batch depend only on the low 62 bits of f and g: they run on single words and give a
// 2x2 matrix T with 2^62 (f', g') = T (f, g), applied afterwards to the full-size f, g and
// to the coefficients (d, e) that keep f = d x, g = e x (mod M). So at the end
// x^-1 = +-d mod M, and 0 (which has no inverse) maps to 0 (d stays 0).
//
// Constant time: a fixed number of batches and steps, every choice a mask; no branch,
// index or loop bound on x. Needs unsigned __int128 (64-bit hosts); the callers keep a
// Fermat inversion for 32-bit targets.
#pragma once

#include "bignum/uint.hpp"
#include "common/secret.hpp"

#include <cstddef>
#include <cstdint>

#if !defined(__SIZEOF_INT128__)
#error "safegcd.hpp needs __int128"
#endif

namespace tessera::bignum::safegcd {

using i64 = std::int64_t;
using u64 = std::uint64_t;
__extension__ typedef __int128 i128;

inline constexpr int kBatch = 62;
inline constexpr u64 kMask62 = (u64{1} << 62) - 1;

// Theorem 11.2 of the paper: divsteps that suffice for inputs below 2^d (f odd).
constexpr std::size_t divsteps_for_bits(std::size_t d) noexcept {
  return d < 46 ? (49 * d + 80) / 17 : (49 * d + 57) / 17;
}

// A signed integer in radix 2^62: limbs 0..N-2 in [0, 2^62) once normalized, limb N-1
// signed (it carries the sign).
template <std::size_t N>
struct Signed62 {
  i64 v[N];
};

// 2^62 (f', g') = (u f + v g, q f + r g) after one batch; |u| + |v| <= 2^62 and
// |q| + |r| <= 2^62 (each step doubles one row's norm and adds the rows at most).
struct Transition {
  i64 u, v, q, r;
};

// 62 divsteps on the low words of f (odd) and g. Returns delta after them.
inline i64 divsteps62(i64 delta, u64 f, u64 g, Transition& t) noexcept {
  u64 u = 1, v = 0, q = 0, r = 1;
  for (int i = 0; i < kBatch; ++i) {
    // delta > 0 and g odd: (delta, f, g) -> (-delta, g, -f), rows (u, v), (q, r) likewise.
    // Then the common step: g += (g odd) f, halved; the f row doubled.
    const u64 swap = barrier(static_cast<u64>((-delta) >> 63) & (u64{0} - (g & 1)));
    const u64 fg = (f ^ g) & swap, uq = (u ^ q) & swap, vr = (v ^ r) & swap;
    f ^= fg;
    g ^= fg;
    u ^= uq;
    q ^= uq;
    v ^= vr;
    r ^= vr;
    g = (g ^ swap) - swap;
    q = (q ^ swap) - swap;
    r = (r ^ swap) - swap;
    delta = static_cast<i64>((static_cast<u64>(delta) ^ swap) - swap);
    const u64 odd = u64{0} - (g & 1);
    g += f & odd;
    q += u & odd;
    r += v & odd;
    g >>= 1;  // exact on the low bits the next steps read
    u <<= 1;
    v <<= 1;
    delta += 1;
  }
  t = Transition{static_cast<i64>(u), static_cast<i64>(v), static_cast<i64>(q), static_cast<i64>(r)};
  return delta;
}

// (f, g) <- T (f, g) / 2^62: exact (the low 62 bits cancel by construction).
template <std::size_t N>
inline void update_fg(Signed62<N>& f, Signed62<N>& g, const Transition& t) noexcept {
  i128 cf = static_cast<i128>(t.u) * f.v[0] + static_cast<i128>(t.v) * g.v[0];
  i128 cg = static_cast<i128>(t.q) * f.v[0] + static_cast<i128>(t.r) * g.v[0];
  cf >>= kBatch;
  cg >>= kBatch;
  for (std::size_t i = 1; i < N; ++i) {
    cf += static_cast<i128>(t.u) * f.v[i] + static_cast<i128>(t.v) * g.v[i];
    cg += static_cast<i128>(t.q) * f.v[i] + static_cast<i128>(t.r) * g.v[i];
    f.v[i - 1] = static_cast<i64>(static_cast<u64>(cf) & kMask62);
    g.v[i - 1] = static_cast<i64>(static_cast<u64>(cg) & kMask62);
    cf >>= kBatch;
    cg >>= kBatch;
  }
  f.v[N - 1] = static_cast<i64>(cf);
  g.v[N - 1] = static_cast<i64>(cg);
}

// The modulus in radix 2^62 and M^-1 mod 2^62.
template <std::size_t N>
struct Modulus62 {
  Signed62<N> m;
  u64 m_inv62;
};

// (d, e) <- (T (d, e) + (md, me) M) / 2^62, with md, me making the sums divisible by 2^62.
// For d, e in (-2M, M) the results are in (-2M, M) again: md starts as u [d < 0] + v [e < 0]
// (so T acts on d + M [d < 0], e + M [e < 0], both in (-M, M), giving less than 2^62 M in
// magnitude) and then loses a w in [0, 2^62), which adds -w M in (-2^62 M, 0].
template <std::size_t N>
inline void update_de(Signed62<N>& d, Signed62<N>& e, const Transition& t, const Modulus62<N>& mod) noexcept {
  const i64 sd = d.v[N - 1] >> 63, se = e.v[N - 1] >> 63;  // all ones if negative
  i64 md = (t.u & sd) + (t.v & se);
  i64 me = (t.q & sd) + (t.r & se);
  i128 cd = static_cast<i128>(t.u) * d.v[0] + static_cast<i128>(t.v) * e.v[0];
  i128 ce = static_cast<i128>(t.q) * d.v[0] + static_cast<i128>(t.r) * e.v[0];
  md -= static_cast<i64>((mod.m_inv62 * static_cast<u64>(cd) + static_cast<u64>(md)) & kMask62);
  me -= static_cast<i64>((mod.m_inv62 * static_cast<u64>(ce) + static_cast<u64>(me)) & kMask62);
  cd += static_cast<i128>(mod.m.v[0]) * md;
  ce += static_cast<i128>(mod.m.v[0]) * me;
  cd >>= kBatch;
  ce >>= kBatch;
  for (std::size_t i = 1; i < N; ++i) {
    cd += static_cast<i128>(t.u) * d.v[i] + static_cast<i128>(t.v) * e.v[i] + static_cast<i128>(mod.m.v[i]) * md;
    ce += static_cast<i128>(t.q) * d.v[i] + static_cast<i128>(t.r) * e.v[i] + static_cast<i128>(mod.m.v[i]) * me;
    d.v[i - 1] = static_cast<i64>(static_cast<u64>(cd) & kMask62);
    e.v[i - 1] = static_cast<i64>(static_cast<u64>(ce) & kMask62);
    cd >>= kBatch;
    ce >>= kBatch;
  }
  d.v[N - 1] = static_cast<i64>(cd);
  e.v[N - 1] = static_cast<i64>(ce);
}

// Limbs 0..N-2 into [0, 2^62), carries into the signed top limb.
template <std::size_t N>
inline void normalize(Signed62<N>& a) noexcept {
  for (std::size_t i = 0; i + 1 < N; ++i) {
    a.v[i + 1] += a.v[i] >> kBatch;
    a.v[i] = static_cast<i64>(static_cast<u64>(a.v[i]) & kMask62);
  }
}

// a + (M if mask), limb-wise, then normalized.
template <std::size_t N>
inline void add_masked(Signed62<N>& a, const Signed62<N>& m, i64 mask) noexcept {
  for (std::size_t i = 0; i < N; ++i) a.v[i] += m.v[i] & mask;
  normalize(a);
}

template <class L, std::size_t NS, std::size_t N>
constexpr Signed62<N> to_signed62(const Uint<L, NS>& x) noexcept {
  static_assert(sizeof(L) == 8, "safegcd works on 64-bit limbs");
  Signed62<N> r{};
  for (std::size_t i = 0; i < N; ++i) {
    const std::size_t bit = 62 * i, w = bit / 64, s = bit % 64;
    u64 v = w < NS ? static_cast<u64>(x.v[w]) >> s : 0;
    if (s > 2 && w + 1 < NS) v |= static_cast<u64>(x.v[w + 1]) << (64 - s);
    r.v[i] = static_cast<i64>(v & kMask62);
  }
  return r;
}

// a in [0, 2^(64 NS)) (normalized, nonnegative) back to 64-bit limbs.
template <class L, std::size_t NS, std::size_t N>
inline void from_signed62(Uint<L, NS>& r, const Signed62<N>& a) noexcept {
  for (std::size_t w = 0; w < NS; ++w) {
    const std::size_t bit = 64 * w, i = bit / 62, s = bit % 62;
    u64 v = static_cast<u64>(a.v[i]) >> s;
    if (i + 1 < N) v |= static_cast<u64>(a.v[i + 1]) << (62 - s);
    if (s > 60 && i + 2 < N) v |= static_cast<u64>(a.v[i + 2]) << (124 - s);
    r.v[w] = static_cast<L>(v);
  }
}

// M^-1 mod 2^64 by Newton's iteration (M odd), then reduced mod 2^62.
constexpr u64 inverse_mod_2_62(u64 m0) noexcept {
  u64 x = m0;  // correct to 3 bits for odd m0
  for (int i = 0; i < 5; ++i) x *= 2 - m0 * x;
  return x & kMask62;
}

// The modulus of a Uint (odd), in the form the inversion uses.
template <class L, std::size_t NS>
constexpr auto modulus62(const Uint<L, NS>& m) noexcept {
  constexpr std::size_t N = (64 * NS + 1 + 61) / 62;  // room for the sign bit
  return Modulus62<N>{to_signed62<L, NS, N>(m), inverse_mod_2_62(static_cast<u64>(m.v[0]))};
}

// r = x^-1 mod M for x in [0, M) (0 -> 0); M odd, below 2^bits.
template <std::size_t Bits, class L, std::size_t NS, std::size_t N>
inline void inverse(Uint<L, NS>& r, const Uint<L, NS>& x, const Modulus62<N>& mod) noexcept {
  constexpr std::size_t batches = (divsteps_for_bits(Bits) + kBatch - 1) / kBatch;
  struct {
    Signed62<N> f, g, d, e;
    Transition t;
  } s{};
  s.f = mod.m;
  s.g = to_signed62<L, NS, N>(x);
  s.e.v[0] = 1;
  i64 delta = 1;
  for (std::size_t b = 0; b < batches; ++b) {
    delta = divsteps62(delta, static_cast<u64>(s.f.v[0]), static_cast<u64>(s.g.v[0]), s.t);
    update_fg(s.f, s.g, s.t);
    update_de(s.d, s.e, s.t, mod);
  }
  // f = +-1 (or M for x = 0, with d = 0): x^-1 = sign(f) d, d in (-2M, M).
  const i64 neg = barrier(s.f.v[N - 1] >> 63);
  for (i64& l : s.d.v) l = (l ^ neg) - neg;
  normalize(s.d);                                   // (-M, 2M)
  add_masked(s.d, mod.m, s.d.v[N - 1] >> 63);       // [0, 2M)
  Signed62<N> minus_m{};
  for (std::size_t i = 0; i < N; ++i) minus_m.v[i] = -mod.m.v[i];
  s.e = s.d;
  add_masked(s.e, minus_m, i64{-1});                // d - M
  const i64 below = s.e.v[N - 1] >> 63;             // d < M: keep d
  for (std::size_t i = 0; i < N; ++i) s.d.v[i] = (s.d.v[i] & below) | (s.e.v[i] & ~below);
  from_signed62(r, s.d);
  secure_zero_object(s);
}

}  // namespace tessera::bignum::safegcd
