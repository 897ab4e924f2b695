// Zeroization of the twelve FrodoKEM / eFrodoKEM parameter sets (see zeroize_test.cpp):
// key objects and shared secrets wiped on destruction and move; no secret left on the stack
// by key generation, from_bytes, bytes(), encapsulation and decapsulation of a valid and an
// invalid ciphertext. FrodoKEM is slow on the portable backend (FrodoKEM-1344-AES: ~0.2 s
// an operation): every operation runs once per backend.
//
// Besides the inputs, the secrets looked for include what the kernels hold: the 16-bit
// samples before and after Frodo.Sample (S^T, E, S', E', E''), V = S'B + E'', the products
// W = B'S of decapsulation and A S of key generation as uint16 and as the int32 sums the
// SIMD kernels reduce their accumulators to (mul_add_as: 4 rows x 4 columns of S at a time,
// sums[4x + y] for row r0 + x and column k0 + y, the last such block of a call being
// r0 = k0 = 4). The error samples are looked for as 32-byte windows (see Secret).
// The kernels of the active backend (src/frodokem/kernels.hpp) are also run alone on an
// owned stack: a kernel's residue may be overwritten by the frames of later calls in one
// build and survive in another.
#include "zeroize_support.hpp"

#include "frodokem/kernels.hpp"
#include "frodokem/streaming.hpp"

#include <tessera/aes.hpp>
#include <tessera/frodokem.hpp>
#include <tessera/sha3.hpp>

#include <gtest/gtest.h>

namespace tessera::zeroize {
namespace {

using namespace tessera::frodokem;

// Spec Table A.1 (as src/frodokem/frodokem.cpp).
constexpr std::uint16_t kCdf640[13] = {4643, 13363, 20579, 25843, 29227, 31145, 32103,
                                       32525, 32689, 32745, 32762, 32766, 32767};
constexpr std::uint16_t kCdf976[11] = {5638, 15915, 23689, 28571, 31116, 32217, 32613, 32731, 32760, 32766, 32767};
constexpr std::uint16_t kCdf1344[7] = {9142, 23462, 30338, 32361, 32725, 32765, 32767};

using U16 = std::vector<std::uint16_t>;

Bytes le16_bytes(const U16& v) {
  Bytes b;
  for (auto x : v) b.push_back(static_cast<u8>(x)), b.push_back(static_cast<u8>(x >> 8));
  return b;
}
U16 le16_values(std::span<const u8> b) {
  U16 v(b.size() / 2);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<std::uint16_t>(b[2 * i] | b[2 * i + 1] << 8);
  return v;
}

template <class K>
struct FrodoFixture {
  static constexpr std::size_t n = K::params.n_bytes(), nn = 8 * n;
  static constexpr unsigned logq = static_cast<unsigned>(K::params.logq);
  static constexpr std::size_t sec = K::params.sec_bytes();
  static constexpr std::size_t c1_bytes = K::params.c1_bytes();
  const Bytes s = test_bytes(K::s_bytes, 0xF0D01), seed_se = test_bytes(K::seed_se_bytes, 0xF0D02),
              z = test_bytes(K::z_bytes, 0xF0D03), mu = test_bytes(K::mu_bytes, 0xF0D04),
              salt = test_bytes(K::salt_bytes, 0xF0D05);
  std::unique_ptr<typename K::KeyPair> kp;
  Bytes sk;
  std::unique_ptr<typename K::Ciphertext> ct, bad_ct;
  Bytes ss, ss_bad;
  std::vector<Secret> secrets;

