// Authenticated encryption: AES-GCM (SP 800-38D) and ChaCha20-Poly1305 (RFC 8439), with
// the primitives they are built from (GMAC, ChaCha20, Poly1305).
//
//   std::vector<std::uint8_t> ct(pt.size());
//   std::array<std::uint8_t, 16> tag;
//   auto r = tessera::aes_gcm_seal(key, nonce, aad, pt, ct, tag);
//   ...
//   auto ok = tessera::aes_gcm_open(key, nonce, aad, ct, tag, pt);  // error: pt is zeroed
//
// Nonces are 96 bits (12 bytes) and must never repeat under one key. AES-GCM also takes
// IVs of any other whole number of bytes (SP 800-38D, Section 5.2.1.1), hashed into the
// pre-counter block; 96 bits stays the recommended length (Section 8.2). Tags are 16
// bytes. AES-GCM tags truncated to 12..15 bytes (Section 5.2.1.2) need a keyed AesGcm
// created for that length: the tag length is fixed when the key is set (as in
// BoringSSL), so a tag length taken from the wire cannot shorten what is authenticated.
// Errors: Error::invalid_length for a wrong key, nonce, tag or output length (outputs are
// zeroed); a tag that does not verify gives Error::authentication_failed (the plaintext buffer is
// zeroed, and nothing about the mismatch but its existence is revealed). Result::what()
// names the argument ("AES-GCM nonce", "ChaCha20-Poly1305 tag", ...).
#pragma once

#include <tessera/export.hpp>
#include <tessera/result.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera {

inline constexpr std::size_t kAeadNonceBytes = 12;    // ChaCha20-Poly1305; AES-GCM's default
inline constexpr std::size_t kAeadTagBytes = 16;
inline constexpr std::size_t kAesGcmMinTagBytes = 12;  // SP 800-38D, Section 5.2.1.2 (96 bits)

// --- AES-GCM ---------------------------------------------------------------------------

// A key-scheduled AES-GCM instance (expanded key and GHASH key precomputed once); reuse it
// for many messages. The implementation (VAES+VPCLMULQDQ, AES-NI+PCLMULQDQ or portable) is
// chosen when the key is set, from the active backend. Wiped by clear() and the destructor.
class TESSERA_API AesGcm {
 public:
  AesGcm() noexcept = default;
  AesGcm(const AesGcm&) = delete;
  AesGcm& operator=(const AesGcm&) = delete;
  ~AesGcm();

  // key: 16, 24 or 32 bytes (else Error::invalid_length, "AES-GCM key"). tag_bytes: the
  // length of every tag this key makes and accepts, 12..16 (SP 800-38D, Section 5.2.1.2;
  // else Error::invalid_argument, "AES-GCM tag length"); 16 unless the protocol specifies
  // a truncated tag. On error the object holds no key.
  [[nodiscard]] Result<void> set_key(std::span<const std::uint8_t> key,
                                     std::size_t tag_bytes = kAeadTagBytes) noexcept;
  bool has_key() const noexcept { return impl_ != nullptr; }
  // The tag length fixed by set_key.
  std::size_t tag_bytes() const noexcept { return tag_bytes_; }
  void clear() noexcept;

  // SP 800-38D, Algorithm 4 (GCM-AE_K). nonce: 1 byte or more (12 recommended; other
  // lengths are hashed, Algorithm 4 step 2). ciphertext.size() == plaintext.size() (they
  // may be the same buffer); tag.size() == tag_bytes(), exactly (else "AES-GCM tag").
  // Error::invalid_state without a key.
  [[nodiscard]] Result<void> seal(std::span<const std::uint8_t> nonce,
                                  std::span<const std::uint8_t> aad,
                                  std::span<const std::uint8_t> plaintext,
                                  std::span<std::uint8_t> ciphertext,
                                  std::span<std::uint8_t> tag) const noexcept;
  // SP 800-38D, Algorithm 5 (GCM-AD_K). plaintext.size() == ciphertext.size();
  // tag.size() == tag_bytes(), exactly: a shorter tag is Error::invalid_length, never a
  // comparison of fewer bytes.
  [[nodiscard]] Result<void> open(std::span<const std::uint8_t> nonce,
                                  std::span<const std::uint8_t> aad,
                                  std::span<const std::uint8_t> ciphertext,
                                  std::span<const std::uint8_t> tag,
                                  std::span<std::uint8_t> plaintext) const noexcept;
  // GMAC (SP 800-38D, Section 3): GCM with an empty plaintext; the message is the AAD.
  // tag.size() == tag_bytes(); failures name "GMAC ..." arguments.
  [[nodiscard]] Result<void> gmac(std::span<const std::uint8_t> nonce,
                                  std::span<const std::uint8_t> message,
                                  std::span<std::uint8_t> tag) const noexcept;

