// Exported one-shot HMAC (FIPS 198-1) and HKDF (RFC 5869) functions; the algorithms are
// the templates of <tessera/hmac.hpp> and <tessera/hkdf.hpp>.
#include <tessera/hkdf.hpp>
#include <tessera/hmac.hpp>

namespace tessera {

using Key = std::span<const std::uint8_t>;

void hmac_sha224(Key key, Key text, std::span<std::uint8_t, 28> out) noexcept { hmac<Sha224>(key, text, out); }
void hmac_sha256(Key key, Key text, std::span<std::uint8_t, 32> out) noexcept { hmac<Sha256>(key, text, out); }
void hmac_sha384(Key key, Key text, std::span<std::uint8_t, 48> out) noexcept { hmac<Sha384>(key, text, out); }
void hmac_sha512(Key key, Key text, std::span<std::uint8_t, 64> out) noexcept { hmac<Sha512>(key, text, out); }
void hmac_sha3_256(Key key, Key text, std::span<std::uint8_t, 32> out) noexcept { hmac<Sha3_256>(key, text, out); }
void hmac_sha3_512(Key key, Key text, std::span<std::uint8_t, 64> out) noexcept { hmac<Sha3_512>(key, text, out); }

Result<void> hkdf_sha256(Key salt, Key ikm, Key info, std::span<std::uint8_t> okm) noexcept {
  return hkdf<Sha256>(salt, ikm, info, okm);
}
Result<void> hkdf_sha384(Key salt, Key ikm, Key info, std::span<std::uint8_t> okm) noexcept {
  return hkdf<Sha384>(salt, ikm, info, okm);
}
Result<void> hkdf_sha512(Key salt, Key ikm, Key info, std::span<std::uint8_t> okm) noexcept {
  return hkdf<Sha512>(salt, ikm, info, okm);
}

}  // namespace tessera