  static Bytes xof(std::initializer_list<std::span<const u8>> in, std::size_t out_len) {
    Bytes out(out_len);
    if (n == 640) shake128(concat(in), out);
    else shake256(concat(in), out);
    return out;
  }
  static U16 sample(const U16& r) {  // Frodo.Sample (spec Section 7.5)
    const std::uint16_t* cdf = n == 640 ? kCdf640 : n == 976 ? kCdf976 : kCdf1344;
    const int len = n == 640 ? 13 : n == 976 ? 11 : 7;
    U16 e(r.size());
    for (std::size_t i = 0; i < r.size(); ++i) {
      int t = 0;
      for (int zz = 0; zz + 1 < len; ++zz) t += cdf[zz] < (r[i] >> 1);
      e[i] = static_cast<std::uint16_t>((r[i] & 1) ? -t : t);
    }
    return e;
  }
  static U16 unpack(std::span<const u8> in, std::size_t count) {  // Frodo.Unpack, MSB first
    U16 v(count);
    for (std::size_t i = 0; i < count; ++i) {
      std::uint32_t x = 0;
      for (unsigned b = 0; b < logq; ++b) {
        const std::size_t bit = i * logq + b;
        x = x << 1 | ((in[bit / 8] >> (7 - bit % 8)) & 1);
      }
      v[i] = static_cast<std::uint16_t>(x);
    }
    return v;
  }
  // rows (nrows x n) times S (S^T given, 8 x n): the uint16 products, and the sums of the
  // SIMD reduction for the 4x4 blocks (r0, k0) of the last 8 rows, in the kernels' order,
  // as int32 (signed 16-bit products, as vpmaddwd) followed by the same blocks as uint16
  // (g++ narrows the sums before storing them: only their low halves are used).
  static std::pair<U16, Bytes> times_s(const U16& rows, std::size_t nrows, const U16& st) {
    U16 prod(nrows * 8);
    Bytes sums, sums16;
    for (std::size_t r = 0; r < nrows; ++r)
      for (std::size_t k = 0; k < 8; ++k) {
        std::uint32_t acc = 0;
        for (std::size_t j = 0; j < n; ++j)
          acc += static_cast<std::uint32_t>(static_cast<std::int32_t>(static_cast<std::int16_t>(rows[r * n + j])) *
                                            static_cast<std::int16_t>(st[k * n + j]));
        prod[r * 8 + k] = static_cast<std::uint16_t>(acc);
      }
    for (std::size_t r0 = nrows - 8; r0 < nrows; r0 += 4)
      for (std::size_t k0 = 0; k0 < 8; k0 += 4)
        for (std::size_t x = 0; x < 4; ++x)
          for (std::size_t y = 0; y < 4; ++y) {
            std::uint32_t acc = 0;
            for (std::size_t j = 0; j < n; ++j)
              acc += static_cast<std::uint32_t>(static_cast<std::int32_t>(static_cast<std::int16_t>(rows[(r0 + x) * n + j])) *
                                                static_cast<std::int16_t>(st[(k0 + y) * n + j]));
            for (int b = 0; b < 4; ++b) sums.push_back(static_cast<u8>(acc >> (8 * b)));
            sums16.push_back(static_cast<u8>(acc)), sums16.push_back(static_cast<u8>(acc >> 8));
          }
    sums.insert(sums.end(), sums16.begin(), sums16.end());
    return {prod, sums};
  }

  // The partial sums a SIMD accumulator of rows x S holds after the loop over j, for every
  // row r and column k: lane l of `lanes` int32 lanes sums the products of the elements
  // 2l, 2l + 1 of every 2 * lanes-element block (vpmaddwd, then vpaddd). 8 lanes for avx2's
  // ymm accumulators, 16 for avx512's zmm; the same whatever the kernel's blocking.
  static Bytes partial_sums(const U16& rows, std::size_t nrows, const U16& st, std::size_t lanes) {
    Bytes out;
    for (std::size_t r = 0; r < nrows; ++r)
      for (std::size_t k = 0; k < 8; ++k)
        for (std::size_t l = 0; l < lanes; ++l) {
          std::uint32_t acc = 0;
          for (std::size_t j = 2 * l; j < n; j += 2 * lanes)
            for (std::size_t e = j; e < j + 2; ++e)
              acc += static_cast<std::uint32_t>(static_cast<std::int32_t>(static_cast<std::int16_t>(rows[r * n + e])) *
                                                static_cast<std::int16_t>(st[k * n + e]));
          for (int b = 0; b < 4; ++b) out.push_back(static_cast<u8>(acc >> (8 * b)));
        }
    return out;
  }

