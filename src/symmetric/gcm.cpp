// GCM (SP 800-38D): the algorithm shared by every kernel, the kernel tables, and the
// public AES-GCM API.
#include "symmetric/gcm.hpp"

#include <tessera/aead.hpp>

#include "common/ct.hpp"
#include "common/secret.hpp"
#include "cpu/backend.hpp"
#include "tessera_config.hpp"

#include <cstring>
#include <new>

namespace tessera::gcm {
namespace {


// GHASH over a byte string padded with zeros to a whole number of blocks.
void ghash_padded(const Context& ctx, std::uint8_t xi[16], const std::uint8_t* in,
                  std::size_t len) noexcept {
  const std::size_t full = len / 16;
  if (full != 0) ctx.k->ghash(ctx.hkey, xi, in, full);
  if (const std::size_t rest = len % 16; rest != 0) {
    std::uint8_t buf[16] = {};
    std::memcpy(buf, in + 16 * full, rest);
    ctx.k->ghash(ctx.hkey, xi, buf, 1);
    secure_zero(buf, sizeof buf);
  }
}

// The length block [len(A)]_64 || [len(C)]_64, in bits, big-endian.
void ghash_lengths(const Context& ctx, std::uint8_t xi[16], std::uint64_t aad_len,
                   std::uint64_t len) noexcept {
  std::uint8_t block[16];
  for (int i = 0; i < 8; ++i) {
    block[i] = static_cast<std::uint8_t>((aad_len * 8) >> (56 - 8 * i));
    block[8 + i] = static_cast<std::uint8_t>((len * 8) >> (56 - 8 * i));
  }
  ctx.k->ghash(ctx.hkey, xi, block, 1);
}

// SP 800-38D, Algorithm 4, Step 2: the pre-counter block J0.
void pre_counter_block(const Context& ctx, std::uint8_t j0[16], const std::uint8_t* iv,
                       std::size_t iv_len) noexcept {
  if (iv_len == 12) {
    std::memcpy(j0, iv, 12);
    j0[12] = j0[13] = j0[14] = 0;
    j0[15] = 1;
    return;
  }
  // J0 = GHASH_H(IV || 0^(s+64) || [len(IV)]_64).
  std::memset(j0, 0, 16);
  ghash_padded(ctx, j0, iv, iv_len);
  ghash_lengths(ctx, j0, 0, iv_len);
}

// GCTR on whole blocks with GHASH of the ciphertext (encrypt) or of the input (decrypt).
void crypt_blocks(const Context& ctx, bool encrypt, std::uint8_t ctr[16], std::uint8_t xi[16],
                  const std::uint8_t* in, std::uint8_t* out, std::size_t nblocks) noexcept {
  if (nblocks == 0) return;
  auto fused = encrypt ? ctx.k->encrypt : ctx.k->decrypt;
  if (fused != nullptr) {
    fused(ctx.rk, ctx.hkey, ctr, xi, in, out, nblocks);
    return;
  }
  // Composed, in chunks so that the ciphertext is hashed while still in cache.
  constexpr std::size_t kChunk = 64;
  while (nblocks > 0) {
    const std::size_t n = nblocks < kChunk ? nblocks : kChunk;
    if (encrypt) {
      ctx.k->aes->ctr32(ctx.rk, ctr, in, out, n);
      ctx.k->ghash(ctx.hkey, xi, out, n);
    } else {
      ctx.k->ghash(ctx.hkey, xi, in, n);
      ctx.k->aes->ctr32(ctx.rk, ctr, in, out, n);
    }
    in += 16 * n;
    out += 16 * n;
    nblocks -= n;
  }
}

// Steps 3-5 of Algorithms 4 and 5 and the tag S of Step 6 (before encrypting it).
void gcm_body(const Context& ctx, bool encrypt, const std::uint8_t j0[16], const std::uint8_t* aad,
              std::size_t aad_len, const std::uint8_t* in, std::uint8_t* out, std::size_t len,
              std::uint8_t s[16]) noexcept {
  std::memset(s, 0, 16);
  ghash_padded(ctx, s, aad, aad_len);
  std::uint8_t ctr[16];
  std::memcpy(ctr, j0, 16);
  aes::inc32(ctr);
  const std::size_t full = len / 16;
  crypt_blocks(ctx, encrypt, ctr, s, in, out, full);
  if (const std::size_t rest = len % 16; rest != 0) {
    std::uint8_t buf[16] = {};
    std::memcpy(buf, in + 16 * full, rest);
    if (!encrypt) ctx.k->ghash(ctx.hkey, s, buf, 1);
    ctx.k->aes->ctr32(ctx.rk, ctr, buf, buf, 1);
    std::memcpy(out + 16 * full, buf, rest);
    if (encrypt) {
      std::memset(buf + rest, 0, 16 - rest);
      ctx.k->ghash(ctx.hkey, s, buf, 1);
    }
    secure_zero(buf, sizeof buf);
  }
  ghash_lengths(ctx, s, aad_len, len);
}

}  // namespace

const Kernels& kernels_portable() noexcept {
  static const Kernels k{&aes::kernels_portable(), ghash_init_portable, ghash_portable, nullptr,
                         nullptr, "portable"};
  return k;
}

const Kernels* kernels_pclmul() noexcept {
#if TESSERA_HAVE_AVX2
  static const Kernels k{aes::kernels_aesni(), ghash_init_pclmul, ghash_pclmul,
                         encrypt_aesni_pclmul, decrypt_aesni_pclmul, "aesni+pclmul"};
  return aes::kernels_aesni() != nullptr ? &k : nullptr;
#else
  return nullptr;
#endif
}

const Kernels* kernels_vpclmul() noexcept {
#if TESSERA_HAVE_AVX512
  static const Kernels k{aes::kernels_vaes(), ghash_init_pclmul, ghash_vpclmul,
                         encrypt_vaes_vpclmul, decrypt_vaes_vpclmul, "vaes+vpclmulqdq"};
  return aes::kernels_vaes() != nullptr ? &k : nullptr;
#else
  return nullptr;
#endif
}

// Chosen once per backend table; AES-NI/PCLMULQDQ and VAES/VPCLMULQDQ are checked here
// because the backends do not require them (see aes.cpp).
const Kernels& kernels_for(Backend b) noexcept {
  switch (b) {
    case Backend::avx2: {
      static const Kernels* const k = kernels_pclmul() ? kernels_pclmul() : &kernels_portable();
      return *k;
    }
    case Backend::avx512: {
      static const Kernels* const k =
          kernels_vpclmul() ? kernels_vpclmul() : kernels_pclmul() ? kernels_pclmul() : &kernels_portable();
      return *k;
    }
    default: return kernels_portable();
  }
}

const Kernels& kernels() noexcept { return kernels_for(cpu::active()); }

void init(Context& ctx, const Kernels& k, const std::uint8_t* key, std::size_t key_bytes) noexcept {
  ctx.k = &k;
  k.aes->expand_key(ctx.rk, key, key_bytes);
  // SP 800-38D, Algorithm 4, Step 1: H = CIPH_K(0^128).
  std::uint8_t h[16] = {};
  k.aes->encrypt_ecb(ctx.rk, h, h, 1);
  k.ghash_init(ctx.hkey, h);
  secure_zero(h, sizeof h);
}

// SP 800-38D, Algorithm 4 (GCM-AE_K).
void seal(const Context& ctx, const std::uint8_t* iv, std::size_t iv_len, const std::uint8_t* aad,
          std::size_t aad_len, const std::uint8_t* pt, std::uint8_t* ct, std::size_t len,
          std::uint8_t* tag, std::size_t tag_len) noexcept {
  std::uint8_t j0[16], s[16];
  pre_counter_block(ctx, j0, iv, iv_len);  // Step 2
  gcm_body(ctx, true, j0, aad, aad_len, pt, ct, len, s);  // Steps 3-5
  ctx.k->aes->ctr32(ctx.rk, j0, s, s, 1);  // Step 6: T = MSB_t(GCTR_K(J0, S))
  std::memcpy(tag, s, tag_len);
  secure_zero(s, sizeof s);
}

// SP 800-38D, Algorithm 5 (GCM-AD_K). Differs from the spec: the plaintext is produced
// while the tag is computed, and wiped if the tag does not match.
bool open(const Context& ctx, const std::uint8_t* iv, std::size_t iv_len, const std::uint8_t* aad,
          std::size_t aad_len, const std::uint8_t* ct, std::uint8_t* pt, std::size_t len,
          const std::uint8_t* tag, std::size_t tag_len) noexcept {
  std::uint8_t j0[16], s[16];
  pre_counter_block(ctx, j0, iv, iv_len);
  gcm_body(ctx, false, j0, aad, aad_len, ct, pt, len, s);
  ctx.k->aes->ctr32(ctx.rk, j0, s, s, 1);
  // Step 8: compare T with T' in constant time; on mismatch, wipe the plaintext.
  const std::uint8_t ok = ct::mask_bytes_eq({s, tag_len}, {tag, tag_len});
  secure_zero(s, sizeof s);
  if (ct::declassify_value(ok) == 0) {  // the verdict is public
    if (len != 0) secure_zero(pt, len);
    return false;
  }
  return true;
}

}  // namespace tessera::gcm

