// Every AES, GHASH/GCM, ChaCha20 and Poly1305 kernel against the portable one, on random
// inputs, every length from 0 to several SIMD batches, and unaligned buffers. Kernels the
// CPU or build lacks are SKIPPED.
#include "symmetric/aes.hpp"
#include "symmetric/chacha20.hpp"
#include "symmetric/gcm.hpp"

#include <tessera/aead.hpp>
#include <tessera/backend.hpp>

#include <gtest/gtest.h>

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
  }
}

TEST(SymmetricEquivalence, AesNi) {
  if (aes::kernels_aesni() == nullptr) GTEST_SKIP() << "AES-NI not available on this CPU/build";
  check_aes(*aes::kernels_aesni());
}
TEST(SymmetricEquivalence, Vaes) {
  if (aes::kernels_vaes() == nullptr) GTEST_SKIP() << "VAES/VPCLMULQDQ not available on this CPU/build";
  check_aes(*aes::kernels_vaes());
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

void check_chacha(const chacha::Kernels& k) {
  std::mt19937_64 rng(3);
  for (std::size_t n = 0; n <= 50; ++n) {
    const Bytes key = random_bytes(rng, 32), nonce = random_bytes(rng, 12);
    std::uint32_t st[16];
    chacha::init_state(st, key.data(), static_cast<std::uint32_t>(rng()), nonce.data());
    const Bytes in = random_bytes(rng, 64 * n);
    Unaligned o1(64 * n), o2(64 * n);
    chacha::kernels_portable().xor_blocks(st, in.data(), o1.data(), n);
    k.xor_blocks(st, in.data(), o2.data(), n);
    ASSERT_EQ(o1.bytes(64 * n), o2.bytes(64 * n)) << k.name << ", " << n << " blocks";
  }
}

TEST(SymmetricEquivalence, ChaCha20Avx2) {
  if (chacha::kernels_avx2() == nullptr) GTEST_SKIP() << "AVX2 not available on this CPU/build";
  check_chacha(*chacha::kernels_avx2());
}
TEST(SymmetricEquivalence, ChaCha20Avx512) {
  if (chacha::kernels_avx512() == nullptr) GTEST_SKIP() << "AVX-512 not available on this CPU/build";
  check_chacha(*chacha::kernels_avx512());
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

// The public AEADs give the same bytes under every backend.
TEST(SymmetricEquivalence, PublicAeadsAcrossBackends) {
  std::mt19937_64 rng(5);
  for (std::size_t len : {0u, 1u, 15u, 16u, 63u, 64u, 255u, 256u, 1000u, 1024u, 4099u}) {
    const Bytes key = random_bytes(rng, 32), nonce = random_bytes(rng, 12);
    const Bytes aad = random_bytes(rng, len % 40), pt = random_bytes(rng, len);
    Bytes ref_ct, ref_tag, ref_gcm, ref_gtag;
    for (Backend be : kAllBackends) {
      auto forced = BackendOverride::force(be);
      if (!forced) continue;
      Bytes ct(len), tag(16), gct(len), gtag(16);
      ASSERT_TRUE(chacha20_poly1305_seal(key, nonce, aad, pt, ct, tag).has_value());
      ASSERT_TRUE(aes_gcm_seal(key, nonce, aad, pt, gct, gtag).has_value());
      if (ref_ct.empty() && ref_tag.empty()) {
        ref_ct = ct; ref_tag = tag; ref_gcm = gct; ref_gtag = gtag;
      }
      EXPECT_EQ(ct, ref_ct) << backend_name(be) << " length " << len;
      EXPECT_EQ(tag, ref_tag) << backend_name(be) << " length " << len;
      EXPECT_EQ(gct, ref_gcm) << backend_name(be) << " length " << len;
      EXPECT_EQ(gtag, ref_gtag) << backend_name(be) << " length " << len;
    }
  }
}

}  // namespace
}  // namespace tessera::test
