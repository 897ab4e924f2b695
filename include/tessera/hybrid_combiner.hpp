// The one combiner behind the TLS 1.3 hybrid key exchanges (draft-ietf-tls-ecdhe-mlkem):
// two KEMs side by side, their encodings and shared secrets concatenated in a fixed order.
//
//   Concat<First, Second, Info>   public key   = First.pk || Second.pk     (the client share)
//                                 ciphertext   = First.ct || Second.ct     (the server share)
//                                 shared secret = First.ss || Second.ss
//                                 private key  = First seed || Second seed
//
// A Diffie-Hellman group (X25519, P-256, P-384) becomes a KEM through DhKem<G>: its
// "ciphertext" is an ephemeral public key and its shared secret the DH output, which is how
// TLS 1.3 uses it (RFC 8446, s4.2.8). The hybrid satisfies KemScheme itself, so ML-KEM,
// FrodoKEM and every hybrid go through the same code in the provider and the benchmark.
//
// Every received share is parsed and checked by its half before anything is computed
// (ML-KEM: the FIPS 203 s7.2 modulus check; P-256/P-384: SP 800-56A r3 5.6.2.3.3 full
// public-key validation; X25519: the all-zero shared secret of RFC 7748 s6.1 is an error),
// and on any error nothing is output: the Result holds only the error.
#pragma once

#include <tessera/concepts.hpp>
#include <tessera/mlkem.hpp>
#include <tessera/random.hpp>
#include <tessera/result.hpp>
#include <tessera/secret.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>

namespace tessera::hybrid {

// What a Diffie-Hellman group offers (X25519, tessera::ec::Ecdh<P256>, ...): key objects
// and agree(), which validates nothing more (the public key was checked when it was parsed)
// and rejects an all-zero or identity result with an Error.
template <class G>
concept DiffieHellman = detail::KeyObjects<G> && requires(const typename G::PrivateKey& sk, const typename G::PublicKey& pk,
                                                          std::span<const std::uint8_t> bytes) {
  { G::shared_secret_bytes } -> std::convertible_to<std::size_t>;
  { G::agree(sk, pk) } -> std::same_as<Result<SecretArray<G::shared_secret_bytes>>>;
};

// A DH group as a KEM (RFC 8446, s4.2.8: the key share is an ephemeral public key). The
// private key bytes are the group's private key encoding, which is its seed as well.
template <DiffieHellman G>
struct DhKem {
  static constexpr const char* name = G::name;
  static constexpr std::size_t public_key_bytes = G::public_key_bytes;
  static constexpr std::size_t private_key_bytes = G::private_key_bytes;
  static constexpr std::size_t ciphertext_bytes = G::public_key_bytes;  // the ephemeral public key
  static constexpr std::size_t shared_secret_bytes = G::shared_secret_bytes;
  static constexpr std::size_t seed_bytes = G::private_key_bytes;
  static constexpr std::size_t encaps_seed_bytes = G::private_key_bytes;  // the ephemeral private key
  static constexpr bool checks_ciphertext = true;  // a share that is no valid public key is an error

  using PublicKey = typename G::PublicKey;
  using PrivateKey = typename G::PrivateKey;
  using KeyPair = typename G::KeyPair;
  using SharedSecret = SecretArray<shared_secret_bytes>;
  using Ciphertext = std::array<std::uint8_t, ciphertext_bytes>;
  struct Encapsulation {
    Ciphertext ciphertext;
    SharedSecret shared_secret;
  };

  [[nodiscard]] static Result<KeyPair> generate_key() noexcept { return G::generate_key(); }
  // A hybrid's half: the private key alone (it holds its public key).
  [[nodiscard]] static Result<PrivateKey> generate_private() noexcept {
    auto kp = G::generate_key();
    if (!kp) return kp.failure();
    return std::move(kp->private_key);
  }

