// ECDSA (FIPS 186-5, Section 6.4): the member definitions of tessera::ec::Ecdsa<C, H>,
// instantiated for every curve and hash in ecdsa_p256.cpp / ecdsa_p384.cpp. The group
// arithmetic is weierstrass.hpp's (ecdsa_sign_core, ecdsa_verify_core_vartime).
#pragma once

#include "common/ct.hpp"
#include "common/secret.hpp"
#include "ec/der_signature.hpp"
#include "ec/message_hash.hpp"
#include "ec/rfc6979.hpp"
#include "ec/weierstrass.hpp"

#include <tessera/ecdsa.hpp>
#include <tessera/random.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera::ec {
namespace detail {

template <class C, class H>
struct EcdsaImpl {
  using E = Ecdsa<C, H>;
  static constexpr std::size_t sb = C::scalar_bytes;
  using Nonce = Rfc6979<typename NonceHash<H>::type, C::order_bits>;
  static_assert(Nonce::qlen_bytes == sb);

  enum class Mode { hedged, deterministic };

  // Stack below the signing entry points that is wiped after each signature: the scalar and
  // point code leaves limb copies of k and d in its frames (found by ecdsa-zeroize-tests;
  // P-384 signing uses less than this). secure_zero_stack costs about 1% of a signature.
  // On Cortex-M (common/secret.hpp, frame_wipe) the wipe is most of the stack a signature
  // needs: P-256 signing reaches 2,244 bytes below the entry point and P-384 key import (the
  // same fixed-base multiplication) 5,048 in the KAT firmware at -Os (firmware/, with the
  // wipe shrunk to measure), so 8 KiB covers -O2/-O3 frames with room. The kernel-table
  // calls of src/ec are not resolved by scripts/stack-usage.py, which cannot check this one.
  static constexpr std::size_t kStackWipeBytes = frame_wipe(16384, 8192);

  // FIPS 186-5 6.4.1 steps 4-5: e = bits2int(H) mod n (H = the digest). The reduced value's
  // bytes are also RFC 6979's bits2octets(h1) (Section 2.3.4).
  static Scalar<C> digest_to_e(std::span<const std::uint8_t, H::digest_bytes> digest) noexcept {
    std::array<std::uint8_t, sb> e_bytes;
    bits2int<C::order_bits, sb>(digest, e_bytes);
    return Scalar<C>::from_bytes_reduce(e_bytes);
  }

  // FIPS 186-5 6.4.1 steps 4-12 with k from RFC 6979 (s3.2; s3.6 when hedged).
  static Result<void> sign_digest(const PrivateKey<C>& sk, std::span<const std::uint8_t, H::digest_bytes> digest,
                                  Mode mode, std::span<std::uint8_t, 2 * sb> sig) noexcept {
    const Scalar<C> e = digest_to_e(digest);
    std::array<std::uint8_t, sb> h1;  // bits2octets(h1): secret-dependent only through m
    e.to_bytes(h1);
    const Scalar<C> d = private_scalar(sk);
    SecretArray<sb> x;
    d.to_bytes(x.span());  // int2octets(x) (RFC 6979 s2.3.3)
    // RFC 6979 s3.6: k' = fresh random bytes (as many as a scalar: the private key's
    // strength). FIPS 186-5 6.3.2 (DetECDSA): no k'.
    SecretArray<sb> extra;
    std::span<const std::uint8_t> extra_span;
    if (mode == Mode::hedged) {
      if (auto ok = random_bytes(extra.span()); !ok) {
        for (auto& b : sig) b = 0;
        return ok;
      }
      extra_span = extra.span();
    }
    Nonce nonce(x.span(), h1, extra_span);
    // Steps 11-12: a zero r or s (probability ~2^-order_bits: public) takes the DRBG's next
    // candidate (RFC 6979 s3.4). Bounded so a broken group core cannot loop forever.
    for (int attempt = 0; attempt < 64; ++attempt) {
      SecretArray<sb> k_bytes;
      nonce.next(k_bytes.span(), GroupOrder<C>::n);
      // k < n already (checked by the nonce generator): the reduction leaves it unchanged.
      const Scalar<C> k = Scalar<C>::from_bytes_reduce(k_bytes.span());
      auto ok = ecdsa_sign_core<C>(d, k, e, sig.template first<sb>(), sig.template last<sb>());
      if (ok) return {};
    }
    for (auto& b : sig) b = 0;
    return fail(Error::invalid_state, "ECDSA signing (r or s zero for 64 nonces)");
  }

