// Run-time-length constant-time naturals and Montgomery arithmetic (bignum/nat.hpp).
#include "bignum/nat.hpp"
#include "bignum/nat_ifma.hpp"
#include "bignum/nat_window.hpp"

#include "common/ct.hpp"
#include "common/secret.hpp"
#include "cpu/backend.hpp"
#include "cpu/features.hpp"
#include "tessera_config.hpp"

#include <cstring>

namespace tessera::bignum {

namespace {

MontMulFn pick_kernel([[maybe_unused]] std::size_t n) noexcept {
#if TESSERA_HAVE_AVX2 && defined(__SIZEOF_INT128__) && !defined(TESSERA_BIGNUM_LIMB32)
  const auto& f = cpu::features();
  if (cpu::active() != Backend::portable && f.bmi2 && f.adx && n % 4 == 0) return mont_mul_mulx;
#endif
  return mont_mul_portable;
}

// Whether mont_exp and mont_exp_vartime use the AVX-512 IFMA kernel for n limbs.
bool pick_ifma([[maybe_unused]] std::size_t n) noexcept {
#if TESSERA_NAT_IFMA
  const auto& f = cpu::features();
  return cpu::active() == Backend::avx512 && f.avx512ifma && f.bmi2 && f.adx && mont_exp_ifma_supports(n);
#else
  return false;
#endif
}

}  // namespace

const char* mont_mul_kernel_name(std::size_t n) noexcept {
  return pick_kernel(n) == mont_mul_portable ? "portable" : "MULX/ADX";
}

bool nat_from_be_bytes(NatSpan out, std::span<const std::uint8_t> in) noexcept {
  for (Limb& l : out) l = 0;
  const std::size_t cap = out.size() * sizeof(Limb);
  Limb excess = 0;  // any nonzero byte beyond the capacity
  for (std::size_t i = 0; i < in.size(); ++i) {
    const std::size_t from_end = in.size() - 1 - i;
    if (from_end >= cap) {
      excess |= in[i];
      continue;
    }
    out[from_end / sizeof(Limb)] |= static_cast<Limb>(static_cast<Limb>(in[i]) << (8 * (from_end % sizeof(Limb))));
  }
  const Limb fits = static_cast<Limb>(~mask_from_bit(static_cast<Limb>((barrier(excess) + 0xFFu) >> 8)));
  for (Limb& l : out) l &= fits;
  return fits != 0;  // whether it fits is not secret (it is a length property of the input)
}

void nat_to_be_bytes(std::span<std::uint8_t> out, NatView a) noexcept {
  for (std::size_t i = 0; i < out.size(); ++i) {
    const std::size_t from_end = out.size() - 1 - i;
    const std::size_t limb = from_end / sizeof(Limb);
    out[i] = limb < a.size() ? static_cast<std::uint8_t>(a[limb] >> (8 * (from_end % sizeof(Limb)))) : 0;
  }
}

Limb nat_add(NatSpan r, NatView a, NatView b) noexcept {
  Limb c = 0;
  for (std::size_t i = 0; i < r.size(); ++i) r[i] = add_carry(a[i], b[i], c, c);
  return c;
}

Limb nat_sub(NatSpan r, NatView a, NatView b) noexcept {
  Limb c = 0;
  for (std::size_t i = 0; i < r.size(); ++i) r[i] = sub_borrow(a[i], b[i], c, c);
  return c;
}

Limb nat_is_zero_mask(NatView a) noexcept {
  Limb acc = 0;
  for (const Limb l : a) acc |= l;
  acc = barrier(acc);
  const Limb nz = static_cast<Limb>((acc | static_cast<Limb>(Limb{0} - acc)) >> (kLimbBits - 1));
  return mask_from_bit(static_cast<Limb>(nz ^ 1u));
}

Limb nat_eq_mask(NatView a, NatView b) noexcept {
  Limb acc = 0;
  for (std::size_t i = 0; i < a.size(); ++i) acc |= a[i] ^ b[i];
  return nat_is_zero_mask(NatView(&acc, 1));
}

Limb nat_lt_mask(NatView a, NatView b) noexcept {
  Limb c = 0;
  for (std::size_t i = 0; i < a.size(); ++i) (void)sub_borrow(a[i], b[i], c, c);
  return mask_from_bit(c);
}

void nat_select(NatSpan r, NatView a, Limb mask) noexcept {
  const Limb m = barrier(mask);
  for (std::size_t i = 0; i < r.size(); ++i) r[i] = static_cast<Limb>(r[i] ^ (m & (r[i] ^ a[i])));
}

void nat_mul(NatSpan r, NatView a, NatView b) noexcept {
  for (Limb& l : r) l = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    Limb c = 0;
    for (std::size_t j = 0; j < a.size(); ++j) r[i + j] = mul_add2(a[j], b[i], r[i + j], c, c);
    r[i + a.size()] = c;
  }
}

