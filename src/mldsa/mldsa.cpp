// ML-DSA (FIPS 204): signing and verification with key objects, for ML-DSA-44/65/87: pure
// ML-DSA (Algorithms 2 and 3), HashML-DSA (Algorithms 4 and 5), external mu and the
// internal interface (Algorithms 7 and 8). These functions check lengths and contexts and
// build mu; the algorithms are in scheme.hpp, the key objects in keys.cpp.
#include <tessera/mldsa.hpp>
#include <tessera/random.hpp>

#include "mldsa/scheme.hpp"

#include <cstring>

namespace tessera {
namespace {

using mldsa::detail::absorb;
using mldsa::detail::absorb_prefix;
using mldsa::detail::kContextTooLong;
using ConstBytes = std::span<const std::uint8_t>;

// Hedged: 32 random bytes; deterministic: 32 zero bytes (FIPS 204, Algorithm 2 steps 5-8).
Result<void> make_rnd(mldsa::Signing mode, SecretArray<32>& rnd) noexcept {
  if (mode == mldsa::Signing::deterministic) return {};
  return random_bytes(rnd.span());  // a failure names the entropy source
}

// Signs mu under sk; the one place a Signature is produced, inside the Result that returns
// it (one return of r: NRVO, see scheme.hpp's "Key objects").
template <class Set>
Result<typename MlDsa<Set>::Signature> sign_with_mu(const typename MlDsa<Set>::PrivateKey& sk, const std::uint8_t* mu,
                                                    const std::uint8_t* rnd) noexcept {
  Result<typename MlDsa<Set>::Signature> r(std::in_place);
  if (!mldsa::detail::Scheme<Set>::sign_mu(sk, mu, rnd, r->data())) {
    secure_zero(r->data(), r->size());
    // kappa exhausted: probability far below 2^-1000.
    mldsa::detail::replace_with_failure(r, fail(Error::invalid_state, "ML-DSA signing (kappa exhausted, no signature)"));
  }
  return r;
}

// mu = H(tr || M', 64) (Algorithm 7 step 6, Algorithm 8 step 7) with M' = domain || |ctx| ||
// ctx || parts... (Algorithms 2-5), or M' = parts... when raw (the internal interface).
template <class... Parts>
mldsa::Mu make_mu(const mldsa::Tr& tr, bool raw, std::uint8_t domain, Context context, Parts... parts) noexcept {
  Shake256 h;
  absorb(h, tr);
  if (!raw) absorb_prefix(h, domain, context);
  (absorb(h, parts), ...);
  mldsa::Mu mu;
  h.squeeze(mu);
  return mu;
}

// Algorithm 4 step 23 / Algorithm 5 step 6 need the OID of a valid PreHash and a digest of
// its length.
bool digest_ok(mldsa::PreHash ph, ConstBytes digest) noexcept {
  const std::size_t n = mldsa::prehash_digest_bytes(ph);
  return n != 0 && digest.size() == n;  // n == 0: not a PreHash value
}

}  // namespace

template <class Set>
Result<typename MlDsa<Set>::Signature> MlDsa<Set>::sign(const PrivateKey& sk, std::span<const std::uint8_t> message,
                                                        Context context, mldsa::Signing mode) noexcept {
  // FIPS 204, Algorithm 2 (ML-DSA.Sign).
  if (!context.valid()) return fail(Error::invalid_argument, kContextTooLong);  // Steps 1-3
  SecretArray<32> rnd;
  if (auto r = make_rnd(mode, rnd); !r) return r.failure();  // Steps 5-8
  // Step 10: M' = 0 || |ctx| || ctx || M; Algorithm 7 step 6: mu = H(tr || M', 64).
  const mldsa::Mu mu = make_mu(sk.pk_.tr_, false, 0, context, message);
  return sign_with_mu<Set>(sk, mu.data(), rnd.data());
}

template <class Set>
bool MlDsa<Set>::verify(const PublicKey& pk, std::span<const std::uint8_t> message,
                        std::span<const std::uint8_t> signature, Context context) noexcept {
  // FIPS 204, Algorithm 3 (ML-DSA.Verify).
  if (signature.size() != signature_bytes || !context.valid()) return false;  // Steps 1-3
  // Step 5: M' = 0 || |ctx| || ctx || M; Algorithm 8 steps 6-7 with the key's tr.
  const mldsa::Mu mu = make_mu(pk.tr_, false, 0, context, message);
  return mldsa::detail::Scheme<Set>::verify_mu(pk, mu.data(), signature.data());
}

template <class Set>
Result<typename MlDsa<Set>::Signature> MlDsa<Set>::sign_digest(const PrivateKey& sk, mldsa::PreHash ph,
                                                               std::span<const std::uint8_t> digest, Context context,
                                                               mldsa::Signing mode) noexcept {
  // FIPS 204, Algorithm 4 (HashML-DSA.Sign), with PH(M) given.
  if (!context.valid()) return fail(Error::invalid_argument, kContextTooLong);
  // Not a PreHash value: prehash_oid would otherwise pick some other function's OID.
  if (mldsa::prehash_digest_bytes(ph) == 0) return fail(Error::invalid_argument, mldsa::detail::kNotAPreHash);
  if (!digest_ok(ph, digest)) return fail(Error::invalid_length, mldsa::detail::kWrongDigestLength);
  SecretArray<32> rnd;
  if (auto r = make_rnd(mode, rnd); !r) return r.failure();
  // Step 23: M' = 1 || |ctx| || ctx || OID || PH_M.
  const mldsa::Mu mu = make_mu(sk.pk_.tr_, false, 1, context, ConstBytes(mldsa::prehash_oid(ph)), digest);
  return sign_with_mu<Set>(sk, mu.data(), rnd.data());
}

template <class Set>
Result<typename MlDsa<Set>::Signature> MlDsa<Set>::sign_prehash(const PrivateKey& sk, mldsa::PreHash ph,
                                                                std::span<const std::uint8_t> message,
                                                                Context context, mldsa::Signing mode) noexcept {
  if (!context.valid()) return fail(Error::invalid_argument, kContextTooLong);
  std::uint8_t digest[64];
  const std::span<std::uint8_t> d(digest, mldsa::prehash_digest_bytes(ph));
  if (auto r = mldsa::prehash(ph, message, d); !r) return r.failure();  // Step 10
  return sign_digest(sk, ph, d, context, mode);
}

template <class Set>
bool MlDsa<Set>::verify_digest(const PublicKey& pk, mldsa::PreHash ph, std::span<const std::uint8_t> digest,
                               std::span<const std::uint8_t> signature, Context context) noexcept {
  // FIPS 204, Algorithm 5 (HashML-DSA.Verify), with PH(M) given.
  if (signature.size() != signature_bytes || !context.valid() || !digest_ok(ph, digest)) return false;
  // Step 6: M' = 1 || |ctx| || ctx || OID || PH_M.
  const mldsa::Mu mu = make_mu(pk.tr_, false, 1, context, ConstBytes(mldsa::prehash_oid(ph)), digest);
  return mldsa::detail::Scheme<Set>::verify_mu(pk, mu.data(), signature.data());
}

template <class Set>
bool MlDsa<Set>::verify_prehash(const PublicKey& pk, mldsa::PreHash ph, std::span<const std::uint8_t> message,
                                std::span<const std::uint8_t> signature, Context context) noexcept {
  std::uint8_t digest[64];
  const std::span<std::uint8_t> d(digest, mldsa::prehash_digest_bytes(ph));
  if (!mldsa::prehash(ph, message, d)) return false;  // Step 5
  return verify_digest(pk, ph, d, signature, context);
}

template <class Set>
Result<mldsa::MuBuilder> MlDsa<Set>::mu_builder(const PublicKey& pk, Context context) noexcept {
  return mldsa::MuBuilder::from_tr(pk.tr_, context);
}

template <class Set>
Result<typename MlDsa<Set>::Signature> MlDsa<Set>::sign_mu(const PrivateKey& sk, std::span<const std::uint8_t> mu,
                                                           mldsa::Signing mode) noexcept {
  if (mu.size() != mldsa::kMuBytes) return fail(Error::invalid_length, "ML-DSA mu (64 bytes)");
  SecretArray<32> rnd;
  if (auto r = make_rnd(mode, rnd); !r) return r.failure();
  return sign_with_mu<Set>(sk, mu.data(), rnd.data());
}

template <class Set>
bool MlDsa<Set>::verify_mu(const PublicKey& pk, std::span<const std::uint8_t> mu,
                           std::span<const std::uint8_t> signature) noexcept {
  if (signature.size() != signature_bytes || mu.size() != mldsa::kMuBytes) return false;
  return mldsa::detail::Scheme<Set>::verify_mu(pk, mu.data(), signature.data());
}

template <class Set>
Result<typename MlDsa<Set>::Signature> MlDsa<Set>::sign_internal(const PrivateKey& sk,
                                                                 std::span<const std::uint8_t> message_prime,
                                                                 std::span<const std::uint8_t> rnd) noexcept {
  // FIPS 204, Algorithm 7 (ML-DSA.Sign_internal). Step 6: mu = H(tr || M', 64).
  if (rnd.size() != mldsa::kRndBytes) return fail(Error::invalid_length, "ML-DSA rnd (32 bytes)");
  const mldsa::Mu mu = make_mu(sk.pk_.tr_, true, 0, {}, message_prime);
  return sign_with_mu<Set>(sk, mu.data(), rnd.data());
}

template <class Set>
Result<typename MlDsa<Set>::Signature> MlDsa<Set>::sign_internal_mu(const PrivateKey& sk,
                                                                    std::span<const std::uint8_t> mu,
                                                                    std::span<const std::uint8_t> rnd) noexcept {
  if (rnd.size() != mldsa::kRndBytes) return fail(Error::invalid_length, "ML-DSA rnd (32 bytes)");
  if (mu.size() != mldsa::kMuBytes) return fail(Error::invalid_length, "ML-DSA mu (64 bytes)");
  return sign_with_mu<Set>(sk, mu.data(), rnd.data());
}

template <class Set>
bool MlDsa<Set>::verify_internal(const PublicKey& pk, std::span<const std::uint8_t> message_prime,
                                 std::span<const std::uint8_t> signature) noexcept {
  // FIPS 204, Algorithm 8 (ML-DSA.Verify_internal). Steps 6-7: tr (the key's), mu = H(tr || M').
  if (signature.size() != signature_bytes) return false;
  const mldsa::Mu mu = make_mu(pk.tr_, true, 0, {}, message_prime);
  return mldsa::detail::Scheme<Set>::verify_mu(pk, mu.data(), signature.data());
}

// The key objects' out-of-line members are instantiated in keys.cpp.
template class MlDsa<mldsa::Set44>;
template class MlDsa<mldsa::Set65>;
template class MlDsa<mldsa::Set87>;

}  // namespace tessera