  static Result<typename E::Signature> sign_message(const PrivateKey<C>& sk, std::span<const std::uint8_t> message,
                                                    Mode mode) noexcept {
    typename E::Digest digest;
    E::hash(message, digest);
    typename E::Signature sig;
    auto ok = sign_digest(sk, digest, mode, sig);
    secure_zero_stack(kStackWipeBytes);
    if (!ok) return ok.failure();
    return sig;
  }

  static Result<typename E::Signature> sign_digest_checked(const PrivateKey<C>& sk, std::span<const std::uint8_t> digest,
                                                           Mode mode) noexcept {
    if (digest.size() != H::digest_bytes) return fail(Error::invalid_length, "ECDSA message digest");
    typename E::Signature sig;
    auto ok = sign_digest(sk, digest.template first<H::digest_bytes>(), mode, sig);
    secure_zero_stack(kStackWipeBytes);
    if (!ok) return ok.failure();
    return sig;
  }

  static bool verify_digest(const PublicKey<C>& pk, std::span<const std::uint8_t, H::digest_bytes> digest,
                            std::span<const std::uint8_t> signature) noexcept {
    if (signature.size() != 2 * sb) return false;
    const Scalar<C> e = digest_to_e(digest);
    return ecdsa_verify_core_vartime<C>(pk, e, signature.template first<sb>(), signature.template last<sb>());
  }
};

}  // namespace detail

template <class C, class H>
void Ecdsa<C, H>::hash(std::span<const std::uint8_t> message, std::span<std::uint8_t, digest_bytes> digest) noexcept {
  H h;
  h.update(message);
  h.final(digest);
}

template <class C, class H>
Result<typename Ecdsa<C, H>::Signature> Ecdsa<C, H>::sign(const PrivateKey& sk,
                                                          std::span<const std::uint8_t> message) noexcept {
  return detail::EcdsaImpl<C, H>::sign_message(sk, message, detail::EcdsaImpl<C, H>::Mode::hedged);
}

template <class C, class H>
Result<typename Ecdsa<C, H>::Signature> Ecdsa<C, H>::sign_deterministic(const PrivateKey& sk,
                                                                        std::span<const std::uint8_t> message) noexcept {
  if constexpr (!has_deterministic) {
    (void)sk;
    (void)message;
    return fail(Error::unsupported, "ECDSA deterministic signing with SHAKE (no HMAC-SHAKE)");
  } else {
    return detail::EcdsaImpl<C, H>::sign_message(sk, message, detail::EcdsaImpl<C, H>::Mode::deterministic);
  }
}

template <class C, class H>
Result<typename Ecdsa<C, H>::Signature> Ecdsa<C, H>::sign_digest(const PrivateKey& sk,
                                                                 std::span<const std::uint8_t> digest) noexcept {
  return detail::EcdsaImpl<C, H>::sign_digest_checked(sk, digest, detail::EcdsaImpl<C, H>::Mode::hedged);
}

template <class C, class H>
Result<typename Ecdsa<C, H>::Signature> Ecdsa<C, H>::sign_digest_deterministic(
    const PrivateKey& sk, std::span<const std::uint8_t> digest) noexcept {
  if constexpr (!has_deterministic) {
    (void)sk;
    (void)digest;
    return fail(Error::unsupported, "ECDSA deterministic signing with SHAKE (no HMAC-SHAKE)");
  } else {
    return detail::EcdsaImpl<C, H>::sign_digest_checked(sk, digest, detail::EcdsaImpl<C, H>::Mode::deterministic);
  }
}