bool nat_resize(NatSpan r, NatView a) noexcept {
  Limb dropped = 0;
  for (std::size_t i = 0; i < r.size(); ++i) r[i] = i < a.size() ? a[i] : 0;
  for (std::size_t i = r.size(); i < a.size(); ++i) dropped |= a[i];
  // Whether the value fits is a property the callers treat as public (a length check).
  return nat_is_zero_mask(NatView(&dropped, 1)) != 0;
}

std::size_t nat_bit_length_vartime(NatView a) noexcept {
  for (std::size_t i = a.size(); i-- > 0;) {
    if (a[i] != 0) {
      std::size_t bits = kLimbBits;
      while (((a[i] >> (bits - 1)) & 1u) == 0) --bits;
      return i * kLimbBits + bits;
    }
  }
  return 0;
}

void mod_add(NatSpan r, NatView a, NatView b, const MontModulus& mod) noexcept {
  const std::size_t n = mod.n;
  Limb s[kNatMaxLimbs], t[kNatMaxLimbs];
  const Limb carry = nat_add(NatSpan(s, n), a, b);
  const Limb borrow = nat_sub(NatSpan(t, n), NatView(s, n), mod.modulus());
  // s - m is the sum mod m unless s < m (a borrow and no carry out of s).
  nat_select(NatSpan(t, n), NatView(s, n), mask_from_bit(static_cast<Limb>(borrow & (carry ^ 1u))));
  std::memcpy(r.data(), t, n * sizeof(Limb));
}

void mod_sub(NatSpan r, NatView a, NatView b, const MontModulus& mod) noexcept {
  const std::size_t n = mod.n;
  Limb d[kNatMaxLimbs], t[kNatMaxLimbs];
  const Limb borrow = nat_sub(NatSpan(d, n), a, b);
  (void)nat_add(NatSpan(t, n), NatView(d, n), mod.modulus());
  nat_select(NatSpan(d, n), NatView(t, n), mask_from_bit(borrow));
  std::memcpy(r.data(), d, n * sizeof(Limb));
}

void mont_mul_portable(NatSpan r, NatView a, NatView b, const MontModulus& mod) noexcept {
  const std::size_t n = mod.n;
  const Limb* m = mod.m;
  Limb t[kNatMaxLimbs + 2];
  for (std::size_t j = 0; j < n + 2; ++j) t[j] = 0;
  for (std::size_t i = 0; i < n; ++i) {
    // t += a b[i]
    Limb c = 0;
    const Limb bi = b[i];
    for (std::size_t j = 0; j < n; ++j) t[j] = mul_add2(a[j], bi, t[j], c, c);
    Limb c2 = 0;
    t[n] = add_carry(t[n], c, Limb{0}, c2);
    t[n + 1] = c2;
    // t = (t + u m) / 2^w with u = t[0] m' mod 2^w, which cancels the low limb.
    const Limb u = static_cast<Limb>(t[0] * mod.m0inv);
    (void)mul_add2(u, m[0], t[0], Limb{0}, c);
    for (std::size_t j = 1; j < n; ++j) t[j - 1] = mul_add2(u, m[j], t[j], c, c);
    t[n - 1] = add_carry(t[n], c, Limb{0}, c2);
    t[n] = static_cast<Limb>(t[n + 1] + c2);
  }
  // t < 2m (a < R, b < m): subtract m once unless t < m.
  Limb s[kNatMaxLimbs];
  const Limb borrow = nat_sub(NatSpan(s, n), NatView(t, n), mod.modulus());
  nat_select(NatSpan(s, n), NatView(t, n), mask_from_bit(static_cast<Limb>(borrow & (t[n] ^ 1u))));
  std::memcpy(r.data(), s, n * sizeof(Limb));
  secure_zero(t, (n + 2) * sizeof(Limb));
  secure_zero(s, n * sizeof(Limb));
}

