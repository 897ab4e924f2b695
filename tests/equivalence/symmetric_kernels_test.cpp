// Every AES, GHASH/GCM, ChaCha20 and Poly1305 kernel against the portable one, on random
// inputs, every length from 0 to several SIMD batches, and unaligned buffers. Kernels the
// CPU or build lacks are SKIPPED.
#include "symmetric/aes.hpp"
#include "symmetric/chacha20.hpp"
#include "symmetric/gcm.hpp"

#include <tessera/aead.hpp>
#include <tessera/backend.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <random>
#include <vector>

namespace tessera::test {
namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes random_bytes(std::mt19937_64& rng, std::size_t n) {
  Bytes v(n);
  for (auto& b : v) b = static_cast<std::uint8_t>(rng());
  return v;
}

// A buffer whose data starts at an odd address.
struct Unaligned {
  explicit Unaligned(std::size_t n) : storage(n + 1) {}
  std::uint8_t* data() { return storage.data() + 1; }
  Bytes bytes(std::size_t n) { return Bytes(data(), data() + n); }
  Bytes storage;
};

constexpr std::size_t kKeySizes[] = {16, 24, 32};

// Large block counts (several batches and a tail), CTR in place (in == out), and counters
// whose low word wraps (SP 800-38D inc_32: modulo 2^32, the first 12 bytes untouched) at every
// position of a batch and in its tail.
void check_aes_more(const aes::Kernels& p, const aes::RoundKeys& a, const aes::Kernels& k,
                    const aes::RoundKeys& b, std::mt19937_64& rng) {
  for (std::size_t n : {64u, 127u, 257u, 1029u}) {
    const Bytes in = random_bytes(rng, 16 * n);
    Bytes x(16 * n), y = in;
    p.encrypt_ecb(a, in.data(), x.data(), n);
    k.encrypt_ecb(b, y.data(), y.data(), n);
    ASSERT_EQ(x, y) << k.name << " ECB, " << n << " blocks";
    Bytes ctr = random_bytes(rng, 16), c1 = ctr, c2 = ctr;
    x = in;
    y = in;
    p.ctr32(a, c1.data(), x.data(), x.data(), n);
    k.ctr32(b, c2.data(), y.data(), y.data(), n);
    ASSERT_EQ(x, y) << k.name << " CTR in place, " << n << " blocks";
    ASSERT_EQ(c1, c2) << k.name << " CTR counter, " << n << " blocks";
  }
  for (std::size_t n = 1; n <= 20; ++n) {
    for (std::uint32_t before_wrap = 0; before_wrap < 10; ++before_wrap) {
      Bytes ctr = random_bytes(rng, 16);
      const std::uint32_t c = 0xFFFFFFFFu - before_wrap;
      for (int i = 0; i < 4; ++i) ctr[12 + i] = static_cast<std::uint8_t>(c >> (24 - 8 * i));
      const Bytes in = random_bytes(rng, 16 * n);
      Bytes c1 = ctr, c2 = ctr, x = in, y = in;
      p.ctr32(a, c1.data(), x.data(), x.data(), n);
      k.ctr32(b, c2.data(), y.data(), y.data(), n);
      ASSERT_EQ(x, y) << k.name << " CTR wrapping after " << before_wrap << ", " << n << " blocks";
      ASSERT_EQ(c1, c2) << k.name << " CTR counter after the wrap";
      ASSERT_TRUE(std::equal(ctr.begin(), ctr.begin() + 12, c2.begin())) << k.name << " inc_32 carried";
    }
  }
}

void check_aes(const aes::Kernels& k) {
  const aes::Kernels& p = aes::kernels_portable();
  std::mt19937_64 rng(1);
  for (std::size_t key_bytes : kKeySizes) {
    const Bytes key = random_bytes(rng, key_bytes);
    aes::RoundKeys a{}, b{};
    p.expand_key(a, key.data(), key.size());
    k.expand_key(b, key.data(), key.size());
    ASSERT_EQ(0, std::memcmp(a.bytes, b.bytes, sizeof a.bytes)) << k.name << " key schedule";
    for (std::size_t n = 0; n <= 40; ++n) {
      const Bytes in = random_bytes(rng, 16 * n);
      Unaligned x(16 * n), y(16 * n);
      if (n != 0) {  // memcpy with a null pointer is undefined even for 0 bytes
        std::memcpy(x.data(), in.data(), in.size());
        std::memcpy(y.data(), in.data(), in.size());
      }
      p.encrypt_ecb(a, x.data(), x.data(), n);
      k.encrypt_ecb(b, y.data(), y.data(), n);
      ASSERT_EQ(x.bytes(16 * n), y.bytes(16 * n)) << k.name << " ECB, " << n << " blocks";
      // CTR, including counters that wrap inside the batch.
      Bytes ctr = random_bytes(rng, 16);
      if (n % 3 == 0) ctr[12] = ctr[13] = ctr[14] = 0xFF;
      Bytes c1 = ctr, c2 = ctr;
      Unaligned o1(16 * n), o2(16 * n);
      p.ctr32(a, c1.data(), in.data(), o1.data(), n);
      k.ctr32(b, c2.data(), in.data(), o2.data(), n);
      ASSERT_EQ(o1.bytes(16 * n), o2.bytes(16 * n)) << k.name << " CTR, " << n << " blocks";
      ASSERT_EQ(c1, c2) << k.name << " CTR counter";
    }
    check_aes_more(p, a, k, b, rng);
  }
}

TEST(SymmetricEquivalence, AesNi) {
  if (aes::kernels_aesni() == nullptr) GTEST_SKIP() << "AES-NI not available on this CPU/build";
  check_aes(*aes::kernels_aesni());
}
TEST(SymmetricEquivalence, Vaes256) {
  if (aes::kernels_vaes256() == nullptr) GTEST_SKIP() << "VAES (256-bit) not available on this CPU/build";
  check_aes(*aes::kernels_vaes256());
}
TEST(SymmetricEquivalence, Vaes) {
  if (aes::kernels_vaes() == nullptr) GTEST_SKIP() << "VAES/VPCLMULQDQ not available on this CPU/build";
  check_aes(*aes::kernels_vaes());
}
TEST(SymmetricEquivalence, AesArmCe) {
  if (aes::kernels_arm_ce() == nullptr) GTEST_SKIP() << "Armv8 AES (FEAT_AES) not available on this CPU/build";
  check_aes(*aes::kernels_arm_ce());
}
TEST(SymmetricEquivalence, AesNeonBitsliced) {
  if (aes::kernels_neon_bs() == nullptr) GTEST_SKIP() << "NEON bitsliced AES: aarch64 NEON builds only";
  check_aes(*aes::kernels_neon_bs());
}

// FIPS 197, Appendix C.1-C.3 through every kernel this build and CPU have, called directly
// (not through a backend's table): one block, and 8 + 1 copies (a full 8-block batch and a
// tail), through ECB in place and CTR (key stream of the plaintext as counter block, XORed
// into zeros).
TEST(SymmetricEquivalence, AesFips197AppendixCEveryKernel) {
  struct Case {
    const char* key;
    std::uint8_t ct[16];
  };
  const Case cases[] = {
      {"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f",
       {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30, 0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a}},
      {"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17",
       {0xdd, 0xa9, 0x7c, 0xa4, 0x86, 0x4c, 0xdf, 0xe0, 0x6e, 0xaf, 0x70, 0xa0, 0xec, 0x0d, 0x71, 0x91}},
      {"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17"
       "\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f",
       {0x8e, 0xa2, 0xb7, 0xca, 0x51, 0x67, 0x45, 0xbf, 0xea, 0xfc, 0x49, 0x90, 0x4b, 0x49, 0x60, 0x89}},
  };
  const std::uint8_t pt[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                               0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
  std::vector<const aes::Kernels*> all = {&aes::kernels_portable(), aes::kernels_aesni(), aes::kernels_vaes256(),
                                          aes::kernels_vaes(), aes::kernels_arm_ce(), aes::kernels_neon_bs()};
  std::erase(all, nullptr);
  for (const aes::Kernels* k : all) {
    for (std::size_t key_bytes : kKeySizes) {
      const Case& c = cases[key_bytes / 8 - 2];
      aes::RoundKeys rk{};
      k->expand_key(rk, reinterpret_cast<const std::uint8_t*>(c.key), key_bytes);
      for (std::size_t n : {1u, 9u}) {
        Bytes buf(16 * n);
        for (std::size_t j = 0; j < n; ++j) std::memcpy(buf.data() + 16 * j, pt, 16);
        k->encrypt_ecb(rk, buf.data(), buf.data(), n);
        for (std::size_t j = 0; j < n; ++j) {
          ASSERT_EQ(0, std::memcmp(buf.data() + 16 * j, c.ct, 16)) << k->name << " AES-" << 8 * key_bytes << " ECB block " << j;
        }
        // CTR with the plaintext as the first counter block: block 0's key stream is the
        // cipher text (the others have other counters).
        std::uint8_t ctr[16];
        std::memcpy(ctr, pt, 16);
        Bytes ks(16 * n, 0);
        k->ctr32(rk, ctr, ks.data(), ks.data(), n);
        ASSERT_EQ(0, std::memcmp(ks.data(), c.ct, 16)) << k->name << " AES-" << 8 * key_bytes << " CTR";
      }
    }
  }
}

void check_gcm(const gcm::Kernels& k) {
  const gcm::Kernels& p = gcm::kernels_portable();
  std::mt19937_64 rng(2);
  for (std::size_t key_bytes : kKeySizes) {
    const Bytes key = random_bytes(rng, key_bytes);
    gcm::Context a, b;
    gcm::init(a, p, key.data(), key.size());
    gcm::init(b, k, key.data(), key.size());
    // The portable kernel keeps only H (h[kMaxPowers - 1]); the GHASH comparisons below
    // exercise every power the SIMD kernels use.
    ASSERT_EQ(0, std::memcmp(a.hkey.h[gcm::kMaxPowers - 1], b.hkey.h[gcm::kMaxPowers - 1], 16))
        << k.name << " GHASH key";
    // GHASH alone.
    for (std::size_t n = 0; n <= 70; ++n) {
      const Bytes in = random_bytes(rng, 16 * n);
      Bytes x1 = random_bytes(rng, 16), x2 = x1;
      p.ghash(a.hkey, x1.data(), in.data(), n);
      k.ghash(b.hkey, x2.data(), in.data(), n);
      ASSERT_EQ(x1, x2) << k.name << " GHASH, " << n << " blocks";
    }
    // Whole GCM (fused kernels) for lengths 0..600 and several AAD and IV lengths.
    for (std::size_t len = 0; len <= 1200; len += (len < 80 ? 1 : 13)) {
      const std::size_t aad_len = (len * 7) % 70, iv_len = len % 5 == 0 ? 16 : 12;
      const Bytes pt = random_bytes(rng, len), aad = random_bytes(rng, aad_len), iv = random_bytes(rng, iv_len);
      Unaligned c1(len), c2(len);
      std::uint8_t t1[16], t2[16];
      gcm::seal(a, iv.data(), iv_len, aad.data(), aad_len, pt.data(), c1.data(), len, t1, 16);
      gcm::seal(b, iv.data(), iv_len, aad.data(), aad_len, pt.data(), c2.data(), len, t2, 16);
      ASSERT_EQ(c1.bytes(len), c2.bytes(len)) << k.name << " GCM ciphertext, length " << len;
      ASSERT_EQ(0, std::memcmp(t1, t2, 16)) << k.name << " GCM tag, length " << len;
      Unaligned back(len);
      ASSERT_TRUE(gcm::open(b, iv.data(), iv_len, aad.data(), aad_len, c2.data(), back.data(), len, t2, 16))
          << k.name << " length " << len;
      ASSERT_EQ(back.bytes(len), pt);
      if (len > 0) {
        c2.data()[len / 2] ^= 0x40;
        ASSERT_FALSE(gcm::open(b, iv.data(), iv_len, aad.data(), aad_len, c2.data(), back.data(), len, t2, 16));
        ASSERT_EQ(back.bytes(len), Bytes(len, 0)) << "plaintext not wiped";
      }
    }
  }
}

TEST(SymmetricEquivalence, GcmPclmul) {
  if (gcm::kernels_pclmul() == nullptr) GTEST_SKIP() << "AES-NI/PCLMULQDQ not available on this CPU/build";
  check_gcm(*gcm::kernels_pclmul());
}
TEST(SymmetricEquivalence, GcmVpclmul) {
  if (gcm::kernels_vpclmul() == nullptr) GTEST_SKIP() << "VAES/VPCLMULQDQ not available on this CPU/build";
  check_gcm(*gcm::kernels_vpclmul());
}
TEST(SymmetricEquivalence, GcmArmCe) {
  if (gcm::kernels_arm_ce() == nullptr) GTEST_SKIP() << "Armv8 AES (FEAT_AES) not available on this CPU/build";
  check_gcm(*gcm::kernels_arm_ce());
}
// The neon GCM table whatever it composes: on a CPU without FEAT_AES (or with
// TESSERA_CPU_DISABLE=aes) the NEON bitsliced AES, with PMULL or the portable GHASH.
TEST(SymmetricEquivalence, GcmNeonTable) {
  if (aes::kernels_neon_bs() == nullptr) GTEST_SKIP() << "aarch64 NEON builds only";
  check_gcm(gcm::kernels_for(Backend::neon));
}

void check_chacha(const chacha::Kernels& k) {
  const chacha::Kernels& p = chacha::kernels_portable();
  std::mt19937_64 rng(3);
  for (std::size_t n = 0; n <= 50; ++n) {
    const Bytes key = random_bytes(rng, 32), nonce = random_bytes(rng, 12);
    std::uint32_t st[16];
    chacha::init_state(st, key.data(), static_cast<std::uint32_t>(rng()), nonce.data());
    const Bytes in = random_bytes(rng, 64 * n);
    Unaligned o1(64 * n), o2(64 * n);
    p.xor_blocks(st, in.data(), o1.data(), n);
    k.xor_blocks(st, in.data(), o2.data(), n);
    ASSERT_EQ(o1.bytes(64 * n), o2.bytes(64 * n)) << k.name << ", " << n << " blocks";
  }
  // Every byte length 0..600 through xor_stream (whole blocks, then a partial one): not
  // multiples of 64 nor of the 4- and 8-block batches (256, 512 bytes); in place and not.
  for (std::size_t len = 0; len <= 600; ++len) {
    const Bytes key = random_bytes(rng, 32), nonce = random_bytes(rng, 12);
    std::uint32_t s1[16], s2[16];
    chacha::init_state(s1, key.data(), static_cast<std::uint32_t>(rng() % 100000), nonce.data());
    std::memcpy(s2, s1, sizeof s2);
    const Bytes in = random_bytes(rng, len);
    Unaligned o1(len), o2(len);
    chacha::xor_stream(p, s1, in.data(), o1.data(), len);
    chacha::xor_stream(k, s2, in.data(), o2.data(), len);
    ASSERT_EQ(o1.bytes(len), o2.bytes(len)) << k.name << ", stream of " << len << " bytes";
    ASSERT_EQ(0, std::memcmp(s1, s2, sizeof s1)) << k.name << ", state after " << len << " bytes";
    Unaligned inplace(len);
    if (len != 0) std::memcpy(inplace.data(), in.data(), len);
    chacha::init_state(s2, key.data(), s1[12] - static_cast<std::uint32_t>((len + 63) / 64), nonce.data());
    chacha::xor_stream(k, s2, inplace.data(), inplace.data(), len);
    ASSERT_EQ(o1.bytes(len), inplace.bytes(len)) << k.name << ", in place, " << len << " bytes";
  }
  // Counters near 2^32 - 1: the block counter is 32 bits (RFC 8439, Section 2.3) and wraps
  // mod 2^32 in every kernel alike, inside a batch too (the public API refuses inputs whose
  // used blocks would wrap; the kernels' unused lanes may). All-ones and all-zero inputs.
  for (std::uint32_t back = 0; back <= 12; ++back) {
    for (std::size_t n = 1; n <= 13; ++n) {
      const Bytes key = random_bytes(rng, 32), nonce = random_bytes(rng, 12);
      std::uint32_t st[16];
      chacha::init_state(st, key.data(), 0xFFFFFFFFu - back, nonce.data());
      const Bytes in(64 * n, static_cast<std::uint8_t>(n % 2 == 0 ? 0xFF : 0x00));
      Unaligned o1(64 * n), o2(64 * n);
      p.xor_blocks(st, in.data(), o1.data(), n);
      k.xor_blocks(st, in.data(), o2.data(), n);
      ASSERT_EQ(o1.bytes(64 * n), o2.bytes(64 * n)) << k.name << ", counter 2^32 - " << back + 1 << ", " << n << " blocks";
    }
  }
}

TEST(SymmetricEquivalence, ChaCha20Portable) { check_chacha(chacha::kernels_portable()); }
TEST(SymmetricEquivalence, ChaCha20Avx2) {
  if (chacha::kernels_avx2() == nullptr) GTEST_SKIP() << "AVX2 not available on this CPU/build";
  check_chacha(*chacha::kernels_avx2());
}
TEST(SymmetricEquivalence, ChaCha20Avx512) {
  if (chacha::kernels_avx512() == nullptr) GTEST_SKIP() << "AVX-512 not available on this CPU/build";
  check_chacha(*chacha::kernels_avx512());
}
TEST(SymmetricEquivalence, ChaCha20Neon) {
  if (chacha::kernels_neon() == nullptr) GTEST_SKIP() << "NEON (Advanced SIMD) not available on this CPU/build";
  check_chacha(*chacha::kernels_neon());
}

// The public chacha20_xor with the last allowed counters (the final block is 2^32 - 1) for
// lengths 0..600, under every backend against the portable one.
TEST(SymmetricEquivalence, ChaCha20PublicLastCounters) {
  std::mt19937_64 rng(9);
  for (std::size_t len = 0; len <= 600; len += (len < 70 ? 1 : 7)) {
    const Bytes key = random_bytes(rng, 32), nonce = random_bytes(rng, 12), in = random_bytes(rng, len);
    const std::uint64_t blocks = (len + 63) / 64;
    const auto counter = static_cast<std::uint32_t>((std::uint64_t{1} << 32) - (blocks == 0 ? 1 : blocks));
    Bytes ref(len);
    {
      auto forced = BackendOverride::force(Backend::portable);
      ASSERT_TRUE(forced);
      ASSERT_TRUE(chacha20_xor(key, nonce, counter, in, ref).has_value()) << len;
    }
    for (Backend be : kAllBackends) {
      auto forced = BackendOverride::force(be);
      if (!forced) continue;
      Bytes out(len);
      ASSERT_TRUE(chacha20_xor(key, nonce, counter, in, out).has_value()) << backend_name(be) << " " << len;
      ASSERT_EQ(out, ref) << backend_name(be) << " length " << len << ", counter " << counter;
    }
  }
}

// keyed_xor (key block + key stream from the next block, any length, the AEAD's entry
// point) against the portable block function and xor_blocks, for every length 0..2100
// (crossing the 1024-byte first batch, the 256- and 512-byte batches and the partial-batch
// paths), out of place and in place.
void check_chacha_keyed(const chacha::Kernels& k) {
  std::mt19937_64 rng(6);
  for (std::size_t len = 0; len <= 2100; ++len) {
    const Bytes key = random_bytes(rng, 32), nonce = random_bytes(rng, 12);
    std::uint32_t st[16];
    chacha::init_state(st, key.data(), static_cast<std::uint32_t>(rng() % 1000), nonce.data());
    const Bytes in = random_bytes(rng, len);
    // Reference: block st[12] alone, then blocks st[12] + 1 .. on zero-padded input.
    const std::size_t nblocks = (len + 63) / 64;
    Bytes ref_key(64, 0), padded(64 * nblocks, 0), ref(64 * nblocks);
    std::copy(in.begin(), in.end(), padded.begin());
    chacha::kernels_portable().xor_blocks(st, ref_key.data(), ref_key.data(), 1);
    std::uint32_t st1[16];
    std::memcpy(st1, st, sizeof st1);
    st1[12] += 1;
    chacha::kernels_portable().xor_blocks(st1, padded.data(), ref.data(), nblocks);
    ref.resize(len);

    Unaligned out(len);
    std::uint8_t key_block[64];
    k.keyed_xor(st, in.data(), out.data(), len, key_block);
    ASSERT_EQ(ref_key, Bytes(key_block, key_block + 64)) << k.name << ", length " << len;
    ASSERT_EQ(ref, out.bytes(len)) << k.name << ", length " << len;

    Unaligned inplace(len);
    if (len != 0) std::memcpy(inplace.data(), in.data(), len);
    std::memset(key_block, 0, sizeof key_block);
    k.keyed_xor(st, inplace.data(), inplace.data(), len, key_block);
    ASSERT_EQ(ref_key, Bytes(key_block, key_block + 64)) << k.name << ", in place, length " << len;
    ASSERT_EQ(ref, inplace.bytes(len)) << k.name << ", in place, length " << len;
  }
}

TEST(SymmetricEquivalence, ChaCha20KeyedPortable) { check_chacha_keyed(chacha::kernels_portable()); }
TEST(SymmetricEquivalence, ChaCha20KeyedAvx2) {
  if (chacha::kernels_avx2() == nullptr) GTEST_SKIP() << "AVX2 not available on this CPU/build";
  check_chacha_keyed(*chacha::kernels_avx2());
}
TEST(SymmetricEquivalence, ChaCha20KeyedAvx512) {
  if (chacha::kernels_avx512() == nullptr) GTEST_SKIP() << "AVX-512 not available on this CPU/build";
  check_chacha_keyed(*chacha::kernels_avx512());
}
TEST(SymmetricEquivalence, ChaCha20KeyedNeon) {
  if (chacha::kernels_neon() == nullptr) GTEST_SKIP() << "NEON (Advanced SIMD) not available on this CPU/build";
  check_chacha_keyed(*chacha::kernels_neon());
}

// Limbs (44, 44, 44 bits, possibly over) to the canonical value mod 2^130 - 5 as limbs of
// 44, 44 and 42 bits.
std::array<std::uint64_t, 3> canonical(std::uint64_t h0, std::uint64_t h1, std::uint64_t h2) {
  constexpr std::uint64_t m44 = (std::uint64_t{1} << 44) - 1, m42 = (std::uint64_t{1} << 42) - 1;
  for (int pass = 0; pass < 3; ++pass) {
    h1 += h0 >> 44; h0 &= m44;
    h2 += h1 >> 44; h1 &= m44;
    h0 += (h2 >> 42) * 5; h2 &= m42;
  }
  // Subtract p = 2^130 - 5 if h >= p (p's limbs: 2^44 - 5, 2^44 - 1, 2^42 - 1).
  if (h2 == m42 && h1 == m44 && h0 >= m44 - 4) {
    h0 -= m44 - 4; h1 = 0; h2 = 0;
  }
  return {h0, h1, h2};
}

// The IFMA kernel's r^1..r^16 (partially reduced) equal the scalar chain of mul_mod,
// for random keys and the largest clamped r.
TEST(SymmetricEquivalence, Poly1305IfmaPowers) {
  if (poly1305::kernels_ifma() == nullptr) GTEST_SKIP() << "AVX-512 IFMA not available on this CPU/build";
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    Bytes key = random_bytes(rng, 32);
    if (trial == 0) std::fill(key.begin(), key.begin() + 16, 0xFF);
    if (trial == 1) std::fill(key.begin(), key.begin() + 16, 0x00);
    poly1305::State st;
    poly1305::init(st, *poly1305::kernels_ifma(), key.data());
    std::uint64_t p[3] = {st.r[0], st.r[1], st.r[2]};
    for (int e = 1; e <= 16; ++e) {
      for (int l = 0; l < 3; ++l) {
        ASSERT_LT(st.pow[l][16 - e], (std::uint64_t{1} << 44) + (std::uint64_t{1} << 15)) << "r^" << e;
      }
      ASSERT_EQ(canonical(p[0], p[1], p[2]), canonical(st.pow[0][16 - e], st.pow[1][16 - e], st.pow[2][16 - e]))
          << "trial " << trial << ", r^" << e;
      poly1305::mul_mod(p, p, st.r);
    }
    std::uint8_t tag[16];
    poly1305::final(st, tag);
  }
}

// The AEAD through each backend against the portable one: every message length 0..2100
// with several AAD lengths, out of place and in place, sealing and opening.
TEST(SymmetricEquivalence, ChaCha20Poly1305EveryLength) {
  std::mt19937_64 rng(8);
  for (std::size_t len = 0; len <= 2100; ++len) {
    const Bytes key = random_bytes(rng, 32), nonce = random_bytes(rng, 12);
    const std::size_t aad_len = std::array<std::size_t, 6>{0, 1, 15, 16, 17, 300}[len % 6];
    const Bytes aad = random_bytes(rng, aad_len), pt = random_bytes(rng, len);
    Bytes ref_ct(len), ref_tag(16);
    {
      auto forced = BackendOverride::force(Backend::portable);
      ASSERT_TRUE(forced);
      ASSERT_TRUE(chacha20_poly1305_seal(key, nonce, aad, pt, ref_ct, ref_tag).has_value());
    }
    for (Backend be : kAllBackends) {
      auto forced = BackendOverride::force(be);
      if (!forced) continue;
      Bytes ct(len), tag(16);
      ASSERT_TRUE(chacha20_poly1305_seal(key, nonce, aad, pt, ct, tag).has_value());
      ASSERT_EQ(ct, ref_ct) << backend_name(be) << " length " << len;
      ASSERT_EQ(tag, ref_tag) << backend_name(be) << " length " << len;
      Bytes buf = pt;  // in place
      ASSERT_TRUE(chacha20_poly1305_seal(key, nonce, aad, buf, buf, tag).has_value());
      ASSERT_EQ(buf, ref_ct) << backend_name(be) << " in place, length " << len;
      ASSERT_EQ(tag, ref_tag) << backend_name(be) << " in place, length " << len;
      Bytes back(len);
      ASSERT_TRUE(chacha20_poly1305_open(key, nonce, aad, ref_ct, ref_tag, back).has_value());
      ASSERT_EQ(back, pt) << backend_name(be) << " open, length " << len;
      ASSERT_TRUE(chacha20_poly1305_open(key, nonce, aad, buf, ref_tag, buf).has_value());
      ASSERT_EQ(buf, pt) << backend_name(be) << " open in place, length " << len;
      Bytes bad_tag = ref_tag;
      bad_tag[len % 16] ^= 1;
      ASSERT_FALSE(chacha20_poly1305_open(key, nonce, aad, ref_ct, bad_tag, back).has_value());
      ASSERT_EQ(back, Bytes(len, 0)) << backend_name(be) << " rejected open must zero, length " << len;
    }
  }
}

TEST(SymmetricEquivalence, Poly1305Ifma) {
  if (poly1305::kernels_ifma() == nullptr) GTEST_SKIP() << "AVX-512 IFMA not available on this CPU/build";
  std::mt19937_64 rng(4);
  for (std::size_t len = 0; len <= 1200; ++len) {
    Bytes key = random_bytes(rng, 32);
    Bytes msg = random_bytes(rng, len);
    if (len % 7 == 0) {  // extreme inputs: all-ones blocks and a key with every r bit allowed
      for (auto& b : msg) b = 0xFF;
      for (std::size_t i = 0; i < 16; ++i) key[i] = 0xFF;
    }
    std::uint8_t t1[16], t2[16];
    poly1305::State s1, s2;
    poly1305::init(s1, poly1305::kernels_portable(), key.data());
    poly1305::init(s2, *poly1305::kernels_ifma(), key.data());
    // Split the input in two updates so that buffering is exercised too.
    const std::size_t cut = len / 3;
    poly1305::update(s1, msg.data(), len);
    poly1305::update(s2, msg.data(), cut);
    poly1305::update(s2, msg.data() + cut, len - cut);
    poly1305::final(s1, t1);
    poly1305::final(s2, t2);
    ASSERT_EQ(0, std::memcmp(t1, t2, 16)) << "length " << len;
  }
}

// Long messages (many 16-block batches per call) with extreme inputs: the IFMA kernel's
// lazy carries must keep its limbs in bounds over any number of batches.
TEST(SymmetricEquivalence, Poly1305IfmaLong) {
  if (poly1305::kernels_ifma() == nullptr) GTEST_SKIP() << "AVX-512 IFMA not available on this CPU/build";
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 24; ++trial) {
    const std::size_t len = 4096 + rng() % 30000;
    Bytes key = random_bytes(rng, 32);
    Bytes msg = random_bytes(rng, len);
    if (trial % 3 == 0) {
      for (auto& b : msg) b = 0xFF;
      for (std::size_t i = 0; i < 16; ++i) key[i] = 0xFF;
    } else if (trial % 3 == 1) {
      for (std::size_t i = 0; i < 16; ++i) key[i] = 0xFF;
    }
    std::uint8_t t1[16], t2[16];
    poly1305::State s1, s2;
    poly1305::init(s1, poly1305::kernels_portable(), key.data());
    poly1305::init(s2, *poly1305::kernels_ifma(), key.data());
    poly1305::update(s1, msg.data(), len);
    poly1305::update(s2, msg.data(), len);
    poly1305::final(s1, t1);
    poly1305::final(s2, t2);
    ASSERT_EQ(0, std::memcmp(t1, t2, 16)) << "trial " << trial << " length " << len;
  }
}

