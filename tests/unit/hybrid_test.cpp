// The TLS 1.3 hybrid KEMs (include/tessera/hybrid.hpp). They have no official vectors: each
// is checked to be exactly the concatenation of its parts in the draft-ietf-tls-ecdhe-mlkem
// order, computed from fixed inputs by the components separately and, for the curve half,
// by OpenSSL's libcrypto; then round trips, private-key serialisation, and every malformed
// share rejected with its error.
#include <tessera/hybrid.hpp>

#include "support/hex.hpp"
#include "support/openssl_dh.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <type_traits>

namespace tessera {
namespace {

using test::Bytes;
using test::from_hex;
using u8 = std::uint8_t;

template <class S>
Bytes to_vec(const S& s) {
  return Bytes(s.begin(), s.end());
}
template <std::size_t N>
Bytes to_vec(const SecretArray<N>& s) {
  return Bytes(s.data(), s.data() + N);
}
Bytes concat(const Bytes& a, const Bytes& b) {
  Bytes out = a;
  out.insert(out.end(), b.begin(), b.end());
  return out;
}

// ---------------------------------------------------------------------------------------
// The TLS hybrids: layout, parts, OpenSSL, round trips, malformed shares.

// The curve half of a hybrid through OpenSSL: its public key from the private key, and the
// DH secret of a private key with a peer's public key.
template <class G>
struct OpensslHalf;
template <>
struct OpensslHalf<X25519> {
  static constexpr const char* group = "X25519";
};
template <>
struct OpensslHalf<EcdhP256> {
  static constexpr const char* group = "P-256";
};
template <>
struct OpensslHalf<EcdhP384> {
  static constexpr const char* group = "P-384";
};

template <class H>
struct Layout;
template <>
struct Layout<X25519MlKem768> {
  using MlKem = mlkem::MlKem768;
  using Dh = X25519;
  static constexpr bool mlkem_first = true;
};
template <>
struct Layout<SecP256r1MlKem768> {
  using MlKem = mlkem::MlKem768;
  using Dh = EcdhP256;
  static constexpr bool mlkem_first = false;
};
template <>
struct Layout<SecP384r1MlKem1024> {
  using MlKem = mlkem::MlKem1024;
  using Dh = EcdhP384;
  static constexpr bool mlkem_first = false;
};

template <class H>
class TlsHybrid : public ::testing::Test {};
using Hybrids = ::testing::Types<X25519MlKem768, SecP256r1MlKem768, SecP384r1MlKem1024>;
TYPED_TEST_SUITE(TlsHybrid, Hybrids);

// A valid DH private key of group G from a counter (in range for every curve).
template <class G>
Bytes dh_private(u8 tag) {
  Bytes d(G::private_key_bytes, 0);
  for (std::size_t i = 0; i < d.size(); ++i) d[i] = static_cast<u8>(0x11 * (i % 7) + tag);
  d[0] = 0x3c;  // below every order's top byte
  return d;
}
template <bool MlKemFirst>
Bytes in_order(const Bytes& mlkem_part, const Bytes& dh_part) {
  return MlKemFirst ? concat(mlkem_part, dh_part) : concat(dh_part, mlkem_part);
}

TYPED_TEST(TlsHybrid, IsTheConcatenationOfItsParts) {
  using H = TypeParam;
  using L = Layout<H>;
  using MlKem = typename L::MlKem;
  using Dh = typename L::Dh;
  constexpr bool kFirst = L::mlkem_first;
  const Bytes d(32, 0xd1), z(32, 0x2e), m(32, 0x6d);
  const Bytes dh_sk = dh_private<Dh>(1), dh_eph = dh_private<Dh>(2);

  // The parts on their own.
  auto mk = MlKem::keygen_internal(d, z);
  ASSERT_TRUE(mk);
  auto dk = Dh::PrivateKey::from_bytes(dh_sk);
  ASSERT_TRUE(dk);
  auto me = MlKem::encaps_internal(mk->public_key, m);
  ASSERT_TRUE(me);
  auto de = Dh::PrivateKey::from_bytes(dh_eph);
  ASSERT_TRUE(de);
  auto dss = Dh::agree(*de, dk->public_key());
  ASSERT_TRUE(dss);

  // The curve half agrees with OpenSSL: public keys and the DH secret.
  const char* group = OpensslHalf<Dh>::group;
  EXPECT_EQ(test::openssl_dh_public(group, dh_sk), to_vec(dk->public_key().bytes()));
  EXPECT_EQ(test::openssl_dh_public(group, dh_eph), to_vec(de->public_key().bytes()));
  EXPECT_EQ(test::openssl_dh_derive(group, dh_eph, to_vec(dk->public_key().bytes())), to_vec(*dss));

  // The hybrid from the same inputs.
  const Bytes seeds = in_order<kFirst>(concat(d, z), dh_sk);
  auto kp = H::keygen_internal(seeds);
  ASSERT_TRUE(kp) << kp.what();
  EXPECT_EQ(to_vec(kp->public_key.bytes()),
            in_order<kFirst>(to_vec(mk->public_key.bytes()), to_vec(dk->public_key().bytes())));
  EXPECT_EQ(to_vec(kp->private_key.bytes()), seeds);
  auto enc = H::encaps_internal(kp->public_key, in_order<kFirst>(m, dh_eph));
  ASSERT_TRUE(enc) << enc.what();
  EXPECT_EQ(to_vec(enc->ciphertext), in_order<kFirst>(to_vec(me->ciphertext), to_vec(de->public_key().bytes())));
  EXPECT_EQ(to_vec(enc->shared_secret), in_order<kFirst>(to_vec(me->shared_secret), to_vec(*dss)));
  auto ss = H::decapsulate(kp->private_key, enc->ciphertext);
  ASSERT_TRUE(ss);
  EXPECT_EQ(to_vec(*ss), to_vec(enc->shared_secret));
}

TYPED_TEST(TlsHybrid, RoundTripsAndSerialises) {
  using H = TypeParam;
  for (int i = 0; i < 4; ++i) {
    auto kp = H::generate_key();
    ASSERT_TRUE(kp);
    auto pk = H::PublicKey::from_bytes(kp->public_key.bytes());
    ASSERT_TRUE(pk);
    auto enc = H::encapsulate(*pk);
    ASSERT_TRUE(enc);
    auto sk = H::PrivateKey::from_bytes(kp->private_key.bytes().span());
    ASSERT_TRUE(sk);
    EXPECT_EQ(to_vec(sk->public_key().bytes()), to_vec(kp->public_key.bytes()));
    auto ss = H::decapsulate(*sk, enc->ciphertext);
    ASSERT_TRUE(ss);
    EXPECT_EQ(to_vec(*ss), to_vec(enc->shared_secret));
  }
}

TYPED_TEST(TlsHybrid, RejectsMalformedShares) {
  using H = TypeParam;
  using L = Layout<H>;
  constexpr bool kFirst = L::mlkem_first;
  constexpr std::size_t kMlKemPk = L::MlKem::public_key_bytes, kDhPk = L::Dh::public_key_bytes;
  constexpr std::size_t kMlKemCt = L::MlKem::ciphertext_bytes;
  auto kp = H::generate_key();
  ASSERT_TRUE(kp);
  const Bytes pk = to_vec(kp->public_key.bytes());
  auto enc = H::encapsulate(kp->public_key);
  ASSERT_TRUE(enc);
  const Bytes ct = to_vec(enc->ciphertext);
  const std::size_t dh_pk_at = kFirst ? kMlKemPk : 0, mlkem_pk_at = kFirst ? 0 : kDhPk;
  const std::size_t dh_ct_at = kFirst ? kMlKemCt : 0;

  // Wrong lengths, both directions.
  for (std::size_t n : {std::size_t{0}, pk.size() - 1, pk.size() + 1})
    EXPECT_EQ(H::PublicKey::from_bytes(test::resized(pk, n)).error(), Error::invalid_length) << n;
  for (std::size_t n : {std::size_t{0}, ct.size() - 1, ct.size() + 1})
    EXPECT_EQ(H::decapsulate(kp->private_key, test::resized(ct, n)).error(), Error::invalid_length) << n;
  EXPECT_EQ(H::PrivateKey::from_bytes(Bytes(H::private_key_bytes + 1)).error(), Error::invalid_length);

  // A bad ML-KEM encapsulation key (a coefficient >= q, FIPS 203 s7.2).
  Bytes bad_ek = pk;
  bad_ek[mlkem_pk_at] = 0xFF, bad_ek[mlkem_pk_at + 1] = 0x0F;
  EXPECT_EQ(H::PublicKey::from_bytes(bad_ek).error(), Error::invalid_key);

  // A DH public key that is no valid point / gives the all-zero X25519 secret.
  Bytes bad_dh_pk = pk, bad_dh_ct = ct;
  if constexpr (std::is_same_v<typename L::Dh, X25519>) {
    // Low-order u (0, 1, p - 1, and 0 + p as a non-canonical encoding): the all-zero secret.
    const Bytes p_minus_1 = from_hex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f");
    const Bytes p_plus_0 = from_hex("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f");
    Bytes zero(32, 0), one(32, 0);
    one[0] = 1;
    for (const Bytes& u : {zero, one, p_minus_1, p_plus_0}) {
      std::copy(u.begin(), u.end(), bad_dh_ct.begin() + static_cast<std::ptrdiff_t>(dh_ct_at));
      EXPECT_EQ(H::decapsulate(kp->private_key, bad_dh_ct).error(), Error::invalid_key) << test::to_hex(u);
      // The client share's X25519 key is any 32 bytes (RFC 7748 s5): the all-zero secret
      // shows at encapsulation.
      std::copy(u.begin(), u.end(), bad_dh_pk.begin() + static_cast<std::ptrdiff_t>(dh_pk_at));
      auto low = H::PublicKey::from_bytes(bad_dh_pk);
      ASSERT_TRUE(low);
      EXPECT_EQ(H::encapsulate(*low).error(), Error::invalid_key) << test::to_hex(u);
    }
  } else {
    bad_dh_pk[dh_pk_at + kDhPk - 1] ^= 1;  // y changed: off the curve
    EXPECT_EQ(H::PublicKey::from_bytes(bad_dh_pk).error(), Error::invalid_key);
    bad_dh_ct[dh_ct_at + kDhPk - 1] ^= 1;
    EXPECT_EQ(H::decapsulate(kp->private_key, bad_dh_ct).error(), Error::invalid_key);
    bad_dh_ct = ct;
    bad_dh_ct[dh_ct_at] = 0x02;  // a compressed prefix where the share is uncompressed
    EXPECT_EQ(H::decapsulate(kp->private_key, bad_dh_ct).error(), Error::invalid_encoding);
    std::fill(bad_dh_ct.begin() + static_cast<std::ptrdiff_t>(dh_ct_at),
              bad_dh_ct.begin() + static_cast<std::ptrdiff_t>(dh_ct_at + kDhPk), 0);  // no point (0x00...)
    EXPECT_EQ(H::decapsulate(kp->private_key, bad_dh_ct).error(), Error::invalid_encoding);
  }
  // A modified ML-KEM ciphertext is no error (implicit rejection): a different secret.
  Bytes other = ct;
  other[kFirst ? 0 : kDhPk] ^= 1;
  auto ss = H::decapsulate(kp->private_key, other);
  ASSERT_TRUE(ss);
  EXPECT_NE(to_vec(*ss), to_vec(enc->shared_secret));
}

TEST(TlsGroups, CodePoints) {
  EXPECT_EQ(X25519MlKem768::tls_group, 0x11EC);
  EXPECT_EQ(SecP256r1MlKem768::tls_group, 0x11EB);
  EXPECT_EQ(SecP384r1MlKem1024::tls_group, 0x11ED);
  EXPECT_STREQ(X25519MlKem768::name, "X25519MLKEM768");
  EXPECT_EQ(std::size(tls_groups), 6u);
}

}  // namespace
}  // namespace tessera
