// EMSA-PSS (RFC 8017, Section 9.1).
#include "rsa/emsa_pss.hpp"

#include "common/ct.hpp"
#include "common/secret.hpp"
#include "rsa/hash_select.hpp"

#include <algorithm>

namespace tessera::rsa {
namespace {

// The largest EM handled: RSA moduli up to 4096 bits (include/tessera/rsa.hpp).
constexpr std::size_t kMaxEmBytes = 512;

constexpr std::uint8_t kZeros8[8] = {};

bool valid_mgf(Mgf mgf) noexcept {
  if (mgf.kind == MgfKind::mgf1) return valid_hash(mgf.hash);
  return mgf.kind == MgfKind::shake && is_xof(mgf.hash);
}

// Steps 5-6 of 9.1.1 (12-13 of 9.1.2): H = Hash(0x00 x 8 || mHash || salt).
void hash_m_prime(HashId hash, std::span<const std::uint8_t> m_hash, std::span<const std::uint8_t> salt,
                  std::span<std::uint8_t> h_out) noexcept {
  Hasher h(hash);
  h.update(kZeros8);
  h.update(m_hash);
  h.update(salt);
  h.final(h_out);
}

// The leftmost 8 emLen - emBits bits of a byte: the mask that keeps the others.
std::uint8_t top_bits_clear_mask(std::size_t em_len, std::size_t em_bits) noexcept {
  return static_cast<std::uint8_t>(0xff >> (8 * em_len - em_bits));
}

}  // namespace

Result<void> emsa_pss_encode(HashId hash, Mgf mgf, std::span<const std::uint8_t> m_hash,
                             std::span<const std::uint8_t> salt, std::size_t em_bits,
                             std::span<std::uint8_t> em) noexcept {
  // RFC 8017, Section 9.1.1 (EMSA-PSS-ENCODE).
  // Differs from the spec: mHash (step 2) and the salt (step 4) are the caller's; step 1's
  // limit on the length of M is the hash's, whose caller hashed M.
  const auto failure = [em](Error code, const char* what) noexcept {
    secure_zero(em.data(), em.size());
    return fail(code, what);
  };
  if (!valid_hash(hash)) return failure(Error::invalid_argument, "RSA-PSS hash");
  if (!valid_mgf(mgf)) return failure(Error::invalid_argument, "RSA-PSS mask generation function");
  const std::size_t h_len = digest_bytes(hash);
  const std::size_t em_len = pss_em_bytes(em_bits);
  if (m_hash.size() != h_len) return failure(Error::invalid_length, "RSA-PSS message digest");
  if (em.size() != em_len || em_len == 0) return failure(Error::invalid_length, "RSA-PSS encoded message");
  // Step 3: emLen >= hLen + sLen + 2 (written so that a huge sLen cannot wrap).
  if (em_len < h_len + 2 || salt.size() > em_len - h_len - 2) {
    return failure(Error::invalid_length, "RSA-PSS salt");
  }
  const std::size_t db_len = em_len - h_len - 1;
  const std::span<std::uint8_t> db = em.first(db_len);
  const std::span<std::uint8_t> h = em.subspan(db_len, h_len);
  // Steps 5-6: M' = 0x00 x 8 || mHash || salt; H = Hash(M'), written in place (step 12).
  hash_m_prime(hash, m_hash, salt, h);
  // Steps 7-8: DB = PS || 0x01 || salt, PS the emLen - sLen - hLen - 2 zero octets.
  const std::size_t ps_len = db_len - salt.size() - 1;
  std::fill(db.begin(), db.begin() + static_cast<std::ptrdiff_t>(ps_len), std::uint8_t{0});
  db[ps_len] = 0x01;
  std::copy(salt.begin(), salt.end(), db.begin() + static_cast<std::ptrdiff_t>(ps_len) + 1);
  // Steps 9-10: maskedDB = DB xor MGF(H, emLen - hLen - 1).
  if (!mgf_xor(mgf, h, db)) return failure(Error::invalid_argument, "RSA-PSS mask generation function");
  // Step 11: clear the leftmost 8 emLen - emBits bits of maskedDB.
  db[0] &= top_bits_clear_mask(em_len, em_bits);
  // Step 12: EM = maskedDB || H || 0xbc (maskedDB and H are in place).
  em[em_len - 1] = 0xbc;
  // Step 13: output EM.
  return {};
}

bool emsa_pss_verify(HashId hash, Mgf mgf, std::span<const std::uint8_t> m_hash,
                     std::span<const std::uint8_t> em, std::size_t em_bits, std::size_t s_len) noexcept {
  // RFC 8017, Section 9.1.2 (EMSA-PSS-VERIFY).
  // Differs from the spec: mHash (step 2) is the caller's; step 1's limit on the length of M
  // is the hash's. Everything here is public (a signature and a public key's output).
  if (!valid_hash(hash) || !valid_mgf(mgf)) return false;
  const std::size_t h_len = digest_bytes(hash);
  const std::size_t em_len = pss_em_bytes(em_bits);
  if (m_hash.size() != h_len || em.size() != em_len || em_len > kMaxEmBytes) return false;
  // Step 3: emLen >= hLen + sLen + 2.
  if (em_len < h_len + 2 || s_len > em_len - h_len - 2) return false;
  // Step 4: the rightmost octet of EM is 0xbc.
  if (em[em_len - 1] != 0xbc) return false;
  // Step 5: maskedDB (emLen - hLen - 1 octets), then H (hLen octets).
  const std::size_t db_len = em_len - h_len - 1;
  const std::span<const std::uint8_t> masked_db = em.first(db_len);
  const std::span<const std::uint8_t> h = em.subspan(db_len, h_len);
  // Step 6: the leftmost 8 emLen - emBits bits of maskedDB are zero.
  const std::uint8_t keep = top_bits_clear_mask(em_len, em_bits);
  if ((masked_db[0] & static_cast<std::uint8_t>(~keep)) != 0) return false;
  // Steps 7-8: DB = maskedDB xor MGF(H, emLen - hLen - 1).
  std::uint8_t db_buf[kMaxEmBytes];
  const std::span<std::uint8_t> db(db_buf, db_len);
  std::copy(masked_db.begin(), masked_db.end(), db.begin());
  if (!mgf_xor(mgf, h, db)) return false;
  // Step 9: clear the leftmost 8 emLen - emBits bits of DB.
  db[0] &= keep;
  // Step 10: the emLen - hLen - sLen - 2 leftmost octets of DB are zero, and the octet at
  // position emLen - hLen - sLen - 1 (counting from 1) is 0x01.
  const std::size_t ps_len = em_len - h_len - s_len - 2;
  bool consistent = db[ps_len] == 0x01;
  for (std::size_t i = 0; i < ps_len; ++i) consistent = consistent && db[i] == 0;
  if (!consistent) return false;
  // Step 11: salt = the last sLen octets of DB.
  const std::span<const std::uint8_t> salt = db.last(s_len);
  // Steps 12-13: M' = 0x00 x 8 || mHash || salt; H' = Hash(M').
  std::uint8_t h_prime[max_digest_bytes];
  hash_m_prime(hash, m_hash, salt, std::span<std::uint8_t>(h_prime, h_len));
  // Step 14: consistent iff H = H'.
  return ct::mask_bytes_eq(h, std::span<const std::uint8_t>(h_prime, h_len)) != 0;
}

}  // namespace tessera::rsa
