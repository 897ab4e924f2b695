// EMSA-PKCS1-v1_5 (RFC 8017, Section 9.2): the encoding of RSASSA-PKCS1-v1_5 signatures,
// from a message digest, for SHA-224, SHA-256, SHA-384, SHA-512, SHA-512/224, SHA-512/256
// and SHA3-224/256/384/512. SHA-1 and SHAKE are not offered (Error::unsupported): Tessera
// never signs with SHA-1, and no DigestInfo is defined for SHAKE with PKCS #1 v1.5.
#pragma once

#include <tessera/hash_id.hpp>
#include <tessera/result.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera::rsa {

// The DER encoding of DigestInfo up to the digest: SEQUENCE { AlgorithmIdentifier { OID,
// NULL }, OCTET STRING (hLen bytes) } without the hLen digest bytes (RFC 8017, Section 9.2,
// note 1; SHA3-* with the NIST OIDs 2.16.840.1.101.3.4.2.7..10 and NULL parameters, as the
// ACVP RSA-SigGen-FIPS186-5 vectors and OpenSSL encode them). Empty for SHA-1, SHAKE and
// values outside the enumeration.
std::span<const std::uint8_t> digest_info_prefix(HashId hash) noexcept;

// RFC 8017, Section 9.2 (EMSA-PKCS1-v1_5-ENCODE), steps 2-6, from H = Hash(M) (step 1 is the
// caller's): EM = 0x00 || 0x01 || PS (0xff, at least 8) || 0x00 || T, emLen = em.size().
// Errors: Error::unsupported (SHA-1, SHAKE, unknown hash), Error::invalid_length ("RSA
// PKCS#1 v1.5 digest": digest.size() != hLen; "intended encoded message length too short":
// emLen < tLen + 11). On error em is zeroed.
Result<void> emsa_pkcs1_v15_encode(HashId hash, std::span<const std::uint8_t> digest,
                                   std::span<std::uint8_t> em) noexcept;

// RFC 8017, Section 8.2.2 (RSASSA-PKCS1-V1_5-VERIFY), steps 3-4: EM' from the digest,
// compared with the recovered EM (public data; the comparison is constant time anyway).
// False for any error of the encoding as well.
bool emsa_pkcs1_v15_verify(HashId hash, std::span<const std::uint8_t> digest,
                           std::span<const std::uint8_t> em) noexcept;

}  // namespace tessera::rsa
