// PKCS#1 DER strictness (RFC 8017 A.1, X.690 DER) of rsa::PublicKey::from_der and
// rsa::PrivateKey::from_der on the fixed 1024-bit key (rsa_test_support.hpp): every
// truncation and extension, other tags, non-minimal and indefinite lengths, negative and
// padded INTEGERs, the version field, missing and extra fields. Error codes as the header
// documents them: Error::invalid_encoding for malformed DER (version 1: Error::unsupported),
// Error::invalid_key for well-formed DER with a bad key.
#include <tessera/rsa.hpp>

#include "rsa_test_support.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace {

using namespace tessera;
using test::Bytes;
using test::RsaComponents;
using test::failed_with;

constexpr const char* kPubWhat = "RSA public key DER";
constexpr const char* kPrivWhat = "RSA private key DER";

RsaComponents fixed() { return test::components(test::rsa_keys::k1024); }

auto pub(const Bytes& der) { return rsa::PublicKey::from_der(der); }
auto priv(const Bytes& der) { return rsa::PrivateKey::from_der(der); }

// The private key's nine INTEGERs (version first) as minimal TLVs, to recombine.
std::vector<Bytes> private_fields(const RsaComponents& c) {
  std::vector<Bytes> f{test::der_integer(Bytes{0})};
  for (const Bytes* x : {&c.n, &c.e, &c.d, &c.p, &c.q, &c.dp, &c.dq, &c.qinv}) f.push_back(test::der_integer(*x));
  return f;
}
Bytes sequence_of(const std::vector<Bytes>& fields, int extra = 0) {
  Bytes content;
  for (const auto& f : fields) content.insert(content.end(), f.begin(), f.end());
  return test::der_tlv(0x30, content, extra);
}

TEST(RsaDer, ControlEncodingsAreAccepted) {
  const RsaComponents c = fixed();
  EXPECT_TRUE(pub(test::public_der(c)));
  EXPECT_TRUE(priv(test::private_der(c)));
  EXPECT_EQ(sequence_of(private_fields(c)), test::from_hex(test::rsa_keys::k1024_der));
  // Components with leading zero bytes are written minimally by the helpers: the same DER.
  EXPECT_EQ(test::der_integer(Bytes{0, 0, 0x7F}), test::from_hex("02017f"));
  EXPECT_EQ(test::der_integer(Bytes{0, 0x80}), test::from_hex("02020080"));
  EXPECT_EQ(test::der_integer(Bytes{0}), test::from_hex("020100"));
}

TEST(RsaDer, EveryTruncationIsRejected) {
  const Bytes pd = test::public_der(fixed());
  for (std::size_t len = 0; len < pd.size(); ++len)
    EXPECT_TRUE(failed_with(pub(Bytes(pd.begin(), pd.begin() + static_cast<std::ptrdiff_t>(len))),
                            Error::invalid_encoding, kPubWhat))
        << len;
  const Bytes sd = test::private_der(fixed());
  for (std::size_t len = 0; len < sd.size(); ++len)
    EXPECT_TRUE(failed_with(priv(Bytes(sd.begin(), sd.begin() + static_cast<std::ptrdiff_t>(len))),
                            Error::invalid_encoding, kPrivWhat))
        << len;
}

TEST(RsaDer, AppendedBytesAreRejected) {
  for (const Bytes& tail : {Bytes{0}, Bytes{1}, Bytes{0x30, 0x00}, Bytes{0x02, 0x01, 0x00}}) {
    Bytes pd = test::public_der(fixed());
    pd.insert(pd.end(), tail.begin(), tail.end());
    EXPECT_TRUE(failed_with(pub(pd), Error::invalid_encoding, kPubWhat)) << test::to_hex(tail);
    Bytes sd = test::private_der(fixed());
    sd.insert(sd.end(), tail.begin(), tail.end());
    EXPECT_TRUE(failed_with(priv(sd), Error::invalid_encoding, kPrivWhat)) << test::to_hex(tail);
  }
}