// The public AEADs give the same bytes under every backend; so does a keyed AES-GCM with
// a truncated tag and an IV other than 96 bits (SP 800-38D, Algorithm 4 step 2).
TEST(SymmetricEquivalence, PublicAeadsAcrossBackends) {
  std::mt19937_64 rng(5);
  for (std::size_t len : {0u, 1u, 15u, 16u, 63u, 64u, 255u, 256u, 1000u, 1024u, 4099u}) {
    const Bytes key = random_bytes(rng, 32), nonce = random_bytes(rng, 12);
    const Bytes aad = random_bytes(rng, len % 40), pt = random_bytes(rng, len);
    const Bytes iv = random_bytes(rng, 1 + len % 61);
    const std::size_t tag_bytes = kAesGcmMinTagBytes + len % 5;
    Bytes ref_ct, ref_tag, ref_gcm, ref_gtag, ref_kct, ref_ktag;
    for (Backend be : kAllBackends) {
      auto forced = BackendOverride::force(be);
      if (!forced) continue;
      Bytes ct(len), tag(16), gct(len), gtag(16), kct(len), ktag(tag_bytes);
      ASSERT_TRUE(chacha20_poly1305_seal(key, nonce, aad, pt, ct, tag).has_value());
      ASSERT_TRUE(aes_gcm_seal(key, nonce, aad, pt, gct, gtag).has_value());
      AesGcm keyed;
      ASSERT_TRUE(keyed.set_key(key, tag_bytes).has_value());
      ASSERT_TRUE(keyed.seal(iv, aad, pt, kct, ktag).has_value());
      if (ref_ct.empty() && ref_tag.empty()) {
        ref_ct = ct; ref_tag = tag; ref_gcm = gct; ref_gtag = gtag; ref_kct = kct; ref_ktag = ktag;
      }
      EXPECT_EQ(kct, ref_kct) << backend_name(be) << " length " << len << ", IV " << iv.size();
      EXPECT_EQ(ktag, ref_ktag) << backend_name(be) << " length " << len << ", IV " << iv.size();
      EXPECT_EQ(ct, ref_ct) << backend_name(be) << " length " << len;
      EXPECT_EQ(tag, ref_tag) << backend_name(be) << " length " << len;
      EXPECT_EQ(gct, ref_gcm) << backend_name(be) << " length " << len;
      EXPECT_EQ(gtag, ref_gtag) << backend_name(be) << " length " << len;
    }
  }
}

}  // namespace
}  // namespace tessera::test
