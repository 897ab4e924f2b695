// X-Wing (draft-connolly-cfrg-xwing-kem, s5): ML-KEM-768 and X25519 under a SHA3-256
// combiner. See include/tessera/xwing.hpp for the encodings.
#include <tessera/random.hpp>
#include <tessera/sha3.hpp>
#include <tessera/x25519.hpp>
#include <tessera/xwing.hpp>

#include "common/secret.hpp"
#include "ec/x25519_internal.hpp"

#include <utility>

namespace tessera {
namespace {

using u8 = std::uint8_t;
using MlKem = mlkem::MlKem768;
constexpr std::size_t kPkM = MlKem::public_key_bytes;
constexpr std::size_t kCtM = MlKem::ciphertext_bytes;

// XWingLabel (draft s5.1): the six ASCII bytes \.//^\ (a wing).
constexpr std::array<u8, 6> kLabel = {0x5c, 0x2e, 0x2f, 0x2f, 0x5e, 0x5c};

// X25519(k, u) of RFC 7748 s5, without the all-zero check (X-Wing does not reject that
// output: ML-KEM's half of the combiner keeps the secret).
void x25519_raw(std::span<u8, 32> out, std::span<const u8, 32> k, std::span<const u8, 32> u) noexcept {
  x25519(k, u, out);
}
// X25519(k, 9) (RFC 7748, Section 4.1: the base point u = 9), through the fixed-base
// table of key generation (src/ec/x25519_base.hpp): the same value as the ladder, faster.
void x25519_base(std::span<u8, 32> out, std::span<const u8, 32> k) noexcept {
  ec::x25519_base(out.data(), k.data());
}

// Draft s5.3, Combiner: SHA3-256(ss_M || ss_X || ct_X || pk_X || XWingLabel).
void combiner(std::span<u8, 32> out, std::span<const u8, 32> ss_m, std::span<const u8, 32> ss_x,
              std::span<const u8, 32> ct_x, std::span<const u8, 32> pk_x) noexcept {
  Sha3_256 h;
  h.update(ss_m);
  h.update(ss_x);
  h.update(ct_x);
  h.update(pk_x);
  h.update(kLabel);
  h.final(out);
}

}  // namespace

XWing::PublicKey::PublicKey(MlKem::PublicKey&& pk_m, std::span<const u8, 32> pk_x) noexcept : pk_m_(std::move(pk_m)) {
  const auto m = pk_m_.bytes();
  for (std::size_t i = 0; i < kPkM; ++i) bytes_[i] = m[i];
  for (std::size_t i = 0; i < 32; ++i) bytes_[kPkM + i] = pk_x[i];
}

XWing::PublicKey::PublicKey(const MlKem::PublicKey& pk_m, std::span<const u8, 32> pk_x) noexcept : pk_m_(pk_m) {
  const auto m = pk_m_.bytes();
  for (std::size_t i = 0; i < kPkM; ++i) bytes_[i] = m[i];
  for (std::size_t i = 0; i < 32; ++i) bytes_[kPkM + i] = pk_x[i];
}

Result<XWing::PublicKey> XWing::PublicKey::from_bytes(std::span<const u8> pk) noexcept {
  if (pk.size() != public_key_bytes) return fail(Error::invalid_length, "X-Wing public key");
  auto pk_m = MlKem::PublicKey::from_bytes(pk.first(kPkM));
  if (!pk_m) return pk_m.failure();
  return Result<PublicKey>(std::in_place, std::move(*pk_m), pk.subspan(kPkM).first<32>());
}

XWing::PrivateKey::PrivateKey(MlKem::PrivateKey&& sk_m, std::span<const u8, 32> sk_x, std::span<const u8, 32> pk_x,
                              std::span<const u8, 32> seed) noexcept
    : sk_m_(std::move(sk_m)), sk_x_(sk_x), seed_(seed), public_(sk_m_.public_key(), pk_x) {}

// Draft s5.2, expandDecapsulationKey(sk).
Result<XWing::PrivateKey> XWing::PrivateKey::from_bytes(std::span<const u8> seed) noexcept {
  if (seed.size() != private_key_bytes) return fail(Error::invalid_length, "X-Wing private key (seed)");
  return expand<PrivateKey>(seed.first<32>());
}

template <class T>
Result<T> XWing::PrivateKey::expand(std::span<const u8, 32> seed) noexcept {
  // Step 1: expanded = SHAKE256(sk, 96).
  SecretArray<96> expanded;
  shake256(seed, expanded.span());
  // Step 2: (pk_M, sk_M) = ML-KEM-768.KeyGen_internal(expanded[0:32], expanded[32:64]).
  auto sk_m = MlKem::PrivateKey::from_seed(expanded.span().first<64>());
  // The key is built inside out (one return: NRVO). from_seed fails only on a wrong length.
  Result<T> out(fail(Error::invalid_state, "X-Wing private key"));
  if (!sk_m) {
    out = sk_m.failure();
  } else {
    // Steps 3-4: sk_X = expanded[64:96], pk_X = X25519(sk_X, X25519_BASE).
    const auto sk_x = std::span<const u8, 96>(expanded.span()).subspan<64, 32>();
    SecretArray<32> pk_x;  // public, but built next to the secret
    x25519_base(pk_x.span(), sk_x);
    out.emplace(std::move(*sk_m), sk_x, pk_x.span(), seed);
  }
  secure_zero_stack(2048);  // the ladder's and SHAKE's frames; stack-wipe: x25519 shake256 sha3_256
  return out;
}

SecretArray<XWing::private_key_bytes> XWing::PrivateKey::bytes() const noexcept {
  SecretArray<private_key_bytes> out(seed_.span());  // built in the caller's slot (NRVO)
  return out;
}

Result<XWing::KeyPair> XWing::keygen_internal(std::span<const u8> seed) noexcept {
  if (seed.size() != private_key_bytes) return fail(Error::invalid_length, "X-Wing private key (seed)");
  return PrivateKey::expand<KeyPair>(seed.first<32>());
}

// Draft s5.3, GenerateKeyPair: sk = random(32).
Result<XWing::KeyPair> XWing::generate_key() noexcept {
  SecretArray<32> seed;
  if (auto r = random_bytes(seed.span()); !r) return r.failure();
  return keygen_internal(seed.span());
}

// Draft s5.4, EncapsulateDerand(pk, eseed).
Result<XWing::Encapsulation> XWing::encaps_internal(const PublicKey& pk, std::span<const u8> eseed) noexcept {
  if (eseed.size() != encaps_seed_bytes) return fail(Error::invalid_length, "X-Wing encapsulation seed");
  // Steps 1-2: pk_M = pk[0:1184], pk_X = pk[1184:1216]; ek_X = eseed[32:64].
  const auto ek_x = eseed.subspan(32).first<32>();
  Result<Encapsulation> out(std::in_place);
  auto ct = std::span<u8, ciphertext_bytes>(out->ciphertext);
  // Step 3: ct_X = X25519(ek_X, X25519_BASE). Step 4: ss_X = X25519(ek_X, pk_X).
  const auto ct_x = ct.subspan<kCtM, 32>();
  x25519_base(ct_x, ek_x);
  SecretArray<32> ss_x;
  x25519_raw(ss_x.span(), ek_x, pk.pk_x());
  // Step 5: (ss_M, ct_M) = ML-KEM-768.EncapsDerand(pk_M, eseed[0:32]).
  auto m = MlKem::encaps_internal(pk.pk_m(), eseed.first(32));
  if (!m) return m.failure();
  for (std::size_t i = 0; i < kCtM; ++i) ct[i] = m->ciphertext[i];
  // Step 6: ss = Combiner(ss_M, ss_X, ct_X, pk_X).
  combiner(out->shared_secret.span(), m->shared_secret.span(), ss_x.span(), ct_x, pk.pk_x());
  secure_zero_stack(2048);  // the ladder's and the combiner's frames; stack-wipe: x25519 combiner sha3_256
  return out;
}

// Draft s5.4, Encapsulate: eseed = random(64).
Result<XWing::Encapsulation> XWing::encapsulate(const PublicKey& pk) noexcept {
  SecretArray<encaps_seed_bytes> eseed;
  if (auto r = random_bytes(eseed.span()); !r) return r.failure();
  return encaps_internal(pk, eseed.span());
}

// Draft s5.5, Decapsulate(ct, sk).
Result<XWing::SharedSecret> XWing::decapsulate(const PrivateKey& sk, std::span<const u8> ct) noexcept {
  if (ct.size() != ciphertext_bytes) return fail(Error::invalid_length, "X-Wing ciphertext");
  // Step 2: ct_M = ct[0:1088], ct_X = ct[1088:1120]. Step 3: ss_M = ML-KEM-768.Decapsulate.
  auto ss_m = MlKem::decapsulate(sk.sk_m_, ct.first(kCtM));
  if (!ss_m) return ss_m.failure();
  // Step 4: ss_X = X25519(sk_X, ct_X).
  const auto ct_x = ct.subspan(kCtM).first<32>();
  SecretArray<32> ss_x;
  x25519_raw(ss_x.span(), sk.sk_x_.span(), ct_x);
  // Step 5: ss = Combiner(ss_M, ss_X, ct_X, pk_X).
  Result<SharedSecret> out(std::in_place);
  combiner(out->span(), ss_m->span(), ss_x.span(), ct_x, sk.public_.pk_x());
  secure_zero_stack(2048);  // the ladder's and the combiner's frames; stack-wipe: x25519 combiner sha3_256
  return out;
}

}  // namespace tessera