  // An ephemeral key pair e; ciphertext = e's public key, shared secret = DH(e, pk).
  [[nodiscard]] static Result<Encapsulation> encapsulate(const PublicKey& pk) noexcept {
    auto eph = G::generate_key();
    if (!eph) return eph.failure();
    return encapsulate_with(pk, eph->private_key);
  }
  // The same with the ephemeral private key given (tests, known-answer checks).
  [[nodiscard]] static Result<Encapsulation> encaps_internal(const PublicKey& pk,
                                                             std::span<const std::uint8_t> eph_private) noexcept {
    auto eph = PrivateKey::from_bytes(eph_private);
    if (!eph) return eph.failure();
    return encapsulate_with(pk, *eph);
  }
  // ct is the peer's ephemeral public key: parsed and validated, then DH(sk, ct).
  [[nodiscard]] static Result<SharedSecret> decapsulate(const PrivateKey& sk, std::span<const std::uint8_t> ct) noexcept {
    auto peer = PublicKey::from_bytes(ct);
    if (!peer) return peer.failure();
    return G::agree(sk, *peer);
  }

  static Result<PrivateKey> private_from_seed(std::span<const std::uint8_t> seed) noexcept {
    return PrivateKey::from_bytes(seed);
  }
  static void write_seed(const PrivateKey& sk, std::span<std::uint8_t, seed_bytes> out) noexcept {
    const auto bytes = sk.bytes();
    for (std::size_t i = 0; i < seed_bytes; ++i) out[i] = bytes[i];
  }

 private:
  static Result<Encapsulation> encapsulate_with(const PublicKey& pk, const PrivateKey& eph) noexcept {
    Result<Encapsulation> out(std::in_place);
    auto ss = G::agree(eph, pk);
    if (!ss) return ss.failure();
    const auto eph_pk = eph.public_key().bytes();
    for (std::size_t i = 0; i < ciphertext_bytes; ++i) out->ciphertext[i] = eph_pk[i];
    out->shared_secret = std::move(*ss);
    return out;
  }
};

// ML-KEM as a half of a hybrid: its private key is kept as the 64-byte seed d || z (the form
// OpenSSL 3.5 and BoringSSL store), its encapsulation randomness is m (FIPS 203, Algorithm 17).
template <class K>
struct MlKemHalf : K {
  static constexpr std::size_t seed_bytes = K::seed_bytes;
  static constexpr std::size_t encaps_seed_bytes = 32;
  static constexpr bool checks_ciphertext = false;  // implicit rejection: any ciphertext decapsulates
  static Result<typename K::PrivateKey> private_from_seed(std::span<const std::uint8_t> seed) noexcept {
    return K::PrivateKey::from_seed(seed);
  }
  static void write_seed(const typename K::PrivateKey& sk, std::span<std::uint8_t, seed_bytes> out) noexcept {
    const auto seed = sk.seed();  // a hybrid's ML-KEM half is always made from its seed
    for (std::size_t i = 0; i < seed_bytes; ++i) out[i] = seed ? (*seed)[i] : 0;
  }
  // A hybrid's half: FIPS 203, Algorithm 19 (d, z random, then KeyGen_internal) into the
  // private key alone, without the KeyPair's copy of the encapsulation key.
  [[nodiscard]] static Result<typename K::PrivateKey> generate_private() noexcept {
    SecretArray<seed_bytes> dz;
    if (!random_bytes(dz.span())) return fail(Error::randomness_failure, "ML-KEM d, z");
    return K::PrivateKey::from_seed(dz.span());
  }
};

// The name and TLS 1.3 NamedGroup code point of a hybrid (IANA TLS Supported Groups).
struct Info {
  const char* name;
  std::uint16_t tls_group;
};

template <class First, class Second, const Info& I>
class Concat {
 public:
  static constexpr const char* name = I.name;
  static constexpr std::uint16_t tls_group = I.tls_group;
  static constexpr std::size_t public_key_bytes = First::public_key_bytes + Second::public_key_bytes;
  static constexpr std::size_t ciphertext_bytes = First::ciphertext_bytes + Second::ciphertext_bytes;
  static constexpr std::size_t shared_secret_bytes = First::shared_secret_bytes + Second::shared_secret_bytes;
  static constexpr std::size_t private_key_bytes = First::seed_bytes + Second::seed_bytes;
  static constexpr std::size_t encaps_seed_bytes = First::encaps_seed_bytes + Second::encaps_seed_bytes;

