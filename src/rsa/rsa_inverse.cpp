// The inverse of RSA's blinding factor modulo n (src/rsa/rsa_internal.hpp).
#include "bignum/nat.hpp"
#include "common/secret.hpp"
#include "rsa/rsa_internal.hpp"

#if defined(__SIZEOF_INT128__) && !defined(TESSERA_BIGNUM_LIMB32)
#include "bignum/safegcd.hpp"
#endif

#include <cstring>

namespace tessera::rsa {

using bignum::kNatMaxLimbs;
using bignum::Limb;
using bignum::NatSpan;
using bignum::NatView;

#if defined(__SIZEOF_INT128__) && !defined(TESSERA_BIGNUM_LIMB32)

namespace {

// Bernstein-Yang safegcd (bignum/safegcd.hpp) on the smallest of 1024, 2048, 3072 or
// 4096 bits that holds n: a fixed number of divsteps for that size, whatever x is.
template <std::size_t NS>
void safegcd_inverse(Limb* r, const Limb* x, const PublicState& ps) noexcept {
  bignum::Uint<Limb, NS> m{}, xx{}, rr{};
  std::memcpy(m.v, ps.n.m, ps.n.n * sizeof(Limb));
  std::memcpy(xx.v, x, ps.n.n * sizeof(Limb));
  const auto mod62 = bignum::safegcd::modulus62(m);
  bignum::safegcd::inverse<NS * 64>(rr, xx, mod62);
  std::memcpy(r, rr.v, ps.n.n * sizeof(Limb));
  secure_zero_object(xx);
  secure_zero_object(rr);
}

}  // namespace

void inverse_mod_n(Limb* r, const Limb* x, const PublicState& ps, const PrivateState&) noexcept {
  static_assert(kNatMaxLimbs == 64);
  if (ps.n.n <= 16) safegcd_inverse<16>(r, x, ps);  // the limb count of n is public
  else if (ps.n.n <= 32) safegcd_inverse<32>(r, x, ps);
  else if (ps.n.n <= 48) safegcd_inverse<48>(r, x, ps);
  else safegcd_inverse<64>(r, x, ps);
}

#else

// x^-1 mod p = x^(p-2) mod p (Fermat, p prime), the same mod q, joined by CRT as in
// RSADP (RFC 8017 5.1.2 step 2.b). About the cost of one private operation.
void inverse_mod_n(Limb* r, const Limb* x, const PublicState& ps, const PrivateState& s) noexcept {
  struct {
    Limb e[kNatMaxLimbs], t[kNatMaxLimbs], ip[kNatMaxLimbs], iq[kNatMaxLimbs], h[kNatMaxLimbs];
    Limb qh[2 * kNatMaxLimbs], iq_ext[kNatMaxLimbs], two[kNatMaxLimbs];
  } w{};
  w.two[0] = 2;
  const std::size_t n = ps.n.n;
  auto fermat = [&](Limb* out, const bignum::MontModulus& pr) {
    (void)bignum::nat_sub(NatSpan(w.e, pr.n), pr.modulus(), NatView(w.two, pr.n));
    bignum::mont_from_nat(NatSpan(w.t, pr.n), NatView(x, n), pr);
    bignum::mont_exp(NatSpan(out, pr.n), NatView(w.t, pr.n), NatView(w.e, pr.n), pr.n * bignum::kLimbBits, pr);
  };
  fermat(w.ip, s.p);  // Montgomery form mod p
  fermat(w.iq, s.q);
  bignum::mont_to_nat(NatSpan(w.iq, s.q.n), NatView(w.iq, s.q.n), s.q);
  // h = (ip - iq) qinv mod p, r = iq + q h.
  bignum::mont_from_nat(NatSpan(w.t, s.p.n), NatView(w.iq, s.q.n), s.p);
  bignum::mod_sub(NatSpan(w.h, s.p.n), NatView(w.ip, s.p.n), NatView(w.t, s.p.n), s.p);
  bignum::mont_mul(NatSpan(w.h, s.p.n), NatView(w.h, s.p.n), NatView(s.qinv, s.p.n), s.p);
  bignum::nat_mul(NatSpan(w.qh, s.q.n + s.p.n), s.q.modulus(), NatView(w.h, s.p.n));
  for (std::size_t i = 0; i < n; ++i) r[i] = i < s.q.n + s.p.n ? w.qh[i] : 0;
  std::memcpy(w.iq_ext, w.iq, s.q.n * sizeof(Limb));
  (void)bignum::nat_add(NatSpan(r, n), NatView(r, n), NatView(w.iq_ext, n));
  secure_zero_object(w);
}

#endif

}  // namespace tessera::rsa