TEST(RsaDer, WrongTagsAreRejected) {
  const RsaComponents c = fixed();
  for (const std::uint8_t tag : {0x31, 0x10, 0x02, 0xA0, 0x04, 0x00}) {
    Bytes pd = test::public_der(c), sd = test::private_der(c);
    pd[0] = tag;
    sd[0] = tag;
    EXPECT_TRUE(failed_with(pub(pd), Error::invalid_encoding, kPubWhat)) << int{tag};
    EXPECT_TRUE(failed_with(priv(sd), Error::invalid_encoding, kPrivWhat)) << int{tag};
  }
  // An inner field that is not an INTEGER (BIT STRING, OCTET STRING, ENUMERATED).
  for (const std::uint8_t tag : {0x03, 0x04, 0x0A, 0x22}) {
    EXPECT_TRUE(failed_with(pub(test::der_sequence({test::der_integer(c.n), test::der_tlv(tag, c.e)})),
                            Error::invalid_encoding, kPubWhat));
    EXPECT_TRUE(failed_with(pub(test::der_sequence({test::der_tlv(tag, test::der_integer_content(c.n)), test::der_integer(c.e)})),
                            Error::invalid_encoding, kPubWhat));
    for (std::size_t i = 0; i < 9; ++i) {
      auto f = private_fields(c);
      f[i][0] = tag;
      EXPECT_TRUE(failed_with(priv(sequence_of(f)), Error::invalid_encoding, kPrivWhat)) << "field " << i;
    }
  }
}

// A long-form length where a shorter form fits: 0x81 for a length below 128, 0x82 with a
// leading zero octet, and three or more length octets.
TEST(RsaDer, NonMinimalLengthsAreRejected) {
  const RsaComponents c = fixed();
  const Bytes n = test::der_integer(c.n);
  // e (3 bytes) as 02 81 03 ... and 02 82 00 03 ...
  for (const int extra : {-1, 1, 2}) {
    const Bytes e_long = test::der_tlv(0x02, c.e, extra);
    EXPECT_TRUE(failed_with(pub(test::der_sequence({n, e_long})), Error::invalid_encoding, kPubWhat)) << extra;
    auto f = private_fields(c);
    f[2] = e_long;
    EXPECT_TRUE(failed_with(priv(sequence_of(f)), Error::invalid_encoding, kPrivWhat)) << extra;
    f = private_fields(c);
    f[0] = test::der_tlv(0x02, Bytes{0}, extra);  // version
    EXPECT_TRUE(failed_with(priv(sequence_of(f)), Error::invalid_encoding, kPrivWhat)) << extra;
  }
  // n (129 bytes, 02 81 81 ...) as 02 82 00 81 ...; the outer SEQUENCE (137 bytes) too.
  for (const int extra : {1, 2}) {
    EXPECT_TRUE(failed_with(pub(test::der_sequence({test::der_tlv(0x02, test::der_integer_content(c.n), extra),
                                                    test::der_integer(c.e)})),
                            Error::invalid_encoding, kPubWhat))
        << extra;
    EXPECT_TRUE(failed_with(pub(sequence_of({n, test::der_integer(c.e)}, extra)), Error::invalid_encoding, kPubWhat)) << extra;
    // The private SEQUENCE (604 bytes, 30 82 02 5c) as 30 83 00 02 5c.
    EXPECT_TRUE(failed_with(priv(sequence_of(private_fields(c), extra)), Error::invalid_encoding, kPrivWhat)) << extra;
  }
  // The helper's own minimal forms are accepted (a control for the cases above).
  EXPECT_TRUE(pub(sequence_of({n, test::der_integer(c.e)}, 0)));
  // Absurd lengths: 30 84 ff ff ff ff, 30 ff.
  EXPECT_TRUE(failed_with(pub(test::from_hex("3084ffffffff020100")), Error::invalid_encoding, kPubWhat));
  EXPECT_TRUE(failed_with(pub(test::from_hex("30ff")), Error::invalid_encoding, kPubWhat));
  EXPECT_TRUE(failed_with(priv(test::from_hex("3084ffffffff020100")), Error::invalid_encoding, kPrivWhat));
}

