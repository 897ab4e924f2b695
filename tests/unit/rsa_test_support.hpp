// Test support for the RSA unit tests (rsa_test.cpp, rsa_der_test.cpp,
// rsa_openssl_test.cpp): a fixed 1024-bit key, big-endian byte arithmetic for building
// boundary values and wrong components, and a small DER writer for hand-made encodings.
//
// The fixed key (e = 65537) was made by `openssl genrsa -traditional 1024` (OpenSSL 3.0)
// and written with `openssl rsa -traditional -outform DER`: its components (big-endian
// hex, no leading zeros; p > q, as OpenSSL orders them) and its RSAPrivateKey DER.
#pragma once

#include <tessera/rsa.hpp>

#include "support/hex.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>

namespace tessera::test::rsa_keys {

struct Components {
  const char* n;
  const char* e;
  const char* d;
  const char* p;
  const char* q;
  const char* dp;
  const char* dq;
  const char* qinv;
};

inline constexpr Components k1024{
    // n
    "ca147faa56c119276a7a0925c012a523abf6135979c224f380a8d24817342b9d96eefcae007d1775620747da"
    "6a78d4764221f33f0fd28715731855fd469726064b00810b3d681c278e42724131f2cf907105bf2f01dd2b63"
    "539126c2b594091d86a5b6f0f9db010657dd285bd820a92b44cf86577d8f4d6f9a895d3cbe0f9c01",
    // e
    "010001",
    // d
    "4a70ceaea312b2ff701bd06ed59888b8e149decae12d818b29e406c283b9b62f71404c5894d97fe0bfe1cab8"
    "4cec81e7a668f7404dc5d1f936d2ca2a68ec9916a4bd6a0f7bdf7aafcf4e3908ed7d2e6be169d49a77d11a46"
    "abc59190e6bb8d1a666d18eff478bd02d50ed9cc32bba699e63a9e3506afdc53eed4b61c5bc7d9a1",
    // p
    "e95fd48f549de9e30c0a9bfa1ff2df77fc6634a7258758a89e2071a45c3053db18d57a2d07cca74dbaa44829"
    "87188a141003b80ee603aa4b8b56b49d576effd5",
    // q
    "ddabf8149b493f25f82d0474c486bc6696487b9374f9044087a0f65ec11751b06afa16535bfb5ffb659e58a5"
    "627cc58e4cfd21717e10bf8a5522722648b36d7d",
    // dp
    "2f4b05475a8d79d5521e60478aebec0f63adcea3c4be2de055d31b54847e22b036d3242435fd6a361d49a77a"
    "0aef9523c5af0b40b1aa327b86ac3683e0311555",
    // dq
    "983f88bffe77ac5b93bcb796cb740eea16c5e9ba3958dec6c36096563620a2069d32ef2a89be7909dd9d881c"
    "ef2beb33f544d63770f267dbc6e545a96dbd6eb1",
    // qinv
    "6ea281101ebffa0b39114e7bba3b8c34ee24ce71c17ced388252342284dddf686f35faa35047a43ba3e46145"
    "14fa5b79a3efb345b687cac0a5be85b573258f8b",
};

// RSAPrivateKey (RFC 8017 A.1.2) of k1024, 608 bytes.
inline constexpr const char* k1024_der =
    "3082025c02010002818100ca147faa56c119276a7a0925c012a523abf6135979c224f380a8d24817342b9d96"
    "eefcae007d1775620747da6a78d4764221f33f0fd28715731855fd469726064b00810b3d681c278e42724131"
    "f2cf907105bf2f01dd2b63539126c2b594091d86a5b6f0f9db010657dd285bd820a92b44cf86577d8f4d6f9a"
    "895d3cbe0f9c0102030100010281804a70ceaea312b2ff701bd06ed59888b8e149decae12d818b29e406c283"
    "b9b62f71404c5894d97fe0bfe1cab84cec81e7a668f7404dc5d1f936d2ca2a68ec9916a4bd6a0f7bdf7aafcf"
    "4e3908ed7d2e6be169d49a77d11a46abc59190e6bb8d1a666d18eff478bd02d50ed9cc32bba699e63a9e3506"
    "afdc53eed4b61c5bc7d9a1024100e95fd48f549de9e30c0a9bfa1ff2df77fc6634a7258758a89e2071a45c30"
    "53db18d57a2d07cca74dbaa4482987188a141003b80ee603aa4b8b56b49d576effd5024100ddabf8149b493f"
    "25f82d0474c486bc6696487b9374f9044087a0f65ec11751b06afa16535bfb5ffb659e58a5627cc58e4cfd21"
    "717e10bf8a5522722648b36d7d02402f4b05475a8d79d5521e60478aebec0f63adcea3c4be2de055d31b5484"
    "7e22b036d3242435fd6a361d49a77a0aef9523c5af0b40b1aa327b86ac3683e0311555024100983f88bffe77"
    "ac5b93bcb796cb740eea16c5e9ba3958dec6c36096563620a2069d32ef2a89be7909dd9d881cef2beb33f544"
    "d63770f267dbc6e545a96dbd6eb102406ea281101ebffa0b39114e7bba3b8c34ee24ce71c17ced3882523422"
    "84dddf686f35faa35047a43ba3e4614514fa5b79a3efb345b687cac0a5be85b573258f8b";

}  // namespace tessera::test::rsa_keys

