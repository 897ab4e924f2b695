// RSA signature schemes (RFC 8017 Section 8): RSASSA-PKCS1-v1_5 and RSASSA-PSS over the
// primitives of rsa_primitives.cpp and the encodings of emsa_pkcs1_v15.cpp / emsa_pss.cpp.
#include <tessera/random.hpp>
#include <tessera/rsa.hpp>

#include "common/secret.hpp"
#include "rsa/emsa_pkcs1_v15.hpp"
#include "rsa/emsa_pss.hpp"
#include "rsa/hash_select.hpp"
#include "rsa/mgf.hpp"
#include "rsa/rsa_internal.hpp"

#include <cstring>

namespace tessera::rsa {

namespace {

bool signing_hash(HashId hash) noexcept { return valid_hash(hash) && hash != HashId::sha1; }

// The hash's digest of a message into d (digest_bytes(hash) bytes).
std::span<const std::uint8_t> digest_of(HashId hash, std::span<const std::uint8_t> message,
                                        std::uint8_t (&d)[max_digest_bytes]) noexcept {
  const std::span<std::uint8_t> out(d, digest_bytes(hash));
  rsa::hash(hash, message, out);
  return out;
}

Mgf mgf_of(const PssParams& p) noexcept {
  switch (p.mask) {
    case MaskFunction::shake128: return shake_mgf(HashId::shake128);
    case MaskFunction::shake256: return shake_mgf(HashId::shake256);
    case MaskFunction::mgf1: break;
  }
  return mgf1_with(p.hash);
}

// s = RSASP1(K, OS2IP(EM)) as k bytes, EM left-padded to k bytes.
Result<Block> sign_encoded(const PrivateKey& sk, std::span<const std::uint8_t> em) noexcept {
  const std::size_t k = sk.public_key().modulus_bytes();
  std::uint8_t m[max_modulus_bytes] = {};
  std::memcpy(m + (k - em.size()), em.data(), em.size());
  Block b;
  b.size = k;
  const Failure f = private_op(sk, std::span<const std::uint8_t>(m, k), std::span(b.data.data(), k), Range::rfc8017);
  if (f.code != Error{}) return f;
  return b;
}

// m = RSAVP1(n, e, OS2IP(S)) as k bytes into em; false for a wrong length or s >= n.
bool open_signature(const PublicKey& pk, std::span<const std::uint8_t> signature, std::uint8_t* em) noexcept {
  const std::size_t k = pk.modulus_bytes();
  if (signature.size() != k) return false;  // 8.1.2 / 8.2.2 step 1
  return public_op(pk, signature, std::span(em, k), Range::rfc8017).code == Error{};
}

}  // namespace

// ---- RSASSA-PKCS1-v1_5 --------------------------------------------------------------------

Result<Block> sign_pkcs1_v15_digest(const PrivateKey& sk, HashId hash, std::span<const std::uint8_t> digest) noexcept {
  // RFC 8017 8.2.1. Step 1: EM = EMSA-PKCS1-v1_5-ENCODE(M, k).
  if (!signing_hash(hash)) return fail(Error::unsupported, "RSA PKCS#1 v1.5 hash");
  const std::size_t k = sk.public_key().modulus_bytes();
  std::uint8_t em[max_modulus_bytes];
  if (auto r = emsa_pkcs1_v15_encode(hash, digest, std::span(em, k)); !r) return r.failure();
  // Steps 2.a-2.c: s = RSASP1(K, OS2IP(EM)), S = I2OSP(s, k).
  return sign_encoded(sk, std::span<const std::uint8_t>(em, k));
}

Result<Block> sign_pkcs1_v15(const PrivateKey& sk, HashId hash, std::span<const std::uint8_t> message) noexcept {
  if (!signing_hash(hash)) return fail(Error::unsupported, "RSA PKCS#1 v1.5 hash");
  std::uint8_t d[max_digest_bytes];
  return sign_pkcs1_v15_digest(sk, hash, digest_of(hash, message, d));
}

bool verify_pkcs1_v15_digest(const PublicKey& pk, HashId hash, std::span<const std::uint8_t> digest,
                             std::span<const std::uint8_t> signature) noexcept {
  // RFC 8017 8.2.2. Steps 1-2: length, RSAVP1, EM = I2OSP(m, k).
  if (!signing_hash(hash)) return false;
  std::uint8_t em[max_modulus_bytes];
  if (!open_signature(pk, signature, em)) return false;
  // Steps 3-4: EM' = EMSA-PKCS1-v1_5-ENCODE(M, k); valid iff EM = EM'.
  return emsa_pkcs1_v15_verify(hash, digest, std::span<const std::uint8_t>(em, pk.modulus_bytes()));
}

bool verify_pkcs1_v15(const PublicKey& pk, HashId hash, std::span<const std::uint8_t> message,
                      std::span<const std::uint8_t> signature) noexcept {
  if (!signing_hash(hash)) return false;
  std::uint8_t d[max_digest_bytes];
  return verify_pkcs1_v15_digest(pk, hash, digest_of(hash, message, d), signature);
}

// ---- RSASSA-PSS ---------------------------------------------------------------------------

namespace {

Result<Block> sign_pss_with_salt(const PrivateKey& sk, const PssParams& params, std::span<const std::uint8_t> digest,
                                 std::span<const std::uint8_t> salt) noexcept {
  // RFC 8017 8.1.1. Step 1: EM = EMSA-PSS-ENCODE(M, modBits - 1), emLen = ceil((modBits - 1) / 8).
  const std::size_t em_bits = sk.public_key().modulus_bits() - 1;
  const std::size_t em_len = pss_em_bytes(em_bits);
  std::uint8_t em[max_modulus_bytes];
  if (auto r = emsa_pss_encode(params.hash, mgf_of(params), digest, salt, em_bits, std::span(em, em_len)); !r)
    return r.failure();
  // Steps 2.a-2.c: s = RSASP1(K, OS2IP(EM)), S = I2OSP(s, k).
  return sign_encoded(sk, std::span<const std::uint8_t>(em, em_len));
}

}  // namespace

Result<Block> sign_pss_digest(const PrivateKey& sk, const PssParams& params, std::span<const std::uint8_t> digest) noexcept {
  if (!signing_hash(params.hash)) return fail(Error::unsupported, "RSA-PSS hash");
  if (params.salt_bytes > max_modulus_bytes) return fail(Error::invalid_length, "RSA-PSS salt");
  std::uint8_t salt[max_modulus_bytes];
  // 9.1.1 step 4: a random octet string salt of length sLen.
  if (!random_bytes(std::span(salt, params.salt_bytes))) return fail(Error::randomness_failure, "RSA-PSS salt");
  return sign_pss_with_salt(sk, params, digest, std::span<const std::uint8_t>(salt, params.salt_bytes));
}

Result<Block> sign_pss(const PrivateKey& sk, const PssParams& params, std::span<const std::uint8_t> message) noexcept {
  if (!signing_hash(params.hash)) return fail(Error::unsupported, "RSA-PSS hash");
  std::uint8_t d[max_digest_bytes];
  return sign_pss_digest(sk, params, digest_of(params.hash, message, d));
}

Result<Block> sign_pss_internal(const PrivateKey& sk, const PssParams& params, std::span<const std::uint8_t> message,
                                std::span<const std::uint8_t> salt) noexcept {
  if (!signing_hash(params.hash)) return fail(Error::unsupported, "RSA-PSS hash");
  std::uint8_t d[max_digest_bytes];
  return sign_pss_with_salt(sk, params, digest_of(params.hash, message, d), salt);
}

bool verify_pss_digest(const PublicKey& pk, const PssParams& params, std::span<const std::uint8_t> digest,
                       std::span<const std::uint8_t> signature) noexcept {
  // RFC 8017 8.1.2. Steps 1-2: length, RSAVP1, EM = I2OSP(m, emLen): when emLen < k the
  // top byte of m must be zero (m < 2^(8 emLen)).
  if (!signing_hash(params.hash) || digest.size() != digest_bytes(params.hash)) return false;
  std::uint8_t m[max_modulus_bytes];
  if (!open_signature(pk, signature, m)) return false;
  const std::size_t k = pk.modulus_bytes();
  const std::size_t em_bits = pk.modulus_bits() - 1;
  const std::size_t em_len = pss_em_bytes(em_bits);
  if (em_len < k && m[0] != 0) return false;
  // Step 3: EMSA-PSS-VERIFY(M, EM, modBits - 1).
  return emsa_pss_verify(params.hash, mgf_of(params), digest, std::span<const std::uint8_t>(m + (k - em_len), em_len),
                         em_bits, params.salt_bytes);
}

bool verify_pss(const PublicKey& pk, const PssParams& params, std::span<const std::uint8_t> message,
                std::span<const std::uint8_t> signature) noexcept {
  if (!signing_hash(params.hash)) return false;
  std::uint8_t d[max_digest_bytes];
  return verify_pss_digest(pk, params, digest_of(params.hash, message, d), signature);
}

}  // namespace tessera::rsa
