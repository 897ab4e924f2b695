// Zeroization tests.
//  1. Key objects: SecretArray, ML-KEM key pairs / encapsulations / expanded keys and ML-DSA
//     private keys are built in a raw buffer, destroyed, and the buffer must no longer hold
//     the secret (a moved-from object is wiped too).
//  2. Stack residue: an operation runs on a thread whose stack is a buffer we own
//     (pthread_attr_setstack), pre-filled with a pattern. After the thread ends, the buffer
//     must not contain the secret inputs or known secret intermediates (sigma, r, K, K_bar,
//     rho', K of ML-DSA, rho'', the encoded private key), searched as any 16-byte window.
// Every case runs once per backend (SIMD kernels spill vector registers differently).
#include <tessera/backend.hpp>
#include <tessera/mldsa.hpp>
#include <tessera/mlkem.hpp>
#include <tessera/secret.hpp>
#include <tessera/sha3.hpp>

#include "support/backends.hpp"

#include <gtest/gtest.h>
#include <pthread.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <vector>

namespace {

using tessera::MlDsa65;
using tessera::mlkem::MlKem768;
using u8 = std::uint8_t;
using Bytes = std::vector<u8>;

constexpr std::size_t kWindow = 16;  // a secret counts as found if any 16 bytes of it are

// A named secret value to look for.
struct Secret {
  std::string name;
  Bytes bytes;
};

// Returns the names of the secrets of which some kWindow-byte window occurs in region.
std::vector<std::string> find_secrets(std::span<const u8> region, const std::vector<Secret>& secrets) {
  std::vector<std::string> found;
  for (const Secret& s : secrets) {
    for (std::size_t off = 0; off + kWindow <= s.bytes.size(); off += kWindow / 2) {
      const auto* b = s.bytes.data() + off;
      if (std::search(region.begin(), region.end(), b, b + kWindow) != region.end()) {
        found.push_back(s.name + " (bytes " + std::to_string(off) + "..)");
        break;
      }
    }
  }
  return found;
}

Bytes bytes_of(std::span<const u8> s) { return Bytes(s.begin(), s.end()); }

// Residue found by this test and reported, not yet fixed in the library. Each entry is
// printed as KNOWN RESIDUE when seen (and fails the test with TESSERA_ZEROIZE_STRICT=1);
// remove it once the fix lands. Entries are the names find_secrets reports, e.g.
// "rho'' (bytes 48..)": found before b5b3a48 in ML-DSA-65/87 signing (g++, portable and
// avx2), where run_xofs (src/mldsa/sampling.cpp) kept the last 16 bytes of an inlined
// memcpy of rho'' in xmm6 and GCC spilled it to an anonymous stack slot across the
// KeccakSponge constructor call; no object covers such a slot, so no secure_zero can.
const std::vector<std::string> kKnownResidue = {};

std::vector<std::string> without_known_residue(const std::vector<std::string>& found) {
  const char* strict = std::getenv("TESSERA_ZEROIZE_STRICT");
  if (strict != nullptr && std::string(strict) == "1") return found;
  std::vector<std::string> rest;
  for (const auto& f : found) {
    if (std::find(kKnownResidue.begin(), kKnownResidue.end(), f) != kKnownResidue.end()) {
      std::printf("KNOWN RESIDUE (reported, not yet fixed): %s\n", f.c_str());
      ::testing::Test::RecordProperty("known_residue", f);
    } else {
      rest.push_back(f);
    }
  }
  return rest;
}

// ---- 1. Key objects are wiped on destruction ----

// Constructs T in a raw buffer from make(), destroys it, and returns the buffer.
template <class T, class Make>
std::vector<u8> destroyed_bytes(Make make) {
  alignas(T) static u8 storage[sizeof(T)];
  std::memset(storage, 0xCC, sizeof storage);
  T* obj = ::new (storage) T(make());
  std::launder(obj)->~T();
  return std::vector<u8>(storage, storage + sizeof storage);
}

TEST(Zeroize, SecretArrayWipedOnDestructionAndMove) {
  std::array<u8, 64> secret;
  for (std::size_t i = 0; i < secret.size(); ++i) secret[i] = static_cast<u8>(0x80 | i);
  const auto after = destroyed_bytes<tessera::SecretArray<64>>([&] { return tessera::SecretArray<64>(secret); });
  EXPECT_TRUE(std::all_of(after.begin(), after.end(), [](u8 b) { return b == 0; }));

  tessera::SecretArray<64> a(secret);
  tessera::SecretArray<64> b(std::move(a));
  EXPECT_TRUE(std::all_of(a.data(), a.data() + 64, [](u8 x) { return x == 0; })) << "moved-from not wiped";
  EXPECT_EQ(0, std::memcmp(b.data(), secret.data(), 64));
  tessera::SecretArray<64> c;
  c = std::move(b);
  EXPECT_TRUE(std::all_of(b.data(), b.data() + 64, [](u8 x) { return x == 0; })) << "moved-from not wiped";
  c.wipe();
  EXPECT_TRUE(std::all_of(c.data(), c.data() + 64, [](u8 x) { return x == 0; }));
}

TEST(Zeroize, MlKemKeyObjectsWipedOnDestruction) {
  std::array<u8, 32> d, z, m;
  d.fill(0x11), z.fill(0x22), m.fill(0x33);
  auto kp = MlKem768::keygen_internal(d, z);
  ASSERT_TRUE(kp);
  auto enc = MlKem768::encaps_internal(kp->public_key, m);
  ASSERT_TRUE(enc);
  const auto dk = kp->private_key.bytes();
  const std::vector<Secret> secrets = {
      {"d", bytes_of(d)}, {"z", bytes_of(z)}, {"K", bytes_of(enc->shared_secret.span())},
      {"dk_pke", bytes_of(dk.span().first(MlKem768::params.dk_pke_bytes()))}};

  const auto kp_bytes = destroyed_bytes<MlKem768::KeyPair>([&] {
    auto r = MlKem768::keygen_internal(d, z);
    return std::move(*r);
  });
  EXPECT_EQ(find_secrets(kp_bytes, secrets), std::vector<std::string>{}) << "KeyPair";
  const auto enc_bytes = destroyed_bytes<MlKem768::Encapsulation>(
      [&] { return MlKem768::Encapsulation{enc->ciphertext, enc->shared_secret.clone()}; });
  EXPECT_EQ(find_secrets(enc_bytes, secrets), std::vector<std::string>{}) << "Encapsulation";
  for (bool from_seed : {true, false}) {
    const auto dk_bytes = destroyed_bytes<MlKem768::DecapsulationKey>([&] {
      auto r = from_seed ? kp->private_key.clone() : std::move(*MlKem768::DecapsulationKey::from_bytes(dk.span()));
      return r;
    });
    EXPECT_EQ(find_secrets(dk_bytes, secrets), std::vector<std::string>{}) << "DecapsulationKey " << from_seed;
  }
  // A moved-from key holds no secret either.
  alignas(MlKem768::DecapsulationKey) static u8 storage[sizeof(MlKem768::DecapsulationKey)];
  auto* moved = ::new (storage) MlKem768::DecapsulationKey(kp->private_key.clone());
  MlKem768::DecapsulationKey taken(std::move(*moved));
  EXPECT_EQ(find_secrets(storage, secrets), std::vector<std::string>{}) << "moved-from DecapsulationKey";
  moved->~DecapsulationKey();
  // Result<T> holding a key: destroying the Result wipes it as well.
  const auto res_bytes = destroyed_bytes<tessera::Result<tessera::mlkem::SharedSecret>>(
      [&] { return tessera::Result<tessera::mlkem::SharedSecret>(enc->shared_secret.clone()); });
  EXPECT_EQ(find_secrets(res_bytes, secrets), std::vector<std::string>{}) << "Result<SharedSecret>";
}

TEST(Zeroize, MlDsaPrivateKeyWipedOnDestruction) {
  std::array<u8, 32> xi;
  xi.fill(0x44);
  auto kp = MlDsa65::keygen_internal(xi);
  ASSERT_TRUE(kp);
  const auto sk_bytes = kp->private_key.bytes();
  const std::span<const u8> sk = sk_bytes.span();
  const std::vector<Secret> secrets = {{"xi", bytes_of(xi)},
                                       {"K", bytes_of(sk.subspan(32, 32))},
                                       {"s1||s2||t0", bytes_of(sk.subspan(128))}};
  const auto key_bytes = destroyed_bytes<MlDsa65::PrivateKey>([&] {
    auto r = MlDsa65::PrivateKey::from_seed(xi);
    return std::move(*r);
  });
  EXPECT_EQ(find_secrets(key_bytes, secrets), std::vector<std::string>{}) << "PrivateKey";
  const auto pair_bytes = destroyed_bytes<MlDsa65::KeyPair>([&] {
    auto r = MlDsa65::keygen_internal(xi);
    return std::move(*r);
  });
  EXPECT_EQ(find_secrets(pair_bytes, secrets), std::vector<std::string>{}) << "KeyPair";
}

// ---- 2. Stack residue ----

constexpr std::size_t kStackBytes = 1 << 20;  // 1 MiB: ML-DSA-65 signing needs < 100 KiB
constexpr u8 kFill = 0xA5;

// Runs fn on a thread whose whole stack is a buffer pre-filled with kFill, and returns a
// copy of that buffer after the thread has ended.
template <class Fn>
std::vector<u8> run_on_owned_stack(Fn fn) {
  // The region is heap memory (page aligned); glibc also keeps the thread's TLS and control
  // block at its top, so those are scanned too.
  static_assert(kStackBytes % 4096 == 0);
  void* mem = nullptr;
  EXPECT_EQ(0, posix_memalign(&mem, 4096, kStackBytes));
  std::unique_ptr<void, decltype(&std::free)> hold(mem, &std::free);
  std::memset(mem, kFill, kStackBytes);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  EXPECT_EQ(0, pthread_attr_setstack(&attr, mem, kStackBytes));
  struct Ctx {
    Fn* fn;
  } ctx{&fn};
  pthread_t t;
  const int rc = pthread_create(&t, &attr, [](void* p) -> void* {
    (*static_cast<Ctx*>(p)->fn)();
    return nullptr;
  }, &ctx);
  pthread_attr_destroy(&attr);
  EXPECT_EQ(rc, 0);
  if (rc == 0) pthread_join(t, nullptr);
  const auto* b = static_cast<const u8*>(mem);
  return std::vector<u8>(b, b + kStackBytes);
}

// Stack scans are meaningless under AddressSanitizer: its instrumentation changes frame
// layout (redzones around address-taken locals, optional fake stacks) and intercepts memcpy.
#if defined(__SANITIZE_ADDRESS__)
#define TESSERA_ZEROIZE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TESSERA_ZEROIZE_ASAN 1
#endif
#endif
#ifdef TESSERA_ZEROIZE_ASAN
#define SKIP_STACK_SCAN_UNDER_ASAN() GTEST_SKIP() << "stack scan not meaningful under AddressSanitizer"
#else
#define SKIP_STACK_SCAN_UNDER_ASAN() static_cast<void>(0)
#endif

// How much of the region the operation used (bytes no longer equal to the fill pattern),
// to show the scan covered the operation's frames.
std::size_t used_bytes(const std::vector<u8>& region) {
  return static_cast<std::size_t>(std::count_if(region.begin(), region.end(), [](u8 b) { return b != kFill; }));
}

using ZeroizeStack = tessera::test::PerBackend;

TEST_P(ZeroizeStack, MlKemLeavesNoSecretsOnTheStack) {
  SKIP_STACK_SCAN_UNDER_ASAN();
  std::array<u8, 32> d, z, m;
  for (int i = 0; i < 32; ++i) d[i] = static_cast<u8>(0x10 + i), z[i] = static_cast<u8>(0x50 + i), m[i] = static_cast<u8>(0x90 + i);
  // Known secret intermediates, computed here with the public hash functions.
  // K-PKE.KeyGen: (rho, sigma) = G(d || k); Encaps: (K, r) = G(m || H(ek)); Decaps: K_bar = J(z || c).
  auto kp = MlKem768::keygen_internal(d, z);
  ASSERT_TRUE(kp);
  std::array<u8, 33> g_in{};
  std::copy(d.begin(), d.end(), g_in.begin());
  g_in[32] = 3;
  std::array<u8, 64> rho_sigma;
  tessera::sha3_512(g_in, rho_sigma);
  std::array<u8, 64> m_h{};
  std::copy(m.begin(), m.end(), m_h.begin());
  tessera::sha3_256(kp->public_key.bytes(), std::span<u8, 32>(m_h.data() + 32, 32));
  std::array<u8, 64> k_r;
  tessera::sha3_512(m_h, k_r);
  const auto dk = kp->private_key.bytes();

  // The operations, on the owned stack; only public outputs leave it.
  std::array<u8, MlKem768::ct_bytes> ct{}, bad_ct{};
  bool ok = false;
  std::array<u8, 32> k_bar{};
  const auto region = run_on_owned_stack([&] {
    auto kp2 = MlKem768::keygen_internal(d, z);
    auto enc = MlKem768::encaps_internal(kp2->public_key, m);
    ct = enc->ciphertext;
    bad_ct = ct;
    bad_ct[5] ^= 1;
    auto k = MlKem768::decapsulate(kp2->private_key, ct);
    auto k_rej = MlKem768::decapsulate(kp2->private_key, bad_ct);
    auto dk2 = MlKem768::DecapsulationKey::from_bytes(kp2->private_key.bytes().span());
    auto k3 = MlKem768::decapsulate(*dk2, ct);
    ok = k && k3 && std::memcmp(k->data(), enc->shared_secret.data(), 32) == 0 &&
         std::memcmp(k3->data(), enc->shared_secret.data(), 32) == 0;
    std::memcpy(k_bar.data(), k_rej->data(), 32);  // secret in real use; here a test value
  });
  ASSERT_TRUE(ok);
  const std::vector<Secret> secrets = {
      {"d", bytes_of(d)},
      {"z", bytes_of(z)},
      {"m", bytes_of(m)},
      {"sigma", Bytes(rho_sigma.begin() + 32, rho_sigma.end())},
      {"K", Bytes(k_r.begin(), k_r.begin() + 32)},
      {"r", Bytes(k_r.begin() + 32, k_r.end())},
      {"K_bar", bytes_of(k_bar)},
      {"dk_pke (encoded s_hat)", bytes_of(dk.span().first(MlKem768::params.dk_pke_bytes()))},
  };
  EXPECT_GT(used_bytes(region), 4096u) << "the operation did not run on the owned stack";
  EXPECT_EQ(without_known_residue(find_secrets(region, secrets)), std::vector<std::string>{});
}

TEST_P(ZeroizeStack, MlDsaLeavesNoSecretsOnTheStack) {
  SKIP_STACK_SCAN_UNDER_ASAN();
  std::array<u8, 32> xi, rnd;
  for (int i = 0; i < 32; ++i) xi[i] = static_cast<u8>(0x20 + i), rnd[i] = static_cast<u8>(0x60 + i);
  const u8 msg[] = {'z', 'e', 'r', 'o'};
  // KeyGen: (rho, rho', K) = H(xi || k || l, 128); Sign: rho'' = H(K || rnd || mu, 64).
  std::array<u8, 34> h_in{};
  std::copy(xi.begin(), xi.end(), h_in.begin());
  h_in[32] = 6, h_in[33] = 5;
  std::array<u8, 128> seeds;
  tessera::shake256(h_in, seeds);
  auto kp = MlDsa65::keygen_internal(xi);
  ASSERT_TRUE(kp);
  auto b = MlDsa65::mu_builder(kp->public_key);
  ASSERT_TRUE(b);
  b->update(msg);
  const auto mu = b->final();
  std::vector<u8> pp_in(seeds.begin() + 96, seeds.end());
  pp_in.insert(pp_in.end(), rnd.begin(), rnd.end());
  pp_in.insert(pp_in.end(), mu.begin(), mu.end());
  std::array<u8, 64> rho_pp;
  tessera::shake256(pp_in, rho_pp);
  const auto sk_bytes = kp->private_key.bytes();
  const std::span<const u8> sk = sk_bytes.span();

  bool ok = false;
  const auto region = run_on_owned_stack([&] {
    auto kp2 = MlDsa65::keygen_internal(xi);
    auto sig = MlDsa65::sign_mu(kp2->private_key, mu, tessera::mldsa::Signing::hedged);
    auto sig2 = MlDsa65::sign_internal_mu(kp2->private_key, mu, rnd);
    ok = sig && sig2 && MlDsa65::verify_mu(kp2->public_key, mu, *sig2);
  });
  ASSERT_TRUE(ok);
  const std::vector<Secret> secrets = {
      {"xi", bytes_of(xi)},
      {"rnd", bytes_of(rnd)},
      {"rho'", Bytes(seeds.begin() + 32, seeds.begin() + 96)},
      {"K", Bytes(seeds.begin() + 96, seeds.end())},
      {"rho''", bytes_of(rho_pp)},
      {"s1||s2 (encoded)", bytes_of(sk.subspan(128, 32 * 4 * (5 + 6)))},
      {"t0 (encoded)", bytes_of(sk.subspan(128 + 32 * 4 * (5 + 6)))},
  };
  EXPECT_GT(used_bytes(region), 4096u) << "the operation did not run on the owned stack";
  EXPECT_EQ(without_known_residue(find_secrets(region, secrets)), std::vector<std::string>{});
}

// The scan itself can fail: a function that leaves its secret on the stack is caught.
[[gnu::noinline]] void leave_secret_on_stack(const u8* secret) {
  u8 copy[64];
  std::memcpy(copy, secret, sizeof copy);
  __asm__ volatile("" : : "r"(copy) : "memory");  // the copy must exist in memory
}

TEST(Zeroize, StackScanDetectsALeftoverSecret) {
  SKIP_STACK_SCAN_UNDER_ASAN();
  std::array<u8, 64> secret;
  for (int i = 0; i < 64; ++i) secret[i] = static_cast<u8>(0xC0 ^ (i * 5));
  const auto region = run_on_owned_stack([&] { leave_secret_on_stack(secret.data()); });
  EXPECT_EQ(find_secrets(region, {{"secret", bytes_of(secret)}}), std::vector<std::string>{"secret (bytes 0..)"});
}

TESSERA_INSTANTIATE_PER_BACKEND(ZeroizeStack);

}  // namespace