namespace tessera {
namespace {

static_assert(sizeof(gcm::Context) <= 2304);
static_assert(alignof(gcm::Context) <= 64);

constexpr std::size_t kMaxGcmPlaintextBytes = (std::size_t{1} << 36) - 32;  // 2^39 - 256 bits
constexpr std::size_t kMaxGcmAadBytes = (std::size_t{1} << 61) - 1;           // <= 2^64 - 1 bits

void zero(std::span<std::uint8_t> s) noexcept {
  if (!s.empty()) secure_zero(s.data(), s.size());
}

bool tag_size_ok(std::size_t n) noexcept { return n >= 12 && n <= 16; }

}  // namespace

AesGcm::~AesGcm() { clear(); }

void AesGcm::clear() noexcept {
  secure_zero(storage_, sizeof storage_);
  impl_ = nullptr;
}

Result<void> AesGcm::set_key(std::span<const std::uint8_t> key) noexcept {
  clear();
  if (aes::rounds_for_key_bytes(key.size()) == 0) return Error::invalid_length;
  auto* ctx = ::new (static_cast<void*>(storage_)) gcm::Context;  // trivial: no init
  gcm::init(*ctx, gcm::kernels(), key.data(), key.size());
  impl_ = ctx;
  return {};
}

Result<void> AesGcm::seal(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                          std::span<const std::uint8_t> plaintext,
                          std::span<std::uint8_t> ciphertext,
                          std::span<std::uint8_t> tag) const noexcept {
  if (nonce.size() != kAeadNonceBytes || ciphertext.size() != plaintext.size() ||
      !tag_size_ok(tag.size()) || plaintext.size() > kMaxGcmPlaintextBytes ||
      aad.size() > kMaxGcmAadBytes) {
    zero(ciphertext);
    zero(tag);
    return Error::invalid_length;
  }
  if (impl_ == nullptr) {
    zero(ciphertext);
    zero(tag);
    return Error::invalid_state;
  }
  gcm::seal(*static_cast<const gcm::Context*>(impl_), nonce.data(), nonce.size(), aad.data(),
            aad.size(), plaintext.data(), ciphertext.data(), plaintext.size(), tag.data(),
            tag.size());
  return {};
}

Result<void> AesGcm::open(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                          std::span<const std::uint8_t> ciphertext,
                          std::span<const std::uint8_t> tag,
                          std::span<std::uint8_t> plaintext) const noexcept {
  if (nonce.size() != kAeadNonceBytes || ciphertext.size() != plaintext.size() ||
      !tag_size_ok(tag.size()) || ciphertext.size() > kMaxGcmPlaintextBytes ||
      aad.size() > kMaxGcmAadBytes) {
    zero(plaintext);
    return Error::invalid_length;
  }
  if (impl_ == nullptr) {
    zero(plaintext);
    return Error::invalid_state;
  }
  const bool ok = gcm::open(*static_cast<const gcm::Context*>(impl_), nonce.data(), nonce.size(),
                            aad.data(), aad.size(), ciphertext.data(), plaintext.data(),
                            ciphertext.size(), tag.data(), tag.size());
  if (!ok) return Error::authentication_failed;
  return {};
}

Result<void> AesGcm::gmac(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> message,
                          std::span<std::uint8_t> tag) const noexcept {
  return seal(nonce, message, {}, {}, tag);
}

Result<void> aes_gcm_seal(std::span<const std::uint8_t> key, std::span<const std::uint8_t> nonce,
                          std::span<const std::uint8_t> aad, std::span<const std::uint8_t> plaintext,
                          std::span<std::uint8_t> ciphertext, std::span<std::uint8_t> tag) noexcept {
  AesGcm g;
  if (auto r = g.set_key(key); !r) {
    zero(ciphertext);
    zero(tag);
    return r;
  }
  return g.seal(nonce, aad, plaintext, ciphertext, tag);
}

Result<void> aes_gcm_open(std::span<const std::uint8_t> key, std::span<const std::uint8_t> nonce,
                          std::span<const std::uint8_t> aad, std::span<const std::uint8_t> ciphertext,
                          std::span<const std::uint8_t> tag, std::span<std::uint8_t> plaintext) noexcept {
  AesGcm g;
  if (auto r = g.set_key(key); !r) {
    zero(plaintext);
    return r;
  }
  return g.open(nonce, aad, ciphertext, tag, plaintext);
}

Result<void> aes_gmac(std::span<const std::uint8_t> key, std::span<const std::uint8_t> nonce,
                      std::span<const std::uint8_t> message, std::span<std::uint8_t> tag) noexcept {
  AesGcm g;
  if (auto r = g.set_key(key); !r) {
    zero(tag);
    return r;
  }
  return g.gmac(nonce, message, tag);
}

}  // namespace tessera