TEST(RsaDer, IndefiniteLengthIsRejected) {
  const RsaComponents c = fixed();
  // 30 80 <fields> 00 00 (BER's indefinite form).
  Bytes pd = test::concat({Bytes{0x30, 0x80}, test::der_integer(c.n), test::der_integer(c.e), Bytes{0, 0}});
  EXPECT_TRUE(failed_with(pub(pd), Error::invalid_encoding, kPubWhat));
  Bytes sd{0x30, 0x80};
  for (const auto& f : private_fields(c)) sd.insert(sd.end(), f.begin(), f.end());
  sd.insert(sd.end(), {0, 0});
  EXPECT_TRUE(failed_with(priv(sd), Error::invalid_encoding, kPrivWhat));
  // An INTEGER with 02 80.
  EXPECT_TRUE(failed_with(pub(test::der_sequence({test::der_integer(c.n), test::concat({Bytes{0x02, 0x80}, c.e, Bytes{0, 0}})})),
                          Error::invalid_encoding, kPubWhat));
}

TEST(RsaDer, NegativeIntegersAreRejected) {
  const RsaComponents c = fixed();
  // n's high bit is set: its content without the leading zero is a negative INTEGER.
  ASSERT_TRUE(c.n[0] & 0x80);
  const Bytes n_negative = test::der_tlv(0x02, c.n);
  EXPECT_TRUE(failed_with(pub(test::der_sequence({n_negative, test::der_integer(c.e)})), Error::invalid_encoding, kPubWhat));
  // e = -255 (ff 01), and e = -1.
  for (const Bytes& e : {Bytes{0xFF, 0x01}, Bytes{0xFF}, Bytes{0x81, 0x00, 0x01}})
    EXPECT_TRUE(failed_with(pub(test::der_sequence({test::der_integer(c.n), test::der_tlv(0x02, e)})),
                            Error::invalid_encoding, kPubWhat));
  // In the private key: n, p (high bit set), q, and a version of -1.
  ASSERT_TRUE((c.p[0] & 0x80) && (c.q[0] & 0x80));
  for (const std::size_t i : {1u, 4u, 5u}) {
    auto f = private_fields(c);
    const Bytes* x[] = {nullptr, &c.n, &c.e, &c.d, &c.p, &c.q};
    f[i] = test::der_tlv(0x02, *x[i]);
    EXPECT_TRUE(failed_with(priv(sequence_of(f)), Error::invalid_encoding, kPrivWhat)) << "field " << i;
  }
  auto f = private_fields(c);
  f[0] = test::der_tlv(0x02, Bytes{0xFF});
  EXPECT_TRUE(failed_with(priv(sequence_of(f)), Error::invalid_encoding, kPrivWhat));
}

TEST(RsaDer, PaddedAndEmptyIntegersAreRejected) {
  const RsaComponents c = fixed();
  auto padded = [](const Bytes& v) {  // one zero octet more than DER allows
    Bytes content = test::der_integer_content(v);
    content.insert(content.begin(), 0);
    return test::der_tlv(0x02, content);
  };
  EXPECT_TRUE(failed_with(pub(test::der_sequence({test::der_integer(c.n), padded(c.e)})), Error::invalid_encoding, kPubWhat));
  EXPECT_TRUE(failed_with(pub(test::der_sequence({padded(c.n), test::der_integer(c.e)})), Error::invalid_encoding, kPubWhat));
  EXPECT_TRUE(failed_with(pub(test::der_sequence({test::der_integer(c.n), test::der_tlv(0x02, Bytes{})})),
                          Error::invalid_encoding, kPubWhat));
  const Bytes* x[] = {nullptr, &c.n, &c.e, &c.d, &c.p, &c.q, &c.dp, &c.dq, &c.qinv};
  for (std::size_t i = 0; i < 9; ++i) {
    auto f = private_fields(c);
    f[i] = padded(i == 0 ? Bytes{0} : *x[i]);
    EXPECT_TRUE(failed_with(priv(sequence_of(f)), Error::invalid_encoding, kPrivWhat)) << "field " << i;
    f = private_fields(c);
    f[i] = test::der_tlv(0x02, Bytes{});
    EXPECT_TRUE(failed_with(priv(sequence_of(f)), Error::invalid_encoding, kPrivWhat)) << "field " << i;
  }
}