void mont_from_nat(NatSpan r, NatView x, const MontModulus& mod) noexcept {
  const std::size_t n = mod.n;
  const std::size_t chunks = (x.size() + n - 1) / n;
  Limb acc[kNatMaxLimbs] = {}, chunk[kNatMaxLimbs];
  // Horner's rule from the top chunk: acc = x_top R, then acc = acc R + x_i R (each term
  // a Montgomery product with R^2 mod m; a chunk may exceed m, which mont_mul allows). The
  // top chunk is the first acc, with no product of the zero acc before it (x's length is
  // public).
  for (std::size_t k = chunks; k-- > 0;) {
    for (std::size_t j = 0; j < n; ++j) chunk[j] = k * n + j < x.size() ? x[k * n + j] : 0;
    if (k + 1 == chunks) {
      mont_mul(NatSpan(acc, n), NatView(chunk, n), NatView(mod.rr, n), mod);
      continue;
    }
    mont_mul(NatSpan(acc, n), NatView(acc, n), NatView(mod.rr, n), mod);
    mont_mul(NatSpan(chunk, n), NatView(chunk, n), NatView(mod.rr, n), mod);
    mod_add(NatSpan(acc, n), NatView(acc, n), NatView(chunk, n), mod);
  }
  std::memcpy(r.data(), acc, n * sizeof(Limb));
  secure_zero(acc, sizeof(acc));
  secure_zero(chunk, sizeof(chunk));
}

void mont_to_nat(NatSpan r, NatView a, const MontModulus& mod) noexcept {
  Limb one[kNatMaxLimbs] = {};
  one[0] = 1;
  mont_mul(r, a, NatView(one, mod.n), mod);
}

void mont_exp_vartime(NatSpan r, NatView a, NatView e, const MontModulus& mod) noexcept {
#if TESSERA_NAT_IFMA
  if (mod.ifma) return mont_exp_vartime_ifma(r, a, e, mod);
#endif
  const std::size_t n = mod.n;
  Limb acc[kNatMaxLimbs], base[kNatMaxLimbs];
  std::memcpy(acc, mod.one, n * sizeof(Limb));
  std::memcpy(base, a.data(), n * sizeof(Limb));
  for (std::size_t i = nat_bit_length_vartime(e); i-- > 0;) {
    mont_mul(NatSpan(acc, n), NatView(acc, n), NatView(acc, n), mod);
    if (((e[i / kLimbBits] >> (i % kLimbBits)) & 1u) != 0)  // e is public
      mont_mul(NatSpan(acc, n), NatView(acc, n), NatView(base, n), mod);
  }
  std::memcpy(r.data(), acc, n * sizeof(Limb));
}

void mod_exp_vartime(NatSpan r, NatView a, NatView e, const MontModulus& mod, [[maybe_unused]] NatView rr52) noexcept {
#if TESSERA_NAT_IFMA
  if (mod.ifma && rr52.size() == mod.n && nat_bit_length_vartime(e) != 0) return mod_exp_vartime_ifma(r, a, e, mod, rr52);
#endif
  const std::size_t n = mod.n;
  Limb x[kNatMaxLimbs];
  mont_from_nat(NatSpan(x, n), a, mod);
  mont_exp_vartime(NatSpan(x, n), NatView(x, n), e, mod);
  mont_to_nat(r, NatView(x, n), mod);
  secure_zero(x, sizeof(x));
}

void mont_rr52(NatSpan r, [[maybe_unused]] const MontModulus& mod) noexcept {
#if TESSERA_NAT_IFMA
  if (mod.ifma) return mont_rr52_ifma(r, mod);
#endif
  for (Limb& x : r) x = 0;
}