 private:
  alignas(64) std::uint8_t storage_[2304] = {};
  const void* impl_ = nullptr;
  std::uint8_t tag_bytes_ = kAeadTagBytes;
};

// One-shot forms (the key is expanded and wiped on every call). Tags are 16 bytes, the
// only length these accept (a 12..15-byte tag is Error::invalid_length, "AES-GCM tag"):
// for a truncated tag use AesGcm::set_key(key, tag_bytes), which fixes the length once.
// Nonces as for AesGcm.
TESSERA_API Result<void> aes_gcm_seal(std::span<const std::uint8_t> key,
                                      std::span<const std::uint8_t> nonce,
                                      std::span<const std::uint8_t> aad,
                                      std::span<const std::uint8_t> plaintext,
                                      std::span<std::uint8_t> ciphertext,
                                      std::span<std::uint8_t> tag) noexcept;
TESSERA_API Result<void> aes_gcm_open(std::span<const std::uint8_t> key,
                                      std::span<const std::uint8_t> nonce,
                                      std::span<const std::uint8_t> aad,
                                      std::span<const std::uint8_t> ciphertext,
                                      std::span<const std::uint8_t> tag,
                                      std::span<std::uint8_t> plaintext) noexcept;
TESSERA_API Result<void> aes_gmac(std::span<const std::uint8_t> key,
                                  std::span<const std::uint8_t> nonce,
                                  std::span<const std::uint8_t> message,
                                  std::span<std::uint8_t> tag) noexcept;

// --- ChaCha20-Poly1305 (RFC 8439) --------------------------------------------------------

inline constexpr std::size_t kChaCha20KeyBytes = 32;

// RFC 8439, Section 2.8 (AEAD_CHACHA20_POLY1305). key: 32 bytes, nonce: 12, tag: 16.
TESSERA_API Result<void> chacha20_poly1305_seal(std::span<const std::uint8_t> key,
                                                std::span<const std::uint8_t> nonce,
                                                std::span<const std::uint8_t> aad,
                                                std::span<const std::uint8_t> plaintext,
                                                std::span<std::uint8_t> ciphertext,
                                                std::span<std::uint8_t> tag) noexcept;
TESSERA_API Result<void> chacha20_poly1305_open(std::span<const std::uint8_t> key,
                                                std::span<const std::uint8_t> nonce,
                                                std::span<const std::uint8_t> aad,
                                                std::span<const std::uint8_t> ciphertext,
                                                std::span<const std::uint8_t> tag,
                                                std::span<std::uint8_t> plaintext) noexcept;

// RFC 8439, Section 2.4 (ChaCha20 encryption): out = in ^ keystream starting at block
// `counter`. key: 32 bytes, nonce: 12; out.size() == in.size(). Error::invalid_length also
// if the 32-bit block counter would wrap (what(): "ChaCha20 counter (the input would wrap
// it)").
TESSERA_API Result<void> chacha20_xor(std::span<const std::uint8_t> key,
                                      std::span<const std::uint8_t> nonce, std::uint32_t counter,
                                      std::span<const std::uint8_t> in,
                                      std::span<std::uint8_t> out) noexcept;

// RFC 8439, Section 2.5 (Poly1305): a one-time authenticator. key: 32 bytes (r || s),
// never reused; tag: 16 bytes.
TESSERA_API Result<void> poly1305_mac(std::span<const std::uint8_t> key,
                                      std::span<const std::uint8_t> message,
                                      std::span<std::uint8_t> tag) noexcept;

}  // namespace tessera
