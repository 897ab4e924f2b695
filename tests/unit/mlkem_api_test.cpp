// ML-KEM public API: every wrong input length rejected, invalid keys rejected, round trips,
// implicit rejection, and an accumulated test of 10,000 deterministic cases.
#include <tessera/mlkem.hpp>
#include <tessera/sha3.hpp>

#include "support/backends.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

using namespace tessera;
using namespace tessera::mlkem;
using Bytes = std::vector<std::uint8_t>;

template <class F>
void for_each_set(F&& f) {
  f.template operator()<kMlKem512>();
  f.template operator()<kMlKem768>();
  f.template operator()<kMlKem1024>();
}

Bytes counter_bytes(std::size_t n, std::uint8_t start) {
  Bytes b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(start + 31 * i);
  return b;
}

class MlKemApi : public test::PerBackend {};

// Every truncated and extended length (0 .. 2n + 1) of every input is Error::invalid_length.
TEST_P(MlKemApi, EveryWrongLengthRejected) {
  for_each_set([]<const Params& P>() {
    using Kem = mlkem::Kem<P>;
    auto kp = Kem::keygen_internal(counter_bytes(32, 1), counter_bytes(32, 2));
    ASSERT_TRUE(kp);
    const Bytes seed(kp->seed.span().begin(), kp->seed.span().end());
    auto dk_r = Kem::expand_seed(seed);
    ASSERT_TRUE(dk_r);
    const Bytes dk(dk_r->span().begin(), dk_r->span().end());
    const Bytes ek(kp->ek.begin(), kp->ek.end());
    auto enc = Kem::encaps_internal(ek, counter_bytes(32, 3));
    ASSERT_TRUE(enc);
    const Bytes ct(enc->ct.begin(), enc->ct.end());
    const Bytes m = counter_bytes(32, 3), d = counter_bytes(32, 1), z = counter_bytes(32, 2);
    auto resized = [](const Bytes& b, std::size_t n) {
      Bytes r = b;
      r.resize(n, 0x5A);
      return r;
    };
    auto is_len_error = [](const auto& r) { return !r.has_value() && r.error() == Error::invalid_length; };
    int checked = 0;
    for (std::size_t n = 0; n <= 2 * Kem::dk_bytes + 1; ++n) {
      if (n != 32 && n <= 65) {
        EXPECT_TRUE(is_len_error(Kem::keygen_internal(resized(d, n), z))) << n;
        EXPECT_TRUE(is_len_error(Kem::keygen_internal(d, resized(z, n)))) << n;
        EXPECT_TRUE(is_len_error(Kem::encaps_internal(ek, resized(m, n)))) << n;
        checked += 3;
      }
      if (n != kSeedBytes && n <= 129) {
        const Bytes s = resized(seed, n);
        EXPECT_TRUE(is_len_error(Kem::expand_seed(s))) << n;
        EXPECT_TRUE(is_len_error(Kem::encapsulation_key(s))) << n;
        EXPECT_TRUE(is_len_error(Kem::decaps(s, ct))) << n;
        EXPECT_TRUE(is_len_error(Kem::check_key_consistency(s, dk))) << n;
        checked += 4;
      }
      if (n != Kem::ek_bytes && n <= 2 * Kem::ek_bytes + 1) {
        const Bytes e = resized(ek, n);
        EXPECT_TRUE(is_len_error(Kem::encaps_internal(e, m))) << n;
        EXPECT_TRUE(is_len_error(Kem::check_encapsulation_key(e))) << n;
        checked += 2;
      }
      if (n != Kem::dk_bytes) {
        const Bytes x = resized(dk, n);
        EXPECT_TRUE(is_len_error(Kem::decaps_expanded(x, ct))) << n;
        EXPECT_TRUE(is_len_error(Kem::check_decapsulation_key(x))) << n;
        EXPECT_TRUE(is_len_error(Kem::check_key_consistency(seed, x))) << n;
        checked += 3;
      }
      if (n != Kem::ct_bytes && n <= 2 * Kem::ct_bytes + 1) {
        const Bytes c = resized(ct, n);
        EXPECT_TRUE(is_len_error(Kem::decaps(seed, c))) << n;
        EXPECT_TRUE(is_len_error(Kem::decaps_expanded(dk, c))) << n;
        checked += 2;
      }
    }
    EXPECT_GT(checked, 10000);
  });
}

