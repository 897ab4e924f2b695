// FrodoKEM and eFrodoKEM key objects and entry points (include/tessera/frodokem.hpp): the
// public API over the algorithms of frodokem/scheme.hpp (default) or frodokem/streaming.hpp
// (small-stack builds, TESSERA_SMALL_STACK; docs/embedded.md). Both give the same bytes.
#include <tessera/frodokem.hpp>
#include <tessera/options.hpp>
#include <tessera/random.hpp>

#include "common/ct.hpp"
#include "frodokem/scheme.hpp"
#include "frodokem/streaming.hpp"

#include <cstring>

namespace tessera::frodokem {

using detail::Scheme;
using std::size_t;
using std::uint8_t;

namespace {
// The algorithms the entry points run: both have keygen, encaps and decaps of one shape.
template <const Params& P>
using Paths = std::conditional_t<TESSERA_SMALL_STACK, detail::Streaming<P>, Scheme<P>>;
}  // namespace

// The Results below are built in place, one named return each (NRVO), so that no key-sized
// temporary (9.6-43 KiB) is made on the stack and no secret passes through one.
template <const Params& P>
Result<typename Kem<P>::PublicKey> Kem<P>::PublicKey::from_bytes(std::span<const uint8_t> b) noexcept {
  Result<PublicKey> r(std::in_place);
  if (b.size() != public_key_bytes) {
    r = fail(Error::invalid_length, "FrodoKEM public key");
    return r;
  }
  std::memcpy(r->pk_.data(), b.data(), public_key_bytes);
  Scheme<P>::hash_pk(r->pk_.data(), r->pkh_.data());
  return r;
}

template <const Params& P>
Result<typename Kem<P>::PrivateKey> Kem<P>::PrivateKey::from_bytes(std::span<const uint8_t> b) noexcept {
  Result<PrivateKey> r(std::in_place);
  if (b.size() != private_key_bytes) {
    r = fail(Error::invalid_length, "FrodoKEM private key");
    return r;
  }
  // sk = s || pk || S^T || pkh (spec Section 8.1 step 9). Checked before anything is built.
  const uint8_t* pk = b.data() + s_bytes;
  const uint8_t* sk_st = pk + public_key_bytes;
  const uint8_t* pkh = sk_st + st_bytes;
  uint8_t pkh_of_pk[pkh_bytes];
  Scheme<P>::hash_pk(pk, pkh_of_pk);
  // The verdicts are public (the caller learns them from the Result). Telling which check
  // failed reveals nothing more: pkh and pk are the public parts of the encoding, so whether
  // they match is known to anyone who has it.
  if (ct::declassify_value(ct::mask_bytes_eq({pkh, pkh_bytes}, pkh_of_pk)) == 0) {
    r = fail(Error::invalid_key, "FrodoKEM private key (pkh does not match pk)");
  } else if (ct::declassify_value(Scheme<P>::st_out_of_range(sk_st)) != 0) {
    r = fail(Error::invalid_key, "FrodoKEM private key (an entry of S^T outside the error distribution)");
  } else {
    std::memcpy(r->s_.data(), b.data(), s_bytes);
    std::memcpy(r->st_.data(), sk_st, st_bytes);
    std::memcpy(r->pk_.pk_.data(), pk, public_key_bytes);
    std::memcpy(r->pk_.pkh_.data(), pkh, pkh_bytes);
  }
  return r;
}

template <const Params& P>
SecretArray<Kem<P>::private_key_bytes> Kem<P>::PrivateKey::bytes() const noexcept {
  constexpr size_t kPkAt = s_bytes, kStAt = kPkAt + public_key_bytes, kPkhAt = kStAt + st_bytes;
  static_assert(kPkhAt + pkh_bytes == private_key_bytes);
  SecretArray<private_key_bytes> out;
  std::memcpy(out.data(), s_.data(), s_bytes);
  std::memcpy(out.data() + kPkAt, pk_.pk_.data(), public_key_bytes);
  std::memcpy(out.data() + kStAt, st_.data(), st_bytes);
  std::memcpy(out.data() + kPkhAt, pk_.pkh_.data(), pkh_bytes);
  return out;
}

template <const Params& P>
typename Kem<P>::PrivateKey Kem<P>::PrivateKey::clone() const noexcept {
  PrivateKey c;
  c.s_ = s_.clone();
  c.st_ = st_.clone();
  c.pk_ = pk_;
  return c;
}

template <const Params& P>
Result<typename Kem<P>::KeyPair> Kem<P>::generate_key() noexcept {
  // s || seed_SE || z in one draw (the order of the spec and of the KAT generator).
  constexpr size_t kS = s_bytes, kSe = seed_se_bytes, kZ = z_bytes;
  SecretArray<kS + kSe + kZ> rnd;
  if (!random_bytes(rnd.span())) return fail(Error::randomness_failure, "FrodoKEM s || seed_SE || z");
  return keygen_internal({rnd.data(), kS}, {rnd.data() + kS, kSe}, {rnd.data() + kS + kSe, kZ});
}

template <const Params& P>
Result<typename Kem<P>::KeyPair> Kem<P>::keygen_internal(std::span<const uint8_t> s, std::span<const uint8_t> seed_se,
                                                         std::span<const uint8_t> z) noexcept {
  static_assert(max_error == Scheme<P>::cdf_len - 1, "max_error: the support of the CDF table");
  Result<KeyPair> r(std::in_place);
  if (s.size() != s_bytes) {
    r = fail(Error::invalid_length, "FrodoKEM s (len_sec bits)");
  } else if (seed_se.size() != seed_se_bytes) {
    r = fail(Error::invalid_length, "FrodoKEM seed_SE (len_SE bits)");
  } else if (z.size() != z_bytes) {
    r = fail(Error::invalid_length, "FrodoKEM z (len_A bits)");
  } else {
    PrivateKey& sk = r->private_key;
    std::memcpy(sk.s_.data(), s.data(), s_bytes);
    Paths<P>::keygen(seed_se.data(), z.data(), sk.pk_.pk_.data(), sk.st_.data(), sk.pk_.pkh_.data(), kernels());
    r->public_key = sk.pk_;
  }
  return r;
}

template <const Params& P>
Result<typename Kem<P>::Encapsulation> Kem<P>::encapsulate(const PublicKey& pk) noexcept {
  SecretArray<mu_bytes + salt_bytes> rnd;  // mu || salt in one draw
  if (!random_bytes(rnd.span())) return fail(Error::randomness_failure, "FrodoKEM mu || salt");
  return encaps_internal(pk, {rnd.data(), mu_bytes}, {rnd.data() + mu_bytes, salt_bytes});
}

template <const Params& P>
Result<typename Kem<P>::Encapsulation> Kem<P>::encaps_internal(const PublicKey& pk, std::span<const uint8_t> mu,
                                                               std::span<const uint8_t> salt) noexcept {
  Result<Encapsulation> r(std::in_place);
  if (mu.size() != mu_bytes) {
    r = fail(Error::invalid_length, "FrodoKEM mu (len_sec bits)");
  } else if (salt.size() != salt_bytes) {
    r = fail(Error::invalid_length, "FrodoKEM salt (len_salt bits)");
  } else {
    Paths<P>::encaps(pk.pk_.data(), pk.pkh_.data(), mu.data(), salt.data(), r->ciphertext.data(),
                     r->shared_secret.data(), kernels());
  }
  return r;
}

template <const Params& P>
Result<typename Kem<P>::SharedSecret> Kem<P>::decapsulate(const PrivateKey& sk, std::span<const uint8_t> ct) noexcept {
  if (ct.size() != ciphertext_bytes) return fail(Error::invalid_length, "FrodoKEM ciphertext");
  SharedSecret ss;
  Paths<P>::decaps(sk.s_.data(), sk.pk_.pk_.data(), sk.st_.data(), sk.pk_.pkh_.data(), ct.data(), ss.data(),
                   kernels());
  return ss;
}

template class Kem<kFrodoKem640Aes>;
template class Kem<kFrodoKem640Shake>;
template class Kem<kFrodoKem976Aes>;
template class Kem<kFrodoKem976Shake>;
template class Kem<kFrodoKem1344Aes>;
template class Kem<kFrodoKem1344Shake>;
template class Kem<kEFrodoKem640Aes>;
template class Kem<kEFrodoKem640Shake>;
template class Kem<kEFrodoKem976Aes>;
template class Kem<kEFrodoKem976Shake>;
template class Kem<kEFrodoKem1344Aes>;
template class Kem<kEFrodoKem1344Shake>;

}  // namespace tessera::frodokem
