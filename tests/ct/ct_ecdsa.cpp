// Constant-time check of ECDSA (include/tessera/ecdsa.hpp, src/ec/ecdsa*, rfc6979.hpp):
// signing with a poisoned private key d, hedged (RFC 6979 s3.6) and deterministic (s3.2),
// for SHA-2, SHA-3 and SHAKE (whose nonce DRBG runs on HMAC-SHA3). The whole nonce
// derivation (HMAC_DRBG over int2octets(d), bits2octets(h1) and k'), the candidate range
// check, k G, k^-1 and s run on tainted data. Public by design: the "candidate rejected"
// verdict of RFC 6979 step h.3 (declassified in rfc6979.hpp, probability < 2^-32), the
// core's "r = 0 or s = 0" verdict (weierstrass), and the signature itself (declassified
// by sign_der before DER encoding, and here by the driver before verifying).
#include <tessera/ecdsa.hpp>

#include "ct_support.hpp"

#include <array>
#include <cstdio>

namespace tessera::ct_check {

namespace {

template <class E>
void check_signature(const char* what, const Result<typename E::Signature>& sig, const typename E::PublicKey& pk,
                     std::span<const u8> msg) {
  if (!sig) return fail(what);
  // s = k^-1 (e + r d) carries d's (and k's) taint: the poisoning covered the computation.
  if (!all_undefined(sig->data() + E::scalar_bytes, E::scalar_bytes)) fail("ECDSA: s lost its taint");
  auto copy = *sig;
  declassify(copy);  // public: the signature is the output
  if (!E::verify(pk, msg, copy)) fail("ECDSA: signature does not verify");
}

template <class E>
void run_scheme() {
  constexpr std::size_t sb = E::scalar_bytes;
  std::printf("  %s\n", E::name);
  std::array<u8, sb> d{};
  for (std::size_t i = 0; i < sb; ++i) d[i] = static_cast<u8>(0x5a ^ (i * 37));
  d[0] &= 0x7f;  // below n (both orders start 0xff...)
  poison(d);     // secret: the private key
  auto sk = E::PrivateKey::from_bytes(d);
  if (!sk) return fail("ECDSA PrivateKey::from_bytes");
  const std::array<u8, 19> msg = {'c', 't', ' ', 'c', 'h', 'e', 'c', 'k', ' ', 'm', 'e', 's', 's', 'a', 'g', 'e', 0, 1, 2};

  check_signature<E>("ECDSA sign (hedged)", E::sign(*sk, msg), sk->public_key(), msg);
  if constexpr (E::has_deterministic) {
    auto a = E::sign_deterministic(*sk, msg);
    check_signature<E>("ECDSA sign_deterministic", a, sk->public_key(), msg);
    auto b = E::sign_deterministic(*sk, msg);
    if (!a || !b || !equal_declassified(a->data(), b->data(), sb) ||  // r, then s (at most 64 bytes each)
        !equal_declassified(a->data() + sb, b->data() + sb, sb))
      fail("ECDSA sign_deterministic: two signatures differ");
  }
  auto der = E::sign_der(*sk, msg);
  if (!der) return fail("ECDSA sign_der");
  if (!E::verify_der(sk->public_key(), msg, der->bytes())) fail("ECDSA sign_der: does not verify");
}

}  // namespace

void run_ecdsa() {
  run_scheme<EcdsaP256Sha256>();
  run_scheme<EcdsaP384Sha384>();
  run_scheme<ec::Ecdsa<ec::P256, Sha3_256>>();
  run_scheme<ec::Ecdsa<ec::P384, Sha512>>();
  run_scheme<ec::Ecdsa<ec::P256, ec::Shake128_256>>();
}

}  // namespace tessera::ct_check
