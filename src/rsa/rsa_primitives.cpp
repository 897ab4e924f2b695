// The RSA primitives (RFC 8017 Section 5): RSAEP / RSAVP1 with the public exponent, and
// RSADP / RSASP1 with the Chinese remainder theorem, base blinding (src/rsa/rsa_blinding.hpp)
// and a check of the result with the public exponent (include/tessera/rsa.hpp says why).
#include <tessera/rsa.hpp>

#include "bignum/nat.hpp"
#include "common/ct.hpp"
#include "common/secret.hpp"
#include "rsa/rsa_blinding.hpp"
#include "rsa/rsa_internal.hpp"
#include "rsa/rsa_state.hpp"

#include <cstring>

namespace tessera::rsa {

using bignum::kNatMaxLimbs;
using bignum::Limb;
using bignum::MontModulus;
using bignum::NatSpan;
using bignum::NatView;

namespace {

// x (exactly k bytes, big-endian) into n's limbs; false unless x < n (RFC 8017 5.1.1
// step 1, 5.1.2 step 1, 5.2.1 step 1, 5.2.2 step 1: "representative out of range"), and
// for Range::sp800_56b unless 1 < x < n - 1 (SP 800-56B Rev. 2, 7.1.1 and 7.1.2). The
// input is a ciphertext, signature or encoded message: its range is public.
bool load_representative(Limb* x, std::span<const std::uint8_t> in, const PublicState& ps, Range range) noexcept {
  const std::size_t n = ps.n.n;
  if (!bignum::nat_from_be_bytes(NatSpan(x, n), in)) return false;
  if (ct::declassify_value(bignum::nat_lt_mask(NatView(x, n), ps.n.modulus())) == 0) return false;
  if (range == Range::rfc8017) return true;
  Limb t[kNatMaxLimbs] = {};
  t[0] = 2;
  if (ct::declassify_value(bignum::nat_lt_mask(NatView(x, n), NatView(t, n))) != 0) return false;  // x < 2
  std::memcpy(t, ps.n.m, n * sizeof(Limb));
  t[0] &= ~Limb{1};  // n - 1 (n odd)
  return ct::declassify_value(bignum::nat_lt_mask(NatView(x, n), NatView(t, n))) != 0;
}

}  // namespace

Failure public_op(const PublicKey& pk, std::span<const std::uint8_t> in, std::span<std::uint8_t> out, Range range) noexcept {
  const PublicState& ps = Access::state(pk);
  const std::size_t n = ps.n.n;
  if (in.size() != ps.bytes() || out.size() != ps.bytes()) return fail(Error::invalid_length, "RSA representative");
  Limb x[kNatMaxLimbs];
  if (!load_representative(x, in, ps, range)) return fail(Error::invalid_argument, "RSA representative out of range");
  bignum::mod_exp_vartime(NatSpan(x, n), NatView(x, n), ps.e_view(), ps.n, ps.rr52_view());  // x^e mod n (public exponent)
  bignum::nat_to_be_bytes(out, NatView(x, n));
  return Failure{};
}

namespace {

// The RSADP exponentiation by CRT (RFC 8017 5.1.2 step 2.b, u = 2): m = c^d mod n from
// c < n (plain, n limbs).
void crt_exponentiate(Limb* m, const Limb* c, const PublicState& ps, const PrivateState& s) noexcept {
  const MontModulus& p = s.p;
  const MontModulus& q = s.q;
  const std::size_t n = ps.n.n;
  struct {
    Limb m1[kNatMaxLimbs], m2[kNatMaxLimbs], t[kNatMaxLimbs], h[kNatMaxLimbs], qh[2 * kNatMaxLimbs];
  } w;
  // Step 2.b.i: m_1 = c^dP mod p, m_2 = c^dQ mod q (in Montgomery form), together where
  // p and q have the same limb count (mont_exp2), each over the limbs of its prime.
  bignum::mont_from_nat(NatSpan(w.m1, p.n), NatView(c, n), p);
  bignum::mont_from_nat(NatSpan(w.m2, q.n), NatView(c, n), q);
  const bignum::ExpJob e1{NatSpan(w.m1, p.n), NatView(w.m1, p.n), NatView(s.dp, p.n), &p};
  const bignum::ExpJob e2{NatSpan(w.m2, q.n), NatView(w.m2, q.n), NatView(s.dq, q.n), &q};
  if (p.n == q.n) {
    bignum::mont_exp2(e1, e2, p.n * bignum::kLimbBits);
  } else {  // an imported key with primes of different lengths (public)
    bignum::mont_exp(e1.r, e1.a, e1.e, p.n * bignum::kLimbBits, p);
    bignum::mont_exp(e2.r, e2.a, e2.e, q.n * bignum::kLimbBits, q);
  }
  bignum::mont_to_nat(NatSpan(w.m2, q.n), NatView(w.m2, q.n), q);
  // Step 2.b.iii: h = (m_1 - m_2) qInv mod p. m_2 R mod p, the difference in Montgomery
  // form, and one Montgomery product with the plain qInv leaves h plain.
  bignum::mont_from_nat(NatSpan(w.t, p.n), NatView(w.m2, q.n), p);
  bignum::mod_sub(NatSpan(w.h, p.n), NatView(w.m1, p.n), NatView(w.t, p.n), p);
  bignum::mont_mul(NatSpan(w.h, p.n), NatView(w.h, p.n), NatView(s.qinv, p.n), p);
  // Step 2.b.iv: m = m_2 + q h (< q + q (p - 1) = n: no reduction).
  bignum::nat_mul(NatSpan(w.qh, q.n + p.n), q.modulus(), NatView(w.h, p.n));
  for (std::size_t i = 0; i < n; ++i) m[i] = i < q.n + p.n ? w.qh[i] : 0;
  Limb m2_ext[kNatMaxLimbs] = {};
  std::memcpy(m2_ext, w.m2, q.n * sizeof(Limb));
  (void)bignum::nat_add(NatSpan(m, n), NatView(m, n), NatView(m2_ext, n));
  secure_zero_object(w);
  secure_zero(m2_ext, sizeof(m2_ext));
}

}  // namespace

// The frames below private_op: private_op_impl (3.5 KiB with its Blinding), then
// crt_exponentiate (3.5 KiB) and mont_exp (its 16-entry table at the 4096-bit capacity,
// 9 KiB) and mont_mul (1 KiB), or the blinding draw (2.6 KiB) and the safegcd state (Fermat's
// mont_exp on 32-bit): about 18-25 KiB deep (25,352 bytes on Cortex-M7 at -Os). Each wipes its
// own arrays; this wipe also covers their spills. (scripts/stack-usage.py --check-wipes
// reads the Cortex-M figure: keep it a number.)
constexpr std::size_t kPrivateOpFrameBytes = frame_wipe(32768, 28672);

namespace {

Failure private_op_impl(const PrivateKey& sk, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
                        Range range) noexcept {
  const PublicState& ps = Access::state(sk.public_key());
  const PrivateState& s = Access::state(sk);
  const std::size_t n = ps.n.n;
  if (in.size() != ps.bytes() || out.size() != ps.bytes()) return fail(Error::invalid_length, "RSA representative");
  struct {
    Limb c[kNatMaxLimbs], cb[kNatMaxLimbs], m[kNatMaxLimbs], check[kNatMaxLimbs];
  } w;
  ZeroOnExit wipe_w(w);
  if (!load_representative(w.c, in, ps, range)) return fail(Error::invalid_argument, "RSA representative out of range");
  // The blinding pair (A, Ai) = (r^e, r^-1) mod n (src/rsa/rsa_blinding.hpp).
  const Blinding blinding(sk, ps, s);
  if (blinding.failure().code != Error{}) return blinding.failure();
  // c' = c r^e mod n (A is in Montgomery form: the product is plain).
  bignum::mont_mul(NatSpan(w.cb, n), NatView(w.c, n), NatView(blinding.pair().a, n), ps.n);
  // m' = c'^d mod n by CRT, and m = m' r^-1 mod n.
  crt_exponentiate(w.m, w.cb, ps, s);
  bignum::mont_mul(NatSpan(w.m, n), NatView(w.m, n), NatView(blinding.pair().ai, n), ps.n);
  // The fault check: m^e = c mod n, or nothing leaves. It covers the CRT halves, their
  // recombination and the blinding.
  bignum::mod_exp_vartime(NatSpan(w.check, n), NatView(w.m, n), ps.e_view(), ps.n, ps.rr52_view());
  if (ct::declassify_value(bignum::nat_eq_mask(NatView(w.check, n), NatView(w.c, n))) == 0)
    return fail(Error::invalid_state, "RSA private operation (the result failed its check)");
  bignum::nat_to_be_bytes(out, NatView(w.m, n));
  return Failure{};
}

}  // namespace

Failure private_op(const PrivateKey& sk, std::span<const std::uint8_t> in, std::span<std::uint8_t> out, Range range) noexcept {
  const Failure f = private_op_impl(sk, in, out, range);
  secure_zero_stack(kPrivateOpFrameBytes);
  return f;
}

namespace {
Result<Block> public_block(const PublicKey& pk, std::span<const std::uint8_t> x, Range range) noexcept {
  Block b;
  b.size = pk.modulus_bytes();
  const Failure f = public_op(pk, x, std::span(b.data.data(), b.size), range);
  if (f.code != Error{}) return f;
  return b;
}
}  // namespace

Result<Block> rsaep(const PublicKey& pk, std::span<const std::uint8_t> m) noexcept {
  return public_block(pk, m, Range::sp800_56b);
}

Result<Block> rsavp1(const PublicKey& pk, std::span<const std::uint8_t> s) noexcept {
  return public_block(pk, s, Range::rfc8017);
}

Result<SecretBlock> rsadp(const PrivateKey& sk, std::span<const std::uint8_t> c) noexcept {
  Result<SecretBlock> out(std::in_place);
  out->size = sk.public_key().modulus_bytes();
  const Failure f = private_op(sk, c, std::span(out->data.data(), out->size), Range::sp800_56b);
  if (f.code != Error{}) out = f;
  return out;
}

Result<Block> rsasp1(const PrivateKey& sk, std::span<const std::uint8_t> m) noexcept {
  Block b;
  b.size = sk.public_key().modulus_bytes();
  const Failure f = private_op(sk, m, std::span(b.data.data(), b.size), Range::rfc8017);
  if (f.code != Error{}) return f;
  return b;
}

}  // namespace tessera::rsa
