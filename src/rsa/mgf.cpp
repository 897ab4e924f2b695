// MGF1 (RFC 8017, Appendix B.2.1) and the SHAKE MGF (FIPS 186-5, Section 5.4).
#include "rsa/mgf.hpp"

#include "common/secret.hpp"
#include "rsa/hash_select.hpp"

#include <algorithm>

namespace tessera::rsa {
namespace {

// Where the mask goes: copied out (mgf_generate) or XORed into the data (mgf_xor).
enum class Apply : bool { copy, exclusive_or };

void apply(Apply how, std::uint8_t* dst, const std::uint8_t* mask, std::size_t n) noexcept {
  if (how == Apply::copy) {
    std::copy(mask, mask + n, dst);
  } else {
    for (std::size_t i = 0; i < n; ++i) dst[i] = static_cast<std::uint8_t>(dst[i] ^ mask[i]);
  }
}

Result<void> mgf1_apply(HashId hash, std::span<const std::uint8_t> seed, std::span<std::uint8_t> out,
                        Apply how) noexcept {
  // RFC 8017, Appendix B.2.1 (MGF1).
  if (!valid_hash(hash)) return fail(Error::invalid_argument, "MGF1 hash");
  const std::size_t h_len = digest_bytes(hash);
  // Step 1: maskLen <= 2^32 hLen.
  if (static_cast<std::uint64_t>(out.size()) / h_len > (std::uint64_t{1} << 32) ||
      (static_cast<std::uint64_t>(out.size()) / h_len == (std::uint64_t{1} << 32) && out.size() % h_len != 0)) {
    return fail(Error::invalid_length, "MGF1 mask too long");
  }
  Hasher h(hash);
  std::uint8_t block[max_digest_bytes];
  // Steps 2-3: T = T || Hash(mgfSeed || C) for counter = 0 .. ceil(maskLen / hLen) - 1.
  std::uint32_t counter = 0;
  for (std::size_t done = 0; done < out.size(); done += h_len, ++counter) {
    // Step 3.a: C = I2OSP(counter, 4).
    const std::uint8_t c[4] = {static_cast<std::uint8_t>(counter >> 24), static_cast<std::uint8_t>(counter >> 16),
                               static_cast<std::uint8_t>(counter >> 8), static_cast<std::uint8_t>(counter)};
    // Step 3.b.
    h.update(seed);
    h.update(c);
    h.final(std::span<std::uint8_t>(block, h_len));
    // Step 4: the leading maskLen octets of T.
    apply(how, out.data() + done, block, std::min(h_len, out.size() - done));
  }
  secure_zero(block, sizeof block);
  return {};
}

template <class Shake>
void shake_apply(std::span<const std::uint8_t> seed, std::span<std::uint8_t> out, Apply how) noexcept {
  Shake x;
  static_cast<void>(x.absorb(seed));  // a fresh object: absorbing cannot fail
  std::uint8_t block[Shake::rate_bytes];
  for (std::size_t done = 0; done < out.size(); done += sizeof block) {
    const std::size_t n = std::min(sizeof block, out.size() - done);
    x.squeeze(std::span<std::uint8_t>(block, n));
    apply(how, out.data() + done, block, n);
  }
  secure_zero(block, sizeof block);
}

Result<void> shake_mgf_apply(HashId shake, std::span<const std::uint8_t> seed, std::span<std::uint8_t> out,
                             Apply how) noexcept {
  // FIPS 186-5, Section 5.4: with SHAKE, mask = SHAKE128(mgfSeed, 8 maskLen) or
  // SHAKE256(mgfSeed, 8 maskLen) (RFC 8702, Sections 2.2 and 3.2 likewise).
  if (shake == HashId::shake128) {
    shake_apply<Shake128>(seed, out, how);
  } else if (shake == HashId::shake256) {
    shake_apply<Shake256>(seed, out, how);
  } else {
    return fail(Error::unsupported, "SHAKE MGF hash");
  }
  return {};
}

Result<void> mgf_apply(Mgf mgf, std::span<const std::uint8_t> seed, std::span<std::uint8_t> out, Apply how) noexcept {
  switch (mgf.kind) {
    case MgfKind::mgf1: return mgf1_apply(mgf.hash, seed, out, how);
    case MgfKind::shake: return shake_mgf_apply(mgf.hash, seed, out, how);
  }
  return fail(Error::invalid_argument, "mask generation function");
}

}  // namespace

Result<void> mgf1(HashId hash, std::span<const std::uint8_t> mgf_seed, std::span<std::uint8_t> mask) noexcept {
  return mgf1_apply(hash, mgf_seed, mask, Apply::copy);
}

Result<void> mgf_shake(HashId shake, std::span<const std::uint8_t> mgf_seed, std::span<std::uint8_t> mask) noexcept {
  return shake_mgf_apply(shake, mgf_seed, mask, Apply::copy);
}

Result<void> mgf_generate(Mgf mgf, std::span<const std::uint8_t> mgf_seed, std::span<std::uint8_t> mask) noexcept {
  return mgf_apply(mgf, mgf_seed, mask, Apply::copy);
}

Result<void> mgf_xor(Mgf mgf, std::span<const std::uint8_t> mgf_seed, std::span<std::uint8_t> data) noexcept {
  return mgf_apply(mgf, mgf_seed, data, Apply::exclusive_or);
}

}  // namespace tessera::rsa
