// ML-DSA (FIPS 204) key objects: key generation (Algorithms 1 and 6), parsing and checking
// of the standard encodings (Algorithms 23 and 25), and export (Algorithm 24). What each
// object keeps, and why, is in include/tessera/mldsa.hpp; the algorithms are in scheme.hpp.
#include <tessera/mldsa.hpp>
#include <tessera/random.hpp>

#include "mldsa/scheme.hpp"

#include <cstring>

namespace tessera {

// Every function that produces a key builds it inside the Result it returns (Result's
// in-place constructor, scheme.hpp's "Key objects"): these check their arguments, then
// return the Scheme's builder as a prvalue, so the key is made in the caller's Result.

template <class Set>
Result<typename MlDsa<Set>::PublicKey> MlDsa<Set>::PublicKey::from_bytes(std::span<const std::uint8_t> pk) noexcept {
  if (pk.size() != public_key_bytes) return fail(Error::invalid_length, "ML-DSA public key");
  return mldsa::detail::Scheme<Set>::public_key_from_bytes(pk.data());
}

template <class Set>
Result<typename MlDsa<Set>::PrivateKey> MlDsa<Set>::PrivateKey::from_seed(std::span<const std::uint8_t> xi) noexcept {
  if (xi.size() != seed_bytes) return fail(Error::invalid_length, "ML-DSA seed xi (32 bytes)");
  return mldsa::detail::Scheme<Set>::private_key_from_seed(xi.data());
}

template <class Set>
Result<typename MlDsa<Set>::PrivateKey> MlDsa<Set>::PrivateKey::from_bytes(std::span<const std::uint8_t> sk) noexcept {
  if (sk.size() != private_key_bytes) return fail(Error::invalid_length, "ML-DSA private key");
  return mldsa::detail::Scheme<Set>::private_key_from_bytes(sk.data());  // Error::invalid_key, named
}

template <class Set>
Result<typename MlDsa<Set>::Seed> MlDsa<Set>::PrivateKey::seed() const noexcept {
  if (!has_seed_) return fail(Error::unsupported, "ML-DSA private key imported without its seed xi");
  return Result<Seed>(std::in_place, std::span<const std::uint8_t, seed_bytes>(sec_.xi));
}

template <class Set>
SecretArray<MlDsa<Set>::private_key_bytes> MlDsa<Set>::PrivateKey::bytes() const noexcept {
  SecretArray<private_key_bytes> out;
  mldsa::detail::Scheme<Set>::encode(*this, out.data());
  return out;
}

template <class Set>
Result<typename MlDsa<Set>::KeyPair> MlDsa<Set>::keygen_internal(std::span<const std::uint8_t> xi) noexcept {
  // FIPS 204, Algorithm 6 (ML-DSA.KeyGen_internal).
  if (xi.size() != seed_bytes) return fail(Error::invalid_length, "ML-DSA seed xi (32 bytes)");
  return mldsa::detail::Scheme<Set>::key_pair_from_seed(xi.data());
}

template <class Set>
Result<typename MlDsa<Set>::KeyPair> MlDsa<Set>::generate_key() noexcept {
  // FIPS 204, Algorithm 1 (ML-DSA.KeyGen). Steps 1-3: xi from the approved RBG.
  Seed xi;
  if (auto r = random_bytes(xi.span()); !r) return r.failure();  // names the entropy source
  return mldsa::detail::Scheme<Set>::key_pair_from_seed(xi.data());  // Step 4: KeyGen_internal(xi)
}

// The class itself is instantiated in mldsa.cpp; these members are defined only here.
using Bytes = std::span<const std::uint8_t>;
#define TESSERA_MLDSA_KEYS(SET)                                                                         \
  template Result<MlDsa<SET>::PublicKey> MlDsa<SET>::PublicKey::from_bytes(Bytes) noexcept;             \
  template Result<MlDsa<SET>::PrivateKey> MlDsa<SET>::PrivateKey::from_seed(Bytes) noexcept;            \
  template Result<MlDsa<SET>::PrivateKey> MlDsa<SET>::PrivateKey::from_bytes(Bytes) noexcept;           \
  template Result<MlDsa<SET>::Seed> MlDsa<SET>::PrivateKey::seed() const noexcept;                      \
  template SecretArray<MlDsa<SET>::private_key_bytes> MlDsa<SET>::PrivateKey::bytes() const noexcept;   \
  template Result<MlDsa<SET>::KeyPair> MlDsa<SET>::keygen_internal(Bytes) noexcept;                     \
  template Result<MlDsa<SET>::KeyPair> MlDsa<SET>::generate_key() noexcept;
TESSERA_MLDSA_KEYS(mldsa::Set44)
TESSERA_MLDSA_KEYS(mldsa::Set65)
TESSERA_MLDSA_KEYS(mldsa::Set87)
#undef TESSERA_MLDSA_KEYS

}  // namespace tessera