TEST_P(MlKemApi, RandomRoundTrips) {
  for_each_set([]<const Params& P>() {
    using Kem = mlkem::Kem<P>;
    for (int i = 0; i < 20; ++i) {
      auto kp = Kem::keygen();
      ASSERT_TRUE(kp);
      ASSERT_TRUE(Kem::check_encapsulation_key(kp->ek));
      auto enc = Kem::encaps(kp->ek);
      ASSERT_TRUE(enc);
      auto k1 = Kem::decaps(kp->seed.span(), enc->ct);
      ASSERT_TRUE(k1);
      EXPECT_EQ(test::to_hex(k1->span()), test::to_hex(enc->shared_secret.span()));
      auto dk = Kem::expand_seed(kp->seed.span());
      ASSERT_TRUE(dk);
      ASSERT_TRUE(Kem::check_decapsulation_key(dk->span()));
      ASSERT_TRUE(Kem::check_key_consistency(kp->seed.span(), dk->span()));
      auto k2 = Kem::decaps_expanded(dk->span(), enc->ct);
      ASSERT_TRUE(k2);
      EXPECT_EQ(test::to_hex(k2->span()), test::to_hex(enc->shared_secret.span()));
      auto ek = Kem::encapsulation_key(kp->seed.span());
      ASSERT_TRUE(ek);
      EXPECT_EQ(*ek, kp->ek);
    }
  });
}

// A coefficient of t_hat >= q makes ek invalid (FIPS 203, s7.2); q - 1 is still valid.
TEST_P(MlKemApi, EncapsulationKeyModulusCheck) {
  for_each_set([]<const Params& P>() {
    using Kem = mlkem::Kem<P>;
    auto kp = Kem::keygen_internal(counter_bytes(32, 9), counter_bytes(32, 10));
    ASSERT_TRUE(kp);
    const Bytes m = counter_bytes(32, 11);
    for (int idx = 0; idx < 256 * P.k; idx += 37) {
      for (int v : {3328, 3329, 3330, 4095}) {
        Bytes ek(kp->ek.begin(), kp->ek.end());
        // Coefficient idx is 12 bits at bit offset 12 * idx.
        const std::size_t byte = static_cast<std::size_t>(12 * idx / 8);
        if (idx % 2 == 0) {
          ek[byte] = static_cast<std::uint8_t>(v);
          ek[byte + 1] = static_cast<std::uint8_t>((ek[byte + 1] & 0xF0) | (v >> 8));
        } else {
          ek[byte] = static_cast<std::uint8_t>((ek[byte] & 0x0F) | ((v & 0xF) << 4));
          ek[byte + 1] = static_cast<std::uint8_t>(v >> 4);
        }
        auto check = Kem::check_encapsulation_key(ek);
        auto enc = Kem::encaps_internal(ek, m);
        if (v < 3329) {
          EXPECT_TRUE(check) << idx;
          EXPECT_TRUE(enc) << idx;
        } else {
          ASSERT_FALSE(check) << idx << " " << v;
          EXPECT_EQ(check.error(), Error::invalid_key);
          ASSERT_FALSE(enc) << idx << " " << v;
          EXPECT_EQ(enc.error(), Error::invalid_key);
        }
      }
    }
  });
}

// dk = dk_pke || ek || H(ek) || z: a changed H(ek) or ek fails the hash check (s7.3); a
// changed dk_pke or z passes it but not the consistency check against the seed.
TEST_P(MlKemApi, DecapsulationKeyChecks) {
  for_each_set([]<const Params& P>() {
    using Kem = mlkem::Kem<P>;
    const Bytes seed = counter_bytes(64, 77);
    auto dk_r = Kem::expand_seed(seed);
    ASSERT_TRUE(dk_r);
    const Bytes dk(dk_r->span().begin(), dk_r->span().end());
    const Bytes ct(Kem::ct_bytes, 0x33);
    const std::size_t ek_off = P.dk_pke_bytes(), h_off = ek_off + P.ek_bytes(), z_off = h_off + 32;
    for (std::size_t pos = 0; pos < dk.size(); pos += 13) {
      Bytes bad = dk;
      bad[pos] ^= static_cast<std::uint8_t>(1u << (pos % 8));
      const bool hash_ok = pos < ek_off || pos >= z_off;
      auto check = Kem::check_decapsulation_key(bad);
      auto k = Kem::decaps_expanded(bad, ct);
      EXPECT_EQ(check.has_value(), hash_ok) << pos;
      EXPECT_EQ(k.has_value(), hash_ok) << pos;
      if (!hash_ok) {
        EXPECT_EQ(check.error(), Error::invalid_key);
        EXPECT_EQ(k.error(), Error::invalid_key);
      }
      auto cons = Kem::check_key_consistency(seed, bad);
      ASSERT_FALSE(cons) << pos;
      EXPECT_EQ(cons.error(), Error::invalid_key);
    }
    Bytes other = seed;
    other[5] ^= 1;
    EXPECT_FALSE(Kem::check_key_consistency(other, dk));
    EXPECT_TRUE(Kem::check_key_consistency(seed, dk));
  });
}

