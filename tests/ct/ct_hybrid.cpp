// Constant-time check of the hybrid KEMs (include/tessera/hybrid.hpp, xwing.hpp): key
// generation from poisoned seeds, encapsulation with poisoned randomness, decapsulation of a
// valid and a modified server share. Public by design (declassified by the halves): the
// public keys and the ciphertext.
#include <tessera/hybrid.hpp>

#include "ct_support.hpp"

namespace tessera::ct_check {
namespace {

// The shared secret carries the secrets' taint. The last byte is left out: for
// X25519MLKEM768 it is the top byte of X25519's u, whose bit 255 is always 0 (reduced below
// p < 2^255), which memcheck rightly sees as defined (tests/ct/ct_x25519.cpp).
template <class H, class S>
bool secret_tainted(const S& ss) {
  return all_undefined(ss.data(), H::shared_secret_bytes - 1);
}

template <class H>
void run_hybrid_kem(const char* name) {
  std::printf("  %s\n", name);
  std::array<u8, H::private_key_bytes> seeds{};
  std::array<u8, H::encaps_seed_bytes> rnd{};
  // Every scalar inside stays below every curve order: bytes < 0x80.
  for (std::size_t i = 0; i < seeds.size(); ++i) seeds[i] = static_cast<u8>((0x13 * i + 7) & 0x7f);
  for (std::size_t i = 0; i < rnd.size(); ++i) rnd[i] = static_cast<u8>((0x29 * i + 3) & 0x7f);
  poison(seeds);  // secret: the private key (both halves' seeds)
  poison(rnd);    // secret: the encapsulation randomness (ML-KEM m, the ephemeral DH key)

  auto kp = H::keygen_internal(seeds);
  if (!kp) return fail("keygen_internal");
  auto enc = H::encaps_internal(kp->public_key, rnd);
  if (!enc) return fail("encaps_internal");
  if (!secret_tainted<H>(enc->shared_secret)) fail("encaps: shared secret lost its taint");
  declassify(enc->ciphertext);  // the server share is public

  auto ss = H::decapsulate(kp->private_key, enc->ciphertext);
  if (!ss) return fail("decapsulate");
  if (!secret_tainted<H>(*ss)) fail("decapsulate: shared secret lost its taint");
  if (!equal_declassified(ss->data(), enc->shared_secret.data(), 32)) fail("decapsulate: secrets differ");

  auto bad = enc->ciphertext;
  bad[H::ciphertext_bytes / 2] ^= 1;  // inside the ML-KEM ciphertext: implicit rejection
  auto rej = H::decapsulate(kp->private_key, bad);
  if (!rej) return fail("decapsulate (modified ML-KEM ciphertext)");
  if (!secret_tainted<H>(*rej)) fail("implicit rejection: secret lost its taint");
}

}  // namespace

void run_hybrid() {
  run_hybrid_kem<X25519MlKem768>("X25519MLKEM768");
  run_hybrid_kem<SecP256r1MlKem768>("SecP256r1MLKEM768");
  run_hybrid_kem<SecP384r1MlKem1024>("SecP384r1MLKEM1024");
  run_hybrid_kem<XWing>("X-Wing");
}

}  // namespace tessera::ct_check