template <class C, class H>
Result<typename Ecdsa<C, H>::Signature> Ecdsa<C, H>::sign_internal(const PrivateKey& sk,
                                                                   std::span<const std::uint8_t> message,
                                                                   std::span<const std::uint8_t> k) noexcept {
  // FIPS 186-5 6.4.1 step 6 says k is in [1, n-1]: a given k outside it is an error.
  auto k_scalar = Scalar<C>::from_bytes_checked(k, "ECDSA per-message secret k");
  if (!k_scalar) {
    const Failure f = k_scalar.failure();
    return fail(f.code == Error::invalid_length ? Error::invalid_length : Error::invalid_argument, f.what);
  }
  Digest digest;
  hash(message, digest);
  const Scalar<C> e = detail::EcdsaImpl<C, H>::digest_to_e(digest);
  const Scalar<C> d = private_scalar(sk);
  Signature sig;
  auto ok = ecdsa_sign_core<C>(d, *k_scalar, e, std::span(sig).template first<scalar_bytes>(),
                               std::span(sig).template last<scalar_bytes>());
  secure_zero_stack(detail::EcdsaImpl<C, H>::kStackWipeBytes);
  if (!ok) return ok.failure();
  return sig;
}

template <class C, class H>
bool Ecdsa<C, H>::verify(const PublicKey& pk, std::span<const std::uint8_t> message,
                         std::span<const std::uint8_t> signature) noexcept {
  if (signature.size() != signature_bytes) return false;
  Digest digest;
  hash(message, digest);
  return detail::EcdsaImpl<C, H>::verify_digest(pk, digest, signature);
}

template <class C, class H>
bool Ecdsa<C, H>::verify_digest(const PublicKey& pk, std::span<const std::uint8_t> digest,
                                std::span<const std::uint8_t> signature) noexcept {
  if (digest.size() != digest_bytes) return false;
  return detail::EcdsaImpl<C, H>::verify_digest(pk, digest.template first<digest_bytes>(), signature);
}

template <class C, class H>
Result<typename Ecdsa<C, H>::DerSignature> Ecdsa<C, H>::to_der(std::span<const std::uint8_t> signature) noexcept {
  if (signature.size() != signature_bytes) return fail(Error::invalid_length, "ECDSA signature (r || s)");
  DerSignature der;
  auto n = der_encode_signature(signature.first(scalar_bytes), signature.last(scalar_bytes), der.data);
  if (!n) return n.failure();
  der.size = *n;
  return der;
}

template <class C, class H>
Result<typename Ecdsa<C, H>::Signature> Ecdsa<C, H>::from_der(std::span<const std::uint8_t> der) noexcept {
  Signature sig;
  auto ok = der_decode_signature(der, std::span(sig).first(scalar_bytes), std::span(sig).last(scalar_bytes));
  if (!ok) return ok.failure();
  return sig;
}

template <class C, class H>
Result<typename Ecdsa<C, H>::DerSignature> Ecdsa<C, H>::sign_der(const PrivateKey& sk,
                                                                 std::span<const std::uint8_t> message) noexcept {
  auto sig = sign(sk, message);
  if (!sig) return sig.failure();
  // Public: the signature is the output (the DER encoder branches on its leading bytes).
  ct::declassify(sig->data(), sig->size());
  return to_der(*sig);
}

template <class C, class H>
bool Ecdsa<C, H>::verify_der(const PublicKey& pk, std::span<const std::uint8_t> message,
                             std::span<const std::uint8_t> der) noexcept {
  auto sig = from_der(der);
  if (!sig) return false;
  return verify(pk, message, *sig);
}

}  // namespace tessera::ec
