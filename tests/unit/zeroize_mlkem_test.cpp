// Zeroization of ML-KEM-512/768/1024 (see zeroize_test.cpp): key objects, encapsulations
// and shared secrets wiped on destruction and move; no secret left on the stack by key
// generation, encapsulation, decapsulation of valid and invalid ciphertexts (with a key
// object and from the dk bytes), from_seed, from_bytes and bytes(); and the secret-handling
// kernels of the active backend run alone on an owned stack (a kernel's residue may be
// overwritten by later frames in one build and survive in another).
#include "zeroize_support.hpp"

#include "mlkem/kernels.hpp"
#include "mlkem/streaming.hpp"

#include <tessera/mlkem.hpp>
#include <tessera/sha3.hpp>

#include <gtest/gtest.h>

namespace tessera::zeroize {
namespace {

using mlkem::MlKem1024;
using mlkem::MlKem512;
using mlkem::MlKem768;

// The inputs, a key pair and ciphertexts made from them, and the secrets to look for:
// computed once per set, on the main thread, with the public API and the hash functions.
template <class K>
struct MlKemFixture {
  static constexpr int k = K::params.k;
  static constexpr std::size_t dk_pke_bytes = K::params.dk_pke_bytes();
  std::array<u8, 32> d = test_array<32>(0x4B11 + k), z = test_array<32>(0x4B12 + k), m = test_array<32>(0x4B13 + k);
  std::unique_ptr<typename K::KeyPair> kp;
  typename K::Ciphertext ct{}, bad_ct{};
  Bytes dk;  // the expanded dk (kept on the heap, outside the scanned stacks)
  std::vector<Secret> secrets;

