// GCM (SP 800-38D): the algorithm shared by every kernel, the kernel tables, and the
// public AES-GCM API.
#include "symmetric/gcm.hpp"

#include <tessera/aead.hpp>

#include "common/ct.hpp"
#include "common/secret.hpp"
#include "cpu/dispatch.hpp"
#include "cpu/features.hpp"
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

Kernels make_kernels(Backend b) noexcept {
  switch (b) {
#if TESSERA_HAVE_AVX2
    case Backend::avx2: return avx2::table();
#endif
#if TESSERA_HAVE_AVX512
    case Backend::avx512: return avx512::table();
#endif
#if TESSERA_HAVE_NEON
    case Backend::neon:
      // The neon AES table (the Cryptographic Extension where the CPU has it, else the NEON
      // bitsliced kernel) and GHASH with PMULL where the CPU has it, else the portable GHASH
      // (composed by the algorithm: no fused kernel).
      if (aes::arm_aes_available() && cpu::features().arm_pmull) {
        return Kernels{&aes::kernels_for(Backend::neon), ghash_init_pmull, ghash_pmull, nullptr, nullptr,
                       "aes-ce+pmull"};
      }
      if (aes::arm_aes_available()) {
        return Kernels{&aes::kernels_for(Backend::neon), ghash_init_portable, ghash_portable, nullptr, nullptr,
                       "aes-ce"};
      }
      if (cpu::features().arm_pmull) {
        return Kernels{&aes::kernels_for(Backend::neon), ghash_init_pmull, ghash_pmull, nullptr, nullptr,
                       "aes-neon-bs+pmull"};
      }
      return Kernels{&aes::kernels_for(Backend::neon), ghash_init_portable, ghash_portable, nullptr, nullptr,
                     "aes-neon-bs"};
#endif
    default: return portable::table();
  }
}

}  // namespace

const Kernels& kernels_for(Backend b) noexcept { return cpu::table_for<Kernels, make_kernels>(b); }

const Kernels& kernels() noexcept { return kernels_for(cpu::active()); }

const Kernels& kernels_portable() noexcept { return kernels_for(Backend::portable); }
const Kernels* kernels_pclmul() noexcept { return cpu::if_named(kernels_for(Backend::avx2), "aesni+pclmul"); }
const Kernels* kernels_arm_ce() noexcept {
  const Kernels* k = cpu::if_named(kernels_for(Backend::neon), "aes-ce+pmull");
  return k != nullptr ? k : cpu::if_named(kernels_for(Backend::neon), "aes-ce");
}
const Kernels* kernels_vpclmul() noexcept {
  return cpu::if_named(kernels_for(Backend::avx512), "vaes+vpclmulqdq");
}

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

// SP 800-38D, Section 5.2.1.1: len(P) <= 2^39 - 256 bits, len(A) <= 2^64 - 1 bits and
// 1 <= len(IV) <= 2^64 - 1 bits; here in whole bytes. 64-bit constants so that a 32-bit
// size_t (microcontrollers) compiles; there the upper limits cannot be reached.
constexpr std::uint64_t kMaxPlaintextBytes = (std::uint64_t{1} << 36) - 32;  // 2^39 - 256 bits
constexpr std::uint64_t kMaxAadBytes = (std::uint64_t{1} << 61) - 1;          // floor((2^64 - 1) / 8)
constexpr std::uint64_t kMaxIvBytes = (std::uint64_t{1} << 61) - 1;
static_assert(kAesGcmMinTagBytes == 12 && kAeadTagBytes == 16);  // SP 800-38D, Section 5.2.1.2

bool too_long(std::size_t n, std::uint64_t max) noexcept { return static_cast<std::uint64_t>(n) > max; }

void zero(std::span<std::uint8_t> s) noexcept {
  if (!s.empty()) secure_zero(s.data(), s.size());
}

// What a failure names: the arguments of AES-GCM's seal or open, or of GMAC.
struct Names {
  const char* no_key;
  const char* nonce;
  const char* tag;
  const char* aad;
  const char* in;   // the plaintext of seal, the ciphertext of open
  const char* out;  // the other one
};
constexpr Names kSealNames{"AES-GCM key (none set)", "AES-GCM nonce", "AES-GCM tag", "AES-GCM AAD",
                           "AES-GCM plaintext", "AES-GCM ciphertext"};
constexpr Names kOpenNames{"AES-GCM key (none set)", "AES-GCM nonce", "AES-GCM tag", "AES-GCM AAD",
                           "AES-GCM ciphertext", "AES-GCM plaintext"};
constexpr Names kGmacNames{"GMAC key (none set)", "GMAC nonce", "GMAC tag", "GMAC message", "", ""};

// The argument checks of seal, open and gmac (SP 800-38D, Sections 5.2.1.1 and 5.2.1.2);
// what == nullptr if all pass. The tag length is the one fixed by set_key: a tag of any
// other length, e.g. one whose length came from the wire, is rejected, never compared
// on fewer bytes.
Failure check_arguments(const Names& n, bool has_key, std::size_t tag_bytes, std::size_t nonce_len,
                        std::size_t aad_len, std::size_t in_len, std::size_t out_len,
                        std::size_t tag_len) noexcept {
  if (!has_key) return fail(Error::invalid_state, n.no_key);
  if (nonce_len == 0 || too_long(nonce_len, kMaxIvBytes)) return fail(Error::invalid_length, n.nonce);
  if (tag_len != tag_bytes) return fail(Error::invalid_length, n.tag);
  if (out_len != in_len) return fail(Error::invalid_length, n.out);
  if (too_long(in_len, kMaxPlaintextBytes)) return fail(Error::invalid_length, n.in);
  if (too_long(aad_len, kMaxAadBytes)) return fail(Error::invalid_length, n.aad);
  return Failure{Error{}, nullptr};
}

