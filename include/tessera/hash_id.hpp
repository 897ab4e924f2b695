// Run-time hash identifiers, for the schemes that choose their hash when called (RSA
// PKCS #1 v1.5, PSS and OAEP, as OpenSSL and ACVP do), with the ACVP names.
//
//   tessera::HashId h;
//   if (tessera::parse_hash_name("SHA2-256", h)) { /* h == HashId::sha256 */ }
//   tessera::digest_bytes(h);   // 32
//   tessera::hash_name(h);      // "SHA2-256"
#pragma once

#include <tessera/export.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tessera {

enum class HashId : std::uint8_t {
  sha1,        // FIPS 180-4 (OAEP only: see <tessera/sha1.hpp>)
  sha224,      // FIPS 180-4
  sha256,
  sha384,
  sha512,
  sha512_224,
  sha512_256,
  sha3_224,    // FIPS 202
  sha3_256,
  sha3_384,
  sha3_512,
  shake128,    // FIPS 202 XOFs, with the output lengths of FIPS 186-5, Section 5.4
  shake256,
};

// The number of HashId values (sha1 .. shake256).
inline constexpr std::size_t hash_id_count = 13;

// The digest length in bytes: the hash's output length, and for SHAKE128 / SHAKE256 the
// 256 / 512 bits FIPS 186-5, Section 5.4 (and RFC 8702) fix for their use with RSA-PSS.
// 0 for a value outside the enumeration.
TESSERA_API std::size_t digest_bytes(HashId id) noexcept;

// The ACVP name: "SHA-1", "SHA2-224", "SHA2-256", "SHA2-384", "SHA2-512", "SHA2-512/224",
// "SHA2-512/256", "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512", "SHAKE-128", "SHAKE-256"
// ("" for a value outside the enumeration).
TESSERA_API const char* hash_name(HashId id) noexcept;

// Sets `id` from an ACVP name (exact, case-sensitive) and returns true; false (id unchanged)
// for any other string.
TESSERA_API bool parse_hash_name(std::string_view name, HashId& id) noexcept;

}  // namespace tessera
