// The seven KEMs the provider offers, and what OpenSSL needs to know about each beyond
// tessera::KemScheme: its algorithm names, the numbers an EVP_PKEY reports (bits,
// security bits) and the seed form of its private key.
//
// Names follow OpenSSL 3.5 (providers/implementations/include/prov/names.h) so a program
// written for 3.5's own ML-KEM runs unchanged on 3.0 with this provider; X-Wing, which 3.5
// lacks, has its draft name (draft-connolly-cfrg-xwing-kem). Numbers follow 3.5 as well:
// "bits" is the ML-KEM parameter (512/768/1024), "security-bits" the FIPS 203 category's
// classical strength (128/192/256), and a hybrid reports its ML-KEM half's numbers.
#pragma once

#include <tessera/concepts.hpp>
#include <tessera/hybrid.hpp>
#include <tessera/mlkem.hpp>
#include <tessera/secret.hpp>
#include <tessera/xwing.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

namespace tessera::provider {

// Every KEM the provider offers, in the order `openssl list` shows them.
template <class... K>
struct KemList {};
using AllKems = KemList<mlkem::MlKem512, mlkem::MlKem768, mlkem::MlKem1024, X25519MlKem768, SecP256r1MlKem768,
                        SecP384r1MlKem1024, XWing>;

template <class K>
struct KemNames;  // one specialisation per scheme below

template <>
struct KemNames<mlkem::MlKem512> {
  static constexpr const char* names = "ML-KEM-512:MLKEM512:id-alg-ml-kem-512:2.16.840.1.101.3.4.4.1";
  static constexpr const char* description = "Tessera ML-KEM-512 (FIPS 203)";
  static constexpr int bits = 512, security_bits = 128;
};
template <>
struct KemNames<mlkem::MlKem768> {
  static constexpr const char* names = "ML-KEM-768:MLKEM768:id-alg-ml-kem-768:2.16.840.1.101.3.4.4.2";
  static constexpr const char* description = "Tessera ML-KEM-768 (FIPS 203)";
  static constexpr int bits = 768, security_bits = 192;
};
template <>
struct KemNames<mlkem::MlKem1024> {
  static constexpr const char* names = "ML-KEM-1024:MLKEM1024:id-alg-ml-kem-1024:2.16.840.1.101.3.4.4.3";
  static constexpr const char* description = "Tessera ML-KEM-1024 (FIPS 203)";
  static constexpr int bits = 1024, security_bits = 256;
};
template <>
struct KemNames<X25519MlKem768> {
  static constexpr const char* names = "X25519MLKEM768";
  static constexpr const char* description = "Tessera X25519MLKEM768 (draft-ietf-tls-ecdhe-mlkem)";
  static constexpr int bits = 768, security_bits = 192;
};
template <>
struct KemNames<SecP256r1MlKem768> {
  static constexpr const char* names = "SecP256r1MLKEM768";
  static constexpr const char* description = "Tessera SecP256r1MLKEM768 (draft-ietf-tls-ecdhe-mlkem)";
  static constexpr int bits = 768, security_bits = 192;
};
template <>
struct KemNames<SecP384r1MlKem1024> {
  static constexpr const char* names = "SecP384r1MLKEM1024";
  static constexpr const char* description = "Tessera SecP384r1MLKEM1024 (draft-ietf-tls-ecdhe-mlkem)";
  static constexpr int bits = 1024, security_bits = 256;
};
template <>
struct KemNames<XWing> {
  static constexpr const char* names = "X-Wing:XWING";
  static constexpr const char* description = "Tessera X-Wing (draft-connolly-cfrg-xwing-kem)";
  static constexpr int bits = 768, security_bits = 192;
};

// ML-KEM keeps FIPS 203's two private forms apart: the 64-byte seed d || z ("seed") and
// the expanded dk ("priv"). The hybrids and X-Wing have one form, which is a seed.
template <class K>
concept SeparateSeedForm = requires(std::span<const std::uint8_t> s) { K::PrivateKey::from_seed(s); };

template <KemScheme K>
struct SeedForm {
  static constexpr std::size_t bytes = K::private_key_bytes;
  [[nodiscard]] static Result<typename K::PrivateKey> to_private(std::span<const std::uint8_t> s) noexcept {
    return K::PrivateKey::from_bytes(s);
  }
  // Writes the seed; false if the key has none.
  static bool write(const typename K::PrivateKey& sk, std::span<std::uint8_t, bytes> out) noexcept {
    const auto b = sk.bytes();
    for (std::size_t i = 0; i < bytes; ++i) out[i] = b[i];
    return true;
  }
};
template <KemScheme K>
  requires SeparateSeedForm<K>
struct SeedForm<K> {
  static constexpr std::size_t bytes = K::seed_bytes;
  [[nodiscard]] static Result<typename K::PrivateKey> to_private(std::span<const std::uint8_t> s) noexcept {
    return K::PrivateKey::from_seed(s);
  }
  static bool write(const typename K::PrivateKey& sk, std::span<std::uint8_t, bytes> out) noexcept {
    if (!sk.has_seed()) return false;  // imported in expanded form
    const auto seed = sk.seed();
    if (!seed) return false;
    for (std::size_t i = 0; i < bytes; ++i) out[i] = (*seed)[i];
    return true;
  }
};

// The "priv" parameter of a KEM key (OSSL_PKEY_PARAM_PRIV_KEY, provider-keymgmt(7)):
// by default the scheme's private key encoding (ML-KEM: the expanded dk of FIPS 203; X-Wing:
// its seed). `separate_seed`: "seed" is another form, exported beside "priv".
template <KemScheme K>
struct KemPrivateForm {
  static constexpr std::size_t bytes = K::private_key_bytes;
  static constexpr bool separate_seed = SeparateSeedForm<K>;
  [[nodiscard]] static Result<typename K::PrivateKey> to_private(std::span<const std::uint8_t> b) noexcept {
    return K::PrivateKey::from_bytes(b);
  }
  static bool write(const typename K::PrivateKey& sk, std::span<std::uint8_t, bytes> out) noexcept {
    const auto b = sk.bytes();
    for (std::size_t i = 0; i < bytes; ++i) out[i] = b[i];
    return true;
  }
};

// The size of the deterministic-encapsulation input ("ikme", OSSL_KEM_PARAM_IKME of
// OpenSSL 3.5): ML-KEM's m (FIPS 203, Algorithm 17), the hybrids' and X-Wing's eseed.
template <class K>
constexpr std::size_t encaps_seed_bytes() noexcept {
  if constexpr (requires { K::encaps_seed_bytes; }) return K::encaps_seed_bytes;
  else return mlkem::kMessageBytes;
}

// --- The hybrids' private key forms (draft-ietf-tls-ecdhe-mlkem groups) -----------------
// A hybrid's "seed" is Tessera's encoding, the two halves' seeds in share order; its "priv"
// is OpenSSL 3.5's: each half's own "priv" in share order (3.5's mlx_kmgmt.c exports and
// imports the concatenation of its ML-KEM and ECX/EC keys' "priv"), so
//   X25519MLKEM768      dk (2400) || X25519 scalar (32)           = 2432 bytes
//   SecP256r1MLKEM768   P-256 scalar (32, big-endian) || dk (2400) = 2432 bytes
//   SecP384r1MLKEM1024  P-384 scalar (48) || dk (3168)             = 3216 bytes
// A key imported from "priv" has an ML-KEM half in expanded form (FIPS 203 s7.3 checked)
// and no seed: it exports no "seed", and is copied half by half, never re-derived.
template <class Half>
struct HalfForm;  // one half of a hybrid::Concat
template <class K>
struct HalfForm<hybrid::MlKemHalf<K>> {
  static constexpr std::size_t priv_bytes = K::private_key_bytes;  // the expanded dk
  using PrivateKey = typename K::PrivateKey;
  static Result<PrivateKey> from_priv(std::span<const std::uint8_t> b) noexcept { return PrivateKey::from_bytes(b); }
  static SecretArray<priv_bytes> priv(const PrivateKey& sk) noexcept { return sk.bytes(); }
  static bool has_seed(const PrivateKey& sk) noexcept { return sk.has_seed(); }
};
template <class G>
struct HalfForm<hybrid::DhKem<G>> {
  static constexpr std::size_t priv_bytes = G::private_key_bytes;  // the scalar, which is the seed
  using PrivateKey = typename G::PrivateKey;
  static Result<PrivateKey> from_priv(std::span<const std::uint8_t> b) noexcept { return PrivateKey::from_bytes(b); }
  static SecretArray<priv_bytes> priv(const PrivateKey& sk) noexcept { return sk.bytes(); }
  static bool has_seed(const PrivateKey&) noexcept { return true; }
};

template <class K>
struct HybridParts : std::false_type {};
template <class First, class Second, const hybrid::Info& I>
struct HybridParts<hybrid::Concat<First, Second, I>> : std::true_type {
  using A = HalfForm<First>;
  using B = HalfForm<Second>;
};
template <class K>
concept Hybrid = HybridParts<K>::value;

template <KemScheme K>
  requires Hybrid<K>
struct KemPrivateForm<K> {
  using A = typename HybridParts<K>::A;
  using B = typename HybridParts<K>::B;
  static constexpr std::size_t bytes = A::priv_bytes + B::priv_bytes;
  static constexpr bool separate_seed = true;
  // Each half parsed and checked by Tessera (FIPS 203 s7.3; a NIST scalar in [1, n-1]).
  [[nodiscard]] static Result<typename K::PrivateKey> to_private(std::span<const std::uint8_t> b) noexcept {
    if (b.size() != bytes) return fail(Error::invalid_length, "hybrid private key (OpenSSL 3.5 layout)");
    auto a = A::from_priv(b.first(A::priv_bytes));
    if (!a) return a.failure();
    auto c = B::from_priv(b.subspan(A::priv_bytes));
    if (!c) return c.failure();
    return typename K::PrivateKey(std::move(*a), std::move(*c));
  }
  static bool write(const typename K::PrivateKey& sk, std::span<std::uint8_t, bytes> out) noexcept {
    const auto a = A::priv(sk.first());
    const auto c = B::priv(sk.second());
    for (std::size_t i = 0; i < A::priv_bytes; ++i) out[i] = a[i];
    for (std::size_t i = 0; i < B::priv_bytes; ++i) out[A::priv_bytes + i] = c[i];
    return true;
  }
};

// A hybrid's "seed" (its two seeds) exists only when its ML-KEM half was made from one.
template <KemScheme K>
  requires Hybrid<K>
struct SeedForm<K> {
  static constexpr std::size_t bytes = K::private_key_bytes;
  [[nodiscard]] static Result<typename K::PrivateKey> to_private(std::span<const std::uint8_t> s) noexcept {
    return K::PrivateKey::from_bytes(s);
  }
  static bool write(const typename K::PrivateKey& sk, std::span<std::uint8_t, bytes> out) noexcept {
    using P = HybridParts<K>;
    if (!P::A::has_seed(sk.first()) || !P::B::has_seed(sk.second())) return false;
    const auto b = sk.bytes();
    for (std::size_t i = 0; i < bytes; ++i) out[i] = b[i];
    return true;
  }
};

// A copy of a private key (EVP_PKEY_dup). ML-KEM copies the parsed key, a hybrid each
// half; X-Wing re-derives it from its seed (its encoding is the seed).
template <KemScheme K>
[[nodiscard]] Result<typename K::PrivateKey> clone_private(const typename K::PrivateKey& sk) noexcept {
  if constexpr (requires { sk.clone(); }) {
    return Result<typename K::PrivateKey>(std::in_place, sk.clone());
  } else if constexpr (Hybrid<K>) {
    return typename K::PrivateKey(sk.first().clone(), sk.second().clone());
  } else {
    const auto b = sk.bytes();
    return K::PrivateKey::from_bytes(b.span());
  }
}

}  // namespace tessera::provider