  using SharedSecret = SecretArray<shared_secret_bytes>;
  using Ciphertext = std::array<std::uint8_t, ciphertext_bytes>;

  // The client's key share: both halves parsed and checked.
  class PublicKey {
   public:
    [[nodiscard]] static Result<PublicKey> from_bytes(std::span<const std::uint8_t> b) noexcept {
      if (b.size() != public_key_bytes) return fail(Error::invalid_length, "hybrid public key (client key share)");
      auto first = First::PublicKey::from_bytes(b.first(First::public_key_bytes));
      if (!first) return first.failure();
      auto second = Second::PublicKey::from_bytes(b.subspan(First::public_key_bytes));
      if (!second) return second.failure();
      return Result<PublicKey>(std::in_place, std::move(*first), std::move(*second));
    }
    std::span<const std::uint8_t, public_key_bytes> bytes() const noexcept { return bytes_; }
    const typename First::PublicKey& first() const noexcept { return first_; }
    const typename Second::PublicKey& second() const noexcept { return second_; }

    PublicKey(typename First::PublicKey&& a, typename Second::PublicKey&& b) noexcept
        : first_(std::move(a)), second_(std::move(b)) {
      encode();
    }
    PublicKey(const typename First::PublicKey& a, const typename Second::PublicKey& b) noexcept
        : first_(a), second_(b) {
      encode();
    }

   private:
    void encode() noexcept {
      const auto pa = first_.bytes();
      const auto pb = second_.bytes();
      for (std::size_t i = 0; i < First::public_key_bytes; ++i) bytes_[i] = pa[i];
      for (std::size_t i = 0; i < Second::public_key_bytes; ++i) bytes_[First::public_key_bytes + i] = pb[i];
    }
    typename First::PublicKey first_;
    typename Second::PublicKey second_;
    std::array<std::uint8_t, public_key_bytes> bytes_{};
  };

  // Both halves' private keys and the public key they give; the encoding is the two seeds.
  class PrivateKey {
   public:
    [[nodiscard]] static Result<PrivateKey> from_bytes(std::span<const std::uint8_t> b) noexcept {
      return from_seeds<PrivateKey>(b);
    }
    SecretArray<private_key_bytes> bytes() const noexcept {
      SecretArray<private_key_bytes> out;
      First::write_seed(first_, out.span().template first<First::seed_bytes>());
      Second::write_seed(second_, out.span().template subspan<First::seed_bytes>());
      return out;
    }
    const PublicKey& public_key() const noexcept { return public_; }
    const typename First::PrivateKey& first() const noexcept { return first_; }
    const typename Second::PrivateKey& second() const noexcept { return second_; }

    PrivateKey(typename First::PrivateKey&& a, typename Second::PrivateKey&& b) noexcept
        : first_(std::move(a)), second_(std::move(b)), public_(first_.public_key(), second_.public_key()) {}

   private:
    typename First::PrivateKey first_;
    typename Second::PrivateKey second_;
    PublicKey public_;
  };

  // Built in place inside the Result that returns it (a key pair of ML-KEM-768 with its
  // matrix cached is over 20 KiB: every move copies it).
  struct KeyPair {
    PublicKey public_key;
    PrivateKey private_key;
    explicit KeyPair(PrivateKey&& sk) noexcept : public_key(sk.public_key()), private_key(std::move(sk)) {}
    KeyPair(typename First::PrivateKey&& a, typename Second::PrivateKey&& b) noexcept
        : public_key(a.public_key(), b.public_key()), private_key(std::move(a), std::move(b)) {}
  };
  struct Encapsulation {
    Ciphertext ciphertext;
    SharedSecret shared_secret;
  };

  [[nodiscard]] static Result<KeyPair> generate_key() noexcept {
    auto first = First::generate_private();
    if (!first) return first.failure();
    auto second = Second::generate_private();
    if (!second) return second.failure();
    return Result<KeyPair>(std::in_place, std::move(*first), std::move(*second));
  }

  // Deterministic key generation from the two seeds (the private key encoding).
  [[nodiscard]] static Result<KeyPair> keygen_internal(std::span<const std::uint8_t> seeds) noexcept {
    return from_seeds<KeyPair>(seeds);
  }