void mont_exp(NatSpan r, NatView a, NatView e, std::size_t exp_bits, const MontModulus& mod) noexcept {
#if TESSERA_NAT_IFMA
  if (mod.ifma) return mont_exp_ifma(r, a, e, exp_bits, mod);
#endif
  const std::size_t n = mod.n;
  struct {
    Limb table[1u << kExpWindow][kNatMaxLimbs];
    Limb acc[kNatMaxLimbs];
    Limb pick[kNatMaxLimbs];
  } s;
  std::memcpy(s.table[0], mod.one, n * sizeof(Limb));
  std::memcpy(s.table[1], a.data(), n * sizeof(Limb));
  for (unsigned j = 2; j < (1u << kExpWindow); ++j)
    mont_mul(NatSpan(s.table[j], n), NatView(s.table[j - 1], n), NatView(s.table[1], n), mod);
  std::memcpy(s.acc, mod.one, n * sizeof(Limb));
  const std::size_t windows = (exp_bits + kExpWindow - 1) / kExpWindow;
  for (std::size_t w = windows; w-- > 0;) {
    for (unsigned k = 0; k < kExpWindow; ++k) mont_mul(NatSpan(s.acc, n), NatView(s.acc, n), NatView(s.acc, n), mod);
    // pick = table[digit], reading every entry.
    const Limb digit = exp_window_digit(e, exp_bits, w);
    for (std::size_t i = 0; i < n; ++i) s.pick[i] = 0;
    for (unsigned j = 0; j < (1u << kExpWindow); ++j) {
      const Limb hit = window_entry_mask(digit, j);
      for (std::size_t i = 0; i < n; ++i) s.pick[i] |= s.table[j][i] & hit;
    }
    mont_mul(NatSpan(s.acc, n), NatView(s.acc, n), NatView(s.pick, n), mod);
  }
  std::memcpy(r.data(), s.acc, n * sizeof(Limb));
  secure_zero_object(s);
}

void mont_exp2(const ExpJob& x, const ExpJob& y, std::size_t exp_bits) noexcept {
#if TESSERA_NAT_IFMA
  if (x.mod->ifma && y.mod->ifma && x.mod->n == y.mod->n && mont_exp2_ifma_supports(x.mod->n))
    return mont_exp2_ifma(x, y, exp_bits);
#endif
  mont_exp(x.r, x.a, x.e, exp_bits, *x.mod);
  mont_exp(y.r, y.a, y.e, exp_bits, *y.mod);
}

bool mont_init(MontModulus& mod, NatView m) noexcept {
  const std::size_t n = m.size();
  if (n == 0 || n > kNatMaxLimbs) return false;
  // Odd, nonzero top limb, not 1: whether a (possibly secret) modulus is usable is public.
  Limb bad = static_cast<Limb>(nat_is_zero_mask(NatView(&m[n - 1], 1)) | mask_from_bit(static_cast<Limb>((m[0] & 1u) ^ 1u)));
  if (n == 1) {
    const Limb one = 1;
    bad |= nat_eq_mask(NatView(&m[0], 1), NatView(&one, 1));
  }
  if (ct::declassify_value(bad) != 0) return false;
  secure_zero_object(mod);
  mod.n = n;
  mod.mul = pick_kernel(n);
  std::memcpy(mod.m, m.data(), n * sizeof(Limb));
  // m' = -m^-1 mod 2^w by Newton's iteration: x = x (2 - m x) doubles the correct low bits,
  // and x = m is correct to 3 bits for odd m.
  Limb x = m[0];
  for (int i = 0; i < 6; ++i) x = static_cast<Limb>(x * static_cast<Limb>(2u - m[0] * x));
  mod.m0inv = static_cast<Limb>(Limb{0} - x);
  // R mod m: 2^(w (n - 1)) < m (the top limb of m is nonzero and m is odd, or n = 1 and the
  // start is 1), doubled w times modulo m.
  Limb r[kNatMaxLimbs] = {};
  r[n - 1] = n > 1 ? 1 : 0;
  r[0] |= n == 1 ? 1 : 0;
  for (std::size_t i = 0; i < kLimbBits; ++i) mod_add(NatSpan(r, n), NatView(r, n), NatView(r, n), mod);
  std::memcpy(mod.one, r, n * sizeof(Limb));
  // R^2 mod m is the Montgomery form of 2^(w n): 2 in Montgomery form (2R mod m) raised to
  // the public power w n.
  mod_add(NatSpan(r, n), NatView(r, n), NatView(r, n), mod);
  const Limb e = static_cast<Limb>(kLimbBits * n);
  mont_exp_vartime(NatSpan(mod.rr, n), NatView(r, n), NatView(&e, 1), mod);
  secure_zero(r, sizeof(r));
  mod.ifma = pick_ifma(n);
  return true;
}

}  // namespace tessera::bignum
