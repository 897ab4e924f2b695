// ECDSA signature codecs and message hashing (src/ec/der_signature.*, message_hash.hpp): DER
// round trips (minimal encodings), every non-canonical DER form rejected with its own
// message and zeroed outputs, mutated encodings either rejected or re-encoding to
// themselves, P1363 lengths, bits2int and the constant-time range mask.
#include "ec/der_signature.hpp"
#include "ec/message_hash.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <string>

namespace {

using namespace tessera;
using namespace tessera::ec;
using test::Bytes;
using test::from_hex;

// ---- DER -------------------------------------------------------------------------------

struct DerDecoded {
  Result<void> result;
  Bytes r, s;
};
DerDecoded der_decode(const Bytes& der, std::size_t sb) {
  DerDecoded d{{}, Bytes(sb, 0xAA), Bytes(sb, 0xAA)};
  d.result = der_decode_signature(der, d.r, d.s);
  return d;
}

TEST(EcdsaDer, RoundTripsAreMinimal) {
  struct Case {
    const char* r;
    const char* s;
    const char* der;
  };
  // Hand-written X.690 encodings for 4-byte scalars (the codec takes any scalar size).
  const Case cases[] = {
      {"00000001", "00000001", "3006020101020101"},
      {"0000007F", "00000080", "300702017F02020080"},
      {"7FFFFFFF", "80000000", "300D02047FFFFFFF020500" "80000000"},
      {"00800000", "00010000", "300B020400800000020301" "0000"},
      {"FFFFFFFF", "00000100", "300B020500FFFFFFFF02020100"},
  };
  for (const auto& c : cases) {
    const Bytes r = from_hex(c.r), s = from_hex(c.s), want = from_hex(c.der);
    std::array<std::uint8_t, der_signature_max_bytes(4)> out{};
    auto n = der_encode_signature(r, s, out);
    ASSERT_TRUE(n) << c.der;
    EXPECT_EQ(test::to_hex(std::span(out.data(), *n)), test::to_hex(want));
    auto d = der_decode(want, 4);
    ASSERT_TRUE(d.result) << c.der << ": " << d.result.what();
    EXPECT_EQ(d.r, r);
    EXPECT_EQ(d.s, s);
  }
  // Random 32- and 48-byte values, including leading zero bytes and set high bits.
  std::mt19937 rng(6979);
  for (std::size_t sb : {32u, 48u}) {
    for (int i = 0; i < 500; ++i) {
      Bytes r = test::random_bytes_vec(rng, sb), s = test::random_bytes_vec(rng, sb);
      const int zeros = i % 5;
      for (int j = 0; j < zeros; ++j) r[static_cast<std::size_t>(j)] = 0;
      if (i % 3 == 0) s[0] |= 0x80;
      r[sb - 1] |= 1;  // nonzero
      s[sb - 1] |= 1;
      std::array<std::uint8_t, der_signature_max_bytes(48)> out{};
      auto n = der_encode_signature(r, s, std::span(out).first(der_signature_max_bytes(sb)));
      ASSERT_TRUE(n);
      auto d = der_decode(Bytes(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(*n)), sb);
      ASSERT_TRUE(d.result) << d.result.what();
      EXPECT_EQ(d.r, r);
      EXPECT_EQ(d.s, s);
      // Every truncation and one extra byte are rejected.
      Bytes enc(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(*n));
      for (std::size_t cut = 0; cut < enc.size(); cut += (i == 0 ? 1 : 7))
        EXPECT_FALSE(der_decode(Bytes(enc.begin(), enc.begin() + static_cast<std::ptrdiff_t>(cut)), sb).result);
      Bytes longer = enc;
      longer.push_back(0);
      EXPECT_FALSE(der_decode(longer, sb).result);
    }
  }
}

TEST(EcdsaDer, LongFormSequenceForLargeScalars) {
  // 66-byte scalars (P-521 size): content 138 bytes needs 0x81 0x8A.
  Bytes r(66, 0xFF), s(66, 0x01);
  std::array<std::uint8_t, der_signature_max_bytes(66)> out{};
  auto n = der_encode_signature(r, s, out);
  ASSERT_TRUE(n);
  EXPECT_EQ(*n, 3u + 2 + 67 + 2 + 66);
  EXPECT_EQ(out[0], 0x30);
  EXPECT_EQ(out[1], 0x81);
  EXPECT_EQ(out[2], 2 + 67 + 2 + 66);
  auto d = der_decode(Bytes(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(*n)), 66);
  ASSERT_TRUE(d.result) << d.result.what();
  EXPECT_EQ(d.r, r);
  EXPECT_EQ(d.s, s);
}

TEST(EcdsaDer, RejectsEveryNonCanonicalForm) {
  struct Bad {
    const char* der;
    const char* what;
  };
  // Scalars of 4 bytes; each string differs from a valid encoding by one defect.
  const Bad bad[] = {
      {"", "ECDSA DER signature (truncated)"},
      {"30", "ECDSA DER signature (truncated)"},
      {"3106020101020101", "ECDSA DER signature (not a SEQUENCE)"},
      {"1006020101020101", "ECDSA DER signature (not a SEQUENCE)"},
      {"3080020101020101" "0000", "ECDSA DER signature (indefinite length)"},
      {"308106020101020101", "ECDSA DER signature (SEQUENCE length not minimal)"},  // long form for 6
      {"32820006020101020101", "ECDSA DER signature (not a SEQUENCE)"},
      {"30820006020101020101", "ECDSA DER signature (SEQUENCE length not minimal)"},
      {"3007020101020101", "ECDSA DER signature (truncated)"},
      {"300602010102010100", "ECDSA DER signature (bytes after the SEQUENCE)"},
      {"3005020101020101", "ECDSA DER signature (bytes after the SEQUENCE)"},
      {"3008020101020101" "0500", "ECDSA DER signature (bytes after s inside the SEQUENCE)"},
      {"3006030101020101", "ECDSA DER signature (r is not an INTEGER)"},
      {"3006020101030101", "ECDSA DER signature (s is not an INTEGER)"},
      {"300702810101020101", "ECDSA DER signature (r length not in short form)"},
      {"300702010102810101", "ECDSA DER signature (s length not in short form)"},
      {"3006028001020101", "ECDSA DER signature (r length not in short form)"},
      {"30050200020101", "ECDSA DER signature (r has no content)"},
      {"30050201010200", "ECDSA DER signature (s has no content)"},
      {"3006020181020101", "ECDSA DER signature (r is negative)"},
      {"3006020101020180", "ECDSA DER signature (s is negative)"},
      {"300702020001020101", "ECDSA DER signature (r has a needless leading zero)"},
      {"300702010102020001", "ECDSA DER signature (s has a needless leading zero)"},
      {"30080203000000020101", "ECDSA DER signature (r has a needless leading zero)"},
      {"3006020100020101", "ECDSA DER signature (r is zero)"},
      {"3006020101020100", "ECDSA DER signature (s is zero)"},
      {"300A020501020304050201" "01", "ECDSA DER signature (r longer than a scalar)"},
      {"300B02060080000000000201" "01", "ECDSA DER signature (r longer than a scalar)"},
      {"300A020101020501020304" "05", "ECDSA DER signature (s longer than a scalar)"},
      {"3006020501020101", "ECDSA DER signature (r truncated)"},  // r runs past the end
      {"3006020201020101", "ECDSA DER signature (s is not an INTEGER)"},  // r swallows s's tag
      {"30030201010201", "ECDSA DER signature (bytes after the SEQUENCE)"},
      {"300402010102", "ECDSA DER signature (s truncated)"},  // s tag without a length
      {"3005020101" "0202", "ECDSA DER signature (s truncated)"},
      {"3003020101", "ECDSA DER signature (s truncated)"},
      {"3000", "ECDSA DER signature (r truncated)"},
  };
  for (const auto& b : bad) {
    const Bytes der = from_hex(b.der);
    auto d = der_decode(der, 4);
    ASSERT_FALSE(d.result) << b.der;
    EXPECT_EQ(d.result.error(), Error::invalid_encoding) << b.der;
    EXPECT_STREQ(d.result.what(), b.what) << b.der;
    EXPECT_EQ(d.r, Bytes(4, 0)) << "outputs zeroed on error: " << b.der;
    EXPECT_EQ(d.s, Bytes(4, 0)) << b.der;
  }
  // 0x81 L with L < 128 is not minimal; a correct 0x81 form only for long content.
  Bytes long_ok = from_hex("3081");
  long_ok.push_back(0x86);
  EXPECT_FALSE(der_decode(long_ok, 66).result);
  // The scalar sizes must agree.
  Bytes r(4), s(5);
  auto sized = der_decode_signature(from_hex("3006020101020101"), r, s);
  ASSERT_FALSE(sized);
  EXPECT_EQ(sized.error(), Error::invalid_length);
}

// Canonical: every byte string the decoder accepts re-encodes to itself (so no two accepted
// encodings share an (r, s)). Random mutations of valid encodings (byte changes, insertions,
// deletions) of 32-byte scalars; most are rejected, the accepted ones must round-trip.
TEST(EcdsaDer, AcceptedMutationsReEncodeIdentically) {
  std::mt19937 rng(5480);
  int accepted = 0, rejected = 0;
  for (int i = 0; i < 20000; ++i) {
    Bytes r = test::random_bytes_vec(rng, 32), s = test::random_bytes_vec(rng, 32);
    if (i % 4 == 0) r[0] = 0;
    if (i % 8 == 1) s[0] = static_cast<std::uint8_t>(s[0] & 0x7F);
    std::array<std::uint8_t, 72> out{};
    auto n = der_encode_signature(r, s, out);
    ASSERT_TRUE(n);
    Bytes der(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(*n));
    const int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits; ++e) {
      const std::size_t pos = rng() % (der.size() + 1);
      switch (rng() % 4) {
        case 0: if (pos < der.size()) der[pos] = static_cast<std::uint8_t>(rng()); break;
        case 1: der.insert(der.begin() + static_cast<std::ptrdiff_t>(pos), static_cast<std::uint8_t>(rng() % 3 == 0 ? 0 : rng())); break;
        case 2: if (pos < der.size()) der.erase(der.begin() + static_cast<std::ptrdiff_t>(pos)); break;
        default: if (pos < der.size()) der[pos] = static_cast<std::uint8_t>(der[pos] ^ (1u << (rng() % 8))); break;
      }
    }
    auto d = der_decode(der, 32);
    if (!d.result) {
      ++rejected;
      continue;
    }
    ++accepted;
    std::array<std::uint8_t, 72> again{};
    auto m = der_encode_signature(d.r, d.s, again);
    ASSERT_TRUE(m);
    EXPECT_EQ(test::to_hex(std::span(again.data(), *m)), test::to_hex(der));
  }
  EXPECT_GT(accepted, 0);  // some mutations (changes inside a value) stay valid
  EXPECT_GT(rejected, accepted);
}

