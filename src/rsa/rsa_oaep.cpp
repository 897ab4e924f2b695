// RSAES-OAEP (RFC 8017 Section 7.1) over the primitives of rsa_primitives.cpp and the
// encoding of eme_oaep.cpp.
#include <tessera/random.hpp>
#include <tessera/rsa.hpp>

#include "common/secret.hpp"
#include "rsa/eme_oaep.hpp"
#include "rsa/hash_select.hpp"
#include "rsa/rsa_internal.hpp"

namespace tessera::rsa {

Result<Block> encrypt_oaep_internal(const PublicKey& pk, const OaepParams& params, std::span<const std::uint8_t> message,
                                    std::span<const std::uint8_t> seed) noexcept {
  // RFC 8017 7.1.1. Steps 1-2: length checks and EM = EME-OAEP encoding (k bytes).
  const std::size_t k = pk.modulus_bytes();
  std::uint8_t em[max_modulus_bytes];
  ZeroOnExit wipe_em(em);  // EM holds the message
  if (auto r = eme_oaep_encode(params.hash, params.mgf1_hash, params.label, message, seed, std::span(em, k)); !r)
    return r.failure();
  // Step 3: c = RSAEP((n, e), OS2IP(EM)), C = I2OSP(c, k). EM < n (its top byte is 0), and
  // 1 < EM < n - 1 for every EM of this encoding (the masked seed makes it far from 0,
  // 1 and n - 1 but for a probability of 2^-(8 hLen)).
  Block b;
  b.size = k;
  const Failure f = public_op(pk, std::span<const std::uint8_t>(em, k), std::span(b.data.data(), k), Range::rfc8017);
  if (f.code != Error{}) return f;
  return b;
}

Result<Block> encrypt_oaep(const PublicKey& pk, const OaepParams& params, std::span<const std::uint8_t> message) noexcept {
  // Step 2.d: a random octet string seed of length hLen.
  const std::size_t h = digest_bytes(params.hash);
  if (h == 0 || h > max_digest_bytes) return fail(Error::unsupported, "RSA-OAEP hash");
  std::uint8_t seed[max_digest_bytes];
  ZeroOnExit wipe_seed(seed);
  if (!random_bytes(std::span(seed, h))) return fail(Error::randomness_failure, "RSA-OAEP seed");
  return encrypt_oaep_internal(pk, params, message, std::span<const std::uint8_t>(seed, h));
}

Result<SecretBlock> decrypt_oaep(const PrivateKey& sk, const OaepParams& params, std::span<const std::uint8_t> ciphertext) noexcept {
  // RFC 8017 7.1.2. Step 1.b: the ciphertext is k bytes (public).
  const std::size_t k = sk.public_key().modulus_bytes();
  Result<SecretBlock> out(std::in_place);
  if (ciphertext.size() != k) {
    out = fail(Error::invalid_encoding, "RSA-OAEP ciphertext");
    return out;
  }
  // Step 2: EM = I2OSP(RSADP(K, OS2IP(C)), k); a representative out of range is the
  // "decryption error" of step 2.b.
  std::uint8_t em[max_modulus_bytes];
  ZeroOnExit wipe_em(em);
  const Failure f = private_op(sk, ciphertext, std::span(em, k), Range::rfc8017);
  if (f.code == Error::invalid_argument) {
    out = fail(Error::invalid_encoding, "RSA-OAEP ciphertext");
    return out;
  }
  if (f.code != Error{}) {
    out = f;
    return out;
  }
  // Step 3: EME-OAEP decoding, constant time in EM (eme_oaep.hpp).
  auto m = eme_oaep_decode(params.hash, params.mgf1_hash, params.label, std::span<const std::uint8_t>(em, k),
                           std::span(out->data.data(), out->data.size()));
  if (!m) {
    out = m.failure();
    return out;
  }
  out->size = *m;
  return out;
}

}  // namespace tessera::rsa
