// Constant-time check of P-256 / P-384 (include/tessera/ec.hpp, src/ec/weierstrass*):
// public-key derivation (key generation from a poisoned candidate and PrivateKey::from_bytes
// of a poisoned d), ECDH with a poisoned d, and the ECDSA sign core with poisoned d, k and e.
// Public by design (declassified by the library, each with its reason there): the public
// key Q = dG, the accept/reject verdicts of range checks (d in [1, n-1], the candidate
// c <= n - 2), ECDH's "d Q = O" verdict, and the sign core's "r = 0 or s = 0" verdict.
// The driver declassifies r itself (it is part of the signature: public).
#include <tessera/ec.hpp>

#include "ct_support.hpp"
#include "cpu/features.hpp"
#include "ec/weierstrass.hpp"
#include "ec/weierstrass_curve.hpp"
#include "ec/weierstrass_kernels.hpp"
#include "ec/weierstrass_keys.hpp"

#include <array>
#include <cstdio>

namespace tessera::ct_check {

namespace {

template <class C>
void run_curve() {
  constexpr std::size_t s = C::scalar_bytes;
  std::printf("  %s\n", C::name);
  std::array<u8, s> c{}, d2{}, k{}, e{};
  for (std::size_t i = 0; i < s; ++i) {
    c[i] = static_cast<u8>(0x3c ^ (i * 29));
    d2[i] = static_cast<u8>(0x71 ^ (i * 13));
    k[i] = static_cast<u8>(0x0f ^ (i * 53));
    e[i] = static_cast<u8>(0xa5 ^ (i * 7));
  }
  c[0] &= 0x7f;  // below n - 1 (both orders start 0xff...)
  d2[0] &= 0x7f;
  k[0] &= 0x7f;
  poison(c);   // secret: the key-generation candidate (FIPS 186-5 A.2.2)
  poison(d2);  // secret: the peer's private key
  poison(k);   // secret: the ECDSA nonce
  poison(e);   // the message hash (secret here to show it is handled in constant time)

  // Key generation: d = c + 1, Q = d G (fixed-base table lookups read every entry).
  auto kp = ec::keygen_internal<C>(c);
  if (!kp) return fail("keygen_internal");
  if (all_undefined(kp->public_key.bytes().data(), 8)) fail("keygen: public key not declassified");
  if (!all_undefined(kp->private_key.bytes().data(), s)) fail("keygen: private key lost its taint");
  auto peer = ec::PrivateKey<C>::from_bytes(d2);
  if (!peer) return fail("PrivateKey::from_bytes");

  // ECDH (SP 800-56A r3 5.7.1.2): variable-base window with every table entry read.
  auto z = ec::Ecdh<C>::agree(kp->private_key, peer->public_key());
  if (!z) return fail("agree");
  if (!all_undefined(z->data(), C::field_bytes)) fail("agree: shared secret lost its taint");
  auto z2 = ec::Ecdh<C>::agree(*peer, kp->public_key);
  if (!z2) return fail("agree (peer)");
  if (!equal_declassified(z->data(), z2->data(), C::field_bytes)) fail("agree: the two sides differ");

  // The ECDSA sign core (FIPS 186-5 6.4.1): k G, k^-1 and s with d, k, e poisoned.
  const auto dsc = ec::private_scalar(kp->private_key);
  const auto ksc = ec::Scalar<C>::from_bytes_reduce(k);
  const auto esc = ec::Scalar<C>::from_bytes_reduce(e);
  std::array<u8, s> r{}, sig{};
  if (!ec::ecdsa_sign_core<C>(dsc, ksc, esc, r, sig)) return fail("ecdsa_sign_core");
  if (!all_undefined(sig.data(), s)) fail("sign: s lost its taint");
  declassify(r);    // public: r is part of the signature
  declassify(sig);  // public: s is part of the signature
  declassify(e);
  if (!ec::ecdsa_verify_core_vartime<C>(kp->public_key, ec::Scalar<C>::from_bytes_reduce(e), r, sig))
    fail("the signature does not verify");

#if TESSERA_HAVE_AVX2 && defined(__SIZEOF_INT128__) && !defined(TESSERA_BIGNUM_LIMB32)
  // The MULX/ADX kernels directly: valgrind executes MULX/ADCX/ADOX but its emulated CPUID
  // hides ADX, so the avx2 backend above ran the portable field; this runs the asm field
  // with the same poisoned k (fixed base, variable base, affine conversion, k^-1).
  if (RUNNING_ON_VALGRIND || (cpu::features().bmi2 && cpu::features().adx)) {
    using K = ec::Curve<C>;
    const ec::WeierstrassKernels<C> mulx = ec::weierstrass_mulx_table<C>();
    std::printf("  %s (field: %s, direct)\n", C::name, mulx.name);
    const auto kg = mulx.to_affine(mulx.mul_base(ksc.value()));
    if (!all_undefined(&kg, sizeof kg)) fail("mulx mul_base: k G lost its taint");
    const auto kq = mulx.to_affine(mulx.mul_point(ec::detail::KeyAccess<C>::point(peer->public_key()), ksc.value()));
    if (!all_undefined(&kq, sizeof kq)) fail("mulx mul_point: k Q lost its taint");
    typename K::Sc kinv{}, one{};
    mulx.scalar_inv(kinv, ksc.value());
    if (!all_undefined(&kinv, sizeof kinv)) fail("mulx scalar_inv: k^-1 lost its taint");
    mulx.scalar_mul(one, kinv, ksc.value());
    const auto kg_portable = K::to_affine(K::mul_base(ksc.value()));
    // x only: equal_declassified takes at most 64 bytes (x determines the point up to sign,
    // and the unit tests compare both coordinates).
    if (!equal_declassified(reinterpret_cast<const u8*>(&kg.x), reinterpret_cast<const u8*>(&kg_portable.x), sizeof kg.x))
      fail("mulx mul_base differs from the active backend");
    declassify(one);
    if (one.v[0] != 1) fail("mulx: k k^-1 != 1");
  }
#endif
}

}  // namespace

void run_ecc() {
  run_curve<ec::P256>();
  run_curve<ec::P384>();
}

}  // namespace tessera::ct_check