  [[nodiscard]] static Result<Encapsulation> encapsulate(const PublicKey& pk) noexcept {
    auto first = First::encapsulate(pk.first());
    if (!first) return first.failure();
    auto second = Second::encapsulate(pk.second());
    if (!second) return second.failure();
    return join(*first, *second);
  }
  // Deterministic encapsulation: First's randomness || Second's (ML-KEM: m; DH: the
  // ephemeral private key).
  [[nodiscard]] static Result<Encapsulation> encaps_internal(const PublicKey& pk,
                                                             std::span<const std::uint8_t> randomness) noexcept {
    if (randomness.size() != encaps_seed_bytes) return fail(Error::invalid_length, "hybrid encapsulation randomness");
    auto first = First::encaps_internal(pk.first(), randomness.first(First::encaps_seed_bytes));
    if (!first) return first.failure();
    auto second = Second::encaps_internal(pk.second(), randomness.subspan(First::encaps_seed_bytes));
    if (!second) return second.failure();
    return join(*first, *second);
  }

  // The server's key share. The half that can reject its share (the DH public key: off the
  // curve, or an all-zero X25519 result) runs first, so a bad share leaves First's secret
  // uncomputed; ML-KEM accepts any ciphertext of its length (implicit rejection).
  [[nodiscard]] static Result<SharedSecret> decapsulate(const PrivateKey& sk, std::span<const std::uint8_t> ct) noexcept {
    if (ct.size() != ciphertext_bytes) return fail(Error::invalid_length, "hybrid ciphertext (server key share)");
    const auto ct_first = ct.first(First::ciphertext_bytes);
    const auto ct_second = ct.subspan(First::ciphertext_bytes);
    if constexpr (Second::checks_ciphertext && !First::checks_ciphertext) {
      auto second = Second::decapsulate(sk.second(), ct_second);
      if (!second) return second.failure();
      auto first = First::decapsulate(sk.first(), ct_first);
      if (!first) return first.failure();
      return concat_secrets(*first, *second);
    } else {
      auto first = First::decapsulate(sk.first(), ct_first);
      if (!first) return first.failure();
      auto second = Second::decapsulate(sk.second(), ct_second);
      if (!second) return second.failure();
      return concat_secrets(*first, *second);
    }
  }

 private:
  // The private key encoding (First's seed || Second's) into a T (PrivateKey or KeyPair)
  // built in place from the two halves' private keys.
  template <class T>
  static Result<T> from_seeds(std::span<const std::uint8_t> b) noexcept {
    if (b.size() != private_key_bytes) return fail(Error::invalid_length, "hybrid private key (the two seeds)");
    auto first = First::private_from_seed(b.first(First::seed_bytes));
    if (!first) return first.failure();
    auto second = Second::private_from_seed(b.subspan(First::seed_bytes));
    if (!second) return second.failure();
    return Result<T>(std::in_place, std::move(*first), std::move(*second));
  }
  template <class A, class B>
  static Result<SharedSecret> concat_secrets(const A& a, const B& b) noexcept {
    Result<SharedSecret> out(std::in_place);
    copy_secrets(out->span(), a, b);
    return out;
  }
  template <class A, class B>
  static void copy_secrets(std::span<std::uint8_t, shared_secret_bytes> out, const A& a, const B& b) noexcept {
    for (std::size_t i = 0; i < First::shared_secret_bytes; ++i) out[i] = a[i];
    for (std::size_t i = 0; i < Second::shared_secret_bytes; ++i) out[First::shared_secret_bytes + i] = b[i];
  }
  template <class A, class B>
  static Result<Encapsulation> join(const A& a, const B& b) noexcept {
    Result<Encapsulation> out(std::in_place);
    for (std::size_t i = 0; i < First::ciphertext_bytes; ++i) out->ciphertext[i] = a.ciphertext[i];
    for (std::size_t i = 0; i < Second::ciphertext_bytes; ++i) out->ciphertext[First::ciphertext_bytes + i] = b.ciphertext[i];
    copy_secrets(out->shared_secret.span(), a.shared_secret, b.shared_secret);
    return out;
  }
};

}  // namespace tessera::hybrid
