// Constant-time check of FFDHE (include/tessera/dh.hpp, src/dh/, src/bignum/nat*): per
// group, PrivateKey::from_bytes of a poisoned x (the range checks reveal only their
// verdicts; y = g^x is mont_exp over N bits), keygen_internal of a poisoned candidate
// (x = c + 1 and the "c > 2^N - 2" verdict), and agreement with a poisoned x against a
// validated peer key (public, unpoisoned), including the constant-time Z = 1 verdict.
// Public by design: y (declassified by the library), the verdicts, the peer's key.
#include <tessera/dh.hpp>

#include "bignum/nat.hpp"
#include "ct_support.hpp"
#include "cpu/features.hpp"
#include "dh/ffdhe_groups.hpp"
#include "tessera_config.hpp"

#include <array>
#include <cstdio>

namespace tessera::ct_check {

namespace {

template <class D>
void run_group() {
  constexpr std::size_t xb = D::private_key_bytes;
  std::printf("  %s (Montgomery kernel: %s)\n", D::name,
              bignum::mont_mul_kernel_name(bignum::limbs_for_bytes(D::public_key_bytes)));
  const unsigned top_bits = static_cast<unsigned>(D::Group::exponent_bits - 8 * (xb - 1));
  std::array<u8, xb> x{}, c{};
  for (std::size_t i = 0; i < xb; ++i) {
    x[i] = static_cast<u8>(0x3c ^ (i * 29));
    c[i] = static_cast<u8>(0x71 ^ (i * 13));
  }
  x[0] &= static_cast<u8>((1u << top_bits) - 1u);
  c[0] &= static_cast<u8>((1u << top_bits) - 1u);
  poison(x);  // secret: a private exponent
  poison(c);  // secret: a key-generation candidate

  auto sk = D::PrivateKey::from_bytes(x);
  if (!sk) return fail("dh PrivateKey::from_bytes");
  if (all_undefined(sk->public_key().bytes().data(), 8)) fail("dh from_bytes: public key not declassified");
  if (!all_undefined(sk->bytes().data(), xb)) fail("dh from_bytes: private key lost its taint");
  auto kp = D::keygen_internal(c);
  if (!kp) return fail("dh keygen_internal");
  if (all_undefined(kp->public_key.bytes().data(), 8)) fail("dh keygen: public key not declassified");

  // The peer key is public and validated (from_bytes runs on unpoisoned bytes).
  auto peer = D::PublicKey::from_bytes(kp->public_key.bytes());
  if (!peer) return fail("dh PublicKey::from_bytes");
  auto z = D::agree(*sk, *peer);
  if (!z) return fail("dh agree");
  if (!all_undefined(z->data(), D::shared_secret_bytes)) fail("dh agree: shared secret lost its taint");
  auto z2 = D::agree(kp->private_key, sk->public_key());
  if (!z2) return fail("dh agree (peer)");
  if (!equal_declassified(z->data() + D::shared_secret_bytes - 64, z2->data() + D::shared_secret_bytes - 64, 64))
    fail("dh agree: the two sides differ");

#if TESSERA_HAVE_AVX2 && defined(__x86_64__) && defined(__SIZEOF_INT128__) && !defined(TESSERA_BIGNUM_LIMB32)
  // The MULX/ADX kernel directly: valgrind executes MULX/ADCX/ADOX but its emulated CPUID
  // hides ADX, so the avx2 backend above ran the portable kernel; this runs y^x mod p
  // (mont_exp over N bits) with the asm kernel and the same poisoned x.
  if (RUNNING_ON_VALGRIND || (cpu::features().bmi2 && cpu::features().adx)) {
    using K = dh::GroupConstants<typename D::Group>;
    std::printf("  %s (Montgomery kernel: MULX/ADX, direct)\n", D::name);
    bignum::MontModulus mod;
    if (!bignum::mont_init(mod, bignum::NatView(K::p.data(), K::n))) return fail("dh mont_init");
    mod.mul = bignum::mont_mul_mulx;
    bignum::Limb xl[K::x_limbs], y[K::n], ym[K::n], zm[K::n], zp[K::n];
    (void)bignum::nat_from_be_bytes(bignum::NatSpan(xl, K::x_limbs), x);
    (void)bignum::nat_from_be_bytes(bignum::NatSpan(y, K::n), peer->bytes());
    bignum::mont_from_nat(bignum::NatSpan(ym, K::n), bignum::NatView(y, K::n), mod);
    bignum::mont_exp(bignum::NatSpan(zm, K::n), bignum::NatView(ym, K::n), bignum::NatView(xl, K::x_limbs),
                     D::Group::exponent_bits, mod);
    bignum::mont_to_nat(bignum::NatSpan(zp, K::n), bignum::NatView(zm, K::n), mod);
    if (!all_undefined(zp, sizeof zp)) fail("dh mont_exp (MULX/ADX): result lost its taint");
    std::array<u8, 64> tail{};
    bignum::nat_to_be_bytes(tail, bignum::NatView(zp, K::n));
    if (!equal_declassified(tail.data(), z->data() + D::shared_secret_bytes - 64, 64))
      fail("dh mont_exp (MULX/ADX) differs from agree");
  }
#endif
}

}  // namespace

void run_dh() {
  run_group<Ffdhe2048>();
  run_group<Ffdhe3072>();
  run_group<Ffdhe4096>();
}

}  // namespace tessera::ct_check
