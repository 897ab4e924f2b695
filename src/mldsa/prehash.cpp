// ML-DSA (FIPS 204), the parts that do not depend on the parameter set: the HashML-DSA
// pre-hash functions and their OIDs (Section 5.4), the external-mu builder and tr = H(pk).
#include <tessera/mldsa.hpp>
#include <tessera/sha2.hpp>
#include <tessera/sha3.hpp>

#include "mldsa/scheme.hpp"

namespace tessera::mldsa {
namespace {

using detail::absorb;
using detail::absorb_prefix;

constexpr const char* kTrWhat = "ML-DSA tr (64 bytes)";

// DER OIDs of the pre-hash functions (FIPS 204, Section 5.4): 06 09 60 86 48 01 65 03 04 02 xx.
constexpr std::uint8_t oid_last_byte(PreHash ph) {
  switch (ph) {
    case PreHash::sha2_256: return 0x01;
    case PreHash::sha2_384: return 0x02;
    case PreHash::sha2_512: return 0x03;
    case PreHash::sha2_224: return 0x04;
    case PreHash::sha2_512_224: return 0x05;
    case PreHash::sha2_512_256: return 0x06;
    case PreHash::sha3_224: return 0x07;
    case PreHash::sha3_256: return 0x08;
    case PreHash::sha3_384: return 0x09;
    case PreHash::sha3_512: return 0x0A;
    case PreHash::shake128: return 0x0B;
    case PreHash::shake256: return 0x0C;
  }
  return 0;
}
constexpr std::array<std::array<std::uint8_t, 11>, 12> kOids = [] {
  std::array<std::array<std::uint8_t, 11>, 12> t{};
  for (std::size_t i = 0; i < 12; ++i)
    t[i] = {0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02,
            oid_last_byte(static_cast<PreHash>(i))};
  return t;
}();

}  // namespace

std::size_t prehash_digest_bytes(PreHash ph) noexcept {
  switch (ph) {
    case PreHash::sha2_224: case PreHash::sha2_512_224: case PreHash::sha3_224: return 28;
    case PreHash::sha2_256: case PreHash::sha2_512_256: case PreHash::sha3_256: return 32;
    case PreHash::sha2_384: case PreHash::sha3_384: return 48;
    case PreHash::sha2_512: case PreHash::sha3_512: return 64;
    case PreHash::shake128: return 32;  // FIPS 204, Section 5.4: 256-bit output
    case PreHash::shake256: return 64;  // 512-bit output
  }
  return 0;
}

std::span<const std::uint8_t, 11> prehash_oid(PreHash ph) noexcept {
  return kOids[static_cast<std::size_t>(ph) % kOids.size()];
}

// The one place a pre-hash is computed (FIPS 204, Algorithm 4, step 10 / Algorithm 5, step 5).
Result<void> prehash(PreHash ph, std::span<const std::uint8_t> message, std::span<std::uint8_t> digest) noexcept {
  if (digest.size() != prehash_digest_bytes(ph)) {
    secure_zero(digest.data(), digest.size());
    return fail(Error::invalid_length, detail::kWrongDigestLength);
  }
  switch (ph) {
    case PreHash::sha3_224: sha3_224(message, digest.first<28>()); return {};
    case PreHash::sha3_256: sha3_256(message, digest.first<32>()); return {};
    case PreHash::sha3_384: sha3_384(message, digest.first<48>()); return {};
    case PreHash::sha3_512: sha3_512(message, digest.first<64>()); return {};
    case PreHash::shake128: shake128(message, digest); return {};
    case PreHash::shake256: shake256(message, digest); return {};
    case PreHash::sha2_224: sha224(message, digest.first<28>()); return {};
    case PreHash::sha2_256: sha256(message, digest.first<32>()); return {};
    case PreHash::sha2_384: sha384(message, digest.first<48>()); return {};
    case PreHash::sha2_512: sha512(message, digest.first<64>()); return {};
    case PreHash::sha2_512_224: sha512_224(message, digest.first<28>()); return {};
    case PreHash::sha2_512_256: sha512_256(message, digest.first<32>()); return {};
  }
  secure_zero(digest.data(), digest.size());
  return fail(Error::invalid_argument, detail::kNotAPreHash);
}

Result<MuBuilder> MuBuilder::from_tr(std::span<const std::uint8_t> tr, Context context) noexcept {
  if (tr.size() != kTrBytes) return fail(Error::invalid_length, kTrWhat);
  if (!context.valid()) return fail(Error::invalid_argument, detail::kContextTooLong);
  MuBuilder b;
  absorb(b.h_, tr);
  absorb_prefix(b.h_, 0, context);  // M' = 0 || |ctx| || ctx || M (Algorithm 2 step 10)
  return b;
}

Result<MuBuilder> MuBuilder::from_tr_raw(std::span<const std::uint8_t> tr) noexcept {
  if (tr.size() != kTrBytes) return fail(Error::invalid_length, kTrWhat);
  MuBuilder b;
  absorb(b.h_, tr);
  return b;
}

void MuBuilder::update(std::span<const std::uint8_t> piece) noexcept { absorb(h_, piece); }

Mu MuBuilder::final() noexcept {
  Mu mu;
  h_.squeeze(mu);
  return mu;
}

Tr compute_tr(std::span<const std::uint8_t> public_key) noexcept {
  Tr tr;
  shake256(public_key, tr);
  return tr;
}

}  // namespace tessera::mldsa
