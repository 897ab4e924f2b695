// Constant-time check of RSA (include/tessera/rsa.hpp, src/rsa/, src/bignum/nat*): a
// private key imported from poisoned DER (the consistency checks of from_components run on
// tainted limbs and reveal only their verdicts), then with that key RSASP1, PKCS#1 v1.5 and
// PSS signing (the blinded CRT exponentiations, the fault check, the unblinding) and OAEP
// decryption of a valid and of a corrupted ciphertext (RSADP and the EME-OAEP decoding,
// whose single verdict is the only declassified value). The key is made by
// PrivateKey::generate outside the check (its random candidates are not poisoned: the
// primality tests are exercised through the import instead, which runs the same
// exponentiation code); 2048 bits.
//
// Public by design: the representative range checks (on public inputs), the fault-check
// verdict, the OAEP verdict, the signature and ciphertext outputs (declassified here
// before verifying), the byte lengths of the key's components (DER lengths).
#include <tessera/rsa.hpp>

#include "bignum/nat.hpp"
#include "ct_support.hpp"

#include <array>
#include <cstdio>
#include <vector>

namespace tessera::ct_check {

void run_rsa() {
  std::printf("  RSA-2048 (Montgomery kernel for its primes: %s)\n", bignum::mont_mul_kernel_name(16));
  auto made = rsa::PrivateKey::generate(2048);
  if (!made) return fail("RSA generate");
  std::vector<u8> der(rsa::PrivateKey::der_max_bytes());
  auto len = made->to_der(der);
  if (!len) return fail("RSA to_der");
  der.resize(*len);
  // Poison d, p, q, dp, dq and qinv (INTEGERs 4 to 9 of the SEQUENCE) but for the first
  // two content bytes of each: with the tags and lengths they are the encoding's shape
  // (a leading zero byte, the byte length), which DER parsing reads and which is public.
  std::size_t at = 1 + 1 + (der[1] & 0x7f);  // past the SEQUENCE header (long form)
  for (int field = 0; field < 9 && at < der.size(); ++field) {
    std::size_t n = der[at + 1], hdr = 2;
    if (n & 0x80) {
      const std::size_t count = n & 0x7f;
      n = 0;
      for (std::size_t i = 0; i < count; ++i) n = (n << 8) | der[at + 2 + i];
      hdr += count;
    }
    if (field >= 3 && n > 2) tessera::ct::poison(der.data() + at + hdr + 2, n - 2);
    at += hdr + n;
  }
  auto sk = rsa::PrivateKey::from_der(der);
  if (!sk) return fail("RSA PrivateKey::from_der (poisoned)");
  const auto& pk = sk->public_key();
  const std::array<u8, 19> msg = {'c', 't', ' ', 'c', 'h', 'e', 'c', 'k', ' ', 'm', 'e', 's', 's', 'a', 'g', 'e', 0, 1, 2};

  auto s1 = rsa::sign_pkcs1_v15(*sk, HashId::sha256, msg);
  if (!s1) return fail("RSA sign_pkcs1_v15");
  if (!all_undefined(s1->data.data(), s1->size)) fail("RSA sign_pkcs1_v15: signature lost its taint");
  rsa::Block sig1 = *s1;
  declassify(sig1);
  if (!rsa::verify_pkcs1_v15(pk, HashId::sha256, msg, sig1.bytes())) fail("RSA PKCS#1 v1.5 signature does not verify");

  const rsa::PssParams pss{HashId::sha384, 48, rsa::MaskFunction::mgf1};
  auto s2 = rsa::sign_pss(*sk, pss, msg);
  if (!s2) return fail("RSA sign_pss");
  rsa::Block sig2 = *s2;
  declassify(sig2);
  if (!rsa::verify_pss(pk, pss, msg, sig2.bytes())) fail("RSA-PSS signature does not verify");

  const rsa::OaepParams oaep{HashId::sha256, HashId::sha256, {}};
  std::array<u8, 32> secret{};
  for (std::size_t i = 0; i < secret.size(); ++i) secret[i] = static_cast<u8>(i * 29 + 3);
  auto c = rsa::encrypt_oaep(pk, oaep, secret);
  if (!c) return fail("RSA encrypt_oaep");
  auto m = rsa::decrypt_oaep(*sk, oaep, c->bytes());
  if (!m) return fail("RSA decrypt_oaep");
  if (!all_undefined(m->data.data(), m->size)) fail("RSA decrypt_oaep: message lost its taint");
  if (m->size != secret.size() || !equal_declassified(m->data.data(), secret.data(), secret.size()))
    fail("RSA decrypt_oaep: wrong message");
  rsa::Block bad = *c;
  bad.data[bad.size / 2] ^= 0x01;  // decrypts to garbage: the padding check fails
  if (rsa::decrypt_oaep(*sk, oaep, bad.bytes())) fail("RSA decrypt_oaep accepted a corrupted ciphertext");
}

}  // namespace tessera::ct_check