namespace tessera::test {

// The components of a key as bytes, in RFC 8017 order.
struct RsaComponents {
  Bytes n, e, d, p, q, dp, dq, qinv;
};
inline RsaComponents components(const rsa_keys::Components& c) {
  return {from_hex(c.n), from_hex(c.e), from_hex(c.d), from_hex(c.p),
          from_hex(c.q), from_hex(c.dp), from_hex(c.dq), from_hex(c.qinv)};
}
inline Result<rsa::PrivateKey> private_key(const RsaComponents& c) {
  return rsa::PrivateKey::from_components(c.n, c.e, c.d, c.p, c.q, c.dp, c.dq, c.qinv);
}

// Big-endian unsigned arithmetic on byte strings (test values only; not constant time).
// a + b, one byte longer than the longer operand when it carries.
inline Bytes be_add(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) {
  const std::size_t len = (a.size() > b.size() ? a.size() : b.size()) + 1;
  Bytes r(len);
  unsigned carry = 0;
  for (std::size_t i = 0; i < len; ++i) {
    const unsigned x = i < a.size() ? a[a.size() - 1 - i] : 0u;
    const unsigned y = i < b.size() ? b[b.size() - 1 - i] : 0u;
    const unsigned s = x + y + carry;
    r[len - 1 - i] = static_cast<std::uint8_t>(s);
    carry = s >> 8;
  }
  std::size_t z = 0;
  while (z + 1 < r.size() && r[z] == 0) ++z;
  return Bytes(r.begin() + static_cast<std::ptrdiff_t>(z), r.end());
}
// a - b for a >= b, at a's length (leading zeros kept).
inline Bytes be_sub(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) {
  Bytes r(a.size());
  int borrow = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const int x = a[a.size() - 1 - i];
    const int y = i < b.size() ? b[b.size() - 1 - i] : 0;
    int d = x - y - borrow;
    borrow = d < 0 ? 1 : 0;
    if (d < 0) d += 256;
    r[a.size() - 1 - i] = static_cast<std::uint8_t>(d);
  }
  EXPECT_EQ(borrow, 0) << "be_sub: a < b";
  return r;
}
inline Bytes be_small(std::uint8_t v) { return Bytes{v}; }
// x as exactly k bytes (zero-padded on the left; x must fit).
inline Bytes be_pad(std::span<const std::uint8_t> x, std::size_t k) {
  std::size_t z = 0;
  while (z < x.size() && x[z] == 0) ++z;
  const std::size_t len = x.size() - z;
  EXPECT_LE(len, k) << "be_pad: value longer than " << k << " bytes";
  Bytes r(k, 0);
  for (std::size_t i = 0; i < len && i < k; ++i) r[k - 1 - i] = x[x.size() - 1 - i];
  return r;
}

