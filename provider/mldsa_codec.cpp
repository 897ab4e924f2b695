// The ML-DSA CodecKeyOps (codec_key.hpp): RFC 9881 (draft-ietf-lamps-dilithium-
// certificates) key formats over the KEYMGMT keydata (mldsa_key.hpp). Sizes from FIPS 204,
// Table 2; the seed is xi (32 bytes), the expanded key skEncode (Algorithm 24).
#include "codec_key.hpp"
#include "mldsa_key.hpp"

#include <cstring>

namespace tessera::provider {
namespace {

template <class S>
struct MlDsaCodec {
  using Key = MlDsaKey<S>;
  static const Key* key(const void* k) noexcept { return static_cast<const Key*>(k); }

  static bool has_public(const void* k) noexcept { return key(k)->has_public(); }
  static bool has_private(const void* k) noexcept { return key(k)->has_private(); }
  static std::span<const std::uint8_t> public_key(const void* k) noexcept {
    const auto* pk = key(k)->public_key();
    if (pk == nullptr) return {};
    return pk->bytes();
  }
  static bool seed(const void* k, std::span<std::uint8_t> out) noexcept {
    const auto* sk = key(k)->private_key();
    if (sk == nullptr || !sk->has_seed() || out.size() != S::seed_bytes) return false;
    const auto xi = sk->seed();
    if (!xi) return false;
    std::memcpy(out.data(), xi->data(), S::seed_bytes);
    return true;
  }
  static bool expanded(const void* k, std::span<std::uint8_t> out) noexcept {
    const auto* sk = key(k)->private_key();
    if (sk == nullptr || out.size() != S::private_key_bytes) return false;
    const auto bytes = sk->bytes();
    std::memcpy(out.data(), bytes.data(), S::private_key_bytes);
    return true;
  }
  static void* from_public(void*, std::span<const std::uint8_t> pub) noexcept {
    Key* k = Key::make_empty();
    if (k != nullptr && !k->set_public(pub)) {
      delete k;
      return nullptr;
    }
    return k;
  }
  // RFC 9881 Section 6: with `both`, the expanded key must be the one the seed gives.
  static void* from_private(void*, std::span<const std::uint8_t> seed, std::span<const std::uint8_t> expanded) noexcept {
    Key* k = Key::make_empty();
    if (k == nullptr) return nullptr;
    const bool ok = !seed.empty() && !expanded.empty() ? k->set_seed_and_expanded(seed, expanded)
                    : !seed.empty()                    ? k->set_seed(seed)
                                                       : k->set_expanded(expanded);
    if (!ok) {
      delete k;
      return nullptr;
    }
    return k;
  }
  static void free_key(void* k) noexcept { delete static_cast<Key*>(k); }
  static int export_key(void* k, int selection, OSSL_CALLBACK* cb, void* cbarg) noexcept {
    return export_mldsa_key(*key(k), selection, cb, cbarg);
  }

  static constexpr CodecKeyOps ops() noexcept {
    return CodecKeyOps{MlDsaNames<S>::name, MlDsaNames<S>::names, MlDsaNames<S>::oid, "ml-dsa.output_formats",
                       S::public_key_bytes, S::seed_bytes, S::private_key_bytes, "priv", "pub",
                       has_public, has_private, public_key, seed, expanded,
                       from_public, from_private, free_key, export_key};
  }
};

}  // namespace

const CodecKeyOps kMlDsa44Codec = MlDsaCodec<MlDsa44>::ops();
const CodecKeyOps kMlDsa65Codec = MlDsaCodec<MlDsa65>::ops();
const CodecKeyOps kMlDsa87Codec = MlDsaCodec<MlDsa87>::ops();

}  // namespace tessera::provider