TEST(RsaDer, PrivateKeyVersion) {
  const RsaComponents c = fixed();
  EXPECT_TRUE(priv(test::private_der(c, 0)));
  // Version 1 (multi-prime, RFC 8017 A.1.2): unsupported; with otherPrimeInfos too.
  EXPECT_TRUE(failed_with(priv(test::private_der(c, 1)), Error::unsupported, "multi-prime"));
  auto f = private_fields(c);
  f[0] = test::der_integer(Bytes{1});
  f.push_back(test::der_sequence({test::der_sequence({test::der_integer(Bytes{7}), test::der_integer(Bytes{3}),
                                                      test::der_integer(Bytes{5})})}));
  EXPECT_TRUE(failed_with(priv(sequence_of(f)), Error::unsupported, "multi-prime"));
  // Any other version: malformed.
  for (const Bytes& v : {Bytes{2}, Bytes{3}, Bytes{0x7F}, Bytes{0x01, 0x00}, Bytes{0x00, 0x80}}) {
    f = private_fields(c);
    f[0] = test::der_integer(v);
    EXPECT_TRUE(failed_with(priv(sequence_of(f)), Error::invalid_encoding, kPrivWhat)) << test::to_hex(v);
  }
}

TEST(RsaDer, MissingAndExtraFieldsAreRejected) {
  const RsaComponents c = fixed();
  EXPECT_TRUE(failed_with(pub(test::der_sequence({test::der_integer(c.n)})), Error::invalid_encoding, kPubWhat));
  EXPECT_TRUE(failed_with(pub(test::der_sequence({})), Error::invalid_encoding, kPubWhat));
  EXPECT_TRUE(failed_with(pub(test::der_sequence({test::der_integer(c.n), test::der_integer(c.e), test::der_integer(c.e)})),
                          Error::invalid_encoding, kPubWhat));
  for (std::size_t drop = 0; drop < 9; ++drop) {
    auto f = private_fields(c);
    f.erase(f.begin() + static_cast<std::ptrdiff_t>(drop));
    EXPECT_TRUE(failed_with(priv(sequence_of(f)), Error::invalid_encoding, kPrivWhat)) << "without field " << drop;
  }
  // Version 0 with otherPrimeInfos (a tenth field) or any trailing element.
  for (const Bytes& extra : {test::der_sequence({}), test::der_integer(Bytes{1}), Bytes{0x05, 0x00}}) {
    auto f = private_fields(c);
    f.push_back(extra);
    EXPECT_TRUE(failed_with(priv(sequence_of(f)), Error::invalid_encoding, kPrivWhat)) << test::to_hex(extra);
  }
  // Each parser given the other's encoding.
  EXPECT_TRUE(failed_with(pub(test::private_der(c)), Error::invalid_encoding, kPubWhat));
  EXPECT_TRUE(failed_with(priv(test::public_der(c)), Error::invalid_encoding, "RSA private key DER"));
  EXPECT_TRUE(failed_with(pub(Bytes{}), Error::invalid_encoding, kPubWhat));
  EXPECT_TRUE(failed_with(priv(Bytes{}), Error::invalid_encoding, kPrivWhat));
}

// Well-formed DER whose values fail the key checks: Error::invalid_key, as from_components.
TEST(RsaDer, WellFormedButInvalidKeys) {
  RsaComponents c = fixed();
  RsaComponents even_e = c;
  even_e.e = test::from_hex("010000");
  EXPECT_TRUE(failed_with(pub(test::public_der(even_e)), Error::invalid_key, "RSA public exponent"));
  EXPECT_TRUE(failed_with(priv(test::private_der(even_e)), Error::invalid_key, "RSA public exponent"));
  RsaComponents bad_qinv = c;
  bad_qinv.qinv = test::be_add(c.qinv, Bytes{1});
  EXPECT_TRUE(failed_with(priv(test::private_der(bad_qinv)), Error::invalid_key, "qinv"));
  RsaComponents zero_n = c;
  zero_n.n = Bytes{0};
  EXPECT_TRUE(failed_with(pub(test::public_der(zero_n)), Error::invalid_key, "RSA modulus"));
  // And the untouched key loads after all the rejections.
  EXPECT_EQ(test::der_of(*priv(test::private_der(c))), test::from_hex(test::rsa_keys::k1024_der));
}

}  // namespace