  FrodoFixture() {
    auto r = K::keygen_internal(s, seed_se, z);
    EXPECT_TRUE(r);
    kp = std::make_unique<typename K::KeyPair>(std::move(*r));
    sk = bytes_of(kp->private_key.bytes().span());
    auto enc = K::encaps_internal(kp->public_key, mu, salt);
    EXPECT_TRUE(enc);
    ct = std::make_unique<typename K::Ciphertext>(enc->ciphertext);
    // The lowest bit of B'[0][0] (bit logq - 1 of c1): decoding still gives mu (the change
    // of M is one column of S), so seed_SE' and k' are recomputed and then rejected.
    bad_ct = std::make_unique<typename K::Ciphertext>(*ct);
    (*bad_ct)[(logq - 1) / 8] ^= static_cast<u8>(0x80 >> ((logq - 1) % 8));

    const std::span<const u8> pk = kp->public_key.bytes();
    const std::span<const u8> pkh = kp->public_key.pkh();
    const U16 st = le16_values(std::span<const u8>(sk).subspan(sec + K::public_key_bytes, K::st_bytes));
    // Key generation: r = SHAKE(0x5F || seed_SE): S^T, E; B = A S + E.
    const u8 t5f = 0x5F, t96 = 0x96;
    const Bytes r_keygen = xof({std::span(&t5f, 1), seed_se}, 4 * nn);
    const U16 e = sample(le16_values(std::span<const u8>(r_keygen).subspan(2 * nn)));
    // Encapsulation: seed_SE' || k = SHAKE(pkh || mu || salt); r' = SHAKE(0x96 || seed_SE'):
    // S', E', E''; V = S'B + E''.
    const Bytes g2 = xof({pkh, mu, salt}, K::seed_se_bytes + sec);
    const std::span<const u8> seed_se2(g2.data(), K::seed_se_bytes), key_k(g2.data() + K::seed_se_bytes, sec);
    const Bytes r_encaps = xof({std::span(&t96, 1), seed_se2}, 2 * (2 * nn + 64));
    const U16 r_enc = le16_values(r_encaps);
    const U16 sp = sample(U16(r_enc.begin(), r_enc.begin() + nn));
    const U16 ep = sample(U16(r_enc.begin() + nn, r_enc.begin() + 2 * nn));
    const U16 epp = sample(U16(r_enc.begin() + 2 * nn, r_enc.end()));
    const U16 b = unpack(pk.subspan(16), nn);  // n x 8
    U16 v(64);
    for (std::size_t i = 0; i < 8; ++i)
      for (std::size_t j = 0; j < 8; ++j) {
        std::uint32_t acc = epp[i * 8 + j];
        for (std::size_t rr = 0; rr < n; ++rr) acc += static_cast<std::uint32_t>(sp[i * n + rr]) * b[rr * 8 + j];
        v[i * 8 + j] = static_cast<std::uint16_t>(acc);
      }
    // Decapsulation: W = B'S, M = C - W, for the valid and the invalid ciphertext.
    auto decaps_parts = [&](const typename K::Ciphertext& c) {
      const U16 bp = unpack(c, nn);
      const U16 cc = unpack(std::span<const u8>(c).subspan(c1_bytes), 64);
      auto [w, sums] = times_s(bp, 8, st);
      U16 m(64);
      for (std::size_t i = 0; i < 64; ++i) m[i] = static_cast<std::uint16_t>(cc[i] - w[i]);
      return std::tuple{w, sums, m};
    };
    const auto [w, w_sums, m] = decaps_parts(*ct);
    const auto [w_bad, w_bad_sums, m_bad] = decaps_parts(*bad_ct);
    ss = xof({*ct, key_k}, sec);       // ss = SHAKE(c || k)
    ss_bad = xof({*bad_ct, s}, sec);   // the rejection key SHAKE(c || s)
    secrets = {
        {"s", s},
        {"seed_SE", seed_se},
        {"r of KeyGen (16-bit S^T, E before sampling)", r_keygen, 2},
        {"S^T", le16_bytes(st), 2, 32},
        {"E", le16_bytes(e), 2, 32},
        {"mu", mu},
        {"seed_SE'", bytes_of(seed_se2)},
        {"k", bytes_of(key_k)},
        {"r of Encaps (16-bit S', E', E'' before sampling)", r_encaps, 2},
        {"S'", le16_bytes(sp), 2, 32},
        {"E'", le16_bytes(ep), 2, 32},
        {"E''", le16_bytes(epp), 2, 32},
        {"V = S'B + E''", le16_bytes(v), 2},
        {"W = B'S", le16_bytes(w), 2},
        {"W = B'S (sums of the SIMD reduction)", w_sums, 2},
        {"M = C - B'S", le16_bytes(m), 2},
        {"W of the invalid c", le16_bytes(w_bad), 2},
        {"W of the invalid c (sums of the SIMD reduction)", w_bad_sums, 2},
        {"M of the invalid c", le16_bytes(m_bad), 2},
        {"W = B'S (partial sums of ymm accumulators)", partial_sums(unpack(*ct, nn), 8, st, 8), 4},
        {"W = B'S (partial sums of zmm accumulators)", partial_sums(unpack(*ct, nn), 8, st, 16), 4},
        {"shared secret", ss},
        {"shared secret of the invalid c (F(c || s))", ss_bad},
    };
    if constexpr (K::params.gen == MatrixGen::aes128) {
      // The last batch of 8 rows of A (Frodo.Gen with AES128, seed_A = pk[0..16)) times S.
      Aes aes;
      EXPECT_TRUE(aes.set_key(pk.first(16)));
      Bytes in(16 * n), out(16 * n);
      for (std::size_t rr = 0; rr < 8; ++rr)
        for (std::size_t j = 0; j < n; j += 8) {
          const std::size_t i = n - 8 + rr;
          u8* blk = in.data() + 2 * (rr * n + j);
          blk[0] = static_cast<u8>(i), blk[1] = static_cast<u8>(i >> 8), blk[2] = static_cast<u8>(j), blk[3] = static_cast<u8>(j >> 8);
        }
      EXPECT_TRUE(aes.encrypt_blocks(in, out));
      auto [as, as_sums] = times_s(le16_values(out), 8, st);
      secrets.push_back({"A S (last 8 rows)", le16_bytes(as), 2});
      secrets.push_back({"A S (last 8 rows, sums of the SIMD reduction)", as_sums, 2});
      secrets.push_back({"A S (last 8 rows, partial sums of ymm accumulators)", partial_sums(le16_values(out), 8, st, 8), 4});
      secrets.push_back({"A S (last 8 rows, partial sums of zmm accumulators)", partial_sums(le16_values(out), 8, st, 16), 4});
    }
  }
};

template <class K>
FrodoFixture<K>& fixture() {
  static FrodoFixture<K> f;
  return f;
}

template <class K>
void objects() {
  auto& f = fixture<K>();
  auto check = [&](const char* what, const Bytes& image) {
    EXPECT_EQ(find_secrets(image, f.secrets), std::vector<std::string>{}) << K::name << " " << what;
  };
  using Sk = typename K::PrivateKey;
  check("KeyPair", destroyed_bytes<typename K::KeyPair>([&] { return std::move(*K::keygen_internal(f.s, f.seed_se, f.z)); }));
  check("PrivateKey (from_bytes)", destroyed_bytes<Sk>([&] { return std::move(*Sk::from_bytes(f.sk)); }));
  check("PrivateKey (clone)", destroyed_bytes<Sk>([&] { return f.kp->private_key.clone(); }));
  check("moved-from PrivateKey", moved_from_bytes<Sk>([&] { return f.kp->private_key.clone(); }));
  check("move-assigned-from PrivateKey", move_assigned_from_bytes<Sk>([&] { return f.kp->private_key.clone(); }));
  check("Result<PrivateKey>", destroyed_bytes<Result<Sk>>([&] { return Sk::from_bytes(f.sk); }));
  check("moved-from Result<PrivateKey>", moved_from_bytes<Result<Sk>>([&] { return Sk::from_bytes(f.sk); }));
  check("Encapsulation",
        destroyed_bytes<typename K::Encapsulation>([&] { return std::move(*K::encaps_internal(f.kp->public_key, f.mu, f.salt)); }));
  check("Result<SharedSecret>",
        destroyed_bytes<Result<typename K::SharedSecret>>([&] { return K::decapsulate(f.kp->private_key, *f.ct); }));
  check("Result<SharedSecret> (rejected c)",
        destroyed_bytes<Result<typename K::SharedSecret>>([&] { return K::decapsulate(f.kp->private_key, *f.bad_ct); }));
  check("bytes()", destroyed_bytes<SecretArray<K::private_key_bytes>>([&] { return f.kp->private_key.bytes(); }));
}

template <class K>
void stack() {
  auto& f = fixture<K>();
  auto secrets = [&] { return f.secrets; };
  const auto& kp = *f.kp;
  bool ok = false;
  expect_no_residue(current_case("keygen_internal"), [&] {
    auto r = K::keygen_internal(f.s, f.seed_se, f.z);
    ok = r && r->public_key == kp.public_key;
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("PrivateKey::from_bytes"), [&] { ok = K::PrivateKey::from_bytes(f.sk).has_value(); }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("bytes() and clone()"), [&] {
    auto b = kp.private_key.bytes();
    auto c = kp.private_key.clone();
    ok = b[0] == f.sk[0];
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("encaps_internal"), [&] {
    auto e = K::encaps_internal(kp.public_key, f.mu, f.salt);
    ok = e && e->ciphertext == *f.ct;
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("decapsulate (valid c)"), [&] {
    auto k = K::decapsulate(kp.private_key, *f.ct);
    ok = k && std::equal(k->data(), k->data() + K::shared_secret_bytes, f.ss.begin());
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("decapsulate (invalid c)"), [&] {
    auto k = K::decapsulate(kp.private_key, *f.bad_ct);
    ok = k && std::equal(k->data(), k->data() + K::shared_secret_bytes, f.ss_bad.begin());
  }, secrets);
  EXPECT_TRUE(ok);
}

// The small-stack paths (frodokem/streaming.hpp) called directly, in every build (the key
// objects use them only in TESSERA_SMALL_STACK builds): outputs on the heap, and the same
// results as the key objects'.
template <class K>
void streaming_stack() {
  auto& f = fixture<K>();
  using St = frodokem::detail::Streaming<K::params>;
  auto secrets = [&] { return f.secrets; };
  const frodokem::Kernels& kern = frodokem::kernels();
  const u8* sk = f.sk.data();
  const u8* pk = sk + K::s_bytes;
  const u8* st = pk + K::public_key_bytes;
  const u8* pkh = st + K::st_bytes;
  auto out = std::make_unique<Bytes>(K::public_key_bytes + K::st_bytes + K::pkh_bytes);
  expect_no_residue(current_case("Streaming::keygen"), [&] {
    St::keygen(f.seed_se.data(), f.z.data(), out->data(), out->data() + K::public_key_bytes,
               out->data() + K::public_key_bytes + K::st_bytes, kern);
  }, secrets);
  EXPECT_TRUE(std::equal(out->begin(), out->end(), pk));
  auto ct = std::make_unique<Bytes>(K::ciphertext_bytes);
  auto ss = std::make_unique<Bytes>(K::shared_secret_bytes);
  expect_no_residue(current_case("Streaming::encaps"), [&] {
    St::encaps(pk, pkh, f.mu.data(), f.salt.data(), ct->data(), ss->data(), kern);
  }, secrets);
  EXPECT_TRUE(std::equal(ct->begin(), ct->end(), f.ct->begin()));
  EXPECT_EQ(*ss, f.ss);
  expect_no_residue(current_case("Streaming::decaps (valid c)"), [&] {
    St::decaps(sk, pk, st, pkh, f.ct->data(), ss->data(), kern);
  }, secrets);
  EXPECT_EQ(*ss, f.ss);
  expect_no_residue(current_case("Streaming::decaps (invalid c)"), [&] {
    St::decaps(sk, pk, st, pkh, f.bad_ct->data(), ss->data(), kern);
  }, secrets);
  EXPECT_EQ(*ss, f.ss_bad);
}

// Each kernel of the active backend on the secrets of K: inputs and outputs live on the
// heap, so anything of them on the stack afterwards is the kernel's.
template <class K>
void kernel_stack() {
  auto& f = fixture<K>();
  using F = FrodoFixture<K>;
  constexpr std::size_t n = F::n, nn = F::nn;
  const frodokem::Kernels& kern = frodokem::kernels();
  const U16 st = le16_values(std::span<const u8>(f.sk).subspan(F::sec + K::public_key_bytes, K::st_bytes));
  const Bytes a_bytes = test_bytes(2 * 8 * n, 0xF0D10);
  const U16 a = le16_values(a_bytes);  // 8 rows of a public matrix
  // Not a structured binding: clang 14 cannot capture one in the lambdas below.
  const auto as_pair = F::times_s(a, 8, st);
  const auto& as = as_pair.first;
  const auto& as_sums = as_pair.second;
  auto out = std::make_unique<U16>(64, 0);
  expect_no_residue(current_case("kernel mul_add_as"), [&] { kern.mul_add_as(out->data(), a.data(), n, 8, st.data(), n); },
                    [&] {
                      return std::vector<Secret>{{"S^T", le16_bytes(st), 2, 32},
                                                 {"A S", le16_bytes(as), 2},
                                                 {"A S (sums of the SIMD reduction)", as_sums, 2},
                                                 {"A S (partial sums of ymm accumulators)", F::partial_sums(a, 8, st, 8), 4},
                                                 {"A S (partial sums of zmm accumulators)", F::partial_sums(a, 8, st, 16), 4}};
                    });
  EXPECT_EQ(*out, as);
  // S' A for 8 rows of A, with S' = S (any small matrix will do).
  auto sa = std::make_unique<U16>(nn, 0);
  expect_no_residue(current_case("kernel mul_add_sa"), [&] { kern.mul_add_sa(sa->data(), a.data(), n, 8, st.data(), n, n); },
                    [&] { return std::vector<Secret>{{"S'", le16_bytes(st), 2, 32}, {"S' A", le16_bytes(*sa), 2}}; });
  // Frodo.Sample in place.
  const Bytes raw = test_bytes(2 * nn, 0xF0D11);
  auto e = std::make_unique<U16>(le16_values(raw));
  const std::uint16_t* cdf = n == 640 ? kCdf640 : n == 976 ? kCdf976 : kCdf1344;
  const int cdf_len = n == 640 ? 13 : n == 976 ? 11 : 7;
  expect_no_residue(current_case("kernel sample"), [&] { kern.sample(e->data(), nn, cdf, cdf_len); },
                    [&] { return std::vector<Secret>{{"r", raw, 2}, {"samples", le16_bytes(*e), 2, 32}}; });
  EXPECT_EQ(*e, F::sample(le16_values(raw)));
  // The same kernels on two different secrets in the same buffers: nothing they leave on
  // the stack may differ (a spilled broadcast of one entry of S' has too little
  // information for the scans above, but differs).
  const U16 st_b = F::sample(le16_values(test_bytes(2 * nn, 0xF0D13)));
  auto sec = std::make_unique<U16>(st);
  auto set = [&](const U16& v) {
    std::copy(v.begin(), v.end(), sec->begin());
    std::fill(out->begin(), out->end(), 0);
    std::fill(sa->begin(), sa->end(), 0);
  };
  expect_no_secret_dependent_residue(current_case("kernel mul_add_as"), [&] { set(st); }, [&] { set(st_b); },
                                     [&] { kern.mul_add_as(out->data(), a.data(), n, 8, sec->data(), n); });
  expect_no_secret_dependent_residue(current_case("kernel mul_add_sa"), [&] { set(st); }, [&] { set(st_b); },
                                     [&] { kern.mul_add_sa(sa->data(), a.data(), n, 8, sec->data(), n, n); });
  expect_no_secret_dependent_residue(current_case("kernel sample"), [&] { set(le16_values(raw)); },
                                     [&] { set(le16_values(test_bytes(2 * nn, 0xF0D14))); },
                                     [&] { kern.sample(sec->data(), nn, cdf, cdf_len); });
  // A S straight from Keccak states (key generation with SHAKE128 rows), one batch.
  auto s8 = std::make_unique<keccak::State8>();
  const Bytes lanes = test_bytes(sizeof(keccak::State8), 0xF0D12);
  std::memcpy(s8.get(), lanes.data(), lanes.size());
  // dot_lanes takes a 64-byte-aligned accumulator (frodokem/kernels.hpp), as frodokem.cpp's.
  struct alignas(64) Accumulator : std::array<std::uint32_t, frodokem::kDotAccWords> {};
  auto acc = std::make_unique<Accumulator>();
  acc->fill(0);
  auto dot = std::make_unique<U16>(64, 0);
  expect_no_residue(current_case("kernel dot_lanes, dot_finish"), [&] {
    const std::size_t row_lanes = n / 4;
    for (std::size_t blk = 0; 21 * blk < row_lanes; ++blk)
      kern.dot_lanes(acc->data(), *s8, row_lanes - 21 * blk < 21 ? row_lanes - 21 * blk : 21, st.data(), n, 84 * blk);
    kern.dot_finish(dot->data(), acc->data());
  }, [&] {
    return std::vector<Secret>{{"S^T", le16_bytes(st), 2, 32},
                               {"accumulated sums", bytes_of_words<std::uint32_t>(*acc), 4},
                               {"A S", le16_bytes(*dot), 2}};
  });
  expect_no_secret_dependent_residue(current_case("kernel dot_lanes, dot_finish"),
                                     [&] { set(st), acc->fill(0), std::fill(dot->begin(), dot->end(), 0); },
                                     [&] { set(st_b), acc->fill(0), std::fill(dot->begin(), dot->end(), 0); }, [&] {
                                       const std::size_t row_lanes = n / 4;
                                       for (std::size_t blk = 0; 21 * blk < row_lanes; ++blk)
                                         kern.dot_lanes(acc->data(), *s8, row_lanes - 21 * blk < 21 ? row_lanes - 21 * blk : 21,
                                                        sec->data(), n, 84 * blk);
                                       kern.dot_finish(dot->data(), acc->data());
                                     });
}

#define FRODO_CASES(fn)                                                                                      \
  {                                                                                                          \
    {"FrodoKEM-640-AES", fn<FrodoKem640Aes>}, {"FrodoKEM-640-SHAKE", fn<FrodoKem640Shake>},                \
        {"FrodoKEM-976-AES", fn<FrodoKem976Aes>}, {"FrodoKEM-976-SHAKE", fn<FrodoKem976Shake>},            \
        {"FrodoKEM-1344-AES", fn<FrodoKem1344Aes>}, {"FrodoKEM-1344-SHAKE", fn<FrodoKem1344Shake>},        \
        {"eFrodoKEM-640-AES", fn<EFrodoKem640Aes>}, {"eFrodoKEM-640-SHAKE", fn<EFrodoKem640Shake>},        \
        {"eFrodoKEM-976-AES", fn<EFrodoKem976Aes>}, {"eFrodoKEM-976-SHAKE", fn<EFrodoKem976Shake>},        \
        {"eFrodoKEM-1344-AES", fn<EFrodoKem1344Aes>}, {"eFrodoKEM-1344-SHAKE", fn<EFrodoKem1344Shake>},    \
  }
const Case kObjects[] = FRODO_CASES(objects);
const Case kStack[] = FRODO_CASES(stack);
const Case kStreaming[] = FRODO_CASES(streaming_stack);
const Case kKernels[] = {{"FrodoKEM-640 kernels", kernel_stack<FrodoKem640Aes>},
                         {"FrodoKEM-976 kernels", kernel_stack<FrodoKem976Aes>},
                         {"FrodoKEM-1344 kernels", kernel_stack<FrodoKem1344Aes>}};
TESSERA_ZEROIZE_OBJECTS(FrodoKem, kObjects);
TESSERA_ZEROIZE_STACK(FrodoKem, kStack);
TESSERA_ZEROIZE_STACK(FrodoKemStreaming, kStreaming);
TESSERA_ZEROIZE_STACK(FrodoKemKernels, kKernels);

}  // namespace
}  // namespace tessera::zeroize
