// RSA key objects (include/tessera/rsa.hpp): import from components and the consistency
// checks of a two-prime private key (RFC 8017 3.1 and 3.2).
#include <tessera/rsa.hpp>

#include "bignum/nat.hpp"
#include "common/ct.hpp"
#include "common/secret.hpp"
#include "rsa/rsa_state.hpp"

#include <cstring>

namespace tessera::rsa {

using bignum::Limb;
using bignum::NatSpan;
using bignum::NatView;

namespace {

// Drops leading zero bytes (a length operation: the byte length of a component is treated
// as public, as the size of every RSA key is).
std::span<const std::uint8_t> strip(std::span<const std::uint8_t> b) noexcept {
  std::size_t i = 0;
  while (i < b.size() && b[i] == 0) ++i;
  return b.subspan(i);
}

// A component into limbs of the minimal count for its (stripped) length; false if longer
// than `max_limbs`.
bool load(Limb* out, std::size_t& limbs, std::span<const std::uint8_t> bytes, std::size_t max_limbs) noexcept {
  const auto b = strip(bytes);
  limbs = bignum::limbs_for_bytes(b.size());
  if (limbs == 0 || limbs > max_limbs) return false;
  return bignum::nat_from_be_bytes(NatSpan(out, limbs), b);
}

// Secret comparisons reveal only their outcome.
bool declassify_mask(Limb mask) noexcept {
  return ct::declassify_value(mask) != 0;
}

}  // namespace

Result<PublicKey> PublicKey::from_components(std::span<const std::uint8_t> n, std::span<const std::uint8_t> e) noexcept {
  Result<PublicKey> out(std::in_place);
  PublicState& s = Access::state(*out);
  Limb nn[bignum::kNatMaxLimbs];
  std::size_t n_limbs = 0;
  if (!load(nn, n_limbs, n, bignum::kNatMaxLimbs)) return fail(Error::invalid_key, "RSA modulus (size)");
  s.bits = bignum::nat_bit_length_vartime(NatView(nn, n_limbs));
  if (s.bits < min_modulus_bits || s.bits > max_modulus_bits) return fail(Error::invalid_key, "RSA modulus (size)");
  if (!bignum::mont_init(s.n, NatView(nn, n_limbs))) return fail(Error::invalid_key, "RSA modulus (even)");
#if TESSERA_NAT_IFMA
  bignum::mont_rr52(NatSpan(s.rr52, n_limbs), s.n);
#endif
  // RFC 8017 3.1: 3 <= e <= n - 1, e odd (FIPS 186-5 5.4 narrows new keys to
  // 2^16 < e < 2^256; imported keys keep the RFC's range).
  if (!load(s.e, s.e_limbs, e, n_limbs)) return fail(Error::invalid_key, "RSA public exponent");
  Limb e_ext[bignum::kNatMaxLimbs] = {};
  std::memcpy(e_ext, s.e, s.e_limbs * sizeof(Limb));
  const bool e_small = s.e_limbs == 1 && s.e[0] < 3;
  const bool e_below_n = bignum::nat_lt_mask(NatView(e_ext, n_limbs), NatView(nn, n_limbs)) != 0;
  if ((s.e[0] & 1u) == 0 || e_small || !e_below_n) return fail(Error::invalid_key, "RSA public exponent");
  return out;
}

std::size_t PublicKey::modulus_bits() const noexcept { return Access::state(*this).bits; }

Block PublicKey::modulus() const noexcept {
  const PublicState& s = Access::state(*this);
  Block b;
  b.size = s.bytes();
  bignum::nat_to_be_bytes(std::span(b.data.data(), b.size), s.n.modulus());
  return b;
}

Block PublicKey::public_exponent() const noexcept {
  const PublicState& s = Access::state(*this);
  Block b;
  b.size = (bignum::nat_bit_length_vartime(s.e_view()) + 7) / 8;
  bignum::nat_to_be_bytes(std::span(b.data.data(), b.size), s.e_view());
  return b;
}

namespace {

// Loads and checks the private components into s; nullptr, or what failed.
const char* load_private(PrivateState& s, const PublicState& ps, std::span<const std::uint8_t> d,
                         std::span<const std::uint8_t> p, std::span<const std::uint8_t> q,
                         std::span<const std::uint8_t> dp, std::span<const std::uint8_t> dq,
                         std::span<const std::uint8_t> qinv) noexcept {
  const std::size_t nl = ps.n.n;
  struct {
    Limb p[bignum::kNatMaxLimbs], q[bignum::kNatMaxLimbs], pq[2 * bignum::kNatMaxLimbs];
    Limb pm1[bignum::kNatMaxLimbs], qm1[bignum::kNatMaxLimbs], t[bignum::kNatMaxLimbs];
    Limb prod[2 * bignum::kNatMaxLimbs], one[bignum::kNatMaxLimbs];
  } w{};
  ZeroOnExit wipe_w(w);
  std::size_t pl = 0, ql = 0;
  // The primes: odd, > 1 (mont_init), at most as long as n.
  if (!load(w.p, pl, p, nl) || !bignum::mont_init(s.p, NatView(w.p, pl)))
    return "RSA private key: prime p";
  if (!load(w.q, ql, q, nl) || !bignum::mont_init(s.q, NatView(w.q, ql)))
    return "RSA private key: prime q";
  // n = p q (and so p, q < n), p != q.
  bignum::nat_mul(NatSpan(w.pq, pl + ql), NatView(w.p, pl), NatView(w.q, ql));
  Limb n_ext[2 * bignum::kNatMaxLimbs] = {};
  std::memcpy(n_ext, ps.n.m, nl * sizeof(Limb));
  const std::size_t wide = pl + ql > nl ? pl + ql : nl;
  if (!declassify_mask(bignum::nat_eq_mask(NatView(w.pq, wide), NatView(n_ext, wide))))
    return "RSA private key: n != p q";
  if (pl == ql && declassify_mask(bignum::nat_eq_mask(NatView(w.p, pl), NatView(w.q, ql))))
    return "RSA private key: p == q";
  // d < n.
  if (!bignum::nat_from_be_bytes(NatSpan(s.d, nl), d) ||
      !declassify_mask(bignum::nat_lt_mask(NatView(s.d, nl), ps.n.modulus())))
    return "RSA private key: d";
  // p - 1 and q - 1 (p, q odd: clearing bit 0).
  std::memcpy(w.pm1, w.p, pl * sizeof(Limb));
  std::memcpy(w.qm1, w.q, ql * sizeof(Limb));
  w.pm1[0] &= ~Limb{1};
  w.qm1[0] &= ~Limb{1};
  w.one[0] = 1;
  // dp = d mod (p - 1), e dp = 1 mod (p - 1); the same for q.
  auto check_exponent = [&](Limb* dx, std::span<const std::uint8_t> bytes, const Limb* xm1, std::size_t xl) {
    if (!bignum::nat_from_be_bytes(NatSpan(dx, xl), bytes)) return false;
    bignum::nat_mod(NatSpan(w.t, xl), NatView(s.d, nl), NatView(xm1, xl));
    Limb ok = bignum::nat_eq_mask(NatView(w.t, xl), NatView(dx, xl));
    bignum::nat_mul(NatSpan(w.prod, ps.e_limbs + xl), ps.e_view(), NatView(dx, xl));
    bignum::nat_mod(NatSpan(w.t, xl), NatView(w.prod, ps.e_limbs + xl), NatView(xm1, xl));
    ok &= bignum::nat_eq_mask(NatView(w.t, xl), NatView(w.one, xl));
    return declassify_mask(ok);
  };
  if (!check_exponent(s.dp, dp, w.pm1, pl)) return "RSA private key: dp";
  if (!check_exponent(s.dq, dq, w.qm1, ql)) return "RSA private key: dq";
  // qinv < p and qinv q = 1 mod p: mont_mul(q R mod p, qinv) = q qinv mod p.
  if (!bignum::nat_from_be_bytes(NatSpan(s.qinv, pl), qinv) ||
      !declassify_mask(bignum::nat_lt_mask(NatView(s.qinv, pl), s.p.modulus())))
    return "RSA private key: qinv";
  bignum::mont_from_nat(NatSpan(w.t, pl), NatView(w.q, ql), s.p);
  bignum::mont_mul(NatSpan(w.t, pl), NatView(w.t, pl), NatView(s.qinv, pl), s.p);
  if (!declassify_mask(bignum::nat_eq_mask(NatView(w.t, pl), NatView(w.one, pl))))
    return "RSA private key: qinv";
  return nullptr;
}

}  // namespace

Result<PrivateKey> PrivateKey::from_components(std::span<const std::uint8_t> n, std::span<const std::uint8_t> e,
                                               std::span<const std::uint8_t> d, std::span<const std::uint8_t> p,
                                               std::span<const std::uint8_t> q, std::span<const std::uint8_t> dp,
                                               std::span<const std::uint8_t> dq,
                                               std::span<const std::uint8_t> qinv) noexcept {
  auto pub = PublicKey::from_components(n, e);
  if (!pub) return pub.failure();
  Result<PrivateKey> out(std::in_place);
  out->pub_ = *pub;
  if (const char* what = load_private(Access::state(*out), Access::state(out->pub_), d, p, q, dp, dq, qinv))
    out = fail(Error::invalid_key, what);
  return out;
}

Result<PrivateKey> PrivateKey::from_components(std::span<const std::uint8_t> n, std::span<const std::uint8_t> e,
                                               std::span<const std::uint8_t> d, std::span<const std::uint8_t> p,
                                               std::span<const std::uint8_t> q) noexcept {
  // dp = d mod (p - 1), dq = d mod (q - 1), qinv = q^(p - 2) mod p (Fermat: p prime; a
  // composite p fails the qinv check of the full constructor), as big-endian bytes for it.
  struct {
    Limb d[bignum::kNatMaxLimbs], p[bignum::kNatMaxLimbs], q[bignum::kNatMaxLimbs], x[bignum::kNatMaxLimbs];
    Limb t[bignum::kNatMaxLimbs], two[bignum::kNatMaxLimbs];
    bignum::MontModulus pm;
    std::uint8_t dp[max_modulus_bytes], dq[max_modulus_bytes], qinv[max_modulus_bytes];
  } w{};
  ZeroOnExit wipe_w(w);
  std::size_t pl = 0, ql = 0, dl = 0;
  if (!load(w.p, pl, p, bignum::kNatMaxLimbs) || !bignum::mont_init(w.pm, NatView(w.p, pl)))
    return fail(Error::invalid_key, "RSA private key: prime p");
  if (!load(w.q, ql, q, bignum::kNatMaxLimbs) || (w.q[0] & 1u) == 0)
    return fail(Error::invalid_key, "RSA private key: prime q");
  if (!load(w.d, dl, d, bignum::kNatMaxLimbs)) return fail(Error::invalid_key, "RSA private key: d");
  const std::size_t pb = pl * sizeof(Limb), qb = ql * sizeof(Limb);
  w.p[0] &= ~Limb{1};
  bignum::nat_mod(NatSpan(w.x, pl), NatView(w.d, dl), NatView(w.p, pl));
  bignum::nat_to_be_bytes(std::span(w.dp, pb), NatView(w.x, pl));
  w.q[0] &= ~Limb{1};
  bignum::nat_mod(NatSpan(w.x, ql), NatView(w.d, dl), NatView(w.q, ql));
  bignum::nat_to_be_bytes(std::span(w.dq, qb), NatView(w.x, ql));
  w.q[0] |= 1u;
  w.two[0] = 2;
  (void)bignum::nat_sub(NatSpan(w.t, pl), w.pm.modulus(), NatView(w.two, pl));  // p - 2
  bignum::mont_from_nat(NatSpan(w.x, pl), NatView(w.q, ql), w.pm);
  bignum::mont_exp(NatSpan(w.x, pl), NatView(w.x, pl), NatView(w.t, pl), pl * bignum::kLimbBits, w.pm);
  bignum::mont_to_nat(NatSpan(w.x, pl), NatView(w.x, pl), w.pm);
  bignum::nat_to_be_bytes(std::span(w.qinv, pb), NatView(w.x, pl));
  return from_components(n, e, d, p, q, std::span(w.dp, pb), std::span(w.dq, qb), std::span(w.qinv, pb));
}

PrivateKey::PrivateKey(PrivateKey&& o) noexcept : pub_(o.pub_) {
  std::memcpy(state_, o.state_, sizeof(state_));
  std::memcpy(blinding_, o.blinding_, sizeof(blinding_));
  secure_zero(o.state_, sizeof(o.state_));
  secure_zero(o.blinding_, sizeof(o.blinding_));
}

PrivateKey& PrivateKey::operator=(PrivateKey&& o) noexcept {
  if (this != &o) {
    pub_ = o.pub_;
    std::memcpy(state_, o.state_, sizeof(state_));
    std::memcpy(blinding_, o.blinding_, sizeof(blinding_));
    secure_zero(o.state_, sizeof(o.state_));
    secure_zero(o.blinding_, sizeof(o.blinding_));
  }
  return *this;
}

PrivateKey::~PrivateKey() {
  secure_zero(state_, sizeof(state_));
  secure_zero(blinding_, sizeof(blinding_));
}

}  // namespace tessera::rsa