// A ciphertext of the right length is never an error: a modified one gives J(z || c).
TEST_P(MlKemApi, ImplicitRejection) {
  for_each_set([]<const Params& P>() {
    using Kem = mlkem::Kem<P>;
    const Bytes seed = counter_bytes(64, 5);
    auto kp = Kem::keygen_internal({seed.data(), 32}, {seed.data() + 32, 32});
    ASSERT_TRUE(kp);
    auto enc = Kem::encaps_internal(kp->ek, counter_bytes(32, 6));
    ASSERT_TRUE(enc);
    for (std::size_t pos = 0; pos < Kem::ct_bytes; pos += 97) {
      Bytes c(enc->ct.begin(), enc->ct.end());
      c[pos] ^= 0x01;
      auto k = Kem::decaps(seed, c);
      ASSERT_TRUE(k);
      Bytes j_in(seed.begin() + 32, seed.end());
      j_in.insert(j_in.end(), c.begin(), c.end());
      Bytes k_bar(32);
      shake256(j_in, k_bar);
      EXPECT_EQ(test::to_hex(k->span()), test::to_hex(k_bar)) << pos;
    }
  });
}

// 10,000 deterministic cases (3,334 / 3,333 / 3,333 per parameter set, interleaved). Inputs
// d, z, m and a second ciphertext (a one-byte change of the real one, or random bytes) come
// from one SHAKE128 stream; ek, dk, c, K, and both decapsulations go into one SHA3-256.
TEST_P(MlKemApi, Accumulated10000) {
  Shake128 stream;
  const std::uint8_t label[] = "Tessera ML-KEM accumulated test";
  ASSERT_TRUE(stream.absorb(label));
  Sha3_256 acc;
  for (int i = 0; i < 10000; ++i) {
    auto one = [&]<const Params& P>() {
      using Kem = mlkem::Kem<P>;
      std::uint8_t in[64 + 32 + 4];
      stream.squeeze(in);
      const std::span<const std::uint8_t> seed(in, 64), m(in + 64, 32);
      auto dk = Kem::expand_seed(seed);
      ASSERT_TRUE(dk);
      const std::span<const std::uint8_t> ek = dk->span().subspan(P.dk_pke_bytes(), P.ek_bytes());
      auto enc = Kem::encaps_internal(ek, m);
      ASSERT_TRUE(enc);
      auto k = Kem::decaps_expanded(dk->span(), enc->ct);
      ASSERT_TRUE(k);
      ASSERT_EQ(test::to_hex(k->span()), test::to_hex(enc->shared_secret.span()));
      Bytes bad(enc->ct.begin(), enc->ct.end());
      const std::uint32_t sel = static_cast<std::uint32_t>(in[96]) | static_cast<std::uint32_t>(in[97]) << 8 |
                                static_cast<std::uint32_t>(in[98]) << 16;
      if (in[99] & 1) {
        bad[sel % bad.size()] ^= static_cast<std::uint8_t>(1u << (in[99] >> 5));
      } else {
        stream.squeeze(bad);
      }
      auto k_bad = (i % 16 == 0) ? Kem::decaps(seed, bad) : Kem::decaps_expanded(dk->span(), bad);
      ASSERT_TRUE(k_bad);
      acc.update(dk->span());
      acc.update(enc->ct);
      acc.update(enc->shared_secret.span());
      acc.update(k_bad->span());
    };
    switch (i % 3) {
      case 0: one.template operator()<kMlKem512>(); break;
      case 1: one.template operator()<kMlKem768>(); break;
      default: one.template operator()<kMlKem1024>(); break;
    }
    if (HasFatalFailure()) return;
  }
  std::array<std::uint8_t, 32> digest{};
  acc.final(digest);
  // Produced by this implementation after it passed every ACVP ML-KEM case (keyGen,
  // encapDecap FIPS203 and FIPS203-tr1) on every backend of the development host.
  EXPECT_EQ(test::to_hex(digest), "9A7E023F97EA9DC037912285845C4A5F56C7285ABCAA35130B92A4C7C8A97C09");
}

TESSERA_INSTANTIATE_PER_BACKEND(MlKemApi);

}  // namespace
