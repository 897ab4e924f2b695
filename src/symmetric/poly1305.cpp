// Poly1305 (RFC 8439, Section 2.5) in radix 2^44 with 64 x 64 -> 128-bit products, the
// kernel tables, and ChaCha20-Poly1305 (RFC 8439, Section 2.8) with its public API.
// Arithmetic modulo p = 2^130 - 5: h = h0 + h1 2^44 + h2 2^88; a product term of weight
// 2^132 = 4 * 2^130 folds to weight 1 times 4 * 5 = 20, hence s_i = 20 r_i.
// Targets without unsigned __int128 (32-bit x86, Armv7-M) use the radix-2^26 kernel of
// poly1305_r26.cpp instead, on the same State layout; everything below the kernels
// (init, update, final, the AEAD) is shared and needs only 64-bit integers.
#include "symmetric/chacha20.hpp"

#include <tessera/aead.hpp>

#include "common/bytes.hpp"
#include "common/ct.hpp"
#include "common/secret.hpp"
#include "cpu/dispatch.hpp"
#include "tessera_config.hpp"

#include <cstring>

#if defined(__SIZEOF_INT128__) && !defined(TESSERA_POLY1305_RADIX26)
#define TESSERA_POLY1305_RADIX44 1
#else
#define TESSERA_POLY1305_RADIX44 0
#endif