// DER (X.690) pieces: a TLV with the minimal length form, or with `extra` more length
// octets than needed (extra > 0: long form padded with leading zero octets; extra = -1: the
// long form 0x81 for a length below 128).
inline Bytes der_tlv(std::uint8_t tag, std::span<const std::uint8_t> content, int extra = 0) {
  Bytes out{tag};
  const std::size_t len = content.size();
  Bytes len_octets;
  for (std::size_t l = len; l != 0; l >>= 8) len_octets.insert(len_octets.begin(), static_cast<std::uint8_t>(l));
  if (extra == 0 && len < 128) {
    out.push_back(static_cast<std::uint8_t>(len));
  } else {
    if (len_octets.empty()) len_octets.push_back(0);
    for (int i = 0; i < extra; ++i) len_octets.insert(len_octets.begin(), 0);
    out.push_back(static_cast<std::uint8_t>(0x80 | len_octets.size()));
    out.insert(out.end(), len_octets.begin(), len_octets.end());
  }
  out.insert(out.end(), content.begin(), content.end());
  return out;
}
// The DER INTEGER content of a nonnegative big-endian magnitude (minimal: leading zeros
// dropped, one zero octet before a set high bit).
// (Sized once and not inlined: GCC 12 misreports -Wfree-nonheap-object on growing the
// vector at its front, and -Wstringop-overflow once inlined into calls with constants.)
[[gnu::noinline]] inline Bytes der_integer_content(std::span<const std::uint8_t> v) {
  std::size_t z = 0;
  while (z + 1 < v.size() && v[z] == 0) ++z;
  const std::size_t len = v.size() - z;
  const bool pad = len == 0 || (v[z] & 0x80) != 0;
  Bytes c(len + (pad ? 1 : 0), 0);
  for (std::size_t i = 0; i < len; ++i) c[c.size() - len + i] = v[z + i];
  return c;
}
inline Bytes der_integer(std::span<const std::uint8_t> v) { return der_tlv(0x02, der_integer_content(v)); }
inline Bytes concat(std::initializer_list<Bytes> parts) {
  Bytes out;
  for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}
inline Bytes der_sequence(std::initializer_list<Bytes> fields) { return der_tlv(0x30, concat(fields)); }

inline Bytes public_der(const RsaComponents& c) { return der_sequence({der_integer(c.n), der_integer(c.e)}); }
inline Bytes private_der(const RsaComponents& c, std::uint8_t version = 0) {
  return der_sequence({der_integer(be_small(version)), der_integer(c.n), der_integer(c.e), der_integer(c.d),
                       der_integer(c.p), der_integer(c.q), der_integer(c.dp), der_integer(c.dq),
                       der_integer(c.qinv)});
}

// The DER a key writes (to_der into a buffer of der_max_bytes()).
inline Bytes der_of(const rsa::PublicKey& k) {
  Bytes out(rsa::PublicKey::der_max_bytes());
  auto len = k.to_der(out);
  EXPECT_TRUE(len) << (len ? "" : len.what());
  out.resize(len ? *len : 0);
  return out;
}
inline Bytes der_of(const rsa::PrivateKey& k) {
  Bytes out(rsa::PrivateKey::der_max_bytes());
  auto len = k.to_der(out);
  EXPECT_TRUE(len) << (len ? "" : len.what());
  out.resize(len ? *len : 0);
  return out;
}
inline Bytes block_bytes(const rsa::Block& b) { return Bytes(b.bytes().begin(), b.bytes().end()); }
inline Bytes block_bytes(const rsa::SecretBlock& b) { return Bytes(b.bytes().begin(), b.bytes().end()); }

// Expects r to have failed with `code` and a what() that contains `what`.
template <class R>
::testing::AssertionResult failed_with(const R& r, Error code, const std::string& what) {
  if (r.has_value()) return ::testing::AssertionFailure() << "succeeded; expected " << error_message(code) << " (" << what << ")";
  if (r.error() != code)
    return ::testing::AssertionFailure() << "error " << error_message(r.error()) << " (" << r.what() << "); expected "
                                         << error_message(code) << " (" << what << ")";
  if (std::string(r.what()).find(what) == std::string::npos)
    return ::testing::AssertionFailure() << "what() = \"" << r.what() << "\"; expected it to contain \"" << what << "\"";
  return ::testing::AssertionSuccess();
}

}  // namespace tessera::test
