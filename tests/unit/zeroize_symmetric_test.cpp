// Zeroization of the symmetric primitives (see zeroize_test.cpp): AES-GCM (128 and 256),
// ChaCha20-Poly1305, ChaCha20 and Poly1305. Keyed objects (AesGcm, Aes) leave nothing that
// depends on the key when destroyed; seal, open (and a failed open) leave no key, round key,
// GHASH key, plaintext, key stream or one-time key on the stack.
#include "zeroize_support.hpp"

#include <tessera/aead.hpp>
#include <tessera/aes.hpp>

#include <gtest/gtest.h>

namespace tessera::zeroize {
namespace {

// The plaintext: 1007 bytes, so that the 8-block loops and a partial block both run.
constexpr std::size_t kTextBytes = 1007;

// Checks that destroying a keyed object leaves the same bytes whatever the key (so nothing
// derived from it), and that the live objects do differ (the check is not vacuous).
template <class T, class SetKey>
void expect_key_independent_after_destruction(const char* what, SetKey set_key) {
  RawStorage<T> a, b;
  T* ta = ::new (a.get()) T();
  T* tb = ::new (b.get()) T();
  set_key(*ta, 1);
  set_key(*tb, 2);
  EXPECT_NE(a.bytes(), b.bytes()) << what << ": the keys should give different objects";
  ta->~T();
  tb->~T();
  EXPECT_EQ(a.bytes(), b.bytes()) << what << ": key-dependent bytes left after destruction";
}

// ---- AES-GCM ----

struct GcmFixture {
  Bytes key, nonce = test_bytes(12, 0x6C01), aad = test_bytes(37, 0x6C02), pt;
  Bytes ct = Bytes(kTextBytes), tag = Bytes(16);
  std::vector<Secret> secrets;

