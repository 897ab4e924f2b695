// RSA key generation: FIPS 186-5 Appendix A.1.3 (random probable primes), with the
// private exponent d = e^-1 mod LCM(p - 1, q - 1) of A.1.1.
#include <tessera/random.hpp>
#include <tessera/rsa.hpp>

#include "bignum/nat.hpp"
#include "common/ct.hpp"
#include "common/secret.hpp"
#include "rsa/rsa_prime.hpp"

#include <cstring>

namespace tessera::rsa {

using bignum::kLimbBits;
using bignum::kNatMaxLimbs;
using bignum::Limb;
using bignum::NatSpan;
using bignum::NatView;

namespace {

// floor(sqrt(2) 2^63): a candidate whose top 64 bits exceed it is above sqrt(2) 2^(b-1)
// (A.1.3 step 4.4). Equality (probability 2^-64) is rejected, a negligible narrowing.
constexpr std::uint64_t kSqrt2Top64 = 0xB504F333F9DE6484ull;

// What a draw of A.1.3 steps 4.2-4.5 gave: a candidate that steps 4.4 / 5.4 send straight
// back to 4.2 / 5.2 (not counted), one that failed the gcd or primality test (counted by
// step 4.6 / 5.6), or a prime.
enum class Draw { redraw, composite, prime };

// A.1.3 steps 4.2-4.5 (p) or 5.2-5.5 (q, when `other` is given): one candidate of `bits`
// bits. e is odd, prime and public.
Result<Draw> try_prime(Limb* out, std::size_t bits, std::uint64_t e, const Limb* other) noexcept {
  const std::size_t limbs = bits / kLimbBits, bytes = bits / 8;
  std::uint8_t buf[max_modulus_bytes / 2];
  ZeroOnExit wipe_buf(buf);
  // Steps 4.2-4.3: bits random bits, made odd.
  if (!random_bytes(std::span(buf, bytes))) return fail(Error::randomness_failure, "RSA key generation");
  buf[bytes - 1] |= 1;
  // Step 4.4: p >= sqrt(2) 2^(bits - 1), on the top 64 bits (a rejected draw is discarded).
  std::uint64_t top = 0;
  for (int i = 0; i < 8; ++i) top = (top << 8) | buf[i];
  // top > K exactly when K - top borrows (Hacker's Delight 2-13, the borrow bit).
  const std::uint64_t above = ((~kSqrt2Top64 & top) | (~(kSqrt2Top64 ^ top) & (kSqrt2Top64 - top))) >> 63;
  if (ct::declassify_value(above) == 0) return Draw::redraw;
  (void)bignum::nat_from_be_bytes(NatSpan(out, limbs), std::span<const std::uint8_t>(buf, bytes));
  // Step 5.4: |p - q| > 2^(bits - 100).
  if (other != nullptr) {
    Limb d1[kNatMaxLimbs], d2[kNatMaxLimbs], bound[kNatMaxLimbs] = {};
    const Limb lt = bignum::mask_from_bit(bignum::nat_sub(NatSpan(d1, limbs), NatView(out, limbs), NatView(other, limbs)));
    (void)bignum::nat_sub(NatSpan(d2, limbs), NatView(other, limbs), NatView(out, limbs));
    bignum::nat_select(NatSpan(d1, limbs), NatView(d2, limbs), lt);
    bound[(bits - 100) / kLimbBits] = static_cast<Limb>(Limb{1} << ((bits - 100) % kLimbBits));
    bound[0] |= 1;  // |p - q| >= 2^(bits - 100) + 1
    const bool far = ct::declassify_value(bignum::nat_lt_mask(NatView(d1, limbs), NatView(bound, limbs))) == 0;
    secure_zero(d1, sizeof(d1));
    secure_zero(d2, sizeof(d2));
    if (!far) return Draw::redraw;
  }
  // Step 4.5: gcd(p - 1, e) = 1, i.e. p mod e != 1 for prime e: (p - 1) R mod e != 0.
  {
    bignum::MontModulus me;
    const Limb e_limbs[2] = {static_cast<Limb>(e), static_cast<Limb>(kLimbBits == 32 ? e >> 32 : 0)};
    (void)bignum::mont_init(me, NatView(e_limbs, kLimbBits == 32 && (e >> 32) != 0 ? 2 : 1));
    Limb r[2] = {};
    out[0] &= ~Limb{1};
    bignum::mont_from_nat(NatSpan(r, me.n), NatView(out, limbs), me);
    out[0] |= 1;
    const bool coprime = ct::declassify_value(bignum::nat_is_zero_mask(NatView(r, me.n))) == 0;
    secure_zero_object(me);
    if (!coprime) return Draw::composite;
  }
  // Step 4.5.1: trial division, then Miller-Rabin (Table B.1 rounds).
  if (has_small_factor(NatView(out, limbs))) return Draw::composite;
  auto r = miller_rabin(NatView(out, limbs), miller_rabin_rounds(bits));
  if (!r) return r.failure();
  return *r ? Draw::prime : Draw::composite;
}

// Deterministic Miller-Rabin for a public 64-bit e with the first twelve prime bases
// (exact below 3.3 * 10^24). Variable time: e is public.
bool public_exponent_is_prime(std::uint64_t e) noexcept {
  auto addmod = [e](std::uint64_t x, std::uint64_t y) { return x >= e - y ? x - (e - y) : x + y; };
  auto mulmod = [addmod](std::uint64_t x, std::uint64_t y) {  // double and add: no 128-bit type needed
    std::uint64_t r = 0;
    for (int i = 63; i >= 0; --i) {
      r = addmod(r, r);
      if ((y >> i) & 1) r = addmod(r, x);
    }
    return r;
  };
  std::uint64_t d = e - 1;
  int s = 0;
  while ((d & 1) == 0) d >>= 1, ++s;
  for (std::uint64_t b : {2u, 3u, 5u, 7u, 11u, 13u, 17u, 19u, 23u, 29u, 31u, 37u}) {
    std::uint64_t x = 1, base = b % e, k = d;
    for (; k != 0; k >>= 1, base = mulmod(base, base))
      if (k & 1) x = mulmod(x, base);
    if (x == 1 || x == e - 1) continue;
    bool witness = true;
    for (int i = 1; i < s && witness; ++i) {
      x = mulmod(x, x);
      if (x == e - 1) witness = false;
    }
    if (witness) return false;
  }
  return true;
}

}  // namespace

Result<PrivateKey> PrivateKey::generate(std::size_t bits, std::uint64_t e) noexcept {
  // Steps 1-2: nlen and e (FIPS 186-5 A.1.3; 2^16 < e < 2^256, here below 2^64 and prime).
  if (bits != 2048 && bits != 3072 && bits != 4096) return fail(Error::invalid_argument, "RSA key generation: modulus size");
  if ((e & 1) == 0 || e <= (1u << 16) || !public_exponent_is_prime(e))
    return fail(Error::invalid_argument, "RSA key generation: public exponent");
  const std::size_t half = bits / 2, hl = half / kLimbBits, nl = bits / kLimbBits;
  struct {
    Limb p[kNatMaxLimbs], q[kNatMaxLimbs], pm1[kNatMaxLimbs], qm1[kNatMaxLimbs], g[kNatMaxLimbs];
    Limb phi[kNatMaxLimbs], lcm[kNatMaxLimbs], rem[kNatMaxLimbs], x[kNatMaxLimbs + 2], d[kNatMaxLimbs + 2];
    Limb t[2], u[2];
    bignum::MontModulus me;
    std::uint8_t nb[max_modulus_bytes], db[max_modulus_bytes], pb[max_modulus_bytes], qb[max_modulus_bytes];
  } s{};
  ZeroOnExit wipe_s(s);
  const Limb e_limbs[2] = {static_cast<Limb>(e), static_cast<Limb>(kLimbBits == 32 ? e >> 32 : 0)};
  const std::size_t el = kLimbBits == 32 && (e >> 32) != 0 ? 2 : 1;
  for (int attempt = 0; attempt < 8; ++attempt) {  // A.1.1: d > 2^(nlen/2), else regenerate
    // Steps 4 and 5, each with at most 5 * nlen / 2 candidates (steps 4.6 / 5.6).
    for (Limb* prime : {s.p, s.q}) {
      Draw draw = Draw::redraw;
      // The uncounted redraws are bounded too (about 70% of draws are, so 40 times the
      // counted limit is never reached with a working random source, and a broken one
      // that repeats a low value ends here instead of looping).
      for (std::size_t i = 0, draws = 0; i < 5 * half && draws < 200 * half && draw != Draw::prime; ++draws) {
        auto r = try_prime(prime, half, e, prime == s.q ? s.p : nullptr);
        if (!r) return r.failure();
        draw = *r;
        if (draw == Draw::composite) ++i;
      }
      if (draw != Draw::prime) return fail(Error::invalid_state, "RSA key generation (no prime found)");
    }
    // LCM(p - 1, q - 1) = (p - 1)(q - 1) / gcd(p - 1, q - 1), in constant time.
    std::memcpy(s.pm1, s.p, hl * sizeof(Limb));
    std::memcpy(s.qm1, s.q, hl * sizeof(Limb));
    s.pm1[0] &= ~Limb{1};
    s.qm1[0] &= ~Limb{1};
    bignum::nat_gcd(NatSpan(s.g, hl), NatView(s.pm1, hl), NatView(s.qm1, hl));
    bignum::nat_mul(NatSpan(s.phi, nl), NatView(s.pm1, hl), NatView(s.qm1, hl));
    bignum::nat_divmod(NatSpan(s.lcm, nl), NatSpan(s.rem, hl), NatView(s.phi, nl), NatView(s.g, hl));
    // d = e^-1 mod L for prime e with e not dividing L: u = L^-1 mod e (Fermat), then
    // t = e - u gives 1 + t L = 0 mod e, and d = (1 + t L) / e < L, an exact division.
    (void)bignum::mont_init(s.me, NatView(e_limbs, el));
    bignum::mont_from_nat(NatSpan(s.u, el), NatView(s.lcm, nl), s.me);  // L R mod e
    Limb em2[2] = {static_cast<Limb>(e_limbs[0] - 2), e_limbs[1]};
    bignum::mont_exp(NatSpan(s.u, el), NatView(s.u, el), NatView(em2, el), el * kLimbBits, s.me);
    bignum::mont_to_nat(NatSpan(s.u, el), NatView(s.u, el), s.me);  // L^-1 mod e
    (void)bignum::nat_sub(NatSpan(s.t, el), NatView(e_limbs, el), NatView(s.u, el));
    bignum::nat_mul(NatSpan(s.x, nl + el), NatView(s.lcm, nl), NatView(s.t, el));
    const Limb one[kNatMaxLimbs + 2] = {1};
    (void)bignum::nat_add(NatSpan(s.x, nl + el), NatView(s.x, nl + el), NatView(one, nl + el));
    bignum::nat_divmod(NatSpan(s.d, nl + el), NatSpan(s.rem, el), NatView(s.x, nl + el), NatView(e_limbs, el));
    // d > 2^(nlen/2): some limb at or above index nlen/2 / w is nonzero (d < L < 2^nlen).
    const bool d_large = ct::declassify_value(bignum::nat_is_zero_mask(NatView(s.d + hl, nl - hl))) == 0;
    if (!d_large) continue;
    // n = p q, then the checked constructor computes dp, dq, qinv and validates it all.
    bignum::nat_mul(NatSpan(s.x, nl), NatView(s.p, hl), NatView(s.q, hl));
    const std::size_t nbytes = bits / 8, hbytes = half / 8;
    bignum::nat_to_be_bytes(std::span(s.nb, nbytes), NatView(s.x, nl));
    bignum::nat_to_be_bytes(std::span(s.db, nbytes), NatView(s.d, nl));
    bignum::nat_to_be_bytes(std::span(s.pb, hbytes), NatView(s.p, hl));
    bignum::nat_to_be_bytes(std::span(s.qb, hbytes), NatView(s.q, hl));
    std::uint8_t eb[8];
    for (int i = 0; i < 8; ++i) eb[i] = static_cast<std::uint8_t>(e >> (56 - 8 * i));
    return from_components(std::span(s.nb, nbytes), eb, std::span(s.db, nbytes), std::span(s.pb, hbytes),
                           std::span(s.qb, hbytes));
  }
  return fail(Error::invalid_state, "RSA key generation (d too small)");
}

}  // namespace tessera::rsa