// SP 800-38D, Algorithm 4 with the argument names of n (AES-GCM seal or GMAC).
Result<void> seal_named(const Names& n, const void* impl, std::size_t tag_bytes,
                        std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                        std::span<const std::uint8_t> plaintext, std::span<std::uint8_t> ciphertext,
                        std::span<std::uint8_t> tag) noexcept {
  if (const Failure f = check_arguments(n, impl != nullptr, tag_bytes, nonce.size(), aad.size(),
                                        plaintext.size(), ciphertext.size(), tag.size());
      f.what != nullptr) {
    zero(ciphertext);
    zero(tag);
    return f;
  }
  gcm::seal(*static_cast<const gcm::Context*>(impl), nonce.data(), nonce.size(), aad.data(),
            aad.size(), plaintext.data(), ciphertext.data(), plaintext.size(), tag.data(),
            tag.size());
  return {};
}

}  // namespace

AesGcm::~AesGcm() { clear(); }

void AesGcm::clear() noexcept {
  secure_zero(storage_, sizeof storage_);
  impl_ = nullptr;
  tag_bytes_ = kAeadTagBytes;
}

Result<void> AesGcm::set_key(std::span<const std::uint8_t> key, std::size_t tag_bytes) noexcept {
  clear();
  if (aes::rounds_for_key_bytes(key.size()) == 0) return fail(Error::invalid_length, "AES-GCM key");
  // SP 800-38D, Section 5.2.1.2: t is 128, 120, 112, 104 or 96 bits (the 64- and 32-bit
  // tags of Appendix C are not offered).
  if (tag_bytes < kAesGcmMinTagBytes || tag_bytes > kAeadTagBytes) {
    return fail(Error::invalid_argument, "AES-GCM tag length");
  }
  auto* ctx = ::new (static_cast<void*>(storage_)) gcm::Context;  // trivial: no init
  gcm::init(*ctx, gcm::kernels(), key.data(), key.size());
  impl_ = ctx;
  tag_bytes_ = static_cast<std::uint8_t>(tag_bytes);
  return {};
}

Result<void> AesGcm::seal(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                          std::span<const std::uint8_t> plaintext,
                          std::span<std::uint8_t> ciphertext,
                          std::span<std::uint8_t> tag) const noexcept {
  return seal_named(kSealNames, impl_, tag_bytes_, nonce, aad, plaintext, ciphertext, tag);
}

Result<void> AesGcm::open(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                          std::span<const std::uint8_t> ciphertext,
                          std::span<const std::uint8_t> tag,
                          std::span<std::uint8_t> plaintext) const noexcept {
  if (const Failure f = check_arguments(kOpenNames, impl_ != nullptr, tag_bytes_, nonce.size(), aad.size(),
                                        ciphertext.size(), plaintext.size(), tag.size());
      f.what != nullptr) {
    zero(plaintext);
    return f;
  }
  const bool ok = gcm::open(*static_cast<const gcm::Context*>(impl_), nonce.data(), nonce.size(),
                            aad.data(), aad.size(), ciphertext.data(), plaintext.data(),
                            ciphertext.size(), tag.data(), tag.size());
  if (!ok) return fail(Error::authentication_failed, kOpenNames.tag);
  return {};
}

Result<void> AesGcm::gmac(std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> message,
                          std::span<std::uint8_t> tag) const noexcept {
  return seal_named(kGmacNames, impl_, tag_bytes_, nonce, message, {}, {}, tag);
}

// The one-shot forms take 16-byte tags only (see <tessera/aead.hpp>).
Result<void> aes_gcm_seal(std::span<const std::uint8_t> key, std::span<const std::uint8_t> nonce,
                          std::span<const std::uint8_t> aad, std::span<const std::uint8_t> plaintext,
                          std::span<std::uint8_t> ciphertext, std::span<std::uint8_t> tag) noexcept {
  AesGcm g;
  if (auto r = g.set_key(key); !r) {
    zero(ciphertext);
    zero(tag);
    return r.failure();
  }
  return g.seal(nonce, aad, plaintext, ciphertext, tag);
}

Result<void> aes_gcm_open(std::span<const std::uint8_t> key, std::span<const std::uint8_t> nonce,
                          std::span<const std::uint8_t> aad, std::span<const std::uint8_t> ciphertext,
                          std::span<const std::uint8_t> tag, std::span<std::uint8_t> plaintext) noexcept {
  AesGcm g;
  if (auto r = g.set_key(key); !r) {
    zero(plaintext);
    return r.failure();
  }
  return g.open(nonce, aad, ciphertext, tag, plaintext);
}

Result<void> aes_gmac(std::span<const std::uint8_t> key, std::span<const std::uint8_t> nonce,
                      std::span<const std::uint8_t> message, std::span<std::uint8_t> tag) noexcept {
  AesGcm g;
  if (auto r = g.set_key(key); !r) {
    zero(tag);
    return fail(r.error(), "GMAC key");
  }
  return g.gmac(nonce, message, tag);
}

}  // namespace tessera