  explicit GcmFixture(std::size_t key_bytes) : key(test_bytes(key_bytes, 0x6C00 + key_bytes)), pt(test_bytes(kTextBytes, 0x6C03)) {
    EXPECT_TRUE(aes_gcm_seal(key, nonce, aad, pt, ct, tag));
    Aes aes;
    EXPECT_TRUE(aes.set_key(key));
    Bytes h(16), j0 = nonce, ek_j0(16);
    j0.insert(j0.end(), {0, 0, 0, 1});
    EXPECT_TRUE(aes.encrypt_blocks(h, h));  // H = CIPH_K(0^128)
    EXPECT_TRUE(aes.encrypt_blocks(j0, ek_j0));
    // The pclmul kernels' form of H: byte-reversed, times z^-1 (aes_x86.hpp).
    Bytes h_rev(h.rbegin(), h.rend());
    std::uint64_t lo, hi;
    std::memcpy(&lo, h_rev.data(), 8);
    std::memcpy(&hi, h_rev.data() + 8, 8);
    const bool top = hi >> 63;
    std::uint64_t nlo = lo << 1, nhi = hi << 1 | lo >> 63;
    if (top) nlo ^= 1, nhi ^= 0xC200000000000000ull;
    Bytes hz(16);
    std::memcpy(hz.data(), &nlo, 8);
    std::memcpy(hz.data() + 8, &nhi, 8);
    secrets = {
        {"key", key},
        {"round keys", aes_round_keys(key)},
        {"H", h},
        {"H (byte-reversed)", h_rev},
        {"H z^-1 (pclmul form)", hz},
        {"E_K(J0)", ek_j0},
        {"GHASH S (tag ^ E_K(J0))", xor_of(tag, ek_j0)},
        {"plaintext", pt},
        {"key stream (pt ^ ct)", xor_of(pt, ct)},
    };
  }
};

template <std::size_t KeyBytes>
GcmFixture& gcm_fixture() {
  static GcmFixture f(KeyBytes);
  return f;
}

template <std::size_t KeyBytes>
void gcm_objects() {
  expect_key_independent_after_destruction<AesGcm>("AesGcm", [](AesGcm& g, int seed) {
    EXPECT_TRUE(g.set_key(test_bytes(KeyBytes, static_cast<std::uint64_t>(seed))));
  });
  expect_key_independent_after_destruction<Aes>("Aes", [](Aes& a, int seed) {
    EXPECT_TRUE(a.set_key(test_bytes(KeyBytes, static_cast<std::uint64_t>(seed))));
  });
  // clear() wipes as well.
  auto& f = gcm_fixture<KeyBytes>();
  AesGcm g;
  ASSERT_TRUE(g.set_key(f.key));
  g.clear();
  EXPECT_EQ(find_secrets(std::span(reinterpret_cast<const u8*>(&g), sizeof g), f.secrets), std::vector<std::string>{});
}

// The key context of the active backend's kernels, in whatever form they keep it (AES-NI
// round keys and the GHASH key powers, or bitsliced round keys and 4-bit tables): the bytes
// of a keyed AesGcm and of a keyed Aes.
// (Only the first key_bytes of the object: its key storage, not the pointer and the
// lengths after it.)
template <class T, std::size_t KeyStorageBytes>
Bytes keyed_object_bytes(std::span<const u8> key) {
  static_assert(KeyStorageBytes <= sizeof(T));
  RawStorage<T> storage;
  T* obj = ::new (storage.get()) T();
  EXPECT_TRUE(obj->set_key(key));
  Bytes b = storage.bytes();
  obj->~T();
  b.resize(KeyStorageBytes);
  return b;
}
constexpr std::size_t kAesGcmKeyStorage = 2304, kAesKeyStorage = 1280;  // AesGcm::storage_, Aes::schedule_

template <std::size_t KeyBytes>
void gcm_stack() {
  auto& f = gcm_fixture<KeyBytes>();
  auto secrets = [&] {
    auto s = f.secrets;
    s.push_back({"AesGcm key context (this backend's)", keyed_object_bytes<AesGcm, kAesGcmKeyStorage>(f.key), 1, kWindow, 4});
    s.push_back({"Aes key schedule (this backend's)", keyed_object_bytes<Aes, kAesKeyStorage>(f.key), 1, kWindow, 4});
    return s;
  };
  Bytes out(kTextBytes), out_tag(16);
  bool ok = false;
  expect_no_residue(current_case("aes_gcm_seal"), [&] {
    ok = aes_gcm_seal(f.key, f.nonce, f.aad, f.pt, out, out_tag) && out == f.ct && out_tag == f.tag;
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("aes_gcm_open"), [&] { ok = aes_gcm_open(f.key, f.nonce, f.aad, f.ct, f.tag, out) && out == f.pt; },
                    secrets);
  EXPECT_TRUE(ok);
  Bytes bad_tag = f.tag;
  bad_tag[3] ^= 0x10;
  expect_no_residue(current_case("aes_gcm_open (failed)"), [&] {
    auto r = aes_gcm_open(f.key, f.nonce, f.aad, f.ct, bad_tag, out);
    ok = !r && r.error() == Error::authentication_failed;
  }, secrets);
  EXPECT_TRUE(ok);
  EXPECT_EQ(out, Bytes(kTextBytes, 0)) << "the plaintext of a failed open is zeroed";
  expect_no_residue(current_case("AesGcm seal/open/gmac, in place"), [&] {
    AesGcm g;
    Bytes buf = f.pt;  // on the heap: the plaintext is the caller's
    ok = g.set_key(f.key) && g.seal(f.nonce, f.aad, buf, buf, out_tag) && buf == f.ct && g.open(f.nonce, f.aad, buf, out_tag, buf) &&
         buf == f.pt && g.gmac(f.nonce, f.aad, out_tag);
  }, secrets);
  EXPECT_TRUE(ok);
}

// ---- ChaCha20-Poly1305 ----

struct ChaChaFixture {
  Bytes key = test_bytes(32, 0xCC01), nonce = test_bytes(12, 0xCC02), aad = test_bytes(29, 0xCC03),
        pt = test_bytes(kTextBytes, 0xCC04);
  Bytes ct = Bytes(kTextBytes), tag = Bytes(16), otk_msg = test_bytes(333, 0xCC05);
  std::vector<Secret> secrets;

  ChaChaFixture() {
    EXPECT_TRUE(chacha20_poly1305_seal(key, nonce, aad, pt, ct, tag));
    // Block 0 of the key stream: the Poly1305 one-time key (r || s) is its first half.
    Bytes block0(64, 0);
    EXPECT_TRUE(chacha20_xor(key, nonce, 0, block0, block0));
    const Bytes otk(block0.begin(), block0.begin() + 32);
    // r clamped (RFC 8439, Section 2.5.1), in the radix-2^44 limbs of poly1305.cpp, and
    // 20 r1, 20 r2 of its reduction.
    std::uint64_t t0, t1;
    std::memcpy(&t0, otk.data(), 8);
    std::memcpy(&t1, otk.data() + 8, 8);
    t0 &= 0x0FFFFFFC0FFFFFFFull;
    t1 &= 0x0FFFFFFC0FFFFFFCull;
    const std::uint64_t m44 = (std::uint64_t{1} << 44) - 1;
    const std::uint64_t limbs[3] = {t0 & m44, ((t0 >> 44) | (t1 << 20)) & m44, t1 >> 24};
    const std::uint64_t twenty[2] = {20 * limbs[1], 20 * limbs[2]};
    const std::uint64_t clamped[2] = {t0, t1};
    // Each 32-bit key word in all four lanes of a vector, as the SIMD kernels hold the state
    // (state word i of every block in one register; chacha20_neon.cpp, chacha20_avx2.cpp): a
    // spilled key word is such a 16-byte broadcast, not a run of the key's bytes.
    Bytes key_broadcast;
    for (std::size_t w = 0; w < 8; ++w) {
      for (int lane = 0; lane < 4; ++lane) key_broadcast.insert(key_broadcast.end(), key.begin() + 4 * w, key.begin() + 4 * w + 4);
    }
    secrets = {
        {"key", key},
        {"key block (block 0)", block0},
        {"Poly1305 one-time key r || s", otk},
        {"Poly1305 r (clamped)", bytes_of_words<std::uint64_t>(clamped)},
        {"Poly1305 r (44-bit limbs)", bytes_of_words<std::uint64_t>(limbs), 8},
        {"Poly1305 20 r1, 20 r2", bytes_of_words<std::uint64_t>(twenty), 8},
        {"plaintext", pt},
        {"key stream (pt ^ ct)", xor_of(pt, ct)},
        {"message under the one-time key", otk_msg},
        {"key words broadcast to 4 lanes", key_broadcast, 16},  // last: chacha_stack uses secrets[2]
    };
  }
};

ChaChaFixture& chacha_fixture() {
  static ChaChaFixture f;
  return f;
}

void chacha_stack() {
  auto& f = chacha_fixture();
  auto secrets = [&] { return f.secrets; };
  Bytes out(kTextBytes), out_tag(16);
  bool ok = false;
  expect_no_residue(current_case("chacha20_poly1305_seal"), [&] {
    ok = chacha20_poly1305_seal(f.key, f.nonce, f.aad, f.pt, out, out_tag) && out == f.ct && out_tag == f.tag;
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("chacha20_poly1305_open"), [&] {
    ok = chacha20_poly1305_open(f.key, f.nonce, f.aad, f.ct, f.tag, out) && out == f.pt;
  }, secrets);
  EXPECT_TRUE(ok);
  Bytes bad_tag = f.tag;
  bad_tag[15] ^= 0x80;
  expect_no_residue(current_case("chacha20_poly1305_open (failed)"), [&] {
    auto r = chacha20_poly1305_open(f.key, f.nonce, f.aad, f.ct, bad_tag, out);
    ok = !r && r.error() == Error::authentication_failed;
  }, secrets);
  EXPECT_TRUE(ok);
  EXPECT_EQ(out, Bytes(kTextBytes, 0)) << "the plaintext of a failed open is zeroed";
  expect_no_residue(current_case("chacha20_poly1305 in place"), [&] {
    Bytes buf = f.pt;
    ok = chacha20_poly1305_seal(f.key, f.nonce, f.aad, buf, buf, out_tag) && buf == f.ct &&
         chacha20_poly1305_open(f.key, f.nonce, f.aad, buf, out_tag, buf) && buf == f.pt;
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("chacha20_xor"), [&] {
    ok = chacha20_xor(f.key, f.nonce, 1, f.pt, out) && out == f.ct;
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("poly1305_mac"), [&] {
    const Bytes otk(f.secrets[2].bytes);
    ok = poly1305_mac(otk, f.otk_msg, out_tag).has_value();
  }, secrets);
  EXPECT_TRUE(ok);
}

void aes_stack() {
  auto& f = gcm_fixture<32>();
  Bytes out(300);
  bool ok = false;
  expect_no_residue(current_case("Aes encrypt_blocks, ctr32_xor"), [&] {
    Aes aes;
    std::array<u8, 16> ctr{};
    Bytes blocks(16 * 40, 0x5A);
    ok = aes.set_key(f.key) && aes.encrypt_blocks(blocks, blocks) && aes.ctr32_xor(ctr, std::span(f.pt).first(300), out);
  }, [&] {
    auto s = f.secrets;
    s.push_back({"CTR key stream", xor_of(out, std::span(f.pt).first(300))});
    s.push_back({"Aes key schedule (this backend's)", keyed_object_bytes<Aes, kAesKeyStorage>(f.key), 1, kWindow, 4});
    return s;
  });
  EXPECT_TRUE(ok);
}

const Case kObjects[] = {{"AES-128-GCM", gcm_objects<16>}, {"AES-256-GCM", gcm_objects<32>}};
const Case kStack[] = {{"AES-128-GCM", gcm_stack<16>},
                       {"AES-256-GCM", gcm_stack<32>},
                       {"AES-256", aes_stack},
                       {"ChaCha20-Poly1305", chacha_stack}};
TESSERA_ZEROIZE_OBJECTS(Symmetric, kObjects);
TESSERA_ZEROIZE_STACK(Symmetric, kStack);

}  // namespace
}  // namespace tessera::zeroize