TEST(EcdsaDer, EncoderChecksSizes) {
  Bytes r(32, 1), s(32, 1), s31(31, 1);
  std::array<std::uint8_t, 72> out{};
  auto bad_sizes = der_encode_signature(r, s31, out);
  ASSERT_FALSE(bad_sizes);
  EXPECT_EQ(bad_sizes.error(), Error::invalid_length);
  auto small = der_encode_signature(r, s, std::span(out).first(71));
  ASSERT_FALSE(small);
  EXPECT_EQ(small.error(), Error::invalid_length);
  EXPECT_STREQ(small.what(), "ECDSA DER signature output buffer");
  EXPECT_TRUE(der_encode_signature(r, s, out));
}

TEST(EcdsaP1363, ExactLengthOnly) {
  Bytes r(32), s(32);
  for (std::size_t len : {0u, 1u, 63u, 65u, 72u, 96u}) {
    auto res = p1363_decode_signature(Bytes(len, 7), r, s);
    ASSERT_FALSE(res) << len;
    EXPECT_EQ(res.error(), Error::invalid_length);
  }
  Bytes raw(64);
  for (std::size_t i = 0; i < raw.size(); ++i) raw[i] = static_cast<std::uint8_t>(i);
  ASSERT_TRUE(p1363_decode_signature(raw, r, s));
  EXPECT_EQ(r, Bytes(raw.begin(), raw.begin() + 32));
  EXPECT_EQ(s, Bytes(raw.begin() + 32, raw.end()));
}

