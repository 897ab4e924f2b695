// Probable primes for RSA key generation (src/rsa/rsa_prime.hpp).
#include "rsa/rsa_prime.hpp"

#include <tessera/random.hpp>

#include "common/ct.hpp"
#include "common/secret.hpp"

#include <array>
#include <cstring>

namespace tessera::rsa {

using bignum::kLimbBits;
using bignum::kNatMaxLimbs;
using bignum::Limb;
using bignum::NatSpan;
using bignum::NatView;

namespace {

// The odd primes below 1000 (167 of them), by the sieve of Eratosthenes at compile time.
constexpr std::size_t kSieveLimit = 1000;
constexpr std::size_t kSmallPrimes = 167;
constexpr std::array<unsigned, kSmallPrimes> make_small_primes() noexcept {
  std::array<bool, kSieveLimit> composite{};
  std::array<unsigned, kSmallPrimes> out{};
  std::size_t count = 0;
  for (unsigned i = 3; i < kSieveLimit; i += 2) {
    if (composite[i]) continue;
    out[count++] = i;
    for (unsigned j = i * i; j < kSieveLimit; j += 2 * i) composite[j] = true;
  }
  return out;
}
constexpr auto kPrimes = make_small_primes();
static_assert(kPrimes[0] == 3 && kPrimes[kSmallPrimes - 1] == 997);

// Divisibility without division (Granlund and Montgomery, "Division by invariant integers
// using multiplication", 1994, Section 9): for odd p, x is a multiple of p exactly when
// x p^-1 mod 2^w <= (2^w - 1) / p.
struct Divisor {
  Limb inverse, limit;
};
constexpr std::array<Divisor, kSmallPrimes> make_divisors() noexcept {
  std::array<Divisor, kSmallPrimes> out{};
  for (std::size_t i = 0; i < kSmallPrimes; ++i) {
    const Limb p = kPrimes[i];
    Limb x = p;  // Newton: correct to 3 bits, doubling each step
    for (int k = 0; k < 6; ++k) x = static_cast<Limb>(x * static_cast<Limb>(2u - p * x));
    out[i] = Divisor{x, static_cast<Limb>(static_cast<Limb>(~Limb{0}) / p)};
  }
  return out;
}
constexpr auto kDivisors = make_divisors();

}  // namespace

bool has_small_factor(NatView w) noexcept {
  // Products of consecutive small primes below 2^w, each the odd modulus of a one-limb
  // Montgomery reduction of w (x R mod P: divisible by p | P exactly when w is).
  Limb found = 0;
  bignum::MontModulus mod;
  std::size_t i = 0;
  while (i < kSmallPrimes) {  // the grouping depends on the table only
    Limb product = 1;
    std::size_t j = i;
    while (j < kSmallPrimes && product <= static_cast<Limb>(~Limb{0}) / kPrimes[j]) product *= kPrimes[j++];
    (void)bignum::mont_init(mod, NatView(&product, 1));
    Limb r = 0;
    bignum::mont_from_nat(NatSpan(&r, 1), w, mod);
    for (std::size_t k = i; k < j; ++k) {
      const Limb q = static_cast<Limb>(r * kDivisors[k].inverse);
      // q <= limit, as a mask: the borrow of limit - q is 0.
      Limb borrow = 0;
      (void)bignum::sub_borrow(kDivisors[k].limit, q, Limb{0}, borrow);
      found |= static_cast<Limb>(borrow ^ 1u);
    }
    i = j;
  }
  secure_zero_object(mod);
  return ct::declassify_value(found) != 0;  // a rejected candidate is discarded
}

Result<bool> miller_rabin(NatView w, int rounds) noexcept {
  const std::size_t n = w.size();
  struct {
    bignum::MontModulus mod;
    Limb m[kNatMaxLimbs], b[kNatMaxLimbs], z[kNatMaxLimbs], minus_one[kNatMaxLimbs], zero[kNatMaxLimbs];
    std::uint8_t random[bignum::kNatMaxLimbs * sizeof(Limb)];
  } s{};
  ZeroOnExit wipe_s(s);
  if (!bignum::mont_init(s.mod, w)) return false;
  // Step 1: a = the largest integer with 2^a | w - 1, m = (w - 1) / 2^a. a is counted in
  // constant time, then treated as public (rsa_prime.hpp); the shift is by that a.
  std::memcpy(s.m, w.data(), n * sizeof(Limb));
  s.m[0] &= ~Limb{1};  // w - 1 (w odd)
  Limb a_count = 0, still_zero = ~Limb{0};
  for (std::size_t i = 1; i < n * kLimbBits; ++i) {
    still_zero &= bignum::mask_from_bit(static_cast<Limb>(((s.m[i / kLimbBits] >> (i % kLimbBits)) & 1u) ^ 1u));
    a_count = static_cast<Limb>(a_count + (still_zero & 1u));
  }
  const std::size_t a = static_cast<std::size_t>(ct::declassify_value(a_count)) + 1;
  for (std::size_t k = 0; k < a; ++k) {
    for (std::size_t i = 0; i < n; ++i)
      s.m[i] = static_cast<Limb>((s.m[i] >> 1) | (i + 1 < n ? static_cast<Limb>(s.m[i + 1] << (kLimbBits - 1)) : 0));
  }
  // -1 in Montgomery form: m - R mod m.
  (void)bignum::nat_sub(NatSpan(s.minus_one, n), s.mod.modulus(), NatView(s.mod.one, n));
  const std::size_t top_bits = bignum::nat_bit_length_vartime(NatView(&w[n - 1], 1));  // the prime's size: public
  const Limb top_mask = top_bits == kLimbBits ? ~Limb{0} : static_cast<Limb>((Limb{1} << top_bits) - 1);
  for (int round = 0; round < rounds; ++round) {
    // Steps 4.1-4.2: b of wlen bits with 1 < b < w - 1 (resampled otherwise; only the
    // rejected b's relation to w is revealed).
    for (;;) {
      if (!random_bytes(std::span(s.random, n * sizeof(Limb)))) return fail(Error::randomness_failure, "RSA prime test");
      (void)bignum::nat_from_be_bytes(NatSpan(s.b, n), std::span<const std::uint8_t>(s.random, n * sizeof(Limb)));
      s.b[n - 1] &= top_mask;
      Limb t[kNatMaxLimbs] = {};
      t[0] = 2;
      const Limb small = bignum::nat_lt_mask(NatView(s.b, n), NatView(t, n));
      std::memcpy(t, w.data(), n * sizeof(Limb));
      t[0] &= ~Limb{1};
      const Limb below = bignum::nat_lt_mask(NatView(s.b, n), NatView(t, n));
      if (ct::declassify_value(static_cast<Limb>(~small & below)) != 0) break;
    }
    // Step 4.3: z = b^m mod w.
    bignum::mont_from_nat(NatSpan(s.b, n), NatView(s.b, n), s.mod);
    bignum::mont_exp(NatSpan(s.z, n), NatView(s.b, n), NatView(s.m, n), n * kLimbBits, s.mod);
    // Steps 4.4-4.5: probably prime if z = 1, or z reaches -1 within a - 1 squarings
    // (every squaring runs; once z is 1 without -1 before, it stays 1).
    Limb probable = bignum::nat_eq_mask(NatView(s.z, n), NatView(s.mod.one, n)) |
                    bignum::nat_eq_mask(NatView(s.z, n), NatView(s.minus_one, n));
    for (std::size_t j = 1; j < a; ++j) {
      bignum::mont_mul(NatSpan(s.z, n), NatView(s.z, n), NatView(s.z, n), s.mod);
      probable |= bignum::nat_eq_mask(NatView(s.z, n), NatView(s.minus_one, n));
    }
    if (ct::declassify_value(probable) == 0) return false;  // step 4.7: composite
  }
  return true;
}

}  // namespace tessera::rsa
