// EMSA-PKCS1-v1_5 (RFC 8017, Section 9.2).
#include "rsa/emsa_pkcs1_v15.hpp"

#include "common/ct.hpp"
#include "common/secret.hpp"

#include <algorithm>
#include <array>

namespace tessera::rsa {
namespace {

// RFC 8017, Section 9.2, note 1 (SHA-224 .. SHA-512/256), and for SHA3-224..512 the same
// shape with the OIDs id-sha3-224 .. id-sha3-512 = 2.16.840.1.101.3.4.2.7 .. 10 (NIST CSOR).
// Each is 30 <17 + hLen> 30 0d 06 09 60 86 48 01 65 03 04 02 <arc> 05 00 04 <hLen>;
// tests/unit/rsa_padding_test.cpp rebuilds them from that pattern.
constexpr std::size_t kPrefixBytes = 19;
using Prefix = std::array<std::uint8_t, kPrefixBytes>;
constexpr Prefix kSha224 = {0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                            0x65, 0x03, 0x04, 0x02, 0x04, 0x05, 0x00, 0x04, 0x1c};
constexpr Prefix kSha256 = {0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                            0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20};
constexpr Prefix kSha384 = {0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                            0x65, 0x03, 0x04, 0x02, 0x02, 0x05, 0x00, 0x04, 0x30};
constexpr Prefix kSha512 = {0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                            0x65, 0x03, 0x04, 0x02, 0x03, 0x05, 0x00, 0x04, 0x40};
constexpr Prefix kSha512_224 = {0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                                0x65, 0x03, 0x04, 0x02, 0x05, 0x05, 0x00, 0x04, 0x1c};
constexpr Prefix kSha512_256 = {0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                                0x65, 0x03, 0x04, 0x02, 0x06, 0x05, 0x00, 0x04, 0x20};
constexpr Prefix kSha3_224 = {0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                              0x65, 0x03, 0x04, 0x02, 0x07, 0x05, 0x00, 0x04, 0x1c};
constexpr Prefix kSha3_256 = {0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                              0x65, 0x03, 0x04, 0x02, 0x08, 0x05, 0x00, 0x04, 0x20};
constexpr Prefix kSha3_384 = {0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                              0x65, 0x03, 0x04, 0x02, 0x09, 0x05, 0x00, 0x04, 0x30};
constexpr Prefix kSha3_512 = {0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                              0x65, 0x03, 0x04, 0x02, 0x0a, 0x05, 0x00, 0x04, 0x40};

// The largest EM verified: RSA moduli up to 4096 bits (include/tessera/rsa.hpp).
constexpr std::size_t kMaxEmBytes = 512;

}  // namespace

std::span<const std::uint8_t> digest_info_prefix(HashId hash) noexcept {
  switch (hash) {
    case HashId::sha224: return kSha224;
    case HashId::sha256: return kSha256;
    case HashId::sha384: return kSha384;
    case HashId::sha512: return kSha512;
    case HashId::sha512_224: return kSha512_224;
    case HashId::sha512_256: return kSha512_256;
    case HashId::sha3_224: return kSha3_224;
    case HashId::sha3_256: return kSha3_256;
    case HashId::sha3_384: return kSha3_384;
    case HashId::sha3_512: return kSha3_512;
    case HashId::sha1:
    case HashId::shake128:
    case HashId::shake256: break;
  }
  return {};
}

Result<void> emsa_pkcs1_v15_encode(HashId hash, std::span<const std::uint8_t> digest,
                                   std::span<std::uint8_t> em) noexcept {
  // RFC 8017, Section 9.2 (EMSA-PKCS1-v1_5-ENCODE).
  // Step 1: H = Hash(M) is the caller's.
  const std::span<const std::uint8_t> prefix = digest_info_prefix(hash);
  if (prefix.empty()) {
    secure_zero(em.data(), em.size());
    return fail(Error::unsupported, "RSA PKCS#1 v1.5 hash");
  }
  if (digest.size() != digest_bytes(hash)) {
    secure_zero(em.data(), em.size());
    return fail(Error::invalid_length, "RSA PKCS#1 v1.5 digest");
  }
  // Step 2: T = DigestInfo DER = prefix || H, tLen bytes.
  const std::size_t t_len = prefix.size() + digest.size();
  // Step 3.
  if (em.size() < t_len + 11) {
    secure_zero(em.data(), em.size());
    return fail(Error::invalid_length, "intended encoded message length too short");
  }
  // Step 4: PS = emLen - tLen - 3 octets 0xff (at least 8).
  const std::size_t ps_len = em.size() - t_len - 3;
  // Step 5: EM = 0x00 || 0x01 || PS || 0x00 || T.
  em[0] = 0x00;
  em[1] = 0x01;
  std::fill(em.begin() + 2, em.begin() + 2 + static_cast<std::ptrdiff_t>(ps_len), std::uint8_t{0xff});
  em[2 + ps_len] = 0x00;
  std::copy(prefix.begin(), prefix.end(), em.begin() + 3 + static_cast<std::ptrdiff_t>(ps_len));
  std::copy(digest.begin(), digest.end(), em.end() - static_cast<std::ptrdiff_t>(digest.size()));
  // Step 6: output EM.
  return {};
}

bool emsa_pkcs1_v15_verify(HashId hash, std::span<const std::uint8_t> digest,
                           std::span<const std::uint8_t> em) noexcept {
  // RFC 8017, Section 8.2.2 (RSASSA-PKCS1-V1_5-VERIFY).
  // Step 3: EM' = EMSA-PKCS1-V1_5-ENCODE(M, k); an encoding error is "invalid signature".
  if (em.size() > kMaxEmBytes) return false;
  std::uint8_t expected[kMaxEmBytes];
  const std::span<std::uint8_t> em2(expected, em.size());
  if (!emsa_pkcs1_v15_encode(hash, digest, em2)) return false;
  // Step 4: EM == EM'.
  return ct::mask_bytes_eq(em, em2) != 0;
}

}  // namespace tessera::rsa
