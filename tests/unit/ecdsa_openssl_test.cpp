// ECDSA differential tests against OpenSSL's libcrypto (the system's, 3.0): the same keys
// (public keys OpenSSL computes from Tessera's private keys), Tessera's signatures verified
// by OpenSSL (ECDSA_do_verify) and OpenSSL's (ECDSA_do_sign) by Tessera, byte-identical DER
// both ways (i2d_ECDSA_SIG / d2i_ECDSA_SIG), a few hundred random messages per curve and
// hash, and the group orders compared with EC_GROUP_get0_order.
#include <tessera/ecdsa.hpp>

#include "ec/message_hash.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#if TESSERA_TEST_HAVE_OPENSSL
#define OPENSSL_SUPPRESS_DEPRECATED 1  // EC_KEY / ECDSA_SIG: the direct way to set a raw key
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/obj_mac.h>
#endif

#include <random>
#include <vector>

namespace {

using namespace tessera;
using namespace tessera::ec;
using test::Bytes;

#if TESSERA_TEST_HAVE_OPENSSL

template <class C> int nid();
template <> int nid<P256>() { return NID_X9_62_prime256v1; }
template <> int nid<P384>() { return NID_secp384r1; }

Bytes bn_bytes(const BIGNUM* b, std::size_t n) {
  Bytes out(n);
  EXPECT_EQ(BN_bn2binpad(b, out.data(), static_cast<int>(n)), static_cast<int>(n));
  return out;
}

template <class C>
void check_order() {
  EC_GROUP* g = EC_GROUP_new_by_curve_name(nid<C>());
  ASSERT_NE(g, nullptr);
  const Bytes n = bn_bytes(EC_GROUP_get0_order(g), C::scalar_bytes);
  EXPECT_EQ(n, Bytes(GroupOrder<C>::n.begin(), GroupOrder<C>::n.end())) << C::name;
  EC_GROUP_free(g);
}
TEST(EcdsaOpenSsl, GroupOrders) {
  check_order<P256>();
  check_order<P384>();
}

// An OpenSSL EC_KEY holding Tessera's private key d, with the public key OpenSSL computes.
EC_KEY* openssl_key(int curve, std::span<const std::uint8_t> d) {
  EC_KEY* key = EC_KEY_new_by_curve_name(curve);
  BIGNUM* bn = BN_bin2bn(d.data(), static_cast<int>(d.size()), nullptr);
  const EC_GROUP* g = EC_KEY_get0_group(key);
  EC_POINT* q = EC_POINT_new(g);
  EC_POINT_mul(g, q, bn, nullptr, nullptr, nullptr);
  EC_KEY_set_private_key(key, bn);
  EC_KEY_set_public_key(key, q);
  EC_POINT_free(q);
  BN_clear_free(bn);
  return key;
}

template <class C, class H>
void differential(int rounds, std::uint32_t seed) {
  using E = Ecdsa<C, H>;
  constexpr std::size_t sb = C::scalar_bytes;
  std::mt19937 rng(seed);
  int checked = 0;
  for (int i = 0; i < rounds; ++i) {
    auto kp = E::generate_key();
    ASSERT_TRUE(kp);
    const auto d = kp->private_key.bytes();
    EC_KEY* key = openssl_key(nid<C>(), d.span());
    // Same public key.
    std::vector<std::uint8_t> pub(E::public_key_bytes);
    ASSERT_EQ(EC_POINT_point2oct(EC_KEY_get0_group(key), EC_KEY_get0_public_key(key), POINT_CONVERSION_UNCOMPRESSED,
                                 pub.data(), pub.size(), nullptr),
              pub.size());
    EXPECT_EQ(test::to_hex(pub), test::to_hex(kp->public_key.bytes()));

    const Bytes msg = test::random_bytes_vec(rng, static_cast<std::size_t>(rng() % 300));
    typename E::Digest digest;
    E::hash(msg, digest);

    // Tessera signs (hedged on even rounds, deterministic on odd), OpenSSL verifies.
    auto sig = (i % 2 == 0 || !E::has_deterministic) ? E::sign(kp->private_key, msg) : [&] {
      if constexpr (E::has_deterministic) return E::sign_deterministic(kp->private_key, msg);
      else return E::sign(kp->private_key, msg);
    }();
    ASSERT_TRUE(sig);
    ECDSA_SIG* os = ECDSA_SIG_new();
    ECDSA_SIG_set0(os, BN_bin2bn(sig->data(), sb, nullptr), BN_bin2bn(sig->data() + sb, sb, nullptr));
    EXPECT_EQ(ECDSA_do_verify(digest.data(), static_cast<int>(digest.size()), os, key), 1) << C::name << " round " << i;
    // Byte-identical DER.
    unsigned char* der = nullptr;
    const int der_len = i2d_ECDSA_SIG(os, &der);
    ASSERT_GT(der_len, 0);
    auto ours = E::to_der(*sig);
    ASSERT_TRUE(ours);
    EXPECT_EQ(test::to_hex(ours->bytes()), test::to_hex(std::span<const std::uint8_t>(der, static_cast<std::size_t>(der_len))));
    OPENSSL_free(der);
    ECDSA_SIG_free(os);

    // OpenSSL signs, Tessera verifies (raw and DER), and a changed message fails for both.
    ECDSA_SIG* theirs = ECDSA_do_sign(digest.data(), static_cast<int>(digest.size()), key);
    ASSERT_NE(theirs, nullptr);
    typename E::Signature raw{};
    const BIGNUM *r = nullptr, *s = nullptr;
    ECDSA_SIG_get0(theirs, &r, &s);
    const Bytes rb = bn_bytes(r, sb), sbytes = bn_bytes(s, sb);
    std::copy(rb.begin(), rb.end(), raw.begin());
    std::copy(sbytes.begin(), sbytes.end(), raw.begin() + sb);
    EXPECT_TRUE(E::verify(kp->public_key, msg, raw)) << C::name << " round " << i;
    EXPECT_TRUE(E::verify_digest(kp->public_key, digest, raw));
    der = nullptr;
    const int their_der_len = i2d_ECDSA_SIG(theirs, &der);
    ASSERT_GT(their_der_len, 0);
    const std::span<const std::uint8_t> their_der(der, static_cast<std::size_t>(their_der_len));
    EXPECT_TRUE(E::verify_der(kp->public_key, msg, their_der));
    auto parsed = E::from_der(their_der);
    ASSERT_TRUE(parsed) << parsed.what();
    EXPECT_EQ(*parsed, raw);
    Bytes other = msg;
    other.push_back(1);
    EXPECT_FALSE(E::verify(kp->public_key, other, raw));
    OPENSSL_free(der);
    ECDSA_SIG_free(theirs);
    EC_KEY_free(key);
    ++checked;
  }
  EXPECT_EQ(checked, rounds);
}

TEST(EcdsaOpenSsl, P256Sha256) { differential<P256, Sha256>(300, 1); }
TEST(EcdsaOpenSsl, P384Sha384) { differential<P384, Sha384>(300, 2); }
// Hashes longer and shorter than the order (bits2int truncation and padding), SHA-3.
TEST(EcdsaOpenSsl, P256Sha512) { differential<P256, Sha512>(100, 3); }
TEST(EcdsaOpenSsl, P256Sha224) { differential<P256, Sha224>(100, 4); }
TEST(EcdsaOpenSsl, P384Sha256) { differential<P384, Sha256>(100, 5); }
TEST(EcdsaOpenSsl, P384Sha3_512) { differential<P384, Sha3_512>(100, 6); }
TEST(EcdsaOpenSsl, P256Shake128) { differential<P256, Shake128_256>(100, 7); }

#else
TEST(EcdsaOpenSsl, Differential) { GTEST_SKIP() << "OpenSSL libcrypto >= 3.0 not found at configure time"; }
#endif

}  // namespace
