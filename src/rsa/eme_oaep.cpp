// EME-OAEP (RFC 8017, Section 7.1): encoding, and constant-time decoding.
#include "rsa/eme_oaep.hpp"

#include "common/ct.hpp"
#include "common/secret.hpp"
#include "rsa/hash_select.hpp"
#include "rsa/mgf.hpp"

#include <algorithm>

namespace tessera::rsa {
namespace {

// The largest EM handled: RSA moduli up to 4096 bits (include/tessera/rsa.hpp).
constexpr std::size_t kMaxEmBytes = 512;

bool oaep_hash(HashId h) noexcept { return valid_hash(h) && !is_xof(h); }

// 0xFF if a == b, else 0 (bytes).
std::uint8_t byte_eq(std::uint8_t a, std::uint8_t b) noexcept {
  return static_cast<std::uint8_t>(ct::mask_eq(a, b));
}

}  // namespace

std::size_t oaep_max_message_bytes(HashId hash, std::size_t k) noexcept {
  if (!oaep_hash(hash)) return 0;
  const std::size_t h_len = digest_bytes(hash);
  return k < 2 * h_len + 2 ? 0 : k - 2 * h_len - 2;
}

Result<void> eme_oaep_encode(HashId hash, HashId mgf1_hash, std::span<const std::uint8_t> label,
                             std::span<const std::uint8_t> m, std::span<const std::uint8_t> seed,
                             std::span<std::uint8_t> em) noexcept {
  // RFC 8017, Section 7.1.1 (RSAES-OAEP-ENCRYPT), steps 1-2.
  // Differs from the spec: the random seed of step 2.d is the caller's; step 1.a's limit on
  // the label length is the hash's (2^61 - 1 bytes for SHA-1 and SHA-256, more than a span).
  const auto failure = [em](Error code, const char* what) noexcept {
    secure_zero(em.data(), em.size());
    return fail(code, what);
  };
  if (!oaep_hash(hash) || !oaep_hash(mgf1_hash)) return failure(Error::unsupported, "RSA-OAEP hash");
  const std::size_t h_len = digest_bytes(hash);
  const std::size_t k = em.size();
  if (k < 2 * h_len + 2 || k > kMaxEmBytes) return failure(Error::invalid_length, "RSA-OAEP encoded message");
  if (seed.size() != h_len) return failure(Error::invalid_length, "RSA-OAEP seed");
  // Step 1.b: mLen <= k - 2 hLen - 2.
  if (m.size() > k - 2 * h_len - 2) return failure(Error::invalid_length, "RSA-OAEP message");
  // EM = Y || maskedSeed || maskedDB, built in place.
  const std::span<std::uint8_t> masked_seed = em.subspan(1, h_len);
  const std::span<std::uint8_t> db = em.subspan(1 + h_len);  // k - hLen - 1 octets
  // Step 2.a: lHash = Hash(L), the first hLen octets of DB.
  rsa::hash(hash, label, db.first(h_len));
  // Steps 2.b-2.c: DB = lHash || PS || 0x01 || M, PS the k - mLen - 2 hLen - 2 zero octets.
  const std::size_t ps_len = k - m.size() - 2 * h_len - 2;
  std::fill(db.begin() + static_cast<std::ptrdiff_t>(h_len),
            db.begin() + static_cast<std::ptrdiff_t>(h_len + ps_len), std::uint8_t{0});
  db[h_len + ps_len] = 0x01;
  std::copy(m.begin(), m.end(), db.begin() + static_cast<std::ptrdiff_t>(h_len + ps_len + 1));
  // Step 2.d: the seed (given), in the place of maskedSeed.
  std::copy(seed.begin(), seed.end(), masked_seed.begin());
  // Steps 2.e-2.f: maskedDB = DB xor MGF(seed, k - hLen - 1).
  if (!mgf_xor(mgf1_with(mgf1_hash), masked_seed, db)) return failure(Error::unsupported, "RSA-OAEP hash");
  // Steps 2.g-2.h: maskedSeed = seed xor MGF(maskedDB, hLen).
  if (!mgf_xor(mgf1_with(mgf1_hash), db, masked_seed)) return failure(Error::unsupported, "RSA-OAEP hash");
  // Step 2.i: EM = 0x00 || maskedSeed || maskedDB.
  em[0] = 0x00;
  return {};
}

Result<std::size_t> eme_oaep_decode(HashId hash, HashId mgf1_hash, std::span<const std::uint8_t> label,
                                    std::span<const std::uint8_t> em, std::span<std::uint8_t> out) noexcept {
  // RFC 8017, Section 7.1.2 (RSAES-OAEP-DECRYPT), steps 1.c and 3.
  // Differs from the spec: the three checks of step 3.g are one mask, tested once at the end;
  // M is moved to the front of a max-length buffer by a shift of log2(k) constant-time steps
  // (no index depends on where the 0x01 was).
  if (!oaep_hash(hash) || !oaep_hash(mgf1_hash)) return fail(Error::unsupported, "RSA-OAEP hash");
  const std::size_t h_len = digest_bytes(hash);
  const std::size_t k = em.size();
  // Step 1.c: k >= 2 hLen + 2 (public: the key's size).
  if (k < 2 * h_len + 2 || k > kMaxEmBytes) return fail(Error::invalid_length, "RSA-OAEP encoded message");
  const std::size_t max_m = k - 2 * h_len - 2;  // the room for M after lHash and 0x01
  if (out.size() < max_m) return fail(Error::invalid_length, "RSA-OAEP output");

  // A copy of EM to unmask in place: buf = Y || seed || DB.
  std::uint8_t buf[kMaxEmBytes];
  std::copy(em.begin(), em.end(), buf);
  const std::span<std::uint8_t> seed(buf + 1, h_len);
  const std::span<std::uint8_t> db(buf + 1 + h_len, k - h_len - 1);

  // Step 3.a: lHash = Hash(L) (public).
  std::uint8_t l_hash[max_digest_bytes];
  rsa::hash(hash, label, std::span<std::uint8_t>(l_hash, h_len));
  // Step 3.b: EM = Y || maskedSeed || maskedDB. good collects every check as 0xFF (passed).
  std::uint8_t good = byte_eq(buf[0], 0x00);
  // Steps 3.c-3.d: seed = maskedSeed xor MGF(maskedDB, hLen).
  // Steps 3.e-3.f: DB = maskedDB xor MGF(seed, k - hLen - 1).
  // (mgf_xor cannot fail here: the hashes were checked above.)
  static_cast<void>(mgf_xor(mgf1_with(mgf1_hash), db, seed));
  static_cast<void>(mgf_xor(mgf1_with(mgf1_hash), seed, db));
  // Step 3.g: DB = lHash' || PS || 0x01 || M.
  good &= ct::mask_bytes_eq(db.first(h_len), std::span<const std::uint8_t>(l_hash, h_len));
  // The scan for 0x01: every byte after lHash' is read, and the first nonzero one must be
  // 0x01. one_index is its position in DB; looking stays 0xFF until it is found.
  std::uint32_t one_index = 0;
  std::uint8_t looking = 0xFF;
  std::uint8_t bad_ps = 0;
  for (std::size_t i = h_len; i < db.size(); ++i) {
    const std::uint8_t is_one = byte_eq(db[i], 0x01);
    const std::uint8_t is_zero = byte_eq(db[i], 0x00);
    const std::uint32_t found_here = ct::mask_from_bit<std::uint32_t>((looking & is_one) & 1u);
    one_index = ct::select(found_here, static_cast<std::uint32_t>(i), one_index);
    bad_ps |= static_cast<std::uint8_t>(looking & ~is_one & ~is_zero);
    looking &= static_cast<std::uint8_t>(~is_one);
  }
  good &= static_cast<std::uint8_t>(~looking & ~bad_ps);

  // M = DB[one_index + 1 ..], mLen = |DB| - one_index - 1. The region after lHash' and the
  // earliest possible 0x01 is msg = DB[hLen + 1 ..] (max_m bytes); M is its last mLen bytes,
  // so msg shifted left by s = max_m - mLen = one_index - hLen puts M at the front. The shift
  // takes one constant-time step per bit of s (shifting by 2^b where that bit is set), each
  // reading msg[i + 2^b] at a public index, zero beyond the end.
  std::uint8_t* const msg = db.data() + h_len + 1;
  const std::uint32_t m_len = static_cast<std::uint32_t>(db.size()) - one_index - 1;
  // (Without a 0x01, one_index is 0 and shift is meaningless; good is 0 then, and out zeroed.)
  const std::uint32_t shift = static_cast<std::uint32_t>(max_m) - m_len;
  for (std::size_t b = 0, step = 1; step <= max_m; ++b, step <<= 1) {
    const std::uint8_t take = static_cast<std::uint8_t>(ct::mask_from_bit<std::uint32_t>((shift >> b) & 1u));
    for (std::size_t i = 0; i < max_m; ++i) {
      const std::uint8_t next = i + step < max_m ? msg[i + step] : std::uint8_t{0};
      msg[i] = ct::select(take, next, msg[i]);
    }
  }
  // Out: M || zeros when the checks passed, all zeros otherwise (no branch on good).
  for (std::size_t i = 0; i < out.size(); ++i) {
    const std::uint8_t v = i < max_m ? msg[i] : std::uint8_t{0};
    out[i] = static_cast<std::uint8_t>(v & ct::value_barrier(good));
  }
  secure_zero(buf, k);
  // Step 4 / the end of step 3.g: the single place where the result of the checks is used.
  if (ct::declassify_value(good) != 0xFF) return fail(Error::invalid_encoding, "RSA-OAEP ciphertext");
  return static_cast<std::size_t>(ct::declassify_value(m_len));  // mLen is the caller's once M is valid
}

}  // namespace tessera::rsa
