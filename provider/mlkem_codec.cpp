// The ML-KEM CodecKeyOps (codec_key.hpp): draft-ietf-lamps-kyber-certificates key formats
// over the KEM KEYMGMT's keydata (kem_key.hpp, KemKey<MlKemNNN>).
//   Section 4 (SubjectPublicKeyInfo): id-alg-ml-kem-512/768/1024 = 2.16.840.1.101.3.4.4.1-3
//     (NIST CSOR, kems), parameters absent; the BIT STRING is the raw ek (FIPS 203 s7.1).
//   Section 6 (private key): CHOICE { seed [0] IMPLICIT OCTET STRING (SIZE (64)) -- d || z,
//     expandedKey OCTET STRING -- dk (1632 / 2400 / 3168 bytes), both SEQUENCE { seed,
//     expandedKey } }. With `both`, the expanded key must be the one the seed gives
//     (Section 8: a consumer checks consistency), else the key is rejected.
// Sizes from FIPS 203, Table 3 (static_asserts in <tessera/mlkem.hpp>).
#include "codec_key.hpp"
#include "kem_key.hpp"
#include "kem_schemes.hpp"

#include <tessera/mlkem.hpp>

#include <openssl/crypto.h>

#include <cstring>
#include <new>

namespace tessera::provider {
namespace {

template <class K>
struct MlKemOid;
template <>
struct MlKemOid<mlkem::MlKem512> { static constexpr const char* oid = "2.16.840.1.101.3.4.4.1"; };
template <>
struct MlKemOid<mlkem::MlKem768> { static constexpr const char* oid = "2.16.840.1.101.3.4.4.2"; };
template <>
struct MlKemOid<mlkem::MlKem1024> { static constexpr const char* oid = "2.16.840.1.101.3.4.4.3"; };

template <class K>
struct MlKemCodec {
  using Key = KemKey<K>;
  static_assert(K::seed_bytes == 64, "draft-ietf-lamps-kyber-certificates s6: the seed is d || z, 64 bytes");
  static const Key* key(const void* k) noexcept { return static_cast<const Key*>(k); }

  static bool has_public(const void* k) noexcept { return key(k)->public_key() != nullptr; }
  static bool has_private(const void* k) noexcept { return key(k)->private_key.has_value(); }
  static std::span<const std::uint8_t> public_key(const void* k) noexcept {
    const auto* pk = key(k)->public_key();
    if (pk == nullptr) return {};
    return pk->bytes();
  }
  static bool seed(const void* k, std::span<std::uint8_t> out) noexcept {
    const auto& sk = key(k)->private_key;
    if (!sk || out.size() != K::seed_bytes) return false;
    return SeedForm<K>::write(*sk, out.template first<K::seed_bytes>());
  }
  static bool expanded(const void* k, std::span<std::uint8_t> out) noexcept {
    const auto& sk = key(k)->private_key;
    if (!sk || out.size() != K::private_key_bytes) return false;
    const auto dk = sk->bytes();  // SecretArray: wiped when it goes
    std::memcpy(out.data(), dk.data(), K::private_key_bytes);
    return true;
  }
  static void* from_public(void*, std::span<const std::uint8_t> pub) noexcept {
    auto pk = K::PublicKey::from_bytes(pub);  // FIPS 203 s7.2 (modulus check)
    if (!pk) {
      raise_failure(K::name, pk.failure());
      return nullptr;
    }
    auto* k = new (std::nothrow) Key{};
    if (k != nullptr) k->public_only.emplace(std::move(*pk));
    return k;
  }
  static void* from_private(void*, std::span<const std::uint8_t> seed, std::span<const std::uint8_t> expanded) noexcept {
    if (seed.empty() && expanded.empty()) {
      raise_error(K::name, PROV_R_MISSING_KEY, "no private key");
      return nullptr;
    }
    // FIPS 203 Algorithm 16 from the seed, or the s7.3 hash check of the expanded dk.
    auto sk = !seed.empty() ? K::PrivateKey::from_seed(seed) : K::PrivateKey::from_bytes(expanded);
    if (!sk) {
      raise_failure(K::name, sk.failure());
      return nullptr;
    }
    if (!seed.empty() && !expanded.empty()) {
      const auto dk = sk->bytes();
      if (expanded.size() != K::private_key_bytes ||
          CRYPTO_memcmp(dk.data(), expanded.data(), K::private_key_bytes) != 0) {
        raise_error(K::name, PROV_R_INVALID_KEY, "ML-KEM seed and expanded private key do not match");
        return nullptr;
      }
    }
    auto* k = new (std::nothrow) Key{};
    if (k != nullptr) k->private_key.emplace(std::move(*sk));
    return k;
  }
  static void free_key(void* k) noexcept { delete static_cast<Key*>(k); }
  static int export_key(void* k, int selection, OSSL_CALLBACK* cb, void* cbarg) noexcept {
    return export_kem_key<K>(*key(k), selection, cb, cbarg);
  }

  static constexpr CodecKeyOps ops() noexcept {
    return CodecKeyOps{K::name, KemNames<K>::names, MlKemOid<K>::oid, "ml-kem.output_formats",
                       K::public_key_bytes, K::seed_bytes, K::private_key_bytes, "dk", "ek",
                       has_public, has_private, public_key, seed, expanded,
                       from_public, from_private, free_key, export_key};
  }
};

}  // namespace

const CodecKeyOps kMlKem512Codec = MlKemCodec<mlkem::MlKem512>::ops();
const CodecKeyOps kMlKem768Codec = MlKemCodec<mlkem::MlKem768>::ops();
const CodecKeyOps kMlKem1024Codec = MlKemCodec<mlkem::MlKem1024>::ops();

}  // namespace tessera::provider
