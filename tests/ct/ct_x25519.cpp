// Constant-time check of X25519 (include/tessera/x25519.hpp, RFC 7748): key generation and
// agreement with the private scalar poisoned. Public by design (declassified by the
// library, each with a reason there): the public key X25519(k, 9), and agree()'s verdict on
// the all-zero result (whether the exchange fails is visible to the peer anyway).
#include <tessera/x25519.hpp>

#include "ct_support.hpp"
#include "cpu/features.hpp"
#include "ec/x25519_internal.hpp"
#include "ec/x25519_kernels.hpp"

#include <array>
#include <cstdio>

namespace tessera::ct_check {
namespace {

// A u-coordinate computed from the secret: bytes 0..30 and bits 0..6 of byte 31 must be
// undefined. Bit 255 is always 0 in the canonical encoding (RFC 7748, Section 5: the
// result is reduced below p < 2^255): memcheck may see that one bit as defined (the radix
// 2^51 path masks it last) or not (the MULX path's final carry chain), either is fine.
bool u_tainted(const u8* p) {
  if (!all_undefined(p, 31)) return false;
  if (!RUNNING_ON_VALGRIND) return true;
  u8 vbits = 0;
  if (VALGRIND_GET_VBITS(p + 31, &vbits, 1) != 1) return false;
  return (vbits & 0x7f) == 0x7f;
}

}  // namespace

void run_x25519() {
  std::printf("  X25519 (field: %s)\n", ec::x25519_field_name());
  std::array<u8, 32> k{}, k2{};
  for (std::size_t i = 0; i < 32; ++i) {
    k[i] = static_cast<u8>(0x5a ^ (i * 37));
    k2[i] = static_cast<u8>(0xc3 ^ (i * 11));
  }
  poison(k);   // secret: our private scalar
  poison(k2);  // secret: the peer's private scalar

  // RFC 7748, Section 6.1: the key pair (clamping, ladder, inversion on the poisoned k).
  auto kp = X25519::keygen_internal(k);
  if (!kp) return fail("keygen_internal");
  if (all_undefined(kp->public_key.bytes().data(), 32)) fail("keygen: public key not declassified");
  if (!all_undefined(kp->private_key.bytes().data(), 32)) fail("keygen: private key lost its taint");
  auto peer = X25519::PrivateKey::from_bytes(k2);
  if (!peer) return fail("PrivateKey::from_bytes");

  // Agreement: the shared secret stays secret; only the zero check's verdict is public.
  auto ss = X25519::agree(kp->private_key, peer->public_key());
  if (!ss) return fail("agree");
  if (!u_tainted(ss->data())) fail("agree: shared secret lost its taint");
  auto ss2 = X25519::agree(*peer, kp->public_key);
  if (!ss2) return fail("agree (peer)");
  if (!equal_declassified(ss->data(), ss2->data(), 32)) fail("agree: the two sides differ");

  // A low-order public key: the all-zero result is rejected on the same constant-time path.
  const std::array<u8, 32> one{1};
  auto low = X25519::PublicKey::from_bytes(one);
  if (!low) return fail("PublicKey::from_bytes");
  auto rej = X25519::agree(kp->private_key, *low);
  if (rej || rej.error() != Error::invalid_key) fail("agree: low-order point not rejected");

  // The raw function with a poisoned scalar and a public u.
  std::array<u8, 32> u{};
  u[0] = 9;
  std::array<u8, 32> out{};
  tessera::x25519(k, u, out);
  if (!u_tainted(out.data())) fail("x25519: output lost its taint");

#if TESSERA_HAVE_AVX2
  // The MULX/ADX kernels directly: valgrind executes MULX/ADCX/ADOX but its emulated CPUID
  // hides ADX, so the avx2 backend above ran radix 2^51; this runs the asm field too.
  if (RUNNING_ON_VALGRIND || (cpu::features().bmi2 && cpu::features().adx)) {
    const ec::x25519_detail::Kernels mulx = ec::x25519_detail::mulx_table();
    std::printf("  X25519 (field: %s, direct)\n", mulx.name);
    std::array<u8, 32> o1{}, o2{};
    mulx.x25519(o1.data(), k.data(), u.data());
    if (!u_tainted(o1.data())) fail("mulx x25519: output lost its taint");
    mulx.base(o2.data(), k.data());
    if (!u_tainted(o2.data())) fail("mulx base: public key lost its taint (before declassification)");
    if (!equal_declassified(o1.data(), o2.data(), 32)) fail("mulx: ladder and fixed base differ");
  }
#endif

  // Key generation from the system RNG: the DRBG output is secret (poisoned by nothing
  // here: this checks the public-key declassification path runs clean).
  auto gen = X25519::generate_key();
  if (!gen) fail("generate_key");
}

}  // namespace tessera::ct_check