// ---- bits2int ---------------------------------------------------------------------------

TEST(EcdsaHash, Bits2Int) {
  // Shorter hash (SHA-224 on P-256): right-aligned.
  Bytes h28(28, 0xAB);
  std::array<std::uint8_t, 32> out{};
  bits2int<256, 32>(h28, out);
  EXPECT_EQ(test::to_hex(out), test::to_hex(from_hex([] { std::string h = "00000000"; for (int i = 0; i < 28; ++i) h += "AB"; return h; }())));
  // Longer hash (SHA-512 on P-384): the leftmost 384 bits.
  Bytes h64(64);
  for (std::size_t i = 0; i < 64; ++i) h64[i] = static_cast<std::uint8_t>(i);
  std::array<std::uint8_t, 48> out48{};
  bits2int<384, 48>(h64, out48);
  EXPECT_EQ(Bytes(out48.begin(), out48.end()), Bytes(h64.begin(), h64.begin() + 48));
  // An order of 521 bits (shift by 7): 0xFF.. -> 1 then 0xFF...
  Bytes h66(66, 0xFF);
  std::array<std::uint8_t, 66> out66{};
  bits2int<521, 66>(h66, out66);
  EXPECT_EQ(out66[0], 0x01);
  EXPECT_EQ(out66[65], 0xFF);
  Bytes h_long(70, 0);
  h_long[0] = 0x80;
  bits2int<521, 66>(h_long, out66);
  EXPECT_EQ(out66[0], 0x01);  // 0x80 >> 7
  EXPECT_EQ(out66[1], 0x00);
}

TEST(EcdsaHash, RangeMask) {
  const auto& n = GroupOrder<P256>::n;
  std::array<std::uint8_t, 32> v = n;
  EXPECT_EQ(mask_in_range<32>(v, n), 0);  // n
  v[31] -= 1;
  EXPECT_EQ(mask_in_range<32>(v, n), 0xFF);  // n - 1
  v.fill(0);
  EXPECT_EQ(mask_in_range<32>(v, n), 0);  // 0
  v[31] = 1;
  EXPECT_EQ(mask_in_range<32>(v, n), 0xFF);  // 1
  v.fill(0xFF);
  EXPECT_EQ(mask_in_range<32>(v, n), 0);  // 2^256 - 1
  v = n;
  v[0] = 0xFE;
  EXPECT_EQ(mask_in_range<32>(v, n), 0xFF);  // below n in the top byte
  v = n;
  v[20] += 1;
  EXPECT_EQ(mask_in_range<32>(v, n), 0);  // above n in the middle
}

}  // namespace