namespace tessera::poly1305 {
namespace {

constexpr std::uint64_t kMask44 = (std::uint64_t{1} << 44) - 1;
constexpr std::uint64_t kMask42 = (std::uint64_t{1} << 42) - 1;

#if TESSERA_POLY1305_RADIX44
__extension__ typedef unsigned __int128 u128;

inline u128 mul(std::uint64_t a, std::uint64_t b) noexcept { return static_cast<u128>(a) * b; }

// h = h * r mod p, partially reduced (limbs below 2^44 + 2^14, 2^44 + 2^14, 2^42).
inline void mul_reduce(std::uint64_t h[3], const std::uint64_t r[3]) noexcept {
  const std::uint64_t s1 = r[1] * 20, s2 = r[2] * 20;
  const u128 d0 = mul(h[0], r[0]) + mul(h[1], s2) + mul(h[2], s1);
  u128 d1 = mul(h[0], r[1]) + mul(h[1], r[0]) + mul(h[2], s2);
  u128 d2 = mul(h[0], r[2]) + mul(h[1], r[1]) + mul(h[2], r[0]);
  std::uint64_t h0 = static_cast<std::uint64_t>(d0) & kMask44;
  d1 += static_cast<std::uint64_t>(d0 >> 44);
  std::uint64_t h1 = static_cast<std::uint64_t>(d1) & kMask44;
  d2 += static_cast<std::uint64_t>(d1 >> 44);
  const std::uint64_t h2 = static_cast<std::uint64_t>(d2) & kMask42;
  h0 += static_cast<std::uint64_t>(d2 >> 42) * 5;
  h1 += h0 >> 44;
  h0 &= kMask44;
  h[0] = h0;
  h[1] = h1;
  h[2] = h2;
}
#endif  // TESSERA_POLY1305_RADIX44

// Full carry: limbs below 2^44, 2^44, 2^42 (value still possibly >= p).
inline void carry(std::uint64_t h[3]) noexcept {
  for (int pass = 0; pass < 2; ++pass) {
    h[1] += h[0] >> 44;
    h[0] &= kMask44;
    h[2] += h[1] >> 44;
    h[1] &= kMask44;
    h[0] += (h[2] >> 42) * 5;
    h[2] &= kMask42;
  }
  h[1] += h[0] >> 44;
  h[0] &= kMask44;
}

Kernels make_kernels(Backend b) noexcept {
  switch (b) {
#if TESSERA_HAVE_AVX512
    case Backend::avx512: return avx512::table();
#endif
    default: return portable::table();
  }
}

}  // namespace

#if TESSERA_POLY1305_RADIX44
void blocks_portable(State& st, const std::uint8_t* in, std::size_t nblocks) noexcept {
  std::uint64_t h[3] = {st.h[0], st.h[1], st.h[2]};
  for (std::size_t i = 0; i < nblocks; ++i, in += 16) {
    const std::uint64_t t0 = bytes::load_le64(in), t1 = bytes::load_le64(in + 8);
    h[0] += t0 & kMask44;
    h[1] += ((t0 >> 44) | (t1 << 20)) & kMask44;
    h[2] += (t1 >> 24) | (std::uint64_t{1} << 40);  // the 2^128 bit of the block
    mul_reduce(h, st.r);
  }
  st.h[0] = h[0];
  st.h[1] = h[1];
  st.h[2] = h[2];
}

void mul_mod(std::uint64_t out[3], const std::uint64_t a[3], const std::uint64_t b[3]) noexcept {
  std::uint64_t h[3] = {a[0], a[1], a[2]};
  const std::uint64_t r[3] = {b[0], b[1], b[2]};
  mul_reduce(h, r);
  carry(h);
  out[0] = h[0];
  out[1] = h[1];
  out[2] = h[2];
}
#else
void blocks_portable(State& st, const std::uint8_t* in, std::size_t nblocks) noexcept {
  blocks_radix26(st, in, nblocks);
}

void mul_mod(std::uint64_t out[3], const std::uint64_t a[3], const std::uint64_t b[3]) noexcept {
  mul_mod_radix26(out, a, b);
  carry(out);
}
#endif

Kernels portable::table() noexcept { return Kernels{blocks_portable, nullptr, "portable"}; }

const Kernels& kernels_for(Backend b) noexcept { return cpu::table_for<Kernels, make_kernels>(b); }

const Kernels& kernels() noexcept { return kernels_for(cpu::active()); }

const Kernels& kernels_portable() noexcept { return kernels_for(Backend::portable); }
const Kernels* kernels_ifma() noexcept { return cpu::if_named(kernels_for(Backend::avx512), "avx512ifma"); }

// RFC 8439, Section 2.5.1: r is clamped, s is the second half of the key.
void init(State& st, const Kernels& k, const std::uint8_t key[32]) noexcept {
  const std::uint64_t t0 = bytes::load_le64(key) & 0x0FFFFFFC0FFFFFFFull;
  const std::uint64_t t1 = bytes::load_le64(key + 8) & 0x0FFFFFFC0FFFFFFCull;
  st.r[0] = t0 & kMask44;
  st.r[1] = ((t0 >> 44) | (t1 << 20)) & kMask44;
  st.r[2] = t1 >> 24;
  st.h[0] = st.h[1] = st.h[2] = 0;
  st.s[0] = bytes::load_le64(key + 16);
  st.s[1] = bytes::load_le64(key + 24);
  st.buffered = 0;
  st.k = &k;
  if (k.powers != nullptr) k.powers(st);
}

void update(State& st, const std::uint8_t* in, std::size_t len) noexcept {
  if (st.buffered != 0) {
    const std::size_t take = len < kBlockBytes - st.buffered ? len : kBlockBytes - st.buffered;
    std::memcpy(st.buf + st.buffered, in, take);
    st.buffered += take;
    in += take;
    len -= take;
    if (st.buffered < kBlockBytes) return;
    st.k->blocks(st, st.buf, 1);
    st.buffered = 0;
  }
  if (const std::size_t full = len / kBlockBytes; full != 0) {
    st.k->blocks(st, in, full);
    in += full * kBlockBytes;
    len -= full * kBlockBytes;
  }
  if (len != 0) {
    std::memcpy(st.buf, in, len);
    st.buffered = len;
  }
}

void pad16(State& st) noexcept {
  if (st.buffered == 0) return;
  std::memset(st.buf + st.buffered, 0, kBlockBytes - st.buffered);
  st.k->blocks(st, st.buf, 1);
  st.buffered = 0;
}

void final(State& st, std::uint8_t tag[16]) noexcept {
  if (st.buffered != 0) {
    // A final partial block: append 0x01 then zeros, without the 2^128 bit.
    std::uint8_t b[16] = {};
    std::memcpy(b, st.buf, st.buffered);
    b[st.buffered] = 1;
#if TESSERA_POLY1305_RADIX44
    const std::uint64_t t0 = bytes::load_le64(b), t1 = bytes::load_le64(b + 8);
    st.h[0] += t0 & kMask44;
    st.h[1] += ((t0 >> 44) | (t1 << 20)) & kMask44;
    st.h[2] += t1 >> 24;
    mul_reduce(st.h, st.r);
#else
    final_block_radix26(st, b);
#endif
    secure_zero(b, sizeof b);
  }
  std::uint64_t h[3] = {st.h[0], st.h[1], st.h[2]};
  carry(h);
  // h mod p: subtract p if h >= p (g = h + 5 - 2^130 has no borrow), in constant time.
  std::uint64_t g[3];
  g[0] = h[0] + 5;
  g[1] = h[1] + (g[0] >> 44);
  g[0] &= kMask44;
  g[2] = h[2] + (g[1] >> 44) - (std::uint64_t{1} << 42);
  g[1] &= kMask44;
  const std::uint64_t use_g = ct::mask_from_bit(1 ^ (g[2] >> 63));
  for (int i = 0; i < 3; ++i) h[i] = ct::select(use_g, g[i], h[i]);
  // tag = (h + s) mod 2^128, as two 64-bit words; the carry out of the low word is taken
  // from the top bits (no comparison, which a 32-bit target may compile to a branch).
  const std::uint64_t lo = h[0] | (h[1] << 44);
  const std::uint64_t hi = (h[1] >> 20) | (h[2] << 24);
  const std::uint64_t sum_lo = lo + st.s[0];
  const std::uint64_t c = ((lo & st.s[0]) | ((lo | st.s[0]) & ~sum_lo)) >> 63;
  bytes::store_le64(tag, sum_lo);
  bytes::store_le64(tag + 8, hi + st.s[1] + c);
  secure_zero(h, sizeof h);
  secure_zero(g, sizeof g);
  secure_zero_object(st);
}

}  // namespace tessera::poly1305