  MlKemFixture() {
    auto r = K::keygen_internal(d, z);
    EXPECT_TRUE(r);
    kp = std::make_unique<typename K::KeyPair>(std::move(*r));
    auto enc = K::encaps_internal(kp->public_key, m);
    EXPECT_TRUE(enc);
    ct = enc->ciphertext;
    // A flipped low bit of a coefficient of u: decryption still gives m (the change is far
    // below q/4), so K' and r' are recomputed as for ct and then rejected.
    bad_ct = ct;
    bad_ct[5] ^= 1;
    dk = bytes_of(kp->private_key.bytes().span());
    auto k_bar_bad = K::decapsulate(kp->private_key, bad_ct);
    EXPECT_TRUE(k_bar_bad);

    // Known secret intermediates. K-PKE.KeyGen: (rho, sigma) = G(d || k); Encaps: (K, r) =
    // G(m || H(ek)); Decaps: K_bar = J(z || c) (for every c: it is computed before the check).
    std::array<u8, 33> g_in{};
    std::copy(d.begin(), d.end(), g_in.begin());
    g_in[32] = static_cast<u8>(k);
    std::array<u8, 64> rho_sigma;
    sha3_512(g_in, rho_sigma);
    std::array<u8, 64> m_h{};
    std::copy(m.begin(), m.end(), m_h.begin());
    std::copy(kp->public_key.hash().begin(), kp->public_key.hash().end(), m_h.begin() + 32);
    std::array<u8, 64> k_r;
    sha3_512(m_h, k_r);
    std::array<u8, 32> k_bar_good;
    shake256(concat({z, ct}), k_bar_good);
    const std::span<const u8> dk_pke(dk.data(), dk_pke_bytes);
    // s_hat as 16-bit coefficients (ByteDecode_12 of dk_pke: the form the kernels load for
    // ByteEncode_12), and dk_pke as the pack16 kernel builds it in 64-bit words: 4
    // coefficients (6 bytes) and 2 zero bytes each. A stack buffer of those words
    // (x86_simd.inc, before the extraction to general registers) holds no 16 consecutive
    // bytes of dk_pke, so it is looked for in this form too.
    Bytes s_hat, words;
    for (std::size_t i = 0; i < dk_pke_bytes; i += 3) {
      const auto c0 = static_cast<std::uint16_t>(dk_pke[i] | (dk_pke[i + 1] & 0x0F) << 8);
      const auto c1 = static_cast<std::uint16_t>(dk_pke[i + 1] >> 4 | dk_pke[i + 2] << 4);
      for (std::uint16_t c : {c0, c1}) s_hat.push_back(static_cast<u8>(c)), s_hat.push_back(static_cast<u8>(c >> 8));
    }
    for (std::size_t i = 0; i < dk_pke_bytes; i += 6) {
      words.insert(words.end(), dk_pke.begin() + static_cast<std::ptrdiff_t>(i), dk_pke.begin() + static_cast<std::ptrdiff_t>(i + 6));
      words.push_back(0), words.push_back(0);
    }
    secrets = {
        {"d", bytes_of(d)},
        {"z", bytes_of(z)},
        {"m", bytes_of(m)},
        {"sigma", Bytes(rho_sigma.begin() + 32, rho_sigma.end())},
        {"K", Bytes(k_r.begin(), k_r.begin() + 32)},
        {"r", Bytes(k_r.begin() + 32, k_r.end())},
        {"K_bar (valid c)", bytes_of(k_bar_good)},
        {"K_bar (invalid c)", bytes_of(k_bar_bad->span())},
        {"dk_pke (encoded s_hat)", bytes_of(dk_pke)},
        {"s_hat (16-bit coefficients)", s_hat, 2},
        {"dk_pke (pack16 words)", words},
    };
  }
};

template <class K>
MlKemFixture<K>& fixture() {
  static MlKemFixture<K> f;
  return f;
}

template <class K>
void objects() {
  auto& f = fixture<K>();
  const auto& secrets = f.secrets;
  auto check = [&](const char* what, const Bytes& image) {
    EXPECT_EQ(find_secrets(image, secrets), std::vector<std::string>{}) << K::name << " " << what;
  };
  check("KeyPair", destroyed_bytes<typename K::KeyPair>([&] { return std::move(*K::keygen_internal(f.d, f.z)); }));
  check("moved-from KeyPair", moved_from_bytes<typename K::KeyPair>([&] { return std::move(*K::keygen_internal(f.d, f.z)); }));
  check("Encapsulation", destroyed_bytes<typename K::Encapsulation>([&] { return std::move(*K::encaps_internal(f.kp->public_key, f.m)); }));
  check("moved-from Encapsulation",
        moved_from_bytes<typename K::Encapsulation>([&] { return std::move(*K::encaps_internal(f.kp->public_key, f.m)); }));
  const auto seed = concat({f.d, f.z});
  using Dk = typename K::DecapsulationKey;
  check("DecapsulationKey (from_seed)", destroyed_bytes<Dk>([&] { return std::move(*Dk::from_seed(seed)); }));
  check("DecapsulationKey (from_bytes)", destroyed_bytes<Dk>([&] { return std::move(*Dk::from_bytes(f.dk)); }));
  check("DecapsulationKey (clone)", destroyed_bytes<Dk>([&] { return f.kp->private_key.clone(); }));
  check("moved-from DecapsulationKey", moved_from_bytes<Dk>([&] { return f.kp->private_key.clone(); }));
  check("move-assigned-from DecapsulationKey", move_assigned_from_bytes<Dk>([&] { return f.kp->private_key.clone(); }));
  // Results holding secrets: destroying the Result wipes its value; so does moving it out.
  using RKey = Result<Dk>;
  check("Result<DecapsulationKey>", destroyed_bytes<RKey>([&] { return Dk::from_seed(seed); }));
  check("moved-from Result<DecapsulationKey>", moved_from_bytes<RKey>([&] { return Dk::from_seed(seed); }));
  check("Result<SharedSecret>", destroyed_bytes<Result<mlkem::SharedSecret>>([&] { return K::decapsulate(f.kp->private_key, f.ct); }));
  check("Result<SharedSecret> (rejected c)",
        destroyed_bytes<Result<mlkem::SharedSecret>>([&] { return K::decapsulate(f.kp->private_key, f.bad_ct); }));
  check("Result<SharedSecret> (dk bytes)",
        destroyed_bytes<Result<mlkem::SharedSecret>>([&] { return K::decapsulate(std::span<const u8>(f.dk), f.ct); }));
  check("Result<Seed>", destroyed_bytes<Result<mlkem::Seed>>([&] { return f.kp->private_key.seed(); }));
  check("bytes()", destroyed_bytes<SecretArray<K::dk_bytes>>([&] { return f.kp->private_key.bytes(); }));
}

template <class K>
void stack() {
  auto& f = fixture<K>();
  auto secrets = [&] { return f.secrets; };
  const auto& kp = *f.kp;
  bool ok = false;
  expect_no_residue(current_case("keygen_internal"), [&] {
    auto r = K::keygen_internal(f.d, f.z);
    ok = r && r->public_key.bytes()[0] == kp.public_key.bytes()[0];
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("from_seed"), [&] { ok = K::DecapsulationKey::from_seed(concat({f.d, f.z})).has_value(); }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("from_bytes"), [&] { ok = K::DecapsulationKey::from_bytes(f.dk).has_value(); }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("bytes() and seed()"), [&] {
    auto b = kp.private_key.bytes();
    auto s = kp.private_key.seed();
    ok = s && b[0] == f.dk[0];
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("encaps_internal"), [&] {
    auto e = K::encaps_internal(kp.public_key, f.m);
    ok = e && e->ciphertext == f.ct;
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("decapsulate (valid c)"), [&] {
    auto k = K::decapsulate(kp.private_key, f.ct);
    ok = k && std::equal(k->data(), k->data() + 32, f.secrets[4].bytes.begin());
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("decapsulate (invalid c)"), [&] { ok = K::decapsulate(kp.private_key, f.bad_ct).has_value(); },
                    secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("decapsulate (dk bytes, valid c)"), [&] {
    auto k = K::decapsulate(std::span<const u8>(f.dk), f.ct);
    ok = k && std::equal(k->data(), k->data() + 32, f.secrets[4].bytes.begin());
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("decapsulate (dk bytes, invalid c)"),
                    [&] { ok = K::decapsulate(std::span<const u8>(f.dk), f.bad_ct).has_value(); }, secrets);
  EXPECT_TRUE(ok);
  // With fresh randomness: the secrets are read from the results (copied off the stack).
  auto gen = std::make_unique<std::array<u8, K::dk_bytes + 64 + 32>>();
  expect_no_residue(current_case("generate_key + encapsulate"), [&] {
    auto kp2 = K::generate_key();
    if (!kp2) return;
    auto enc = K::encapsulate(kp2->public_key);
    auto seed = kp2->private_key.seed();
    auto dk = kp2->private_key.bytes();
    if (!enc || !seed) return;
    std::memcpy(gen->data(), dk.data(), K::dk_bytes);
    std::memcpy(gen->data() + K::dk_bytes, seed->data(), 64);
    std::memcpy(gen->data() + K::dk_bytes + 64, enc->shared_secret.data(), 32);
    ok = true;
  }, [&] {
    return std::vector<Secret>{{"generated dk_pke", Bytes(gen->begin(), gen->begin() + K::params.dk_pke_bytes())},
                               {"generated d || z", Bytes(gen->begin() + K::dk_bytes, gen->begin() + K::dk_bytes + 64)},
                               {"generated K", Bytes(gen->end() - 32, gen->end())}};
  });
  EXPECT_TRUE(ok);
}

// The small-stack paths (mlkem/streaming.hpp) on the fixture's inputs, whichever path this
// build's public API takes: key generation, encapsulation, decapsulation of c and of a
// modified c. Outputs on the heap.
template <class K>
void streaming_stack() {
  auto& f = fixture<K>();
  using S = mlkem::detail::Streaming<K::params>;
  const mlkem::Kernels& kern = mlkem::kernels();
  constexpr std::size_t kDkPke = K::params.dk_pke_bytes();
  auto out = std::make_unique<std::array<u8, K::ek_bytes + kDkPke + 32 + K::ct_bytes + 32>>();
  u8* const ek = out->data();
  u8* const dk_pke = ek + K::ek_bytes;
  u8* const h = dk_pke + kDkPke;
  u8* const c = h + 32;
  u8* const k = c + K::ct_bytes;
  auto secrets = [&] { return f.secrets; };
  auto equal = [](const u8* a, std::span<const u8> b) { return std::equal(b.begin(), b.end(), a); };
  bool ok = false;
  expect_no_residue(current_case("streaming keygen"), [&] {
    S::keygen(f.d.data(), ek, dk_pke, h, kern);
    ok = equal(ek, f.kp->public_key.bytes()) && equal(dk_pke, std::span<const u8>(f.dk.data(), kDkPke));
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("streaming encaps"), [&] {
    S::encaps(ek, h, f.m.data(), c, k, kern);
    ok = equal(c, f.ct) && equal(k, f.secrets[4].bytes);
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("streaming decaps (valid c)"), [&] {
    S::decaps(dk_pke, ek, h, f.z.data(), f.ct.data(), k, kern);
    ok = equal(k, f.secrets[4].bytes);
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("streaming decaps (invalid c)"), [&] {
    S::decaps(dk_pke, ek, h, f.z.data(), f.bad_ct.data(), k, kern);
    ok = equal(k, f.secrets[7].bytes);
  }, secrets);
  EXPECT_TRUE(ok);
}

// The kernels that touch secrets, each alone, on the secrets of ML-KEM-768 (inputs and
// outputs on the heap): ByteEncode_12 / ByteDecode_12 of s_hat (the old pack16 buffer), the
// NTTs and the base multiplication of secret polynomials, CBD sampling, and the message
// (de)compression.
void kernel_stack() {
  using K = MlKem768;
  auto& f = fixture<K>();
  const mlkem::Kernels& kern = mlkem::kernels();
  using Poly = std::array<std::int16_t, 256>;
  const Bytes dk_pke(f.dk.begin(), f.dk.begin() + K::params.dk_pke_bytes());
  const Secret& s_hat = f.secrets[9];
  const Secret& words = f.secrets[10];
  auto polys = std::make_unique<std::array<Poly, 3>>();
  std::memcpy(polys->data(), s_hat.bytes.data(), sizeof(*polys));
  auto enc = std::make_unique<std::array<u8, 3 * 384>>();
  expect_no_residue(current_case("kernel byte_encode12 (s_hat)"), [&] {
    for (int i = 0; i < 3; ++i) kern.byte_encode12(enc->data() + 384 * i, (*polys)[i].data());
  }, [&] { return std::vector<Secret>{{"dk_pke", dk_pke}, s_hat, words}; });
  EXPECT_EQ(Bytes(enc->begin(), enc->end()), dk_pke);
  auto dec = std::make_unique<std::array<Poly, 3>>();
  expect_no_residue(current_case("kernel byte_decode12 (dk_pke)"), [&] {
    for (int i = 0; i < 3; ++i) kern.byte_decode12((*dec)[i].data(), dk_pke.data() + 384 * i);
  }, [&] { return std::vector<Secret>{{"dk_pke", dk_pke}, s_hat, words}; });
  EXPECT_EQ(0, std::memcmp(dec->data(), polys->data(), sizeof(*dec)));
  // A small secret polynomial (as s, e), its NTT, the inverse NTT of a product.
  const Bytes prf = test_bytes(192, 0x4B20);
  auto s = std::make_unique<Poly>();
  auto s_ntt = std::make_unique<Poly>();
  auto prod = std::make_unique<Poly>();
  auto cache = std::make_unique<std::array<std::int16_t, 3 * 128>>();
  Bytes s_before, ntt_after;
  expect_no_residue(current_case("kernel cbd2, cbd3"), [&] {
    kern.cbd3(s->data(), prf.data());
    kern.cbd2(s->data(), prf.data());
  }, [&] { return std::vector<Secret>{{"PRF output", prf}, {"CBD samples", bytes_of_words<std::int16_t>(*s), 2, 32}}; });
  s_before = bytes_of_words<std::int16_t>(*s);
  *s_ntt = *s;
  expect_no_residue(current_case("kernel ntt"), [&] {
    kern.ntt(s_ntt->data());
    kern.reduce(s_ntt->data());
  }, [&] {
    ntt_after = bytes_of_words<std::int16_t>(*s_ntt);
    return std::vector<Secret>{{"s", s_before, 2, 32}, {"NTT(s)", ntt_after, 2}};
  });
  expect_no_residue(current_case("kernel mulcache, basemul_acc, invntt"), [&] {
    for (int i = 0; i < 3; ++i) kern.mulcache(cache->data() + 128 * i, (*polys)[i].data());
    kern.basemul_acc(prod->data(), &(*polys)[0][0], &(*polys)[0][0], cache->data(), 3);
    kern.invntt(prod->data());
  }, [&] {
    return std::vector<Secret>{s_hat, {"cache of s_hat", bytes_of_words<std::int16_t>(*cache), 2},
                               {"s_hat . s_hat", bytes_of_words<std::int16_t>(*prod), 2}};
  });
  auto m = std::make_unique<Poly>();
  auto m2 = std::make_unique<std::array<u8, 32>>();
  expect_no_residue(current_case("kernel decompress_d1, compress_d1"), [&] {
    kern.decompress_d1(m->data(), f.m.data());
    kern.compress_d1(m2->data(), m->data());
  }, [&] { return std::vector<Secret>{{"m", bytes_of(f.m)}}; });  // (Decompress_1(m): 1 bit an entry, too little to look for)
  EXPECT_EQ(*m2, f.m);

  // Each kernel on two different secrets in the same buffers: nothing it leaves on the stack
  // may differ (whatever the representation: a spilled butterfly, a broadcast, a partial sum).
  auto other = std::make_unique<std::array<Poly, 3>>();
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 256; ++j) (*other)[i][j] = static_cast<std::int16_t>(((*polys)[i][j] * 17 + 1000) % 3329);
  auto x = std::make_unique<std::array<Poly, 3>>();
  auto bytes = std::make_unique<std::array<u8, 3 * 384>>();
  auto set_polys = [&](const std::array<Poly, 3>& v) {
    *x = v;
    for (int i = 0; i < 3; ++i) kern.byte_encode12(bytes->data() + 384 * i, v[i].data());
    prod->fill(0);
    enc->fill(0);
    dec->fill(Poly{});
  };
  auto diff = [&](const char* what, auto op) {
    expect_no_secret_dependent_residue(current_case(what), [&] { set_polys(*polys); }, [&] { set_polys(*other); }, op);
  };
  diff("kernel byte_encode12", [&] {
    for (int i = 0; i < 3; ++i) kern.byte_encode12(enc->data() + 384 * i, (*x)[i].data());
  });
  diff("kernel byte_decode12", [&] {
    for (int i = 0; i < 3; ++i) kern.byte_decode12((*dec)[i].data(), bytes->data() + 384 * i);
  });
  diff("kernel ntt, reduce", [&] {
    for (int i = 0; i < 3; ++i) kern.ntt((*x)[i].data()), kern.reduce((*x)[i].data());
  });
  diff("kernel invntt, tomont", [&] {
    for (int i = 0; i < 3; ++i) kern.invntt((*x)[i].data()), kern.tomont((*x)[i].data());
  });
  diff("kernel mulcache, basemul_acc", [&] {
    for (int i = 0; i < 3; ++i) kern.mulcache(cache->data() + 128 * i, (*x)[i].data());
    kern.basemul_acc(prod->data(), &(*x)[0][0], &(*x)[0][0], cache->data(), 3);
  });
  diff("kernel cbd2, cbd3", [&] {
    kern.cbd2((*x)[0].data(), bytes->data());
    kern.cbd3((*x)[1].data(), bytes->data() + 128);
  });
  diff("kernel compress_d1, decompress_d1", [&] {
    kern.compress_d1(m2->data(), (*x)[0].data());
    kern.decompress_d1((*x)[1].data(), m2->data());
  });
}

const Case kObjects[] = {{"ML-KEM-512", objects<MlKem512>}, {"ML-KEM-768", objects<MlKem768>}, {"ML-KEM-1024", objects<MlKem1024>}};
const Case kStack[] = {{"ML-KEM-512", stack<MlKem512>}, {"ML-KEM-768", stack<MlKem768>}, {"ML-KEM-1024", stack<MlKem1024>},
                       {"ML-KEM-512 streaming", streaming_stack<MlKem512>},
                       {"ML-KEM-768 streaming", streaming_stack<MlKem768>},
                       {"ML-KEM-1024 streaming", streaming_stack<MlKem1024>}};
TESSERA_ZEROIZE_OBJECTS(MlKem, kObjects);
TESSERA_ZEROIZE_STACK(MlKem, kStack);
const Case kKernels[] = {{"ML-KEM kernels", kernel_stack}};
TESSERA_ZEROIZE_STACK(MlKemKernels, kKernels);

}  // namespace
}  // namespace tessera::zeroize
