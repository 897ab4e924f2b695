#include "support/openssl_dh.hpp"

#include "support/openssl_bn.hpp"

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>

#include <gtest/gtest.h>

#include <memory>
#include <string_view>

namespace tessera::test {
namespace {

using PKey = std::unique_ptr<EVP_PKEY, OpensslFree<EVP_PKEY, EVP_PKEY_free>>;
using PKeyCtx = std::unique_ptr<EVP_PKEY_CTX, OpensslFree<EVP_PKEY_CTX, EVP_PKEY_CTX_free>>;
using Group = EcGroup;
using Point = EcPoint;
// Private scalars: cleared when freed.
using SecretBn = std::unique_ptr<BIGNUM, OpensslFree<BIGNUM, BN_clear_free>>;

Group curve(std::string_view group) {
  return Group(EC_GROUP_new_by_curve_name(group == "P-256" ? NID_X9_62_prime256v1 : NID_secp384r1));
}
Bytes point_bytes(const EC_GROUP* g, const EC_POINT* p) {
  Bytes out(EC_POINT_point2oct(g, p, POINT_CONVERSION_UNCOMPRESSED, nullptr, 0, nullptr));
  EC_POINT_point2oct(g, p, POINT_CONVERSION_UNCOMPRESSED, out.data(), out.size(), nullptr);
  return out;
}

}  // namespace

Bytes openssl_dh_public(const char* group, const Bytes& priv) {
  if (std::string_view(group) == "X25519") {
    PKey key(EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, nullptr, priv.data(), priv.size()));
    Bytes out(32);
    std::size_t n = out.size();
    if (!key || EVP_PKEY_get_raw_public_key(key.get(), out.data(), &n) != 1) ADD_FAILURE() << "OpenSSL X25519 public key";
    return out;
  }
  Group g = curve(group);
  SecretBn d(BN_bin2bn(priv.data(), static_cast<int>(priv.size()), nullptr));
  Point q(EC_POINT_new(g.get()));
  if (!g || !d || !q || EC_POINT_mul(g.get(), q.get(), d.get(), nullptr, nullptr, nullptr) != 1) {
    ADD_FAILURE() << "OpenSSL EC_POINT_mul";
    return {};
  }
  return point_bytes(g.get(), q.get());
}

Bytes openssl_dh_derive(const char* group, const Bytes& priv, const Bytes& peer) {
  if (std::string_view(group) == "X25519") {
    PKey key(EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, nullptr, priv.data(), priv.size()));
    PKey other(EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, nullptr, peer.data(), peer.size()));
    PKeyCtx ctx(key ? EVP_PKEY_CTX_new(key.get(), nullptr) : nullptr);
    Bytes out(32);
    std::size_t n = out.size();
    if (!ctx || !other || EVP_PKEY_derive_init(ctx.get()) != 1 || EVP_PKEY_derive_set_peer(ctx.get(), other.get()) != 1 ||
        EVP_PKEY_derive(ctx.get(), out.data(), &n) != 1)
      ADD_FAILURE() << "OpenSSL X25519 derive";
    return out;
  }
  Group g = curve(group);
  SecretBn d(BN_bin2bn(priv.data(), static_cast<int>(priv.size()), nullptr));
  Point q(EC_POINT_new(g.get())), z(EC_POINT_new(g.get()));
  SecretBn x(BN_new());
  const std::size_t field = std::string_view(group) == "P-256" ? 32 : 48;
  Bytes out(field);
  if (!g || !d || !q || !z || !x || EC_POINT_oct2point(g.get(), q.get(), peer.data(), peer.size(), nullptr) != 1 ||
      EC_POINT_mul(g.get(), z.get(), nullptr, q.get(), d.get(), nullptr) != 1 ||
      EC_POINT_get_affine_coordinates(g.get(), z.get(), x.get(), nullptr, nullptr) != 1 ||
      BN_bn2binpad(x.get(), out.data(), static_cast<int>(out.size())) != static_cast<int>(field))
    ADD_FAILURE() << "OpenSSL ECDH";
  return out;
}

}  // namespace tessera::test