namespace tessera {
namespace {

constexpr std::uint64_t kMaxChaChaPolyBytes = 64 * ((std::uint64_t{1} << 32) - 1);

void zero(std::span<std::uint8_t> s) noexcept {
  if (!s.empty()) secure_zero(s.data(), s.size());
}

// What a failure names: the arguments of seal, or of open (input and output swap roles).
struct Names {
  const char* in;   // the plaintext of seal, the ciphertext of open
  const char* out;  // the other one
  const char* tag;
};
constexpr Names kSealNames{"ChaCha20-Poly1305 plaintext", "ChaCha20-Poly1305 ciphertext", "ChaCha20-Poly1305 tag"};
constexpr Names kOpenNames{"ChaCha20-Poly1305 ciphertext", "ChaCha20-Poly1305 plaintext", "ChaCha20-Poly1305 tag"};

// RFC 8439, Section 2.8: a 256-bit key, a 96-bit nonce, a 128-bit tag, and at most
// 2^32 - 1 blocks of 64 bytes (the block counter starts at 1). The name of the first bad
// argument, or nullptr.
const char* check_arguments(std::span<const std::uint8_t> key, std::span<const std::uint8_t> nonce,
                            std::span<const std::uint8_t> tag, std::size_t in_len, std::size_t out_len,
                            const Names& n) noexcept {
  if (key.size() != kChaCha20KeyBytes) return "ChaCha20-Poly1305 key";
  if (nonce.size() != kAeadNonceBytes) return "ChaCha20-Poly1305 nonce";
  if (tag.size() != kAeadTagBytes) return n.tag;
  if (out_len != in_len) return n.out;
  if (static_cast<std::uint64_t>(in_len) > kMaxChaChaPolyBytes) return n.in;
  return nullptr;
}

// RFC 8439, Section 2.8: encrypts or decrypts in -> out with ChaCha20 from block 1 and
// computes the Poly1305 tag over aad || pad16 || ciphertext || pad16 || lengths, with the
// one-time key from block 0 (Section 2.6). The key block comes out of the same kernel call
// as the first key stream blocks (the AVX-512 kernel computes it alongside its first batch).
// Decryption in place MACs the ciphertext before it is overwritten, so there the key block
// is computed alone first. (A one-pass kernel interleaving ChaCha20 and Poly1305 was
// measured 2% slower on Zen 4 than these two passes over L1-resident data.)
void aead_crypt(const std::uint32_t state0[16], std::span<const std::uint8_t> aad,
                const std::uint8_t* in, std::uint8_t* out, std::size_t len, bool encrypt,
                std::uint8_t tag[16]) noexcept {
  const chacha::Kernels& ck = chacha::kernels();
  const poly1305::Kernels& pk = poly1305::kernels();
  const auto in_addr = reinterpret_cast<std::uintptr_t>(in), out_addr = reinterpret_cast<std::uintptr_t>(out);
  const bool disjoint = in_addr + len <= out_addr || out_addr + len <= in_addr;  // public
  const bool mac_first = !encrypt && !disjoint;
  std::uint8_t block0[64];
  ck.keyed_xor(state0, mac_first ? nullptr : in, mac_first ? nullptr : out, mac_first ? 0 : len, block0);
  poly1305::State st;
  poly1305::init(st, pk, block0);
  poly1305::update(st, aad.data(), aad.size());
  poly1305::pad16(st);
  poly1305::update(st, encrypt ? out : in, len);
  if (mac_first) {
    std::uint32_t state[16];
    std::memcpy(state, state0, sizeof state);
    state[12] = 1;
    chacha::xor_stream(ck, state, in, out, len);
    secure_zero(state, sizeof state);
  }
  secure_zero(block0, sizeof block0);
  poly1305::pad16(st);
  std::uint8_t lengths[16];
  bytes::store_le64(lengths, aad.size());
  bytes::store_le64(lengths + 8, len);
  poly1305::update(st, lengths, sizeof lengths);
  poly1305::final(st, tag);
}

}  // namespace

// RFC 8439, Section 2.8 (AEAD_CHACHA20_POLY1305 encryption).
Result<void> chacha20_poly1305_seal(std::span<const std::uint8_t> key, std::span<const std::uint8_t> nonce,
                                    std::span<const std::uint8_t> aad,
                                    std::span<const std::uint8_t> plaintext,
                                    std::span<std::uint8_t> ciphertext,
                                    std::span<std::uint8_t> tag) noexcept {
  if (const char* bad = check_arguments(key, nonce, tag, plaintext.size(), ciphertext.size(), kSealNames)) {
    zero(ciphertext);
    zero(tag);
    return fail(Error::invalid_length, bad);
  }
  std::uint32_t state[16];
  chacha::init_state(state, key.data(), 0, nonce.data());
  aead_crypt(state, aad, plaintext.data(), ciphertext.data(), plaintext.size(), true, tag.data());
  secure_zero(state, sizeof state);
  return {};
}

// RFC 8439, Section 2.8 (decryption). Differs from a verify-then-decrypt reading: the
// plaintext is produced in the same pass as the tag, and wiped (in constant time) if the
// tag does not match, so no unauthenticated plaintext is ever returned.
Result<void> chacha20_poly1305_open(std::span<const std::uint8_t> key, std::span<const std::uint8_t> nonce,
                                    std::span<const std::uint8_t> aad,
                                    std::span<const std::uint8_t> ciphertext,
                                    std::span<const std::uint8_t> tag,
                                    std::span<std::uint8_t> plaintext) noexcept {
  if (const char* bad = check_arguments(key, nonce, tag, ciphertext.size(), plaintext.size(), kOpenNames)) {
    zero(plaintext);
    return fail(Error::invalid_length, bad);
  }
  std::uint32_t state[16];
  chacha::init_state(state, key.data(), 0, nonce.data());
  std::uint8_t expected[16];
  aead_crypt(state, aad, ciphertext.data(), plaintext.data(), ciphertext.size(), false, expected);
  secure_zero(state, sizeof state);
  const std::uint8_t ok = ct::mask_bytes_eq({expected, 16}, tag);
  secure_zero(expected, sizeof expected);
  if (ct::declassify_value(ok) == 0) {  // the verdict is public
    zero(plaintext);
    return fail(Error::authentication_failed, kOpenNames.tag);
  }
  return {};
}

Result<void> poly1305_mac(std::span<const std::uint8_t> key, std::span<const std::uint8_t> message,
                          std::span<std::uint8_t> tag) noexcept {
  if (key.size() != 32 || tag.size() != 16) {
    zero(tag);
    return fail(Error::invalid_length, key.size() != 32 ? "Poly1305 key" : "Poly1305 tag");
  }
  poly1305::State st;
  poly1305::init(st, poly1305::kernels(), key.data());
  poly1305::update(st, message.data(), message.size());
  poly1305::final(st, tag.data());
  return {};
}

}  // namespace tessera
